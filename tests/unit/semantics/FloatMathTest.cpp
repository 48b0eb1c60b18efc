// The float math builtins (specs/KPL.md, "Float math") on edge values worked out by hand:
// NaN, ±inf, ±0, subnormals, exact results (powers of two, integers, ties of the roundings)
// and the IEEE special cases C99 Annex F and OpenCL C 1.2 §7.5.1 fix. Each expected word is
// the IEEE-754 single pattern (sign, 8-bit exponent biased by 127, 23-bit fraction), written
// as hex: 0x3f800000 is 1.0, 0x00000001 the smallest subnormal 2^-149. Every call is
// evaluated by the scalar path (a group of one) and column-wise (three threads), which must
// agree.
#include "Helpers.h"

#include "semantics/rules/Eval.h"

#include <bit>
#include <cmath>
#include <fmt/format.h>

using namespace semtest;
using sdvmc::sem::EvalError;
using sdvmc::sem::Evaluator;
using sdvmc::sem::ExprId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Word;

namespace {

constexpr uint32_t kOne = 0x3f800000, kTwo = 0x40000000, kNegOne = 0xbf800000;
constexpr uint32_t kZero = 0, kNegZero = 0x80000000, kInf = 0x7f800000, kNegInf = 0xff800000;
constexpr uint32_t kNaN = 0x7fc00000, kMinSub = 0x00000001;
constexpr uint32_t kHalfPi = 0x3fc90fdb, kPi = 0x40490fdb;  // pi/2 and pi rounded to float

std::string call(const std::string& fn, std::initializer_list<uint32_t> args) {
  std::string text = fn + "(";
  bool first = true;
  for (uint32_t a : args) {
    text += fmt::format("{}0x{:x}", first ? "" : ", ", a);
    first = false;
  }
  return text + ")";
}

// fn(args) is the word `want` in both paths, without error.
void is(const std::string& fn, std::initializer_list<uint32_t> args, uint32_t want) {
  const std::string text = call(fn, args);
  INFO(text);
  const Evaluated r = evaluate(text);
  CHECK_FALSE(r.error());
  CHECK(static_cast<uint32_t>(r.scalar) == want);
  for (Word c : r.column) CHECK(static_cast<uint32_t>(c) == want);
}

// fn(args) is a NaN (its sign and payload are the host's), the same in both paths.
void isNaN(const std::string& fn, std::initializer_list<uint32_t> args) {
  const std::string text = call(fn, args);
  INFO(text);
  const Evaluated r = evaluate(text);
  CHECK_FALSE(r.error());
  CHECK(std::isnan(std::bit_cast<float>(r.scalar)));
  for (Word c : r.column) CHECK(c == r.scalar);
}

// The same operands with a rounded product: 0.
void checkTwoRoundings() {
  const Evaluated r = evaluate("fadd(fmul(0x3f800800, 0x3f800800), 0xbf801000)");
  CHECK(r.scalar == 0);
}

}  // namespace

TEST_CASE("float rounding functions: ties, negative zero, infinities", "[kpl][float-math]") {
  is("fceil", {0xbf000000}, kNegZero);     // ceil(-0.5) = -0
  is("fceil", {0x3f800001}, kTwo);         // ceil(1 + 2^-23) = 2
  is("ffloor", {0xbf000000}, kNegOne);     // floor(-0.5) = -1
  is("ffloor", {kMinSub}, kZero);
  is("fround", {0x40200000}, 0x40400000);  // round(2.5) = 3: halfway away from zero
  is("fround", {0xc0200000}, 0xc0400000);  // round(-2.5) = -3
  is("frint", {0x40200000}, kTwo);         // rint(2.5) = 2: halfway to even
  is("frint", {0x40600000}, 0x40800000);   // rint(3.5) = 4
  is("ftrunc", {0xbfd9999a}, kNegOne);     // trunc(-1.7) = -1
  is("ftrunc", {kNegInf}, kNegInf);
  isNaN("fceil", {kNaN});
}

