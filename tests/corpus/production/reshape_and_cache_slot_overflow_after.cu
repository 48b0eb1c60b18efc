// launch: --kernel 'vllm::reshape_and_cache_kernel<__half, __half>' --block-dim 128 --grid-dim 1 --init slot_mapping=2097152,0 --param key_stride=1024 --param value_stride=1024 --param num_heads=8 --param head_size=128 --param block_size=16 --param x=8
// origin: written here; the fix of 32-bit int index overflow (block_idx * block stride of the paged KV cache in int) at a realistic size
// expect: run ok group=0
// why: the minimal fix of reshape_and_cache_slot_overflow_before.cu; the fix computes block_idx and both target indices in int64_t: the key target index of
//   thread 0 is 2^31 exactly: slot 2^21 in blocks of 16 is block_idx = 2^17, times the block's
//   8 * 16 * 16 * 8 = 2^14 cells. Thread t's column i = t + 128k (k < 8) writes key_cache at
//   2^31 + head_idx * 2048 + x_idx * 128 + x_offset and value_cache at 2^31 + head_idx * 2048 +
//   head_offset * 16: exact 64-bit cells of the unbounded caches (sdvmc carries 64-bit indices),
//   distinct for distinct i (head_idx, head_offset determine them), so no race and no error:
//   `ok`. No integer overflow (the int products are below 2^15).
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

  const int64_t block_idx = slot_idx / block_size;
  const int block_offset = slot_idx % block_size;

  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int64_t src_key_idx = token_idx * key_stride + i;
    const int64_t src_value_idx = token_idx * value_stride + i;

    const int head_idx = i / head_size;
    const int head_offset = i % head_size;
    const int x_idx = head_offset / x;
    const int x_offset = head_offset % x;

    const int64_t tgt_key_idx = block_idx * num_heads * (head_size / x) * block_size * x +
                            head_idx * (head_size / x) * block_size * x +
                            x_idx * block_size * x + block_offset * x + x_offset;
    const int64_t tgt_value_idx = block_idx * num_heads * head_size * block_size +
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
