// launch: --kernel 'vllm::copy_blocks_kernel<unsigned char>' --block-dim 256 --grid-dim 1 --init block_mapping=131072,0,5,0 --param numel_per_block=16384
// origin: written here; bug class: 32-bit int index overflow (block number * elements per block in int) at a realistic size
// expect: run integer-overflow line=26 group=0
// why: an fp8 (one byte per element) KV cache with blocks of 16 tokens x 8 heads x 128 = 16384
//   elements, copied as 32-bit words (4 elements each). The one pair of the launch copies block
//   131072 = 2^17 (block_mapping is int64_t pairs: cells 131072, 0 then 5, 0) to block 5. The
//   source block number is narrowed to an `int` (131072 fits) and its element offset computed in
//   int: 2^17 * 2^14 = 2^31 > INT_MAX, although the word offset (2^29) fits. Every thread computes it
//   in lock step; thread 0 is the lowest: integer-overflow at that line.
#include <cuda_runtime.h>
#include <cstdint>

namespace vllm {

// Copies whole KV-cache blocks for each (src, dst) pair of block_mapping, 4 elements per word.
template <typename cache_t>
__global__ void copy_blocks_kernel(uint32_t* __restrict__ key_cache_words,
                                   uint32_t* __restrict__ value_cache_words,
                                   const int64_t* __restrict__ block_mapping,  // [num_pairs, 2]
                                   const int numel_per_block) {
  constexpr int kElemsPerWord = sizeof(uint32_t) / sizeof(cache_t);
  const int pair_idx = blockIdx.x;
  const int src_block_number = block_mapping[2 * pair_idx];
  const int dst_block_number = block_mapping[2 * pair_idx + 1];

  const int src_block_offset = src_block_number * numel_per_block;  // BUG
  const int dst_block_offset = dst_block_number * numel_per_block;
  const int words_per_block = numel_per_block / kElemsPerWord;
  const int src_word = src_block_offset / kElemsPerWord;
  const int dst_word = dst_block_offset / kElemsPerWord;

  for (int i = threadIdx.x; i < words_per_block; i += blockDim.x) {
    key_cache_words[dst_word + i] = key_cache_words[src_word + i];
  }
  for (int i = threadIdx.x; i < words_per_block; i += blockDim.x) {
    value_cache_words[dst_word + i] = value_cache_words[src_word + i];
  }
}

template __global__ void copy_blocks_kernel<uint8_t>(uint32_t*, uint32_t*, const int64_t*, const int);

}  // namespace vllm
