// The 64-bit builtins (specs/KPL.md, "64-bit values") on values worked out by hand: every
// builtin is parsed, lowered and evaluated both by the scalar path (a group of one, as
// mimd runs) and column-wise (three threads), which must agree. Expected results are
// written as the 64-bit patterns derived by hand (two's complement, IEEE-754 binary64:
// sign, 11-bit exponent biased by 1023, 52-bit fraction). Then the errors: division by
// zero and shift amounts outside 0..63, only for masked threads, the lowest thread first,
// and as verdicts of a run.
#include "Helpers.h"

#include "semantics/rules/Eval.h"
#include "semantics/models/Symmetry.h"

#include <bit>
#include <climits>
#include <cmath>
#include <fmt/format.h>

using namespace semtest;
using sdvmc::sem::EOp;
using sdvmc::sem::EvalError;
using sdvmc::sem::Evaluator;
using sdvmc::sem::ExprId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using U = std::vector<uint32_t>;

namespace {

// Operand text: a 64-bit value as its "high, low" pair of KPL hex literals.
template <class Int>
std::string L(Int value) {
  const uint64_t v = static_cast<uint64_t>(value);
  return fmt::format("0x{:x}, 0x{:x}", v >> 32, v & 0xffffffffu);
}
std::string D(double d) { return L(std::bit_cast<uint64_t>(d)); }
std::string F(float f) { return fmt::format("0x{:x}", std::bit_cast<uint32_t>(f)); }

constexpr uint64_t kNaN = 0x7ff8000000000000;  // a quiet NaN operand
constexpr uint64_t kInf = 0x7ff0000000000000;
constexpr uint64_t kNegInf = 0xfff0000000000000;
constexpr uint64_t kNegZero = 0x8000000000000000;

// `expr` evaluates to `want` without error, in both paths and every thread.
void checkWord(const std::string& expr, Word want) {
  INFO(expr);
  const Evaluated r = evaluate(expr);
  CHECK_FALSE(r.scalarErr.any());
  CHECK_FALSE(r.columnErr.any());
  CHECK(r.scalar == want);
  for (Word c : r.column) CHECK(c == want);
}

// NAME_hi(args) and NAME_lo(args) give the halves of `want`.
void check64(const std::string& name, const std::string& args, uint64_t want) {
  checkWord(fmt::format("{}_lo({})", name, args), static_cast<Word>(static_cast<uint32_t>(want)));
  checkWord(fmt::format("{}_hi({})", name, args), static_cast<Word>(static_cast<uint32_t>(want >> 32)));
}

// NAME_hi(args) and NAME_lo(args) are the halves of a NaN (the host picks its sign and
// payload), the same in both paths.
void check64NaN(const std::string& name, const std::string& args) {
  const std::string lo = fmt::format("{}_lo({})", name, args), hi = fmt::format("{}_hi({})", name, args);
  INFO(hi << " / " << lo);
  const Evaluated l = evaluate(lo), h = evaluate(hi);
  CHECK_FALSE(l.scalarErr.any());
  CHECK_FALSE(h.scalarErr.any());
  const uint64_t bits = (uint64_t{static_cast<uint32_t>(h.scalar)} << 32) | static_cast<uint32_t>(l.scalar);
  CHECK(std::isnan(std::bit_cast<double>(bits)));
  for (int i = 0; i < 3; ++i) {
    CHECK(h.column[i] == h.scalar);
    CHECK(l.column[i] == l.scalar);
  }
}

void check32(const std::string& name, const std::string& args, uint32_t want) {
  checkWord(fmt::format("{}({})", name, args), static_cast<Word>(want));
}

// The error `expr` raises in both paths (all threads masked in): kind and operand.
void checkError(const std::string& expr, EvalError::Kind kind, Word operand) {
  INFO(expr);
  const Evaluated r = evaluate(expr);
  CHECK(r.scalarErr.kind == kind);
  CHECK(r.scalarErr.operand == operand);
  CHECK(r.columnErr.kind == kind);
  CHECK(r.columnErr.thread == 0);
  CHECK(r.columnErr.operand == operand);
}

}  // namespace

