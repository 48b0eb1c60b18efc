// Unit tests of the KPL parser: every syntax form of kpl-language.md and the extensions,
// precedence and associativity, source ranges, error messages, recovery (several errors
// in one run) and the error cap.
#include "kpl/Parser.h"
#include "kpl/Printer.h"

#include <catch2/catch.hpp>

#include <ostream>
#include <string>

using namespace sdvmc::kpl;

namespace sdvmc::kpl {
// For Catch's messages.
std::ostream& operator<<(std::ostream& os, const SourceLoc& l) { return os << l.line << ':' << l.col; }
}  // namespace sdvmc::kpl

namespace {

struct Parsed {
  SourceFile file;
  DiagnosticEngine diags{&file};
  std::optional<Program> program;
};

std::unique_ptr<Parsed> parse(std::string text) {
  auto p = std::make_unique<Parsed>();
  p->file = SourceFile("t.kpl", std::move(text));
  p->program = parseProgram(p->file, p->diags);
  return p;
}

const std::string kHeader = "threads: 4;\ngroup: 0;\n";

// Parses `main: { <body> barrier; }` and returns it.
std::unique_ptr<Parsed> parseMain(const std::string& body) {
  return parse(kHeader + "main: {\n" + body + "\nbarrier;\n}\n");
}

// The expression of `x := <e>;` printed fully parenthesised, to check the tree's shape.
std::string shape(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLit: return std::to_string(e.value);
    case ExprKind::BoolLit: return e.value ? "T" : "F";
    case ExprKind::Lid: return "lid";
    case ExprKind::Gid: return "gid";
    case ExprKind::LocalSize: return "ldim(" + std::to_string(e.value) + ")";
    case ExprKind::NumGroups: return "ngroups(" + std::to_string(e.value) + ")";
    case ExprKind::Name: return e.name;
    case ExprKind::Annot: {
      std::string out = std::string(annotOpName(e.aop)) + "(" + e.name;
      for (size_t i = 0; i < e.operands.size(); ++i) out += (i || !e.name.empty() ? ", " : "") + shape(*e.operands[i]);
      return out + ")";
    }
    case ExprKind::WarpSize: return "wsize()";
    case ExprKind::Shfl:
    case ExprKind::Ballot:
    case ExprKind::WarpSync:
    case ExprKind::WarpWidth:
    case ExprKind::Wide: {
      std::string out = std::string(e.kind == ExprKind::Shfl        ? "shfl"
                                    : e.kind == ExprKind::Ballot    ? "ballot"
                                    : e.kind == ExprKind::WarpSync  ? "wsync"
                                    : e.kind == ExprKind::WarpWidth ? "wwidth"
                                                                    : wideOpName(e.wop)) + "(";
      for (size_t i = 0; i < e.operands.size(); ++i) out += (i ? ", " : "") + shape(*e.operands[i]);
      return out + ")";
    }
    case ExprKind::Unary: {
      const char* op = e.uop == UnaryOp::Neg ? "-" : e.uop == UnaryOp::LogNot ? "!" : "~";
      return std::string("(") + op + shape(*e.operands[0]) + ")";
    }
    case ExprKind::Binary: {
      // Print via the printer for the operator, but parenthesise ourselves.
      Expr copy;
      copy.kind = ExprKind::Binary;
      copy.bop = e.bop;
      auto a = std::make_unique<Expr>();
      a->kind = ExprKind::Name;
      a->name = "A";
      auto b = std::make_unique<Expr>();
      b->kind = ExprKind::Name;
      b->name = "B";
      copy.operands.push_back(std::move(a));
      copy.operands.push_back(std::move(b));
      std::string op = printExpr(copy);  // "A op B"
      op = op.substr(2, op.size() - 4);
      return "(" + shape(*e.operands[0]) + " " + op + " " + shape(*e.operands[1]) + ")";
    }
    case ExprKind::Cond:
      return "(" + shape(*e.operands[0]) + " ? " + shape(*e.operands[1]) + " : " +
             shape(*e.operands[2]) + ")";
  }
  return "?";
}

std::string exprShape(const std::string& expr) {
  auto p = parseMain("local x, a, b, c, d; x := " + expr + ";");
  INFO(expr);
  REQUIRE(p->program);
  const Stmt& assign = *p->program->main->stmts[1];
  REQUIRE(assign.kind == StmtKind::Assign);
  return shape(*assign.exprs[0]);
}

