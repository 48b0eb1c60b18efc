// Unit tests of the pretty-printer: exact output for small cases, and the round-trip
// property (print, re-parse, sameAst) on a set of programs including the figure-4 litmus
// kernel. Also checks that sameAst really tells different trees apart.
#include "kpl/Parser.h"
#include "kpl/Printer.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sdvmc::kpl;

namespace {

std::optional<Program> parseText(const std::string& text, std::string* errors = nullptr) {
  SourceFile file("t.kpl", text);
  DiagnosticEngine diags(&file);
  std::optional<Program> p = parseProgram(file, diags);
  if (errors)
    for (const Diagnostic& d : diags.diagnostics()) *errors += formatDiagnostic(d, &file);
  return p;
}

// Parses, prints, re-parses and compares; also checks that printing is a fixed point.
void roundTrip(const std::string& text) {
  INFO(text);
  std::string errors;
  std::optional<Program> first = parseText(text, &errors);
  INFO(errors);
  REQUIRE(first);
  std::string printed = printProgram(*first);
  INFO(printed);
  std::string errors2;
  std::optional<Program> second = parseText(printed, &errors2);
  INFO(errors2);
  REQUIRE(second);
  CHECK(sameAst(*first, *second));
  CHECK(printProgram(*second) == printed);
}

std::string printedExpr(const std::string& e) {
  auto p = parseText("threads: 1; group: 0; main: { local a, b, c, x; x := " + e + "; barrier; }");
  REQUIRE(p);
  return printExpr(*p->main->stmts[1]->exprs[0]);
}

const char* kFigure4 = R"(threads: 4;
group: 0;
shared A[8] = {0, 1, 2, 3, 0, 0, 0, 0};   // A[0][*] = 0..3, A[1][*] = 0
main: {
  local buf, x, y, i, j, t;
  x := lid == 0 ? 4 : 1;
  y := lid == 0 ? 1 : 4;
  buf := 0; i := 0;
  while (i < x) {
    j := 0;
    while (j < y) {
      barrier;
      t := rd(A, buf * 4 + (lid + 1) % 4);
      wr(A, (1 - buf) * 4 + lid, t);
      buf := 1 - buf;
      j := j + 1;
    }
    i := i + 1;
  }
  barrier;
}
)";

}  // namespace

TEST_CASE("expressions print with minimal parentheses", "[kpl][printer]") {
  CHECK(printedExpr("a - (b - c)") == "a - (b - c)");
  CHECK(printedExpr("(a - b) - c") == "a - b - c");
  CHECK(printedExpr("(a + b) * c") == "(a + b) * c");
  CHECK(printedExpr("a + (b * c)") == "a + b * c");
  CHECK(printedExpr("- -a") == "- -a");
  CHECK(printedExpr("-(5)") == "-5");
  CHECK(printedExpr("-(a + 1)") == "-(a + 1)");
  CHECK(printedExpr("!(a && b)") == "!(a && b)");
  CHECK(printedExpr("(a ? b : c) ? a : b") == "(a ? b : c) ? a : b");
  CHECK(printedExpr("a ? b : (c ? a : b)") == "a ? b : c ? a : b");
  CHECK(printedExpr("a + (b ? c : a)") == "a + (b ? c : a)");
  CHECK(printedExpr("0xFFFFFFFF") == "0xffffffff");
  CHECK(printedExpr("0x80000000 + 2147483647") == "0x80000000 + 2147483647");
  CHECK(printedExpr("true || false") == "true || false");
  CHECK(printedExpr("lid * gid") == "lid * gid");
  CHECK(printedExpr("a << (b >> c)") == "a << (b >> c)");
}

TEST_CASE("statements and programs print in the house layout", "[kpl][printer]") {
  auto p = parseText(
      "threads: 2; group: 1; shared A[3] = {-1, *, 0x7fffffff}; shared B[2];"
      "procedure f(a, b) { if (a) skip; else { wr(B, a, b); } }"
      "main: { local x; local y x := rd(A, 0); if (x) { skip; } else if (x) skip; barrier; }");
  REQUIRE(p);
  CHECK(printProgram(*p) ==
        "threads: 2;\n"
        "group: 1;\n"
        "shared A[3] = {-1, *, 2147483647};\n"
        "shared B[2];\n"
        "\n"
        "procedure f(a, b) {\n"
        "  if (a)\n"
        "    skip;\n"
        "  else {\n"
        "    wr(B, a, b);\n"
        "  }\n"
        "}\n"
        "\n"
        "main: {\n"
        "  local x;\n"
        "  local y\n"
        "    x := rd(A, 0);\n"
        "  if (x) {\n"
        "    skip;\n"
        "  } else if (x)\n"
        "    skip;\n"
        "  barrier;\n"
        "}\n");
  CHECK(printStmt(*p->main->stmts[0], 2) == "    local x;\n");
}

