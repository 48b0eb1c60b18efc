// Unit tests of the well-formedness checks: one test per rule, each checking the message
// and its line:col, plus a kernel with many errors reported in one run.
#include "kpl/Parser.h"
#include "kpl/Verify.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sdvmc::kpl;

namespace {

// Parses (which must succeed) and verifies; returns the errors as "line:col: message".
std::vector<std::string> verifyErrors(const std::string& text) {
  SourceFile file("v.kpl", text);
  DiagnosticEngine diags(&file);
  std::optional<Program> p = parseProgram(file, diags);
  INFO(text);
  REQUIRE(p);
  bool ok = verifyProgram(*p, diags);
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.diagnostics())
    if (d.severity == Severity::Error)
      out.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message);
  CHECK(ok == out.empty());
  return out;
}

using Errors = std::vector<std::string>;
const std::string H = "threads: 2;\ngroup: 0;\n";  // two lines

}  // namespace

TEST_CASE("a well-formed kernel has no error", "[kpl][verify]") {
  CHECK(verifyErrors(H +
                     "shared A[2] = {1, *};\n"
                     "procedure f(p, q) { local t; t := p + q; wr(A, t, 1); while (t) { t := t - 1; if (t) break; continue; } return; }\n"
                     "procedure g() { f(1, 2); }\n"
                     "main: { local a; { local b; b := 1; } { local b; b := rd(A, a); } local c g(); barrier; }\n")
            .empty());
  CHECK(verifyErrors(H + "main: { local x; x := rd(mem, 1); wr(mem, x, lid + gid); barrier; }").empty());
  CHECK(verifyErrors(H + "main: local x { x := 1; { barrier; } }").empty());
}

TEST_CASE("undeclared names", "[kpl][verify]") {
  CHECK(verifyErrors(H + "main: {\n  local a;\n  a := b + c;\n  barrier;\n}") ==
        Errors{"5:8: use of undeclared name 'b'", "5:12: use of undeclared name 'c'"});
  CHECK(verifyErrors(H + "main: { x := 1; barrier; }") ==
        Errors{"3:9: assignment to undeclared local 'x'"});
  CHECK(verifyErrors(H + "main: { x := rd(0); barrier; }") ==
        Errors{"3:9: assignment to undeclared local 'x'"});
  // A local's scope: the rest of the block, and only that.
  CHECK(verifyErrors(H + "main: { a := 1; local a; { local b; } b := a; barrier; }") ==
        Errors{"3:9: assignment to undeclared local 'a'", "3:39: assignment to undeclared local 'b'"});
  CHECK(verifyErrors(H + "main: { if (1) local a; a := 1; barrier; }") ==
        Errors{"3:25: assignment to undeclared local 'a'"});
  CHECK(verifyErrors(H + "main: { local x skip; x := 1; barrier; }") ==
        Errors{"3:23: assignment to undeclared local 'x'"});
  CHECK(verifyErrors(H + "procedure f(p) { wr(p, q); }\nmain: barrier;") ==
        Errors{"3:24: use of undeclared name 'q'"});
  CHECK(verifyErrors(H + "main: { assert(z); assume(z); f(z); barrier; }")[0] == "3:16: use of undeclared name 'z'");
}

TEST_CASE("unknown arrays", "[kpl][verify]") {
  CHECK(verifyErrors(H + "shared A[2];\nmain: { local x; x := rd(B, 0); wr(mem, 0, 1); barrier; }") ==
        Errors{"4:26: unknown array 'B'", "4:36: unknown array 'mem'"});
  CHECK(verifyErrors(H + "main: { wr(A, 0, 1); barrier; }") ==
        Errors{"3:12: unknown array 'A' (without 'shared' declarations the only memory is 'mem')"});
}

TEST_CASE("duplicates", "[kpl][verify]") {
  CHECK(verifyErrors(H + "shared A[1];\nshared A[2];\nmain: barrier;") ==
        Errors{"4:8: duplicate array 'A'"});
  CHECK(verifyErrors(H + "procedure f() skip;\nprocedure f() skip;\nmain: barrier;") ==
        Errors{"4:11: duplicate procedure 'f'"});
  CHECK(verifyErrors(H + "procedure f(a, b, a) skip;\nmain: barrier;") ==
        Errors{"3:19: duplicate parameter 'a'"});
  CHECK(verifyErrors(H + "main: { local a, b, a; barrier; }") ==
        Errors{"3:21: 'a' is declared twice in one 'local'"});
}

