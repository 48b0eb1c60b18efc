// The reduced-precision float headers of the CUDA toolkit, written here from the programming
// guide's and the math API's descriptions (none of NVIDIA's code): <cuda_fp16.h> and
// <cuda_bf16.h> (one text: __half, __half2, __nv_bfloat16, __nv_bfloat162) and <cuda_fp8.h>
// (__nv_fp8_e4m3, __nv_fp8_e5m2 and their pairs and quadruples). Every function is C++ that the
// frontend lowers like any other: conversions as integer code on the bits, arithmetic as float
// operations whose single rounding to the narrow type is the correctly rounded result (each
// function's comment says why), or as an exact composition. What cannot be lowered so is declared
// without a definition: a call is a located `unsupported: call to 'F' …`.
// The values are recomputed by specs/derivations/reduced_precision.py, and were compared with an
// H100's (frontends/clang/README.md, "Reduced-precision floats").
#include "frontends/clang/ClangFrontend.h"

namespace sdvmc::clangfe {

const char* cudaFp16HeaderText() {
  return R"(// sdvmc's <cuda_fp16.h> and <cuda_bf16.h> (frontends/clang/HeadersCudaFp.cpp): __half and
// __nv_bfloat16 hold their IEEE bits in an unsigned short (one cell), __half2 and __nv_bfloat162
// two of them. Conversions round to nearest even as the hardware does (subnormals, infinities; a
// NaN gives the canonical NaN 0x7fff), written as integer code; + - * / sqrt are the float
// operation rounded once to the narrow type, which is the correctly rounded result (float's 24
// significand bits are at least twice the narrow type's + 2); fma rounds the exact a*b+c once.
#pragma once
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x; unsigned short y; };
struct __half {
  unsigned short __x;
  __half() = default;
  __device__ __half(__half_raw r) : __x(r.x) {}
  __device__ __half(float f);  // __float2half
  __device__ operator __half_raw() const { __half_raw r = {__x}; return r; }
  __device__ operator float() const;  // __half2float
};
struct __half2 {
  __half x;
  __half y;
  __half2() = default;
  __device__ __half2(__half a, __half b) : x(a), y(b) {}
};
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x; unsigned short y; };
struct __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __device__ __nv_bfloat16(__nv_bfloat16_raw r) : __x(r.x) {}
  __device__ __nv_bfloat16(float f);  // __float2bfloat16
  __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r = {__x}; return r; }
  __device__ operator float() const;  // __bfloat162float
};
struct __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)

// ---- __half: bits, conversions ----
__device__ inline __half __ushort_as_half(unsigned short x) { __half h; h.__x = x; return h; }
__device__ inline unsigned short __half_as_ushort(__half h) { return h.__x; }
__device__ inline short __half_as_short(__half h) { return (short)h.__x; }
__device__ inline __half __short_as_half(short x) { return __ushort_as_half((unsigned short)x); }
__device__ inline bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__device__ inline int __hisinf(__half a) { return a.__x == 0x7c00u ? 1 : (a.__x == 0xfc00u ? -1 : 0); }
__device__ inline float __half2float(__half h) {
  unsigned s = (unsigned)(h.__x & 0x8000u) << 16;
  unsigned e = (h.__x >> 10) & 0x1fu;
  unsigned m = h.__x & 0x3ffu;
  if (e == 0x1fu) return __uint_as_float(s | 0x7f800000u | (m << 13));
  if (e == 0) {
    float v = (float)m * 5.9604644775390625e-08f;  // m * 2^-24, exact
    return s ? -v : v;
  }
  return __uint_as_float(s | ((e + 112u) << 23) | (m << 13));
}
// |f|'s bits (finite) toward zero to a half magnitude, times 2, plus 1 when that was inexact.
__device__ inline unsigned __sdvmc_half_trunc(unsigned ax) {
  if (ax >= 0x477fe000u) return (0x7bffu << 1) | (ax != 0x477fe000u ? 1u : 0u);  // 65504 and more
  if (ax < 0x33800000u) return ax != 0u ? 1u : 0u;                                // below 2^-24
  if (ax < 0x38800000u) {                                                         // subnormal half: units of 2^-24
    unsigned shift = 126u - (ax >> 23);                                           // 14 .. 23
    unsigned mant = (ax & 0x7fffffu) | 0x800000u;
    return ((mant >> shift) << 1) | ((mant & ((1u << shift) - 1u)) != 0u ? 1u : 0u);
  }
  unsigned r = ax - 0x38000000u;  // exponent bias 127 to 15
  return ((r >> 13) << 1) | ((r & 0x1fffu) != 0u ? 1u : 0u);
}
__device__ inline __half __float2half(float f) {
  unsigned x = __float_as_uint(f);
  unsigned s = (x >> 16) & 0x8000u;
  unsigned ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) return __ushort_as_half(0x7fffu);               // NaN
  if (ax >= 0x477ff000u) return __ushort_as_half(s | 0x7c00u);          // 65520 and more: infinity
  if (ax <= 0x33000000u) return __ushort_as_half(s);                    // 2^-25 and less: zero
  if (ax < 0x38800000u) {                                               // a subnormal half
    unsigned shift = 126u - (ax >> 23);                                 // 14 .. 24
    unsigned mant = (ax & 0x7fffffu) | 0x800000u;
    unsigned q = mant >> shift, rem = mant & ((1u << shift) - 1u), tie = 1u << (shift - 1u);
    return __ushort_as_half(s | (q + (rem > tie || (rem == tie && (q & 1u)) ? 1u : 0u)));
  }
  unsigned r = ax - 0x38000000u;                                        // exponent bias 127 to 15
  unsigned q = r >> 13, rem = r & 0x1fffu;
  return __ushort_as_half(s | (q + (rem > 0x1000u || (rem == 0x1000u && (q & 1u)) ? 1u : 0u)));
}
// Directed rounding (0 toward zero, 1 down, 2 up): the truncation, one step away from zero when
// inexact and the direction is away for this sign; beyond 65504 that step is the infinity.
__device__ inline __half __sdvmc_float2half_dir(float f, int mode) {
  unsigned x = __float_as_uint(f);
  unsigned s = (x >> 16) & 0x8000u;
  unsigned ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) return __ushort_as_half(0x7fffu);
  if (ax == 0x7f800000u) return __ushort_as_half(s | 0x7c00u);
  unsigned t = __sdvmc_half_trunc(ax);
  bool away = (t & 1u) != 0u && ((mode == 1 && s != 0u) || (mode == 2 && s == 0u));
  return __ushort_as_half(s | ((t >> 1) + (away ? 1u : 0u)));
}
__device__ inline __half::__half(float f) : __x(__float2half(f).__x) {}
__device__ inline __half::operator float() const { return __half2float(*this); }
__device__ inline __half __float2half_rn(float f) { return __float2half(f); }
__device__ inline __half __float2half_rz(float f) { return __sdvmc_float2half_dir(f, 0); }
__device__ inline __half __float2half_rd(float f) { return __sdvmc_float2half_dir(f, 1); }
__device__ inline __half __float2half_ru(float f) { return __sdvmc_float2half_dir(f, 2); }
// int to half: exact in float below 2^24; from 2^24 both the float and the exact value are
// beyond 65520, so both give the infinity: one rounding either way.
__device__ inline __half __int2half_rn(int i) { return __float2half((float)i); }
__device__ inline __half __uint2half_rn(unsigned i) { return __float2half((float)i); }
__device__ inline __half __short2half_rn(short i) { return __float2half((float)i); }
__device__ inline __half __ushort2half_rn(unsigned short i) { return __float2half((float)i); }
// half to int: the exact float, then float's conversions (NaN gives 0, infinities saturate).
__device__ inline int __half2int_rn(__half h) { return __float2int_rn(__half2float(h)); }
__device__ inline int __half2int_rz(__half h) { return __float2int_rz(__half2float(h)); }
__device__ inline int __half2int_rd(__half h) { return __float2int_rd(__half2float(h)); }
__device__ inline int __half2int_ru(__half h) { return __float2int_ru(__half2float(h)); }

