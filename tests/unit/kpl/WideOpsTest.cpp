// Unit tests of the 64-bit builtins' syntax (specs/KPL.md, "64-bit values"): the name /
// arity table of kpl/Ast.cpp is in WideOp's order, every builtin parses to ExprKind::Wide
// and prints back (round trip), a wrong argument count is a located error, the names stay
// usable as local names, and the verifier checks the count of a tree built by a frontend.
#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"

#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <set>
#include <string>

using namespace sdvmc::kpl;

namespace {

constexpr unsigned kWideCount = static_cast<unsigned>(WideOp::FFma) + 1;

struct Parsed {
  std::optional<Program> program;
  std::string errors;
};

Parsed parseText(const std::string& text) {
  SourceFile file("w.kpl", text);
  DiagnosticEngine diags(&file);
  Parsed out;
  out.program = parseProgram(file, diags);
  if (out.program && !verifyProgram(*out.program, diags)) out.program.reset();
  for (const Diagnostic& d : diags.diagnostics()) out.errors += formatDiagnostic(d, &file);
  return out;
}

std::string callOf(WideOp op, unsigned count) {
  std::string text = fmt::format("{}(", wideOpName(op));
  for (unsigned k = 0; k < count; ++k) text += fmt::format("{}{}", k ? ", " : "", k == 1 ? "lid" : std::to_string(k + 1));
  return text + ")";
}

const Expr& assigned(const Program& p) { return *p.main->stmts[1]->exprs[0]; }

}  // namespace

TEST_CASE("the 64-bit builtin table is in WideOp's order, names unique", "[kpl][wide]") {
  CHECK(kWideCount == 91 + 44);  // the 64-bit builtins (fcvt_chk, dcvt_chk last), then the float math functions
  std::set<std::string> names;
  for (unsigned i = 0; i < kWideCount; ++i) {
    const auto op = static_cast<WideOp>(i);
    const std::string name = wideOpName(op);
    INFO(name);
    CHECK(names.insert(name).second);
    REQUIRE(wideOpNamed(name));
    CHECK(*wideOpNamed(name) == op);  // row i is enumerator i
    CHECK(wideOpArity(op) >= 1);
    CHECK(wideOpArity(op) <= 4);
    // Builtins with a 64-bit result come as NAME_lo then NAME_hi, same arity.
    if (name.ends_with("_lo")) {
      REQUIRE(i + 1 < kWideCount);
      const auto next = static_cast<WideOp>(i + 1);
      CHECK(std::string(wideOpName(next)) == name.substr(0, name.size() - 3) + "_hi");
      CHECK(wideOpArity(next) == wideOpArity(op));
    }
  }
  CHECK_FALSE(wideOpNamed("ladd"));
  CHECK_FALSE(wideOpNamed("udiv"));
  // The groups of WideOp's comment.
  CHECK(wideOpArity(WideOp::LAddLo) == 4);
  CHECK(wideOpArity(WideOp::LXorHi) == 4);
  CHECK(wideOpArity(WideOp::LNswMulHi) == 4);
  CHECK(std::string(wideOpName(WideOp::LNswAddLo)) == "lnsw_add_lo");
  CHECK(wideOpArity(WideOp::LShlLo) == 3);
  CHECK(wideOpArity(WideOp::LLShrHi) == 3);
  CHECK(wideOpArity(WideOp::LUGe) == 4);
  CHECK(wideOpArity(WideOp::DMaxHi) == 4);
  CHECK(wideOpArity(WideOp::DNe) == 4);
  CHECK(wideOpArity(WideOp::DSqrtHi) == 2);
  CHECK(wideOpArity(WideOp::FToULHi) == 1);
  CHECK(wideOpArity(WideOp::ULToF) == 2);
  CHECK(wideOpArity(WideOp::DToULHi) == 2);
  CHECK(std::string(wideOpName(WideOp::LAddLo)) == "ladd_lo");
  CHECK(std::string(wideOpName(WideOp::DToULHi)) == "dtoul_hi");
  // The float math functions: 32 unary, 11 binary, ffma ternary.
  CHECK(wideOpArity(WideOp::FCeil) == 1);
  CHECK(wideOpArity(WideOp::FLogb) == 1);
  CHECK(wideOpArity(WideOp::FPow) == 2);
  CHECK(wideOpArity(WideOp::FPowr) == 2);
  CHECK(wideOpArity(WideOp::FFma) == 3);
  CHECK_FALSE(isFloatMath(WideOp::DToULHi));
  CHECK(isFloatMath(WideOp::FCeil));
  CHECK(std::string(wideOpName(WideOp::FExp10)) == "fexp10");
  CHECK(std::string(wideOpName(WideOp::FNextafter)) == "fnextafter");
  CHECK(std::string(wideOpName(WideOp::FFma)) == "ffma");
  CHECK_FALSE(wideOpNamed("fsqrt"));  // a unary operator, not in this table
}

