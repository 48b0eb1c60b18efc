// launch: --kernel 'vllm::moe::gather_expert_tokens_kernel<int, 2>' --block-dim 128 --grid-dim 1 --param expert=0 --param numel=32 --buffer token_list=16 --init topk_ids=0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7
// origin: written here; the fix of race on a shared counter incremented without an atomic
// expect: run ok group=0
// why: the minimal fix of moe_expert_token_list_counter_before.cu; with atomicAdd, the four matching threads (0, 8, 16, 24) take distinct positions 0..3
//   (atomics do not race with one another) and write distinct token_list cells, within
//   token_list[0..15]; thread 0 reads s_count after the barrier: ok.
#include <cuda_runtime.h>
#include <cstdint>

namespace vllm {
namespace moe {

// token_list[0 .. *token_count) = the tokens with a top-k slot routed to `expert`.
template <typename scalar_t, int TOPK>
__global__ void gather_expert_tokens_kernel(const scalar_t* __restrict__ topk_ids,  // [num_tokens, TOPK]
                                            int32_t* __restrict__ token_list,       // [num_tokens]
                                            int32_t* __restrict__ token_count,      // [1]
                                            const int expert, const int numel) {
  __shared__ int32_t s_count;
  if (threadIdx.x == 0) s_count = 0;
  __syncthreads();

  for (int i = threadIdx.x; i < numel; i += blockDim.x) {
    if (topk_ids[i] == expert) {
      const int32_t pos = atomicAdd(&s_count, 1);
      token_list[pos] = i / TOPK;
    }
  }
  __syncthreads();

  if (threadIdx.x == 0) *token_count = s_count;
}

template __global__ void gather_expert_tokens_kernel<int32_t, 2>(const int32_t*, int32_t*, int32_t*,
                                                                 const int, const int);

}  // namespace moe
}  // namespace vllm
