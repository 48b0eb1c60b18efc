// launch: --kernel 'vllm::moe::moe_permute_kernel<2>' --block-dim 2 --grid-dim 1 --param num_experts=2 --param numel=2 --buffer permuted=2 --buffer expert_offsets=3
// origin: written here; bug class: uninitialised shared accumulator (per-expert counters never zeroed)
// expect: check out-of-bounds line=51
// why: `sdvmc run` starts shared memory at 0, which hides the bug (run gives ok); the bug needs
//   the search over initial values, so this case runs `check`: s_counts starts arbitrary and
//   topk_ids is arbitrary, each cell over check's domain 0..1 (both reach addresses: they are
//   enumerated). 2 threads, one id each (numel = 2), 2 experts. Counting adds the tokens to the
//   garbage g_e: counts = g + n. Thread 0 turns them into exclusive offsets in place: expert 0
//   starts at 0, expert 1 at g_0 + n_0. The scatter gives expert 1's ids the cells
//   g_0 + n_0, g_0 + n_0 + 1, …: with g_0 = 1 and an id routed to expert 1 (n_1 >= 1, so
//   n_0 <= 1), its first cell is 1 + n_0 and its last 1 + n_0 + n_1 - 1 = 2 (n_0 + n_1 = 2),
//   one past permuted[0..1]: out-of-bounds at the scatter's write of permuted[2]. With g_0 = 0
//   every cell is below 2 (no violation), and g_1 only changes expert_offsets[2]. So check
//   reports out-of-bounds at the scatter.
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
  // BUG: s_counts is never zeroed

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
    permuted[slot] = i;  // BUG
  }
}

template __global__ void moe_permute_kernel<2>(const int32_t*, int32_t*, int32_t*, const int, const int);

}  // namespace moe
}  // namespace vllm