// ---- __half: arithmetic ----
__device__ inline __half __hadd(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
__device__ inline __half __hsub(__half a, __half b) { return __float2half(__half2float(a) - __half2float(b)); }
__device__ inline __half __hmul(__half a, __half b) { return __float2half(__half2float(a) * __half2float(b)); }
__device__ inline __half __hdiv(__half a, __half b) { return __float2half(__half2float(a) / __half2float(b)); }
// The sign bit flipped or cleared; a NaN gives the canonical NaN (as an H100 does).
__device__ inline __half __hneg(__half a) { return __ushort_as_half(__hisnan(a) ? 0x7fffu : a.__x ^ 0x8000u); }
__device__ inline __half __habs(__half a) { return __ushort_as_half(__hisnan(a) ? 0x7fffu : a.__x & 0x7fffu); }
// a*b+c rounded once. a*b is exact in float (11 + 11 significand bits, |a*b| < 2^32, a multiple
// of 2^-48: far from float's overflow and underflow); s = fl(a*b + c) and its error e (Knuth's
// TwoSum, exact) give a*b + c = s + e exactly; s with its last bit set when e != 0 (round to odd)
// rounds to the same half as the exact sum (24 bits >= 11 + 2; Boldo and Melquiond).
__device__ inline __half __hfma(__half a, __half b, __half c) {
  float x = __half2float(a) * __half2float(b);
  float z = __half2float(c);
  float s = x + z;
  if ((a.__x & 0x7c00u) == 0x7c00u || (b.__x & 0x7c00u) == 0x7c00u || (c.__x & 0x7c00u) == 0x7c00u)
    return __float2half(s);  // an infinity or NaN operand: float's result is IEEE's
  float bv = s - x;
  float e = (x - (s - bv)) + (z - bv);
  unsigned u = __float_as_uint(s);
  if (e != 0.0f && (u & 1u) == 0u) u = ((e > 0.0f) == (s > 0.0f)) ? u + 1u : u - 1u;
  return __float2half(__uint_as_float(u));
}
// Maximum and minimum: a NaN operand gives the other one, two NaNs the canonical NaN, and +0 is
// greater than -0. The _nan forms give the canonical NaN when either operand is NaN.
__device__ inline __half __hmax(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __ushort_as_half(0x7fffu) : b;
  if (__hisnan(b)) return a;
  float fa = __half2float(a), fb = __half2float(b);
  if (fa == fb) return (a.__x & 0x8000u) ? b : a;
  return fa > fb ? a : b;
}
__device__ inline __half __hmin(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __ushort_as_half(0x7fffu) : b;
  if (__hisnan(b)) return a;
  float fa = __half2float(a), fb = __half2float(b);
  if (fa == fb) return (a.__x & 0x8000u) ? a : b;
  return fa < fb ? a : b;
}
__device__ inline __half __hmax_nan(__half a, __half b) { return __hisnan(a) || __hisnan(b) ? __ushort_as_half(0x7fffu) : __hmax(a, b); }
__device__ inline __half __hmin_nan(__half a, __half b) { return __hisnan(a) || __hisnan(b) ? __ushort_as_half(0x7fffu) : __hmin(a, b); }
// Comparisons: ordered (false with a NaN operand) and the unordered ...u forms (true then).
__device__ inline bool __heq(__half a, __half b) { return __half2float(a) == __half2float(b); }
__device__ inline bool __hne(__half a, __half b) { float x = __half2float(a), y = __half2float(b); return x < y || x > y; }
__device__ inline bool __hlt(__half a, __half b) { return __half2float(a) < __half2float(b); }
__device__ inline bool __hle(__half a, __half b) { return __half2float(a) <= __half2float(b); }
__device__ inline bool __hgt(__half a, __half b) { return __half2float(a) > __half2float(b); }
__device__ inline bool __hge(__half a, __half b) { return __half2float(a) >= __half2float(b); }
__device__ inline bool __hequ(__half a, __half b) { return !__hne(a, b); }
__device__ inline bool __hneu(__half a, __half b) { return !__heq(a, b); }
__device__ inline bool __hltu(__half a, __half b) { return !__hge(a, b); }
__device__ inline bool __hleu(__half a, __half b) { return !__hgt(a, b); }
__device__ inline bool __hgtu(__half a, __half b) { return !__hle(a, b); }
__device__ inline bool __hgeu(__half a, __half b) { return !__hlt(a, b); }
// Math: sqrt and 1/x are correctly rounded in float and round once more to the same half (24 >=
// 2 * 11 + 2); 1/sqrt(x) through float, exp and log through float but for the inputs whose
// float value lies on a half midpoint (exp: 0x1f79, 0x25cf; log: 0x1d78), whose correctly rounded
// half is given: specs/derivations/reduced_precision.py checks all 65536 inputs of each.
__device__ inline __half hsqrt(__half a) { return __float2half(sqrtf(__half2float(a))); }
__device__ inline __half hrcp(__half a) { return __float2half(1.0f / __half2float(a)); }
__device__ inline __half hrsqrt(__half a) { return __float2half(1.0f / sqrtf(__half2float(a))); }
__device__ inline __half hexp(__half a) {
  if (a.__x == 0x1f79u) return __ushort_as_half(0x3c07u);
  if (a.__x == 0x25cfu) return __ushort_as_half(0x3c17u);
  return __float2half(expf(__half2float(a)));
}
__device__ inline __half hlog(__half a) {
  if (a.__x == 0x1d78u) return __ushort_as_half(0xc53bu);
  return __float2half(logf(__half2float(a)));
}
// Rounding to an integral value: exact in float, and the integral result is a half.
__device__ inline __half hceil(__half a) { return __float2half(ceilf(__half2float(a))); }
__device__ inline __half hfloor(__half a) { return __float2half(floorf(__half2float(a))); }
__device__ inline __half htrunc(__half a) { return __float2half(truncf(__half2float(a))); }
__device__ inline __half hrint(__half a) { return __float2half(rintf(__half2float(a))); }
__device__ inline __half operator+(__half a, __half b) { return __hadd(a, b); }
__device__ inline __half operator-(__half a, __half b) { return __hsub(a, b); }
__device__ inline __half operator*(__half a, __half b) { return __hmul(a, b); }
__device__ inline __half operator/(__half a, __half b) { return __hdiv(a, b); }
__device__ inline __half operator-(__half a) { return __hneg(a); }
__device__ inline __half operator+(__half a) { return a; }
__device__ inline __half& operator+=(__half& a, __half b) { a = __hadd(a, b); return a; }
__device__ inline __half& operator-=(__half& a, __half b) { a = __hsub(a, b); return a; }
__device__ inline __half& operator*=(__half& a, __half b) { a = __hmul(a, b); return a; }
__device__ inline __half& operator/=(__half& a, __half b) { a = __hdiv(a, b); return a; }
__device__ inline bool operator==(__half a, __half b) { return __heq(a, b); }
__device__ inline bool operator!=(__half a, __half b) { return __hneu(a, b); }
__device__ inline bool operator<(__half a, __half b) { return __hlt(a, b); }
__device__ inline bool operator<=(__half a, __half b) { return __hle(a, b); }
__device__ inline bool operator>(__half a, __half b) { return __hgt(a, b); }
__device__ inline bool operator>=(__half a, __half b) { return __hge(a, b); }

// ---- __half2: each function on both halves (x the low one) ----
__device__ inline __half2 __halves2half2(__half a, __half b) { __half2 v = {a, b}; return v; }
__device__ inline __half2 __half2half2(__half a) { return __halves2half2(a, a); }
__device__ inline __half2 __floats2half2_rn(float a, float b) { return __halves2half2(__float2half(a), __float2half(b)); }
__device__ inline __half2 __float2half2_rn(float a) { return __floats2half2_rn(a, a); }
__device__ inline __half2 __float22half2_rn(float2 v) { return __floats2half2_rn(v.x, v.y); }
__device__ inline __half __low2half(__half2 v) { return v.x; }
__device__ inline __half __high2half(__half2 v) { return v.y; }
__device__ inline __half2 __low2half2(__half2 v) { return __halves2half2(v.x, v.x); }
__device__ inline __half2 __high2half2(__half2 v) { return __halves2half2(v.y, v.y); }
__device__ inline __half2 __lows2half2(__half2 a, __half2 b) { return __halves2half2(a.x, b.x); }
__device__ inline __half2 __highs2half2(__half2 a, __half2 b) { return __halves2half2(a.y, b.y); }
__device__ inline __half2 __lowhigh2highlow(__half2 v) { return __halves2half2(v.y, v.x); }
__device__ inline float __low2float(__half2 v) { return __half2float(v.x); }
__device__ inline float __high2float(__half2 v) { return __half2float(v.y); }
__device__ inline float2 __half22float2(__half2 v) { return make_float2(__half2float(v.x), __half2float(v.y)); }
__device__ inline __half2 __hadd2(__half2 a, __half2 b) { return __halves2half2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
__device__ inline __half2 __hsub2(__half2 a, __half2 b) { return __halves2half2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
__device__ inline __half2 __hmul2(__half2 a, __half2 b) { return __halves2half2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
__device__ inline __half2 __h2div(__half2 a, __half2 b) { return __halves2half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__device__ inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __halves2half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
__device__ inline __half2 __hmax2(__half2 a, __half2 b) { return __halves2half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__device__ inline __half2 __hmin2(__half2 a, __half2 b) { return __halves2half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__device__ inline __half2 __hneg2(__half2 a) { return __halves2half2(__hneg(a.x), __hneg(a.y)); }
__device__ inline __half2 __habs2(__half2 a) { return __halves2half2(__habs(a.x), __habs(a.y)); }
__device__ inline __half2 h2sqrt(__half2 a) { return __halves2half2(hsqrt(a.x), hsqrt(a.y)); }
__device__ inline __half2 h2rsqrt(__half2 a) { return __halves2half2(hrsqrt(a.x), hrsqrt(a.y)); }
__device__ inline __half2 h2rcp(__half2 a) { return __halves2half2(hrcp(a.x), hrcp(a.y)); }
__device__ inline __half2 h2exp(__half2 a) { return __halves2half2(hexp(a.x), hexp(a.y)); }
__device__ inline __half2 h2log(__half2 a) { return __halves2half2(hlog(a.x), hlog(a.y)); }
__device__ inline __half2 __hisnan2(__half2 a) {
  return __halves2half2(__ushort_as_half(__hisnan(a.x) ? 0x3c00u : 0u), __ushort_as_half(__hisnan(a.y) ? 0x3c00u : 0u));
}
// Comparisons of pairs: __hxx2 gives 1.0 or 0.0 per half, __hbxx2 whether both hold.
#define __SDVMC_HALF2_CMP(name)                                                                          \
  __device__ inline __half2 name##2(__half2 a, __half2 b) {                                              \
    return __halves2half2(__ushort_as_half(name(a.x, b.x) ? 0x3c00u : 0u), __ushort_as_half(name(a.y, b.y) ? 0x3c00u : 0u)); \
  }
__SDVMC_HALF2_CMP(__heq) __SDVMC_HALF2_CMP(__hne) __SDVMC_HALF2_CMP(__hlt) __SDVMC_HALF2_CMP(__hle)
__SDVMC_HALF2_CMP(__hgt) __SDVMC_HALF2_CMP(__hge) __SDVMC_HALF2_CMP(__hequ) __SDVMC_HALF2_CMP(__hneu)
__SDVMC_HALF2_CMP(__hltu) __SDVMC_HALF2_CMP(__hleu) __SDVMC_HALF2_CMP(__hgtu) __SDVMC_HALF2_CMP(__hgeu)
__device__ inline bool __hbeq2(__half2 a, __half2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }
__device__ inline bool __hbne2(__half2 a, __half2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
__device__ inline bool __hblt2(__half2 a, __half2 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }
__device__ inline bool __hble2(__half2 a, __half2 b) { return __hle(a.x, b.x) && __hle(a.y, b.y); }
__device__ inline bool __hbgt2(__half2 a, __half2 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }
__device__ inline bool __hbge2(__half2 a, __half2 b) { return __hge(a.x, b.x) && __hge(a.y, b.y); }
__device__ inline bool __hbequ2(__half2 a, __half2 b) { return __hequ(a.x, b.x) && __hequ(a.y, b.y); }
__device__ inline bool __hbneu2(__half2 a, __half2 b) { return __hneu(a.x, b.x) && __hneu(a.y, b.y); }
__device__ inline bool __hbltu2(__half2 a, __half2 b) { return __hltu(a.x, b.x) && __hltu(a.y, b.y); }
__device__ inline bool __hbleu2(__half2 a, __half2 b) { return __hleu(a.x, b.x) && __hleu(a.y, b.y); }
__device__ inline bool __hbgtu2(__half2 a, __half2 b) { return __hgtu(a.x, b.x) && __hgtu(a.y, b.y); }
__device__ inline bool __hbgeu2(__half2 a, __half2 b) { return __hgeu(a.x, b.x) && __hgeu(a.y, b.y); }
__device__ inline __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__device__ inline __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__device__ inline __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__device__ inline __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__device__ inline __half2 operator-(__half2 a) { return __hneg2(a); }
__device__ inline bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
__device__ inline bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }

// ---- __nv_bfloat16: float's high half ----
__device__ inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short x) { __nv_bfloat16 h; h.__x = x; return h; }
__device__ inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
__device__ inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
__device__ inline __nv_bfloat16 __short_as_bfloat16(short x) { return __ushort_as_bfloat16((unsigned short)x); }
__device__ inline bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
__device__ inline int __hisinf(__nv_bfloat16 a) { return a.__x == 0x7f80u ? 1 : (a.__x == 0xff80u ? -1 : 0); }
__device__ inline float __bfloat162float(__nv_bfloat16 h) { return __uint_as_float((unsigned)h.__x << 16); }
__device__ inline __nv_bfloat16 __float2bfloat16(float f) {
  unsigned x = __float_as_uint(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return __ushort_as_bfloat16(0x7fffu);                 // NaN
  return __ushort_as_bfloat16((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);  // nearest even; overflow to infinity
}
// Directed rounding: the high half (truncation), one step away from zero when a low bit is set
// and the direction is away for this sign (from the largest finite value, the infinity).
__device__ inline __nv_bfloat16 __sdvmc_float2bfloat16_dir(float f, int mode) {
  unsigned x = __float_as_uint(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return __ushort_as_bfloat16(0x7fffu);
  bool neg = (x >> 31) != 0u;
  bool away = (x & 0xffffu) != 0u && ((mode == 1 && neg) || (mode == 2 && !neg));
  return __ushort_as_bfloat16((x >> 16) + (away ? 1u : 0u));
}
__device__ inline __nv_bfloat16::__nv_bfloat16(float f) : __x(__float2bfloat16(f).__x) {}
__device__ inline __nv_bfloat16::operator float() const { return __bfloat162float(*this); }
__device__ inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
__device__ inline __nv_bfloat16 __float2bfloat16_rz(float f) { return __sdvmc_float2bfloat16_dir(f, 0); }
__device__ inline __nv_bfloat16 __float2bfloat16_rd(float f) { return __sdvmc_float2bfloat16_dir(f, 1); }
__device__ inline __nv_bfloat16 __float2bfloat16_ru(float f) { return __sdvmc_float2bfloat16_dir(f, 2); }
// int to bfloat16: exact in float below 2^24; above, the magnitude rounded to odd at 2^8 (the low
// byte's bits folded into the last one: at least 17 significant bits, >= 8 + 2) is exact in
// float and rounds to the same bfloat16 as the integer.
__device__ inline __nv_bfloat16 __int2bfloat16_rn(int i) {
  unsigned u = i < 0 ? 0u - (unsigned)i : (unsigned)i;
  float f = u < 0x1000000u ? (float)u : (float)((u >> 8) | ((u & 0xffu) != 0u ? 1u : 0u)) * 256.0f;
  return __float2bfloat16(i < 0 ? -f : f);
}
__device__ inline int __bfloat162int_rn(__nv_bfloat16 h) { return __float2int_rn(__bfloat162float(h)); }
__device__ inline int __bfloat162int_rz(__nv_bfloat16 h) { return __float2int_rz(__bfloat162float(h)); }
__device__ inline int __bfloat162int_rd(__nv_bfloat16 h) { return __float2int_rd(__bfloat162float(h)); }
__device__ inline int __bfloat162int_ru(__nv_bfloat16 h) { return __float2int_ru(__bfloat162float(h)); }
// + - * / in float rounded once to bfloat16: sums and differences of bfloat16 values are exact
// in float or rounded only above 2^-126 (24 >= 2 * 8 + 2 there); a quotient's distance to a
// bfloat16 midpoint is at least 2^-142, more than half a float subnormal step (2^-150); a product
// near a midpoint below 2^-126 has at most 16 bits down to 2^-149 and is exact in float.
__device__ inline __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b)); }
__device__ inline __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b)); }
__device__ inline __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b)); }
__device__ inline __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b)); }
// As half's: a NaN gives the canonical NaN (as an H100 does).
__device__ inline __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16(__hisnan(a) ? 0x7fffu : a.__x ^ 0x8000u); }
__device__ inline __nv_bfloat16 __habs(__nv_bfloat16 a) { return __ushort_as_bfloat16(__hisnan(a) ? 0x7fffu : a.__x & 0x7fffu); }
__device__ inline __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? __ushort_as_bfloat16(0x7fffu) : b;
  if (__hisnan(b)) return a;
  float fa = __bfloat162float(a), fb = __bfloat162float(b);
  if (fa == fb) return (a.__x & 0x8000u) ? b : a;
  return fa > fb ? a : b;
}
__device__ inline __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? __ushort_as_bfloat16(0x7fffu) : b;
  if (__hisnan(b)) return a;
  float fa = __bfloat162float(a), fb = __bfloat162float(b);
  if (fa == fb) return (a.__x & 0x8000u) ? a : b;
  return fa < fb ? a : b;
}
__device__ inline bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) == __bfloat162float(b); }
__device__ inline bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { float x = __bfloat162float(a), y = __bfloat162float(b); return x < y || x > y; }
__device__ inline bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) < __bfloat162float(b); }
__device__ inline bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) <= __bfloat162float(b); }
__device__ inline bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) > __bfloat162float(b); }
__device__ inline bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) >= __bfloat162float(b); }
__device__ inline bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__heq(a, b); }
__device__ inline __nv_bfloat16 hsqrt(__nv_bfloat16 a) { return __float2bfloat16(sqrtf(__bfloat162float(a))); }
__device__ inline __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__device__ inline __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__device__ inline __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
__device__ inline __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
__device__ inline __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
__device__ inline __nv_bfloat16& operator+=(__nv_bfloat16& a, __nv_bfloat16 b) { a = __hadd(a, b); return a; }
__device__ inline bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) { return __heq(a, b); }
__device__ inline bool operator!=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hneu(a, b); }
__device__ inline bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) { return __hlt(a, b); }
__device__ inline bool operator<=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hle(a, b); }
__device__ inline bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) { return __hgt(a, b); }
__device__ inline bool operator>=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hge(a, b); }

