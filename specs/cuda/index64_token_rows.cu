// spec: 64-bit target: rows of an activation indexed with int64_t past 2^31 are exact cells of an unbounded buffer (run, check, prove); the same kernel instantiated with an int index overflows; a --buffer-bounded input is out-of-bounds at the exact 64-bit index
// run: run --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 0
// expect: verdict=ok final.out={"2147483648":1,"2147483649":1,"2147483650":1,"2147483651":1,"3221225472":1,"3221225473":1,"3221225474":1,"3221225475":1}
// run: check --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 0
// expect: verdict=ok
// run: run --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2 --buffer in=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD group=0 threads=[0] index=2147483648 location.line=62
// run: run --kernel 'serve::add_one_rows<int>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 1
// expect: verdict=integer-overflow group=0 threads=[0] location.line=70
// run: prove --kernel 'serve::add_one_rows_deployed<long>' --block-dim 2 --grid-dim 2
// exit: 0
// expect: verdict=ok bound.unroll=null
// run: prove --kernel 'serve::add_one_rows_deployed<long>' --block-dim 2 --grid-dim 2 --buffer in=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD array="in" confirmed=true replayed.verdict=out-of-bounds replayed.threads=[0] replayed.index=2147483648 replayed.location.line=62 witness.params={"cols":4,"first_token":2,"hidden":1073741824}
// run: prove --kernel 'serve::add_one_rows_deployed<int>' --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=integer-overflow confirmed=true replayed.verdict=integer-overflow replayed.threads=[0] location.line=70
// why: block b of the int64_t instance: token = first_token + b = 2 + b, row = token * hidden =
//   (2 + b) * 2^30 computed in 64 bits (int64_t times int), exactly 2^31 = 2147483648 for block 0
//   and 3 * 2^30 = 3221225472 for block 1; thread t handles columns i = t and t + 2 (< cols = 4).
//   Each writes out[row + i] = in[row + i] + 1, and in's cells are unset (run gives an unbounded
//   buffer's unset cell 0): out's cells 2^31 .. 2^31 + 3 and 3 * 2^30 .. 3 * 2^30 + 3 are 1, the
//   exact 64-bit indices (not their low words, which would be 0 .. 3 and -2^30 .. -2^30 + 3).
//   hidden = 2^30 allocates nothing: the buffers are parameters without a size, kept sparsely.
//   check: the same launch, the only configuration (sizes given, no arbitrary value reaches a
//   condition or an address: in's values are abstract), no race (each (block, column) writes its
//   own cell, blocks 2^30 cells apart): ok. --buffer in=64 makes in 64 cells: the first access,
//   the read of in[row + i] (the right side is evaluated first; bump takes it by reference, so the
//   cell is read where bump reads x, line 62), is by thread 0 of block 0 at 2^31, outside
//   in[0..63]: out-of-bounds at line 62, index 2147483648. The int
//   instance computes token * hidden = 2 * 2^30 = 2^31 in int: a signed overflow (undefined
//   behaviour) reaching an address, integer-overflow at line 70 for thread 0 of block 0 (the
//   first to run). The requirement hidden >= cols keeps rows apart for every input (without it
//   hidden = 0 puts both blocks on one row, a real inter-group race, which prove finds).
//   prove takes add_one_rows_deployed, the same row code with hidden = 2^30, cols = 4 and
//   first_token = 2 fixed by __requires (prove has no --param; with every input symbolic it
//   does not finish in the runner's 120 s), so its launches are the run cases': the
//   int64_t instance under --target 64 has 64-bit cell indices (row + i is a 64-bit index,
//   an addr64 access), encoded exactly: the cells are 2^31 + i and 3 * 2^30 + i, i = 0..3,
//   all distinct for distinct (block, column), and no thread reads a cell another writes
//   (in is only read, out only written): no race, within a block or between the 2 blocks;
//   the unbounded buffers have no bound to break and nothing overflows (the row fits 64
//   bits, the int column i < 4): ok, and the loop (i = t, t + 2 < 4: two trips) ends within
//   the unrolling, so no bound (bound.unroll=null). With --buffer in=64 every thread's first
//   read of in is outside in[0..63] (every cell is at least 2^31); prove's own claim is some
//   thread's (the solver's choice), its replay runs the launch as run does: thread 0 of
//   block 0 first, reading in[2147483648] at line 62 (bump's x, as above): the exact cell
//   (its low word, 0, would be inside in). The int instance overflows computing
//   token * hidden = 2^31 (block 0) or 3 * 2^30 (block 1) at line 70 for every thread:
//   integer-overflow, confirmed by the replay with thread 0 of block 0 first.
#include <cstdint>

namespace serve {

template <typename T>
__device__ __forceinline__ T bump(const T& x) {
  return x + T(1);
}

// out[token, i] = in[token, i] + 1 for the first `cols` columns of rows `hidden` elements apart.
template <typename index_t>
__device__ __forceinline__ void add_one_row(int* __restrict__ out, const int* __restrict__ in, const int hidden,
                                            const int cols, const int first_token) {
  const index_t token = static_cast<index_t>(first_token) + static_cast<index_t>(blockIdx.x);
  const index_t row = token * hidden;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
    out[row + i] = bump(in[row + i]);
  }
}

template <typename index_t>
__global__ void __launch_bounds__(256) add_one_rows(int* __restrict__ out, const int* __restrict__ in, const int hidden,
                                                    const int cols, const int first_token) {
  __requires(hidden >= cols);  // rows do not overlap
  add_one_row<index_t>(out, in, hidden, cols, first_token);
}

// The deployed shape (hidden = 2^30, 4 live columns, tokens from 2), pinned with GPUVerify's
// __requires so that prove covers that launch (prove has no --param).
template <typename index_t>
__global__ void __launch_bounds__(256) add_one_rows_deployed(int* __restrict__ out, const int* __restrict__ in,
                                                             const int hidden, const int cols, const int first_token) {
  __requires(hidden == 1073741824);
  __requires(cols == 4);
  __requires(first_token == 2);
  add_one_row<index_t>(out, in, hidden, cols, first_token);
}

template __global__ void add_one_rows<int64_t>(int*, const int*, const int, const int, const int);
template __global__ void add_one_rows<int>(int*, const int*, const int, const int, const int);
template __global__ void add_one_rows_deployed<int64_t>(int*, const int*, const int, const int, const int);
template __global__ void add_one_rows_deployed<int>(int*, const int*, const int, const int, const int);

}  // namespace serve
