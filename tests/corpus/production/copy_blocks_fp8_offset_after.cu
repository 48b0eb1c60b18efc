// launch: --kernel 'vllm::copy_blocks_kernel<unsigned char>' --block-dim 256 --grid-dim 1 --init block_mapping=131072,0,5,0 --param numel_per_block=16384
// origin: written here; the fix of 32-bit int index overflow (block number * elements per block in int) at a realistic size
// expect: run ok group=0
// why: the minimal fix of copy_blocks_fp8_offset_before.cu; the fix keeps the block numbers and offsets in int64_t: the source offset 2^31 elements
//   is word 2^29, the destination 5 * 16384 / 4 = 20480; each of the 256 threads copies words
//   i, i + 256, … below 4096 of each cache, reading source words 2^29 + i (within the model's
//   cells) and writing destination words 20480 + i, distinct per thread: ok.
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
  const int64_t src_block_number = block_mapping[2 * pair_idx];
  const int64_t dst_block_number = block_mapping[2 * pair_idx + 1];

  const int64_t src_block_offset = src_block_number * numel_per_block;
  const int64_t dst_block_offset = dst_block_number * numel_per_block;
  const int words_per_block = numel_per_block / kElemsPerWord;
  const int64_t src_word = src_block_offset / kElemsPerWord;
  const int64_t dst_word = dst_block_offset / kElemsPerWord;

  for (int i = threadIdx.x; i < words_per_block; i += blockDim.x) {
    key_cache_words[dst_word + i] = key_cache_words[src_word + i];
  }
  for (int i = threadIdx.x; i < words_per_block; i += blockDim.x) {
    value_cache_words[dst_word + i] = value_cache_words[src_word + i];
  }
}

template __global__ void copy_blocks_kernel<uint8_t>(uint32_t*, uint32_t*, const int64_t*, const int);

}  // namespace vllm
