// launch: --kernel 'vllm::layer_norm_one_pass_kernel<__half, 128>' --block-dim 128 --grid-dim 1 --param hidden_size=1024 --param epsilon=0x3727c5ac
// origin: written here; the fix of CUB TempStorage reused by a second BlockReduce without the __syncthreads() CUB requires
// expect: run ok
// why: the minimal fix of layer_norm_cub_temp_reuse_before.cu; with the barrier, thread 0's reads of the first Sum's slots are in an earlier barrier
//   interval than the second Sum's stores: no race; thread 0 alone writes s_mean and s_rstd,
//   read by all after the barrier: ok.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <cub/cub.cuh>

namespace vllm {

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
layer_norm_one_pass_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                           const scalar_t* __restrict__ gamma, const scalar_t* __restrict__ beta,
                           const int hidden_size, const float epsilon) {
  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage reduce_store;
  __shared__ float s_mean;
  __shared__ float s_rstd;
  const int64_t row = static_cast<int64_t>(blockIdx.x) * hidden_size;

  float local_sum = 0.0f;
  float local_sq = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += BLOCK) {
    const float x = __half2float(input[row + i]);
    local_sum += x;
    local_sq += x * x;
  }
  const float sum = BlockReduce(reduce_store).Sum(local_sum);
  __syncthreads();  // reduce_store is reused below
  const float sq_sum = BlockReduce(reduce_store).Sum(local_sq);

  if (threadIdx.x == 0) {
    const float mean = sum / hidden_size;
    s_mean = mean;
    s_rstd = rsqrtf(fmaxf(sq_sum / hidden_size - mean * mean, 0.0f) + epsilon);
  }
  __syncthreads();

  for (int i = threadIdx.x; i < hidden_size; i += BLOCK) {
    const float x = (__half2float(input[row + i]) - s_mean) * s_rstd;
    out[row + i] = __float2half(x * __half2float(gamma[i]) + __half2float(beta[i]));
  }
}

template __global__ void layer_norm_one_pass_kernel<__half, 128>(__half*, const __half*, const __half*,
                                                                const __half*, const int, const float);

}  // namespace vllm