TEST_CASE("64-bit add, sub, mul wrap and carry across the word boundary", "[semantics][wide]") {
  check64("ladd", L(0xffffffffull) + ", " + L(1ull), 0x0000000100000000);  // carry into the high word
  check64("ladd", L(-1ll) + ", " + L(1ll), 0);
  check64("ladd", L(0x7fffffffffffffffull) + ", " + L(1ull), 0x8000000000000000);  // wraps to INT64_MIN
  check64("ladd", L(-5ll) + ", " + L(-7ll), 0xfffffffffffffff4);  // -12
  check64("lsub", L(0x100000000ull) + ", " + L(1ull), 0x00000000ffffffff);  // borrow from the high word
  check64("lsub", L(0ll) + ", " + L(1ll), 0xffffffffffffffff);
  check64("lsub", L(INT64_MIN) + ", " + L(1ll), 0x7fffffffffffffff);
  // (2^32 - 1)^2 = 2^64 - 2^33 + 1
  check64("lmul", L(0xffffffffull) + ", " + L(0xffffffffull), 0xfffffffe00000001);
  check64("lmul", L(-3ll) + ", " + L(5ll), 0xfffffffffffffff1);  // -15
  check64("lmul", L(INT64_MIN) + ", " + L(-1ll), 0x8000000000000000);
  check64("lmul", L(0x100000000ull) + ", " + L(0x100000000ull), 0);  // 2^64 wraps to 0
}

TEST_CASE("64-bit division truncates toward zero; INT64_MIN / -1 wraps as the 32-bit one", "[semantics][wide]") {
  check64("ldiv", L(-7ll) + ", " + L(2ll), 0xfffffffffffffffd);  // -3
  check64("lrem", L(-7ll) + ", " + L(2ll), 0xffffffffffffffff);  // -1
  check64("ldiv", L(7ll) + ", " + L(-2ll), 0xfffffffffffffffd);  // -3
  check64("lrem", L(7ll) + ", " + L(-2ll), 1);
  check64("ldiv", L(-7ll) + ", " + L(-2ll), 3);
  check64("lrem", L(-7ll) + ", " + L(-2ll), 0xffffffffffffffff);
  check64("ldiv", L(INT64_MIN) + ", " + L(-1ll), 0x8000000000000000);
  check64("lrem", L(INT64_MIN) + ", " + L(-1ll), 0);
  // 2^40 / 3 = 0x5555555555 rem 1
  check64("ldiv", L(1ull << 40) + ", " + L(3ull), 0x5555555555);
  check64("lrem", L(1ull << 40) + ", " + L(3ull), 1);
  // 0xffff...ff: -1 signed, 2^64 - 1 unsigned
  check64("ldiv", L(-1ll) + ", " + L(2ll), 0);
  check64("lrem", L(-1ll) + ", " + L(2ll), 0xffffffffffffffff);
  check64("ludiv", L(-1ll) + ", " + L(2ll), 0x7fffffffffffffff);
  check64("lurem", L(-1ll) + ", " + L(2ll), 1);
  check64("ludiv", L(INT64_MIN) + ", " + L(-1ll), 0);  // 2^63 / (2^64 - 1)
  check64("lurem", L(INT64_MIN) + ", " + L(-1ll), 0x8000000000000000);
  check64("ludiv", L(0x123456789ull) + ", " + L(0x100000000ull), 1);
  check64("lurem", L(0x123456789ull) + ", " + L(0x100000000ull), 0x23456789);
}

TEST_CASE("64-bit division by zero is division-by-zero, whatever the low or high word", "[semantics][wide]") {
  for (const char* op : {"ldiv_lo", "ldiv_hi", "lrem_lo", "lrem_hi", "ludiv_lo", "ludiv_hi", "lurem_lo", "lurem_hi"})
    checkError(fmt::format("{}(1, 2, 0, 0)", op), EvalError::Kind::DivisionByZero, 0);
  // A divisor with only one word zero is not zero.
  check64("ludiv", L(0x200000000ull) + ", " + L(0x100000000ull), 2);
  check64("ldiv", L(6ll) + ", " + L(0xffffffff00000000ull), 0);  // 6 / -2^32
}

TEST_CASE("64-bit bitwise operators", "[semantics][wide]") {
  const std::string a = L(0xf0f0f0f00000ffffull), b = L(0xff00ff00ffff0000ull);
  check64("land", a + ", " + b, 0xf000f00000000000);
  check64("lor", a + ", " + b, 0xfff0fff0ffffffff);
  check64("lxor", a + ", " + b, 0x0ff00ff0ffffffff);
}