TEST_CASE("round trip: print then parse gives the same tree", "[kpl][printer]") {
  roundTrip(kFigure4);
  roundTrip("threads: 1; group: 0; main: barrier;");
  roundTrip("threads: 1; group: 0; main: { barrier(local); barrier(global); barrier(none); barrier; }");
  roundTrip("threads: 1; group: 0; main: {}");
  roundTrip("threads: 1; group: 0; main: local a; ");
  roundTrip("threads: 3; group: 7; shared A[2] = {-2147483648, *}; shared C[1] = {}; main: barrier;");
  roundTrip(
      "threads: 8; group: 0;\n"
      "procedure p(x, y, z) { local t; t := x - (y - z); wr(t, -x); return; }\n"
      "procedure q() { while (1) { if (lid) break; else continue; } }\n"
      "main: {\n"
      "  local a, b, c;\n"
      "  local d local e { a := - -b; c := ~!a; d := -(5); e := 0xffffffff; }\n"
      "  if (a) if (b) skip; else c := 1;\n"
      "  if (a) { if (b) skip; } else c := 1;\n"
      "  if (a) skip; else if (b) skip; else if (c) skip; else skip;\n"
      "  while (a) while (b) if (c) break;\n"
      "  a := a ? b ? 1 : 2 : c ? 3 : 4;\n"
      "  a := (a ? b : c) ? 1 : 2;\n"
      "  a := a || b && c | a ^ b & c == a < b << c + a * b;\n"
      "  a := ((((a || b) && c) | a) ^ b) & c;\n"
      "  a := a % (b / c) - (a - b) + (-a) * -b;\n"
      "  a := rd(mem, a + 1); wr(mem, a, b); a := rd(a);\n"
      "  p(a, b + 1, c ? 1 : 2); q();\n"
      "  assert(a != b); assume(a >= 0 && b <= 3);\n"
      "  barrier;\n"
      "}\n");
}

TEST_CASE("a tree the parser cannot build still prints with its meaning", "[kpl][printer]") {
  // if (a) { if (b) skip; } else skip;  but with the braces removed from the tree.
  auto p = parseText("threads: 1; group: 0; main: { local a, b; if (a) { if (b) skip; } else skip; barrier; }");
  REQUIRE(p);
  Stmt& outer = *p->main->stmts[1];
  StmtPtr inner = std::move(outer.stmts[0]->stmts[0]);
  outer.stmts[0] = std::move(inner);
  std::string text = printStmt(outer);
  CHECK(text == "if (a) {\n  if (b)\n    skip;\n} else\n  skip;\n");
}

TEST_CASE("sameAst tells different trees apart and ignores ranges", "[kpl][printer]") {
  auto a = parseText("threads: 1; group: 0; main: { local x; x := 1 - 2 - 3; barrier; }");
  auto b = parseText("threads: 1; group: 0;\n\n main: {local x;x:=(1-2)-3;barrier;}");
  auto c = parseText("threads: 1; group: 0; main: { local x; x := 1 - (2 - 3); barrier; }");
  auto d = parseText("threads: 2; group: 0; main: { local x; x := 1 - 2 - 3; barrier; }");
  auto e = parseText("threads: 1; group: 0; main: { local x; { x := 1 - 2 - 3; } barrier; }");
  auto f = parseText("threads: 1; group: 0; shared A[1] = {1}; main: { local x; x := 1 - 2 - 3; barrier; }");
  auto g = parseText("threads: 1; group: 0; shared A[1] = {*}; main: { local x; x := 1 - 2 - 3; barrier; }");
  auto h = parseText("threads: 1; group: 0; main: { local y; y := 1 - 2 - 3; barrier; }");
  REQUIRE((a && b && c && d && e && f && g && h));
  CHECK(sameAst(*a, *b));
  CHECK_FALSE(sameAst(*a, *c));
  CHECK_FALSE(sameAst(*a, *d));
  CHECK_FALSE(sameAst(*a, *e));
  CHECK_FALSE(sameAst(*a, *f));
  CHECK_FALSE(sameAst(*f, *g));
  CHECK_FALSE(sameAst(*a, *h));
  auto t = parseText("threads: 1; group: 0; main: { local x; x := true; barrier; }");
  auto one = parseText("threads: 1; group: 0; main: { local x; x := 1; barrier; }");
  REQUIRE((t && one));
  CHECK_FALSE(sameAst(*t, *one));  // BoolLit is not IntLit
  auto p1 = parseText("threads: 1; group: 0; procedure f(a) skip; main: barrier;");
  auto p2 = parseText("threads: 1; group: 0; procedure f(b) skip; main: barrier;");
  REQUIRE((p1 && p2));
  CHECK_FALSE(sameAst(*p1, *p2));
}

