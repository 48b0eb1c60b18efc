// The float math library in the Clang frontend (LowerFloatMath.cpp): the table's rows of the
// float kinds, OpenCL's vector forms (component-wise, a scalar broadcast, relational results
// -1/0), the formulas of mad, normalize's special cases and CUDA's __float2int_* on edge
// values — each run on the SDV machine against words worked out by hand — and the refusals,
// at their line:col.
#include "FrontendHelpers.h"
#include "frontends/clang/Builtins.h"
#include "kpl/Ast.h"

#include <catch2/catch.hpp>

#include <bit>
#include <climits>
#include <cmath>

using namespace fetest;
namespace lw = sdvmc::clangfe::lowering;

namespace {
constexpr int32_t kOne = 0x3f800000, kTwo = 0x40000000, kHalf = 0x3f000000, kNegZero = INT32_MIN;
constexpr int32_t kInf = 0x7f800000, kNaN = 0x7fc00000;
}  // namespace

TEST_CASE("the float rows of the builtin table name float math builtins of their arity", "[frontends][clang][builtins][float-math]") {
  namespace kpl = sdvmc::kpl;
  for (const lw::BuiltinInfo& fn : lw::builtinTable()) {
    INFO(fn.name);
    if (fn.kind == lw::BuiltinKind::FloatFn) {
      REQUIRE(fn.op != lw::kNoForm);
      const auto op = static_cast<kpl::WideOp>(fn.op);
      CHECK(kpl::isFloatMath(op));
      CHECK(kpl::wideOpArity(op) == fn.arity);
      CHECK(fn.wideOp == lw::kNoForm);  // no double form: refused
    }
    if (fn.kind == lw::BuiltinKind::FloatToInt) CHECK(kpl::isFloatMath(static_cast<kpl::WideOp>(fn.op)));
  }
  CHECK(lw::findBuiltin("native_sin")->op == lw::findBuiltin("sin")->op);
  CHECK(lw::findBuiltin("__expf")->op == lw::findBuiltin("expf")->op);
  CHECK(lw::findBuiltin("sincos")->kind == lw::BuiltinKind::FloatOut);
  CHECK(lw::findBuiltin("frexp")->kind == lw::BuiltinKind::Refused);
  CHECK(lw::findBuiltin("__fadd_rz")->kind == lw::BuiltinKind::Refused);
}

TEST_CASE("OpenCL float vector math is component-wise, a scalar argument broadcast", "[frontends][clang][float-math]") {
  const std::string src = R"(
kernel void k(global float4 *V, global int4 *T) {
  float4 x = (float4)(2.5f, -2.5f, -0.5f, 0.0f / 0.0f);
  V[0] = floor(x);
  V[1] = fmin(x, 0.5f);
  V[2] = ldexp(x, 1);
  T[0] = isnan(x);
  T[1] = isless(x, (float4)(0.0f));
  V[3] = mad((float4)(1.0f), x, (float4)(1.0f));
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"V", 4}, {"T", 2}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  const int32_t nan = r.arrays.at("V")[3];  // floor(NaN): the NaN 0/0 gave (the host's bits)
  // floor: 2, -3, -1, NaN; fmin(x, 0.5): 0.5, -2.5, -0.5, 0.5 (fmin ignores a NaN);
  // ldexp(x, 1) = 2x: 5, -5, -1, NaN; mad(1, x, 1) = x + 1: 3.5, -1.5, 0.5, NaN.
  CHECK(std::isnan(std::bit_cast<float>(nan)));
  CHECK(r.arrays.at("V") == W{kTwo, static_cast<int32_t>(0xc0400000), static_cast<int32_t>(0xbf800000), nan,
                              kHalf, static_cast<int32_t>(0xc0200000), static_cast<int32_t>(0xbf000000), kHalf,
                              0x40a00000, static_cast<int32_t>(0xc0a00000), static_cast<int32_t>(0xbf800000), nan,
                              0x40600000, static_cast<int32_t>(0xbfc00000), kHalf, nan});
  // isnan: only w; isless(x, 0): y and z (NaN compares false).
  CHECK(r.arrays.at("T") == W{0, 0, 0, -1, 0, -1, -1, 0});
}

