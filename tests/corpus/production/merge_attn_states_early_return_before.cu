// launch: --kernel 'vllm::merge_attn_states_kernel<float, 128, 16>' --block-dim 128 --grid-dim 2 --param num_partitions=4 --param num_heads=2
// origin: written here; bug class: early return before __syncthreads() (barrier divergence)
// expect: run divergence line=30 group=0
// why: merging split-KV attention: one block per (token, head) merges num_partitions = 4 partial
//   outputs of HEAD_SIZE = 128 by their log-sum-exp. The first threads (p < num_partitions)
//   stage the partitions' LSEs in shared memory; the kernel returns early in the threads
//   p >= num_partitions = 4, so the __syncthreads() after the staging is reached by threads 0..3
//   enabled and 4..127 disabled (they have returned): barrier divergence at that barrier, in block
//   0 (and threads 4..127 would never write their output dimension).
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>

namespace vllm {

template <typename scalar_t, int HEAD_SIZE, int MAX_PARTITIONS>
__global__ void __launch_bounds__(HEAD_SIZE)
merge_attn_states_kernel(scalar_t* __restrict__ out,                // [num_tokens, num_heads, HEAD_SIZE]
                         const scalar_t* __restrict__ partial_out,  // [num_partitions, num_tokens, num_heads, HEAD_SIZE]
                         const float* __restrict__ partial_lse,     // [num_partitions, num_tokens, num_heads]
                         const int num_partitions, const int num_heads) {
  const int64_t token_head = blockIdx.x;  // token * num_heads + head
  const int64_t num_token_heads = static_cast<int64_t>(gridDim.x);
  __shared__ float s_lse[MAX_PARTITIONS];
  __shared__ float s_max_lse;

  const int p = threadIdx.x;
  if (p >= num_partitions) return;  // BUG: the threads past num_partitions skip the barriers below
  s_lse[p] = partial_lse[p * num_token_heads + token_head];
  __syncthreads();  // BUG

  if (threadIdx.x == 0) {
    float m = -INFINITY;
    for (int i = 0; i < num_partitions; ++i) m = fmaxf(m, s_lse[i]);
    s_max_lse = m;
  }
  __syncthreads();

  const int d = threadIdx.x;
  float total = 0.0f;
  float acc = 0.0f;
  for (int i = 0; i < num_partitions; ++i) {
    const float w = __expf(s_lse[i] - s_max_lse);
    total += w;
    acc += w * partial_out[(i * num_token_heads + token_head) * HEAD_SIZE + d];
  }
  out[token_head * HEAD_SIZE + d] = acc / total;
}

template __global__ void merge_attn_states_kernel<float, 128, 16>(float*, const float*, const float*,
                                                                  const int, const int);

}  // namespace vllm
