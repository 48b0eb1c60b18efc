// spec: cuda_bf16.h bit-exact: __hsub and __hdiv on __nv_bfloat16 (the float result rounded once), __float2bfloat16_ru, __int2bfloat16_rn rounding the integer once (not through float), the class's float constructor and operator float; bfloat16's __hfma rounds a*b+c once, also where a*b leaves float's range; hexp, hlog, hrsqrt correctly rounded
// run: run --block-dim 4 --kernel bf16Ops --buffer in=4 --buffer ints=4 --buffer sub=4 --buffer quot=4 --buffer up=4 --buffer fromInt=4 --buffer back=4 --init in=1065353216,1036831949,1065385985,-1071644672 --init ints=16777217,33554435,-2147483648,16843009
// exit: 0
// expect: verdict=ok final.sub=[16128,48845,16130,49216] final.quot=[16043,15625,16044,48981] final.up=[16256,15821,16257,49184]
// expect: final.fromInt=[19328,19456,52992,19329] final.back=[1065353216,1036845056,1065418752,-1071644672]
// run: run --block-dim 2 --kernel bf16Fma --buffer a=2 --buffer b=2 --buffer c=2 --buffer out=2 --init a=16257,24448 --init b=16257,24448 --init c=49026,65407
// exit: 0
// expect: verdict=ok final.out=[14464,31616]
// run: run --block-dim 2 --kernel bf16Math --buffer in=2 --buffer ex=2 --buffer lg=2 --buffer rs=2 --init in=1065353216,1082130432
// exit: 0
// expect: verdict=ok final.ex=[16430,16986] final.lg=[0,16305] final.rs=[16256,16128]
// why: in = 1.0, 0.1f, 0x3f808001 (1 + 2^-8 + 2^-23), -2.5; b = __nv_bfloat16(in) rounds the float's
//   low 16 bits to nearest even: 0x3f80, 0x3dcd (low 0xcccd > 0x8000 rounds up), 0x3f81 (low 0x8001
//   > 0x8000), 0xc020. sub = b - 0.5 (8 significand bits, nearest even): 0.5 = 0x3f00 = 16128;
//   0.10009765625 - 0.5 = -0.39990234375 = -1.599609375 * 2^-2, * 128 = 204.75 -> 205: sign |
//   125 << 7 | 77 = 0xbecd = 48845; 1.0078125 - 0.5 = 0.5078125 = 1.015625 * 2^-1: 126 << 7 | 2 =
//   16130; -3.0 = 0xc040 = 49216. quot = b / 3: 1/3 = 1.333 * 2^-2, * 128 = 170.67 -> 171: 125 << 7
//   | 43 = 16043; 0.10009765625 / 3 = 1.0677 * 2^-5, * 128 = 136.67 -> 137: 122 << 7 | 9 = 15625;
//   1.0078125 / 3 = 0.3359375 = 1.34375 * 2^-2 exactly (172 / 128): 16044; -2.5 / 3 = -1.6667 *
//   2^-1, * 128 = 213.33 -> 213: 0x8000 | 126 << 7 | 85 = 48981. up = __float2bfloat16_ru(in): 1.0
//   and -2.5 exact (16256, 49184); 0.1f and 0x3f808001 have low bits set and are positive: up to
//   0x3dcd = 15821 and 0x3f81 = 16257. fromInt = __int2bfloat16_rn: bfloat16's step at 2^24 is
//   2^17: 2^24 + 1 -> 2^24 = 0x4b80 = 19328; 2^25 + 3 -> 2^25 = 0x4c00 = 19456; -2^31 exact
//   0xcf00 = 52992; 0x01010101 = 2^24 + 65793 is above the midpoint 2^24 + 65536 -> 2^24 + 2^17 =
//   0x4b81 = 19329 (through float it would be 16843008 = 2^24 + 65536, the midpoint, then even
//   0x4b80: the header rounds the integer to odd at 2^8 first). back = (float)b: b's bits << 16:
//   0x3f800000, 0x3dcd0000 = 1036845056, 0x3f810000 = 1065418752, 0xc0200000.
//   bf16Fma: thread 0: (1 + 2^-7)(1 + 2^-7) - (1 + 2^-6) = 2^-14 exactly (fused: the product's
//   2^-14 survives; rounding the product first gives 1 + 2^-6 and a sum of 0): 2^-14 = (113 << 7)
//   = 0x3880 = 14464. Thread 1: a = b = 2^64 (0x5f80 = 24448), c = -(2 - 2^-7) * 2^127 (the
//   largest bfloat16 negated, 0xff7f = 65407): a*b = 2^128 is beyond float's range (a float
//   product would be infinity) but a*b + c = 2^128 - 2^128 + 2^120 = 2^120 exactly: (247 << 7) =
//   0x7b80 = 31616.
//   bf16Math on 1.0 and 4.0 (exact in bfloat16): e = 2.71828 = 1.35914 * 2, * 128 = 173.97 -> 174:
//   (128 << 7) + 46 = 16430; e^4 = 54.598 = 1.70619 * 2^5, * 128 = 218.39 -> 218: (132 << 7) + 90
//   = 16986; ln 1 = +0; ln 4 = 1.386294, * 128 = 177.45 -> 177: (127 << 7) + 49 = 16305; 1/sqrt(1)
//   = 1.0 = 16256, 1/sqrt(4) = 0.5 = 0x3f00 = 16128.
//   specs/derivations/reduced_precision.py's definitions give the same values.
#include <cuda_bf16.h>

namespace ops {
__device__ inline __nv_bfloat16 centre(__nv_bfloat16 b) { return __hsub(b, __float2bfloat16(0.5f)); }
__device__ inline __nv_bfloat16 third(__nv_bfloat16 b) { return __hdiv(b, __float2bfloat16(3.0f)); }
}  // namespace ops

__global__ void bf16Ops(const float* in, const int* ints, __nv_bfloat16* sub, __nv_bfloat16* quot, __nv_bfloat16* up,
                        __nv_bfloat16* fromInt, float* back) {
  const unsigned t = threadIdx.x;
  const __nv_bfloat16 b = __nv_bfloat16(in[t]);
  sub[t] = ops::centre(b);
  quot[t] = ops::third(b);
  up[t] = __float2bfloat16_ru(in[t]);
  fromInt[t] = __int2bfloat16_rn(ints[t]);
  back[t] = static_cast<float>(b);
}

__global__ void bf16Fma(const __nv_bfloat16* a, const __nv_bfloat16* b, const __nv_bfloat16* c, __nv_bfloat16* out) {
  const unsigned t = threadIdx.x;
  out[t] = __hfma(a[t], b[t], c[t]);
}

__global__ void bf16Math(const float* in, __nv_bfloat16* ex, __nv_bfloat16* lg, __nv_bfloat16* rs) {
  const unsigned t = threadIdx.x;
  const __nv_bfloat16 b = __float2bfloat16(in[t]);
  ex[t] = hexp(b);
  lg[t] = hlog(b);
  rs[t] = hrsqrt(b);
}
