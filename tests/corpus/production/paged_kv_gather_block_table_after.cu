// launch: --kernel 'vllm::gather_cached_kv_kernel<__half, 64, 16, 128>' --block-dim 128 --grid-dim 1,2 --param max_num_blocks_per_seq=4 --param num_kv_heads=2 --param max_seq_len=64 --buffer block_tables=4 --init block_tables=7,3,9,1 --init seq_lens=64
// origin: written here; the fix of out-of-bounds read of a paged-attention block table (the block count rounds a full last block up once more)
// expect: run ok
// why: the minimal fix of paged_kv_gather_block_table_before.cu; with the ceil-div, num_blocks = (64 + 15) / 16 = 4: block_table[0..3] in bounds. Each
//   thread writes k_out cells of its own (token, dimension) pairs for its block's head; the two
//   blocks (heads 0 and 1) write different cells: ok.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace vllm {

// k_out[seq, t, head, :] = the cached key of token t of the sequence, gathered through its block table.
template <typename scalar_t, int HEAD_SIZE, int BLOCK_SIZE, int NUM_THREADS>
__global__ void __launch_bounds__(NUM_THREADS)
gather_cached_kv_kernel(scalar_t* __restrict__ k_out,          // [num_seqs, max_seq_len, num_kv_heads, HEAD_SIZE]
                        const scalar_t* __restrict__ k_cache,  // [num_blocks, num_kv_heads, BLOCK_SIZE, HEAD_SIZE]
                        const int* __restrict__ block_tables,  // [num_seqs, max_num_blocks_per_seq]
                        const int* __restrict__ seq_lens,      // [num_seqs]
                        const int max_num_blocks_per_seq, const int num_kv_heads, const int max_seq_len) {
  const int seq_idx = blockIdx.x;
  const int head_idx = blockIdx.y;
  const int seq_len = seq_lens[seq_idx];
  const int num_blocks = (seq_len + BLOCK_SIZE - 1) / BLOCK_SIZE;
  const int* block_table = block_tables + seq_idx * max_num_blocks_per_seq;
  const int64_t kv_block_stride = static_cast<int64_t>(num_kv_heads) * BLOCK_SIZE * HEAD_SIZE;

  for (int b = 0; b < num_blocks; ++b) {
    const int64_t physical_block = block_table[b];
    for (int i = threadIdx.x; i < BLOCK_SIZE * HEAD_SIZE; i += NUM_THREADS) {
      const int token = b * BLOCK_SIZE + i / HEAD_SIZE;
      if (token >= seq_len) break;
      const int64_t src = physical_block * kv_block_stride + head_idx * BLOCK_SIZE * HEAD_SIZE + i;
      const int64_t dst = ((static_cast<int64_t>(seq_idx) * max_seq_len + token) * num_kv_heads + head_idx) *
                              HEAD_SIZE + i % HEAD_SIZE;
      k_out[dst] = k_cache[src];
    }
  }
}

template __global__ void gather_cached_kv_kernel<__half, 64, 16, 128>(__half*, const __half*, const int*,
                                                                     const int*, const int, const int,
                                                                     const int);

}  // namespace vllm