TEST_CASE("every 64-bit builtin parses, prints and round-trips", "[kpl][wide][printer]") {
  for (unsigned i = 0; i < kWideCount; ++i) {
    const auto op = static_cast<WideOp>(i);
    const std::string call = callOf(op, wideOpArity(op));
    INFO(call);
    const std::string text = "threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  x := " + call + " + 1;\n  barrier;\n}\n";
    Parsed first = parseText(text);
    INFO(first.errors);
    REQUIRE(first.program);
    const Expr& sum = assigned(*first.program);
    REQUIRE(sum.kind == ExprKind::Binary);
    const Expr& e = *sum.operands[0];
    REQUIRE(e.kind == ExprKind::Wide);
    CHECK(e.wop == op);
    CHECK(e.operands.size() == wideOpArity(op));
    CHECK(e.range.begin.line == 5);
    CHECK(e.range.begin.col == 8);
    CHECK(printExpr(sum) == call + " + 1");
    const std::string printed = printProgram(*first.program);
    Parsed second = parseText(printed);
    REQUIRE(second.program);
    CHECK(sameAst(*first.program->main, *second.program->main));
    CHECK(printProgram(*second.program) == printed);
  }
}

TEST_CASE("operands of a 64-bit builtin are full expressions; different builtins differ", "[kpl][wide][printer]") {
  Parsed a = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n"
                       "  x := lmul_hi(lid < 1 ? 2 : 3, -lid, ladd_lo(1, 2, 3, 4), udiv(5, 6));\n  barrier;\n}\n");
  INFO(a.errors);
  REQUIRE(a.program);
  CHECK(printExpr(assigned(*a.program)) == "lmul_hi(lid < 1 ? 2 : 3, -lid, ladd_lo(1, 2, 3, 4), udiv(5, 6))");
  Parsed b = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n"
                       "  x := lmul_lo(lid < 1 ? 2 : 3, -lid, ladd_lo(1, 2, 3, 4), udiv(5, 6));\n  barrier;\n}\n");
  REQUIRE(b.program);
  CHECK_FALSE(sameAst(*a.program->main, *b.program->main));
}

TEST_CASE("a 64-bit builtin with the wrong number of arguments is a located error", "[kpl][wide][parser]") {
  Parsed p = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  x := 1 + ladd_lo(1, 2, 3);\n  barrier;\n}\n");
  CHECK_FALSE(p.program);
  CHECK(p.errors.find("w.kpl:5:12: error: 'ladd_lo' takes 4 arguments, not 3") != std::string::npos);
  Parsed q = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  x := ftod_hi(1, 2);\n  barrier;\n}\n");
  CHECK_FALSE(q.program);
  CHECK(q.errors.find("w.kpl:5:8: error: 'ftod_hi' takes 1 argument, not 2") != std::string::npos);
  Parsed r = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  x := dtof();\n  barrier;\n}\n");
  CHECK_FALSE(r.program);
  CHECK(r.errors.find("w.kpl:5:8: error: 'dtof' takes 2 arguments, not 0") != std::string::npos);
}

TEST_CASE("the 64-bit builtin names stay usable as local names", "[kpl][wide][parser]") {
  Parsed p = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local ladd_lo, dtof;\n"
                       "  ladd_lo := 3;\n  dtof := ladd_lo + ladd_lo(ladd_lo, 0, 0, dtof);\n  barrier;\n}\n");
  INFO(p.errors);
  REQUIRE(p.program);
  const Expr& e = *p.program->main->stmts[2]->exprs[0];
  REQUIRE(e.kind == ExprKind::Binary);
  CHECK(e.operands[0]->kind == ExprKind::Name);
  CHECK(e.operands[1]->kind == ExprKind::Wide);
  CHECK(printExpr(e) == "ladd_lo + ladd_lo(ladd_lo, 0, 0, dtof)");
}

TEST_CASE("the verifier checks the operand count of a 64-bit builtin built by a frontend", "[kpl][wide][verify]") {
  Parsed p = parseText("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  x := lsub_lo(1, 2, 3, 4);\n  barrier;\n}\n");
  REQUIRE(p.program);
  Expr& e = *p.program->main->stmts[1]->exprs[0];
  e.operands.pop_back();
  SourceFile file("w.kpl", "");
  DiagnosticEngine diags(&file);
  CHECK_FALSE(verifyProgram(*p.program, diags));
  REQUIRE(diags.diagnostics().size() == 1);
  CHECK(diags.diagnostics()[0].message == "'lsub_lo' takes 4 arguments, not 3");
}
