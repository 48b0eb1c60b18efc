// CUDA's integer intrinsics (__mul24, __umul24, __popc, __brev, __clz, __ffs, __sad, __usad), which the
// frontend lowers to 32-bit word arithmetic (LowerIntFunc.cpp, Lowerer::intFunc): run on
// extreme values and compared with the definitions written out here in C++ (<bit>).
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>

using namespace fetest;

namespace {

const int32_t kValues[] = {0, 1, -1, INT32_MIN, INT32_MAX, 305419896, -8388608, 8388607, 16777215, 12, -559038737, 65536};
constexpr uint32_t kCount = sizeof(kValues) / sizeof(kValues[0]);

int32_t low24(int32_t v, bool sign) {
  uint32_t u = static_cast<uint32_t>(v) & 0xFFFFFFu;
  return sign && (u & 0x800000u) ? static_cast<int32_t>(u | 0xFF000000u) : static_cast<int32_t>(u);
}
int32_t mul24(int32_t a, int32_t b, bool sign) {
  return static_cast<int32_t>(static_cast<uint32_t>(low24(a, sign)) * static_cast<uint32_t>(low24(b, sign)));
}
int32_t brev(uint32_t x) {
  uint32_t r = 0;
  for (int b = 0; b < 32; ++b)
    if ((x >> b) & 1u) r |= 1u << (31 - b);
  return static_cast<int32_t>(r);
}

}  // namespace

