// spec: cuda_fp16.h's __hmax/__hmin NaN rules (a NaN gives the other operand, +0 > -0), ordered __hne and __hle against the unordered !=, __hisnan, __float2half_rz/_rd/_ru, __half2int_rn (ties to even) and hexp correctly rounded (also where expf lands on a half midpoint)
// run: run --block-dim 8 --buffer in=8 --buffer relu=8 --buffer clip=8 --buffer flags=8 --buffer rz=8 --buffer rd=8 --buffer ru=8 --buffer rounded=8 --buffer ex=8 --init in=2143289344,-2147483648,1075838976,-1067450368,1036831949,1199566592,-1305752457,1005527040
// exit: 0
// expect: verdict=ok final.relu=[0,0,16640,0,11878,31743,0,8057] final.clip=[15360,32768,15360,49920,11878,15360,32768,8057]
// expect: final.flags=[5,8,0,8,8,0,8,8] final.rz=[32767,32768,16640,49920,11878,31743,32768,8057]
// expect: final.rd=[32767,32768,16640,49920,11878,31743,32769,8057] final.ru=[32767,32768,16640,49920,11879,31744,32768,8057]
// expect: final.rounded=[0,0,2,-4,0,65504,0,0] final.ex=[32767,15360,18967,10171,15468,31744,15360,15367]
// why: in = NaN, -0.0f, 2.5f, -3.5f, 0.1f, 65519.0f, -1e-8f, 0.007297515869140625f (float bits).
//   h = __float2half(in) (nearest even): NaN -> 0x7fff; -0 -> 0x8000; 2.5 = 1.25 * 2 -> 0x4100 =
//   16640; -3.5 = -1.75 * 2 -> 0xc300 = 49920; 0.1f -> 0x2e66 = 11878 (0.0999755859375); 65519 is
//   below the overflow midpoint 65520 -> 65504 = 0x7bff = 31743; -1e-8 is below 2^-25 -> -0;
//   1913 * 2^-18 is the half 0x1f79 = 8057 exactly.
//   relu = __hmax(h, +0): NaN gives the other operand +0; max(-0, +0) = +0; 2.5, 0.1, 65504, 0x1f79
//   themselves; -3.5 -> +0. clip = __hmin(h, 1.0 = 15360): NaN -> 1.0; -0 (min of -0, 1) stays
//   -0 = 32768; 2.5 and 65504 -> 1.0; -3.5, 0.1 themselves.
//   flags = isnan | __hne(h, h) << 1 | (h != h) << 2 | __hle(h, 1) << 3: __hne is ordered (false
//   for NaN, and equal values are not unequal) so bit 1 is never set; != is the unordered __hneu,
//   true only for NaN: NaN -> 1 | 4 = 5; __hle(h, 1) holds for -0, -3.5, 0.1, -0, 0x1f79 (8), not
//   for NaN, 2.5, 65504.
//   Directed rounding of the float: NaN -> 0x7fff; -0, 2.5, -3.5, 0x1f79 are halves (exact in
//   every mode). 0.1f: the halves around it are 0x2e66 (below) and 0x2e67 = 11879: rz and rd
//   11878, ru 11879. 65519 > 65504: toward zero and down the largest finite 31743, up the
//   infinity 0x7c00 = 31744. -1e-8 lies between -2^-24 and -0: rz and ru -0 = 32768, rd -2^-24 =
//   0x8001 = 32769.
//   rounded = __half2int_rn(h): NaN -> 0, -0 -> 0, 2.5 -> 2 (tie to even), -3.5 -> -4 (tie to
//   even), 0.09998 -> 0, 65504, -0 -> 0, 0.0073 -> 0.
//   ex = hexp(h) correctly rounded: NaN -> 0x7fff; e^-0 = 1 = 15360; e^2.5 = 12.18249396: half
//   step 2^-7 in [8, 16), 12.18249396 * 128 = 1559.36 -> 1559 * 2^-7 = 0x4800 + 535 = 0x4a17 =
//   18967; e^-3.5 = 0.03019738: step 2^-16 in [2^-6, 2^-5), * 65536 = 1979.02 -> 0x2400 + 955 =
//   0x27bb = 10171; e^0.0999755859375 = 1.1051439: step 2^-10, 107.67 -> 108: 0x3c00 + 108 =
//   15468; e^65504 overflows -> 0x7c00 = 31744; e^0x1f79 = 1.0073242076 lies just below the
//   midpoint 1 + 7.5 * 2^-10 = 1.00732421875 -> 1 + 7 * 2^-10 = 0x3c07 = 15367 (expf's float
//   1.00732421875 is that midpoint, which ties to even 0x3c08: the header corrects this input).
//   specs/derivations/reduced_precision.py recomputes every value with exact rationals.
#include <cuda_fp16.h>

namespace act {
__device__ inline __half relu(__half x) { return __hmax(x, __float2half(0.0f)); }
__device__ inline __half clip1(__half x) { return __hmin(x, __float2half(1.0f)); }
}  // namespace act

__global__ void probe(const float* in, __half* relu, __half* clip, int* flags, __half* rz, __half* rd, __half* ru,
                      int* rounded, __half* ex) {
  const unsigned t = threadIdx.x;
  const float f = in[t];
  const __half h = __float2half(f);
  const __half one = __float2half(1.0f);
  relu[t] = act::relu(h);
  clip[t] = act::clip1(h);
  flags[t] = (__hisnan(h) ? 1 : 0) | (__hne(h, h) ? 2 : 0) | (h != h ? 4 : 0) | (__hle(h, one) ? 8 : 0);
  rz[t] = __float2half_rz(f);
  rd[t] = __float2half_rd(f);
  ru[t] = __float2half_ru(f);
  rounded[t] = __half2int_rn(h);
  ex[t] = hexp(h);
}
