// spec: 64-bit target: a pointer held in a struct's field (and in an array of pointers) that is stepped past 2^31 - 1 cells (++ on the field through a member function, += on an array element) is inconclusive, never the wrapped cell -2^31; below the Word the same steps write the exact cells
// run: run --kernel 'stream::emit_pair<float>' --block-dim 1 --param start=2147483647
// exit: 3
// expect: verdict=inconclusive location.line=43
// run: run --kernel 'stream::emit_pair<float>' --block-dim 1 --param start=5 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0,0,1065353216,1073741824,0]
// run: run --kernel 'stream::emit_rows<float>' --block-dim 1 --param start=2147483646 --param step=2
// exit: 3
// expect: verdict=inconclusive location.line=61
// run: run --kernel 'stream::emit_rows<float>' --block-dim 1 --param start=1 --param step=2 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[0,1065353216,0,1073741824,0,0,0,0]
// run: run --kernel 'stream::emit_skip<float>' --block-dim 1 --param start=2147483647 --param step=1
// exit: 3
// expect: verdict=inconclusive location.line=68
// why: Cursor<float>::put writes *pos, then ++pos steps the field pos (a pointer held in two
//   memory cells of the struct c: its offset, one word, and its buffer's id). emit_pair sets
//   c.pos = out + start (an int step: the offset start) and calls put twice. With start =
//   2^31 - 1 the first put writes 1.0f at the cell 2147483647, which fits a word; ++pos makes
//   the offset 2^31, which the field's one word cannot hold: the model must say so
//   (inconclusive, exit 3, at the ++pos of line 43) rather than wrap the offset to -2^31 (C's
//   pointer arithmetic has no wrap at 2^31 elements: the device's address is 64 bits) and let
//   the second put write 2.0f at a cell that is not the one the GPU writes. With start = 5
//   and out bounded to 8 cells, the puts write 1.0f (0x3f800000 = 1065353216) at cell 5 and
//   2.0f (0x40000000 = 1073741824) at cell 6; the other cells start at 0.
//   emit_rows keeps two row pointers in an array (rows[0] = out + start, rows[1] = rows[0]),
//   writes 1.0f through rows[0], then rows[1] += step (line 61) and writes 2.0f through
//   rows[1]. With start = 2^31 - 2 and step = 2, rows[1] would be the cell 2^31: inconclusive
//   at line 61, never -2^31. With start = 1, step = 2: 1.0f at cell 1, 2.0f at cell 3.
//   emit_skip does the same with a pointer local (p += step on one word: no 64-bit integer
//   reaches p): with start = 2^31 - 1 and step = 1, p would be the cell 2^31: inconclusive at
//   line 68, never -2^31.
#include <cuda_runtime.h>

namespace stream {

template <typename T>
struct Cursor {
  T* pos;
  __device__ __forceinline__ void put(T v) {
    *pos = v;
    ++pos;
  }
};

template <typename T>
__global__ void emit_pair(T* __restrict__ out, int start) {
  Cursor<T> c;
  c.pos = out + start;
  c.put(T(1));
  c.put(T(2));
}

template <typename T>
__global__ void emit_rows(T* __restrict__ out, int start, int step) {
  T* rows[2];
  rows[0] = out + start;
  rows[1] = rows[0];
  *rows[0] = T(1);
  rows[1] += step;
  *rows[1] = T(2);
}

template <typename T>
__global__ void emit_skip(T* __restrict__ out, int start, int step) {
  T* p = out + start;
  p += step;
  *p = T(1);
}

template __global__ void emit_skip<float>(float*, int, int);
template __global__ void emit_pair<float>(float*, int);
template __global__ void emit_rows<float>(float*, int, int);

}  // namespace stream
