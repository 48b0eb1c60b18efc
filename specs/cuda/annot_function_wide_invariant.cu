// spec: __function_wide_invariant in a helper with two loops is checked at the head of each of them; the second loop counts j down past the bound the invariant states, and the check fails at its head
// run: run --block-dim 2 --buffer out=2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=12
// why: the invariant j >= -1 is asserted at each loop head (where the guard is evaluated). Loop 1:
//   j = 0..3 then 4: all >= -1. Loop 2 runs j from 3 down by 2 while j > -4: heads 3, 1, -1, -3; at -3
//   the invariant is false, for both threads in lock step; thread 0 is reported at the invariant's line 12.
#include <gpuverify.h>

__device__ int sumDown(int base) {
  int j = 0;
  __function_wide_invariant(j >= -1);
  int acc = 0;
  for (; j < 4; j++) acc += base;
  for (j = 3; j > -4; j -= 2) acc -= 1;
  return acc;
}

__global__ void k(int *out) { out[threadIdx.x] = sumDown(threadIdx.x); }
