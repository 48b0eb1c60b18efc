// spec: the warp-shuffle reduction of the CUDA samples (__shfl_down_sync in a loop over offsets) is refused: SDV has no warps
// run: run --block-dim 32
// exit: 2
// stderr: error: unsupported: '__shfl_down_sync', a warp-level primitive (SDV has no warps and KPL no warp operations)
// why: a shuffle reads another lane's register; SDV runs the block in lock step with no
//   warps, and KPL has no statement for it, so the frontend refuses the call (at line 10)
//   instead of guessing a value.
__device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__global__ void reduceWarps(const int *in, int *out) {
  int sum = warpReduceSum(in[threadIdx.x]);
  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = sum;
}