TEST_CASE("64-bit shifts by 0, 1, 31, 32, 63; out of 0..63 is shift-out-of-range", "[semantics][wide]") {
  const std::string x = L(0x0000000180000001ull);  // 2^32 + 2^31 + 1
  check64("lshl", x + ", 0", 0x0000000180000001);
  check64("lshl", x + ", 1", 0x0000000300000002);
  check64("lshl", x + ", 31", 0xc000000080000000);  // 2^63 + 2^62 + 2^31
  check64("lshl", x + ", 32", 0x8000000100000000);
  check64("lshl", x + ", 63", 0x8000000000000000);
  const std::string y = L(0x8000000000000001ull);  // INT64_MIN + 1
  check64("lashr", y + ", 0", 0x8000000000000001);
  check64("lashr", y + ", 1", 0xc000000000000000);
  check64("lashr", y + ", 31", 0xffffffff00000000);
  check64("lashr", y + ", 32", 0xffffffff80000000);
  check64("lashr", y + ", 63", 0xffffffffffffffff);
  check64("lashr", x + ", 31", 0x0000000000000003);  // positive: zeros shifted in
  check64("llshr", y + ", 0", 0x8000000000000001);
  check64("llshr", y + ", 1", 0x4000000000000000);
  check64("llshr", y + ", 31", 0x0000000100000000);
  check64("llshr", y + ", 32", 0x0000000080000000);
  check64("llshr", y + ", 63", 1);
  for (const char* op : {"lshl_lo", "lshl_hi", "lashr_lo", "lashr_hi", "llshr_lo", "llshr_hi"}) {
    checkError(fmt::format("{}(1, 2, 64)", op), EvalError::Kind::ShiftOutOfRange, 64);
    checkError(fmt::format("{}(1, 2, -1)", op), EvalError::Kind::ShiftOutOfRange, -1);
    checkError(fmt::format("{}(1, 2, 0x80000000)", op), EvalError::Kind::ShiftOutOfRange, INT32_MIN);
  }
}

TEST_CASE("64-bit comparisons, signed and unsigned, compare the low words unsigned", "[semantics][wide]") {
  struct Case {
    std::string a, b;
    int eq, lt, gt, ult, ugt;
  };
  const Case cases[] = {
      {L(-1ll), L(1ll), 0, 1, 0, 0, 1},
      {L(0x100000000ull), L(0xffffffffull), 0, 0, 1, 0, 1},  // the high word decides
      {L(0x80000000ull), L(1ull), 0, 0, 1, 0, 1},            // low 0x80000000 > 1 (unsigned)
      {L(0x500000006ull), L(0x500000006ull), 1, 0, 0, 0, 0},
      {L(INT64_MIN), L(0x7fffffffffffffffull), 0, 1, 0, 0, 1},
      {L(0ll), L(0x0000000100000000ull), 0, 1, 0, 1, 0},
  };
  for (const Case& c : cases) {
    const std::string args = c.a + ", " + c.b;
    check32("leq", args, c.eq);
    check32("lne", args, !c.eq);
    check32("llt", args, c.lt);
    check32("lle", args, c.lt || c.eq);
    check32("lgt", args, c.gt);
    check32("lge", args, c.gt || c.eq);
    check32("lult", args, c.ult);
    check32("lule", args, c.ult || c.eq);
    check32("lugt", args, c.ugt);
    check32("luge", args, c.ugt || c.eq);
  }
}

