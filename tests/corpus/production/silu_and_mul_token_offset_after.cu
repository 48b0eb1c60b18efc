// launch: --kernel 'vllm::act_and_mul_kernel<__half, &vllm::silu_kernel>' --block-dim 256 --grid-dim 74899 --group 74898 --param d=14336
// origin: written here; the fix of 32-bit int index overflow (token_idx * 2 * d in int) at a realistic size
// expect: run ok group=74898
// why: the minimal fix of silu_and_mul_token_offset_before.cu; the fix makes token_idx an int64_t: the indices are 64-bit and exact. Block 74898's x
//   reads are input[2147475456 + idx] (74898 * 28672 = 2147475456), its y reads input[2147489792
//   + idx], past 2^31: exact 64-bit cells of the unbounded input, not their low words; out gets
//   cells 74898 * 14336 + idx = 1073737728 + idx, one per (thread, idx): no race, no error, `ok`.
//   No integer overflow.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace vllm {

template <typename T>
__device__ __forceinline__ T silu_kernel(const T& x) {
  // x * sigmoid(x)
  const float f = static_cast<float>(x);
  return static_cast<T>(f / (1.0f + expf(-f)));
}

// out[token, i] = ACT_FN(input[token, i]) * input[token, d + i]
template <typename scalar_t, scalar_t (*ACT_FN)(const scalar_t&)>
__global__ void act_and_mul_kernel(scalar_t* __restrict__ out,          // [num_tokens, d]
                                   const scalar_t* __restrict__ input,  // [num_tokens, 2, d]
                                   const int d) {
  const int64_t token_idx = blockIdx.x;
  for (int idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const scalar_t x = input[token_idx * 2 * d + idx];
    const scalar_t y = input[token_idx * 2 * d + d + idx];
    out[token_idx * d + idx] = ACT_FN(x) * y;
  }
}

template __global__ void act_and_mul_kernel<__half, silu_kernel<__half>>(__half*, const __half*, const int);

}  // namespace vllm
