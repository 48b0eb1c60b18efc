// The Clang frontend, continued: __syncthreads_count/_and/_or, pointers that may point into
// several arrays (a run-time base), and OpenCL's vector select, convert_T and as_T. Every
// expected value is worked out by hand from CUDA's / OpenCL C 1.2's rules.
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <bit>
#include <cstdint>

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

using namespace fetest;

namespace {

sem::Word bitsOf(float f) { return static_cast<sem::Word>(std::bit_cast<uint32_t>(f)); }

Ran cuda(const std::string& src, uint32_t threads, std::vector<std::pair<std::string, uint32_t>> buffers) {
  return runText(src, fe::Language::Cuda, launch1d(threads, std::move(buffers)));
}
Ran opencl(const std::string& src, uint32_t threads, std::vector<std::pair<std::string, uint32_t>> buffers) {
  return runText(src, fe::Language::OpenCL, launch1d(threads, std::move(buffers)));
}

}  // namespace

// ---- __syncthreads_count / _and / _or ---------------------------------------------------

SCENARIO("__syncthreads_count/_and/_or count the block's non-zero predicates", "[frontends][clang][vote]") {
  const std::string src = R"(
__global__ void k(int *A) {
  int t = threadIdx.x;
  int c = __syncthreads_count(t < 3);
  int n = __syncthreads_count(t);
  int a = __syncthreads_and(t < 4);
  int b = __syncthreads_and(t != 2);
  int o = __syncthreads_or(t == 5);
  int p = __syncthreads_or(t == 1);
  A[t] = c * 100000 + n * 10000 + a * 1000 + b * 100 + o * 10 + p;
}
)";
  Ran r = cuda(src, 4, {{"A", 4}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // t = 0..3: t < 3 holds for 3; t != 0 for 3; all t < 4; t = 2 breaks the and; no t == 5;
  // t == 1 for one thread. Every thread gets the same 3,3,1,0,0,1.
  CHECK(r.arrays.at("A") == W{331001, 331001, 331001, 331001});
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(4));
  CHECK(l.text.find("shared __sync_vote[];") != std::string::npos);
  CHECK(l.text.find("wr(__sync_vote, lid, t < 3);") != std::string::npos);
  // Two barriers per vote (six votes) and the kernel's final one.
  size_t barriers = 0;
  for (size_t at = l.text.find("barrier;"); at != std::string::npos; at = l.text.find("barrier;", at + 1)) ++barriers;
  CHECK(barriers == 13);
}

SCENARIO("a vote counts over every dimension of the block", "[frontends][clang][vote]") {
  fe::LaunchOptions o;
  o.localSize = {3, 2, 1};
  o.localDims = 2;
  o.buffers = {{"A", 6}};
  Ran r = runText(R"(
__global__ void k(int *A) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  A[t] = __syncthreads_count(threadIdx.x == threadIdx.y) * 10 + __syncthreads_and(threadIdx.y < 2);
}
)",
                  fe::Language::Cuda, o);
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // (x, y) in {0,1,2} x {0,1}: x == y for (0,0) and (1,1); y < 2 everywhere.
  CHECK(r.arrays.at("A") == W{21, 21, 21, 21, 21, 21});
}

SCENARIO("votes in a loop are race-free; a vote under a divergent condition is barrier divergence",
         "[frontends][clang][vote]") {
  Ran loop = cuda(R"(
__global__ void k(int *A) {
  int t = threadIdx.x, n = 0;
  for (int i = 0; i < 3; ++i) n += __syncthreads_count(t <= i);
  A[t] = n;
}
)",
                  4, {{"A", 4}});
  REQUIRE(loop.verdict == sem::VerdictKind::Ok);
  // i = 0, 1, 2: 1 + 2 + 3 threads have t <= i.
  CHECK(loop.arrays.at("A") == W{6, 6, 6, 6});
  Ran div = cuda(R"(
__global__ void k(int *A) {
  if (threadIdx.x < 2) A[threadIdx.x] = __syncthreads_or(1);
}
)",
                 4, {{"A", 4}});
  CHECK(div.verdict == sem::VerdictKind::Divergence);
  // Writes before the vote and reads after it are separated by its barrier.
  Ran shared = cuda(R"(
__global__ void k(int *A) {
  __shared__ int S[4];
  int t = threadIdx.x;
  S[t] = t * 3;
  int c = __syncthreads_count(S[t] > 5);
  A[t] = S[(t + 3) % 4] + c;
}
)",
                    4, {{"A", 4}});
  REQUIRE(shared.verdict == sem::VerdictKind::Ok);
  // S = {0, 3, 6, 9}: two are > 5; A[t] = S[t - 1 mod 4] + 2.
  CHECK(shared.arrays.at("A") == W{11, 2, 5, 8});
}

