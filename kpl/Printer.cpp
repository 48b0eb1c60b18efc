// The KPL pretty-printer. Parentheses are minimal: an operand is parenthesised exactly
// when its operator binds less tightly than its context demands (C's precedence table,
// left associative binaries, a right associative `?:`), so the printed text parses back
// to the same tree (sameAst). Statements are laid out one per line, two spaces per level.
//
// Two trees the parser cannot produce are still printed as programs with the same
// meaning: an `if` with an else whose then-branch ends in an else-less `if` (its then
// branch is braced, or the `else` would attach to the inner `if`), and a scoped `local`
// with several names (printed as nested scopes).
#include "kpl/Printer.h"

#include <cassert>
#include <fmt/format.h>

namespace sdvmc::kpl {

namespace {

// Precedence levels, loosest first; binaries use the parser's levels 1..10.
constexpr int kCondPrec = 0;
constexpr int kUnaryPrec = 11;
constexpr int kPrimaryPrec = 12;

int binaryPrec(BinaryOp op) {
  switch (op) {
    case BinaryOp::LogOr: return 1;
    case BinaryOp::LogAnd: return 2;
    case BinaryOp::BitOr: return 3;
    case BinaryOp::BitXor: return 4;
    case BinaryOp::BitAnd: return 5;
    case BinaryOp::Eq: case BinaryOp::Ne: return 6;
    case BinaryOp::Lt: case BinaryOp::Le: case BinaryOp::Gt: case BinaryOp::Ge: return 7;
    case BinaryOp::Shl: case BinaryOp::Shr: return 8;
    case BinaryOp::Add: case BinaryOp::Sub: return 9;
    case BinaryOp::Mul: case BinaryOp::Div: case BinaryOp::Rem: return 10;
    case BinaryOp::UDiv: case BinaryOp::URem: case BinaryOp::ULt: case BinaryOp::ULe:
    case BinaryOp::UGt: case BinaryOp::UGe: case BinaryOp::LShr:
    case BinaryOp::FAdd: case BinaryOp::FSub: case BinaryOp::FMul: case BinaryOp::FDiv: case BinaryOp::FMin:
    case BinaryOp::FMax: case BinaryOp::FLt: case BinaryOp::FLe: case BinaryOp::FGt: case BinaryOp::FGe:
    case BinaryOp::FEq: case BinaryOp::FNe:
    case BinaryOp::NswAdd: case BinaryOp::NswSub: case BinaryOp::NswMul: case BinaryOp::Addr64: return kPrimaryPrec;  // `udiv(a, b)`
  }
  return 1;
}

const char* binarySpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Rem: return "%";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::LogAnd: return "&&";
    case BinaryOp::LogOr: return "||";
    case BinaryOp::UDiv: case BinaryOp::URem: case BinaryOp::ULt: case BinaryOp::ULe:
    case BinaryOp::UGt: case BinaryOp::UGe: case BinaryOp::LShr:
    case BinaryOp::FAdd: case BinaryOp::FSub: case BinaryOp::FMul: case BinaryOp::FDiv: case BinaryOp::FMin:
    case BinaryOp::FMax: case BinaryOp::FLt: case BinaryOp::FLe: case BinaryOp::FGt: case BinaryOp::FGe:
    case BinaryOp::FEq: case BinaryOp::FNe:
    case BinaryOp::NswAdd: case BinaryOp::NswSub: case BinaryOp::NswMul: case BinaryOp::Addr64:
      return builtinOperatorName(op);
  }
  return "?";
}

const char* unarySpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::LogNot: return "!";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::FNeg: case UnaryOp::FAbs: case UnaryOp::FSqrt: case UnaryOp::IToF: case UnaryOp::UToF:
    case UnaryOp::FToI: case UnaryOp::FToU: return builtinUnaryName(op);
  }
  return "?";
}

int exprPrec(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLit:
    case ExprKind::BoolLit:
    case ExprKind::Lid:
    case ExprKind::Gid:
    case ExprKind::LocalSize:
    case ExprKind::NumGroups:
    case ExprKind::WarpSize:
    case ExprKind::Shfl:
    case ExprKind::Ballot:
    case ExprKind::WarpSync:
    case ExprKind::WarpWidth:
    case ExprKind::Name: return kPrimaryPrec;
    case ExprKind::Unary: return builtinUnaryName(e.uop) ? kPrimaryPrec : kUnaryPrec;
    case ExprKind::Binary: return binaryPrec(e.bop);
    case ExprKind::Cond: return kCondPrec;
    case ExprKind::Wide: return kPrimaryPrec;
    case ExprKind::Annot: return kPrimaryPrec;
  }
  return kCondPrec;
}

