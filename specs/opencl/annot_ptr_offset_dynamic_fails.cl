// spec: __ptr_offset_bytes of a run-time-base pointer compared with an element count: the gather asserts the byte offset is t / 2 (it is t / 2 * 4); threads 0 and 1 pass (offset 0), thread 2 fails first
// run: run --local-size 4 --buffer even=2 --buffer odd=2 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=17
// why: src points t / 2 cells into even or odd (cells of 4 bytes): its byte offset is (t / 2) * 4, equal to
//   t / 2 only when t / 2 = 0, i.e. threads 0 and 1. Threads 2 and 3 (offset 4, compared with 1) fail; the
//   lowest is 2, line 17.
#include "gpuverify.h"

__global const int *pick(__global const int *even, __global const int *odd, int t) {
  return (t & 1) ? odd : even;
}

__kernel void gather(__global const int *even, __global const int *odd, __global int *out) {
  int t = get_local_id(0);
  __global const int *src = pick(even, odd, t) + t / 2;
  __assert(__ptr_offset_bytes(src) == t / 2);
  out[t] = *src;
}
