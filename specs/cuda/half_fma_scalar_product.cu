// spec: fp16ScalarProduct-style dot product with __hfma2: each half's a*b+c is rounded once (fused), then a tree of __hadd2 in shared memory, the pair summed in float
// run: run --block-dim 4 --buffer a=16 --buffer b=16 --buffer results=1 --init a=15361,1,0,0,0,0,0,0,15361,15872,0,0,0,0,0,0 --init b=15361,15360,0,0,0,0,0,0,48129,14678,0,0,0,0,0,0
// exit: 0
// expect: verdict=ok final.results=[1065361400]
// why: a and b are 8 half2 (cells x, y each); thread t accumulates elements t and t + 4, so only
//   thread 0 sees nonzero operands (elements 0 and 4), the others fma(0, 0, +0) = +0.
//   x half: element 0: (1 + 2^-10)(1 + 2^-10) = 1 + 2^-9 + 2^-20 rounds once to 1 + 2^-9 (0x3c02);
//   element 4: fma(1 + 2^-10, -(1 + 2^-10), 1 + 2^-9) = -(1 + 2^-9 + 2^-20) + 1 + 2^-9 = -2^-20
//   exactly: the fused product keeps its 2^-20 (an unfused mul then add gives 0); -2^-20 is the
//   subnormal 16 * 2^-24 = 0x8010. y half: element 0: 2^-24 * 1 = 2^-24 (0x0001); element 4:
//   1.5 (0x3e00) * 683/1024 (0x3956) = 2049/2048 = 1 + 2^-11, + 2^-24: the exact sum is just above
//   the midpoint 1 + 2^-11 between halves 1 and 1 + 2^-10, so it rounds to 1 + 2^-10 (0x3c01).
//   (Rounding first to float then to half would land on the midpoint, 1 + 2^-11 + 2^-24 being a
//   float tie that goes to even, then tie to even gives 1.0: why __hfma rounds to odd in float.)
//   The __hadd2 tree adds +0 (exact) so shArray[0] = (-2^-20, 1 + 2^-10), and
//   __low2float + __high2float = 1 + 2^-10 - 2^-20 is exact in float (ulp 2^-23 there):
//   0x3f800000 + (2^-10 - 2^-20) * 2^23 = 1065353216 + 8184 = 1065361400.
//   specs/derivations/reduced_precision.py recomputes it with exact rationals.
#include <cuda_fp16.h>

namespace {
constexpr int kThreads = 4;
constexpr int kSize = 8;  // half2 elements

__device__ void reduceInShared(half2* v) {
  const int t = threadIdx.x;
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (t < s) v[t] = __hadd2(v[t], v[t + s]);
    __syncthreads();
  }
}
}  // namespace

__global__ void scalarProduct(const half2* a, const half2* b, float* results) {
  __shared__ half2 partial[kThreads];
  const int stride = gridDim.x * blockDim.x;
  half2 value = __float2half2_rn(0.0f);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kSize; i += stride) value = __hfma2(a[i], b[i], value);
  partial[threadIdx.x] = value;
  __syncthreads();
  reduceInShared(partial);
  if (threadIdx.x == 0) {
    const half2 r = partial[0];
    results[blockIdx.x] = __low2float(r) + __high2float(r);
  }
}
