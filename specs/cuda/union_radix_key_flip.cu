// spec: unions: a float/unsigned punning union maps floats to radix-sort keys whose unsigned order is the float order (the sign flip of CUB's radix sort) and back: reading one member after writing the other reinterprets the bits exactly
// run: run --block-dim 4 --init in=1065353216,-1073741824,0,-2147483648
// exit: 0
// expect: verdict=ok final.keys=[-1082130432,1073741823,-2147483648,2147483647]
// expect: final.back=[1065353216,-1073741824,0,-2147483648]
// why: in holds the bits of 1.0f (0x3F800000), −2.0f (0xC0000000), 0.0f (0) and −0.0f
//   (0x80000000), given as signed words. flip writes k.f and reads k.u: the same 32 bits. A
//   positive float (sign bit 0) gets its sign bit set (x ^ 0x80000000), a negative one all its
//   bits flipped (x ^ 0xFFFFFFFF): 1.0f → 0xBF800000, −2.0f → 0x3FFFFFFF, 0.0f → 0x80000000,
//   −0.0f → 0x7FFFFFFF; as unsigned they are ordered −2 < −0 < 0 < 1, as the floats. Printed as
//   signed words: 0xBF800000 − 2^32 = −1082130432, 1073741823, −2147483648, 2147483647.
//   unflip undoes it (a key with the top bit set came from a non-negative float: x ^
//   0x80000000; else x ^ 0xFFFFFFFF) and reads k.f: back = in, bit for bit.
namespace radix {

union FloatKey {
  float f;
  unsigned int u;
};

// The key of a float: its unsigned order is the float order.
__device__ __forceinline__ unsigned int flip(float value) {
  FloatKey k;
  k.f = value;
  const unsigned int mask = (k.u & 0x80000000u) ? 0xffffffffu : 0x80000000u;
  return k.u ^ mask;
}

__device__ __forceinline__ float unflip(unsigned int key) {
  FloatKey k;
  k.u = key ^ ((key & 0x80000000u) ? 0x80000000u : 0xffffffffu);
  return k.f;
}

}  // namespace radix

__global__ void makeKeys(const float* in, unsigned int* keys, float* back) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned int key = radix::flip(in[i]);
  keys[i] = key;
  back[i] = radix::unflip(key);
}
