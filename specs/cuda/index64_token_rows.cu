// spec: 64-bit target: rows of an activation indexed with int64_t past 2^31 are exact cells of an unbounded buffer (run, check); the same kernel instantiated with an int index overflows; a --buffer-bounded input is out-of-bounds at the exact 64-bit index
// run: run --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 0
// expect: verdict=ok final.out={"2147483648":1,"2147483649":1,"2147483650":1,"2147483651":1,"3221225472":1,"3221225473":1,"3221225474":1,"3221225475":1}
// run: check --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 0
// expect: verdict=ok
// run: run --kernel 'serve::add_one_rows<long>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2 --buffer in=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD group=0 threads=[0] index=2147483648 location.line=40
// run: run --kernel 'serve::add_one_rows<int>' --block-dim 2 --grid-dim 2 --param hidden=1073741824 --param cols=4 --param first_token=2
// exit: 1
// expect: verdict=integer-overflow group=0 threads=[0] location.line=49
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
//   cell is read where bump reads x, line 40), is by thread 0 of block 0 at 2^31, outside
//   in[0..63]: out-of-bounds at line 40, index 2147483648. The int
//   instance computes token * hidden = 2 * 2^30 = 2^31 in int: a signed overflow (undefined
//   behaviour) reaching an address, integer-overflow at line 49 for thread 0 of block 0 (the
//   first to run). The requirement hidden >= cols keeps rows apart for every input (without it
//   hidden = 0 puts both blocks on one row, a real inter-group race, which prove finds). prove
//   is not a case here: it encodes cells as 32-bit bit-vectors (an address beyond 2^31 is
//   inconclusive for it, README), and with every input symbolic it does not finish in the
//   runner's 120 s.
#include <cstdint>

namespace serve {

template <typename T>
__device__ __forceinline__ T bump(const T& x) {
  return x + T(1);
}

// out[token, i] = in[token, i] + 1 for the first `cols` columns of rows `hidden` elements apart.
template <typename index_t>
__global__ void __launch_bounds__(256) add_one_rows(int* __restrict__ out, const int* __restrict__ in, const int hidden,
                                                    const int cols, const int first_token) {
  __requires(hidden >= cols);  // rows do not overlap
  const index_t token = static_cast<index_t>(first_token) + static_cast<index_t>(blockIdx.x);
  const index_t row = token * hidden;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
    out[row + i] = bump(in[row + i]);
  }
}

template __global__ void add_one_rows<int64_t>(int*, const int*, const int, const int, const int);
template __global__ void add_one_rows<int>(int*, const int*, const int, const int, const int);

}  // namespace serve
