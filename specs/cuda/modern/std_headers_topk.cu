// spec: a production-style kernel including the C++ standard headers (libstdc++ through Clang's CUDA wrappers): std::min/max, std::swap, std::numeric_limits, std::is_same_v, <cstdint>, <cmath>, <cassert>, <cfloat>, <climits>
// run: run --block-dim 4 --buffer in=4 --buffer out=4 --buffer lim=3 --init in=7,2,9,4
// exit: 0
// expect: verdict=ok final.out=[2,7,4,9] final.lim=[2147483647,-2147483648,1]
// why: pair_kernel<int, 2> (kFloor = 2, the only instantiation: explicit, in namespace vllm).
//   Thread t pairs in[t] with in[t^1]: lo = std::min, hi = std::max of the pair; odd threads
//   std::swap them, so lo is the pair's max there; out[t] = std::max(lo, 2).
//   t0: (7,2) lo 2 -> max(2,2) = 2; t1: (2,7) lo 2 hi 7, swapped, lo 7 -> 7;
//   t2: (9,4) lo 4 -> 4; t3: (4,9) swapped, lo 9 -> 9. out = [2,7,4,9].
//   Thread 0: lim[0] = numeric_limits<int>::max() = 2147483647, lim[1] = min() = -2147483648,
//   lim[2] = (INT_MAX == max()) && is_signed<int> = 1. No two threads write one cell: ok.
#include <algorithm>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

namespace vllm {

template <typename T>
__device__ __forceinline__ T clamp_low(T v, T lo) {
  static_assert(std::is_same_v<T, int32_t>, "int kernels only");
  return std::max(v, lo);
}

template <typename T, int kFloor>
__global__ void __launch_bounds__(128) pair_kernel(const T* __restrict__ in, T* __restrict__ out, T* __restrict__ lim) {
  const int t = threadIdx.x;
  T lo = std::min(in[t], in[t ^ 1]);
  T hi = std::max(in[t], in[t ^ 1]);
  if (t & 1) std::swap(lo, hi);
  out[t] = clamp_low<T>(lo, kFloor);
  if (t == 0) {
    lim[0] = std::numeric_limits<T>::max();
    lim[1] = std::numeric_limits<T>::min();
    lim[2] = INT_MAX == std::numeric_limits<int>::max() && std::is_signed<T>::value;
  }
}

template __global__ void pair_kernel<int, 2>(const int*, int*, int*);

}  // namespace vllm