TEST_CASE("double arithmetic rounds to nearest; inf, NaN and -0.0", "[semantics][wide][double]") {
  // 0.1 = 0x3fb999999999999a, 0.2 = 0x3fc999999999999a; their sum rounds to
  // 0x3fd3333333333334 (0.30000000000000004), one ulp above 0.3 = 0x3fd3333333333333.
  check64("dadd", L(0x3fb999999999999aull) + ", " + L(0x3fc999999999999aull), 0x3fd3333333333334);
  check64("dadd", D(1.0) + ", " + D(2.0), 0x4008000000000000);  // 3.0
  check64NaN("dadd", D(1.0) + ", " + L(kNaN));
  check64NaN("dadd", L(kInf) + ", " + L(kNegInf));
  check64("dadd", L(kNegZero) + ", " + L(kNegZero), kNegZero);
  check64("dsub", D(1.0) + ", " + D(1.0), 0);  // +0.0
  check64("dsub", D(1.0) + ", " + D(3.0), 0xc000000000000000);  // -2.0
  check64("dmul", D(1.5) + ", " + D(2.0), 0x4008000000000000);
  check64("dmul", L(0x7fe0000000000000ull) + ", " + D(2.0), kInf);  // 2^1023 * 2 overflows
  check64("dmul", D(-1.0) + ", " + D(0.0), kNegZero);
  check64("ddiv", D(1.0) + ", " + D(3.0), 0x3fd5555555555555);  // 1/3 rounds down
  check64("ddiv", D(1.0) + ", " + D(0.0), kInf);                // no error: IEEE
  check64("ddiv", D(-1.0) + ", " + D(0.0), kNegInf);
  check64NaN("ddiv", D(0.0) + ", " + D(0.0));
  check64("dneg", D(1.0), 0xbff0000000000000);
  check64("dneg", D(0.0), kNegZero);
  check64("dneg", L(kNegInf), kInf);
  check64("dabs", D(-1.5), 0x3ff8000000000000);
  check64("dabs", L(kNegZero), 0);
  check64("dsqrt", D(2.0), 0x3ff6a09e667f3bcd);  // 1.4142135623730951
  check64("dsqrt", D(4.0), 0x4000000000000000);
  check64("dsqrt", L(kNegZero), kNegZero);
  check64NaN("dsqrt", D(-1.0));
  check64("dsqrt", L(kInf), kInf);
}

TEST_CASE("dmin/dmax ignore a NaN operand as fmin/fmax do; comparisons with NaN are false except dne",
          "[semantics][wide][double]") {
  check64("dmin", D(1.0) + ", " + D(2.0), 0x3ff0000000000000);
  check64("dmax", D(1.0) + ", " + D(2.0), 0x4000000000000000);
  check64("dmin", L(kNaN) + ", " + D(2.0), 0x4000000000000000);
  check64("dmin", D(2.0) + ", " + L(kNaN), 0x4000000000000000);
  check64("dmax", L(kNaN) + ", " + D(-1.0), 0xbff0000000000000);
  check64NaN("dmin", L(kNaN) + ", " + L(kNaN));
  check64("dmin", L(kNegInf) + ", " + D(-1.0), kNegInf);
  check64("dmax", D(-1.0) + ", " + D(1.0), 0x3ff0000000000000);
  struct Case {
    std::string a, b;
    int lt, le, gt, ge, eq, ne;
  };
  const Case cases[] = {
      {D(1.0), D(2.0), 1, 1, 0, 0, 0, 1},
      {D(2.0), D(1.0), 0, 0, 1, 1, 0, 1},
      {L(kNaN), D(1.0), 0, 0, 0, 0, 0, 1},
      {L(kNaN), L(kNaN), 0, 0, 0, 0, 0, 1},
      {D(0.0), L(kNegZero), 0, 1, 0, 1, 1, 0},  // +0 == -0
      {L(kInf), L(0x7fefffffffffffffull), 0, 0, 1, 1, 0, 1},
      {D(-1.0), D(1.0), 1, 1, 0, 0, 0, 1},     // sign bit set: not an unsigned compare
      {D(-2.0), D(-1.0), 1, 1, 0, 0, 0, 1},    // negative: larger pattern, smaller value
      // 1 + 2^-21 (low word 0x80000000) > 1 + 2^-52 (low word 1): the low word is unsigned
      {L(0x3ff0000080000000ull), L(0x3ff0000000000001ull), 0, 0, 1, 1, 0, 1},
  };
  for (const Case& c : cases) {
    const std::string args = c.a + ", " + c.b;
    check32("dlt", args, c.lt);
    check32("dle", args, c.le);
    check32("dgt", args, c.gt);
    check32("dge", args, c.ge);
    check32("deq", args, c.eq);
    check32("dne", args, c.ne);
  }
}

