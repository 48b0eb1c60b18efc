// OpenCL C 1.2's integer functions on char, uchar, short and ushort (and mul_hi, mad_hi,
// mad_sat, clamp, upsample on int and uint), which the frontend lowers to word arithmetic
// (LowerIntFunc.cpp): run on extreme values of each type and compared with the definitions
// of OpenCL C 1.2 §6.12.3 written out here in C++ (computed in 64 bits, then converted to
// the result type); and the vector forms, component by component.
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

using namespace fetest;

namespace {

struct Type {
  const char* name;
  unsigned width;
  bool isSigned;
  std::vector<int64_t> values;
};

int64_t minOf(const Type& t) { return t.isSigned ? -(int64_t{1} << (t.width - 1)) : 0; }
int64_t maxOf(const Type& t) { return t.isSigned ? (int64_t{1} << (t.width - 1)) - 1 : (int64_t{1} << t.width) - 1; }
/// v converted to the type (wrapping), as a word would hold it normalised.
int64_t wrap(const Type& t, int64_t v) {
  const uint64_t mask = (uint64_t{1} << t.width) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.isSigned && (u >> (t.width - 1))) return static_cast<int64_t>(u) - static_cast<int64_t>(mask) - 1;
  return static_cast<int64_t>(u);
}
uint64_t bits(const Type& t, int64_t v) { return static_cast<uint64_t>(v) & ((uint64_t{1} << t.width) - 1); }
int64_t clampTo(const Type& t, int64_t v) { return std::clamp(v, minOf(t), maxOf(t)); }
/// The word the result of type t (or its unsigned twin) is stored as in an int array.
int32_t word(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }

const char* const kArrays[] = {"P", "C", "R", "H", "Q", "AD", "AS", "SS", "MH", "MA", "MS", "CL"};

void checkType(const Type& t) {
  const uint32_t n = static_cast<uint32_t>(t.values.size());
  std::string src = std::string(t.name) + " pick(int i) {\n";
  for (uint32_t i = 0; i < n; ++i)
    src += "  if (i == " + std::to_string(i) + ") return (" + t.name + ")(" + std::to_string(t.values[i]) + ");\n";
  src += "  return 0;\n}\n";
  src += "kernel void k(global int *P, global int *C, global int *R, global int *H, global int *Q, global int *AD,\n"
         "              global int *AS, global int *SS, global int *MH, global int *MA, global int *MS, global int *CL) {\n"
         "  int i = get_local_id(0);\n";
  src += std::string("  ") + t.name + " x = pick(i), y = pick(i + 1), z = pick(i + 2);\n";
  src += R"(  P[i] = popcount(x);
  C[i] = clz(x);
  R[i] = rotate(x, y);
  H[i] = hadd(x, y);
  Q[i] = rhadd(x, y);
  AD[i] = abs_diff(x, y);
  AS[i] = add_sat(x, y);
  SS[i] = sub_sat(x, y);
  MH[i] = mul_hi(x, y);
  MA[i] = mad_hi(x, y, z);
  MS[i] = mad_sat(x, y, z);
  CL[i] = clamp(x, min(y, z), max(y, z));
}
)";
  std::vector<std::pair<std::string, uint32_t>> buffers;
  for (const char* a : kArrays) buffers.emplace_back(a, n);
  Ran r = runText(src, fe::Language::OpenCL, launch1d(n, buffers));
  INFO(src);
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  const Type unsignedTwin{"", t.width, false, {}};
  for (uint32_t i = 0; i < n; ++i) {
    const int64_t x = t.values[i];
    const int64_t y = i + 1 < n ? t.values[i + 1] : 0;
    const int64_t z = i + 2 < n ? t.values[i + 2] : 0;
    INFO(t.name << ": x = " << x << ", y = " << y << ", z = " << z);
    const uint64_t ux = bits(t, x);
    CHECK(r.arrays.at("P")[i] == std::popcount(ux));
    CHECK(r.arrays.at("C")[i] == std::countl_zero(ux) - (64 - static_cast<int>(t.width)));
    const unsigned s = static_cast<unsigned>(bits(t, y) % t.width);
    const uint64_t rot = s == 0 ? ux : ((ux << s) | (ux >> (t.width - s)));
    CHECK(r.arrays.at("R")[i] == word(wrap(t, static_cast<int64_t>(rot))));
    // (>> of a negative int64_t rounds down.)
    CHECK(r.arrays.at("H")[i] == word((x + y) >> 1));
    CHECK(r.arrays.at("Q")[i] == word((x + y + 1) >> 1));
    CHECK(r.arrays.at("AD")[i] == word(wrap(unsignedTwin, x > y ? x - y : y - x)));
    CHECK(r.arrays.at("AS")[i] == word(clampTo(t, x + y)));
    CHECK(r.arrays.at("SS")[i] == word(clampTo(t, x - y)));
    const int64_t hi = (x * y) >> t.width;
    CHECK(r.arrays.at("MH")[i] == word(hi));
    CHECK(r.arrays.at("MA")[i] == word(wrap(t, hi + z)));
    CHECK(r.arrays.at("MS")[i] == word(clampTo(t, x * y + z)));
    CHECK(r.arrays.at("CL")[i] == word(std::clamp(x, std::min(y, z), std::max(y, z))));
  }
}

}  // namespace

