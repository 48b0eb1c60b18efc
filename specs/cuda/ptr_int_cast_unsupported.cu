// spec: casts between pointers and integers (`(size_t)p`, `(int*)(size_t)p`) are refused at their location: the model has no addresses, a pointer is an (array, offset) pair
// run: run --kernel alignDown --block-dim 2 --buffer data=8
// exit: 2
// stderr: ptr_int_cast_unsupported.cu:14:17: error: unsupported: conversion 'PointerToIntegral' from 'float *' to 'size_t'
// run: run --kernel roundTrip --block-dim 2 --buffer data=8
// exit: 2
// stderr: ptr_int_cast_unsupported.cu:19:14: error: unsupported: pointer conversion 'IntegralToPointer'
// why: line 14 col 17 is the cast `(size_t)(data + i)` of alignDown (a pointer read as an address
//   to round it down to 16 bytes); line 19 col 14 is the cast `(float*)(size_t)data` of roundTrip,
//   an integer made a pointer. Neither has a meaning over (array, offset) pairs, so the lowering
//   refuses them (exit 2) instead of guessing an address.
__global__ void alignDown(float* data) {
  int i = threadIdx.x * 3;
  size_t addr = (size_t)(data + i) & ~(size_t)15;
  data[i] = (float)addr;
}

__global__ void roundTrip(float* data) {
  float* p = (float*)(size_t)data;
  p[threadIdx.x] = 1.0f;
}