TEST_CASE("conversions to double are exact or round to nearest even", "[semantics][wide][double]") {
  check64("ftod", F(1.5f), 0x3ff8000000000000);
  // 0.1f = 0x3dcccccd: exponent 123 - 127 + 1023 = 0x3fb, fraction 0x4ccccd << 29
  check64("ftod", "0x3dcccccd", 0x3fb99999a0000000);
  check64("ftod", "0x80000000", kNegZero);
  check64("ftod", "0xff800000", kNegInf);
  check64NaN("ftod", "0x7fc00000");
  check64("itod", "-1", 0xbff0000000000000);
  check64("itod", "0x80000000", 0xc1e0000000000000);  // -2^31
  check64("itod", "0", 0);
  check64("utod", "0xffffffff", 0x41efffffffe00000);  // 2^32 - 1: 31 fraction bits set
  check64("utod", "0x80000000", 0x41e0000000000000);  // 2^31
  check64("ltod", L(-1ll), 0xbff0000000000000);
  check64("ltod", L(0x0020000000000001ull), 0x4340000000000000);  // 2^53 + 1: tie, to even 2^53
  check64("ltod", L(0x0020000000000003ull), 0x4340000000000002);  // 2^53 + 3: tie, to even 2^53 + 4
  check64("ltod", L(INT64_MIN), 0xc3e0000000000000);              // -2^63
  check64("ultod", L(0xffffffffffffffffull), 0x43f0000000000000);  // rounds up to 2^64
  check64("ultod", L(INT64_MIN), 0x43e0000000000000);              // 2^63, not -2^63
}

TEST_CASE("conversions to floats round to nearest even", "[semantics][wide][double]") {
  check32("dtof", D(1.5), 0x3fc00000);
  check32("dtof", L(0x3fb999999999999aull), 0x3dcccccd);  // 0.1 to 0.1f
  check32("dtof", L(0x3ff0000010000000ull), 0x3f800000);  // 1 + 2^-24: tie, to even 1.0f
  check32("dtof", L(0x3ff0000010000001ull), 0x3f800001);  // just above the tie: up
  check32("dtof", L(0x3ff0000030000000ull), 0x3f800002);  // 1 + 3 * 2^-24: tie, to even
  check32("dtof", L(0x7e37e43c8800759cull), 0x7f800000);  // about 1e300 (exponent 996) overflows to inf
  check32("dtof", L(kNegZero), 0x80000000);
  check32("ltof", L(16777217ll), 0x4b800000);  // 2^24 + 1: tie, to even 2^24
  check32("ltof", L(-1ll), 0xbf800000);
  check32("ltof", L(INT64_MIN), 0xdf000000);                 // -2^63
  check32("ultof", L(0xffffffffffffffffull), 0x5f800000);    // 2^64
  check32("ultof", L(INT64_MIN), 0x5f000000);                // 2^63
  const Evaluated nan = evaluate("dtof(" + L(kNaN) + ")");
  CHECK(std::isnan(std::bit_cast<float>(nan.scalar)));
}

TEST_CASE("conversions to integers truncate; NaN and out of range as ftoi / ftou", "[semantics][wide][double]") {
  // to int: in range while -2^31 - 1 < x < 2^31, else INT_MIN (as ftoi)
  check32("dtoi", D(-2.5), 0xfffffffe);                   // -2
  check32("dtoi", D(2.5), 2);
  check32("dtoi", L(0x41dfffffffe00000ull), 0x7fffffff);  // 2^31 - 0.5
  check32("dtoi", D(-2147483648.5), 0x80000000);          // truncates to INT_MIN, in range
  check32("dtoi", D(2147483648.0), 0x80000000);           // 2^31: out of range
  check32("dtoi", D(-2147483649.0), 0x80000000);
  check32("dtoi", L(kNaN), 0x80000000);
  check32("dtoi", L(kInf), 0x80000000);
  check32("dtoi", L(kNegZero), 0);
  // to unsigned: in range while -1 < x < 2^32, else 0 (as ftou)
  check32("dtou", L(0x41efffffffe00000ull), 0xffffffff);  // 2^32 - 1
  check32("dtou", L(0x41efffffffff0000ull), 0xffffffff);  // 2^32 - 1/32
  check32("dtou", D(4294967296.0), 0);
  check32("dtou", D(-0.5), 0);
  check32("dtou", D(-1.0), 0);
  check32("dtou", D(2147483648.0), 0x80000000);
  check32("dtou", L(kNaN), 0);
  // to long: in range while -2^63 <= x < 2^63, else INT64_MIN
  check64("dtol", D(-2.5), 0xfffffffffffffffe);
  check64("dtol", D(4294967296.0), 0x0000000100000000);
  check64("dtol", L(0xc3e0000000000000ull), 0x8000000000000000);  // -2^63 itself
  check64("dtol", L(0x43e0000000000000ull), 0x8000000000000000);  // 2^63: out of range
  check64("dtol", L(0x43dfffffffffffffull), 0x7ffffffffffffc00);  // 2^63 - 2^10
  check64("dtol", L(kNaN), 0x8000000000000000);
  check64("dtol", L(kNegInf), 0x8000000000000000);
  // to unsigned long: in range while -1 < x < 2^64, else 0
  check64("dtoul", L(0x43e0000000000000ull), 0x8000000000000000);  // 2^63
  check64("dtoul", L(0x43efffffffffffffull), 0xfffffffffffff800);  // 2^64 - 2^11
  check64("dtoul", L(0x43f0000000000000ull), 0);                   // 2^64
  check64("dtoul", D(-0.5), 0);
  check64("dtoul", D(-1.0), 0);
  check64("dtoul", L(kNaN), 0);
  // from float
  check64("ftol", "0x53800000", 0x0000010000000000);  // 2^40
  check64("ftol", F(-2.5f), 0xfffffffffffffffe);
  check64("ftol", "0xdf000000", 0x8000000000000000);  // -2^63 itself
  check64("ftol", "0x5f000000", 0x8000000000000000);  // 2^63: out of range
  check64("ftol", "0x7fc00000", 0x8000000000000000);  // NaN
  check64("ftol", "0xff800000", 0x8000000000000000);  // -inf
  check64("ftoul", "0x5f000000", 0x8000000000000000);  // 2^63
  check64("ftoul", "0x5f7fffff", 0xffffff0000000000);  // 2^64 - 2^40
  check64("ftoul", "0x5f800000", 0);                   // 2^64
  check64("ftoul", F(-0.5f), 0);
  check64("ftoul", F(-1.0f), 0);
  check64("ftoul", "0x7fc00000", 0);
}

