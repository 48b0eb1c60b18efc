// launch: --kernel 'vllm::moe::moe_permute_kernel<2>' --block-dim 2 --grid-dim 1 --param num_experts=2 --param numel=2 --buffer permuted=2 --buffer expert_offsets=3
// origin: written here; the fix of uninitialised shared accumulator (per-expert counters never zeroed)
// expect: check ok
// why: the minimal fix of moe_permute_uninit_counts_before.cu; with the counters zeroed (and a barrier before the counting), counts = n and the
//   offsets are 0 and n_0: expert 0's ids go to 0 .. n_0 - 1 and expert 1's to n_0 .. 1, every
//   slot below numel = 2, for every topk_ids in the domain; the atomics give distinct slots:
//   check explores every configuration and finds no violation: ok.
#include <cuda_runtime.h>
#include <cstdint>

namespace vllm {
namespace moe {

constexpr int kMaxExperts = 256;

// permuted = the ids grouped by expert; expert_offsets[e] = where expert e's ids start.
template <int TOPK>
__global__ void moe_permute_kernel(const int32_t* __restrict__ topk_ids,    // [numel]
                                   int32_t* __restrict__ permuted,          // [numel]
                                   int32_t* __restrict__ expert_offsets,    // [num_experts + 1]
                                   const int num_experts, const int numel) {
  __shared__ int32_t s_counts[kMaxExperts];
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) s_counts[e] = 0;
  __syncthreads();

  for (int i = threadIdx.x; i < numel; i += blockDim.x) {
    atomicAdd(&s_counts[topk_ids[i]], 1);
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    int32_t offset = 0;
    for (int e = 0; e < num_experts; ++e) {
      const int32_t count = s_counts[e];
      expert_offsets[e] = offset;
      s_counts[e] = offset;  // becomes expert e's write cursor
      offset += count;
    }
    expert_offsets[num_experts] = offset;
  }
  __syncthreads();

  for (int i = threadIdx.x; i < numel; i += blockDim.x) {
    const int32_t slot = atomicAdd(&s_counts[topk_ids[i]], 1);
    permuted[slot] = i;
  }
}

template __global__ void moe_permute_kernel<2>(const int32_t*, int32_t*, int32_t*, const int, const int);

}  // namespace moe
}  // namespace vllm
