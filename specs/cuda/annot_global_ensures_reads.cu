// spec: a kernel's __global_ensures that reads global memory is checked where the kernel ends, for every thread, each reading its own cell in its own view: the threads that wrote see their writes, the others the input
// run: run --block-dim 4 --buffer A=4 --init A=0,0,2,3
// exit: 0
// expect: verdict=ok final.A=[0,1,2,3]
// run: run --block-dim 4 --buffer A=4 --init A=0,0,2,7
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=18
// why: threads 0 and 1 store A[t] = t (through fill()); threads 2 and 3 store nothing. At the kernel's
//   end (before its final barrier) the postcondition A[t] == t (line 18) is e && pairs(other(e)) with
//   each thread reading A[t] in its own view: 0 and 1 their own writes, 2 and 3 the input. With
//   A = {0, 0, 2, 3} every thread's e holds: ok, A = {0, 1, 2, 3}. With A[3] = 7 thread 3's e is
//   7 == 3, false: thread 0's pair with thread 3 fails, and thread 0 is the lowest enabled thread.
#include <gpuverify.h>

__device__ void fill(int *a, unsigned t) { a[t] = t; }

__global__ void firstTwo(int *A) {
  __global_ensures(A[threadIdx.x] == threadIdx.x);
  if (threadIdx.x < 2) fill(A, threadIdx.x);
}