TEST_CASE("a local may not hide an enclosing local or parameter", "[kpl][verify]") {
  CHECK(verifyErrors(H + "main: { local a; { local a; } barrier; }") ==
        Errors{"3:26: local 'a' hides an enclosing local"});
  CHECK(verifyErrors(H + "main: { local a; local a; barrier; }") ==
        Errors{"3:24: local 'a' hides an enclosing local"});
  CHECK(verifyErrors(H + "main: local a local a barrier;") ==
        Errors{"3:21: local 'a' hides an enclosing local"});
  CHECK(verifyErrors(H + "procedure f(p) { while (1) { local p; } }\nmain: barrier;") ==
        Errors{"3:36: local 'p' hides an enclosing parameter"});
  // Sibling scopes may reuse a name.
  CHECK(verifyErrors(H + "main: { { local a; } { local a; } local b skip; local b skip; barrier; }").empty());
}

TEST_CASE("break, continue and return", "[kpl][verify]") {
  CHECK(verifyErrors(H + "main: { break; continue; while (1) { if (1) break; else continue; } barrier; }") ==
        Errors{"3:9: 'break' outside a loop", "3:16: 'continue' outside a loop"});
  CHECK(verifyErrors(H + "procedure f() { break; }\nmain: { while (1) f(); barrier; }") ==
        Errors{"3:17: 'break' outside a loop"});
  CHECK(verifyErrors(H + "main: { if (lid) return; barrier; }") == Errors{"3:18: 'return' in main"});
  CHECK(verifyErrors(H + "procedure f() return;\nmain: barrier;").empty());
}

TEST_CASE("main must end with barrier", "[kpl][verify]") {
  const Errors e{"3:1: main must end with 'barrier'"};
  CHECK(verifyErrors(H + "main: skip;") == e);
  CHECK(verifyErrors(H + "main: {}") == e);
  CHECK(verifyErrors(H + "main: { barrier; skip; }") == e);
  CHECK(verifyErrors(H + "main: { barrier; local a; }") == e);
  CHECK(verifyErrors(H + "main: { if (1) barrier; else barrier; }") == e);
  CHECK(verifyErrors(H + "main: { while (1) barrier; }") == e);
  CHECK(verifyErrors(H + "main: { skip; { local a barrier; } }").empty());
  CHECK(verifyErrors(H + "main: { { { barrier; } } }").empty());
}

TEST_CASE("a procedure may not assign its parameter", "[kpl][verify]") {
  Errors e = verifyErrors(H + "procedure f(p) {\n  p := 1;\n  p := rd(0);\n}\nmain: barrier;");
  REQUIRE(e.size() == 2);
  CHECK(e[0].find("4:3: procedure 'f' assigns its parameter 'p'") == 0);
  CHECK(e[1].find("5:3: procedure 'f' assigns its parameter 'p'") == 0);
}

TEST_CASE("calls: unknown procedure, wrong number of arguments", "[kpl][verify]") {
  CHECK(verifyErrors(H + "main: { g(1); barrier; }") == Errors{"3:9: call to unknown procedure 'g'"});
  CHECK(verifyErrors(H + "procedure f(a) skip;\nmain: { f(); f(1, 2); f(1); barrier; }") ==
        Errors{"4:9: procedure 'f' takes 1 argument but 0 were given",
               "4:14: procedure 'f' takes 1 argument but 2 were given"});
  CHECK(verifyErrors(H + "procedure f(a, b) skip;\nmain: { f(1); barrier; }") ==
        Errors{"4:9: procedure 'f' takes 2 arguments but 1 was given"});
}

TEST_CASE("a call to main is an error in a synthesised tree", "[kpl][verify]") {
  SourceFile file("m.kpl", H + "procedure f() g();\nprocedure g() skip;\nmain: barrier;");
  DiagnosticEngine diags(&file);
  std::optional<Program> p = parseProgram(file, diags);
  REQUIRE(p);
  p->procedures[0].body->target.name = "main";
  CHECK_FALSE(verifyProgram(*p, diags));
  REQUIRE(diags.errorCount() == 1);
  CHECK(diags.diagnostics()[0].message == "'main' cannot be called");
  CHECK(diags.diagnostics()[0].loc == SourceLoc{3, 15});
}

TEST_CASE("recursion is reported once per cycle, at a call of it", "[kpl][verify]") {
  CHECK(verifyErrors(H + "procedure f() {\n  f();\n}\nmain: { f(); barrier; }") ==
        Errors{"4:3: recursion: f -> f"});
  CHECK(verifyErrors(H +
                     "procedure f() { g(); }\n"    // 3
                     "procedure g() { h(); }\n"    // 4
                     "procedure h() { f(); k(); }\n"  // 5
                     "procedure k() { skip; }\n"
                     "procedure a() { b(); }\n"    // 7
                     "procedure b() { a(); }\n"
                     "main: barrier;") ==
        Errors{"3:17: recursion: f -> g -> h -> f", "7:17: recursion: a -> b -> a"});
  // A diamond is not a cycle.
  CHECK(verifyErrors(H + "procedure d() skip;\nprocedure b() d();\nprocedure c() d();\n"
                         "procedure a() { b(); c(); }\nmain: { a(); barrier; }")
            .empty());
}