// Prints `e` in a context that needs precedence at least `ctx`.
void printExprIn(std::string& out, const Expr& e, int ctx) {
  bool parens = exprPrec(e) < ctx;
  if (parens) out += '(';
  switch (e.kind) {
    case ExprKind::IntLit:
      // A negative value can only come from a wrapped hex literal (`0xffffffff`): print
      // it the same way, since `-1` would parse as negation of 1.
      if (e.value < 0) out += fmt::format("0x{:x}", static_cast<uint32_t>(e.value));
      else out += std::to_string(e.value);
      break;
    case ExprKind::BoolLit: out += e.value != 0 ? "true" : "false"; break;
    case ExprKind::Lid: out += "lid"; break;
    case ExprKind::Gid: out += "gid"; break;
    case ExprKind::LocalSize: out += fmt::format("ldim({})", e.value); break;
    case ExprKind::NumGroups: out += fmt::format("ngroups({})", e.value); break;
    case ExprKind::WarpSize: out += "wsize()"; break;
    case ExprKind::Name: out += e.name; break;
    case ExprKind::Annot: {
      out += annotOpName(e.aop);
      out += '(';
      if (!e.name.empty()) out += e.operands.empty() ? e.name : e.name + ", ";
      for (size_t i = 0; i < e.operands.size(); ++i) {
        if (i) out += ", ";
        printExprIn(out, *e.operands[i], kCondPrec);
      }
      out += ')';
      break;
    }
    case ExprKind::Unary: {
      assert(e.operands.size() == 1 && "unary expression with one operand");
      if (const char* builtin = builtinUnaryName(e.uop)) {
        out += builtin;
        out += '(';
        printExprIn(out, *e.operands[0], kCondPrec);
        out += ')';
        break;
      }
      out += unarySpelling(e.uop);
      const Expr& x = *e.operands[0];
      // `- -x`, not `--x`, which reads as C's decrement.
      if (e.uop == UnaryOp::Neg && x.kind == ExprKind::Unary && x.uop == UnaryOp::Neg) out += ' ';
      printExprIn(out, x, kUnaryPrec);
      break;
    }
    case ExprKind::Binary: {
      assert(e.operands.size() == 2 && "binary expression with two operands");
      if (const char* builtin = builtinOperatorName(e.bop)) {
        out += builtin;
        out += '(';
        printExprIn(out, *e.operands[0], kCondPrec);
        out += ", ";
        printExprIn(out, *e.operands[1], kCondPrec);
        out += ')';
        break;
      }
      int p = binaryPrec(e.bop);
      printExprIn(out, *e.operands[0], p);
      out += ' ';
      out += binarySpelling(e.bop);
      out += ' ';
      printExprIn(out, *e.operands[1], p + 1);
      break;
    }
    case ExprKind::Cond:
      assert(e.operands.size() == 3 && "conditional with three operands");
      printExprIn(out, *e.operands[0], kCondPrec + 1);
      out += " ? ";
      printExprIn(out, *e.operands[1], kCondPrec);
      out += " : ";
      printExprIn(out, *e.operands[2], kCondPrec);
      break;
    case ExprKind::Wide:
    case ExprKind::Shfl:
    case ExprKind::Ballot:
    case ExprKind::WarpSync:
    case ExprKind::WarpWidth:
      out += e.kind == ExprKind::Shfl        ? "shfl"
             : e.kind == ExprKind::Ballot    ? "ballot"
             : e.kind == ExprKind::WarpSync  ? "wsync"
             : e.kind == ExprKind::WarpWidth ? "wwidth"
                                             : wideOpName(e.wop);
      out += '(';
      for (size_t i = 0; i < e.operands.size(); ++i) {
        if (i != 0) out += ", ";
        printExprIn(out, *e.operands[i], kCondPrec);
      }
      out += ')';
      break;
  }
  if (parens) out += ')';
}

void indentTo(std::string& out, int indent) { out.append(static_cast<size_t>(indent) * 2, ' '); }

// Whether `s`, printed, ends with an `if` that has no `else` (so an `else` after it would
// attach to that `if`).
bool endsWithOpenIf(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::If:
      return s.stmts.size() == 1 || endsWithOpenIf(*s.stmts[1]);
    case StmtKind::While:
    case StmtKind::LocalScoped:
      return !s.stmts.empty() && endsWithOpenIf(*s.stmts[0]);
    case StmtKind::Block:
    case StmtKind::LocalDecl:
    case StmtKind::Call:
    case StmtKind::Barrier:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Return:
    case StmtKind::Skip:
    case StmtKind::Assert:
    case StmtKind::Assume:
    case StmtKind::Assign:
    case StmtKind::Read:
    case StmtKind::Write:
    case StmtKind::Atomic:
    case StmtKind::Async:
      return false;
  }
  return false;
}