std::string firstError(const Parsed& p) {
  for (const Diagnostic& d : p.diags.diagnostics())
    if (d.severity == Severity::Error) return d.message;
  return "";
}

}  // namespace

TEST_CASE("header, arrays, procedures and main", "[kpl][parser]") {
  auto p = parse(
      "threads: 64; group: 4294967295;\n"
      "shared A[8];\n"
      "shared B[3] = {1, -2, *};\n"
      "procedure f() skip;\n"
      "procedure g(a, b, c) { skip; }\n"
      "main: barrier;\n");
  REQUIRE(p->program);
  const Program& prog = *p->program;
  CHECK(prog.file == "t.kpl");
  CHECK(prog.threads == 64);
  CHECK(prog.group == 4294967295u);
  CHECK(prog.threadsRange.begin == SourceLoc{1, 10});
  REQUIRE(prog.arrays.size() == 2);
  CHECK(prog.arrays[0].name.name == "A");
  CHECK(prog.arrays[0].size == 8);
  CHECK_FALSE(prog.arrays[0].init);
  REQUIRE(prog.arrays[1].init);
  CHECK(*prog.arrays[1].init == std::vector<std::optional<int32_t>>{1, -2, std::nullopt});
  CHECK(prog.arrays[1].initRange.begin == SourceLoc{3, 15});
  REQUIRE(prog.procedures.size() == 2);
  CHECK(prog.procedures[0].params.empty());
  REQUIRE(prog.procedures[1].params.size() == 3);
  CHECK(prog.procedures[1].params[2].name == "c");
  CHECK(prog.procedures[1].body->kind == StmtKind::Block);
  CHECK(prog.main->kind == StmtKind::Barrier);
  CHECK(prog.mainRange.begin == SourceLoc{6, 1});
}

TEST_CASE("header limits", "[kpl][parser]") {
  CHECK(parse("threads: 1048576; group: 0; main: barrier;")->program);
  auto zero = parse("threads: 0; group: 0; main: barrier;");
  CHECK_FALSE(zero->program);
  CHECK(firstError(*zero).find("thread count 0 out of range") == 0);
  CHECK_FALSE(parse("threads: 1048577; group: 0; main: barrier;")->program);
  CHECK_FALSE(parse("threads: 4; shared A[2]; main: barrier;")->program);
  CHECK_FALSE(parse("threads: 4; group: -1; main: barrier;")->program);
  auto big = parse("threads: 4; group: 0; shared A[2147483648]; main: barrier;");  // cells are Words
  CHECK_FALSE(big->program);
  CHECK(firstError(*big).find("array size 2147483648 out of range") == 0);
  CHECK_FALSE(parse("threads: 4; group: 0; shared A[0]; main: barrier;")->program);
  CHECK(parse("threads: 4; group: 0; shared A[2147483647]; main: barrier;")->program);  // stored sparsely
}

TEST_CASE("array initialisers: any count parses, '-N' wraps", "[kpl][parser]") {
  auto p = parse(kHeader + "shared A[4] = {1}; shared B[1] = {-2147483648, 0xFFFFFFFF, -0}; shared C[2] = {};\nmain: barrier;");
  REQUIRE(p->program);
  CHECK(p->program->arrays[0].init->size() == 1);
  CHECK(*p->program->arrays[1].init == std::vector<std::optional<int32_t>>{INT32_MIN, -1, 0});
  CHECK(p->program->arrays[2].init->empty());
  CHECK_FALSE(parse(kHeader + "shared A[2] = {1, x}; main: barrier;")->program);
  CHECK_FALSE(parse(kHeader + "shared A[2] = {1 2}; main: barrier;")->program);
}

