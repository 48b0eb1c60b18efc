// launch: --kernel 'vllm::qk_rms_norm_kernel<__nv_bfloat16, 128>' --block-dim 128 --grid-dim 1 --param num_heads=4 --param epsilon=0x358637bd --model simt:32
// origin: written here; the fix of wrong warp member mask (0xffff, a half warp, in a full-warp reduction)
// expect: run ok group=0
// why: the minimal fix of qk_norm_warp_mask_before.cu; with the full mask every lane executing the shuffle is named and all 32 execute it; each
//   warp's lanes read and write their own 4 elements of their own head: ok.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdint>

namespace vllm {

constexpr int WARP_SIZE = 32;

template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val += __shfl_xor_sync(0xffffffff, val, mask);
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
