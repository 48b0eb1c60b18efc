// spec: 64-bit target, prove: a row loop at row * (int64_t)hidden + col (one block per token, hidden = 2^30, rows from 2^31 on, any number of columns up to hidden) is race-free by induction over 64-bit cells (no bound); launched with two blocks per token it races between blocks at the exact cell 2^31, confirmed by the replay
// run: prove --kernel 'serve::double_rows<int>' --block-dim 256 --grid-dim 16
// exit: 0
// expect: verdict=ok bound.unroll=null loops.0.how="induction" loops.0.note=""
// run: prove --kernel 'serve::double_rows_two_blocks<int>' --block-dim 256 --grid-dim 16
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE confirmed=true witness.pair_groups=[0,1] replayed.rule=INTER-GROUP-RACE replayed.accesses.0={"thread":0,"group":0,"kind":"write","array":"out","index":2147483648} replayed.accesses.1={"thread":0,"group":1,"kind":"write","array":"out","index":2147483648}
// run: run --kernel 'serve::double_rows<int>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=3 --param first_token=2
// exit: 0
// expect: verdict=ok final.out={"2147483648":0,"2147483649":0,"2147483650":0,"3221225472":0,"3221225473":0,"3221225474":0}
// run: run --kernel 'serve::double_rows_two_blocks<int>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=3 --param first_token=2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE accesses.0={"thread":0,"group":0,"kind":"write","index":2147483648} accesses.1={"thread":0,"group":1,"kind":"write","index":2147483648}
// why: block b handles token 2 + b (first_token = 2 by __requires), its row starting at
//   base = (2 + b) * hidden = (2 + b) * 2^30 (hidden = 2^30 by __requires), computed in
//   int64_t: 2^31 for block 0, 3 * 2^30 for block 1, … (15 + 2) * 2^30 for block 15, all past
//   2^31 cells. Thread t walks col = t, t + 256, … while col < cols (0 <= cols <= hidden by
//   __requires, otherwise arbitrary: up to 2^30 / 256 = 2^22 iterations), reading in[base + col]
//   (twice: x + x reads the reference twice) and writing out[base + col]. prove unrolls 8
//   iterations and proves the rest by induction: col ≡ t (mod 256), col >= t, and each logged
//   access at base + d (base: the index with col = 0) with d ≡ t (mod 256) and t <= d < cols.
//   Two threads of one block have one base and different t < 256: different d, different cells.
//   Two blocks b < b' have base' − base >= 2^30 = hidden >= cols > d, so block b's cells are
//   below block b''s: no race on out (in is only read), col + 256 never overflows an int
//   (col < cols <= 2^30) and base + col fits int64_t: ok, no bound (bound.unroll = null).
//   The two-blocks kernel (cols <= 4096 there) gives blocks 2k and 2k + 1 one token, 2 + k:
//   both write out[(2 + k) * 2^30 + col] for the same columns, an inter-group race as soon as
//   cols >= 1 (any race witness has it). The replay runs the launch as run does, block 0 to its
//   end, then block 1, whose first write (every thread at once, 2^31 + t) meets block 0's: the
//   first reported is thread 0's, cell 2^31 = 2147483648 (its low word, read as an int, is the
//   cell −2^31, another one), with thread 0 of block 0.
//   run with 2 blocks of 2 and cols = 3: block 0 writes 2^31 + 0, 1, 2 (thread 0: cols 0 and 2,
//   thread 1: col 1), block 1 writes 3 * 2^30 + 0, 1, 2 = 3221225472 …; each out = in + in with
//   in's unset cells 0 (run gives an unbounded buffer's unset cell 0): 0; ok. The two-blocks
//   kernel puts both blocks on token 2: block 1's thread 0 writes 2^31 after block 0's thread
//   0 did: the inter-group race at 2147483648.
#include <cstdint>

namespace serve {

template <typename T>
__device__ __forceinline__ T twice(const T& x) {
  return x + x;
}

// out[token, c] = 2 * in[token, c] for the first `cols` columns of the token's row, rows
// `hidden` elements apart (row * hidden in 64 bits).
template <typename T>
__device__ __forceinline__ void double_row(T* __restrict__ out, const T* __restrict__ in, const int64_t row,
                                           const int hidden, const int cols) {
  const int64_t base = row * static_cast<int64_t>(hidden);
  for (int col = threadIdx.x; col < cols; col += blockDim.x)
    out[base + col] = twice(in[base + col]);
}

// One block per token, tokens from first_token; the deployed shape pinned with __requires.
template <typename T>
__global__ void double_rows(T* __restrict__ out, const T* __restrict__ in, const int hidden, const int cols,
                            const int first_token) {
  __requires(hidden == 1073741824);
  __requires(first_token == 2);
  __requires(cols >= 0 && cols <= hidden);
  double_row(out, in, static_cast<int64_t>(first_token) + blockIdx.x, hidden, cols);
}

// Launched with two blocks per token, but each block still covers the whole row.
template <typename T>
__global__ void double_rows_two_blocks(T* __restrict__ out, const T* __restrict__ in, const int hidden,
                                       const int cols, const int first_token) {
  __requires(hidden == 1073741824);
  __requires(first_token == 2);
  __requires(cols >= 0 && cols <= 4096);
  double_row(out, in, static_cast<int64_t>(first_token) + blockIdx.x / 2, hidden, cols);
}

template __global__ void double_rows<int>(int*, const int*, const int, const int, const int);
template __global__ void double_rows_two_blocks<int>(int*, const int*, const int, const int, const int);

}  // namespace serve