TEST_CASE("every statement form", "[kpl][parser]") {
  auto p = parse(kHeader +
                 "shared A[4];\n"
                 "procedure f(p) { skip; }\n"
                 "main: {\n"
                 "  local a, b;\n"
                 "  local c skip;\n"
                 "  if (a) skip;\n"
                 "  if (a) { skip; } else skip;\n"
                 "  while (a < 3) { break; continue; }\n"
                 "  f(a + 1);\n"
                 "  barrier; return; skip;\n"
                 "  assert(a == 1); assume(b != 2);\n"
                 "  a := b * 2;\n"
                 "  a := rd(b);\n"
                 "  a := rd(A, b);\n"
                 "  wr(a, b);\n"
                 "  wr(A, a, b);\n"
                 "  f();\n"
                 "  f(1, 2, 3);\n"
                 "}\n");
  REQUIRE(p->program);
  const auto& s = p->program->main->stmts;
  std::vector<StmtKind> kinds;
  for (const auto& st : s) kinds.push_back(st->kind);
  using K = StmtKind;
  CHECK(kinds == std::vector<K>{K::LocalDecl, K::LocalScoped, K::If, K::If, K::While, K::Call,
                                K::Barrier, K::Return, K::Skip, K::Assert, K::Assume, K::Assign,
                                K::Read, K::Read, K::Write, K::Write, K::Call, K::Call});
  CHECK(s[0]->names.size() == 2);
  CHECK(s[0]->names[1].name == "b");
  CHECK(s[1]->names.size() == 1);
  REQUIRE(s[1]->stmts.size() == 1);
  CHECK(s[1]->stmts[0]->kind == K::Skip);
  CHECK(s[2]->stmts.size() == 1);
  CHECK(s[3]->stmts.size() == 2);
  CHECK(s[4]->stmts[0]->stmts.size() == 2);
  CHECK(s[5]->target.name == "f");
  CHECK(s[5]->exprs.size() == 1);
  CHECK(s[11]->target.name == "a");
  CHECK_FALSE(s[12]->array);
  REQUIRE(s[13]->array);
  CHECK(s[13]->array->name == "A");
  CHECK(s[13]->array->range.begin == SourceLoc{16, 11});
  CHECK(s[13]->exprs.size() == 1);
  CHECK_FALSE(s[14]->array);
  CHECK(s[14]->exprs.size() == 2);
  REQUIRE(s[15]->array);
  CHECK(s[15]->exprs.size() == 2);
  CHECK(s[16]->exprs.empty());
  CHECK(s[17]->exprs.size() == 3);
  // Ranges: `  a := rd(A, b);` is line 16, columns 3 to 16 (end is one past the ';').
  CHECK(s[13]->range.begin == SourceLoc{16, 3});
  CHECK(s[13]->range.end == SourceLoc{16, 17});
}

TEST_CASE("local: a list with ';' declares, a name followed by a statement scopes", "[kpl][parser]") {
  auto p = parseMain("local x local y { x := y; }\nlocal z while (1) skip;");
  REQUIRE(p->program);
  const Stmt& outer = *p->program->main->stmts[0];
  CHECK(outer.kind == StmtKind::LocalScoped);
  CHECK(outer.stmts[0]->kind == StmtKind::LocalScoped);
  CHECK(outer.stmts[0]->stmts[0]->kind == StmtKind::Block);
  CHECK(p->program->main->stmts[1]->kind == StmtKind::LocalScoped);
  CHECK_FALSE(parseMain("local a, b skip;")->program);
  CHECK_FALSE(parseMain("local;")->program);
}

TEST_CASE("dangling else binds to the nearest if", "[kpl][parser]") {
  auto p = parseMain("local a; if (a) if (a) skip; else barrier;");
  REQUIRE(p->program);
  const Stmt& outer = *p->program->main->stmts[1];
  REQUIRE(outer.stmts.size() == 1);
  CHECK(outer.stmts[0]->stmts.size() == 2);
}

TEST_CASE("rd/wr named forms need a plain name", "[kpl][parser]") {
  auto p = parseMain("local x; x := rd(x + 1, 2);");
  CHECK_FALSE(p->program);
  CHECK(firstError(*p) == "the array of 'rd(A, e)' must be a name");
  CHECK_FALSE(parseMain("wr((A), 1, 2);")->program);
  CHECK_FALSE(parseMain("wr(1);")->program);
  CHECK_FALSE(parseMain("wr(A, 1, 2, 3);")->program);
  CHECK_FALSE(parseMain("local x; x := rd();")->program);
  CHECK_FALSE(parseMain("local x; x := rd(1, 2, 3);")->program);
  CHECK_FALSE(parseMain("local x; x := rd(1) + 1;")->program);
  auto inExpr = parseMain("local x; x := 1 + rd(2);");
  CHECK_FALSE(inExpr->program);
  CHECK(firstError(*inExpr).find("'rd' must be the whole right-hand side") == 0);
}

