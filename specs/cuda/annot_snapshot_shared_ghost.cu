// spec: __array_snapshot into a __shared__ array the kernel declares and only annotations use: a ghost, one private copy per thread of the global input as it sees it; after each thread doubles its cell the relation holds for its own cell at once and for the neighbour's after the barrier, and fails for the neighbour's before it
// run: run --block-dim 4 --buffer A=4 --init A=1,2,3,4
// exit: 0
// expect: verdict=ok final.A=[2,4,6,8]
// run: run --block-dim 4 --buffer A=4 --init A=1,2,3,4 -D EARLY
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=27
// why: __array_snapshot(before, A) gives each thread a private before = {1, 2, 3, 4} (its view, nothing
//   written yet); the shared array itself is never written. twice() makes A[t] = 2 * A[t] in the thread's
//   view, so A[t] == 2 * before[t] holds at once (line 25). After the barrier every view has A = {2, 4,
//   6, 8}: A[3 - t] == 2 * before[3 - t] holds too (line 30): ok, A = {2, 4, 6, 8}. With EARLY the
//   neighbour's cell is checked before the barrier (line 27): thread 0's view of A[3] is still 4, and
//   4 == 2 * 4 is false (every thread fails likewise); thread 0, the lowest, at line 27.
#include <gpuverify.h>

#define N 4

__device__ void twice(int *a, unsigned t) { a[t] = 2 * a[t]; }

__global__ void doubling(int *A) {
  __shared__ int before[N];
  unsigned t = threadIdx.x;
  __array_snapshot(before, A);
  twice(A, t);
  __assert(A[t] == 2 * before[t]);
#ifdef EARLY
  __assert(A[N - 1 - t] == 2 * before[N - 1 - t]);
#endif
  __syncthreads();
  __assert(A[N - 1 - t] == 2 * before[N - 1 - t]);
}
