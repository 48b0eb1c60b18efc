// launch: --kernel 'vllm::fused_add_rms_norm_kernel<__half, 128>' --block-dim 128 --grid-dim 2 --param num_tokens=2 --param hidden_size=512 --param epsilon=0x358637bd
// origin: written here; the fix of missing __syncthreads() between a shared write and its reads
// expect: run ok
// why: the minimal fix of fused_add_rms_norm_sync_before.cu; with the barrier, thread 0's write of s_variance is merged before the reads (G-SYNC), and
//   nothing else is shared: each thread reads and writes its own elements of input and residual,
//   and the blocks touch different rows: ok.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <cub/cub.cuh>

namespace vllm {

// residual += input; input = rms_norm(residual) * weight
template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
fused_add_rms_norm_kernel(scalar_t* __restrict__ input,         // [num_tokens, hidden_size]
                          scalar_t* __restrict__ residual,      // [num_tokens, hidden_size]
                          const scalar_t* __restrict__ weight,  // [hidden_size]
                          const float epsilon, const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  const int64_t token_offset = blockIdx.x * static_cast<int64_t>(hidden_size);
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float z = static_cast<float>(input[token_offset + idx]) +
                    static_cast<float>(residual[token_offset + idx]);
    variance += z * z;
    residual[token_offset + idx] = __float2half(z);
  }

  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage reduce_store;
  variance = BlockReduce(reduce_store).Reduce(variance, cub::Sum{}, blockDim.x);

  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = static_cast<float>(residual[token_offset + idx]);
    input[token_offset + idx] = __float2half(x * s_variance) * weight[idx];
  }
}

template __global__ void fused_add_rms_norm_kernel<__half, 128>(__half*, __half*, const __half*,
                                                               const float, const int, const int);

}  // namespace vllm