TEST_CASE("array initialiser count must match the size", "[kpl][verify]") {
  CHECK(verifyErrors(H + "shared A[8] = {1, 2, 3};\nmain: barrier;") ==
        Errors{"3:15: array 'A' has 8 elements but its initialiser has 3"});
  CHECK(verifyErrors(H + "shared A[1] = {1, 2};\nmain: barrier;") ==
        Errors{"3:15: array 'A' has 1 element but its initialiser has 2"});
}

TEST_CASE("every error of a kernel is reported in one run", "[kpl][verify]") {
  Errors e = verifyErrors(H +
                          "shared A[2] = {1};\n"                 // 3
                          "procedure f(p) { p := q; f(p); }\n"   // 4
                          "main: {\n"                            // 5
                          "  local x, x;\n"                      // 6
                          "  y := rd(B, 0);\n"                   // 7
                          "  break;\n"                           // 8
                          "  return;\n"                          // 9
                          "  g(1);\n"                            // 10
                          "  f();\n"                             // 11
                          "}\n");
  CHECK(e == Errors{"3:15: array 'A' has 2 elements but its initialiser has 1",
                    "4:18: procedure 'f' assigns its parameter 'p' (parameters are passed by name and cannot be assigned)",
                    "4:23: use of undeclared name 'q'",
                    "6:12: 'x' is declared twice in one 'local'",
                    "7:3: assignment to undeclared local 'y'",
                    "7:11: unknown array 'B'",
                    "8:3: 'break' outside a loop",
                    "9:3: 'return' in main",
                    "10:3: call to unknown procedure 'g'",
                    "11:3: procedure 'f' takes 1 argument but 0 were given",
                    "5:1: main must end with 'barrier'",
                    "4:26: recursion: f -> f"});
}

TEST_CASE("main ends with a barrier that orders both memory spaces", "[kpl][verify][fence]") {
  CHECK(verifyErrors(H + "main: { barrier(local); barrier; }").empty());
  CHECK(verifyErrors(H + "main: { barrier(local, global); }").empty());
  for (const char* last : {"barrier(local);", "barrier(global);", "barrier(none);"}) {
    auto errs = verifyErrors(H + "main: { " + last + " }");
    REQUIRE(errs.size() == 1);
    CHECK(errs[0].find("orders both memory spaces") != std::string::npos);
  }
}

TEST_CASE("annotation builtins: other only inside pairs, log_offset only inside rd_all/wr_all, known arrays",
          "[kpl][verify][annotations]") {
  const std::string m = "main: {\n  local x;\n";  // lines 3, 4
  CHECK(verifyErrors(H + m + "  assert(other(x) == 0);\n  barrier;\n}\n") == Errors{"5:10: 'other' outside 'pairs'"});
  CHECK(verifyErrors(H + m + "  assert(pairs(pairs(x == other(x))));\n  barrier;\n}\n") ==
        Errors{"5:16: 'pairs' inside 'pairs'"});
  CHECK(verifyErrors(H + m + "  assert(log_offset() == 0);\n  barrier;\n}\n") ==
        Errors{"5:10: 'log_offset' outside 'rd_all' and 'wr_all'"});
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  assert(pairs(rd_all(A, other(log_offset()) == 0)));\n  barrier;\n}\n") ==
        Errors{"6:32: 'log_offset' outside 'rd_all' and 'wr_all'"});
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  assert(rd_all(B, 1));\n  barrier;\n}\n") ==
        Errors{"6:10: unknown array 'B'"});
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  assert(at_taken(B, 0, x));\n  barrier;\n}\n") ==
        Errors{"6:10: unknown array 'B'"});
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  assert(rd_all(A, at_taken(A, log_offset(), x)));\n  barrier;\n}\n")
            .empty());
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  x := ghost_rd(A, 0);\n  assert(pairs(rd_all(A, log_offset() == other(x))));\n  barrier;\n}\n")
            .empty());
  // (extension) every { … }: only what a disabled thread may run.
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  every {\n    local y;\n    y := ghost_rd(A, lid);\n"
                         "    if (y > 0) x := y; else x := 0;\n    assert(x >= 0);\n  }\n  barrier;\n}\n")
            .empty());
  CHECK(verifyErrors(H + "shared A[2];\n" + "main: {\n  local x;\n  every {\n    x := rd(A, lid);\n    barrier;\n"
                         "    assume(x > 0);\n    candidate(x > 0);\n  }\n  barrier;\n}\n") ==
        Errors{"7:5: rd (only ghost_rd) inside 'every' (it runs for disabled threads: only assignments, ghost_rd, if, "
               "assert and local declarations)",
               "8:5: barrier inside 'every' (it runs for disabled threads: only assignments, ghost_rd, if, assert and "
               "local declarations)",
               "9:5: assume inside 'every' (it runs for disabled threads: only assignments, ghost_rd, if, assert and "
               "local declarations)",
               "10:5: candidate inside 'every' (it runs for disabled threads: only assignments, ghost_rd, if, assert "
               "and local declarations)"});
}