// ---- __nv_bfloat162 ----
__device__ inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { __nv_bfloat162 v = {a, b}; return v; }
__device__ inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __halves2bfloat162(a, a); }
__device__ inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b)); }
__device__ inline __nv_bfloat162 __float2bfloat162_rn(float a) { return __floats2bfloat162_rn(a, a); }
__device__ inline __nv_bfloat162 __float22bfloat162_rn(float2 v) { return __floats2bfloat162_rn(v.x, v.y); }
__device__ inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 v) { return v.x; }
__device__ inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 v) { return v.y; }
__device__ inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(a.x, b.x); }
__device__ inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(a.y, b.y); }
__device__ inline float __low2float(__nv_bfloat162 v) { return __bfloat162float(v.x); }
__device__ inline float __high2float(__nv_bfloat162 v) { return __bfloat162float(v.y); }
__device__ inline float2 __bfloat1622float2(__nv_bfloat162 v) { return make_float2(__bfloat162float(v.x), __bfloat162float(v.y)); }
__device__ inline __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
__device__ inline __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
__device__ inline __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
__device__ inline __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__device__ inline __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__device__ inline __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b) { return __halves2bfloat162(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__device__ inline __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __halves2bfloat162(__hneg(a.x), __hneg(a.y)); }
__device__ inline __nv_bfloat162 __habs2(__nv_bfloat162 a) { return __halves2bfloat162(__habs(a.x), __habs(a.y)); }
__device__ inline bool __hbeq2(__nv_bfloat162 a, __nv_bfloat162 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }
__device__ inline bool __hblt2(__nv_bfloat162 a, __nv_bfloat162 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }
__device__ inline bool __hbgt2(__nv_bfloat162 a, __nv_bfloat162 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }
__device__ inline __nv_bfloat162 operator+(__nv_bfloat162 a, __nv_bfloat162 b) { return __hadd2(a, b); }
__device__ inline __nv_bfloat162 operator-(__nv_bfloat162 a, __nv_bfloat162 b) { return __hsub2(a, b); }
__device__ inline __nv_bfloat162 operator*(__nv_bfloat162 a, __nv_bfloat162 b) { return __hmul2(a, b); }
// bfloat16's a*b+c rounded once, in integers (a*b can leave float's range, so float's TwoSum is
// not exact here): each operand is m * 2^e with m its 8-bit significand; a*b is the 16-bit m_a m_b;
// the operand of the larger exponent is shifted 24 bits up, the other aligned to it, its lost
// bits folded into the last one (they lie at least 24 bits below the larger operand's last bit,
// far below the rounding position: a round to odd), then the sum is rounded to nearest even on
// bfloat16's grid (8 bits, or 2^-133 below 2^-126; infinity from 2^128 - 2^119 on).
__device__ inline unsigned __sdvmc_bf16_sig(unsigned short x) { return (x & 0x7f80u) == 0u ? (x & 0x7fu) : ((x & 0x7fu) | 0x80u); }
__device__ inline int __sdvmc_bf16_exp(unsigned short x) { return (x & 0x7f80u) == 0u ? -133 : (int)((x >> 7) & 0xffu) - 134; }
__device__ inline __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
  float x = __bfloat162float(a) * __bfloat162float(b), z = __bfloat162float(c);
  if ((a.__x & 0x7f80u) == 0x7f80u || (b.__x & 0x7f80u) == 0x7f80u || (c.__x & 0x7f80u) == 0x7f80u ||
      (a.__x & 0x7fffu) == 0u || (b.__x & 0x7fffu) == 0u)
    return __float2bfloat16(x + z);  // an infinity or NaN, or a zero product (exact in float): IEEE's result
  long long p = (long long)(__sdvmc_bf16_sig(a.__x) * __sdvmc_bf16_sig(b.__x));
  long long q = (long long)__sdvmc_bf16_sig(c.__x);
  int ep = __sdvmc_bf16_exp(a.__x) + __sdvmc_bf16_exp(b.__x), ec = __sdvmc_bf16_exp(c.__x);
  if (((a.__x ^ b.__x) & 0x8000u) != 0u) p = -p;
  if ((c.__x & 0x8000u) != 0u) q = -q;
  if (q == 0) ec = ep;
  long long big = ep >= ec ? p : q, small = ep >= ec ? q : p;
  int e0 = (ep >= ec ? ep : ec) - 24, d = ep >= ec ? ep - ec : ec - ep;
  big = big * 16777216LL;  // << 24, exact (|big| < 2^16)
  if (d <= 24) {
    small = small * (1LL << (24 - d));
  } else {
    long long mag = small < 0 ? -small : small;
    long long kept = d - 24 >= 40 ? 0 : mag >> (d - 24);
    long long lost = d - 24 >= 40 ? mag : mag - (kept << (d - 24));
    kept = kept | (lost != 0 ? 1LL : 0LL);
    small = small < 0 ? -kept : kept;
  }
  long long r = big + small;
  if (r == 0) return __ushort_as_bfloat16(0u);  // exact cancellation: +0 in round to nearest
  unsigned short sign = r < 0 ? 0x8000u : 0u;
  unsigned long long u = (unsigned long long)(r < 0 ? -r : r);
  int m = 0;
  while ((u >> (m + 1)) != 0ull) ++m;  // u's most significant bit
  int shift = m + e0 >= -126 ? m - 7 : -133 - e0;  // 8 bits kept, or bfloat16's subnormal step
  unsigned long long k;
  if (shift > 60) return __ushort_as_bfloat16(sign);  // u < 2^41: below half the step, a zero
  if (shift <= 0) {
    k = u << (-shift);
  } else {
    unsigned long long rem = u & ((1ull << shift) - 1ull), half = 1ull << (shift - 1);
    k = u >> shift;
    if (rem > half || (rem == half && (k & 1ull) != 0ull)) ++k;
  }
  int ek = e0 + shift;  // value = k * 2^ek
  if (k >= 256ull) { k >>= 1; ++ek; }  // a carry out of 8 bits (k was 255 + 1: exact)
  if (k < 128ull) return __ushort_as_bfloat16((unsigned short)(sign | k));  // subnormal (ek = -133)
  int biased = ek + 134;
  if (biased >= 255) return __ushort_as_bfloat16((unsigned short)(sign | 0x7f80u));
  return __ushort_as_bfloat16((unsigned short)(sign | ((unsigned)biased << 7) | ((unsigned)k & 0x7fu)));
}
__device__ inline __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) {
  return __halves2bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
// exp, log, 1/sqrt and 1/x through float: rounding glibc's float value to bfloat16 gives the
// correctly rounded bfloat16 for all 65536 inputs (specs/derivations/reduced_precision.py
// --exhaustive); 1/x is a correctly rounded float division (24 >= 2 * 8 + 2).
__device__ inline __nv_bfloat16 hexp(__nv_bfloat16 a) { return __float2bfloat16(expf(__bfloat162float(a))); }
__device__ inline __nv_bfloat16 hlog(__nv_bfloat16 a) { return __float2bfloat16(logf(__bfloat162float(a))); }
__device__ inline __nv_bfloat16 hrsqrt(__nv_bfloat16 a) { return __float2bfloat16(1.0f / sqrtf(__bfloat162float(a))); }
__device__ inline __nv_bfloat16 hrcp(__nv_bfloat16 a) { return __float2bfloat16(1.0f / __bfloat162float(a)); }
__device__ inline __nv_bfloat162 h2sqrt(__nv_bfloat162 a) { return __halves2bfloat162(hsqrt(a.x), hsqrt(a.y)); }
__device__ inline __nv_bfloat162 h2exp(__nv_bfloat162 a) { return __halves2bfloat162(hexp(a.x), hexp(a.y)); }
__device__ inline __nv_bfloat162 h2log(__nv_bfloat162 a) { return __halves2bfloat162(hlog(a.x), hlog(a.y)); }
)";
}