TEST_CASE("scalar relational functions give 0/1; mad rounds twice where fma rounds once", "[frontends][clang][float-math]") {
  const std::string src = R"(
kernel void k(global int *A, global float *F) {
  float t = 1.0f + 0.000244140625f;  // 1 + 2^-12
  A[0] = isinf(1.0f / 0.0f) + 2 * isfinite(t) + 4 * signbit(-0.0f) + 8 * isnormal(1e-40f) + 16 * isunordered(t, 0.0f / 0.0f);
  F[0] = mad(t, t, -1.0f - 0.00048828125f);
  F[1] = fma(t, t, -1.0f - 0.00048828125f);
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"A", 1}, {"F", 2}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{1 + 2 + 4 + 0 + 16});  // 1e-40 is subnormal
  // t*t = 1 + 2^-11 + 2^-24: rounded (a tie, to even 1 + 2^-11) the difference is 0; fused 2^-24.
  CHECK(r.arrays.at("F") == W{0, 0x33800000});
}

TEST_CASE("normalize keeps a zero vector, maps infinite components to +-1, and propagates NaN", "[frontends][clang][float-math]") {
  const std::string src = R"(
kernel void k(global float4 *V) {
  float inf = 1.0f / 0.0f;
  V[0] = normalize((float4)(0.0f, -0.0f, 0.0f, 0.0f));
  V[1] = normalize((float4)(-inf, 3.0f, inf, 0.0f));
  V[2] = fast_normalize((float4)(0.0f, 4.0f, 0.0f, 3.0f));
  V[3] = normalize((float4)(0.0f / 0.0f, 1.0f, 0.0f, 0.0f));
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"V", 4}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  const W& v = r.arrays.at("V");
  CHECK(W(v.begin(), v.begin() + 4) == W{0, kNegZero, 0, 0});
  // (-1, 0, 1, 0) / length = sqrt(2): -0.70710677 (0xbf3504f3), 0, 0.70710677, 0
  CHECK(W(v.begin() + 4, v.begin() + 8) == W{static_cast<int32_t>(0xbf3504f3), 0, 0x3f3504f3, 0});
  // dot = 25, rsqrt = 1/5 = 0.2 (0x3e4ccccd); 4 * 0.2 = 0.8 (0x3f4ccccd), 3 * 0.2 = 0.6 (0x3f19999a)
  CHECK(W(v.begin() + 8, v.begin() + 12) == W{0, 0x3f4ccccd, 0, 0x3f19999a});
  for (int i = 12; i < 16; ++i) CHECK(std::isnan(std::bit_cast<float>(v[i])));
}