// ---- pointers into several arrays ---------------------------------------------------------

SCENARIO("a pointer chosen between two arrays accesses the one it names at run time", "[frontends][clang][pointer]") {
  Ran r = cuda(R"(
__global__ void k(int *A, int *B) {
  int t = threadIdx.x;
  int *p = (t & 1) ? A : B;
  p[t] = t + 1;
  B[4 + t] = p[t] * 10;
}
)",
               4, {{"A", 4}, {"B", 8}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // Odd threads write A[t], even ones B[t]; each reads its own cell back.
  CHECK(r.arrays.at("A") == W{0, 2, 0, 4});
  CHECK(r.arrays.at("B") == W{1, 0, 3, 0, 10, 20, 30, 40});
}

SCENARIO("a pointer reassigned in a loop between arrays", "[frontends][clang][pointer]") {
  const std::string src = R"(
__global__ void k(int *A, int *B) {
  int t = threadIdx.x;
  int *p = A;
  for (int i = 0; i < 3; ++i) {
    p[t] = p[t] + i + 1;
    if (i == 0) p = B; else p = A;
  }
}
)";
  Ran r = cuda(src, 2, {{"A", 2}, {"B", 2}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // i = 0: A[t] = 1, p = B; i = 1: B[t] = 2, p = A; i = 2: A[t] = 1 + 3 = 4.
  CHECK(r.arrays.at("A") == W{4, 4});
  CHECK(r.arrays.at("B") == W{2, 2});
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(2));
  // Both candidates, and nothing else, are in the access's chain.
  CHECK(l.text.find("rd(A, ") != std::string::npos);
  CHECK(l.text.find("wr(B, ") != std::string::npos);
  CHECK(l.text.find("assert(0);") != std::string::npos);  // NULL or never assigned
}

SCENARIO("a race through a pointer into two arrays is found on the real array", "[frontends][clang][pointer]") {
  Ran r = cuda(R"(
__global__ void k(int *A, int *B) {
  int *p = threadIdx.x < 2 ? A : B;
  p[0] = threadIdx.x;
}
)",
               4, {{"A", 1}, {"B", 1}});
  CHECK(r.verdict == sem::VerdictKind::Race);
  Ran ok = cuda(R"(
__global__ void k(int *A, int *B) {
  int *p = threadIdx.x < 1 ? A : B;
  p[threadIdx.x] = 1;
}
)",
                2, {{"A", 2}, {"B", 2}});
  REQUIRE(ok.verdict == sem::VerdictKind::Ok);
  CHECK(ok.arrays.at("A") == W{1, 0});
  CHECK(ok.arrays.at("B") == W{0, 1});
}

SCENARIO("NULL, tests, comparisons, helpers, atomics and private arrays through a run-time base",
         "[frontends][clang][pointer]") {
  Ran null = cuda(R"(
__global__ void k(int *A) {
  int *p = threadIdx.x == 0 ? 0 : A;
  if (p) p[threadIdx.x] = 1;
  A[4 + threadIdx.x] = p == A;
}
)",
                  4, {{"A", 8}});
  REQUIRE(null.verdict == sem::VerdictKind::Ok);
  CHECK(null.arrays.at("A") == W{0, 1, 1, 1, 0, 1, 1, 1});
  Ran deref = cuda("__global__ void k(int *A) {\n  int *p = threadIdx.x == 0 ? 0 : A;\n  p[0] = 1;\n}\n", 2, {{"A", 1}});
  CHECK(deref.verdict == sem::VerdictKind::Assertion);  // thread 0 writes through NULL
  Ran helper = cuda(R"(
__device__ void put(int *q, int v) { q[threadIdx.x] = v; }
__global__ void k(int *A, int *B) {
  put(threadIdx.x < 2 ? A : B, 5);
  atomicAdd(threadIdx.x % 2 ? &A[3] : &B[0], 1);
}
)",
                    4, {{"A", 4}, {"B", 4}});
  REQUIRE(helper.verdict == sem::VerdictKind::Ok);
  // put: threads 0, 1 write A, 2, 3 write B; the atomics: odd threads on A[3], even on B[0].
  CHECK(helper.arrays.at("A") == W{5, 5, 0, 2});
  CHECK(helper.arrays.at("B") == W{2, 0, 5, 5});
  Ran priv = opencl(R"(
kernel void k(global int *A) {
  int t = get_local_id(0);
  int a[2] = {1, 2}, b[2] = {3, 4};
  int *p = t ? a : b;
  p[0] += 10;
  A[t] = p[1] * 100 + a[0] + b[0];
}
)",
                    2, {{"A", 2}});
  REQUIRE(priv.verdict == sem::VerdictKind::Ok);
  // t = 0: p = b, b[0] = 13: 400 + 1 + 13; t = 1: p = a, a[0] = 11: 200 + 11 + 3.
  CHECK(priv.arrays.at("A") == W{414, 214});
}

