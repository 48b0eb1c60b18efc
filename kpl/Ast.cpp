// Structural equality of KPL trees, ignoring source ranges: two trees are the same when
// they would behave the same because they are built the same. The pretty-printer's
// round-trip property (print, re-parse, compare) is stated with it.
#include "kpl/Ast.h"

namespace sdvmc::kpl {

namespace {
constexpr std::pair<BinaryOp, const char*> kBuiltinOps[] = {
    {BinaryOp::UDiv, "udiv"}, {BinaryOp::URem, "urem"}, {BinaryOp::ULt, "ult"}, {BinaryOp::ULe, "ule"},
    {BinaryOp::UGt, "ugt"},   {BinaryOp::UGe, "uge"},   {BinaryOp::LShr, "lshr"},
    {BinaryOp::FAdd, "fadd"}, {BinaryOp::FSub, "fsub"}, {BinaryOp::FMul, "fmul"}, {BinaryOp::FDiv, "fdiv"},
    {BinaryOp::FMin, "fmin"}, {BinaryOp::FMax, "fmax"}, {BinaryOp::FLt, "flt"},   {BinaryOp::FLe, "fle"},
    {BinaryOp::FGt, "fgt"},   {BinaryOp::FGe, "fge"},   {BinaryOp::FEq, "feq"},   {BinaryOp::FNe, "fne"},
};
constexpr std::pair<UnaryOp, const char*> kBuiltinUnary[] = {
    {UnaryOp::FNeg, "fneg"}, {UnaryOp::FAbs, "fabs"}, {UnaryOp::FSqrt, "fsqrt"}, {UnaryOp::IToF, "itof"},
    {UnaryOp::UToF, "utof"}, {UnaryOp::FToI, "ftoi"}, {UnaryOp::FToU, "ftou"},
};
constexpr std::pair<AtomicOp, const char*> kAtomicOps[] = {
    {AtomicOp::Add, "atomic_add"}, {AtomicOp::Sub, "atomic_sub"},   {AtomicOp::Exch, "atomic_exch"},
    {AtomicOp::Min, "atomic_min"}, {AtomicOp::Max, "atomic_max"},   {AtomicOp::UMin, "atomic_umin"},
    {AtomicOp::UMax, "atomic_umax"}, {AtomicOp::And, "atomic_and"}, {AtomicOp::Or, "atomic_or"},
    {AtomicOp::Xor, "atomic_xor"}, {AtomicOp::Inc, "atomic_inc"},   {AtomicOp::Dec, "atomic_dec"},
    {AtomicOp::Cas, "atomic_cas"},
};
}  // namespace

const char* builtinOperatorName(BinaryOp op) {
  for (auto [o, n] : kBuiltinOps)
    if (o == op) return n;
  return nullptr;
}
std::optional<BinaryOp> builtinOperatorNamed(std::string_view name) {
  for (auto [o, n] : kBuiltinOps)
    if (name == n) return o;
  return std::nullopt;
}
const char* builtinUnaryName(UnaryOp op) {
  for (auto [o, n] : kBuiltinUnary)
    if (o == op) return n;
  return nullptr;
}
std::optional<UnaryOp> builtinUnaryNamed(std::string_view name) {
  for (auto [o, n] : kBuiltinUnary)
    if (name == n) return o;
  return std::nullopt;
}

const char* atomicOpName(AtomicOp op) {
  for (auto [o, n] : kAtomicOps)
    if (o == op) return n;
  return "atomic_?";
}
std::optional<AtomicOp> atomicOpNamed(std::string_view name) {
  for (auto [o, n] : kAtomicOps)
    if (name == n) return o;
  return std::nullopt;
}

namespace {

bool sameIdent(const Ident& a, const Ident& b) { return a.name == b.name; }

bool sameIdents(const std::vector<Ident>& a, const std::vector<Ident>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameIdent(a[i], b[i])) return false;
  return true;
}

bool sameExprPtr(const ExprPtr& a, const ExprPtr& b) {
  if (!a || !b) return !a && !b;
  return sameAst(*a, *b);
}

bool sameStmtPtr(const StmtPtr& a, const StmtPtr& b) {
  if (!a || !b) return !a && !b;
  return sameAst(*a, *b);
}

}  // namespace

bool sameAst(const Expr& a, const Expr& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ExprKind::IntLit:
    case ExprKind::BoolLit:
    case ExprKind::LocalSize:
    case ExprKind::NumGroups:
      if (a.value != b.value) return false;
      break;
    case ExprKind::Lid:
    case ExprKind::Gid:
      break;
    case ExprKind::Name:
      if (a.name != b.name) return false;
      break;
    case ExprKind::Unary:
      if (a.uop != b.uop) return false;
      break;
    case ExprKind::Binary:
      if (a.bop != b.bop) return false;
      break;
    case ExprKind::Cond:
      break;
  }
  if (a.operands.size() != b.operands.size()) return false;
  for (size_t i = 0; i < a.operands.size(); ++i)
    if (!sameExprPtr(a.operands[i], b.operands[i])) return false;
  return true;
}

bool sameAst(const Stmt& a, const Stmt& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == StmtKind::Atomic && a.atomicOp != b.atomicOp) return false;
  if (!sameIdents(a.names, b.names)) return false;
  if (!sameIdent(a.target, b.target)) return false;
  if (a.array.has_value() != b.array.has_value()) return false;
  if (a.array && !sameIdent(*a.array, *b.array)) return false;
  if (a.exprs.size() != b.exprs.size() || a.stmts.size() != b.stmts.size()) return false;
  for (size_t i = 0; i < a.exprs.size(); ++i)
    if (!sameExprPtr(a.exprs[i], b.exprs[i])) return false;
  for (size_t i = 0; i < a.stmts.size(); ++i)
    if (!sameStmtPtr(a.stmts[i], b.stmts[i])) return false;
  return true;
}

bool sameAst(const Program& a, const Program& b) {
  if (a.threads != b.threads || a.group != b.group || a.groups != b.groups) return false;
  if (!sameIdents(a.params, b.params)) return false;
  if (a.arrays.size() != b.arrays.size()) return false;
  for (size_t i = 0; i < a.arrays.size(); ++i) {
    const ArrayDecl& x = a.arrays[i];
    const ArrayDecl& y = b.arrays[i];
    if (!sameIdent(x.name, y.name) || x.size != y.size || x.init != y.init ||
        x.unbounded != y.unbounded || x.global != y.global)
      return false;
  }
  if (a.procedures.size() != b.procedures.size()) return false;
  for (size_t i = 0; i < a.procedures.size(); ++i) {
    const Procedure& x = a.procedures[i];
    const Procedure& y = b.procedures[i];
    if (!sameIdent(x.name, y.name) || !sameIdents(x.params, y.params)) return false;
    if (!sameStmtPtr(x.body, y.body)) return false;
  }
  return sameStmtPtr(a.main, b.main);
}

}  // namespace sdvmc::kpl
