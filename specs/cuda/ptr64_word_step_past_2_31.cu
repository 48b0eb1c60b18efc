// spec: 64-bit target: a pointer kept in one word (stepped by int values only) that is stepped past 2^31 - 1 cells is inconclusive, never the wrapped cell -2^31; an element reached from it at 2^31 is the exact cell
// run: run --kernel 'kv::mark_next<int>' --block-dim 2 --param row_end=2147483647
// exit: 3
// expect: verdict=inconclusive
// run: run --kernel 'kv::mark_next<int>' --block-dim 2 --param row_end=5 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0,0,0,1,1]
// run: run --kernel 'kv::mark_at<int>' --block-dim 2 --param row_end=2147483647
// exit: 0
// expect: verdict=ok final.out={"2147483647":1,"2147483648":1}
// why: row_after's p = base + row_end steps by an int only, so p keeps one word (no 64-bit
//   integer reaches it). With row_end = 2^31 - 1, p is the cell 2147483647, which fits; ++p
//   would be the cell 2^31, which one word cannot hold: the model says so (inconclusive,
//   exit 3) instead of wrapping to -2^31 (KPL's + on Words) and writing there. With row_end
//   = 5 and out bounded to 8 cells, ++p is the cell 6 and thread t writes 1 at 6 + t:
//   [0,0,0,0,0,0,1,1] (the other cells start at 0). mark_at's p = out + 2^31 - 1 needs no step
//   of its own: thread t's p[t] is the cell 2^31 - 1 + t, computed in 64 bits (C's p + t):
//   thread 0 writes 2147483647 and thread 1 the exact cell 2147483648.
#include <cuda_runtime.h>

namespace kv {

template <typename T>
__device__ __forceinline__ T* row_after(T* base, int row_end) {
  T* p = base + row_end;
  ++p;
  return p;
}

template <typename T>
__global__ void mark_next(T* __restrict__ out, int row_end) {
  T* p = row_after(out, row_end);
  p[threadIdx.x] = T(1);
}

template <typename T>
__global__ void mark_at(T* __restrict__ out, int row_end) {
  T* p = out + row_end;
  p[threadIdx.x] = T(1);
}

template __global__ void mark_next<int>(int*, int);
template __global__ void mark_at<int>(int*, int);

}  // namespace kv
