// launch: --kernel 'vllm::qk_rms_norm_kernel<__nv_bfloat16, 128>' --block-dim 128 --grid-dim 1 --param num_heads=4 --param epsilon=0x358637bd --model simt:32
// origin: written here; bug class: wrong warp member mask (0xffff, a half warp, in a full-warp reduction)
// expect: run warp-mask line=22 group=0
// why: per-head RMS norm of q (QK-norm), one warp per head of HEAD_SIZE = 128 (4 values per lane),
//   4 heads = 128 threads = 4 warps, all lanes active. warp_reduce_sum's __shfl_xor_sync passes
//   the mask 0xffff, which names lanes 0..15 only, while all 32 lanes execute the call: lanes
//   16..31 execute it without being named, which CUDA leaves undefined; sdvmc's member-mask check
//   gives warp-mask at that call, first iteration, warp 0 of block 0 (the first warp to run).
//   epsilon is 1e-6 (bits 0x358637bd).
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdint>

namespace vllm {

constexpr int WARP_SIZE = 32;

template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val += __shfl_xor_sync(0xffff, val, mask);  // BUG: 0xffff names half the warp
  }
  return val;
}

// q[token, head, :] = rms_norm(q[token, head, :]) * weight, one warp per (token, head).
template <typename scalar_t, int HEAD_SIZE>
__global__ void qk_rms_norm_kernel(scalar_t* __restrict__ q,             // [num_tokens, num_heads, HEAD_SIZE]
                                   const scalar_t* __restrict__ weight,  // [HEAD_SIZE]
                                   const int num_heads, const float epsilon) {
  constexpr int kPerLane = HEAD_SIZE / WARP_SIZE;
  const int lane = threadIdx.x % WARP_SIZE;
  const int head = blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE;
  scalar_t* head_ptr = q + static_cast<int64_t>(head) * HEAD_SIZE;

  float vals[kPerLane];
  float sq = 0.0f;
#pragma unroll
  for (int k = 0; k < kPerLane; ++k) {
    vals[k] = __bfloat162float(head_ptr[lane + k * WARP_SIZE]);
    sq += vals[k] * vals[k];
  }
  sq = warp_reduce_sum(sq);
  const float rstd = rsqrtf(sq / HEAD_SIZE + epsilon);
#pragma unroll
  for (int k = 0; k < kPerLane; ++k) {
    const int d = lane + k * WARP_SIZE;
    head_ptr[d] = __float2bfloat16(vals[k] * rstd * __bfloat162float(weight[d]));
  }
}

template __global__ void qk_rms_norm_kernel<__nv_bfloat16, 128>(__nv_bfloat16*, const __nv_bfloat16*,
                                                               const int, const float);

}  // namespace vllm