const char* cudaFp8HeaderText() {
  return R"(// sdvmc's <cuda_fp8.h> (frontends/clang/HeadersCudaFp.cpp): 8-bit floats in an unsigned char.
// E4M3: bias 7, no infinities, S.1111.111 the NaN, largest 448; E5M2: IEEE-like (bias 15,
// infinities), largest 57344. Conversions to them round to nearest even: beyond the largest
// value, __NV_SATFINITE gives the largest (infinities too) and __NV_NOSAT the infinity (E5M2) or
// the NaN (E4M3); a NaN gives 0x7f. Conversions from them are exact.
#pragma once
#include "cuda_bf16.h"
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };
// float's bits to fp8, nearest even (see above).
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float f, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  unsigned x = __float_as_uint(f);
  unsigned s = (x >> 24) & 0x80u;
  unsigned ax = x & 0x7fffffffu;
  bool e5 = t == __NV_E5M2;
  if (ax > 0x7f800000u) return 0x7fu;                                   // NaN
  if (e5 ? ax >= 0x47700000u : ax > 0x43e80000u) {                      // E5M2 61440, E4M3 464 (and more)
    if (sat == __NV_SATFINITE) return s | (e5 ? 0x7bu : 0x7eu);
    return s | (e5 ? 0x7cu : 0x7fu);
  }
  unsigned mbits = e5 ? 2u : 3u;
  if (ax < (e5 ? 0x38800000u : 0x3c800000u)) {                          // below 2^-14 / 2^-6: subnormal
    unsigned k = e5 ? 16u : 9u;                                         // in units of 2^-16 / 2^-9
    if (ax <= ((126u - k) << 23)) return s;                             // half a unit or less: zero
    unsigned shift = 150u - k - (ax >> 23);
    unsigned mant = (ax & 0x7fffffu) | 0x800000u;
    unsigned q = mant >> shift, rem = mant & ((1u << shift) - 1u), tie = 1u << (shift - 1u);
    return s | (q + (rem > tie || (rem == tie && (q & 1u)) ? 1u : 0u));
  }
  unsigned r = ax - ((e5 ? 112u : 120u) << 23);                         // exponent bias 127 to 15 / 7
  unsigned sh = 23u - mbits;
  unsigned q = r >> sh, rem = r & ((1u << sh) - 1u), tie = 1u << (sh - 1u);
  return s | (q + (rem > tie || (rem == tie && (q & 1u)) ? 1u : 0u));
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw h, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  return __nv_cvt_float_to_fp8(__half2float(__half(h)), sat, t);
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw h, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  return __nv_cvt_float_to_fp8(__bfloat162float(__nv_bfloat16(h)), sat, t);
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 v, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(v.x, sat, t) | (__nv_cvt_float_to_fp8(v.y, sat, t) << 8));
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw v, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  __half_raw lo = {v.x}, hi = {v.y};
  return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(lo, sat, t) | (__nv_cvt_halfraw_to_fp8(hi, sat, t) << 8));
}
// fp8 to half, exact: E5M2 is half's high byte; E4M3's value with half's exponent (bias 15), its
// subnormals m * 2^-9 normal halves; its NaN the canonical 0x7fff.
__host__ __device__ inline __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t v, __nv_fp8_interpretation_t t) {
  __half_raw r;
  unsigned x = v;
  if (t == __NV_E5M2) { r.x = (unsigned short)(x << 8); return r; }
  unsigned s = (x & 0x80u) << 8, e = (x >> 3) & 0xfu, m = x & 7u;
  if ((x & 0x7fu) == 0x7fu) r.x = 0x7fffu;
  else if (e == 0u) r.x = (unsigned short)(s | __half_as_ushort(__float2half((float)m * 0.001953125f)));
  else r.x = (unsigned short)(s | ((e + 8u) << 10) | (m << 7));
  return r;
}
__host__ __device__ inline __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t v, __nv_fp8_interpretation_t t) {
  __half2_raw r;
  r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(v & 0xffu), t).x;
  r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(v >> 8), t).x;
  return r;
}
__device__ inline float __sdvmc_fp8_to_float(__nv_fp8_storage_t v, __nv_fp8_interpretation_t t) {
  return __half2float(__half(__nv_cvt_fp8_to_halfraw(v, t)));
}
// The classes: constructors round to nearest even with saturation to the largest finite value
// (__NV_SATFINITE); conversions to float, half and bfloat16 are exact.
#define __SDVMC_FP8(cls, kind)                                                                              \
  struct cls {                                                                                            \
    __nv_fp8_storage_t __x;                                                                               \
    cls() = default;                                                                                      \
    __device__ explicit cls(float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, kind)) {}             \
    __device__ explicit cls(__half h) : __x(__nv_cvt_float_to_fp8(__half2float(h), __NV_SATFINITE, kind)) {} \
    __device__ explicit cls(__nv_bfloat16 h) : __x(__nv_cvt_float_to_fp8(__bfloat162float(h), __NV_SATFINITE, kind)) {} \
    __device__ explicit operator float() const { return __sdvmc_fp8_to_float(__x, kind); }               \
    __device__ explicit operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, kind)); }    \
    __device__ explicit operator __nv_bfloat16() const { return __float2bfloat16(__sdvmc_fp8_to_float(__x, kind)); } \
  };
