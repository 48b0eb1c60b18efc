// spec: issue 14, not lowered yet: the type-punning unions of vector loads with members narrower than 32 bits (bytes of a word, halves of a float, shorts of an int4) are refused at the first declaration that needs their layout, naming the member, exit 2 (never lowered as separate cells, which would not share the bytes)
// run: run --kernel unpackBytes --block-dim 2
// exit: 2
// stderr: union_narrow_members_refused.cu:36:9: error: unsupported: union Bytes: member 'b' of type 'uint8_t[4]' is an array of elements narrower than 32 bits
// run: run --kernel halvesOf --block-dim 2
// exit: 2
// stderr: union_narrow_members_refused.cu:42:12: error: unsupported: union HalfPair: member 'h' of type 'struct __half[2]' is an array of elements narrower than 32 bits
// run: run --kernel widenShorts --block-dim 2
// exit: 2
// stderr: union_narrow_members_refused.cu:48:8: error: unsupported: union Vec8: member 's' of type 'short[8]' is an array of elements narrower than 32 bits
// why: the model keeps one cell per 32-bit word of a union and one cell per element of an array
//   member, so b[1] (bits 8..15 of u), h[1] (bits 16..31 of f) and s[1] (bits 16..31 of v.x) would
//   not be the same bits as the word they alias on a little-endian GPU: each union is refused
//   (unsupported, exit 2) at the local that first needs its layout: `Bytes x;` line 36 col 9,
//   `HalfPair p;` line 42 col 12, `Vec8 v;` line 48 col 8, the column of the variable's name.
//   __half is a struct of cuda_fp16.h (16 bits), so its array is named 'struct __half[2]'.
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
  out[threadIdx.x] = v.s[1];
}
