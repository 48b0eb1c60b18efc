// spec: __global_assert inside a branch taken by half of the threads still speaks of every thread of the group (GPUVerify: also the disabled ones); the plain __assert of the same condition holds, because the threads that would falsify it are disabled there
// run: run --block-dim 4 --buffer a=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=15
// why: v = 10 - 3t = 10, 7, 4, 1. Threads 0, 1 (t < 2) take the branch. __assert(v > 5) there: 10 > 5,
//   7 > 5, true for both enabled threads. __global_assert(v > 5) also asks it of threads 2 and 3 (v = 4, 1):
//   it is lowered as v > 5 && pairs(other(v > 5)); thread 0's pairs with threads 2 and 3 fail, so thread 0,
//   the lowest enabled thread, is reported at line 15.
#include <gpuverify.h>

__global__ void branchy(int *a) {
  int v = 10 - 3 * (int)threadIdx.x;
  if (threadIdx.x < 2) {
    __assert(v > 5);
    __global_assert(v > 5);
    a[threadIdx.x] = v;
  }
}