SCENARIO("OpenCL's integer functions on char, uchar, short and ushort compute their definitions",
         "[frontends][clang][intrinsics][intfunc]") {
  checkType({"char", 8, true, {0, 1, -1, 127, -128, 5, -7, 100, -100, 64, -65, 3}});
  checkType({"uchar", 8, false, {0, 1, 255, 127, 128, 5, 249, 100, 156, 64, 191, 3}});
  checkType({"short", 16, true, {0, 1, -1, 32767, -32768, 300, -300, 1000, -12345, 255, 256, -2}});
  checkType({"ushort", 16, false, {0, 1, 65535, 32767, 32768, 300, 65236, 1000, 53191, 255, 256, 65534}});
}

SCENARIO("OpenCL's mul_hi, mad_hi, mad_sat, clamp and upsample on int and uint compute their definitions",
         "[frontends][clang][intrinsics][intfunc]") {
  const int64_t v[] = {0, 1, -1, INT32_MIN, INT32_MAX, 305419896, -8388608, 65536, -559038737, 12};
  constexpr uint32_t n = sizeof(v) / sizeof(v[0]);
  std::string src = "int pick(int i) {\n";
  for (uint32_t i = 0; i < n; ++i)
    src += "  if (i == " + std::to_string(i) + ") return " +
           (v[i] == INT32_MIN ? std::string("(int)0x80000000u") : std::to_string(v[i])) + ";\n";
  src += "  return 0;\n}\n";
  src += R"(kernel void k(global int *MH, global int *MA, global int *MS, global uint *UMH, global uint *UMS,
              global int *CL, global long *UP) {
  int i = get_local_id(0);
  int x = pick(i), y = pick(i + 1), z = pick(i + 2);
  MH[i] = mul_hi(x, y);
  MA[i] = mad_hi(x, y, z);
  MS[i] = mad_sat(x, y, z);
  UMH[i] = mul_hi((uint)x, (uint)y);
  UMS[i] = mad_sat((uint)x, (uint)y, (uint)z);
  CL[i] = clamp(x, min(y, z), max(y, z));
  UP[i] = upsample(x, (uint)y);
}
)";
  Ran r = runText(src, fe::Language::OpenCL,
                  launch1d(n, {{"MH", n}, {"MA", n}, {"MS", n}, {"UMH", n}, {"UMS", n}, {"CL", n}, {"UP", n}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  for (uint32_t i = 0; i < n; ++i) {
    const int64_t x = v[i], y = i + 1 < n ? v[i + 1] : 0, z = i + 2 < n ? v[i + 2] : 0;
    INFO("x = " << x << ", y = " << y << ", z = " << z);
    const uint64_t ux = static_cast<uint32_t>(x), uy = static_cast<uint32_t>(y), uz = static_cast<uint32_t>(z);
    const int64_t hi = (x * y) >> 32;  // exact: |x y| < 2^62
    CHECK(r.arrays.at("MH")[i] == word(hi));
    CHECK(r.arrays.at("MA")[i] == word(hi + z));
    const __int128 full = static_cast<__int128>(x) * y + z;
    CHECK(r.arrays.at("MS")[i] == word(full > INT32_MAX ? INT32_MAX : full < INT32_MIN ? INT32_MIN : static_cast<int64_t>(full)));
    CHECK(r.arrays.at("UMH")[i] == word(static_cast<int64_t>((ux * uy) >> 32)));
    const unsigned __int128 ufull = static_cast<unsigned __int128>(ux) * uy + uz;
    CHECK(r.arrays.at("UMS")[i] == word(ufull > UINT32_MAX ? UINT32_MAX : static_cast<int64_t>(ufull)));
    CHECK(r.arrays.at("CL")[i] == word(std::clamp(x, std::min(y, z), std::max(y, z))));
    CHECK(r.arrays.at("UP")[2 * i] == word(static_cast<int64_t>(uy)));  // a long: low word first
    CHECK(r.arrays.at("UP")[2 * i + 1] == word(x));
  }
}

SCENARIO("OpenCL's integer functions on vectors work component by component, a scalar argument broadcast",
         "[frontends][clang][intrinsics][intfunc]") {
  const std::string src = R"(kernel void k(global int *O) {
  char4 c = (char4)(-128, 127, -1, 5);
  char4 d = (char4)(-1, 1, 3, -7);
  vstore4(convert_int4(add_sat(c, d)), 0, O);
  vstore4(convert_int4(abs_diff(c, d)), 1, O);
  vstore4(convert_int4(rotate(c, (char4)(1, 1, 4, 9))), 2, O);
  vstore4(convert_int4(clamp(c, (char)-2, (char)6)), 3, O);
  short2 s = (short2)(-300, 300);
  int2 w = upsample(s, (ushort2)(7, 65535));
  vstore2(w, 8, O);
  vstore4(shuffle((int4)(10, 11, 12, 13), (uint4)(7, 6, 5, 4)), 5, O);
  vstore4(convert_int4(popcount((uchar4)(0, 255, 128, 7))), 6, O);
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"O", 28}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  const std::vector<int32_t> want = {
      -128, 127, 2, -2,         // add_sat: -129 -> -128, 128 -> 127, -1 + 3, 5 - 7
      127, 126, 4, 12,          // abs_diff as uchar: 127, 126, 4, 12
      1, -2, -1, 10,            // rotate in 8 bits: 0x80 -> 0x01; 0x7F -> 0xFE; 0xFF by 4; 5 by 9 % 8 = 1
      -2, 6, -1, 5,             // clamp to [-2, 6]
      -1, -1, -1, -1,           // (cells 16..19 are not written: see the next line)
      13, 12, 11, 10,           // shuffle: mask & 3 = 3, 2, 1, 0
      0, 8, 1, 3,               // popcount
  };
  // vstore2(w, 8, O) writes O[16], O[17]: (-300 << 16) | 7 and (300 << 16) | 65535.
  CHECK(r.arrays.at("O")[16] == static_cast<int32_t>((static_cast<uint32_t>(-300) << 16) | 7u));
  CHECK(r.arrays.at("O")[17] == static_cast<int32_t>((300u << 16) | 65535u));
  for (size_t i = 0; i < want.size(); ++i) {
    if (i >= 16 && i < 20) continue;
    INFO("O[" << i << "]");
    CHECK(r.arrays.at("O")[i] == want[i]);
  }
}
