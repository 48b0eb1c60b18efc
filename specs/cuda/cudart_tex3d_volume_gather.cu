// spec: 3D texture (texture<int, 3>) gathered at voxel centres by a 2x2x2 block, scaled into global memory
// run: run --block-dim 2,2,2 --buffer out=8 --init __tex_vol[7]=5,0,0,0,0,0,0,0,6
// exit: 0
// expect: verdict=ok final.out=[10,12,0,0,0,0,0,0]
// run: check --block-dim 2,2,2 --buffer out=8 --domain 0..0
// exit: 0
// expect: verdict=ok
// why: thread (x, y, z) samples (x + 0.5, y + 0.5, z + 0.5): X = 2x + 1, Y = 2y + 1, Z = 2z + 1,
//   each below 1024, so the texel is the cell whose bit 3i is X's bit i, bit 3i + 1 Y's and bit
//   3i + 2 Z's. (0, 0, 0): X = Y = Z = 1, cell 0b111 = 7; (1, 0, 0): X = 3 (bits 0 and 1 → cell
//   bits 0 and 3), Y = Z = 1 (cell bits 1, 2): 1 + 2 + 4 + 8 = 15. Cells 7..15 are set to
//   5, 0, …, 0, 6, so out[0] = 2 * 5 = 10 and out[1] = 2 * 6 = 12; the other voxels (cells
//   23, 39, 47, 55, 63, … beyond the ones set) are 0 in run. Each thread writes its own cell.
texture<int, 3> vol;

__global__ void gather(int *out) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int v = tex3D(vol, x + 0.5f, y + 0.5f, z + 0.5f);
  out[(z * blockDim.y + y) * blockDim.x + x] = 2 * v;
}
