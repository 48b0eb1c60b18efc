// launch: --kernel 'vllm::reshape_and_cache_kernel<__half, __half>' --block-dim 128 --grid-dim 1 --init slot_mapping=2097152,0 --param key_stride=1024 --param value_stride=1024 --param num_heads=8 --param head_size=128 --param block_size=16 --param x=8
// origin: written here; bug class: 32-bit int index overflow (block_idx * block stride of the paged KV cache in int) at a realistic size
// expect: run integer-overflow line=47 group=0
// why: the KV cache has 8 heads of 128 halves per token and blocks of 16 tokens, so one cache
//   block is 8 * 128 * 16 = 16384 = 2^14 halves; x = 8 halves (16 bytes) per vector of the key
//   layout [num_blocks, num_heads, head_size / x, block_size, x]. The one token of the launch has
//   slot 2097152 = 131072 * 16 (slot_mapping is int64_t: the cells low word 2097152, high word
//   0), i.e. block_idx = 131072 = 2^17 (a cache of 2^17 blocks: 2M tokens), block_offset 0. The
//   key target index is computed in int, left to right: 131072 * 8 = 2^20, * (128 / 8 = 16) =
//   2^24, * 16 = 2^28, * 8 = 2^31 > INT_MAX: the last `* x` of that line overflows, for every
//   thread in lock step; thread 0 is the lowest: integer-overflow in block 0 at that line.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace vllm {

template <typename scalar_t, typename cache_t>
__global__ void reshape_and_cache_kernel(
    const scalar_t* __restrict__ key,        // [num_tokens, num_heads, head_size]
    const scalar_t* __restrict__ value,      // [num_tokens, num_heads, head_size]
    cache_t* __restrict__ key_cache,         // [num_blocks, num_heads, head_size/x, block_size, x]
    cache_t* __restrict__ value_cache,       // [num_blocks, num_heads, head_size, block_size]
    const int64_t* __restrict__ slot_mapping,  // [num_tokens]
    const int key_stride, const int value_stride, const int num_heads, const int head_size,
    const int block_size, const int x) {
  const int64_t token_idx = blockIdx.x;
  const int64_t slot_idx = slot_mapping[token_idx];
  if (slot_idx < 0) {
    // Padding token that should be ignored.
    return;
  }

  const int block_idx = slot_idx / block_size;
  const int block_offset = slot_idx % block_size;

  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int64_t src_key_idx = token_idx * key_stride + i;
    const int64_t src_value_idx = token_idx * value_stride + i;

    const int head_idx = i / head_size;
    const int head_offset = i % head_size;
    const int x_idx = head_offset / x;
    const int x_offset = head_offset % x;

    const int tgt_key_idx = block_idx * num_heads * (head_size / x) * block_size * x +  // BUG
                            head_idx * (head_size / x) * block_size * x +
                            x_idx * block_size * x + block_offset * x + x_offset;
    const int tgt_value_idx = block_idx * num_heads * head_size * block_size +
                              head_idx * head_size * block_size + head_offset * block_size +
                              block_offset;
    key_cache[tgt_key_idx] = static_cast<cache_t>(key[src_key_idx]);
    value_cache[tgt_value_idx] = static_cast<cache_t>(value[src_value_idx]);
  }
}

template __global__ void reshape_and_cache_kernel<__half, __half>(
    const __half*, const __half*, __half*, __half*, const int64_t*, const int, const int, const int,
    const int, const int, const int);

}  // namespace vllm
