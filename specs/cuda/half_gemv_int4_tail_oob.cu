// spec: an fp16 GEMV loading 8 halves at a time through int4: with K = 12 (not a multiple of 8) the second int4 of x reads past its end (out-of-bounds); the version that finishes each row one half at a time is ok and computes y exactly
// run: run --block-dim 2 --kernel gemvVec8 --param K=12 --buffer A=24 --buffer x=12 --buffer y=2
// exit: 1
// expect: verdict=out-of-bounds
// run: run --block-dim 2 --kernel gemvVec8Tail --param K=12 --buffer A=24 --buffer x=12 --buffer y=2 --init A=15360,15360,15360,15360,15360,15360,15360,15360,15360,15360,15360,15360,16384,16384,16384,16384,16384,16384,16384,16384,16384,16384,16384,14336 --init x=15360,15360,15360,15360,15360,15360,15360,15360,15360,15360,15360,15360
// exit: 0
// expect: verdict=ok final.y=[18944,19872]
// why: A is 2 x 12 halves (24 cells of 16 bits), x 12 halves, one thread per row. An int4 is 16
//   bytes = 8 halves: int4 j of row r is cells 12r + 8j .. 12r + 8j + 7 of A (a row starts at cell
//   12r, a whole number of 4-byte words, so the views are aligned), int4 j of x its cells 8j .. 8j
//   + 7. gemvVec8 steps k = 0, 8 while k < 12: its second load of x is cells 8..15 and x has 12
//   cells, so cells 12..15 are out of bounds (row 1's A cells 24..27 too): out-of-bounds.
//   gemvVec8Tail takes int4 only while k + 8 <= K (k = 0), then halves 8..11 one at a time. Each
//   half is exact in float and the products and sums here are small integers or halves, exact:
//   row 0 = 12 * (1.0 * 1.0) = 12.0 = 1.5 * 2^3 -> half (18 << 10) + 512 = 0x4a00 = 18944; row 1
//   = eleven 2.0 * 1.0 (16384) and 0.5 * 1.0 (14336) = 22.5 = 1.40625 * 2^4 -> (19 << 10) + 416
//   = 0x4da0 = 19872. Each thread writes its own y cell and only reads A and x: no race. (No check
//   case: the half conversions branch on the bits, so check would enumerate every input half.)
#include <cuda_fp16.h>

namespace gemv {
constexpr int kVec = sizeof(int4) / sizeof(__half);  // 8 halves per 16-byte load

__device__ inline float lowHalf(unsigned w) { return __half2float(__ushort_as_half((unsigned short)(w & 0xffffu))); }
__device__ inline float highHalf(unsigned w) { return __half2float(__ushort_as_half((unsigned short)(w >> 16))); }
__device__ inline float dot2(unsigned a, unsigned x) { return lowHalf(a) * lowHalf(x) + highHalf(a) * highHalf(x); }
__device__ inline float dot8(int4 a, int4 x) { return dot2(a.x, x.x) + dot2(a.y, x.y) + dot2(a.z, x.z) + dot2(a.w, x.w); }
}  // namespace gemv

__global__ void gemvVec8(const __half* A, const __half* x, __half* y, int K) {
  const int row = threadIdx.x;
  const int4* a4 = reinterpret_cast<const int4*>(A + row * K);
  const int4* x4 = reinterpret_cast<const int4*>(x);
  float acc = 0.0f;
  for (int k = 0; k < K; k += gemv::kVec) acc += gemv::dot8(a4[k / gemv::kVec], x4[k / gemv::kVec]);
  y[row] = __float2half(acc);
}

__global__ void gemvVec8Tail(const __half* A, const __half* x, __half* y, int K) {
  const int row = threadIdx.x;
  const int4* a4 = reinterpret_cast<const int4*>(A + row * K);
  const int4* x4 = reinterpret_cast<const int4*>(x);
  float acc = 0.0f;
  int k = 0;
  for (; k + gemv::kVec <= K; k += gemv::kVec) acc += gemv::dot8(a4[k / gemv::kVec], x4[k / gemv::kVec]);
  for (; k < K; ++k) acc += __half2float(A[row * K + k]) * __half2float(x[k]);
  y[row] = __float2half(acc);
}
