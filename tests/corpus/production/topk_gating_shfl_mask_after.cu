// launch: --kernel 'vllm::moe::topk_gating_softmax_kernel<8>' --block-dim 64 --grid-dim 1 --param num_tokens=2 --model simt:32
// origin: written here; the fix of warp shuffles with the full mask inside a branch that only some lanes take
// expect: run ok group=0
// why: the minimal fix of topk_gating_shfl_mask_before.cu; the fix runs the shuffles and the ballot in all 32 lanes (lanes 8..31 contribute -inf and
//   0), so every mask 0xffffffff names exactly the lanes executing: no warp-mask. With run's
//   all-zero logits, max 0, sum 8 * e^0 = 8, the ballot has lanes 0..7, best = __ffs(0xff) - 1 =
//   0: lane 0 of each warp writes its own token's id and weight (tokens 0 and 1): ok.
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>

namespace vllm {
namespace moe {

constexpr int WARP_SIZE = 32;

__device__ __forceinline__ float warp_reduce_max(float val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask));
  }
  return val;
}

__device__ __forceinline__ float warp_reduce_sum(float val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val += __shfl_xor_sync(0xffffffff, val, mask);
  }
  return val;
}

// Top-1 routing: softmax over the token's NUM_EXPERTS logits, then the best expert and its weight.
template <int NUM_EXPERTS>
__global__ void topk_gating_softmax_kernel(const float* __restrict__ gating_output,  // [num_tokens, NUM_EXPERTS]
                                           float* __restrict__ topk_weights,         // [num_tokens]
                                           int* __restrict__ topk_ids,               // [num_tokens]
                                           const int num_tokens) {
  static_assert(NUM_EXPERTS <= WARP_SIZE, "one expert per lane");
  const int lane = threadIdx.x % WARP_SIZE;
  const int token = blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE;
  if (token >= num_tokens) return;

  // Every lane takes part in the shuffles; lanes past the experts hold -inf.
  const float logit = lane < NUM_EXPERTS ? gating_output[token * NUM_EXPERTS + lane] : -INFINITY;
  const float max_logit = warp_reduce_max(logit);
  const float e = lane < NUM_EXPERTS ? __expf(logit - max_logit) : 0.0f;
  const float sum = warp_reduce_sum(e);
  const unsigned best = __ballot_sync(0xffffffff, lane < NUM_EXPERTS && logit == max_logit);
  if (lane == 0) {
    topk_ids[token] = __ffs(best) - 1;
    topk_weights[token] = 1.0f / sum;
  }
}

template __global__ void topk_gating_softmax_kernel<8>(const float*, float*, int*, const int);

}  // namespace moe
}  // namespace vllm
