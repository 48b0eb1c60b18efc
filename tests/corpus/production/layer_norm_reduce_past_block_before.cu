// launch: --kernel 'vllm::layer_norm_kernel<__nv_bfloat16, 1024>' --block-dim 256 --grid-dim 1 --dynamic-shared-bytes 1024 --param hidden_size=4096 --param epsilon=0x3727c5ac
// origin: written here; bug class: a shared-memory tree reduction reading past blockDim (the loop starts from the template's largest block)
// expect: run out-of-bounds line=24 group=0
// why: the kernel is instantiated for blocks of up to MAX_BLOCK = 1024 threads, and the host
//   launches min(hidden_size, 1024) / 4 = 256 threads with blockDim.x floats of dynamic shared
//   memory (1024 bytes: s_red[0..255]). block_sum's tree starts at s = MAX_BLOCK / 2 = 512: every
//   thread t < 256 satisfies t < 512 and reads s_red[t + 512]; thread 0 is the lowest and reads
//   s_red[512], past the 256 cells: out-of-bounds at that read (the first call, for the mean).
//   epsilon is 1e-5 (bits 0x3727c5ac).
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
  for (int s = MAX_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) s_red[tid] += s_red[tid + s];  // BUG: s must start below blockDim.x
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
