// spec: cub::BlockReduce<int, 1024> in a block of 64 threads, as production norm kernels launch it (blockDim.x = min(hidden_size, 1024)): Reduce with num_valid = blockDim.x is CUB's partial tile and correct; Sum without num_valid combines 32 warps of which 30 never ran (the model's assertion); a block of 48 threads (a partial warp) is refused too
// run: run --kernel 'vllm::rms_variance_kernel<int>' --block-dim 64 --grid-dim 1 --buffer input=128 --buffer out=1 --init input=1,2 --init input[40]=3 --init input[100]=4 --param hidden_size=128
// exit: 0
// expect: verdict=ok final.out=[30]
// run: run --kernel 'vllm::rms_variance_full_tile_kernel<int>' --block-dim 64 --grid-dim 1 --buffer input=128 --buffer out=1 --param hidden_size=128
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=57 location.col=14
// run: run --kernel 'vllm::rms_variance_kernel<int>' --block-dim 48 --grid-dim 1 --buffer input=128 --buffer out=1 --param hidden_size=128
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=42 location.col=14
// why: CUB's BLOCK_REDUCE_WARP_REDUCTIONS reduces each warp by shuffles among its valid lanes,
//   then thread 0 adds the aggregates of the warps w with w * 32 < num_valid (the partial tile,
//   num_valid < BLOCK_THREADS = 1024). With 64 threads and num_valid = blockDim.x = 64 only
//   warps 0 and 1 are read, and both ran: the result is the block's sum. Thread t squares
//   input[t] and input[t + 64] (hidden_size 128, stride blockDim.x = 64): the cells set are
//   input[0] = 1 (thread 0), input[1] = 2 (thread 1), input[40] = 3 (thread 40, warp 1) and
//   input[100] = 4 (thread 36, its second iteration, warp 1); the others are 0. Sum of
//   squares: 1 + 4 + 9 + 16 = 30, written by thread 0 to out[0]; the TempStorage's stores
//   come before CUB's barrier and thread 0's reads after it; out is written once: ok.
//   Sum(x) without num_valid is the full tile (num_valid = 1024): it would read the
//   aggregates of warps 2 .. 31, which never ran: the model's assertion (the block is 64
//   threads, not 1024, and num_valid 1024 > 64) fails in Reduce for every thread; thread 0 is
//   reported, at the collective's call `BlockReduce(reduceStore).Sum(variance)` (line 57, its
//   first column 14). With 48 threads the block ends in the middle of warp 1: CUB's warp
//   shuffles name all 32 lanes of that warp, 16 of which do not exist (undefined behaviour):
//   the constructor's check fails at line 42, column 14, for every thread; thread 0 is reported.
#include <cub/cub.cuh>
#include <cstdint>

namespace vllm {

template <typename scalar_t>
__global__ void rms_variance_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                    const int hidden_size) {
  scalar_t variance = 0;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const scalar_t x = input[blockIdx.x * hidden_size + idx];
    variance += x * x;
  }
  using BlockReduce = cub::BlockReduce<scalar_t, 1024>;
  __shared__ typename BlockReduce::TempStorage reduceStore;
  variance = BlockReduce(reduceStore).Reduce(variance, cub::Sum{}, blockDim.x);
  if (threadIdx.x == 0) out[blockIdx.x] = variance;
}

// The same reduction written without num_valid: correct only in a block of 1024 threads.
template <typename scalar_t>
__global__ void rms_variance_full_tile_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                              const int hidden_size) {
  scalar_t variance = 0;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const scalar_t x = input[blockIdx.x * hidden_size + idx];
    variance += x * x;
  }
  using BlockReduce = cub::BlockReduce<scalar_t, 1024>;
  __shared__ typename BlockReduce::TempStorage reduceStore;
  variance = BlockReduce(reduceStore).Sum(variance);
  if (threadIdx.x == 0) out[blockIdx.x] = variance;
}

template __global__ void rms_variance_kernel<int>(int*, const int*, const int);
template __global__ void rms_variance_full_tile_kernel<int>(int*, const int*, const int);

}  // namespace vllm