TEST_CASE("float exponentials and logarithms on exact and special values", "[kpl][float-math]") {
  is("fexp", {kZero}, kOne);
  is("fexp", {kNegInf}, kZero);
  is("fexp", {kInf}, kInf);
  isNaN("fexp", {kNaN});
  is("fexp2", {0x40400000}, 0x41000000);  // 2^3 = 8
  is("fexp2", {0xc3150000}, kMinSub);     // 2^-149: the smallest subnormal
  is("fexp10", {kTwo}, 0x42c80000);       // 10^2 = 100
  is("fexpm1", {kNegZero}, kNegZero);
  is("fexpm1", {kNegInf}, kNegOne);
  is("flog", {kOne}, kZero);
  is("flog", {kZero}, kNegInf);           // log(±0) = -inf
  is("flog", {kNegZero}, kNegInf);
  isNaN("flog", {kNegOne});
  is("flog2", {kMinSub}, 0xc3150000);     // log2(2^-149) = -149
  is("flog2", {0x44800000}, 0x41200000);  // log2(1024) = 10
  is("flog10", {0x42c80000}, kTwo);       // log10(100) = 2
  is("flog1p", {kNegOne}, kNegInf);
  is("flog1p", {kNegZero}, kNegZero);
  is("flogb", {0x41000000}, 0x40400000);  // logb(8) = 3
  is("flogb", {kMinSub}, 0xc3150000);     // logb(2^-149) = -149
  is("flogb", {kZero}, kNegInf);
}

TEST_CASE("float trigonometric and hyperbolic functions at their exact points", "[kpl][float-math]") {
  is("fsin", {kNegZero}, kNegZero);
  is("fcos", {kZero}, kOne);
  is("ftan", {kNegZero}, kNegZero);
  isNaN("fsin", {kInf});
  isNaN("fcos", {kNegInf});
  is("fasin", {kOne}, kHalfPi);
  is("facos", {kNegOne}, kPi);
  is("facos", {kOne}, kZero);
  isNaN("fasin", {kTwo});
  is("fatan", {kInf}, kHalfPi);
  is("fatan", {kNegZero}, kNegZero);
  is("fatan2", {kZero, kNegOne}, kPi);              // atan2(+0, -1) = pi
  is("fatan2", {kNegZero, kNegOne}, 0xc0490fdb);    // atan2(-0, -1) = -pi
  is("fatan2", {kOne, kZero}, kHalfPi);
  is("fsinh", {kNegZero}, kNegZero);
  is("fcosh", {kZero}, kOne);
  is("fcosh", {kNegInf}, kInf);
  is("ftanh", {kInf}, kOne);
  is("ftanh", {kNegInf}, kNegOne);
  is("fasinh", {kNegZero}, kNegZero);
  is("facosh", {kOne}, kZero);
  isNaN("facosh", {kZero});
  is("fatanh", {kOne}, kInf);
  is("fatanh", {kNegOne}, kNegInf);
}

TEST_CASE("float roots, error and gamma functions", "[kpl][float-math]") {
  is("fcbrt", {0xc1d80000}, 0xc0400000);  // cbrt(-27) = -3
  is("fcbrt", {kNegZero}, kNegZero);
  is("frsqrt", {0x40800000}, 0x3f000000);  // 1/sqrt(4) = 0.5
  is("frsqrt", {kZero}, kInf);
  is("frsqrt", {kNegZero}, kNegInf);       // 1 / sqrt(-0) = 1 / -0
  is("frsqrt", {kInf}, kZero);
  isNaN("frsqrt", {kNegOne});
  is("ferf", {kInf}, kOne);
  is("ferf", {kNegZero}, kNegZero);
  is("ferfc", {kNegInf}, kTwo);
  is("ferfc", {kInf}, kZero);
  is("flgamma", {kOne}, kZero);  // lgamma(1) = lgamma(2) = log(1)
  is("flgamma", {kTwo}, kZero);
  is("flgamma", {kZero}, kInf);  // a pole
  is("flgamma", {0xc0000000}, kInf);
  is("ftgamma", {0x40a00000}, 0x41c00000);  // gamma(5) = 4! = 24
  is("ftgamma", {kNegZero}, kNegInf);
  isNaN("ftgamma", {kNegOne});
}

