// spec: CUDA 2-D block: the transposition of race_write_read_2d.cu with __syncthreads between the write and the read is race-free; final global memory
// run: run --block-dim 2,2
// exit: 0
// expect: verdict=ok final.out=[0,2,1,3]
// run: run --block-dim 2,2 --grid-dim 2
// exit: 0
// expect: verdict=ok final.out=[0,2,1,3,100,102,101,103]
// why: thread (x,y) writes tile[y][x] = x + 2y (+100 per block); after the barrier it reads
//   tile[x][y] = y + 2x (+100·b) and stores it in out[4b + 2y + x]. lid 0 (0,0) → 0; lid 1 (1,0)
//   → 2; lid 2 (0,1) → 1; lid 3 (1,1) → 3. With 2 blocks, block 1 has its own tile (shared
//   memory is per block) and writes out[4..7] = 100 + the same: no cell of out is touched by
//   both blocks, so no inter-group race.
__global__ void transpose(int *out) {
  __shared__ int tile[2][2];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = x + 2 * y + 100 * blockIdx.x;
  __syncthreads();
  out[blockIdx.x * 4 + y * 2 + x] = tile[x][y];
}
