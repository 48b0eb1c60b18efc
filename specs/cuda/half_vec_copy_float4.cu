// spec: a vectorised half-precision copy: 8 halves at a time through reinterpret_cast<float4*> (each float4 component the bits of two adjacent halves, low half first), the tail one half at a time; every half arrives bit-exact and no cell is shared
// run: run --block-dim 4 --param n=20 --buffer in=20 --buffer out=20 --init in=15360,16384,16896,17408,49152,0,32768,31743,31744,32767,1,1024,65535,13312,11878,48128,17664,18432,19456,20480
// exit: 0
// expect: verdict=ok final.out=[15360,16384,16896,17408,49152,0,32768,31743,31744,32767,1,1024,65535,13312,11878,48128,17664,18432,19456,20480]
// run: check --block-dim 4 --param n=12 --buffer in=12 --buffer out=12
// exit: 0
// expect: verdict=ok
// why: n = 20 halves: vecs = 20 / 8 = 2 float4 copies, by threads 0 and 1. A __half array is one
//   16-bit cell per half, so float4 v[i] is halves 8i .. 8i + 7, component k the word half[8i + 2k]
//   | half[8i + 2k + 1] << 16 (little-endian): thread 0's load assembles halves 0-7 into four words
//   and its store splits them back into out[0..7] unchanged, thread 1 likewise out[8..15]; the tail
//   20 % 8 = 4 halves 16..19 are copied one each by threads 0..3. So out = in bit for bit, also
//   the infinity 31744, the NaN patterns 32767 and 65535, the subnormal 1 and -0 = 32768 (moving
//   bits does not round). Each out cell is written by one thread and in is only read: no race for
//   any input. check takes n = 12 (vecs = 1: thread 0 copies halves 0..7 as one float4, threads
//   0..3 the tail halves 8..11, one each; again no cell written twice): ok, and small enough that
//   the variant gate's run without the data abstraction (every input half over the domain)
//   stays quick under the sanitizers.
#include <cuda_fp16.h>

namespace {
constexpr int kHalvesPerVec = sizeof(float4) / sizeof(__half);  // 8
}

__global__ void copyHalf(const __half* __restrict__ in, __half* __restrict__ out, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int vecs = n / kHalvesPerVec;
  if (t < vecs) reinterpret_cast<float4*>(out)[t] = reinterpret_cast<const float4*>(in)[t];
  const int tail = vecs * kHalvesPerVec + t;
  if (tail < n) out[tail] = in[tail];
}