SCENARIO("the column-wise evaluation of 64-bit builtins: per thread, errors only where masked",
         "[semantics][wide][eval]") {
  auto sim = start(
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  x := ladd_hi(0, 0xffffffff, 0, lid);\n"
      "  x := ldiv_lo(0, 10, 0, lid);\n"
      "  x := lshl_hi(0, 1, lid * 32);\n"
      "  x := lrem_lo(0, 1, 0, lid) + lshl_lo(0, 1, lid - 1);\n"
      "  barrier;\n"
      "}\n");
  const auto& ir = sim->ir();
  Evaluator ev(ir, 3);
  auto exprOf = [&](const std::string& needle) {
    return ir.nodes[findNode(ir, NodeKind::Assign, sim->line(needle))].e0;
  };
  const uint8_t all[3] = {1, 1, 1};
  GIVEN("a carry that depends on lid") {
    EvalError err;
    const Word* out = ev.eval(exprOf("ladd_hi"), sim->s, all, err);
    CHECK_FALSE(err.any());
    CHECK(out[0] == 0);  // 0xffffffff + 0
    CHECK(out[1] == 1);  // 0xffffffff + 1 carries
    CHECK(out[2] == 1);
  }
  GIVEN("10 / lid in 64 bits") {
    const ExprId e = exprOf("ldiv_lo");
    WHEN("thread 0 is masked out") {
      const uint8_t mask[3] = {0, 1, 1};
      EvalError err;
      const Word* out = ev.eval(e, sim->s, mask, err);
      THEN("no error") {
        CHECK_FALSE(err.any());
        CHECK(out[1] == 10);
        CHECK(out[2] == 5);
      }
    }
    WHEN("all threads") {
      EvalError err;
      ev.eval(e, sim->s, all, err);
      THEN("thread 0 divides by zero at ldiv_lo") {
        CHECK(err.kind == EvalError::Kind::DivisionByZero);
        CHECK(err.thread == 0);
        CHECK(ir.exprs[err.at].op == EOp::LDivLo);
      }
    }
  }
  GIVEN("a shift by lid * 32") {
    const ExprId e = exprOf("lshl_hi");
    WHEN("all threads") {
      EvalError err;
      ev.eval(e, sim->s, all, err);
      THEN("thread 2 shifts by 64") {
        CHECK(err.kind == EvalError::Kind::ShiftOutOfRange);
        CHECK(err.thread == 2);
        CHECK(err.operand == 64);
      }
    }
    WHEN("threads 0 and 1") {
      const uint8_t low[3] = {1, 1, 0};
      EvalError err;
      const Word* out = ev.eval(e, sim->s, low, err);
      THEN("1 << 0 and 1 << 32, high words") {
        CHECK_FALSE(err.any());
        CHECK(out[0] == 0);
        CHECK(out[1] == 1);
      }
    }
  }
  GIVEN("thread 0 fails twice: lrem by 0, then a shift by -1") {
    EvalError err;
    ev.eval(exprOf("lrem_lo"), sim->s, all, err);
    THEN("the leftmost failing builtin of the lowest thread") {
      CHECK(err.kind == EvalError::Kind::DivisionByZero);
      CHECK(err.thread == 0);
      CHECK(ir.exprs[err.at].op == EOp::LRemLo);
    }
  }
  GIVEN("the scalar path (a group of one, as mimd) on the same expression") {
    Evaluator one(ir, 1);
    EvalError err;
    const uint8_t on[1] = {1};
    one.eval(exprOf("lrem_lo"), sim->s, on, err);
    CHECK(err.kind == EvalError::Kind::DivisionByZero);
    CHECK(ir.exprs[err.at].op == EOp::LRemLo);
    EvalError none;
    const uint8_t off[1] = {0};
    one.eval(exprOf("lrem_lo"), sim->s, off, none);
    CHECK_FALSE(none.any());
  }
}