SCENARIO("subtracting a pointer with a run-time base asserts that both point into one array",
         "[frontends][clang][pointer]") {
  auto src = [](const char* guard) {
    return fmt::format("__global__ void k(int *A, int *B) {{\n  int t = threadIdx.x;\n  int *p = t ? A + 1 : B;\n"
                       "  if ({}) A[t + 2] = p - A;\n}}\n",
                       guard);
  };
  GIVEN("only the thread whose pointer is into A subtracts") {
    Ran r = cuda(src("t"), 2, {{"A", 4}, {"B", 2}});
    THEN("the difference of the offsets") {
      REQUIRE(r.verdict == sem::VerdictKind::Ok);
      CHECK(r.arrays.at("A") == W{0, 0, 0, 1});
    }
  }
  GIVEN("a thread whose pointer is into B subtracts too") {
    Ran r = cuda(src("1"), 2, {{"A", 4}, {"B", 2}});
    THEN("the assertion that both point into one array fails") { CHECK(r.verdict == sem::VerdictKind::Assertion); }
  }
}

SCENARIO("a pointer used before an assignment later in a loop gets a run-time base", "[frontends][clang][pointer]") {
  Ran r = cuda(R"(
__global__ void k(int *A, int *B) {
  int *p;
  for (int i = 0; i < 2; ++i) {
    if (i > 0) p[threadIdx.x] = 9;
    p = B;
  }
}
)",
               2, {{"A", 2}, {"B", 2}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("B") == W{9, 9});
  auto err = [](const std::string& src) { return firstError(lowerText(src, fe::Language::Cuda, launch1d(2))); };
  CHECK(err("__global__ void k(int *A, int *B) {\n  A[0] = B - A;\n}\n") ==
        "2:10: unsupported: comparing or subtracting pointers into different arrays");
  CHECK(err("__global__ void k(int *A) {\n  int a[2];\n  int *p = threadIdx.x ? a : A;\n  atomicAdd(p, 1);\n}\n") ==
        "4:3: unsupported: an atomic operation on private memory (through a pointer that may point to 'a')");
}

// ---- OpenCL vectors: ?:, select, convert_T, as_T -------------------------------------------

