// launch: --kernel 'vllm::fused_add_rms_norm_kernel<__half, 128>' --block-dim 128 --grid-dim 2 --param num_tokens=2 --param hidden_size=512 --param epsilon=0x358637bd
// origin: written here; bug class: missing __syncthreads() between a shared write and its reads
// expect: run race group=0
// why: thread 0 alone writes s_variance (the block's 1 / rms), and every thread reads it in the
//   second loop with no barrier in between: under SDV the write and the reads are in the same
//   barrier interval, so thread 0's write of s_variance[0] and the read of it by each other thread
//   (thread 1 the lowest) race; the race is found at the next barrier, the kernel's end, in block 0
//   (blocks run in order, and block 0 already races). CUB's BlockReduce before it is used
//   correctly (only thread 0 uses its result). hidden 512, 128 threads: 4 elements per thread;
//   epsilon is 1e-6 (bits 0x358637bd).
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
  // BUG: no __syncthreads() here

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = static_cast<float>(residual[token_offset + idx]);
    input[token_offset + idx] = __float2half(x * s_variance) * weight[idx];
  }
}

template __global__ void fused_add_rms_norm_kernel<__half, 128>(__half*, __half*, const __half*,
                                                               const float, const int, const int);

}  // namespace vllm
