// spec: __array_snapshot into a __global buffer that only annotations use: the buffer becomes a ghost, one private copy per work-item of the source as that work-item sees it, and the assertions comparing the updated array with it hold
// run: run --local-size 2 --buffer A=2 --buffer B=2 --init A=3,5
// exit: 0
// expect: verdict=ok final.A=[4,6] final.B=[0,0]
// run: check --local-size 2 --buffer A=2 --buffer B=2 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: __array_snapshot(B, A) copies A as each work-item sees it (3, 5, no write yet) into its own ghost
//   B, so B[i] = A[i] before the update; B itself is never written (run shows it at 0). increment() makes
//   A[i] = A[i] + 1 in the work-item's view: A[i] == B[i] + 1 (line 22) holds for i = 0, 1 (4 == 3 + 1,
//   6 == 5 + 1). After the barrier every view has both increments, so the neighbour's cell also satisfies
//   A[j] == B[j] + 1 (line 24). A = {4, 6}. check: for every initial A in 0..1 the same argument holds
//   (the values do not matter), and the snapshot's ghost reads are no accesses: no race.
#include "gpuverify.h"

static void increment(__global int *a, unsigned i) { a[i] = a[i] + 1; }

__kernel void bump(__global int *A, __global int *B) {
  __array_snapshot(B, A);
  unsigned i = get_local_id(0);
  increment(A, i);
  __assert(A[i] == B[i] + 1);
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(A[1 - i] == B[1 - i] + 1);
}
