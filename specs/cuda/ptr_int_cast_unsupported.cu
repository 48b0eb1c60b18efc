// spec: casts between pointers and integers (`(size_t)p`, `(float*)(size_t)p`) are refused at their location on the 32-bit target (`--target 32`): the model's addresses (an array's id times 2^32 plus the byte offset) need CUDA's 64-bit pointers
// run: run --kernel alignDown --block-dim 2 --buffer data=8 --target 32
// exit: 2
// stderr: ptr_int_cast_unsupported.cu:16:17: error: unsupported: a conversion between a pointer and an integer on a 32-bit target
// run: run --kernel roundTrip --block-dim 2 --buffer data=8 --target 32
// exit: 2
// stderr: ptr_int_cast_unsupported.cu:21:14: error: unsupported: a conversion between a pointer and an integer on a 32-bit target
// why: line 16 col 17 is the cast `(size_t)(data + i)` of alignDown (a pointer read as an address
//   to round it down to 16 bytes); line 21 col 14 is the cast `(float*)(size_t)data` of roundTrip,
//   an integer made a pointer. On the 32-bit target size_t and pointers are 32 bits, too
//   narrow for the model's disjoint 2^32-aligned array bases, so the lowering refuses them
//   (exit 2) instead of guessing an address; specs/cuda/ptr_int_address_align.cu has the
//   64-bit model.
__global__ void alignDown(float* data) {
  int i = threadIdx.x * 3;
  size_t addr = (size_t)(data + i) & ~(size_t)15;
  data[i] = (float)addr;
}

__global__ void roundTrip(float* data) {
  float* p = (float*)(size_t)data;
  p[threadIdx.x] = 1.0f;
}