SCENARIO("a vector condition selects component-wise by each component's most significant bit",
         "[frontends][clang][vector]") {
  Ran r = opencl(R"(
kernel void k(global int *A) {
  int4 a = (int4)(1, 5, 3, 7), b = (int4)(4, 2, 6, 0);
  int4 m = a < b ? a : b;
  vstore4(m, 0, A);
  uint4 c = (uint4)(1u, 0x80000000u, 0x7fffffffu, 0xffffffffu);
  vstore4(select(b, a, c), 1, A);
  uchar4 u = select((uchar4)(1, 2, 3, 4), (uchar4)(9), (uchar4)(0x80, 0x7f, 0xff, 1));
  char4 s = select((char4)(1, 2, 3, 4), (char4)(9), (char4)(-1, 1, -128, 0));
  A[8] = u.x * 1000 + u.y * 100 + u.z * 10 + u.w;
  A[9] = s.x * 1000 + s.y * 100 + s.z * 10 + s.w;
  A[10] = select(10, 20, 0) + select(100, 200, -7);
  float4 f = select((float4)(1.0f), (float4)(2.0f), (int4)(-1, 0, -1, 0));
  vstore4(as_int4(f), 3, A);
  int4 w = (int4)(-1, 0, 1, 0) ? (int4)(7) : 8;
  A[11] = w.x * 1000 + w.y * 100 + w.z * 10 + w.w;
}
)",
                 1, {{"A", 16}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  sem::Word one = bitsOf(1.0f), two = bitsOf(2.0f);
  // m: min per component; select(b, a, c): a where c's MSB is set (y, w); uchar MSB 0x80: x, z;
  // char: negative x, z; scalar select: c ? b : a; float select by an int4 mask; the last ?:
  // picks 7 only where the MSB of the condition is set (x = -1), not where it is non-zero.
  CHECK(r.arrays.at("A") == W{1, 2, 3, 0, 4, 5, 6, 7, 9294, 9294, 10 + 200, 7888, two, one, two, one});
}

SCENARIO("convert_T rounds toward zero by default, saturates with _sat, and rounds as _rte/_rtn/_rtp say",
         "[frontends][clang][vector][convert]") {
  Ran r = opencl(R"(
kernel void k(global int *A) {
  float z = (float)get_local_id(0);
  float nan = z / z;
  A[0] = convert_int(2.7f);
  A[1] = convert_int(-2.7f);
  A[2] = convert_int_rte(2.5f) * 1000 + convert_int_rte(3.5f) * 100 + convert_int_rte(-2.5f) * 10 + convert_int_rte(-2.6f);
  A[3] = convert_int_rtn(-2.5f) * 1000 + convert_int_rtn(2.5f) * 100 + convert_int_rtp(2.1f) * 10 + convert_int_rtp(-2.9f);
  A[4] = convert_uchar_sat(300) + convert_uchar_sat(-5) * 1000 + convert_char_sat(200) * 10000;
  A[5] = convert_char_sat(-200) * 100000 + convert_short_sat(70000);
  A[6] = convert_ushort_sat(-1) + convert_uint_sat(-1);
  A[7] = convert_int_sat(0xffffffffu);
  A[8] = convert_uchar(300) * 1000 + convert_char(200);
  A[9] = convert_int_sat(3e9f);
  A[10] = convert_int_sat(-3e9f);
  A[11] = convert_int_sat(nan) + convert_uchar_sat(-3.5f) + convert_uint_sat(-0.5f);
  A[12] = convert_uchar_sat(255.9f) * 1000 + convert_uchar_sat(256.0f);
  A[13] = convert_char_sat(-128.9f);
  A[14] = (int)convert_uint_sat(4.5e9f);
  A[15] = as_int(convert_float(16777217)) == as_int(16777216.0f);
  A[16] = as_int(convert_float_rtz((short)-5));
  A[17] = convert_int_rtz(-7.9f) * 10 + convert_int_rtn(-3.0f);
}
)",
                 1, {{"A", 18}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{2,
                              -2,
                              2000 + 400 - 20 - 3,
                              -3000 + 200 + 30 - 2,
                              255 + 0 + 127 * 10000,
                              -128 * 100000 + 32767,
                              0,
                              2147483647,
                              44 * 1000 - 56,
                              2147483647,
                              INT32_MIN,
                              0,
                              255 * 1000 + 255,
                              -128,
                              -1,
                              1,
                              bitsOf(-5.0f),
                              -70 - 3});
}

SCENARIO("convert_T and as_T on vectors", "[frontends][clang][vector][convert]") {
  Ran r = opencl(R"(
kernel void k(global int *A) {
  float4 f = (float4)(1.5f, -1.5f, 2.5f, -2.5f);
  vstore4(convert_int4(f), 0, A);
  vstore4(convert_int4_rte(f), 1, A);
  uchar4 u = convert_uchar4_sat((int4)(-1, 0, 255, 256));
  A[8] = u.x * 1000 + u.y * 100 + u.z + u.w;
  vstore4(as_int4(convert_float4((int4)(1, 2, 3, -4))), 3, A);
  uint4 b = as_uint4((float4)(1.0f));
  A[9] = b.x == 0x3f800000u;
  A[10] = as_uchar((char)-1) + as_char((uchar)200) * 1000;
  A[11] = as_int(as_float(0x40000000));
}
)",
                 1, {{"A", 16}});
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{1, -1, 2, -2, 2, -2, 2, -2, 255 + 255, 1, 255 - 56000, 0x40000000, bitsOf(1.0f),
                              bitsOf(2.0f), bitsOf(3.0f), bitsOf(-4.0f)});
}

SCENARIO("what stays unsupported among the conversions is reported at its line:col", "[frontends][clang][vector][convert]") {
  auto cl = [](const std::string& body) {
    return firstError(lowerText("kernel void k(global int *A) {\n  int4 a = (int4)(1);\n" + body + "}\n",
                                fe::Language::OpenCL, launch1d(1)));
  };
  CHECK(cl("  float f = convert_float_rtz(A[0]);\n") ==
        "3:13: unsupported: convert to float with rounding mode _rtz of a 32-bit integer (only round to nearest even is "
        "exact with KPL's itof)");
  CHECK(cl("  char16 c = as_char16(a);\n") ==
        "3:14: unsupported: reinterpreting 'int4' as 'char16' (as_type between different element sizes or counts "
        "depends on the device's layout)");
}
