// spec: the warp-shuffle reduction of the CUDA samples (__shfl_down_sync over offsets warpSize/2 … 1): sums per warp under --model simt:W; under SDV, which has no warps, the verdict warp-primitive
// run: run --block-dim 64 --buffer out=2 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[496,1520]
// run: run --block-dim 8 --buffer out=2 --model simt:4
// exit: 0
// expect: verdict=ok final.out=[6,22]
// run: check --block-dim 8 --buffer out=2 --model simt:4
// exit: 0
// expect: verdict=ok
// run: run --block-dim 64 --buffer out=2
// exit: 3
// expect: verdict=warp-primitive location.line=25
// stderr: note: a warp-level primitive
// why: each thread starts with val = threadIdx.x; at offsets W/2, …, 1 (W = warpSize, the
//   model's warp width) lane l adds lane l + offset's val when that lane is in its 32-lane
//   segment, else its own (lanes near the end; lane 0 never needs them). Lane 0 ends with its
//   warp's sum. simt:32, 64 threads: warp 0 sums 0..31 = 496, warp 1 sums 32..63 = 32*32 + 496
//   = 1520. simt:4, 8 threads: offsets 2, 1; warp 0 (values 0..3): lane 0 = 0 + 2 + (1 + 3)
//   = 6; warp 1 (4..7): (4 + 6) + (5 + 7) = 22; a source lane past the warp of 4 gives the own
//   value, which only lanes 2 and 3 see. check explores nothing arbitrary: ok. Under SDV the
//   first shuffle (line 25) is the verdict warp-primitive (exit 3).
__device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__global__ void reduceWarps(int *out) {
  int sum = warpReduceSum(threadIdx.x);
  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = sum;
}
