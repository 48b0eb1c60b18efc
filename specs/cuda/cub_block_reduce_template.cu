// spec: a templated block reduction with cub::BlockReduce (<cub/cub.cuh>, sdvmc's model): Sum with num_valid and Reduce with cub::Max on one TempStorage, with the __syncthreads() CUB requires between them; int per block, and float in CUB's order (its warp shuffle tree)
// run: run --kernel 'stats::blockStats<int, 4>' --block-dim 4 --grid-dim 2 --buffer in=8 --buffer sums=2 --buffer maxima=2 --init in=3,1,4,1,5,9,2,6 --param n=6
// exit: 0
// expect: verdict=ok final.sums=[9,14] final.maxima=[4,9]
// run: run --kernel 'stats::blockStats<float, 4>' --block-dim 4 --buffer in=4 --buffer sums=1 --buffer maxima=1 --init in=1287568416,1065353216,-859915232,1065353216 --param n=4
// exit: 0
// expect: verdict=ok final.sums=[0] final.maxima=[1287568416]
// run: run --kernel 'stats::blockStats<int, 4>' --block-dim 8 --buffer in=8 --buffer sums=1 --buffer maxima=1 --param n=8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=38 location.col=17
// why: int, n = 6: block 0 has x = 3,1,4,1 and num_valid min(6 - 0, 4) = 4: Sum = 9; Max = 4.
//   Block 1: i = 4..7, x = in[4], in[5] = 5, 9 and 0, 0 (i >= n); num_valid = 6 - 4 = 2: Sum
//   of threads 0, 1 = 14 (CUB's tree with last lane 1: offset 1 gives lane 0 5 + 9; offset 2
//   adds nothing); Max over all four = 9. Thread 0 writes both: sums = [9,14], maxima = [4,9].
//   float: x = 1e8f (bits 1287568416), 1.0f (1065353216), -1e8f (-859915232), 1.0f. CUB's
//   BLOCK_REDUCE_WARP_REDUCTIONS on a 4-thread block: one logical warp of 4, shuffle offsets 1
//   then 2: lane 0 = x0 + x1 = 100000001, which rounds to 1e8 (floats near 1e8 are 8 apart);
//   lane 2 = x2 + x3 = -99999999, rounded to -1e8; then lane 0 + lane 2 = +0.0 (bits 0). (A fold
//   in thread order would give ((1e8 + 1) - 1e8) + 1 = 1.0f: the order matters and is CUB's.)
//   Max: lanes max(1e8, 1) = 1e8, max(-1e8, 1) = 1, then 1e8. The barrier separates the stores
//   of the second collective from thread 0's reads in the first: no race. A block of 8 threads
//   for BlockReduce<int, 4> breaks CUB's precondition (the block is BLOCK_DIM_X threads): the
//   model's assertion fails at the first collective's construction, `BlockReduceT(…)` of the
//   Sum call (line 38, column 17), for every thread; thread 0 is reported.
#include <cub/cub.cuh>

namespace stats {

// Per block: the sum of the block's first n - blockIdx.x * BLOCK_THREADS inputs, and the
// maximum of all its inputs (threads past n contribute 0), with one TempStorage.
template <typename T, int BLOCK_THREADS>
__global__ void blockStats(const T* __restrict__ in, T* __restrict__ sums, T* __restrict__ maxima, int n) {
  using BlockReduceT = cub::BlockReduce<T, BLOCK_THREADS>;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  const int remaining = n - blockIdx.x * BLOCK_THREADS;
  const T x = i < n ? in[i] : T(0);
  const T sum = BlockReduceT(temp_storage).Sum(x, remaining < BLOCK_THREADS ? remaining : BLOCK_THREADS);
  __syncthreads();  // CUB: a barrier before the TempStorage is reused
  const T largest = BlockReduceT(temp_storage).Reduce(x, cub::Max());
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxima[blockIdx.x] = largest;
  }
}

template __global__ void blockStats<int, 4>(const int*, int*, int*, int);
template __global__ void blockStats<float, 4>(const float*, float*, float*, int);

}  // namespace stats