TEST_CASE("C precedence", "[kpl][parser]") {
  CHECK(exprShape("a + b * c") == "(a + (b * c))");
  CHECK(exprShape("a * b + c") == "((a * b) + c)");
  CHECK(exprShape("a << b + c") == "(a << (b + c))");
  CHECK(exprShape("a < b << c") == "(a < (b << c))");
  CHECK(exprShape("a == b < c") == "(a == (b < c))");
  CHECK(exprShape("a & b == c") == "(a & (b == c))");
  CHECK(exprShape("a ^ b & c") == "(a ^ (b & c))");
  CHECK(exprShape("a | b ^ c") == "(a | (b ^ c))");
  CHECK(exprShape("a && b | c") == "(a && (b | c))");
  CHECK(exprShape("a || b && c") == "(a || (b && c))");
  CHECK(exprShape("a || b ? c : d") == "((a || b) ? c : d)");
  CHECK(exprShape("-a * b") == "((-a) * b)");
  CHECK(exprShape("!a == ~b") == "((!a) == (~b))");
  CHECK(exprShape("a % b / c") == "((a % b) / c)");
  CHECK(exprShape("a >= b > c <= d") == "(((a >= b) > c) <= d)");
  CHECK(exprShape("a != b == c") == "((a != b) == c)");
  CHECK(exprShape("a >> b << c") == "((a >> b) << c)");
}

TEST_CASE("associativity: binaries left, conditional right", "[kpl][parser]") {
  CHECK(exprShape("a - b - c") == "((a - b) - c)");
  CHECK(exprShape("a - (b - c)") == "(a - (b - c))");
  CHECK(exprShape("a / b / c") == "((a / b) / c)");
  CHECK(exprShape("a ? b : c ? d : a") == "(a ? b : (c ? d : a))");
  CHECK(exprShape("a ? b ? c : d : a") == "(a ? (b ? c : d) : a)");
  CHECK(exprShape("(a ? b : c) ? d : a") == "((a ? b : c) ? d : a)");
}

TEST_CASE("literals and atoms in expressions", "[kpl][parser]") {
  CHECK(exprShape("-5") == "(-5)");
  CHECK(exprShape("- -a") == "(-(-a))");
  CHECK(exprShape("--a") == "(-(-a))");
  CHECK(exprShape("0xFFFFFFFF") == "-1");
  CHECK(exprShape("-2147483648") == "(--2147483648)");
  CHECK(exprShape("true && false") == "(T && F)");
  CHECK(exprShape("lid + gid") == "(lid + gid)");
  CHECK(exprShape("((a))") == "a");
}

TEST_CASE("expression ranges", "[kpl][parser]") {
  auto p = parse(kHeader + "main: { local a; a := (a + 1) * 2; barrier; }");
  REQUIRE(p->program);
  const Expr& e = *p->program->main->stmts[1]->exprs[0];
  // `(a + 1) * 2` spans columns 23 to 33; a parenthesised operand includes its parentheses.
  CHECK(e.range.begin == SourceLoc{3, 23});
  CHECK(e.range.end == SourceLoc{3, 34});
  CHECK(e.operands[0]->range.begin == SourceLoc{3, 23});
  CHECK(e.operands[0]->range.end == SourceLoc{3, 30});
  CHECK(e.operands[0]->operands[0]->range.begin == SourceLoc{3, 24});
}

TEST_CASE("syntax error messages and locations", "[kpl][parser]") {
  auto p = parse(kHeader + "main: {\n  x := 1\n  barrier;\n}\n");
  CHECK_FALSE(p->program);
  REQUIRE(p->diags.errorCount() == 1);
  CHECK(p->diags.diagnostics()[0].message == "expected ';' after an assignment");
  CHECK(p->diags.diagnostics()[0].loc == SourceLoc{4, 9});  // right after `1`

  auto q = parse(kHeader + "main: {\n  x = 1;\n barrier; }");
  REQUIRE(q->diags.errorCount() == 1);
  CHECK(q->diags.diagnostics()[0].message == "expected ':=' or '(' after a name, found '='");
  CHECK(q->diags.diagnostics()[0].loc == SourceLoc{4, 5});

  auto r = parse(kHeader + "main: { else; barrier; }");
  CHECK(firstError(*r) == "expected a statement, found 'else'");

  auto s = parse("main: barrier;");
  CHECK(firstError(*s) == "expected 'threads', found 'main'");
  CHECK(s->diags.errorCount() == 1);  // then goes on with main

  auto t = parse(kHeader);
  CHECK(firstError(*t) == "expected 'main:' (every kernel has a main)");
  auto u = parse(kHeader + "main: barrier; skip;");
  CHECK(firstError(*u) == "expected end of file after main, found 'skip'");
  auto v = parse(kHeader + "main: barrier; procedure f() skip;");
  CHECK(firstError(*v) == "procedures must come before main");
  auto w = parse(kHeader + "procedure f() skip; shared A[1]; main: barrier;");
  CHECK(firstError(*w) == "'shared' declarations must come before procedures and main");
}

