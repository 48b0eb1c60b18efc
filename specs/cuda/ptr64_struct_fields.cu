// spec: 64-bit target: pointer fields of a struct (a constructor's member initialisers, assignments, a struct copy passed by value) and of `this` that receive a 64-bit offset keep it: run and check see the exact cell past 2^32, an out-of-bounds names the 64-bit index, a race is on the 64-bit cell; --target 32 keeps the low word; so does an array of pointers used as rows[i]; one handed on as a T* const* keeps one word (inconclusive beyond 2^31 cells)
// run: run --kernel 'rmsnorm::add_bias<__half, float, false>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 0
// expect: verdict=ok final.out={"4294967298":1065353216,"4294967299":1065353216}
// run: check --kernel 'rmsnorm::add_bias<__half, float, false>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 0
// expect: verdict=ok
// run: run --kernel 'rmsnorm::add_bias<__half, float, false>' --block-dim 2 --param row=3 --param hidden=1431655766 --buffer out=64
// exit: 1
// expect: verdict=out-of-bounds array=out index=4294967298 threads=[0]
// run: check --kernel 'rmsnorm::add_bias<__half, float, true>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 1
// expect: verdict=race accesses.0.index=4294967298 accesses.1.index=4294967298
// run: run --kernel 'rmsnorm::add_bias<__half, float, false>' --block-dim 2 --param row=3 --param hidden=1431655766 --target 32
// exit: 0
// expect: verdict=ok final.out=[0,0,1065353216,1065353216]
// run: run --kernel 'rmsnorm::copy_span<float>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 0
// expect: verdict=ok final.out={"4294967298":1073741824,"4294967299":1073741824}
// run: run --kernel 'rmsnorm::fill_row<__half, float>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 0
// expect: verdict=ok final.out={"4294967298":1082130432,"4294967299":1082130432}
// run: prove --kernel 'rmsnorm::add_bias<__half, float, false>' --block-dim 2
// exit: 0
// expect: verdict=ok
// run: prove --kernel 'rmsnorm::add_bias<__half, float, true>' --block-dim 2
// exit: 1
// expect: verdict=race
// run: run --kernel 'rmsnorm::gather_rows<float>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 0
// expect: verdict=ok final.out={"4294967298":1084227584,"4294967299":1084227584}
// run: run --kernel 'rmsnorm::gather_rows_helper<float>' --block-dim 2 --param row=3 --param hidden=1431655766
// exit: 3
// expect: verdict=inconclusive threads=[0] location.line=145
// run: run --kernel 'rmsnorm::gather_rows_helper<float>' --block-dim 2 --param row=1 --param hidden=1000
// exit: 0
// expect: verdict=ok final.out.1000=1084227584 final.out.1001=1084227584 final.out.999=0
// why: row = 3, hidden = 1431655766: row * hidden in int64_t is 4294967298 = 2^32 + 2 (it does
//   not fit 32 bits). add_bias builds a Tile whose constructor initialises src = in + row *
//   hidden and dst = out + row * hidden (64-bit products: int64_t parameters): both fields
//   receive a 64-bit offset, so they keep its high word (frontends/clang/README.md, "Targets").
//   Thread t calls scale_row(tile, i = t, 1.0f): tile.store(i, src[i] + bias) writes
//   dst[i] through `this`, the cell 4294967298 + t of out; src[i] reads in's cell 4294967298 +
//   t, 0 under run (memory starts at 0), so the value is 0 + 1.0f = 1.0f, 0x3f800000 =
//   1065353216: cells 4294967298 and 4294967299 hold it, ok. check: each thread writes its own
//   cell, reads only in: no race, ok. With out bounded to 64 cells (0 ... 63), thread 0's
//   write at 4294967298 is outside: out-of-bounds, naming the 64-bit index 4294967298 (not
//   its low word 2, which is inside), thread 0 (the first to write; in is unbounded).
//   With SHARED_SLOT, i = t / 2 = 0 for both threads: both write the cell 4294967298, a
//   write-write race on it (no barrier between). Under --target 32 a 64-bit offset is its
//   low word (GPUVerify's model): 4294967298 mod 2^32 = 2, so cells 2 and 3 hold 1.0f and
//   out reads [0,0,1065353216,1065353216]. copy_span assigns Span's fields src = in + row *
//   hidden and dst = out + row * hidden, copies the struct (Span c = s) and passes it by
//   value to copy_elem, which writes c.dst[t] = c.src[t] + 2.0f: 0 + 2.0f = 0x40000000 =
//   1073741824 at cells 4294967298 + t: the copy and the parameter keep the high word too.
//   fill_row reads the field through an accessor (d = tile.dst(), a member function returning
//   dst_): d keeps the 64-bit offset 4294967298, and thread t writes 4.0f (0x40800000 =
//   1082130432) at cell 4294967298 + t.
//   gather_rows stores out + row * hidden (4294967298) into an array of pointers used only
//   as rows[i]: its elements keep the high word too, and thread t writes 5.0f (0x40a00000 =
//   1084227584) at cell 4294967298 + t. gather_rows_helper hands the array to put_row as a
//   `T* const*`, whose steps count two cells per pointer: that array keeps one word per
//   pointer, so its initialiser (line 145) cannot hold 4294967298 and is inconclusive for
//   thread 0 (the first to run it), never its low word 2; with row = 1 and hidden = 1000 the
//   offset 1000 fits, and thread t writes 5.0f at cell 1000 + t (cell 999 stays 0).
//   prove (any row, hidden, 64-bit cells): without SHARED_SLOT thread t writes only the cell
//   row * hidden + t, distinct per thread: ok; with it both threads write row * hidden + 0
//   for every row and hidden: race.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace rmsnorm {