SCENARIO("CUDA's integer intrinsics compute what their definitions say", "[frontends][clang][intrinsics]") {
  std::string pick = "__device__ int pick(int t) {\n";
  for (uint32_t i = 0; i < kCount; ++i)
    pick += "  if (t == " + std::to_string(i) + ") return " +
            (kValues[i] == INT32_MIN ? std::string("(int)0x80000000u") : std::to_string(kValues[i])) + ";\n";
  pick += "  return 0;\n}\n";
  const std::string src = pick + R"(
__global__ void k(int *P, int *C, int *F, int *B, int *M, int *U, int *S, int *V) {
  int t = threadIdx.x;
  int x = pick(t);
  P[t] = __popc((unsigned)x);
  C[t] = __clz(x);
  F[t] = __ffs(x);
  B[t] = (int)__brev((unsigned)x);
  M[t] = __mul24(x, x + 3);
  U[t] = (int)__umul24((unsigned)x, (unsigned)x + 3u);
  S[t] = (int)__sad(x, pick(t + 1), 7u);
  V[t] = (int)__usad((unsigned)x, (unsigned)pick(t + 1), 7u);
}
)";
  Ran r = runText(src, fe::Language::Cuda,
                  launch1d(kCount, {{"P", kCount}, {"C", kCount}, {"F", kCount}, {"B", kCount}, {"M", kCount}, {"U", kCount}, {"S", kCount}, {"V", kCount}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  for (uint32_t i = 0; i < kCount; ++i) {
    INFO("x = " << kValues[i]);
    const int32_t x = kValues[i];
    const uint32_t u = static_cast<uint32_t>(x);
    const int32_t x3 = static_cast<int32_t>(u + 3u);
    CHECK(r.arrays.at("P")[i] == std::popcount(u));
    CHECK(r.arrays.at("C")[i] == std::countl_zero(u));
    CHECK(r.arrays.at("F")[i] == (u == 0 ? 0 : std::countr_zero(u) + 1));
    CHECK(r.arrays.at("B")[i] == brev(u));
    CHECK(r.arrays.at("M")[i] == mul24(x, x3, true));
    CHECK(r.arrays.at("U")[i] == mul24(x, x3, false));
    // __sad / __usad against the next value (pick(kCount) is 0): |x - y| + 7 modulo 2^32.
    const int32_t y = i + 1 < kCount ? kValues[i + 1] : 0;
    const int64_t sd = static_cast<int64_t>(x) - y;
    const uint64_t ud = u > static_cast<uint32_t>(y) ? u - static_cast<uint32_t>(y) : static_cast<uint32_t>(y) - u;
    CHECK(r.arrays.at("S")[i] == static_cast<int32_t>(static_cast<uint32_t>((sd < 0 ? -sd : sd) + 7)));
    CHECK(r.arrays.at("V")[i] == static_cast<int32_t>(static_cast<uint32_t>(ud + 7)));
  }
}

SCENARIO("OpenCL's popcount, clz, rotate, hadd, rhadd, abs_diff, add_sat, sub_sat on int and uint compute "
         "their definitions",
         "[frontends][clang][intrinsics]") {
  std::string pick = "int pick(int t) {\n";
  for (uint32_t i = 0; i < kCount; ++i)
    pick += "  if (t == " + std::to_string(i) + ") return " +
            (kValues[i] == INT32_MIN ? std::string("(int)0x80000000u") : std::to_string(kValues[i])) + ";\n";
  pick += "  return 0;\n}\n";
  const std::string src = pick + R"(
kernel void k(global int *P, global int *C, global int *R, global int *H, global int *Q, global uint *UH, global uint *UQ,
              global uint *AD, global int *AS, global int *SS, global uint *UAS, global uint *USS) {
  int t = get_local_id(0);
  int x = pick(t), y = pick(t + 1);
  P[t] = popcount(x);
  C[t] = clz(x);
  R[t] = rotate(x, y);
  H[t] = hadd(x, y);
  Q[t] = rhadd(x, y);
  UH[t] = hadd((uint)x, (uint)y);
  UQ[t] = rhadd((uint)x, (uint)y);
  AD[t] = abs_diff(x, y);
  AS[t] = add_sat(x, y);
  SS[t] = sub_sat(x, y);
  UAS[t] = add_sat((uint)x, (uint)y);
  USS[t] = sub_sat((uint)x, (uint)y);
}
)";
  Ran r = runText(src, fe::Language::OpenCL,
                  launch1d(kCount, {{"P", kCount}, {"C", kCount}, {"R", kCount}, {"H", kCount}, {"Q", kCount},
                                    {"UH", kCount}, {"UQ", kCount},
                                    {"AD", kCount}, {"AS", kCount}, {"SS", kCount}, {"UAS", kCount}, {"USS", kCount}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  for (uint32_t i = 0; i < kCount; ++i) {
    const int32_t x = kValues[i];
    const int32_t y = i + 1 < kCount ? kValues[i + 1] : 0;
    INFO("x = " << x << ", y = " << y);
    const uint32_t u = static_cast<uint32_t>(x), v = static_cast<uint32_t>(y);
    CHECK(r.arrays.at("P")[i] == std::popcount(u));
    CHECK(r.arrays.at("C")[i] == std::countl_zero(u));
    CHECK(r.arrays.at("R")[i] == static_cast<int32_t>(std::rotl(u, static_cast<int>(v & 31u))));
    // The halved sums, computed in 64 bits (>> of a negative int64_t rounds down).
    CHECK(r.arrays.at("H")[i] == static_cast<int32_t>((static_cast<int64_t>(x) + y) >> 1));
    CHECK(r.arrays.at("Q")[i] == static_cast<int32_t>((static_cast<int64_t>(x) + y + 1) >> 1));
    CHECK(r.arrays.at("UH")[i] == static_cast<int32_t>(static_cast<uint32_t>((static_cast<uint64_t>(u) + v) >> 1)));
    CHECK(r.arrays.at("UQ")[i] == static_cast<int32_t>(static_cast<uint32_t>((static_cast<uint64_t>(u) + v + 1) >> 1)));
    const int64_t d = static_cast<int64_t>(x) - y;
    CHECK(r.arrays.at("AD")[i] == static_cast<int32_t>(static_cast<uint32_t>(d < 0 ? -d : d)));
    auto clamp = [](int64_t w, int64_t lo, int64_t hi) { return w < lo ? lo : w > hi ? hi : w; };
    CHECK(r.arrays.at("AS")[i] == static_cast<int32_t>(clamp(static_cast<int64_t>(x) + y, INT32_MIN, INT32_MAX)));
    CHECK(r.arrays.at("SS")[i] == static_cast<int32_t>(clamp(static_cast<int64_t>(x) - y, INT32_MIN, INT32_MAX)));
    CHECK(r.arrays.at("UAS")[i] ==
          static_cast<int32_t>(static_cast<uint32_t>(clamp(static_cast<int64_t>(u) + v, 0, UINT32_MAX))));
    CHECK(r.arrays.at("USS")[i] ==
          static_cast<int32_t>(static_cast<uint32_t>(clamp(static_cast<int64_t>(u) - v, 0, UINT32_MAX))));
  }
}