TEST_CASE("recovery: one run reports every syntax error", "[kpl][parser]") {
  auto p = parse(kHeader +
                 "shared A[4] = {1, ,};\n"          // line 3
                 "procedure f(a b) skip;\n"          // line 4
                 "procedure g(a) { a := ; skip; }\n" // line 5
                 "main: {\n"
                 "  local x;\n"
                 "  x := 1 +* 2;\n"                  // line 8
                 "  while (x <) { x := x + 1; }\n"   // line 9
                 "  if x skip;\n"                    // line 10
                 "  x := rd(A, );\n"                 // line 11
                 "  barrier;\n"
                 "}\n");
  CHECK_FALSE(p->program);
  std::vector<uint32_t> lines;
  for (const Diagnostic& d : p->diags.diagnostics()) lines.push_back(d.loc.line);
  CHECK(lines == std::vector<uint32_t>{3, 4, 5, 8, 9, 10, 11});
}

TEST_CASE("recovery resumes inside nested blocks", "[kpl][parser]") {
  auto p = parseMain("while (1) {\n  if (1) {\n x := ;\n  }\n y y;\n}\nz := ;");
  CHECK_FALSE(p->program);
  CHECK(p->diags.errorCount() == 3);
}

TEST_CASE("after 100 errors parsing stops with a note", "[kpl][parser]") {
  std::string body;
  for (int i = 0; i < 300; ++i) body += "x := ;\n";
  auto p = parseMain(body);
  CHECK_FALSE(p->program);
  CHECK(p->diags.errorCount() == 100);
  const Diagnostic& last = p->diags.diagnostics().back();
  CHECK(last.severity == Severity::Note);
  CHECK(last.message == "too many errors; stopping");
}

TEST_CASE("nesting too deep is an error, not a stack overflow", "[kpl][parser]") {
  for (const std::string& open : {std::string("("), std::string("-"), std::string("!")}) {
    std::string e;
    for (int i = 0; i < 100000; ++i) e += open;
    auto p = parseMain("local x; x := " + e + "1;");
    CHECK_FALSE(p->program);
    CHECK(firstError(*p).find("nesting too deep") == 0);
  }
  std::string blocks(100000, '{');
  auto b = parse(kHeader + "main: " + blocks);
  CHECK_FALSE(b->program);
  CHECK(firstError(*b).find("nesting too deep") == 0);
  std::string ifs;
  for (int i = 0; i < 50000; ++i) ifs += "if (1) ";
  CHECK_FALSE(parseMain(ifs + "skip;")->program);
  std::string locals;
  for (int i = 0; i < 50000; ++i) locals += "local x ";
  CHECK_FALSE(parseMain(locals + "skip;")->program);
  // Left-deep operator chains are flat to parse but deep as trees: limited too.
  std::string chain = "1";
  for (int i = 0; i < 100000; ++i) chain += "+1";
  auto c = parseMain("local x; x := " + chain + ";");
  CHECK_FALSE(c->program);
  CHECK(firstError(*c).find("nesting too deep") == 0);
  std::string conds;
  for (int i = 0; i < 100000; ++i) conds += "1 ? 1 : ";
  CHECK_FALSE(parseMain("local x; x := " + conds + "1;")->program);
  // Within the limit is fine.
  std::string ok = "1";
  for (int i = 0; i < 100; ++i) ok = "(" + ok + " + 1)";
  CHECK(parseMain("local x; x := " + ok + ";")->program);
}

TEST_CASE("barrier fence flags: barrier(local), barrier(global), barrier(none), lists", "[kpl][parser][fence]") {
  auto fenceOf = [](const std::string& stmt) -> int {
    auto p = parseMain(stmt);
    if (!p->program || p->diags.errorCount() != 0) return -1;
    return p->program->main->stmts[0]->fence;
  };
  CHECK(fenceOf("barrier;") == kFenceAll);
  CHECK(fenceOf("barrier(local);") == kFenceLocal);
  CHECK(fenceOf("barrier(global);") == kFenceGlobal);
  CHECK(fenceOf("barrier(none);") == 0);
  CHECK(fenceOf("barrier(global, local);") == kFenceAll);
  CHECK(fenceOf("barrier(none, local);") == -1);
  CHECK(fenceOf("barrier(shared);") == -1);
  CHECK(fenceOf("barrier();") == -1);
}
