// spec: cub::BlockReduce's TempStorage reused by a second collective without the __syncthreads() CUB requires between them: a race on the TempStorage (sdvmc's model keeps CUB's documented hazard), located at the user's calls
// run: run --kernel 'stats::blockStats<int, 4>' --block-dim 4 --buffer in=4 --buffer sums=1 --buffer maxima=1 --init in=3,1,4,1 --param n=4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,0] location.line=30
// expect: accesses.0={"thread":1,"kind":"write","array":"temp_storage","index":1,"location":{"line":30,"col":21}}
// expect: accesses.1={"thread":0,"kind":"read","array":"temp_storage","index":1,"location":{"line":29,"col":17}}
// why: As cub_block_reduce_template.cu without the barrier between Sum and Reduce. Sum
//   (line 29): every thread stores its slot, barrier, then thread 0 reads slots 0..3. Reduce
//   (line 30) starts with each thread storing its slot, in the same barrier interval as those
//   reads: threads 1, 2, 3 write slots 1, 2, 3 which thread 0 read. Detected at Reduce's own
//   barrier (inside the header: located at the call, line 30); G-RACE reports the smallest
//   address, temp_storage's slot 1 (index 1; slot 0 is thread 0's alone), its writer thread 1
//   and reader thread 0. Accesses inside the header are located at the user's call: the write
//   at the Reduce call (30:21, `BlockReduceT(…)` after `  const T largest = `), the read at the
//   Sum call (29:17, after `  const T sum = `).
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
  const T largest = BlockReduceT(temp_storage).Reduce(x, cub::Max());
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxima[blockIdx.x] = largest;
  }
}

template __global__ void blockStats<int, 4>(const int*, int*, int*, int);
template __global__ void blockStats<float, 4>(const float*, float*, float*, int);

}  // namespace stats
