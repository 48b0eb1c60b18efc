// Robustness of the front end: whatever the bytes, parse (and, on success, verify and
// print) returns without crashing, looping or asserting. Truncations of a valid kernel,
// garbage, and random mutations of valid kernels.
#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>

using namespace sdvmc::kpl;

namespace {

const char* kKernel = R"(threads: 4;
group: 0;
shared A[8] = {0, 1, 2, 3, 0, 0, 0, *};   // figure 4
/* a procedure
   with two parameters */
procedure f(a, b) { local t; t := a ? -b : ~b; wr(A, t & 7, 0xff); if (t) return; }
main: {
  local buf, x, y, i, j, t;
  x := lid == 0 ? 4 : 1;
  buf := 0; i := 0;
  while (i < x) {
    j := 0;
    while (j < y) {
      barrier;
      t := rd(A, buf * 4 + (lid + 1) % 4);
      wr(A, (1 - buf) * 4 + lid, t);
      local k { k := !t; f(k, gid); }
      if (t >= 2 || t != 1 && true) break; else continue;
      j := j + 1;
    }
    i := i + 1;
  }
  assert(i == x); assume(false);
  barrier;
}
)";

// Runs the whole front end; on a successful parse, also checks the round trip.
void frontEnd(const std::string& text) {
  SourceFile file("r.kpl", text);
  DiagnosticEngine diags(&file);
  std::optional<Program> p = parseProgram(file, diags);
  CHECK(p.has_value() != diags.hasErrors());
  std::ostringstream rendered;
  diags.render(rendered);
  if (!p) return;
  verifyProgram(*p, diags);
  std::string printed = printProgram(*p);
  SourceFile file2("r2.kpl", printed);
  DiagnosticEngine diags2(&file2);
  std::optional<Program> q = parseProgram(file2, diags2);
  REQUIRE(q);
  CHECK(sameAst(*p, *q));
}

}  // namespace

TEST_CASE("the sample kernel parses, verifies and round-trips", "[kpl][parser]") {
  SourceFile file("r.kpl", kKernel);
  DiagnosticEngine diags(&file);
  std::optional<Program> p = parseProgram(file, diags);
  REQUIRE(p);
  CHECK(verifyProgram(*p, diags));
  frontEnd(kKernel);
}

TEST_CASE("every prefix of a valid kernel is handled", "[kpl][parser]") {
  std::string text = kKernel;
  size_t parsed = 0;
  for (size_t n = 0; n <= text.size(); ++n) {
    SourceFile file("r.kpl", text.substr(0, n));
    DiagnosticEngine diags(&file);
    std::optional<Program> p = parseProgram(file, diags);
    if (p) ++parsed;
    else CHECK(diags.hasErrors());
  }
  // Only the whole text (and the whole text less trailing space/comment) parses.
  CHECK(parsed >= 1);
  CHECK(parsed <= 3);
}

TEST_CASE("garbage bytes never crash the front end", "[kpl][parser]") {
  std::mt19937 rng(12345);
  for (int i = 0; i < 300; ++i) {
    std::string text(rng() % 200, '\0');
    for (char& c : text) c = static_cast<char>(rng() % 256);
    frontEnd(text);
  }
  frontEnd(std::string(1000, '\0'));
  frontEnd(std::string(1000, '}'));
  frontEnd(std::string(1000, ';'));
  frontEnd(std::string(5000, '('));
  frontEnd("threads: 1; group: 0; main: " + std::string(5000, '}'));
}

TEST_CASE("random mutations of a valid kernel never crash the front end", "[kpl][parser]") {
  std::mt19937 rng(777);
  const std::string base = kKernel;
  const std::string alphabet = "{}();,:=?*-+<>!~&|^ \n/x0";
  for (int i = 0; i < 2000; ++i) {
    std::string text = base;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text.erase(at, 1 + rng() % 5); break;
        case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        default: text[at] = alphabet[rng() % alphabet.size()]; break;
      }
    }
    frontEnd(text);
  }
}
