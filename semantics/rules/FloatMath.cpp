// The float math functions of KPL (EOp::FCeil … EOp::FFma; specs/KPL.md, "Float math"):
// each computed as the host's C library computes the float function (glibc's sinf, powf …,
// round to nearest), on the IEEE-754 single bit patterns the Words hold.
#include "semantics/rules/Eval.h"

#include <cassert>
#include <cmath>

namespace sdvmc::sem {

namespace {
using word::f;
using word::w;

// OpenCL's powr: pow for x >= 0, NaN where OpenCL C 1.2 §7.5.1 says (x < 0, 0^0, inf^0,
// 1^inf, a NaN operand); ±0 is +0 (powr(-0, -1) is +inf, not powf's -inf).
float powr(float x, float y) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  if (std::isnan(x) || std::isnan(y) || x < 0) return nan;
  if ((x == 0 && y == 0) || (std::isinf(x) && y == 0) || (x == 1 && std::isinf(y))) return nan;
  return ::powf(x == 0 ? 0.0f : x, y);
}

// OpenCL's pown(x, n): x to the integer n, computed as glibc's double pow of the exact
// operands, rounded to float (powf((float)n) would round an n beyond 2^24 and its parity).
float pown(float x, Word n) { return static_cast<float>(::pow(static_cast<double>(x), static_cast<double>(n))); }

float lgamma(float x) {
  int sign = 0;  // lgammaf_r: lgammaf writes the global signgam, which threads share
  return ::lgammaf_r(x, &sign);
}

float unaryMath(EOp op, float x) {
  switch (op) {
    case EOp::FCeil: return ::ceilf(x);
    case EOp::FFloor: return ::floorf(x);
    case EOp::FRound: return ::roundf(x);
    case EOp::FTrunc: return ::truncf(x);
    case EOp::FRint: return ::rintf(x);
    case EOp::FExp: return ::expf(x);
    case EOp::FExp2: return ::exp2f(x);
    case EOp::FExp10: return ::exp10f(x);
    case EOp::FExpm1: return ::expm1f(x);
    case EOp::FLog: return ::logf(x);
    case EOp::FLog2: return ::log2f(x);
    case EOp::FLog10: return ::log10f(x);
    case EOp::FLog1p: return ::log1pf(x);
    case EOp::FSin: return ::sinf(x);
    case EOp::FCos: return ::cosf(x);
    case EOp::FTan: return ::tanf(x);
    case EOp::FAsin: return ::asinf(x);
    case EOp::FAcos: return ::acosf(x);
    case EOp::FAtan: return ::atanf(x);
    case EOp::FSinh: return ::sinhf(x);
    case EOp::FCosh: return ::coshf(x);
    case EOp::FTanh: return ::tanhf(x);
    case EOp::FAsinh: return ::asinhf(x);
    case EOp::FAcosh: return ::acoshf(x);
    case EOp::FAtanh: return ::atanhf(x);
    case EOp::FCbrt: return ::cbrtf(x);
    case EOp::FRsqrt: return 1.0f / ::sqrtf(x);
    case EOp::FErf: return ::erff(x);
    case EOp::FErfc: return ::erfcf(x);
    case EOp::FLgamma: return lgamma(x);
    case EOp::FTgamma: return ::tgammaf(x);
    case EOp::FLogb: return ::logbf(x);
    default: break;
  }
  assert(false && "not a unary float math function");
  return 0;
}

float binaryMath(EOp op, float x, float y, Word b) {
  switch (op) {
    case EOp::FPow: return ::powf(x, y);
    case EOp::FAtan2: return ::atan2f(x, y);
    case EOp::FFmod: return ::fmodf(x, y);
    case EOp::FHypot: return ::hypotf(x, y);
    case EOp::FCopysign: return ::copysignf(x, y);
    case EOp::FNextafter: return ::nextafterf(x, y);
    case EOp::FRemainder: return ::remainderf(x, y);
    case EOp::FFdim: return ::fdimf(x, y);
    case EOp::FLdexp: return ::ldexpf(x, b);
    case EOp::FPown: return pown(x, b);
    case EOp::FPowr: return powr(x, y);
    default: break;
  }
  assert(false && "not a binary float math function");
  return 0;
}
}  // namespace

Word word::floatMath(EOp op, Word a, Word b, Word c) {
  if (op == EOp::FFma) return w(::fmaf(f(a), f(b), f(c)));
  if (op >= EOp::FPow) return w(binaryMath(op, f(a), f(b), b));
  return w(unaryMath(op, f(a)));
}

}  // namespace sdvmc::sem
