// launch: --kernel 'vllm::layer_norm_kernel<__nv_bfloat16, 1024>' --block-dim 256 --grid-dim 1 --dynamic-shared-bytes 1024 --param hidden_size=4096 --param epsilon=0x3727c5ac
// origin: written here; the fix of a shared-memory tree reduction reading past blockDim (the loop starts from the template's largest block)
// expect: run ok
// why: the minimal fix of layer_norm_reduce_past_block_before.cu; with s starting at blockDim.x / 2 = 128, the tree reads s_red[t + s] < 256; each step's
//   writes (cells below s) and reads (cells s..2s-1 and the own cell) are separated from the
//   next step's by the barrier; s_red[0] is read by all after the last barrier and only written
//   again after the barrier that follows: ok.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdint>
#include <algorithm>

namespace vllm {

// Sum over the block through s_red[0 .. blockDim.x); every thread gets the result.
template <int MAX_BLOCK>
__device__ float block_sum(float v, float* s_red) {
  const int tid = threadIdx.x;
  s_red[tid] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) s_red[tid] += s_red[tid + s];
    __syncthreads();
  }
  const float total = s_red[0];
  __syncthreads();
  return total;
}

template <typename scalar_t, int MAX_BLOCK>
__global__ void __launch_bounds__(MAX_BLOCK)
layer_norm_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                  const scalar_t* __restrict__ gamma, const scalar_t* __restrict__ beta,
                  const int hidden_size, const float epsilon) {
  extern __shared__ float s_red[];
  const int64_t row = static_cast<int64_t>(blockIdx.x) * hidden_size;

  float sum = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) sum += __bfloat162float(input[row + i]);
  const float mean = block_sum<MAX_BLOCK>(sum, s_red) / hidden_size;

  float sq = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float d = __bfloat162float(input[row + i]) - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum<MAX_BLOCK>(sq, s_red) / hidden_size + epsilon);

  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float x = (__bfloat162float(input[row + i]) - mean) * rstd;
    out[row + i] = __float2bfloat16(x * __bfloat162float(gamma[i]) + __bfloat162float(beta[i]));
  }
}

template __global__ void layer_norm_kernel<__nv_bfloat16, 1024>(__nv_bfloat16*, const __nv_bfloat16*,
                                                               const __nv_bfloat16*, const __nv_bfloat16*,
                                                               const int, const float);

void launch_layer_norm(__nv_bfloat16* out, const __nv_bfloat16* input, const __nv_bfloat16* gamma,
                       const __nv_bfloat16* beta, int num_tokens, int hidden_size, float epsilon,
                       cudaStream_t stream) {
  const int threads = std::min(hidden_size, 1024) / 4;
  layer_norm_kernel<__nv_bfloat16, 1024><<<num_tokens, threads, threads * sizeof(float), stream>>>(
      out, input, gamma, beta, hidden_size, epsilon);
}

}  // namespace vllm
