// spec: GPUVerify's annotations in OpenCL through #include "gpuverify.h": __requires_fresh_array on a buffer (always true: every buffer is its own array), __axiom on the launch, __enabled() and __other_bool(__enabled()) in a divergent branch, __candidate_assert (a note), __add_noovfl_unsigned_int and __ptr_base/__ptr_offset
// run: run --local-size 4 --buffer dst=4 --buffer src=4 --init src=5,6,7,8
// exit: 0
// stderr: note: candidate does not hold for thread 1: dropped
// expect: verdict=ok final.dst=[6,7,8,9]
// why: __axiom(get_local_size(0) == 4) holds for this launch. dst[i] = src[i] + 1 (no overflow: 5..8 + 1):
//   6, 7, 8, 9. In the branch i < 2 only threads 0 and 1 are enabled: __enabled() is 1, and for every
//   other thread j, __other_bool(__enabled()) is 1 exactly when j < 2, so the assertion
//   __other_bool(__enabled()) == (__other_int(i) < 2) holds for every pair. p = dst + i: __ptr_base(p) is
//   dst's base, __ptr_offset(p) == i. The candidate (i == 0) is false for thread 1 (the lowest enabled
//   thread with i != 0): dropped, with a note; the run goes on.
#include "gpuverify.h"

__kernel void incr(__global int *dst, __global const int *src) {
  __requires_fresh_array(dst);
  __axiom(get_local_size(0) == 4);
  int i = get_local_id(0);
  __global int *p = dst + i;
  __assert(__ptr_base(p) == __ptr_base(dst) && __ptr_offset(p) == i);
  *p = (int)__add_noovfl_unsigned_int((unsigned)src[i], 1u);
  if (i < 2) {
    __assert(__enabled());
    __assert(__other_bool(__enabled()) == (__other_int(i) < 2));
    __candidate_assert(i == 0);
  }
}
