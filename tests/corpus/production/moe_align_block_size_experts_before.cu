// launch: --kernel 'vllm::moe::moe_align_block_size_kernel<int>' --block-dim 256 --grid-dim 1 --param num_experts=65 --param block_size=16 --param numel=32
// origin: written here; bug class: shared-memory out-of-bounds (65 experts, per-expert counters sized for 64)
// expect: run out-of-bounds line=31 group=0
// why: the per-expert counters are __shared__ int32_t counts[kMaxExperts] with kMaxExperts = 64,
//   but the model has num_experts = 65 experts. The first loop zeroes counts[e] for
//   e = threadIdx.x < 65 (256 threads: one iteration each); thread 64 writes counts[64], one past
//   the end of the 64 cells: out-of-bounds, thread 64, at that write (it is the first statement
//   touching shared memory, and threads 0..63 write cells 0..63 in bounds). topk_ids is all 0 in
//   run (16 tokens x top-2 = 32 ids).
#include <cuda_runtime.h>
#include <cstdint>

#define CEILDIV(x, y) (((x) + (y) - 1) / (y))

namespace vllm {
namespace moe {

constexpr int kMaxExperts = 64;  // BUG: too small for models with more experts

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
    counts[e] = 0;  // BUG
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
