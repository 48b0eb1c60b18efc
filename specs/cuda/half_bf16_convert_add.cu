// spec: __half and __nv_bfloat16 bit-exact: float to half and bfloat16 rounds to nearest even (subnormals, overflow to infinity), half + half is the float sum rounded to half, half to float is exact
// run: run --block-dim 8 --buffer in=8 --buffer h=8 --buffer h1=8 --buffer b=8 --buffer back=8 --init in=1065353216,1036831949,1199562752,1199566848,859832320,-1068953648,868220928,1065359360
// exit: 0
// expect: verdict=ok final.h=[15360,11878,31743,31744,1,49736,2,15361] final.h1=[16384,15462,31743,31744,15360,49224,15360,16384]
// expect: final.b=[16256,15821,18304,18304,13120,49225,13248,16256] final.back=[1065353216,1036828672,1199562752,2139095040,864026624,-1068957696,872415232,1065361408]
// why: in = 1.0f, 0.1f, 65504, 65520, 3 * 2^-26, -3.14159f, 1.5 * 2^-24, 1 + 3 * 2^-12 (float bits).
//   Half (10 significand bits, RNE): 1.0 = 0x3c00 = 15360; 0.1f = 0x3dcccccd rounds to 0x2e66 =
//   11878; 65504 = 0x7bff (the largest half); 65520 is halfway to 2^16, ties to the even
//   infinity 0x7c00 = 31744; 3 * 2^-26 = 0.75 * 2^-24 rounds to the smallest subnormal 1;
//   -3.14159f rounds to 0xc248 = 49736; 1.5 * 2^-24 is a tie between subnormals 1 and 2, to even
//   2; 1 + 3 * 2^-12 = 1 + 0.75 ulp rounds up to 1 + 2^-10 = 0x3c01. h1 = h + 1.0 (float sum, RNE
//   to half): 2.0 = 0x4000 = 16384; 1.0999756 rounds to 0x3c66 = 15462; 65505 back to 65504; inf
//   stays inf; 1 + 2^-24 and 1 + 2^-23 round to 1.0 = 15360; -2.140625 = 0xc048 = 49224; 2 + 2^-10
//   is a tie (half ulp of 2 is 2^-10), to even 2.0. bfloat16 (8 significand bits, RNE on the
//   float's high half): 1.0 = 0x3f80, 0.1f = 0x3dcd, 65504 = 0x477fe000 and 65520 = 0x477ff000
//   both round up to 0x4780 = 18304, 3 * 2^-26 = 0x33400000 to 0x3340 = 13120, -3.14159f =
//   0xc0490fd0 to 0xc049 = 49225, 1.5 * 2^-24 = 0x33c00000 to 0x33c0 = 13248, 1 + 3 * 2^-12 to
//   0x3f80. back = float(h): exact (every half is a float): 0.0999755859375 = 0x3dccc000, inf =
//   0x7f800000, 2^-24 = 0x33800000, -3.140625 = 0xc0490000, 2^-23 = 0x34000000, 1 + 2^-10 =
//   0x3f802000. specs/derivations/half_values.py recomputes every value with Python's IEEE
//   binary16 (struct 'e'), without sdvmc.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace quant {
__device__ inline __half to_half(float f) { return __float2half(f); }
__device__ inline __nv_bfloat16 to_bf16(float f) { return __float2bfloat16(f); }
}  // namespace quant

__global__ void quantize(const float* in, __half* h, __half* h1, __nv_bfloat16* b, float* back) {
  const unsigned t = threadIdx.x;
  const __half v = quant::to_half(in[t]);
  h[t] = v;
  h1[t] = v + __float2half(1.0f);
  b[t] = quant::to_bf16(in[t]);
  back[t] = __half2float(v);
}
