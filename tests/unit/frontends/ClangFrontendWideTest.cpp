// The Clang frontend's 64-bit types: CUDA's long long, OpenCL's long, their unsigned forms and
// double, each a pair of words (low word first in memory). Every kernel is lowered and run on
// the SDV machine; the expected words are worked out from C's rules and IEEE-754 double
// precision (round to nearest even), written as (low word, high word) per 64-bit value.
#include "FrontendHelpers.h"
#include "kpl/Parser.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fetest;

namespace {

Ran runCl(const std::string& src, std::vector<std::pair<std::string, uint32_t>> buffers, uint32_t threads = 1) {
  Ran r = runText(src, fe::Language::OpenCL, launch1d(threads, std::move(buffers)));
  return r;
}
Ran runCu(const std::string& src, std::vector<std::pair<std::string, uint32_t>> buffers, uint32_t threads = 1) {
  return runText(src, fe::Language::Cuda, launch1d(threads, std::move(buffers)));
}

}  // namespace

SCENARIO("long wraps at 2^63 and unsigned long at 2^64; int and unsigned widen as C says", "[frontends][clang][wide]") {
  const std::string src = R"(
kernel void k(global long *A) {
  long x = 9223372036854775807L;
  A[0] = x + 1;
  ulong u = 18446744073709551615UL;
  A[1] = u + 1;
  int i = -5;
  unsigned v = 4000000000u;
  A[2] = i;
  A[3] = v;
  A[4] = (long)i * v;
  A[5] = i * v;
  A[6] = x * 2;
  A[7] = -x - 2;
}
)";
  Ran r = runCl(src, {{"A", 8}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // A[0]: LONG_MAX + 1 wraps to -2^63 = 0x80000000_00000000.
  // A[1]: 2^64 - 1 + 1 wraps to 0.
  // A[2]: -5 sign-extends: 0xffffffff_fffffffb. A[3]: 4000000000 zero-extends: low word
  //   4000000000 - 2^32 = -294967296, high 0.
  // A[4]: -5 * 4000000000 = -20000000000 = -5 * 2^32 + 1474836480.
  // A[5]: i * v is unsigned int: (2^32 - 5) * 4000000000 mod 2^32 = 1474836480, zero-extended.
  // A[6]: (2^63 - 1) * 2 = 2^64 - 2 wraps to -2: 0xffffffff_fffffffe.
  // A[7]: -(2^63 - 1) - 2 = -2^63 - 1 wraps to 2^63 - 1: 0x7fffffff_ffffffff.
  CHECK(r.arrays.at("A") == W{0, INT32_MIN, 0, 0, -5, -1, -294967296, 0, 1474836480, -5, 1474836480, 0, -2, -1, -1,
                              INT32_MAX});
}

SCENARIO("64-bit comparisons are signed or unsigned by the operands' type", "[frontends][clang][wide]") {
  const std::string src = R"(
__global__ void k(int *B) {
  long long one = 1, m = -1, big = 0x100000000LL, low = 0xffffffffLL;
  unsigned long long uone = one, um = m;
  B[0] = one < m;
  B[1] = uone < um;
  B[2] = big > low;
  B[3] = (unsigned long long)big > low;
  B[4] = m >= m;
  B[5] = big == low;
  B[6] = big != low;
  B[7] = m < 0;
  B[8] = um <= 5;
  B[9] = big ? 1 : 2;
  B[10] = !big;
  B[11] = (one << 32) == big && (big >> 32) == one;
}
)";
  Ran r = runCu(src, {{"B", 12}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 1 < -1 signed: 0; unsigned: -1 is 2^64 - 1, so 1. 2^32 > 2^32 - 1 (high words 1 and 0,
  // low words 0 and 0xffffffff) signed and unsigned; -1 >= -1; 2^32 == 2^32 - 1 is 0, != 1;
  // -1 < 0; 2^64 - 1 <= 5 is 0; a nonzero long long is true, !big 0; 1 << 32 is big.
  CHECK(r.arrays.at("B") == W{0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 0, 1});
}

SCENARIO("64-bit division and remainder truncate toward zero; unsigned ones are unsigned", "[frontends][clang][wide]") {
  const std::string src = R"(
kernel void k(global long *A) {
  long a = -7, b = 2, c = 10000000000L;
  A[0] = a / b;
  A[1] = a % b;
  A[2] = -a / -b;
  A[3] = -a % -b;
  A[4] = (ulong)a / (ulong)b;
  A[5] = c / 3;
  A[6] = c % 3;
  A[7] = (ulong)a % 10;
}
)";
  Ran r = runCl(src, {{"A", 8}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // -7 / 2 = -3, -7 % 2 = -1; 7 / -2 = -3, 7 % -2 = 1.
  // (2^64 - 7) / 2 = 2^63 - 4 = 0x7fffffff_fffffffc.
  // 10^10 / 3 = 3333333333 (low word 3333333333 - 2^32 = -961633963), 10^10 % 3 = 1.
  // (2^64 - 7) % 10: 2^64 = 18446744073709551616, minus 7 ends in ...609, so 9.
  CHECK(r.arrays.at("A") == W{-3, -1, -1, -1, -3, -1, 1, 0, -4, INT32_MAX, -961633963, 0, 1, 0, 9, 0});
}

SCENARIO("64-bit shifts by 32 and 63; OpenCL masks the amount by 63, CUDA reports one out of range",
         "[frontends][clang][wide][shift]") {
  const std::string src = R"(
kernel void k(global long *A, global int *B) {
  long one = 1, m8 = -8;
  int n = 65;
  A[0] = one << 32;
  A[1] = one << 63;
  A[2] = m8 >> 1;
  A[3] = (ulong)m8 >> 1;
  A[4] = m8 >> 63;
  A[5] = one << n;
  A[6] = one << (long)n;
  B[0] = 1 << one * 33;
  long s = 3;
  s <<= 40;
  A[7] = s;
}
)";
  Ran r = runCl(src, {{"A", 8}, {"B", 1}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 1 << 32 = (0, 1); 1 << 63 = (0, 0x80000000); -8 >> 1 = -4 (arithmetic); 2^64 - 8 >> 1 =
  // 0x7fffffff_fffffffc; -8 >> 63 = -1; 65 & 63 = 1: 1 << 1 = 2 (a long amount too);
  // an int shifted by a long amount: 33 & 31 = 1, 1 << 1 = 2; 3 << 40 = 3 * 2^8 in the high word.
  CHECK(r.arrays.at("A") == W{0, 1, 0, INT32_MIN, -4, -1, -4, INT32_MAX, -1, -1, 2, 0, 2, 0, 0, 768});
  CHECK(r.arrays.at("B") == W{2});
  const std::string cu = R"(
__global__ void k(long long *A) {
  long long one = 1;
  int n = 63 + threadIdx.x;
  A[0] = one << n;
}
)";
  Ran ok = runCu(cu, {{"A", 1}});
  CHECK(ok.verdict == sem::VerdictKind::Ok);
  CHECK(ok.arrays.at("A") == W{0, INT32_MIN});
  Ran bad = runCu("__global__ void k(long long *A) {\n  long long one = 1;\n  int n = 64 + threadIdx.x;\n  A[0] = one << n;\n}\n",
                  {{"A", 1}});
  CHECK(bad.verdict == sem::VerdictKind::ShiftOutOfRange);
  // An int shifted by a long long amount of 2^32 + 1: out of range in C, not the amount 1.
  Ran big = runCu("__global__ void k(int *A) {\n  long long n = 0x100000001LL + threadIdx.x;\n  A[0] = 1 << n;\n}\n",
                  {{"A", 1}});
  CHECK(big.verdict == sem::VerdictKind::ShiftOutOfRange);
}

SCENARIO("double arithmetic is IEEE double precision, rounded to nearest even", "[frontends][clang][wide][double]") {
  const std::string src = R"(
kernel void k(global double *D) {
  double one = 1.0;
  D[0] = one / 10 + 2 * one / 10;
  D[1] = one + one / 9007199254740992.0;
  D[2] = one + 3 * (one / 9007199254740992.0);
  D[3] = sqrt(one + one);
  D[4] = one / 3;
  D[5] = -one * 0.0;
  D[6] = fmin(one, -one) + fmax(one, 2.5) + fabs(-one);
  double t = one;
  t *= 3;
  t++;
  D[7] = t;
}
)";
  Ran r = runCl(src, {{"D", 8}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 0.1 + 0.2 (each rounded) = 0x3fd33333_33333334 (0.30000000000000004).
  // 1 + 2^-53: a tie between 1 and 1 + 2^-52, to even: 1 = 0x3ff00000_00000000.
  // 1 + 3 * 2^-53: a tie between 1 + 2^-52 and 1 + 2^-51, to even: 0x3ff00000_00000002.
  // sqrt(2) = 0x3ff6a09e_667f3bcd. 1/3 = 0x3fd55555_55555555. -1 * 0 = -0.0 = 0x80000000_00000000.
  // fmin(1, -1) + fmax(1, 2.5) + fabs(-1) = -1 + 2.5 + 1 = 2.5 = 0x40040000_00000000.
  // t = 1 * 3 + 1 = 4 = 0x40100000_00000000.
  CHECK(r.arrays.at("D") == W{0x33333334, 0x3fd33333, 0, 0x3ff00000, 2, 0x3ff00000, 0x667f3bcd, 0x3ff6a09e, 0x55555555,
                              0x3fd55555, 0, INT32_MIN, 0, 0x40040000, 0, 0x40100000});
}

SCENARIO("conversions between long, double, float and int", "[frontends][clang][wide][double]") {
  const std::string src = R"(
kernel void k(global double *D, global long *L, global float *F, global int *I) {
  long big = 9007199254740993L;
  D[0] = big;
  double m = -2.75;
  L[0] = m;
  double e = 1e10;
  L[1] = e;
  F[0] = e / 1e11;
  float tenth = 0.1f;
  D[1] = tenth;
  int i = -3;
  D[2] = i;
  I[0] = m;
  long p = 16777217;
  F[1] = p;
  ulong u = 18446744073709551615UL;
  D[3] = u;
  unsigned v = 4000000000u;
  D[4] = v;
  I[1] = (unsigned)(e * 0.25);
  L[2] = tenth * 1e10f;
  I[2] = (char)big;
  I[3] = (bool)(big - big);
}
)";
  Ran r = runCl(src, {{"D", 5}, {"L", 3}, {"F", 2}, {"I", 4}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 2^53 + 1 to double: a tie between 2^53 and 2^53 + 2, to even: 2^53 = 0x43400000_00000000.
  // 0.1f = 0x3dcccccd, to double exactly: 0x3fb99999_a0000000. -3.0 = 0xc0080000_00000000.
  // 2^64 - 1 to double rounds to 2^64 = 0x43f00000_00000000; 4e9 = 0x41edcd65_00000000.
  CHECK(r.arrays.at("D") == W{0, 0x43400000, static_cast<int32_t>(0xa0000000u), 0x3fb99999, 0,
                              static_cast<int32_t>(0xc0080000u), 0, 0x43f00000, 0, 0x41edcd65});
  // -2.75 truncates to -2; 1e10 = 2 * 2^32 + 1410065408; 0.1f * 1e10f in float is
  // 0x3dcccccd * 0x501502f9 = 1000000000 (the product 1.0000000149e9 rounds to 1e9 in float).
  CHECK(r.arrays.at("L") == W{-2, -1, 1410065408, 2, 1000000000, 0});
  // 1e10 / 1e11 = 0.1 (double) to float: 0x3dcccccd; 2^24 + 1 to float: a tie, to even 2^24 = 0x4b800000.
  CHECK(r.arrays.at("F") == W{0x3dcccccd, 0x4b800000});
  // (int)-2.75 = -2; (unsigned)2.5e9 = 2500000000 = -1794967296 as a word; (char)(2^53 + 1) keeps
  // the low byte 1; (bool)0 = 0.
  CHECK(r.arrays.at("I") == W{-2, -1794967296, 1, 0});
}

SCENARIO("long arrays through pointers, a struct with a long field, and long* seen as int*",
         "[frontends][clang][wide][memory]") {
  const std::string src = R"(
typedef struct { int a; long b; int c; } S;
kernel void k(global long *A, global S *P, global int *B) {
  global long *p = A + 1;
  p[1] = 5;
  *p = -1;
  p++;
  p[1] = *p * 3;
  B[0] = p - A;
  S s;
  s.a = 1;
  s.b = -2;
  s.c = 3;
  P[0] = s;
  P[1].b = P[0].b * 3;
  P[1].c = sizeof(S) + sizeof(long) * 100;
  A[4] = 0x123456789L;
  global int *q = (global int *)A;
  B[1] = q[8];
  B[2] = q[9];
  q[1] = 7;
}
)";
  Ran r = runCl(src, {{"A", 5}, {"P", 2}, {"B", 3}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // A[1] = -1, A[2] = 5, A[3] = 15; q[1] is A[0]'s high word; A[4] = 0x1_23456789.
  CHECK(r.arrays.at("A") == W{0, 7, -1, -1, 5, 0, 15, 0, 0x23456789, 1});
  // A struct is a cell per int field and two per long: a, b (low, high), c. sizeof(S) is C's:
  // 4 + 4 (padding) + 8 + 4 + 4 (padding) = 24, plus 800.
  CHECK(r.arrays.at("P") == W{1, -2, -1, 3, 0, -6, -1, 824});
  CHECK(r.arrays.at("B") == W{2, 0x23456789, 1});
}

SCENARIO("64-bit locals, private arrays, helpers, ?: and compound assignments", "[frontends][clang][wide]") {
  const std::string src = R"(
struct P { long long x; double d; };
__device__ long long twice(long long x) { return x * 2; }
__device__ P make(long long x) { P p; p.x = x; p.d = 0.5; return p; }
__global__ void k(long long *A, int *B, double *D, unsigned long long n) {
  int t = threadIdx.x;
  long long arr[3] = {5, -6, 7};
  B[0] = (int)arr[t + 1];
  arr[t] += 100;
  A[0] = arr[t]++;
  A[1] = ++arr[t];
  A[2] = twice(10000000000LL / 3);
  A[3] = min(arr[1], (long long)t) + max(2ull, 1ull);
  A[4] = t ? arr[2] : llabs(arr[1]);
  int i = 7;
  i += arr[2] << 32;
  i <<= (long long)1;
  B[1] = i;
  float f = 0.5f;
  long double ld = 3.0;
  f *= ld;
  B[2] = f == 1.5f;
  B[3] = (int)(n >> 32);
  P p = make(-1);
  A[5] = p.x;
  D[0] = p.d;
  long long z = 1;
  z = (z << 33) | (z >> 1);
  A[6] = z;
}
)";
  Ran r = runCu(src, {{"A", 7}, {"B", 4}, {"D", 1}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // arr[1] = -6; arr[0]: 105, then 106 after ++ (A[0] = 105), then 107 (A[1]).
  // 10^10 / 3 * 2 = 6666666666 = 2^32 + 2371699370 (low word 2371699370 - 2^32 = -1923267926).
  // min(-6, 0) + 2 = -4; t = 0: |-6| = 6; p.x = -1; z = 2^33 | 0.
  CHECK(r.arrays.at("A") == W{105, 0, 107, 0, -1923267926, 1, -4, -1, 6, 0, -1, -1, 0, 2});
  // i += 7 << 32: int + long, (7 + 7 * 2^32) truncated to int is 7; 7 << 1 = 14;
  // f = 0.5 * 3.0 in double (the device's long double is double), back to float 1.5; n is 0
  // (every parameter is 0 here).
  CHECK(r.arrays.at("B") == W{-6, 14, 1, 0});
  CHECK(r.arrays.at("D") == W{0, 0x3fe00000});
}

SCENARIO("a long reduction in local memory, and a race on a long array's words", "[frontends][clang][wide][race]") {
  const std::string reduce = R"(
kernel void k(global long *A) {
  local long s[4];
  int t = get_local_id(0);
  s[t] = (long)(t + 1) << 40;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) A[0] = s[0];
}
)";
  Ran r = runCl(reduce, {{"A", 1}}, 4);
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // (1 + 2 + 3 + 4) << 40 = 10 * 2^8 in the high word.
  CHECK(r.arrays.at("A") == W{0, 2560});
  // Thread t writes A[t/2]: threads 0 and 1 both write A[0] (words 0 and 1).
  Ran race = runCl("kernel void k(global long *A) { A[get_local_id(0) / 2] = 1; }\n", {{"A", 2}}, 4);
  CHECK(race.verdict == sem::VerdictKind::Race);
  // Thread t writes the int at word t: distinct words, no race, although two ints share a long.
  Ran words = runCl("kernel void k(global long *A) { ((global int *)A)[get_local_id(0)] = 1; }\n", {{"A", 2}}, 4);
  CHECK(words.verdict == sem::VerdictKind::Ok);
}

SCENARIO("OpenCL's convert_T and as_T to and from 64-bit types, where they are C's conversion", "[frontends][clang][wide]") {
  const std::string src = R"(
kernel void k(global long *A, global int *B, global double *D) {
  int i = -5 + get_local_id(0);
  A[0] = convert_long(i);
  A[1] = convert_ulong_rtz(i);
  double d = -2.5 + get_local_id(0);
  A[2] = convert_long(d);
  B[0] = convert_int(A[0] * 3);
  B[1] = as_int(convert_float(d));
  B[2] = convert_int_rtz(d);
  D[0] = convert_double(i);
  D[1] = as_double(as_long(d) ^ (long)0x8000000000000000UL);
}
)";
  Ran r = runCl(src, {{"A", 3}, {"B", 3}, {"D", 2}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // -5 sign-extended; as ulong 2^64 - 5 (the same words); -2.5 toward zero is -2.
  CHECK(r.arrays.at("A") == W{-5, -1, -5, -1, -2, -1});
  // -15; -2.5f = 0xc0200000; -2; -5.0 = 0xc0140000_00000000; flipping -2.5's sign bit: 2.5 =
  // 0x40040000_00000000.
  CHECK(r.arrays.at("B") == W{-15, static_cast<int32_t>(0xc0200000u), -2});
  CHECK(r.arrays.at("D") == W{0, static_cast<int32_t>(0xc0140000u), 0, 0x40040000});
  Lowered sat = lowerText("kernel void k(global long *A) {\n  A[0] = convert_long_sat(A[1] * 1.5);\n}\n",
                          fe::Language::OpenCL, launch1d(1));
  CHECK(firstError(sat) ==
        "2:10: unsupported: convert_long_sat of 'double' (64-bit: only C's conversion, without _sat and with the default rounding)");
}

SCENARIO("CUDA's double reinterpretations and _rn intrinsics", "[frontends][clang][wide][double]") {
  const std::string src = R"(
__global__ void k(int *B, double *D) {
  double d = -2.5 + threadIdx.x;
  B[0] = __double2hiint(d);
  B[1] = __double2loint(d);
  long long bits = __double_as_longlong(d) ^ 0x8000000000000000LL;
  D[0] = __longlong_as_double(bits);
  D[1] = __hiloint2double(0x3ff00000, 1);
  D[2] = __dmul_rn(__dadd_rn(d, 1.0), __dsqrt_rn(4.0 + threadIdx.x));
}
)";
  Ran r = runCu(src, {{"B", 2}, {"D", 3}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // -2.5 = 0xc0040000_00000000; its sign flipped, 2.5 = 0x40040000_00000000; the words
  // (0x3ff00000, 1) are 1 + 2^-52; (-2.5 + 1) * sqrt(4) = -3 = 0xc0080000_00000000.
  CHECK(r.arrays.at("B") == W{static_cast<int32_t>(0xc0040000u), 0});
  CHECK(r.arrays.at("D") == W{0, 0x40040000, 1, 0x3ff00000, 0, static_cast<int32_t>(0xc0080000u)});
  Lowered a = lowerText("__global__ void k(double *A) {\n  double y[1];\n  atomicAdd(&y[0], 1.0);\n  A[0] = y[0];\n}\n",
                        fe::Language::Cuda, launch1d(2));
  CHECK(firstError(a) == "3:3: unsupported: an atomic operation on private memory");
}

SCENARIO("64-bit kernel parameters are two params, NAME.lo and NAME.hi for users", "[frontends][clang][wide]") {
  Lowered l = lowerOk("kernel void k(global long *A, long n, double d) { A[0] = n + (long)d; }\n", fe::Language::OpenCL,
                      launch1d(1));
  CHECK(l.text.find("param n_lo;\nparam n_hi;\nparam d_lo;\nparam d_hi;") != std::string::npos);
  CHECK(l.program->sourceNames.at("n_lo") == "n.lo");
  CHECK(l.program->sourceNames.at("d_hi") == "d.hi");
  Lowered s = lowerOk("struct S { int a; long b; };\nkernel void k(global long *A, struct S s) { A[0] = s.b; }\n",
                      fe::Language::OpenCL, launch1d(1));
  CHECK(s.program->sourceNames.at("s_b_lo") == "s.b.lo");
  CHECK(s.program->sourceNames.at("s_b_hi") == "s.b.hi");
}

SCENARIO("what stays unsupported for 64-bit values is reported at its line:col", "[frontends][clang][wide]") {
  auto cu = [](const std::string& body) {
    return firstError(lowerText("__global__ void k(unsigned long long *A, long long x) {\n" + body + "}\n",
                                fe::Language::Cuda, launch1d(1)));
  };
  CHECK(cu("  unsigned long long y[2];\n  atomicAdd(&y[0], 1ull);\n") == "3:3: unsupported: an atomic operation on private memory");
  CHECK(cu("  char *c = (char *)A;\n  c[0] = 1;\n").rfind("2:13: unsupported: cast from 'unsigned long long *' to 'char *'", 0) == 0);
  CHECK(cu("  longlong2 v = make_longlong2(1, 2);\n  A[0] = v.y;\n").empty());
  Lowered rec = lowerText("__device__ long long f(long long n) { return n ? f(n - 1) + 1 : 0; }\n"
                          "__global__ void k(long long *A) {\n  A[0] = f(3);\n}\n",
                          fe::Language::Cuda, launch1d(1));
  CHECK(firstError(rec) == "1:50: recursion: f -> f");
  auto cl = [](const std::string& body) {
    return firstError(lowerText("kernel void k(global long *A) {\n" + body + "}\n", fe::Language::OpenCL, launch1d(1)));
  };
  CHECK(cl("  long2 v = (long2)(1, 2);\n  long2 w = v && v;\n") == "3:13: unsupported: operator '&&' on vectors");
  CHECK(cl("  long2 v = (long2)(1, 2);\n  v = convert_long2_sat(v);\n")
            .rfind("3:7: unsupported: convert_long2_sat of 'long2' (64-bit: only C's conversion", 0) == 0);
  CHECK(cl("  long2 v = (long2)(1, 2);\n  int4 w = as_int4(v);\n")
            .rfind("3:12: unsupported: reinterpreting 'long2' as 'int4'", 0) == 0);
  CHECK(cl("  global char *c = (global char *)A;\n  c[0] = 1;\n")
            .rfind("2:20: unsupported: cast from '__global long *' to '__global char *'", 0) == 0);
}

SCENARIO("lowered 64-bit code prints as KPL that parses back to the same program", "[frontends][clang][wide]") {
  const std::string src = R"(
kernel void k(global long *A, global double *D, ulong n) {
  long x = A[get_local_id(0)] * 3 + (long)n;
  double d = (double)x / 7.0;
  if (d < 2.5 && x != 0) A[0] = x >> 3;
  D[0] = sqrt(d) + (float)d;
  switch (x) { case 1L << 40: D[1] = -d; break; default: break; }
}
)";
  Lowered l = lowerOk(src, fe::Language::OpenCL, launch1d(2));
  INFO(l.text);
  kpl::SourceFile printed("printed.kpl", l.text);
  kpl::DiagnosticEngine diags(&printed);
  std::optional<kpl::Program> back = kpl::parseProgram(printed, diags);
  REQUIRE(back);
  CHECK(kpl::sameAst(*l.program, *back));
  CHECK(l.text.find("lmul_hi(") != std::string::npos);
  CHECK(l.text.find("dsqrt_lo(") != std::string::npos);
  CHECK(l.text.find("leq(") != std::string::npos);
}

SCENARIO("vectors of 64-bit elements: locals, swizzles, arithmetic, select, vload/vstore, struct fields",
         "[frontends][clang][wide][vector]") {
  const std::string src = R"(
typedef struct { int a; long2 v; } S;
long2 twice(long2 x) { return x + x; }
kernel void k(global long *L, global S *P) {
  long4 a = (long4)(1, -1, 0x100000000L, 5);
  long2 e = a.even;
  long2 o = a.odd;
  long2 h = a.hi;
  long2 s = h << (long2)(1, 65);
  long2 m = -o;
  long2 n = ~e;
  long2 z = !(long2)(0, 3);
  long2 sel = select(e, o, (long2)(-1, 0));
  vstore2(twice(m), 0, L);
  long2 r = vload2(0, L);
  L[2] = r.y + s.x;
  L[3] = n.y;
  L[4] = z.x;
  L[5] = sel.y;
  L[6] = sel.x;
  S t;
  t.a = 7;
  t.v = e.yx;
  P[0] = t;
  ulong2 u = (ulong2)(3, 0);
  u.s1 -= 1;
  L[7] = (long)u.y;
  long2 c = (a.lo > a.hi) ? a.lo : (long2)(9);
  L[8] = c.x;
  long2 v = a.xy < a.zw;
  L[9] = v.y;
}
)";
  Ran r = runCl(src, {{"L", 10}, {"P", 1}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // a = (1, -1, 2^32, 5): e = a.even = (1, 2^32), o = a.odd = (-1, 5), h = a.hi = (2^32, 5).
  // s = h << (1, 65 & 63 = 1) = (2^33, 10). m = -o = (1, -5); twice(m) = (2, -10) stored at
  //   L[0], L[1] and read back as r. n = ~e = (-2, ~2^32 = 0xfffffffe_ffffffff).
  //   z = !(0, 3) = (-1, 0) (true is -1 as a long). sel: the MSB of (-1, 0) picks o.x = -1,
  //   then e.y = 2^32.
  // L[2] = r.y + s.x = 2^33 - 10 = 0x00000001_fffffff6. L[3] = n.y: low -1, high -2.
  //   L[4] = -1, L[5] = 2^32 (0, 1), L[6] = -1.
  // P[0] = {7, e.yx = (2^32, 1)}: cells 7, then (0, 1), then (1, 0).
  // u = (3, 0) unsigned; u.s1 - 1 wraps to 2^64 - 1: both words all ones.
  // a.lo > a.hi is (1 > 2^32, -1 > 5) = (0, 0): a vector condition of ?: selects per element
  //   by the MSB, so c = (9, 9). a.xy < a.zw = (1 < 2^32, -1 < 5) = (-1, -1): v.y = -1.
  CHECK(r.arrays.at("L") == W{2, 0, -10, -1, -10, 1, -1, -2, -1, -1, 0, 1, -1, -1, -1, -1, 9, 0, -1, -1});
  CHECK(r.arrays.at("P") == W{7, 0, 1, 1, 0});
}

SCENARIO("vectors of doubles: arithmetic, comparisons as longs, convert_T and as_T with 32-bit vectors",
         "[frontends][clang][wide][vector]") {
  const std::string src = R"(
kernel void k(global long *L, global double2 *D) {
  double2 d = convert_double2((int2)(3, -4));
  double2 q = d.yx / d;
  L[0] = as_long2(q).y;
  L[1] = convert_long2(q).x;
  int2 c = convert_int2((long2)(0x100000005L, -1));
  L[2] = c.x + c.y;
  float2 f = convert_float2(d);
  L[3] = (long)f.y;
  long2 lt = d < (double2)(0.0);
  L[4] = lt.y;
  L[5] = lt.x;
  D[1] = d * (double2)(0.5);
  D[0].y = -d.x;
}
)";
  Ran r = runCl(src, {{"L", 6}, {"D", 2}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // d = (3.0, -4.0). q = (-4/3, -3/4). as_long2(q).y: the bits of -0.75 = 0xbfe80000_00000000
  //   (high word 0xbfe80000 = -1075314688). convert_long2 truncates -1.333… to -1.
  // convert_int2 keeps the low words: (5, -1), sum 4. convert_float2(d).y = -4.0f, (long) -4.
  // d < 0.0 = (0, -1): a long per element. D[1] = (1.5, -2.0) = 0x3ff80000_00000000 and
  //   0xc0000000_00000000; D[0].y = -3.0 = 0xc0080000_00000000, D[0].x untouched (0).
  CHECK(r.arrays.at("L") == W{0, -1075314688, -1, -1, 4, 0, -4, -1, -1, -1, 0, 0});
  CHECK(r.arrays.at("D") == W{0, 0, 0, static_cast<sem::Word>(0xc0080000u), 0, 0x3ff80000, 0,
                              static_cast<sem::Word>(0xc0000000u)});
}

SCENARIO("a long2 kernel parameter is four params named by component and word", "[frontends][clang][wide][vector]") {
  Lowered l = lowerText("kernel void k(global long *A, long2 q) {\n  A[0] = q.y;\n}\n", fe::Language::OpenCL, launch1d(1));
  REQUIRE(l.program);
  CHECK(l.program->sourceNames.at("q_x_lo") == "q.x.lo");
  CHECK(l.program->sourceNames.at("q_y_hi") == "q.y.hi");
}

SCENARIO("long3 is 8 cells; 64-bit vectors in private and local arrays, scalar operands, component ++",
         "[frontends][clang][wide][vector]") {
  const std::string src = R"(
kernel void k(global long *L, global long3 *T) {
  local long2 tile[2];
  int i = get_local_id(0);
  long3 a = (long3)(1, 2, 3);
  a.x++;
  ++a.z;
  T[i] = a;
  long2 arr[3];
  arr[i + 1] = (long2)(5, 6);
  arr[0].y = 7;
  tile[i] = arr[1] + arr[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  long2 b = tile[i];
  long4 w = (long4)(b, a.xy);
  w.lo = w.hi;
  L[0] = w.x;
  L[1] = b.y;
  L[2] = (i ? a : (long3)(9)).z;
  long2 v = (long2)(3, -5);
  long2 m = v * 3;
  long2 s = v << 33;
  long2 c = v;
  c /= (long2)(2);
  c %= 2;
  ulong2 u = (ulong2)(7);
  u >>= 1;
  L[3] = m.y;
  L[4] = s.x;
  L[5] = c.x + c.y * 10 + u.y;
}
)";
  Ran r = runCl(src, {{"L", 6}, {"T", 1}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // a = (2, 2, 4): a long3 is stored as 4 components, 8 cells, the last pair padding (0).
  // arr = ((0, 7), (5, 6), (0, 0)); tile[0] = arr[1] + arr[0] = (5, 13); w = (5, 13, 2, 2),
  //   w.lo = w.hi gives (2, 2, 2, 2): L[0] = 2, L[1] = b.y = 13. i = 0 picks (9, 9, 9): L[2] = 9.
  // v * 3 = (9, -15); v << 33: 3 * 2^33 = 0x00000006_00000000. c = v / 2 = (1, -2) (truncating),
  //   c % 2 = (1, 0); u = 7 >> 1 = 3: L[5] = 1 + 0 + 3 = 4.
  CHECK(r.arrays.at("T") == W{2, 0, 2, 0, 4, 0, 0, 0});
  CHECK(r.arrays.at("L") == W{2, 0, 13, 0, 9, 0, -15, -1, 0, 6, 4, 0});
}

SCENARIO("only the pointers a 64-bit offset can reach get a high word (CUDA's 64-bit target)", "[frontends][clang][wide]") {
  const std::string src = R"(
__device__ float* at(float* p, long long i) { return p + i; }
__global__ void k(float* in, float* out, long long big, int n) {
  __shared__ float tile[64];
  float* a = in + n;
  float* b = in + big;
  float* c = a;
  c += big;
  float* s = tile + (size_t)n;
  float* r = at(out, big);
  *a = 1; *b = 2; *c = 3; *s = 4; *r = *s;
}
)";
  GIVEN("--target 64") {
    Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(1));
    INFO(l.text);
    // b: a 64-bit step; c: stepped by a 64-bit integer; at's result: p + i with a 64-bit i.
    CHECK(declaresLocal(l, "b_hi"));
    CHECK(declaresLocal(l, "c_hi"));
    CHECK(declaresLocal(l, "at_ret_hi"));
    // a: an int step; s: shared memory (no 64-bit offset is inside it); at's p: given a word.
    CHECK_FALSE(declaresLocal(l, "a_hi"));
    CHECK_FALSE(declaresLocal(l, "s_hi"));
    CHECK_FALSE(declaresLocal(l, "p_hi"));
  }
  GIVEN("--target 32") {
    fe::LaunchOptions o = launch1d(1);
    o.target = 32;
    Lowered l = lowerOk(src, fe::Language::Cuda, o);
    INFO(l.text);
    CHECK_FALSE(declaresLocal(l, "b_hi"));
    CHECK_FALSE(declaresLocal(l, "c_hi"));
    CHECK_FALSE(declaresLocal(l, "at_ret_hi"));
  }
}

SCENARIO("64-bit pointer offsets step, compare and subtract as C's pointers do", "[frontends][clang][wide]") {
  const std::string src = R"(
__global__ void k(int* A) {
  long long back = -3, two = 2;
  int* p = A + 8;
  p += back;            // A + 5
  *p = 5;
  int* q = p - two;     // A + 3
  *q = (int)(p - q);    // 2
  q++;                  // A + 4
  A[0] = q < p;         // 1
  A[1] = q + 1 == p;    // 1
  A[2] = (int)(q - p);  // -1
  --p;                  // A + 4
  A[6] = p == q;        // 1
}
)";
  // p and q hold 64-bit offsets (two words each): the arithmetic below is the 64-bit one.
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(1, {{"A", 8}}));
  CHECK(l.text.find("p_hi :=") != std::string::npos);
  CHECK(l.text.find("q_hi :=") != std::string::npos);
  Ran r = runCu(src, {{"A", 8}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{1, 1, -1, 2, 0, 5, 1, 0});
}
