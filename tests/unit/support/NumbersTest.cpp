// Unit tests of number parsing (support/Numbers.h): integers in decimal and hex, ranges,
// byte sizes, launch sizes.
#include "support/Numbers.h"

#include <catch2/catch.hpp>

#include <climits>

using namespace sdvmc::support;

TEST_CASE("integers: decimal, 0x hex, negative, within bounds", "[support][numbers]") {
  int64_t v = 0;
  CHECK((parseInteger("42", 0, 100, v) && v == 42));
  CHECK((parseInteger("0x1F", 0, 100, v) && v == 31));
  CHECK((parseInteger("-7", -10, 10, v) && v == -7));
  CHECK_FALSE(parseInteger("101", 0, 100, v));
  CHECK_FALSE(parseInteger("", 0, 100, v));
  CHECK_FALSE(parseInteger("4x", 0, 100, v));
  CHECK_FALSE(parseInteger("1234567890123456789", 0, INT64_MAX, v));
}

TEST_CASE("ranges: N or A..B, not empty", "[support][numbers]") {
  int64_t a = 0, b = 0;
  CHECK((parseRange("3", 1, 8, a, b) && a == 3 && b == 3));
  CHECK((parseRange("2..5", 1, 8, a, b) && a == 2 && b == 5));
  CHECK((parseRange("-2..-1", -8, 8, a, b) && a == -2 && b == -1));
  CHECK_FALSE(parseRange("5..2", 1, 8, a, b));
  CHECK_FALSE(parseRange("0..2", 1, 8, a, b));
  CHECK_FALSE(parseRange("1..", 1, 8, a, b));
}

TEST_CASE("byte sizes and launch sizes", "[support][numbers]") {
  uint64_t bytes = 0;
  CHECK((parseByteSize("512M", bytes) && bytes == 512ull << 20));
  CHECK((parseByteSize("4g", bytes) && bytes == 4ull << 30));
  CHECK_FALSE(parseByteSize("12Q", bytes));
  std::array<uint32_t, 3> dims{};
  unsigned count = 0;
  CHECK((parseDims("[4, 2]", dims, count) && count == 2 && dims == std::array<uint32_t, 3>{4, 2, 1}));
  CHECK((parseDims("8", dims, count) && count == 1 && dims == std::array<uint32_t, 3>{8, 1, 1}));
  CHECK_FALSE(parseDims("1,2,3,4", dims, count));
  CHECK_FALSE(parseDims("0", dims, count));
}
