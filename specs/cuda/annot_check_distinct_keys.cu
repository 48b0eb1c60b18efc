// spec: check explores the initial contents of the key buffer: an assertion that every thread's key is distinct from every other thread's (__distinct_int) fails when two keys are equal, and holds once the kernel assumes the keys are distinct (__requires with __distinct_int, which discards the other inputs)
// run: check --block-dim 2 --buffer keys=2 --buffer out=2 --domain 0..1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT location.line=19
// run: check --block-dim 2 --buffer keys=2 --buffer out=2 --domain 0..1 --param assumed=1
// exit: 0
// expect: verdict=ok
// why: keys[0], keys[1] range over 0..1. Case 1 (assumed ranges over 0..1; at 0 the __assume is vacuous): keys 0, 0 (or
//   1, 1), thread 0's pair with thread 1 has k == other(k): the assertion fails. Case 2: the kernel assumes
//   __implies(assumed, __distinct_int(k)), which discards the inputs 0,0 and 1,1 (assume is checked where it
//   stands, after the read of keys[t] into k); in the remaining inputs 0,1 and 1,0 the keys differ, so the
//   assertion holds; out[t] = k, each thread its own cell (no race).
#include <gpuverify.h>

__global__ void scatter(const int *keys, int *out, int assumed) {
  int t = threadIdx.x;
  int k = keys[t];
  __assume(__implies(assumed != 0, __distinct_int(k)));
  __assert(__distinct_int(k));
  out[t] = k;
}
