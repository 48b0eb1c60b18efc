// launch: --kernel 'vllm::moe::topk_gating_softmax_kernel<8>' --block-dim 64 --grid-dim 1 --param num_tokens=2 --model simt:32
// origin: written here; bug class: warp shuffles with the full mask inside a branch that only some lanes take
// expect: run warp-mask line=22 group=0
// why: one warp per token (64 threads: tokens 0 and 1), one expert per lane for the token's
//   NUM_EXPERTS = 8 router logits. The branch `lane < NUM_EXPERTS` keeps lanes 0..7 and the
//   reductions inside it call __shfl_xor_sync(0xffffffff, …): the mask names all 32 lanes, but
//   lanes 8..31 neither execute the call nor have exited (they skipped the branch): CUDA leaves
//   it undefined, sdvmc's member-mask check gives warp-mask at the first shuffle (the first
//   iteration of warp_reduce_max), in block 0, warp 0 (lanes 0..7 execute it; lane 0 lowest).
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>

namespace vllm {
namespace moe {

constexpr int WARP_SIZE = 32;

__device__ __forceinline__ float warp_reduce_max(float val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask));  // BUG (reached by lanes 0..7 only)
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

  if (lane < NUM_EXPERTS) {
    const float logit = gating_output[token * NUM_EXPERTS + lane];
    const float max_logit = warp_reduce_max(logit);
    const float e = __expf(logit - max_logit);
    const float sum = warp_reduce_sum(e);
    const unsigned best = __ballot_sync(0xffffffff, logit == max_logit);
    if (lane == 0) {
      topk_ids[token] = __ffs(best) - 1;
      topk_weights[token] = 1.0f / sum;
    }
  }
}

template __global__ void topk_gating_softmax_kernel<8>(const float*, float*, int*, const int);

}  // namespace moe
}  // namespace vllm
