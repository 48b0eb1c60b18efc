// spec: issue 14: the type-punning unions of vectorised loads with members narrower than 32 bits (the bytes of a word, the halves of a float, the shorts of an int4) are lowered as bytes: each narrow element is the bytes it overlaps, little-endian
// run: run --kernel unpackBytes --block-dim 2 --buffer in=2 --buffer out=2 --init in=287454020,-1599029040
// exit: 0
// expect: verdict=ok final.out=[51,192]
// run: run --kernel halvesOf --block-dim 2 --buffer in=2 --buffer out=2 --init in=1065353216,-1073741824
// exit: 0
// expect: verdict=ok final.out=[16256,49152]
// run: run --kernel widenShorts --block-dim 2 --buffer in=2 --buffer out=4 --init in=2147418113,0,0,327680,-2147483648,0,0,-60876
// exit: 0
// expect: verdict=ok final.out=[32767,5,-32768,-1]
// why: every member starts at byte 0 of its union; element k of a member array of n-byte
//   elements is bytes nk … nk + n − 1 (least significant first, as on every GPU).
//   unpackBytes: b[1] is bits 8..15 of u: 0x11223344 (287454020) → 0x33 = 51; 0xA0B0C0D0 (given as
//   0xA0B0C0D0 − 2^32 = −1599029040) → 0xC0 = 192 (uint8_t: no sign).
//   halvesOf: h[1] is bits 16..31 of f, a __half holding them (its 16-bit cell in out): 1.0f =
//   0x3F800000 → 0x3F80 = 16256; −2.0f = 0xC0000000 (−1073741824 as a signed word) → 0xC000 = 49152.
//   widenShorts: v is an int4 (x = bytes 0..3, …, w = bytes 12..15); s[1] is bytes 2..3 (the high
//   half of x) and s[7] bytes 14..15 (the high half of w), each a signed short. out[2t] = s[1],
//   out[2t+1] = s[7]. t0: x = 0x7FFF0001 → 0x7FFF = 32767; w = 0x00050000 → 5. t1: x = 0x80000000
//   → 0x8000 = −32768; w = 0xFFFF1234 (−60876) → 0xFFFF = −1.
#include <cstdint>
#include <cuda_fp16.h>

union Bytes {
  uint32_t u;
  uint8_t b[4];
};

union HalfPair {
  float f;
  __half h[2];
};

union Vec8 {
  int4 v;
  short s[8];
};

__global__ void unpackBytes(const uint32_t* in, uint8_t* out) {
  Bytes x;
  x.u = in[threadIdx.x];
  out[threadIdx.x] = x.b[1];
}

__global__ void halvesOf(const float* in, __half* out) {
  HalfPair p;
  p.f = in[threadIdx.x];
  out[threadIdx.x] = p.h[1];
}

__global__ void widenShorts(const int4* in, int* out) {
  Vec8 v;
  v.v = in[threadIdx.x];
  out[2 * threadIdx.x] = v.s[1];
  out[2 * threadIdx.x + 1] = v.s[7];
}
