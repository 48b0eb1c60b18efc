// launch: --kernel 'vllm::rotary_embedding_kernel<__half, true>' --block-dim 256 --grid-dim 209716 --group 209715 --param rot_dim=128 --param query_stride=10240 --param key_stride=10240 --param num_heads=64 --param num_kv_heads=8 --param head_size=128
// origin: written here; the fix of 32-bit int index overflow (token_idx * query_stride + head offset in int) at a realistic size
// expect: run ok group=209715
// why: the minimal fix of rotary_embedding_token_head_before.cu; the fix makes token_idx and token_head int64_t. Block 209715:
//   token_idx * query_stride = 209715 * 10240 = 2147481600 in 64 bits; thread t handles i = t +
//   256 k (k = 0..15, i < nq = 64 * 64), head i / 64 and rot_offset i % 64, and token_head =
//   2147481600 + head * 128 reaches 2^31 at head 16 (thread 0's fifth i, 1024) and 2147489664
//   at head 63. query + token_head is passed to the helper's pointer parameter: under
//   --target 64 the parameter keeps the 64-bit offset (both words), so arr[x_index] and
//   arr[y_index] (NeoX: rot_offset and 64 + rot_offset) are the exact cells token_head +
//   rot_offset and token_head + 64 + rot_offset of the unbounded query, past 2^31 from head 16
//   on. Each i belongs to one thread, and (head, rot_offset) ↦ those two cells is one-to-one
//   (heads 128 cells apart, rot_offset < 64): no two threads touch one cell, no race; likewise
//   key (8 heads, token_idx * key_stride + head * 128); the cos/sin cache is only read. No
//   integer overflow (64-bit products of values below 2^18 and 2^14): `ok`.
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
  const int64_t token_idx = blockIdx.x;
  const int64_t pos = positions[token_idx];
  const scalar_t* cache_ptr = cos_sin_cache + pos * rot_dim;

  const int embed_dim = rot_dim / 2;
  const scalar_t* cos_ptr = cache_ptr;
  const scalar_t* sin_ptr = cache_ptr + embed_dim;

  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * query_stride + head_idx * head_size;
    const int rot_offset = i % embed_dim;
    apply_token_rotary_embedding<scalar_t, IS_NEOX>(query + token_head, cos_ptr, sin_ptr,
                                                    rot_offset, embed_dim);
  }

  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * key_stride + head_idx * head_size;
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
