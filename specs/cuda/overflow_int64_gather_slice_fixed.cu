// spec: 64-bit target: the slice-gather kernel with end clamped to [start, nrows] before any offset is computed: no signed 64-bit overflow for any parameters, under run and prove
// run: run --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2 --buffer src=12 --buffer dst=8 --init src=10,11,12,13,14,15,16,17,18,19,20,21 --param start.lo=1 --param end.lo=-1 --param end.hi=2147483647 --param nrows.lo=3 --param row_stride.lo=4 --param cols=4
// exit: 0
// expect: verdict=ok final.dst=[14,15,16,17,18,19,20,21]
// run: run --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2 --buffer src=12 --buffer dst=8 --init src=10,11,12,13,14,15,16,17,18,19,20,21 --param start.lo=2 --param end.lo=0 --param end.hi=-2147483648 --param nrows.lo=3 --param row_stride.lo=4 --param cols=3
// exit: 0
// expect: verdict=ok final.dst=[0,0,0,0,0,0,0,0]
// run: prove --kernel 'slicing::gather_slice<int>' --block-dim 4 --grid-dim 2
// exit: 0
// expect: verdict=ok
// why: the same 3 x 4 matrix src = 10 .. 21 as overflow_int64_gather_slice.cu (row r = src[4r ..
//   4r + 3]). Case 1: the open slice x[1:] (end = INT64_MAX): stop = min(max(end, start), nrows)
//   = 3, last = 3 * 4 = 12; block b, thread c: from = 4 + 4b + c < 12 for b in {0, 1}: dst[4b + c]
//   = src[4 + 4b + c], dst = 14..21. Case 2: end = INT64_MIN (hi 0x80000000 = -2147483648, lo 0) and
//   start = 2: stop = max(end, start) = 2 (then min with 3: 2), last = 8; from = 8 + 4b + c >= 8:
//   nothing copied, dst all 0 (an empty slice; before the fix -2^63 * 4 would overflow). Case 3:
//   prove, every parameter under __requires (0 <= start <= nrows <= 1024, 0 <= cols <= row_stride
//   <= 1024), end arbitrary: stop lies in [start, nrows], so every product is at most 1024 * 1024
//   = 2^20 (blockIdx.x <= 1 and cols <= 1024 for the others) and every sum below 2^21: no signed
//   overflow; from >= 0 and from < 2^31 fits the model's cells (no 64-bit address beyond 32 bits);
//   dst's index b * cols + c with c < cols is distinct per thread of the launch (groups included)
//   and src is only read: no race. Nothing fails: ok, exit 0.
#include <cstdint>

namespace slicing {

// Offset of row `row` of a row-major view whose rows are `row_stride` elements apart.
template <typename Index>
__device__ inline Index row_offset(Index row, Index row_stride) {
  return row * row_stride;
}

template <typename Index>
__device__ inline Index clamp(Index v, Index lo, Index hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

// dst row b = row start + b of the slice src[start:end) (PyTorch's x[start:end]; an open slice
// x[start:] passes end = INT64_MAX), `cols` elements per row.
template <typename T>
__global__ void gather_slice(const T* __restrict__ src, T* __restrict__ dst, int64_t start, int64_t end, int64_t nrows,
                             int64_t row_stride, int cols) {
  __requires(start >= 0 && start <= nrows && nrows <= 1024 && cols >= 0 && cols <= row_stride && row_stride <= 1024);
  const int col = threadIdx.x;
  const int64_t stop = clamp<int64_t>(end, start, nrows);  // FIX: clamp before computing offsets
  const int64_t first = row_offset<int64_t>(start, row_stride);
  const int64_t last = row_offset<int64_t>(stop, row_stride);
  const int64_t from = first + row_offset<int64_t>(blockIdx.x, row_stride) + col;
  if (col < cols && from < last) dst[row_offset<int64_t>(blockIdx.x, cols) + col] = src[from];
}

template __global__ void gather_slice<int>(const int*, int*, int64_t, int64_t, int64_t, int64_t, int);

}  // namespace slicing