TEST_CASE("float powers: pow, pown and powr differ at their special cases", "[kpl][float-math]") {
  is("fpow", {kTwo, 0x41200000}, 0x44800000);  // 2^10 = 1024
  is("fpow", {kNaN, kZero}, kOne);             // pow(x, ±0) = 1 even for NaN
  is("fpow", {kNegZero, kNegOne}, kNegInf);    // pow(-0, odd negative) = -inf
  isNaN("fpow", {0xc1000000, 0x3eaaaaab});     // pow(-8, 1/3): negative to a non-integer
  is("fpown", {0xc0000000, 3}, 0xc1000000);    // (-2)^3 = -8: the int 3
  is("fpown", {kTwo, static_cast<uint32_t>(-149)}, kMinSub);
  is("fpown", {kNegZero, static_cast<uint32_t>(-1)}, kNegInf);
  is("fpown", {0xbf800000, 16777217}, kNegOne);  // (-1)^(2^24 + 1): odd, which a float n would lose
  is("fpowr", {0x40800000, 0x3f000000}, kTwo);   // 4^0.5 = 2
  is("fpowr", {kNegZero, kNegOne}, kInf);        // powr(±0, y < 0) = +inf
  isNaN("fpowr", {kNegOne, kTwo});               // powr(x < 0, y) = NaN
  isNaN("fpowr", {kZero, kZero});
  isNaN("fpowr", {kInf, kZero});
  isNaN("fpowr", {kOne, kInf});
  isNaN("fpowr", {kNaN, kZero});
}

TEST_CASE("float remainders, distances, signs and neighbours", "[kpl][float-math]") {
  is("ffmod", {0x40b00000, kTwo}, 0x3fc00000);    // fmod(5.5, 2) = 1.5
  is("ffmod", {0xc0b00000, kTwo}, 0xbfc00000);    // fmod(-5.5, 2) = -1.5: the dividend's sign
  isNaN("ffmod", {kOne, kZero});
  isNaN("ffmod", {kInf, kOne});
  is("fremainder", {0x40a00000, kTwo}, kOne);     // 5 - 2*2 (2.5 rounds to the even 2)
  is("fremainder", {0x40e00000, kTwo}, kNegOne);  // 7 - 2*4 (3.5 rounds to the even 4)
  is("fhypot", {0x40400000, 0x40800000}, 0x40a00000);  // hypot(3, 4) = 5
  is("fhypot", {kNegInf, kNaN}, kInf);            // an infinite operand wins over NaN
  is("ffdim", {0x40a00000, 0x40400000}, kTwo);    // fdim(5, 3) = 2
  is("ffdim", {0x40400000, 0x40a00000}, kZero);
  isNaN("ffdim", {kNaN, kOne});
  is("fcopysign", {kOne, kNegZero}, kNegOne);
  is("fcopysign", {kNegInf, kZero}, kInf);
  is("fnextafter", {kZero, kOne}, kMinSub);
  is("fnextafter", {kOne, kTwo}, 0x3f800001);
  is("fnextafter", {kNegZero, kNegOne}, 0x80000001);
  is("fnextafter", {kOne, kOne}, kOne);
  is("fldexp", {kOne, static_cast<uint32_t>(-149)}, kMinSub);
  is("fldexp", {kMinSub, 149}, kOne);
  is("fldexp", {kOne, 128}, kInf);
  is("fldexp", {kNegZero, 5}, kNegZero);
}

TEST_CASE("ffma rounds once: a product's low bits survive the addition", "[kpl][float-math]") {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 exactly; minus (1 + 2^-11) leaves 2^-24 (0x33800000).
  // Rounded first (fmul), the product's 2^-24 is half an ulp of 1, a tie to the even
  // 1 + 2^-11, and the difference is 0.
  is("ffma", {0x3f800800, 0x3f800800, 0xbf801000}, 0x33800000);
  checkTwoRoundings();
}