SCENARIO("64-bit errors are verdicts of a run, at the statement, for the lowest thread", "[semantics][wide]") {
  GIVEN("a 64-bit division by (0, lid - 1)") {
    auto sim = start("threads: 4;\ngroup: 0;\nmain: {\n  local x;\n  x := ldiv_hi(1, 0, 0, lid - 1);\n  barrier;\n}\n");
    const Verdict v = sim->run();
    THEN("thread 1 divides by zero") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.threads == U{1});
      CHECK(v.loc.line == 5);
    }
  }
  GIVEN("a 64-bit shift by lid + 61 in a write") {
    auto sim = start("threads: 4;\ngroup: 0;\nshared A[4];\nmain: {\n  wr(A, lid, llshr_lo(1, 0, lid + 61));\n  barrier;\n}\n");
    const Verdict v = sim->run();
    THEN("thread 3 shifts by 64") {
      CHECK(v.kind == VerdictKind::ShiftOutOfRange);
      CHECK(v.threads == U{3});
      CHECK(v.value == 64);
    }
  }
  GIVEN("a kernel without errors: the halves of lid * 2^31 written to memory") {
    auto sim = start("threads: 4;\ngroup: 0;\nshared A[8];\nmain: {\n"
                     "  wr(A, 2 * lid, lmul_hi(0, lid, 0, 0x80000000));\n"
                     "  wr(A, 2 * lid + 1, lmul_lo(0, lid, 0, 0x80000000));\n  barrier;\n}\n");
    const Verdict v = sim->run();
    THEN("(0, 0), (0, 2^31), (1, 0), (1, 2^31)") {
      CHECK(v.kind == VerdictKind::Ok);
      CHECK(sim->array("A") == std::vector<Word>{0, 0, 0, INT32_MIN, 1, 0, 1, INT32_MIN});
    }
  }
}

TEST_CASE("value symmetry does not hold for memory values used as operands of 64-bit builtins",
          "[semantics][wide][symmetry]") {
  // A plain copy of memory values is symmetric; the same values as the low Words of a
  // 64-bit addition are not (renaming 1 and 2 does not commute with adding 1).
  const std::string head = "threads: 2;\ngroup: 0;\nshared A[2];\nshared B[2];\nmain: {\n  local t;\n"
                           "  t := rd(A, lid);\n";
  auto copy = compile(head + "  wr(B, lid, t);\n  barrier;\n}\n");
  CHECK(sdvmc::sem::analyseSymmetry(copy->ir).values);
  auto wide = compile(head + "  local x;\n  x := ladd_lo(0, t, 0, 1);\n  wr(B, lid, t);\n  barrier;\n}\n");
  const auto info = sdvmc::sem::analyseSymmetry(wide->ir);
  CHECK_FALSE(info.values);
  CHECK(info.valuesWhyNot == "line 9: a value from memory is an operand of a 64-bit builtin");
}

