// spec: CUDA asynchronous copies the frontend cannot lower exactly are located unsupported errors: a copy size other than 4, 8 or 16, zero fill, a shared address computed as an integer
// run: run --block-dim 2 --kernel odd_size --buffer in=8
// exit: 2
// stderr: async_pipeline_refused_forms.cu:23:3: error: unsupported: __pipeline_memcpy_async of a size that is not the constant 4, 8 or 16
// run: run --block-dim 2 --kernel zero_fill --buffer in=8
// exit: 2
// stderr: async_pipeline_refused_forms.cu:30:3: error: unsupported: __pipeline_memcpy_async with zero fill
// run: run --block-dim 2 --kernel address_in_variable --buffer in=8
// exit: 2
// stderr: async_pipeline_refused_forms.cu:37:25: error: unsupported: '__cvta_generic_to_shared' outside a cp.async operand
// why: the programming guide allows copies of 4, 8 or 16 bytes: 12 (line 23) is refused. A
//   zfill argument (line 30) asks for the last bytes to be zero-filled, which the model's copy
//   does not do: refused rather than copied. A shared-memory address kept in a variable is
//   modelled only when every use of the variable is a cp.async operand itself (then the
//   operand is the call's pointer); here the operand is addr + 4, an integer computed from it,
//   which names no array the frontend knows: refused at the call (line 37, after
//   "  const uint32_t addr = ").
#include <cstdint>
#include <cuda_pipeline.h>

__global__ void odd_size(const int* in) {
  __shared__ int buf[8];
  __pipeline_memcpy_async(buf + 3 * threadIdx.x, in + 3 * threadIdx.x, 12);
  __pipeline_commit();
  __pipeline_wait_prior(0);
}

__global__ void zero_fill(const int* in) {
  __shared__ int buf[8];
  __pipeline_memcpy_async(buf + 4 * threadIdx.x, in + 4 * threadIdx.x, 16, 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
}

__global__ void address_in_variable(const int* in) {
  __shared__ int buf[8];
  const uint32_t addr = __cvta_generic_to_shared(buf + threadIdx.x);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(addr + 4u), "l"(in + threadIdx.x));
}