void printStmtAt(std::string& out, const Stmt& s, int indent);

// A sub-statement after `if (…)`, `else`, `while (…)` or `local x`: a block stays on the
// line, anything else goes on the next line, one level deeper.
void printSub(std::string& out, const Stmt& s, int indent) {
  if (s.kind == StmtKind::Block) {
    out += ' ';
    printStmtAt(out, s, indent);
  } else {
    out += '\n';
    indentTo(out, indent + 1);
    printStmtAt(out, s, indent + 1);
  }
}

void printArgs(std::string& out, const std::vector<ExprPtr>& args) {
  out += '(';
  for (size_t i = 0; i < args.size(); ++i) {
    if (i != 0) out += ", ";
    printExprIn(out, *args[i], kCondPrec);
  }
  out += ')';
}

// Prints `s` starting at the current position (already indented), without a final newline.
void printStmtAt(std::string& out, const Stmt& s, int indent) {
  switch (s.kind) {
    case StmtKind::Block:
      if (s.every) out += "every ";  // (extension) run by every thread of the group
      if (s.stmts.empty()) {
        out += "{}";
        break;
      }
      out += '{';
      for (const StmtPtr& c : s.stmts) {
        out += '\n';
        indentTo(out, indent + 1);
        printStmtAt(out, *c, indent + 1);
      }
      out += '\n';
      indentTo(out, indent);
      out += '}';
      break;
    case StmtKind::LocalDecl:
      out += "local ";
      for (size_t i = 0; i < s.names.size(); ++i) {
        if (i != 0) out += ", ";
        out += s.names[i].name;
      }
      out += ';';
      break;
    case StmtKind::LocalScoped: {
      assert(s.stmts.size() == 1 && !s.names.empty() && "local x S has a name and a scope");
      // Several names (not produced by the parser) nest: `local a local b S`.
      for (size_t i = 0; i + 1 < s.names.size(); ++i) out += "local " + s.names[i].name + ' ';
      out += "local " + s.names.back().name;
      printSub(out, *s.stmts[0], indent);
      break;
    }
    case StmtKind::If: {
      assert((s.stmts.size() == 1 || s.stmts.size() == 2) && s.exprs.size() == 1);
      out += "if (";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ')';
      const Stmt& then = *s.stmts[0];
      bool hasElse = s.stmts.size() == 2;
      if (hasElse && endsWithOpenIf(then)) {
        // Only for trees the parser cannot build: brace it so the `else` stays ours.
        out += " {\n";
        indentTo(out, indent + 1);
        printStmtAt(out, then, indent + 1);
        out += '\n';
        indentTo(out, indent);
        out += '}';
      } else {
        printSub(out, then, indent);
      }
      if (!hasElse) break;
      if (then.kind == StmtKind::Block || endsWithOpenIf(then)) {
        out += " else";
      } else {
        out += '\n';
        indentTo(out, indent);
        out += "else";
      }
      const Stmt& other = *s.stmts[1];
      if (other.kind == StmtKind::If) {
        out += ' ';
        printStmtAt(out, other, indent);
      } else {
        printSub(out, other, indent);
      }
      break;
    }
    case StmtKind::While:
      assert(s.stmts.size() == 1 && s.exprs.size() == 1);
      out += "while (";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ')';
      printSub(out, *s.stmts[0], indent);
      break;
    case StmtKind::Call:
      out += s.target.name;
      printArgs(out, s.exprs);
      out += ';';
      break;
    case StmtKind::Barrier:
      out += s.grid                   ? "barrier(grid);"
             : s.fence == kFenceAll     ? "barrier;"
             : s.fence == kFenceLocal  ? "barrier(local);"
             : s.fence == kFenceGlobal ? "barrier(global);"
                                       : "barrier(none);";
      break;
    case StmtKind::Break: out += "break;"; break;
    case StmtKind::Continue: out += "continue;"; break;
    case StmtKind::Return: out += "return;"; break;
    case StmtKind::Skip: out += "skip;"; break;
    case StmtKind::Assert:
    case StmtKind::Assume:
      if (s.privateIndex) {  // (extension) `private_index(NAME, e, N);`: exprs[0] is built from e
        assert(s.exprs.size() == 2);
        out += fmt::format("private_index({}, ", s.privateIndex->name.name);
        printExprIn(out, *s.exprs[1], kCondPrec);
        out += fmt::format(", {});", s.privateIndex->size);
        break;
      }
      assert(s.exprs.size() == 1);
      out += s.kind == StmtKind::Assume ? "assume(" : s.candidate ? "candidate(" : "assert(";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ");";
      break;
    case StmtKind::Assign:
      assert(s.exprs.size() == 1);
      out += s.target.name + " := ";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ';';
      break;
    case StmtKind::Read:
      assert(s.exprs.size() == 1);
      out += s.target.name + (s.ghost ? " := ghost_rd(" : " := rd(");
      if (s.array) out += s.array->name + ", ";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ");";
      break;
    case StmtKind::Write:
      assert(s.exprs.size() == 2);
      out += "wr(";
      if (s.array) out += s.array->name + ", ";
      printExprIn(out, *s.exprs[0], kCondPrec);
      out += ", ";
      printExprIn(out, *s.exprs[1], kCondPrec);
      out += ");";
      break;
    case StmtKind::Atomic:
      assert(s.array && s.exprs.size() >= 2);
      if (!s.target2.name.empty()) out += s.target.name + ", " + s.target2.name + " := ";
      else if (!s.target.name.empty()) out += s.target.name + " := ";
      out += atomicOpName(s.atomicOp);
      out += '(' + s.array->name;
      for (const ExprPtr& e : s.exprs) {
        out += ", ";
        printExprIn(out, *e, kCondPrec);
      }
      out += ");";
      break;
    case StmtKind::Async: {
      if (!s.target.name.empty()) out += s.target.name + " := ";
      out += asyncOpName(s.asyncOp);
      out += '(';
      // The arrays go back to their places: D first, S after doff (and dstride).
      const size_t src = s.asyncOp == AsyncOp::Copy ? 2 : 1;
      bool first = true;
      auto sep = [&] {
        if (!first) out += ", ";
        first = false;
      };
      if (s.array) {
        sep();
        out += s.array->name;
      }
      for (size_t i = 0; i < s.exprs.size(); ++i) {
        if (s.array2 && i == src) {
          sep();
          out += s.array2->name;
        }
        sep();
        printExprIn(out, *s.exprs[i], kCondPrec);
      }
      out += ");";
      break;
    }
  }
}

}  // namespace

