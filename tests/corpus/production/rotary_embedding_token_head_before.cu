// launch: --kernel 'vllm::rotary_embedding_kernel<__half, true>' --block-dim 256 --grid-dim 209716 --group 209715 --param rot_dim=128 --param query_stride=10240 --param key_stride=10240 --param num_heads=64 --param num_kv_heads=8 --param head_size=128
// origin: written here; bug class: 32-bit int index overflow (token_idx * query_stride + head offset in int) at a realistic size
// expect: run integer-overflow line=66 group=209715
// why: Llama-3-70B's fused qkv tensor: 64 query heads and 8 KV heads of 128, so query and key rows
//   have stride (64 + 2 * 8) * 128 = 10240; NeoX-style rotation of all 128 dims (embed_dim 64).
//   token_idx and query_stride are `int`: token 209715 (the last block of a 209716-token batch,
//   --group 209715) has token_idx * 10240 = 2147481600, which fits; each thread handles
//   i = threadIdx.x + 256 k, head i / 64, and adds head * 128: the sum exceeds 2^31 - 1 =
//   2147481600 + 2047 from head 16 on (head 15: + 1920 fits), i.e. i >= 1024: the fifth
//   iteration (k = 4), where thread 0 has i = 1024, head 16, 2147481600 + 2048 = 2^31. Thread 0
//   is the lowest: integer-overflow at the `+` of that line. (Token 209714 and below fit:
//   2147471360 + 63 * 128 = 2147479424.)
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace vllm {

template <typename scalar_t, bool IS_NEOX>
inline __device__ void apply_token_rotary_embedding(scalar_t* __restrict__ arr,
                                                    const scalar_t* __restrict__ cos_ptr,
                                                    const scalar_t* __restrict__ sin_ptr,
                                                    int rot_offset, int embed_dim) {
  int x_index, y_index;
  scalar_t cos, sin;
  if (IS_NEOX) {
    // GPT-NeoX style rotary embedding.
    x_index = rot_offset;
    y_index = embed_dim + rot_offset;
    cos = cos_ptr[x_index];
    sin = sin_ptr[x_index];
  } else {
    // GPT-J style rotary embedding.
    x_index = 2 * rot_offset;
    y_index = 2 * rot_offset + 1;
    cos = cos_ptr[x_index / 2];
    sin = sin_ptr[x_index / 2];
  }

  const scalar_t x = arr[x_index];
  const scalar_t y = arr[y_index];
  arr[x_index] = x * cos - y * sin;
  arr[y_index] = y * cos + x * sin;
}

template <typename scalar_t, bool IS_NEOX>
__global__ void rotary_embedding_kernel(
    const int64_t* __restrict__ positions,      // [num_tokens]
    scalar_t* __restrict__ query,               // [num_tokens, num_heads, head_size] (rows of query_stride)
    scalar_t* __restrict__ key,                 // [num_tokens, num_kv_heads, head_size] (rows of key_stride)
    const scalar_t* __restrict__ cos_sin_cache, // [max_position, rot_dim]
    const int rot_dim, const int query_stride, const int key_stride, const int num_heads,
    const int num_kv_heads, const int head_size) {
  // Each thread block is responsible for one token.
  const int token_idx = blockIdx.x;
  const int64_t pos = positions[token_idx];
  const scalar_t* cache_ptr = cos_sin_cache + pos * rot_dim;

  const int embed_dim = rot_dim / 2;
  const scalar_t* cos_ptr = cache_ptr;
  const scalar_t* sin_ptr = cache_ptr + embed_dim;

  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int token_head = token_idx * query_stride + head_idx * head_size;  // BUG
    const int rot_offset = i % embed_dim;
    apply_token_rotary_embedding<scalar_t, IS_NEOX>(query + token_head, cos_ptr, sin_ptr,
                                                    rot_offset, embed_dim);
  }

  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int token_head = token_idx * key_stride + head_idx * head_size;
    const int rot_offset = i % embed_dim;
    apply_token_rotary_embedding<scalar_t, IS_NEOX>(key + token_head, cos_ptr, sin_ptr,
                                                    rot_offset, embed_dim);
  }
}

template __global__ void rotary_embedding_kernel<__half, true>(const int64_t*, __half*, __half*,
                                                               const __half*, const int, const int,
                                                               const int, const int, const int,
                                                               const int);

}  // namespace vllm
