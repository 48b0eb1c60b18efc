// spec: 64-bit target: a row pointer advanced down a column with `p += row_stride` (an int64_t stride of 2^31) reaches 2^32 and ends at `p < end` compared in 64 bits; `last - first` is the exact 64-bit ptrdiff_t and `==`/`<` compare whole 64-bit offsets (run, check); a bounded buffer is out-of-bounds at the first row past 2^31
// run: run --kernel 'kv::column_sums<int>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param rows=3 --init in=1,2 --init in[2147483648]=10,20 --init in[4294967296]=100,200
// exit: 0
// expect: verdict=ok final.out=[111,222]
// run: check --kernel 'kv::column_sums<int>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param rows=3
// exit: 0
// expect: verdict=ok
// run: run --kernel 'kv::column_sums<int>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param rows=3 --buffer in=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[0] index=2147483648 location.line=49
// run: run --kernel 'kv::rows_between<float>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param first_row=1 --param last_row=3
// exit: 0
// expect: verdict=ok final.out=[2,2]
// run: run --kernel 'kv::rows_between<float>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param first_row=3 --param last_row=1
// exit: 0
// expect: verdict=ok final.out=[8,8]
// run: run --kernel 'kv::rows_between<float>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param first_row=2 --param last_row=2
// exit: 0
// expect: verdict=ok final.out=[100,100]
// run: check --kernel 'kv::rows_between<float>' --block-dim 2 --param row_stride.lo=2147483648 --param row_stride.hi=0 --param first_row=3 --param last_row=1
// exit: 0
// expect: verdict=ok
// why: row_stride = 2^31 (low word 2^31 as unsigned bits, high word 0). column_sums: thread t
//   passes col = in + t; end = col + rows * row_stride = t + 3 * 2^31 (int times int64_t: 64
//   bits); p starts at t and steps by 2^31: p = t, t + 2^31, t + 2^32 (past 2^32), then
//   t + 3 * 2^31 = end, where p < end (a 64-bit comparison of offsets into one array) is false:
//   three reads, in[t] + in[t + 2^31] + in[t + 2^32] = 1 + 10 + 100 = 111 (t = 0) and 2 + 20 +
//   200 = 222 (t = 1). (The offsets' low words, t, t + 2^31, t, t + 2^31, would make p < end
//   and the cells wrong.) check: the one launch, each thread reads only and writes its own
//   out[t]: ok. --buffer in=64: the first row is inside in[0..63]; both threads then step to
//   the second row and thread 0 (run's order) reads in[2^31] at line 49 (`acc += *p`):
//   out-of-bounds, index 2147483648 exactly. rows_between: first = in + first_row * 2^31 + t,
//   last = in + last_row * 2^31 + t, d = last - first = (last_row - first_row) * 2^31 in 64
//   bits (a ptrdiff_t of float elements, one cell each), d / row_stride = last_row -
//   first_row. first_row = 1, last_row = 3: d = 2^32, 2 rows, first != last, last > first: 2.
//   3 and 1: d = -2^32, -2 rows, last < first: -2 + 10 = 8. 2 and 2: d = 0, equal: 100. (In 32
//   bits the offsets 2^31 + t and 3 * 2^31 + t have equal low words: d would be 0 and first ==
//   last.) check of the second launch: sizes given, in is never read: ok.
#include <cstddef>
#include <cstdint>

namespace kv {

// Sums one column of a [rows, row_stride] matrix by walking a row pointer down it.
template <typename T>
__device__ T column_sum(const T* __restrict__ col, int64_t row_stride, int rows) {
  T acc = 0;
  const T* const end = col + rows * row_stride;
  for (const T* p = col; p < end; p += row_stride) acc += *p;
  return acc;
}

template <typename T>
__global__ void column_sums(const T* __restrict__ in, T* __restrict__ out, int64_t row_stride, int rows) {
  out[threadIdx.x] = column_sum(in + threadIdx.x, row_stride, rows);
}

// The rows between two row pointers of one column, and how they compare.
template <typename T>
__global__ void rows_between(const T* __restrict__ in, int* __restrict__ out, int64_t row_stride, int first_row,
                             int last_row) {
  const T* first = in + first_row * row_stride + threadIdx.x;
  const T* last = in + last_row * row_stride + threadIdx.x;
  const ptrdiff_t d = last - first;
  out[threadIdx.x] = static_cast<int>(d / row_stride) + (first == last ? 100 : 0) + (last < first ? 10 : 0);
}

template __global__ void column_sums<int>(const int*, int*, int64_t, int);
template __global__ void rows_between<float>(const float*, int*, int64_t, int, int);

}  // namespace kv