TEST_CASE("CUDA's __float2int_* round, then saturate; NaN is 0; __saturatef(NaN) is 0", "[frontends][clang][float-math]") {
  const std::string src = R"(
__global__ void k(int *N, int *Z, int *U, int *D, float *S) {
  int i = threadIdx.x;
  float xs[5] = {-0.5f, 1.5f, 0.0f, 2147483648.0f, -2147483648.0f};
  float x = i == 2 ? __int_as_float(0x7fc00000) : xs[i];
  N[i] = __float2int_rn(x); Z[i] = __float2int_rz(x); U[i] = __float2int_ru(x); D[i] = __float2int_rd(x);
  S[i] = __saturatef(x);
}
)";
  // x = -0.5, 1.5, NaN, 2^31, -2^31
  Ran r = runText(src, fe::Language::Cuda, launch1d(5, {{"N", 5}, {"Z", 5}, {"U", 5}, {"D", 5}, {"S", 5}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("N") == W{0, 2, 0, INT32_MAX, INT32_MIN});  // rint(-0.5) = -0 -> 0; 1.5 -> 2
  CHECK(r.arrays.at("Z") == W{0, 1, 0, INT32_MAX, INT32_MIN});
  CHECK(r.arrays.at("U") == W{0, 2, 0, INT32_MAX, INT32_MIN});
  CHECK(r.arrays.at("D") == W{-1, 1, 0, INT32_MAX, INT32_MIN});
  CHECK(r.arrays.at("S") == W{0, kOne, 0, kOne, 0});
}

TEST_CASE("sincos and modf store through their pointers: a local's address, a memory cell", "[frontends][clang][float-math]") {
  const std::string src = R"(
kernel void k(global float *A, global float *P) {
  float c, ip;
  A[0] = sincos(0.0f, &c);
  A[1] = c;
  A[2] = modf(-3.75f, &ip);
  A[3] = ip;
  A[4] = modf(-1.0f / 0.0f, &P[1]);
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"A", 5}, {"P", 2}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // sin 0 = 0, cos 0 = 1; modf(-3.75) = -0.75 (0xbf400000), -3 (0xc0400000); modf(-inf) = -0, -inf
  CHECK(r.arrays.at("A") == W{0, kOne, static_cast<int32_t>(0xbf400000), static_cast<int32_t>(0xc0400000), kNegZero});
  CHECK(r.arrays.at("P") == W{0, static_cast<int32_t>(0xff800000)});
}

TEST_CASE("any and all read sign bits; bitselect takes b's bits where c's are set", "[frontends][clang][float-math]") {
  const std::string src = R"(
kernel void k(global int *A, global float *F) {
  A[0] = any((int4)(0, -1, 0, 0)) + 2 * all((int4)(0, -1, 0, 0)) + 4 * all((short2)(-1, -2)) + 8 * any((char2)(1, 127));
  A[1] = bitselect(0x0f0f, 0x7070, 0x00ff);
  F[0] = bitselect(2.0f, -1.0f, as_float(0x80000000));
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"A", 2}, {"F", 1}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 1 + 0 + 4 + 0; 0x0f00 | 0x0070; 2.0 with -1.0's sign bit: -2.0 (0xc0000000)
  CHECK(r.arrays.at("A") == W{5, 0x0f70});
  CHECK(r.arrays.at("F") == W{static_cast<int32_t>(0xc0000000)});
  CHECK(firstError(lowerText("kernel void k(global int *A) { A[0] = any((long2)(1, 2)); }\n", fe::Language::OpenCL,
                             launch1d(1))) == "1:39: unsupported: any on 'long2' (only signed integers of 32 bits or less)");
}

SCENARIO("the float library refuses doubles, directed rounding, inexact compositions and pointer results, at the call", "[frontends][clang][float-math]") {
  auto cl = [](const std::string& body) {
    return firstError(lowerText("kernel void k(global float *A, global double *D, global int *I) {\n" + body + "}\n",
                                fe::Language::OpenCL, launch1d(1)));
  };
  CHECK(cl("  D[0] = sin(D[1]);\n") == "2:10: unsupported: sin on 'double' (only the float overloads are lowered)");
  CHECK(cl("  I[0] = isnan(D[1]);\n").empty());  // relational functions on double scalars are lowered
  CHECK(cl("  D[0] = fmod(D[1], D[2]);\n") == "2:10: unsupported: fmod on 'double' (only the float overloads are lowered)");
  CHECK(cl("  I[0] = clamp(I[1], 0, 3);\n").empty());  // the integer clamp (LowerIntFunc.cpp)
  CHECK(cl("  A[0] = cospi(A[1]);\n") == "2:10: unsupported: cospi (no exact composition of the float operators; sin(pi * x) rounds pi * x first)");
  CHECK(cl("  int e; A[0] = frexp(A[1], &e);\n") == "2:17: unsupported: frexp (a result through a pointer argument)");
  // OpenCL's header has no geometric function beyond float4: Clang refuses length(float8) itself.
  CHECK(cl("  float8 v = (float8)(1.0f); A[0] = length(v);\n") == "2:37: no matching function for call to 'length'");
  Lowered cu = lowerText("__global__ void k(float *A) {\n  A[0] = __fdiv_ru(A[1], A[2]);\n}\n", fe::Language::Cuda, launch1d(1));
  CHECK(firstError(cu) == "2:10: unsupported: __fdiv_ru (directed rounding; only the round-to-nearest _rn forms are lowered)");
}
