// launch: --kernel 'vllm::act_and_mul_kernel<__half, &vllm::silu_kernel>' --block-dim 256 --grid-dim 74899 --group 74898 --param d=14336
// origin: written here; bug class: 32-bit int index overflow (token_idx * 2 * d in int) at a realistic size
// expect: run integer-overflow line=32 group=74898
// why: one block per token; token_idx is an `int`, d = 14336 (a Llama-3-8B MLP: input [tokens, 2 * 14336]),
//   so token_idx * 2 * d is int arithmetic, (token_idx * 2) * d. For token 74898: 149796 * 14336 =
//   2147475456 (fits), and the y read adds d: 2147475456 + 14336 = 2147489792 > 2^31 - 1. Token
//   74897 is the last one whose indices all fit (74897 * 28672 + 14336 + 14335 = 2147475455). So in
//   block 74898 (the first failing block of a 74899-token batch; --group runs that block alone)
//   the first iteration reads x for idx 0..255 (largest 2147475711, fits), then evaluates the y
//   index: thread 0 (idx 0) is the lowest thread, its `+ d` overflows: integer-overflow there.
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
  const int token_idx = blockIdx.x;
  for (int idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const scalar_t x = input[token_idx * 2 * d + idx];
    const scalar_t y = input[token_idx * 2 * d + d + idx];  // BUG
    out[token_idx * d + idx] = ACT_FN(x) * y;
  }
}

template __global__ void act_and_mul_kernel<__half, silu_kernel<__half>>(__half*, const __half*, const int);

}  // namespace vllm
