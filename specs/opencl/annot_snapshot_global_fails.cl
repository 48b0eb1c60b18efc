// spec: a __global ghost snapshot compared with the neighbour's cell before the barrier: the work-item's view of that cell still holds the old value, equal to the snapshot, so the assertion that it was incremented fails
// run: run --local-size 2 --buffer A=2 --buffer B=2 --init A=3,5
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=18
// why: B is each work-item's ghost copy of A = {3, 5}. Each work-item increments only its own cell,
//   A[i] = A[i] + 1; at line 18, before any barrier, work-item i's view of A[1 - i] is still the old value
//   (the other's write is not merged yet), so A[1 - i] == B[1 - i] + 1 is 5 == 6 for work-item 0 and
//   3 == 4 for work-item 1: both fail, the lowest, 0, is reported at line 18. The annotation's reads of
//   A[1 - i] are ghost reads: no race with the other work-item's write.
#include "gpuverify.h"

static void increment(__global int *a, unsigned i) { a[i] = a[i] + 1; }

__kernel void early(__global int *A, __global int *B) {
  __array_snapshot(B, A);
  unsigned i = get_local_id(0);
  increment(A, i);
  __assert(A[1 - i] == B[1 - i] + 1);
  barrier(CLK_GLOBAL_MEM_FENCE);
}
