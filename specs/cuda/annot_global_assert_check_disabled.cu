// spec: check explores the arbitrary cells that a __global_assert makes disabled threads read: with one enabled thread the property still speaks of the disabled thread's cell, and an input where only that cell breaks it is an assertion failure
// run: check --block-dim 2 --buffer A=2 --buffer out=2 --domain 0..1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=25
// run: check --block-dim 2 --buffer A=2 --buffer out=2 --domain 0..1 -D BOUND
// exit: 0
// expect: verdict=ok
// why: A is an input (arbitrary cells, domain 0..1). Only thread 0 takes the branch; the
//   __global_assert at line 25 reads A[t] for both threads, thread 1 disabled, each in its own view
//   (nothing written: the input). It asks A[0] == 0 and A[1] == 0 (thread 0's own part and its pair
//   with thread 1): any input with a 1 in either cell fails it, at the one enabled thread, 0. With
//   BOUND the condition is A[t] <= 1, true of every input in 0..1: ok. The reads are ghost reads: no
//   race with anything.
#include <gpuverify.h>

#ifdef BOUND
#define GOOD(x) ((x) <= 1)
#else
#define GOOD(x) ((x) == 0)
#endif

__global__ void first(const int *A, int *out) {
  unsigned t = threadIdx.x;
  if (t == 0) {
    __global_assert(GOOD(A[t]));
    out[t] = 1;
  }
}