__SDVMC_FP8(__nv_fp8_e4m3, __NV_E4M3)
__SDVMC_FP8(__nv_fp8_e5m2, __NV_E5M2)
#define __SDVMC_FP8X2(cls, kind)                                                                            \
  struct cls {                                                                                            \
    __nv_fp8x2_storage_t __x;                                                                             \
    cls() = default;                                                                                      \
    __device__ explicit cls(float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, kind)) {}         \
    __device__ explicit cls(__half2 h) : __x(__nv_cvt_float2_to_fp8x2(__half22float2(h), __NV_SATFINITE, kind)) {} \
    __device__ explicit operator float2() const {                                                         \
      return make_float2(__sdvmc_fp8_to_float((__nv_fp8_storage_t)(__x & 0xffu), kind),                   \
                         __sdvmc_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), kind));                     \
    }                                                                                                     \
    __device__ explicit operator __half2() const {                                                        \
      __half2_raw r = __nv_cvt_fp8x2_to_halfraw2(__x, kind);                                              \
      __half_raw lo = {r.x}, hi = {r.y};                                                                  \
      return __halves2half2(__half(lo), __half(hi));                                                      \
    }                                                                                                     \
  };
__SDVMC_FP8X2(__nv_fp8x2_e4m3, __NV_E4M3)
__SDVMC_FP8X2(__nv_fp8x2_e5m2, __NV_E5M2)
#define __SDVMC_FP8X4(cls, kind)                                                                            \
  struct cls {                                                                                            \
    __nv_fp8x4_storage_t __x;                                                                             \
    cls() = default;                                                                                      \
    __device__ explicit cls(float4 f)                                                                     \
        : __x((unsigned)__nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE, kind) |           \
              ((unsigned)__nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w), __NV_SATFINITE, kind) << 16)) {} \
    __device__ explicit operator float4() const {                                                         \
      return make_float4(__sdvmc_fp8_to_float((__nv_fp8_storage_t)(__x & 0xffu), kind),                   \
                         __sdvmc_fp8_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xffu), kind),            \
                         __sdvmc_fp8_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xffu), kind),           \
                         __sdvmc_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), kind));                    \
    }                                                                                                     \
  };
__SDVMC_FP8X4(__nv_fp8x4_e4m3, __NV_E4M3)
__SDVMC_FP8X4(__nv_fp8x4_e5m2, __NV_E5M2)
)";
}

}  // namespace sdvmc::clangfe