std::string printExpr(const Expr& e) {
  std::string out;
  printExprIn(out, e, kCondPrec);
  return out;
}

std::string printStmt(const Stmt& s, int indent) {
  std::string out;
  indentTo(out, indent);
  printStmtAt(out, s, indent);
  out += '\n';
  return out;
}

std::string printProgram(const Program& p) {
  std::string out = fmt::format("threads: {};\ngroup: {};\n", p.threads, p.group);
  if (p.groups != 0) out += fmt::format("groups: {};\n", p.groups);
  for (const Ident& param : p.params) out += fmt::format("param {};\n", param.name);
  for (const ArrayDecl& a : p.arrays) {
    out += fmt::format("{}{} {}[", a.constant ? "const " : "", a.global ? "global" : "shared", a.name.name);
    if (!a.unbounded) out += std::to_string(a.size);
    out += ']';
    if (a.init) {
      out += " = {";
      for (size_t i = 0; i < a.init->size(); ++i) {
        if (i != 0) out += ", ";
        const std::optional<int32_t>& v = (*a.init)[i];
        const auto number = [&](int32_t x) {
          out += x < 0 ? fmt::format("-{}", 0u - static_cast<uint32_t>(x)) : std::to_string(x);
        };
        if (!v) {
          out += '*';
          if (i < a.runInit.size() && a.runInit[i]) number(*a.runInit[i]);  // `*V`: run starts it at V
        } else {
          number(*v);
        }
      }
      out += '}';
    }
    out += ";\n";
  }
  for (const Procedure& proc : p.procedures) {
    out += fmt::format("\nprocedure {}(", proc.name.name);
    for (size_t i = 0; i < proc.params.size(); ++i) {
      if (i != 0) out += ", ";
      out += proc.params[i].name;
    }
    out += ')';
    assert(proc.body && "a procedure has a body");
    printSub(out, *proc.body, 0);
    out += '\n';
  }
  out += "\nmain:";
  if (p.main) printSub(out, *p.main, 0);
  else out += " {}";
  out += '\n';
  return out;
}

}  // namespace sdvmc::kpl
