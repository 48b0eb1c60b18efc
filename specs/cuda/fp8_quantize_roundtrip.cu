// spec: cuda_fp8.h bit-exact: __nv_fp8_e4m3 / __nv_fp8_e5m2 constructed from float (nearest even, saturated to the largest finite value), converted back exactly, __nv_cvt_float_to_fp8 with __NV_NOSAT (E4M3 overflows to NaN, E5M2 to infinity), __nv_fp8x2_e4m3 pairs, NaN to 0x7f
// run: run --block-dim 8 --buffer in=8 --buffer q4=8 --buffer q5=8 --buffer back4=8 --buffer back5=8 --buffer raw4=8 --buffer raw5=8 --buffer pair=8 --buffer nan8=2 --param scale=1065353216 --init in=1065353216,1140457472,-1097229926,981668463,1198153728,1198522368,-8388608,1000341504
// exit: 0
// expect: verdict=ok final.q4=[56,126,170,1,126,126,254,2] final.q5=[60,96,181,20,123,123,251,29]
// expect: final.back4=[1065353216,1138753536,-1096810496,989855744,1138753536,1138753536,-1008730112,998244352]
// expect: final.back5=[1065353216,1140850688,-1096810496,981467136,1197473792,1197473792,-950009856,1000341504]
// expect: final.raw4=[56,127,170,1,127,127,255,2] final.raw5=[60,96,181,20,123,124,252,29]
// expect: final.pair=[47160,65150,10922,33025,65150,65150,32510,33282] final.nan8=[127,127]
// why: in = 1.0, 500.0, -0.3f, 1e-3f, 60000.0, 61440.0, -inf, 2.5 * 2^-9 (float bits); scale = 1.0f.
//   E4M3 (bias 7, 3 mantissa bits, largest 1.75 * 2^8 = 448 = 0x7e, NaN 0x7f, subnormals m * 2^-9):
//   1.0 -> 7 << 3 = 56; 500 is beyond 448 + half a step (464): the class saturates to 0x7e = 126,
//   __NV_NOSAT gives the NaN 0x7f = 127; -0.3 = -1.2 * 2^-2 -> 1.2 * 8 = 9.6 rounds to 10, 1.25 *
//   2^-2: 0x80 | 5 << 3 | 2 = 170; 1e-3 / 2^-9 = 0.512 rounds to the subnormal 1; 60000 and 61440
//   as 500 (126, NaN 127); -inf: saturated -448 = 0xfe = 254, unsaturated the NaN with its sign
//   0xff = 255; 2.5 * 2^-9 is a tie between subnormals 2 and 3: even 2.
//   E5M2 (bias 15, 2 mantissa bits, largest 1.75 * 2^15 = 57344 = 0x7b, infinity 0x7c): 1.0 -> 15 <<
//   2 = 60; 500 = 1.953 * 2^8 -> 7.81 quarters round to 8: 2^9 = 24 << 2 = 96; -0.3 -> 1.2 * 4 = 4.8
//   rounds to 5: 0x80 | 13 << 2 | 1 = 181; 1e-3 = 1.024 * 2^-10 -> 4.096 quarters to 4: 5 << 2 =
//   20; 60000 is below 57344 + 4096 = 61440: 57344 = 123; 61440 is that tie, even is the
//   infinity: the class saturates to 123, __NV_NOSAT gives 0x7c = 124; -inf: saturated 0xfb =
//   251, unsaturated -inf 0xfc = 252; 2.5 * 2^-9 = 1.25 * 2^-8 exactly: 7 << 2 | 1 = 29.
//   back = float(q) * 1.0, exact: E4M3 1.0, 448 (0x43e00000 = 1138753536), -0.3125 (0xbea00000),
//   2^-9 (0x3b000000 = 989855744), 448, 448, -448 (0xc3e00000), 2^-8 (0x3b800000 = 998244352);
//   E5M2 1.0, 512 (0x44000000), -0.3125, 2^-10 (0x3a800000 = 981467136), 57344 (0x47600000 =
//   1197473792) twice, -57344 (0xc7600000), 2.5 * 2^-9 (0x3ba00000).
//   pair = __nv_fp8x2_e4m3(float2(x, -x)) bits: low byte q4 of x, high byte q4 of -x (the sign
//   flipped, as saturation is symmetric): 56 | 184 << 8 = 47160, 126 | 254 << 8 = 65150, 170 |
//   42 << 8 = 10922, 1 | 129 << 8 = 33025, 65150, 65150, 254 | 126 << 8 = 32510, 2 | 130 << 8 =
//   33282. nan8: a NaN converts to 0x7f = 127 in both formats.
//   specs/derivations/reduced_precision.py recomputes every value with exact rationals; an H100
//   gives the same conversions (frontends/clang/README.md).
#include <cuda_fp8.h>

namespace quant {
template <typename Fp8>
__device__ inline Fp8 quantize(float x, float scale) {
  return Fp8(x * scale);
}
template <typename Fp8>
__device__ inline float dequantize(Fp8 q, float scale) {
  return static_cast<float>(q) / scale;
}
}  // namespace quant

__global__ void fp8Roundtrip(const float* in, __nv_fp8_e4m3* q4, __nv_fp8_e5m2* q5, float* back4, float* back5,
                             unsigned char* raw4, unsigned char* raw5, unsigned short* pair, unsigned char* nan8,
                             float scale) {
  const unsigned t = threadIdx.x;
  const float x = in[t];
  q4[t] = quant::quantize<__nv_fp8_e4m3>(x, scale);
  q5[t] = quant::quantize<__nv_fp8_e5m2>(x, scale);
  back4[t] = quant::dequantize(q4[t], scale);
  back5[t] = quant::dequantize(q5[t], scale);
  raw4[t] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E4M3);
  raw5[t] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2);
  pair[t] = __nv_fp8x2_e4m3(make_float2(x, -x)).__x;
  if (t == 0) {
    const float nan = __int_as_float(0x7fc00000);
    nan8[0] = __nv_cvt_float_to_fp8(nan, __NV_NOSAT, __NV_E4M3);
    nan8[1] = __nv_cvt_float_to_fp8(nan, __NV_NOSAT, __NV_E5M2);
  }
}
