// launch: --kernel 'vllm::dynamic_per_token_scaled_fp8_quant_kernel<__half, 256>' --block-dim 256 --grid-dim 2 --param hidden_size=2048
// origin: written here; bug class: CUB BlockReduce result used outside thread 0 (every thread stores the token's scale)
// expect: run race group=0
// why: cub::BlockReduce's result is defined in thread 0 only (CUB: "the return value is undefined
//   in threads other than thread 0"; sdvmc's model gives the others an arbitrary value), so the
//   token's scale must be broadcast through shared memory. Here every thread computes its own
//   `token_scale` from its return value and stores it to scale[token]: the 256 threads of block 0
//   all write scale[0] in the same barrier interval, a write-write race on scale[0] (threads 0 and
//   1 the lowest pair), reported at the kernel's end (no barrier follows), in block 0.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cstdint>
#include <cub/cub.cuh>

namespace vllm {

constexpr float FP8_E4M3_MAX = 448.0f;
constexpr float MIN_SCALING_FACTOR = 1.0f / (FP8_E4M3_MAX * 512.0f);

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
dynamic_per_token_scaled_fp8_quant_kernel(__nv_fp8_e4m3* __restrict__ out,  // [num_tokens, hidden_size]
                                          float* __restrict__ scale,        // [num_tokens]
                                          const scalar_t* __restrict__ input,
                                          const int hidden_size) {
  const int64_t token_offset = static_cast<int64_t>(blockIdx.x) * hidden_size;

  float absmax = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += BLOCK) {
    absmax = fmaxf(absmax, fabsf(__half2float(input[token_offset + i])));
  }

  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  const float block_absmax = BlockReduce(reduce_storage).Reduce(absmax, cub::Max{}, blockDim.x);

  // BUG: block_absmax is only valid in thread 0; it is neither broadcast nor stored by thread 0 alone
  const float token_scale = fmaxf(block_absmax / FP8_E4M3_MAX, MIN_SCALING_FACTOR);
  scale[blockIdx.x] = token_scale;

  const float inv_scale = 1.0f / token_scale;
  for (int i = threadIdx.x; i < hidden_size; i += BLOCK) {
    out[token_offset + i] = __nv_fp8_e4m3(__half2float(input[token_offset + i]) * inv_scale);
  }
}

template __global__ void dynamic_per_token_scaled_fp8_quant_kernel<__half, 256>(__nv_fp8_e4m3*, float*,
                                                                               const __half*, const int);

}  // namespace vllm