// One row of a [rows, hidden] activation: where it is read and where it is written.
template <typename In, typename Out>
class Tile {
 public:
  __device__ __forceinline__ Tile(const In* in, Out* out, int64_t row, int64_t hidden)
      : src_(in + row * hidden), dst_(out + row * hidden) {}
  __device__ __forceinline__ float load(int i) const { return __half2float(src_[i]); }
  __device__ __forceinline__ void store(int i, Out v) const { dst_[i] = v; }
  __device__ __forceinline__ Out* dst() const { return dst_; }

 private:
  const In* src_;
  Out* dst_;
};

template <typename In, typename Out>
__device__ __forceinline__ void scale_row(const Tile<In, Out>& tile, int i, Out bias) {
  tile.store(i, static_cast<Out>(tile.load(i)) + bias);
}

template <typename In, typename Out, bool SHARED_SLOT>
__global__ void add_bias(const In* __restrict__ in, Out* __restrict__ out, int row, int hidden) {
  const Tile<In, Out> tile(in, out, row, hidden);
  const int i = SHARED_SLOT ? threadIdx.x / 2 : threadIdx.x;  // the bug: two threads per slot
  scale_row(tile, i, Out(1));
}

template <typename In, typename Out>
__global__ void fill_row(const In* __restrict__ in, Out* __restrict__ out, int row, int hidden) {
  const Tile<In, Out> tile(in, out, row, hidden);
  Out* d = tile.dst();
  d[threadIdx.x] = Out(4);
}

template <typename T>
struct Span {
  const T* src;
  T* dst;
};

template <typename T>
__device__ __forceinline__ void copy_elem(Span<T> c, int i) {
  c.dst[i] = c.src[i] + T(2);
}

template <typename T>
__global__ void copy_span(const T* __restrict__ in, T* __restrict__ out, int row, int hidden) {
  Span<T> s;
  s.src = in + static_cast<int64_t>(row) * hidden;
  s.dst = out + static_cast<int64_t>(row) * hidden;
  Span<T> c = s;
  copy_elem(c, threadIdx.x);
}

// An array of row pointers: elements `rows[i]` keep a 64-bit offset; an array handed on as a
// `T* const*` keeps one word per pointer (frontends/clang/README.md, "Targets").
template <typename T>
__global__ void gather_rows(T* __restrict__ out, int row, int hidden) {
  T* rows[2] = {out, out + static_cast<int64_t>(row) * hidden};
  rows[1][threadIdx.x] = T(5);
}

template <typename T>
__device__ __forceinline__ void put_row(T* const* rows, int r, int i, T v) {
  rows[r][i] = v;
}

template <typename T>
__global__ void gather_rows_helper(T* __restrict__ out, int row, int hidden) {
  T* rows[2] = {out, out + static_cast<int64_t>(row) * hidden};
  put_row(rows, 1, threadIdx.x, T(5));
}

template __global__ void gather_rows<float>(float*, int, int);
template __global__ void gather_rows_helper<float>(float*, int, int);
template __global__ void add_bias<__half, float, false>(const __half*, float*, int, int);
template __global__ void add_bias<__half, float, true>(const __half*, float*, int, int);
template __global__ void fill_row<__half, float>(const __half*, float*, int, int);
template __global__ void copy_span<float>(const float*, float*, int, int);

}  // namespace rmsnorm
