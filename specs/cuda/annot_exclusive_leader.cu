// spec: a leader election checked with GPUVerify's thread-pair predicates: __exclusive(is leader) says no two threads are leaders, __all(...) that every thread agrees on the leader's id after the broadcast through shared memory (read after the barrier, unlogged in the assertion)
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[3,3,3,3]
// run: run --block-dim 4 --buffer out=4 --param two=1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=21
// why: case 1 (two = 0): lead = t >= 3, thread 3 only; it writes its id to s[0]; after the barrier every
//   thread reads 3: out = 3, 3, 3, 3. __exclusive(lead) is !(lead && other(lead)) over every pair (i, j):
//   only thread 3 leads, so no pair has two leaders. __all(id == 3) is id == 3 && other(id == 3): all read 3.
//   Case 2 (two = 1): lead = t >= 2, threads 2 and 3. Thread i's check fails when lead_i and some other
//   j leads: i = 0, 1 do not lead (hold); i = 2 fails with j = 3. The lowest failing thread is 2, at the
//   __exclusive assertion.
#include <gpuverify.h>

__global__ void elect(int *out, int two) {
  __shared__ int s[1];
  int t = threadIdx.x;
  bool lead = t >= 3 - two;
  if (t == 3) s[0] = t;
  __assert(__exclusive(lead));
  __syncthreads();
  int id = s[0];
  __assert(__all(id == 3));
  out[t] = id;
}
