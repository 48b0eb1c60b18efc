// (extension) fcvt_chk / dcvt_chk (specs/KPL.md): C's float-to-integer conversion is defined
// iff the value truncated toward zero fits the integer type (rule conversionDefined). The
// bounds are worked out by hand from IEEE-754: the float just below 2^31 is 2^31 - 128
// (2147483520), the one just below -2^31 is -2^31 - 256 (-2147483904), the one just above
// -1 is -(1 - 2^-24) (-0.99999994f); doubles hold every int exactly. Then the builtins in
// KPL (the value passes through, the error is integer-overflow) and the verdict's message.
#include "Helpers.h"

#include "semantics/rules/Eval.h"

#include <bit>
#include <cmath>
#include <fmt/format.h>

using namespace semtest;
using sdvmc::sem::EvalError;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
namespace word = sdvmc::sem::word;

namespace {
std::string F(float f) { return fmt::format("0x{:x}", std::bit_cast<uint32_t>(f)); }
std::string D(double d) {
  const uint64_t v = std::bit_cast<uint64_t>(d);
  return fmt::format("0x{:x}, 0x{:x}", v >> 32, v & 0xffffffffu);
}
}  // namespace

TEST_CASE("conversionDefined: the value truncated must fit the k-bit type, signed for k < 0",
          "[semantics][overflow][conversion]") {
  // int (k = -32): -2^31 - 1 < x < 2^31.
  CHECK(word::conversionDefined(2147483520.0f, -32));
  CHECK_FALSE(word::conversionDefined(2147483648.0f, -32));
  CHECK(word::conversionDefined(-2147483648.0f, -32));
  CHECK_FALSE(word::conversionDefined(-2147483904.0f, -32));
  CHECK(word::conversionDefined(2147483647.5, -32));   // truncates to INT_MAX
  CHECK(word::conversionDefined(-2147483648.9, -32));  // truncates to INT_MIN
  CHECK_FALSE(word::conversionDefined(-2147483649.0, -32));
  // unsigned (k = 32): -1 < x < 2^32.
  CHECK(word::conversionDefined(-0.99999994f, 32));
  CHECK_FALSE(word::conversionDefined(-1.0f, 32));
  CHECK(word::conversionDefined(4294967040.0f, 32));
  CHECK_FALSE(word::conversionDefined(4294967296.0f, 32));
  // signed char (k = -8) and unsigned short (k = 16).
  CHECK(word::conversionDefined(127.9, -8));
  CHECK_FALSE(word::conversionDefined(128.0, -8));
  CHECK(word::conversionDefined(-128.9, -8));
  CHECK_FALSE(word::conversionDefined(-129.0, -8));
  CHECK(word::conversionDefined(65535.5, 16));
  CHECK_FALSE(word::conversionDefined(65536.0, 16));
  // long (k = -64) and unsigned long (k = 64): -2^63 is the least; 2^63, 2^64 are out.
  CHECK(word::conversionDefined(-9223372036854775808.0, -64));
  CHECK_FALSE(word::conversionDefined(9223372036854775808.0, -64));
  CHECK(word::conversionDefined(18446744073709549568.0, 64));  // 2^64 - 2048, the double below 2^64
  CHECK_FALSE(word::conversionDefined(18446744073709551616.0, 64));
  // NaN and infinities never.
  for (int k : {-8, 8, -32, 32, -64, 64}) {
    CHECK_FALSE(word::conversionDefined(std::nan(""), k));
    CHECK_FALSE(word::conversionDefined(INFINITY, k));
    CHECK_FALSE(word::conversionDefined(-INFINITY, k));
  }
}

TEST_CASE("fcvt_chk and dcvt_chk pass their value on and fail with integer-overflow out of range",
          "[semantics][overflow][conversion]") {
  auto ok = [](const std::string& e, Word want) {
    INFO(e);
    const Evaluated r = evaluate(e);
    CHECK_FALSE(r.error());
    CHECK(r.scalar == want);
    for (Word c : r.column) CHECK(c == want);
  };
  auto overflow = [](const std::string& e) {
    INFO(e);
    const Evaluated r = evaluate(e);
    CHECK(r.scalarErr.kind == EvalError::Kind::IntegerOverflow);
    CHECK(r.columnErr.kind == EvalError::Kind::IntegerOverflow);
    CHECK(r.columnErr.thread == 0);
  };
  ok(fmt::format("ftoi(fcvt_chk({}, -32))", F(-7.9f)), -7);
  ok(fmt::format("ftou(fcvt_chk({}, 32))", F(-0.5f)), 0);
  ok(fmt::format("fcvt_chk({}, -8)", F(1.5f)), static_cast<Word>(std::bit_cast<uint32_t>(1.5f)));
  overflow(fmt::format("fcvt_chk({}, -32)", F(3e9f)));
  overflow(fmt::format("fcvt_chk({}, 32)", F(-1.0f)));
  overflow(fmt::format("fcvt_chk({}, -8)", F(128.0f)));
  overflow(fmt::format("fcvt_chk(0x7fc00000, -32)"));  // NaN
  // dcvt_chk(h, l, k) gives h: 2^31 - 0.5 converts to int; 2^31 does not.
  const uint64_t half = std::bit_cast<uint64_t>(2147483647.5);
  ok(fmt::format("dcvt_chk({}, -32)", D(2147483647.5)), static_cast<Word>(half >> 32));
  ok(fmt::format("dtoi(dcvt_chk({0}, -32), 0x{1:x})", D(-123.75), std::bit_cast<uint64_t>(-123.75) & 0xffffffffu), -123);
  overflow(fmt::format("dcvt_chk({}, -32)", D(2147483648.0)));
  overflow(fmt::format("dcvt_chk({}, 64)", D(-1.0)));
}

TEST_CASE("a failed fcvt_chk is the verdict integer-overflow naming the thread, the value and the type",
          "[semantics][overflow][conversion]") {
  const std::string text =
      "threads: 2;\ngroup: 0;\nglobal A[2];\nmain: {\n  local x, y;\n  x := rd(A, lid);\n"
      "  y := ftou(fcvt_chk(x, 32));\n  barrier;\n}\n";
  auto sim = start(text, {{"A", {std::bit_cast<int32_t>(2.5f), std::bit_cast<int32_t>(-1.5f)}}});
  const auto v = sim->run();
  CHECK(v.kind == VerdictKind::IntegerOverflow);
  CHECK(v.threads == std::vector<uint32_t>{1});
  CHECK(v.message == "thread 1 converts the float -1.5 to unsigned int (at 7:13): outside its range, undefined in C and C++");
}
