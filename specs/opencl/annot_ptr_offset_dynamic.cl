// spec: GPUVerify's __ptr_offset_bytes and __ptr_base of a pointer that may point into either of two buffers (a run-time base): a gather picks the even or odd buffer by the thread's parity and asserts the pointer's byte offset and base
// run: run --local-size 4 --buffer even=2 --buffer odd=2 --buffer out=4 --init even=10,30 --init odd=20,40
// exit: 0
// expect: verdict=ok final.out=[10,20,30,40]
// why: thread t points src at odd (t odd) or even (t even), then t / 2 cells further: its base is that
//   buffer's (so __ptr_base(src) equals __ptr_base(odd) or __ptr_base(even) as the parity says) and its
//   offset is t / 2 cells of 4 bytes: __ptr_offset_bytes(src) == (t / 2) * 4. out[t] = src[0]: t = 0: even[0]
//   = 10, t = 1: odd[0] = 20, t = 2: even[1] = 30, t = 3: odd[1] = 40.
#include "gpuverify.h"

__global const int *pick(__global const int *even, __global const int *odd, int t) {
  return (t & 1) ? odd : even;
}

__kernel void gather(__global const int *even, __global const int *odd, __global int *out) {
  int t = get_local_id(0);
  __global const int *src = pick(even, odd, t);
  src += t / 2;
  __assert(__ptr_offset_bytes(src) == (t / 2) * 4);
  __assert(__ptr_base(src) == ((t & 1) ? __ptr_base(odd) : __ptr_base(even)));
  out[t] = *src;
}
