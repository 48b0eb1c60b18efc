// launch: --kernel 'vllm::moe::moe_align_block_size_kernel<int>' --block-dim 256 --grid-dim 1 --param num_experts=65 --param block_size=16 --param numel=32
// origin: written here; the fix of shared-memory out-of-bounds (65 experts, per-expert counters sized for 64)
// expect: run ok group=0
// why: the minimal fix of moe_align_block_size_experts_before.cu; the fix sizes the counters for 256 experts: counts[0..64] and cumsum[0..65] are in
//   bounds. All 32 ids are expert 0 (run's topk_ids), counted with shared atomics (no race);
//   thread 0 computes cumsum = [0, 32, 32, …] (CEILDIV(32, 16) * 16 = 32) after a barrier; thread
//   0 writes expert_ids[0] and [1]; after the barrier each thread i < 32 takes a distinct rank
//   from atomicAdd(&cumsum[0], 1) and writes sorted_token_ids[rank]: ok.
#include <cuda_runtime.h>
#include <cstdint>

#define CEILDIV(x, y) (((x) + (y) - 1) / (y))

namespace vllm {
namespace moe {

constexpr int kMaxExperts = 256;

template <typename scalar_t>
__global__ void moe_align_block_size_kernel(const scalar_t* __restrict__ topk_ids,
                                            int32_t* __restrict__ sorted_token_ids,
                                            int32_t* __restrict__ expert_ids,
                                            int32_t* __restrict__ total_tokens_post_pad,
                                            const int32_t num_experts, const int32_t block_size,
                                            const size_t numel) {
  __shared__ int32_t counts[kMaxExperts];
  __shared__ int32_t cumsum[kMaxExperts + 1];

  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    counts[e] = 0;
  }
  __syncthreads();

  for (size_t i = threadIdx.x; i < numel; i += blockDim.x) {
    atomicAdd(&counts[topk_ids[i]], 1);
  }
  __syncthreads();

  // Each expert's tokens start at a multiple of block_size.
  if (threadIdx.x == 0) {
    cumsum[0] = 0;
    for (int e = 1; e <= num_experts; ++e) {
      cumsum[e] = cumsum[e - 1] + CEILDIV(counts[e - 1], block_size) * block_size;
    }
    *total_tokens_post_pad = cumsum[num_experts];
  }
  __syncthreads();

  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    for (int i = cumsum[e]; i < cumsum[e + 1]; i += block_size) {
      expert_ids[i / block_size] = e;
    }
  }
  __syncthreads();

  // cumsum[e] becomes expert e's write cursor.
  for (size_t i = threadIdx.x; i < numel; i += blockDim.x) {
    const int32_t expert_id = topk_ids[i];
    const int32_t rank = atomicAdd(&cumsum[expert_id], 1);
    sorted_token_ids[rank] = static_cast<int32_t>(i);
  }
}

template __global__ void moe_align_block_size_kernel<int32_t>(const int32_t*, int32_t*, int32_t*,
                                                              int32_t*, const int32_t,
                                                              const int32_t, const size_t);

}  // namespace moe
}  // namespace vllm