TEST_CASE("annotation builtins and ghost_rd print and parse back to the same tree", "[kpl][printer][annotations]") {
  const std::string src =
      "threads: 4;\ngroup: 0;\nshared A[8];\nmain: {\n  local x;\n  x := ghost_rd(A, lid);\n"
      "  assert(pairs(x != other(x) || other(enabled())));\n"
      "  assert(rd_all(A, log_offset() == lid) && !wr_all(A, 0));\n  candidate(x < 3);\n"
      "  assert(at_taken(A, lid + 1, x) || pairs(other(at_taken(A, 0, 1))));\n  barrier;\n}\n";
  roundTrip(src);
  std::optional<Program> p = parseText(src);
  REQUIRE(p);
  const std::string printed = printProgram(*p);
  CHECK(printed.find("x := ghost_rd(A, lid);") != std::string::npos);
  CHECK(printed.find("pairs(x != other(x) || other(enabled()))") != std::string::npos);
  CHECK(printed.find("candidate(x < 3);") != std::string::npos);
  // (extension) every { … } prints as written, also as a branch, and keeps its flag.
  const std::string every = "threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n  local x;\n  every {\n"
                            "    x := ghost_rd(A, lid);\n  }\n  if (lid == 0) every {\n    x := 1;\n  } else every {}\n"
                            "  assert(pairs(other(x) == x));\n  barrier;\n}\n";
  roundTrip(every);
  std::optional<Program> e = parseText(every);
  REQUIRE(e);
  CHECK(printProgram(*e).find("  every {\n    x := ghost_rd(A, lid);\n  }") != std::string::npos);
  CHECK(e->main->stmts[1]->every);
  CHECK_FALSE(e->main->stmts[0]->every);
}

TEST_CASE("private_index parses into an assert of e >= 0 && e < N and prints back", "[kpl][printer][private_index]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\nmain: {\n  local i;\n  i := lid + 1;\n  private_index(buf, i * 2, 4);\n"
      "  private_index(local, i, 0x10);\n  barrier;\n}\n";
  roundTrip(src);
  std::optional<Program> p = parseText(src);
  REQUIRE(p);
  const Stmt& s = *p->main->stmts[2];
  REQUIRE(s.kind == StmtKind::Assert);
  REQUIRE(s.privateIndex);
  CHECK(s.privateIndex->name.name == "buf");
  CHECK(s.privateIndex->size == 4);
  REQUIRE(s.exprs.size() == 2);
  CHECK(printExpr(*s.exprs[0]) == "i * 2 >= 0 && i * 2 < 4");
  CHECK(printExpr(*s.exprs[1]) == "i * 2");
  CHECK(printStmt(s) == "private_index(buf, i * 2, 4);\n");
  const Stmt& k = *p->main->stmts[3];
  REQUIRE(k.privateIndex);
  CHECK(k.privateIndex->name.name == "local");  // a KPL keyword as the label
  CHECK(k.privateIndex->size == 16);
  // Another label, size or index is another tree; a plain assert of the same condition too.
  auto other = [](const std::string& stmt) {
    return parseText("threads: 2;\ngroup: 0;\nmain: {\n  local i;\n  i := lid + 1;\n  " + stmt +
                     "\n  private_index(local, i, 0x10);\n  barrier;\n}\n");
  };
  for (const char* stmt : {"private_index(bif, i * 2, 4);", "private_index(buf, i * 2, 5);",
                           "private_index(buf, i * 3, 4);", "assert(i * 2 >= 0 && i * 2 < 4);"}) {
    INFO(stmt);
    auto q = other(stmt);
    REQUIRE(q);
    CHECK_FALSE(sameAst(*p, *q));
  }
}

TEST_CASE("private_index's bad forms are located errors", "[kpl][printer][private_index]") {
  auto errorOf = [](const std::string& stmt) {
    std::string errors;
    parseText("threads: 2;\ngroup: 0;\nparam k;\nmain: {\n  local i;\n" + stmt + "\n  barrier;\n}\n", &errors);
    return errors;
  };
  CHECK_THAT(errorOf("private_index(buf, i, k);"),
             Catch::Contains("t.kpl:6:23: error: the size of 'private_index' must be a number"));
  CHECK_THAT(errorOf("private_index(buf, i, -1);"), Catch::Contains("t.kpl:6:23: error:"));
  CHECK_THAT(errorOf("private_index(buf, i, 0);"),
             Catch::Contains("t.kpl:6:23: error: private array size 0 out of range (1 to 2147483647)"));
  CHECK_THAT(errorOf("private_index(buf, i, 2147483648);"),
             Catch::Contains("t.kpl:6:23: error: private array size 2147483648 out of range"));
  CHECK_THAT(errorOf("private_index(buf, i);"), Catch::Contains("t.kpl:6:21: error: expected"));
  CHECK_THAT(errorOf("private_index(3, i, 4);"), Catch::Contains("t.kpl:6:15: error: expected the private array's name"));
  CHECK_THAT(errorOf("private_index(buf, i, 4)"), Catch::Contains("t.kpl:6:25: error: expected ';'"));
}
