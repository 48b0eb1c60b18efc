// spec: C++ constructors of CUDA's dim3 (dim3 tile(4, 2), dim3(x, y), dim3 of a uint3) and of a user struct with a constructor body, as tiled kernels compute their indices
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[8,18,28,38]
// why: dim3 tile(4, 2) is (4, 2, 1) (z takes its default 1); dim3(threadIdx) is (t, 0, 0);
//   dim3(lane.x, 1) is (t, 1, 1). Cell's constructor body: index = at.x * tile.y + at.y * tile.z
//   = 2t + 1, stride = tile.x * tile.y + tile.z = 9. out[t] = ((10t + 9) - (2t + 1)) + 2t =
//   10t + 8, in unsigned arithmetic without wrapping (9 >= 2t + 1 for t <= 3): [8, 18, 28, 38].
struct Cell {
  unsigned index;
  unsigned stride;
  __device__ Cell(dim3 tile, dim3 at) {
    index = at.x * tile.y + at.y * tile.z;
    stride = tile.x * tile.y + tile.z;
  }
};
__global__ void tiles(unsigned* out) {
  dim3 tile(4, 2);
  dim3 lane = dim3(threadIdx);
  Cell c(tile, dim3(lane.x, 1));
  out[lane.x] = 10 * lane.x + c.stride - c.index + 2 * lane.x;
}