TEST_CASE("lnsw_add/sub/mul give ladd/lsub/lmul's words and fail outside the signed 64-bit range",
          "[semantics][wide][overflow]") {
  // In range: the same words as the wrapping builtins.
  check64("lnsw_add", L(0xffffffffull) + ", " + L(1ull), 0x0000000100000000);
  check64("lnsw_add", L(0x7ffffffffffffffell) + ", " + L(1ll), 0x7fffffffffffffff);  // INT64_MAX exactly
  check64("lnsw_sub", L(0ll) + ", " + L(0x7fffffffffffffffll), 0x8000000000000001);  // -INT64_MAX
  check64("lnsw_sub", L(-1ll) + ", " + L(0x7fffffffffffffffll), 0x8000000000000000);  // INT64_MIN exactly
  check64("lnsw_mul", L(-3ll) + ", " + L(5ll), 0xfffffffffffffff1);                    // -15
  check64("lnsw_mul", L(1ll << 31) + ", " + L(-(1ll << 32)), 0x8000000000000000);     // -2^63 exactly
  // 3037000499^2 = 9223372030926249001 <= 2^63 - 1; 3037000500^2 = 9223372037000250000 is not
  check64("lnsw_mul", L(3037000499ll) + ", " + L(3037000499ll), 0x7ffffffe9ea1dc29ull);
  checkError(fmt::format("lnsw_mul_lo({}, {})", L(3037000500ll), L(3037000500ll)), EvalError::Kind::IntegerOverflow, 0);
  // Out of range: INT64_MAX + 1, INT64_MIN + -1, 0 - INT64_MIN (-x of INT64_MIN), 2^31 * 2^32,
  // INT64_MIN * -1.
  for (const char* half : {"lo", "hi"}) {
    checkError(fmt::format("lnsw_add_{}({}, {})", half, L(0x7fffffffffffffffll), L(1ll)), EvalError::Kind::IntegerOverflow, 0);
    checkError(fmt::format("lnsw_add_{}({}, {})", half, L(INT64_MIN), L(-1ll)), EvalError::Kind::IntegerOverflow, 0);
    checkError(fmt::format("lnsw_sub_{}({}, {})", half, L(0ll), L(INT64_MIN)), EvalError::Kind::IntegerOverflow, 0);
    checkError(fmt::format("lnsw_mul_{}({}, {})", half, L(1ll << 31), L(1ll << 32)), EvalError::Kind::IntegerOverflow, 0);
    checkError(fmt::format("lnsw_mul_{}({}, {})", half, L(INT64_MIN), L(-1ll)), EvalError::Kind::IntegerOverflow, 0);
  }
  // The operands are kept for the witness.
  const Evaluated r = evaluate(fmt::format("lnsw_mul_lo({}, {})", L(3000000000ll), L(4000000000ll)));
  CHECK(r.scalarErr.kind == EvalError::Kind::IntegerOverflow);
  CHECK(r.scalarErr.lhs == 3000000000ll);
  CHECK(r.scalarErr.rhs == 4000000000ll);
  CHECK(r.columnErr.lhs == 3000000000ll);
  CHECK(r.columnErr.rhs == 4000000000ll);
}

SCENARIO("a 64-bit signed overflow is integer-overflow, naming the operation, operands and exact result",
         "[semantics][wide][overflow]") {
  GIVEN("lid * 2^62 on 4 threads: thread 2 is the first whose product, 2^63, is outside the range") {
    auto sim = start("threads: 4;\ngroup: 0;\nshared A[4];\nmain: {\n"
                     "  wr(A, lid, lnsw_mul_lo(0, lid, 0x40000000, 0));\n  barrier;\n}\n");
    const Verdict v = sim->run();
    THEN("thread 2, with a = 2, b = 2^62 and the exact result 2^63") {
      CHECK(v.kind == VerdictKind::IntegerOverflow);
      CHECK(v.threads == U{2});
      CHECK(v.loc.line == 5);
      INFO(v.message);
      CHECK(v.message.find("a * b with a = 2, b = 4611686018427387904") != std::string::npos);
      CHECK(v.message.find("exact result 9223372036854775808 ") != std::string::npos);
    }
  }
  GIVEN("the negative side: -2^63 - (lid + 1) overflows for every thread, thread 0 first") {
    auto sim = start("threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n"
                     "  wr(A, lid, lnsw_sub_hi(0x80000000, 0, 0, lid + 1));\n  barrier;\n}\n");
    const Verdict v = sim->run();
    CHECK(v.kind == VerdictKind::IntegerOverflow);
    CHECK(v.threads == U{0});
    INFO(v.message);
    CHECK(v.message.find("exact result -9223372036854775809 ") != std::string::npos);
  }
}
