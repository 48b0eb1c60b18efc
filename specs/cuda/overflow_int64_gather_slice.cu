// spec: 64-bit target: a templated slice-gather kernel computes the int64_t offset end * row_stride of an open slice x[start:] (end = INT64_MAX) before clamping end: signed 64-bit overflow, found by run, check and prove
// run: run --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2 --buffer src=12 --buffer dst=8 --init src=10,11,12,13,14,15,16,17,18,19,20,21 --param start.lo=1 --param end.lo=-1 --param end.hi=2147483647 --param nrows.lo=3 --param row_stride.lo=4 --param cols=4
// exit: 1
// expect: verdict=integer-overflow group=0 threads=[0] location.line=41
// run: run --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2 --buffer src=12 --buffer dst=8 --init src=10,11,12,13,14,15,16,17,18,19,20,21 --param start.lo=1 --param end.lo=3 --param nrows.lo=3 --param row_stride.lo=4 --param cols=4
// exit: 0
// expect: verdict=ok final.dst=[14,15,16,17,18,19,20,21]
// run: run --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2 --buffer src=12 --buffer dst=8 --init src=10,11,12,13,14,15,16,17,18,19,20,21 --param start.lo=1 --param end.lo=-1 --param end.hi=2147483647 --param nrows.lo=3 --param row_stride.lo=4 --param cols=4 --no-overflow-check
// exit: 0
// expect: verdict=ok final.dst=[0,0,0,0,0,0,0,0]
// run: check --kernel 'slicing::gather_slice<int>' --block-dim 2 --grid-dim 1 --buffer src=12 --buffer dst=8 --param start.lo=1 --param end.lo=-1 --param end.hi=2147483647 --param nrows.lo=3 --param row_stride.lo=4 --param cols=2
// exit: 1
// expect: verdict=integer-overflow
// run: prove --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2
// exit: 1
// expect: verdict=integer-overflow confirmed=true
// why: src is a 3 x 4 row-major int matrix (row_stride 4): row r is src[4r .. 4r + 3], so with
//   src = 10 .. 21, row 0 = 10..13, row 1 = 14..17, row 2 = 18..21. Block b gathers row start + b
//   of the slice into dst row b. row_offset's product reaches an address (from, then src[from]),
//   so every multiplication it makes is checked, the one for `last` included. Case 1: the open
//   slice x[1:] passes end = INT64_MAX = 2^63 - 1 (words lo 0xffffffff = -1, hi 0x7fffffff =
//   2147483647). Group 0 runs first; every thread computes first = 1 * 4 = 4, then last = (2^63 - 1)
//   * 4 = 2^65 - 4 > 2^63 - 1: signed 64-bit overflow (undefined in C++), thread 0 the lowest:
//   integer-overflow, group 0, thread 0, at the statement that multiplies, row_offset's return
//   (line 41). Case 2: the closed slice x[1:3] (end = 3): last = 12; block
//   b, thread c: from = 4 + 4b + c < 12 for b in {0, 1}, c in 0..3, so dst[4b + c] = src[4 + 4b + c]:
//   dst = 14..21, no overflow anywhere (products at most 3 * 4). Case 3: --no-overflow-check wraps:
//   last = 2^65 - 4 mod 2^64 = 2^64 - 4, the signed value -4; from >= 4 is never < -4, so nothing is
//   copied: dst stays all 0 (the silent wrong result the check exists for). Case 4: check explores
//   the same overflow (2 threads, 1 block): every schedule reaches last = INT64_MAX * 4 first.
//   Case 5: prove, parameters arbitrary under __requires (0 <= start <= nrows <= 1024, 0 <= cols
//   <= row_stride <= 1024), end unconstrained: end = INT64_MAX, row_stride >= 2 makes end *
//   row_stride overflow for every thread; the interpreter's replay confirms it.
#include <cstdint>

namespace slicing {

// Offset of row `row` of a row-major view whose rows are `row_stride` elements apart.
template <typename Index>
__device__ inline Index row_offset(Index row, Index row_stride) {
  return row * row_stride;
}

// dst row b = row start + b of the slice src[start:end) (PyTorch's x[start:end]; an open slice
// x[start:] passes end = INT64_MAX), `cols` elements per row.
template <typename T>
__global__ void gather_slice(const T* __restrict__ src, T* __restrict__ dst, int64_t start, int64_t end, int64_t nrows,
                             int64_t row_stride, int cols) {
  __requires(start >= 0 && start <= nrows && nrows <= 1024 && cols >= 0 && cols <= row_stride && row_stride <= 1024);
  const int col = threadIdx.x;
  const int64_t first = row_offset<int64_t>(start, row_stride);
  const int64_t last = row_offset<int64_t>(end, row_stride);  // BUG: end is not clamped to nrows first
  const int64_t from = first + row_offset<int64_t>(blockIdx.x, row_stride) + col;
  if (col < cols && from < last) dst[row_offset<int64_t>(blockIdx.x, cols) + col] = src[from];
}

template __global__ void gather_slice<int>(const int*, int*, int64_t, int64_t, int64_t, int64_t, int);
template __global__ void gather_slice<float>(const float*, float*, int64_t, int64_t, int64_t, int64_t, int);

}  // namespace slicing
