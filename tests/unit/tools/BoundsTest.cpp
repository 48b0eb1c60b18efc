// Unit tests of the bound options every command shares (tools/sdvmc/Bounds.h): --threads,
// --group, --domain and --param as one value or a range A..B, and the messages of a
// mistake, which the commands print as `<command-line>` diagnostics.
#include "tools/sdvmc/Bounds.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sdvmc::tool;

namespace {

/// The range, or the message.
std::string bound(Bound b, const std::string& text, Values v, int64_t max = kMaxGroupSize) {
  std::string error;
  const std::optional<Range> r = parseBound(b, text, v, error, max);
  return r ? std::to_string(r->lo) + ".." + std::to_string(r->hi) : "error: " + error;
}

std::string param(const std::string& text, Values v) {
  std::string error;
  const std::optional<ParamBound> p = parseParam(text, {"n", "m"}, v, error);
  return p ? std::to_string(p->index) + ": " + std::to_string(p->values.lo) + ".." + std::to_string(p->values.hi)
           : "error: " + error;
}

}  // namespace

TEST_CASE("--threads: N or A..B group sizes within 1 .. the command's maximum", "[tools][bounds]") {
  CHECK(bound(Bound::Threads, "4", Values::Range) == "4..4");
  CHECK(bound(Bound::Threads, "1..8", Values::Range) == "1..8");
  CHECK(bound(Bound::Threads, "0x10", Values::One) == "16..16");
  CHECK(bound(Bound::Threads, "0", Values::Range) ==
        "error: --threads expects N or A..B with 1 <= A <= B <= 1048576, not '0'");
  CHECK(bound(Bound::Threads, "4..2", Values::Range) ==
        "error: --threads expects N or A..B with 1 <= A <= B <= 1048576, not '4..2'");
  CHECK(bound(Bound::Threads, "1048577", Values::Range).rfind("error:", 0) == 0);
  // A command that runs one configuration takes one value.
  CHECK(bound(Bound::Threads, "2..4", Values::One) == "error: --threads expects N with 1 <= N <= 1048576, not '2..4'");
  CHECK(bound(Bound::Threads, "abc", Values::One) == "error: --threads expects N with 1 <= N <= 1048576, not 'abc'");
  // prove --equiv's bounded search stops at 64.
  CHECK(bound(Bound::Threads, "1..64", Values::Range, 64) == "1..64");
  CHECK(bound(Bound::Threads, "1..65", Values::Range, 64) ==
        "error: --threads expects N or A..B with 1 <= A <= B <= 64, not '1..65'");
}

TEST_CASE("--group: ids within 0..2^31-1, a range of at most 1000001", "[tools][bounds]") {
  CHECK(bound(Bound::Group, "0", Values::One) == "0..0");
  CHECK(bound(Bound::Group, "2147483647", Values::One) == "2147483647..2147483647");
  CHECK(bound(Bound::Group, "3..5", Values::Range) == "3..5");
  CHECK(bound(Bound::Group, "0..1000000", Values::Range) == "0..1000000");
  CHECK(bound(Bound::Group, "0..1000001", Values::Range) ==
        "error: --group expects G or A..B within 0..2147483647, not '0..1000001'");
  CHECK(bound(Bound::Group, "3..1", Values::Range) == "error: --group expects G or A..B within 0..2147483647, not '3..1'");
  CHECK(bound(Bound::Group, "-1", Values::One) == "error: --group expects G within 0..2147483647, not '-1'");
  CHECK(bound(Bound::Group, "1..2", Values::One) == "error: --group expects G within 0..2147483647, not '1..2'");
}

TEST_CASE("--domain: LO..HI of 32-bit values, at most 65536 of them, in every command", "[tools][bounds]") {
  CHECK(bound(Bound::Domain, "0..1", Values::One) == "0..1");
  CHECK(bound(Bound::Domain, "-3..-1", Values::Range) == "-3..-1");
  CHECK(bound(Bound::Domain, "7", Values::One) == "7..7");
  CHECK(bound(Bound::Domain, "0..65535", Values::Range) == "0..65535");
  CHECK(bound(Bound::Domain, "0..65536", Values::Range) ==
        "error: --domain expects LO..HI (32-bit, at most 65536 values), not '0..65536'");
  CHECK(bound(Bound::Domain, "x", Values::One) == "error: --domain expects LO..HI (32-bit, at most 65536 values), not 'x'");
  CHECK(bound(Bound::Domain, "0..2147483648", Values::Range).rfind("error:", 0) == 0);
}

TEST_CASE("--param: NAME=V, or NAME=LO..HI where the command takes ranges", "[tools][bounds]") {
  CHECK(param("m=5", Values::One) == "1: 5..5");
  CHECK(param("n=-2147483648", Values::One) == "0: -2147483648..-2147483648");
  CHECK(param("n=4294967295", Values::One) == "0: 4294967295..4294967295");
  CHECK(param("n=1..3", Values::Range) == "0: 1..3");
  CHECK(param("n=1..3", Values::One) == "error: --param expects NAME=V with V a 32-bit integer, not 'n=1..3'");
  CHECK(param("n", Values::One) == "error: --param expects NAME=V with V a 32-bit integer, not 'n'");
  CHECK(param("n=4294967296", Values::One) ==
        "error: --param expects NAME=V with V a 32-bit integer, not 'n=4294967296'");
  CHECK(param("n=0..65536", Values::Range) ==
        "error: --param expects NAME=V or NAME=LO..HI (at most 65536 values), not 'n=0..65536'");
  CHECK(param("q=1", Values::Range) == "error: the kernel has no parameter 'q'");
  std::string error;
  CHECK_FALSE(parseParam("q=1", {}, Values::One, error));
  CHECK(error == "the kernel has no parameter 'q' (it takes none)");
}

TEST_CASE("one configuration: the kernel's threads and group where not given, parameters 0", "[tools][bounds]") {
  const char* argv[] = {"sdvmc", "run", "k.kpl", "--threads", "4", "--param", "m=0xffffffff"};
  const CommandLine cl(7, const_cast<char**>(argv));
  const BoundsReader read(cl, false, Values::One);
  BoundsArgs args;
  args.threads = "4";
  args.params = {"m=0xffffffff"};
  const std::optional<BoundsReader::Configuration> c = read.configuration(args, 2, 5, {"n", "m"});
  REQUIRE(c);
  CHECK(c->threads == 4);
  CHECK(c->group == 5);
  CHECK(c->domain == Range{0, 1});
  CHECK(c->params == std::vector<uint32_t>{0, 0xffffffffu});
  // A mistake is a diagnostic (on stderr) and no configuration.
  args.group = "1..2";
  CHECK_FALSE(read.configuration(args, 2, 5, {"n", "m"}));
}
