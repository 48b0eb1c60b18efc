// launch: --kernel 'vllm::moe::gather_expert_tokens_kernel<int, 2>' --block-dim 128 --grid-dim 1 --param expert=0 --param numel=32 --buffer token_list=16 --init topk_ids=0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7,0,4,1,5,2,6,3,7
// origin: written here; bug class: race on a shared counter incremented without an atomic
// expect: run race group=0
// why: the kernel lists the tokens routed to `expert` (top-2 routing, 16 tokens, numel = 32 ids)
//   by bumping a __shared__ counter. Token t is routed to experts t % 4 and 4 + t % 4 (ids
//   0,4,1,5,2,6,3,7, … in --init), so expert 0 is id 0 of tokens 0, 4, 8, 12: threads 0, 8, 16, 24
//   (thread i handles id i, 128 threads > 32 ids). Each of them reads s_count (0: they run in lock
//   step) and writes pos + 1 = 1 back with a plain load and store in the same barrier interval,
//   and writes token_list[0]: thread 0's and thread 8's accesses to s_count[0] race (write-read,
//   write-write) and so do their writes of token_list[0]. SDV reports a race at the next barrier
//   (the __syncthreads() after the loop), between threads 0 and 8.
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
      const int32_t pos = s_count;  // BUG: read-modify-write of a shared counter, not atomic
      s_count = pos + 1;
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
