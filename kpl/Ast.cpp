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
    {BinaryOp::NswAdd, "nsw_add"}, {BinaryOp::NswSub, "nsw_sub"}, {BinaryOp::NswMul, "nsw_mul"},
    {BinaryOp::Addr64, "addr64"},
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
    {AtomicOp::Cas, "atomic_cas"}, {AtomicOp::FAdd, "atomic_fadd"},
    {AtomicOp::Add64, "atomic64_add"}, {AtomicOp::Sub64, "atomic64_sub"}, {AtomicOp::Exch64, "atomic64_exch"},
    {AtomicOp::Min64, "atomic64_min"}, {AtomicOp::Max64, "atomic64_max"}, {AtomicOp::UMin64, "atomic64_umin"},
    {AtomicOp::UMax64, "atomic64_umax"}, {AtomicOp::And64, "atomic64_and"}, {AtomicOp::Or64, "atomic64_or"},
    {AtomicOp::Xor64, "atomic64_xor"}, {AtomicOp::FAdd64, "atomic64_fadd"}, {AtomicOp::Cas64, "atomic64_cas"},
};
struct WideInfo {
  WideOp op;
  const char* name;
  unsigned arity;
};
// Indexed by the enumerator: the rows are in WideOp's order (checked by a unit test).
constexpr WideInfo kWideOps[] = {
    {WideOp::LAddLo, "ladd_lo", 4},
    {WideOp::LAddHi, "ladd_hi", 4},
    {WideOp::LSubLo, "lsub_lo", 4},
    {WideOp::LSubHi, "lsub_hi", 4},
    {WideOp::LMulLo, "lmul_lo", 4},
    {WideOp::LMulHi, "lmul_hi", 4},
    {WideOp::LDivLo, "ldiv_lo", 4},
    {WideOp::LDivHi, "ldiv_hi", 4},
    {WideOp::LRemLo, "lrem_lo", 4},
    {WideOp::LRemHi, "lrem_hi", 4},
    {WideOp::LUDivLo, "ludiv_lo", 4},
    {WideOp::LUDivHi, "ludiv_hi", 4},
    {WideOp::LURemLo, "lurem_lo", 4},
    {WideOp::LURemHi, "lurem_hi", 4},
    {WideOp::LAndLo, "land_lo", 4},
    {WideOp::LAndHi, "land_hi", 4},
    {WideOp::LOrLo, "lor_lo", 4},
    {WideOp::LOrHi, "lor_hi", 4},
    {WideOp::LXorLo, "lxor_lo", 4},
    {WideOp::LXorHi, "lxor_hi", 4},
    {WideOp::LNswAddLo, "lnsw_add_lo", 4},
    {WideOp::LNswAddHi, "lnsw_add_hi", 4},
    {WideOp::LNswSubLo, "lnsw_sub_lo", 4},
    {WideOp::LNswSubHi, "lnsw_sub_hi", 4},
    {WideOp::LNswMulLo, "lnsw_mul_lo", 4},
    {WideOp::LNswMulHi, "lnsw_mul_hi", 4},
    {WideOp::LShlLo, "lshl_lo", 3},
    {WideOp::LShlHi, "lshl_hi", 3},
    {WideOp::LAShrLo, "lashr_lo", 3},
    {WideOp::LAShrHi, "lashr_hi", 3},
    {WideOp::LLShrLo, "llshr_lo", 3},
    {WideOp::LLShrHi, "llshr_hi", 3},
    {WideOp::LEq, "leq", 4},
    {WideOp::LNe, "lne", 4},
    {WideOp::LLt, "llt", 4},
    {WideOp::LLe, "lle", 4},
    {WideOp::LGt, "lgt", 4},
    {WideOp::LGe, "lge", 4},
    {WideOp::LULt, "lult", 4},
    {WideOp::LULe, "lule", 4},
    {WideOp::LUGt, "lugt", 4},
    {WideOp::LUGe, "luge", 4},
    {WideOp::DAddLo, "dadd_lo", 4},
    {WideOp::DAddHi, "dadd_hi", 4},
    {WideOp::DSubLo, "dsub_lo", 4},
    {WideOp::DSubHi, "dsub_hi", 4},
    {WideOp::DMulLo, "dmul_lo", 4},
    {WideOp::DMulHi, "dmul_hi", 4},
    {WideOp::DDivLo, "ddiv_lo", 4},
    {WideOp::DDivHi, "ddiv_hi", 4},
    {WideOp::DMinLo, "dmin_lo", 4},
    {WideOp::DMinHi, "dmin_hi", 4},
    {WideOp::DMaxLo, "dmax_lo", 4},
    {WideOp::DMaxHi, "dmax_hi", 4},
    {WideOp::DLt, "dlt", 4},
    {WideOp::DLe, "dle", 4},
    {WideOp::DGt, "dgt", 4},
    {WideOp::DGe, "dge", 4},
    {WideOp::DEq, "deq", 4},
    {WideOp::DNe, "dne", 4},
    {WideOp::DNegLo, "dneg_lo", 2},
    {WideOp::DNegHi, "dneg_hi", 2},
    {WideOp::DAbsLo, "dabs_lo", 2},
    {WideOp::DAbsHi, "dabs_hi", 2},
    {WideOp::DSqrtLo, "dsqrt_lo", 2},
    {WideOp::DSqrtHi, "dsqrt_hi", 2},
    {WideOp::FToDLo, "ftod_lo", 1},
    {WideOp::FToDHi, "ftod_hi", 1},
    {WideOp::IToDLo, "itod_lo", 1},
    {WideOp::IToDHi, "itod_hi", 1},
    {WideOp::UToDLo, "utod_lo", 1},
    {WideOp::UToDHi, "utod_hi", 1},
    {WideOp::FToLLo, "ftol_lo", 1},
    {WideOp::FToLHi, "ftol_hi", 1},
    {WideOp::FToULLo, "ftoul_lo", 1},
    {WideOp::FToULHi, "ftoul_hi", 1},
    {WideOp::DToF, "dtof", 2},
    {WideOp::DToI, "dtoi", 2},
    {WideOp::DToU, "dtou", 2},
    {WideOp::LToF, "ltof", 2},
    {WideOp::ULToF, "ultof", 2},
    {WideOp::LToDLo, "ltod_lo", 2},
    {WideOp::LToDHi, "ltod_hi", 2},
    {WideOp::ULToDLo, "ultod_lo", 2},
    {WideOp::ULToDHi, "ultod_hi", 2},
    {WideOp::DToLLo, "dtol_lo", 2},
    {WideOp::DToLHi, "dtol_hi", 2},
    {WideOp::DToULLo, "dtoul_lo", 2},
    {WideOp::DToULHi, "dtoul_hi", 2},
    {WideOp::FCvtChk, "fcvt_chk", 2},
    {WideOp::DCvtChk, "dcvt_chk", 3},
    {WideOp::FCeil, "fceil", 1},
    {WideOp::FFloor, "ffloor", 1},
    {WideOp::FRound, "fround", 1},
    {WideOp::FTrunc, "ftrunc", 1},
    {WideOp::FRint, "frint", 1},
    {WideOp::FExp, "fexp", 1},
    {WideOp::FExp2, "fexp2", 1},
    {WideOp::FExp10, "fexp10", 1},
    {WideOp::FExpm1, "fexpm1", 1},
    {WideOp::FLog, "flog", 1},
    {WideOp::FLog2, "flog2", 1},
    {WideOp::FLog10, "flog10", 1},
    {WideOp::FLog1p, "flog1p", 1},
    {WideOp::FSin, "fsin", 1},
    {WideOp::FCos, "fcos", 1},
    {WideOp::FTan, "ftan", 1},
    {WideOp::FAsin, "fasin", 1},
    {WideOp::FAcos, "facos", 1},
    {WideOp::FAtan, "fatan", 1},
    {WideOp::FSinh, "fsinh", 1},
    {WideOp::FCosh, "fcosh", 1},
    {WideOp::FTanh, "ftanh", 1},
    {WideOp::FAsinh, "fasinh", 1},
    {WideOp::FAcosh, "facosh", 1},
    {WideOp::FAtanh, "fatanh", 1},
    {WideOp::FCbrt, "fcbrt", 1},
    {WideOp::FRsqrt, "frsqrt", 1},
    {WideOp::FErf, "ferf", 1},
    {WideOp::FErfc, "ferfc", 1},
    {WideOp::FLgamma, "flgamma", 1},
    {WideOp::FTgamma, "ftgamma", 1},
    {WideOp::FLogb, "flogb", 1},
    {WideOp::FPow, "fpow", 2},
    {WideOp::FAtan2, "fatan2", 2},
    {WideOp::FFmod, "ffmod", 2},
    {WideOp::FHypot, "fhypot", 2},
    {WideOp::FCopysign, "fcopysign", 2},
    {WideOp::FNextafter, "fnextafter", 2},
    {WideOp::FRemainder, "fremainder", 2},
    {WideOp::FFdim, "ffdim", 2},
    {WideOp::FLdexp, "fldexp", 2},
    {WideOp::FPown, "fpown", 2},
    {WideOp::FPowr, "fpowr", 2},
    {WideOp::FFma, "ffma", 3},
};
}  // namespace

const char* wideOpName(WideOp op) { return kWideOps[static_cast<size_t>(op)].name; }
std::optional<WideOp> wideOpNamed(std::string_view name) {
  for (const auto& w : kWideOps)
    if (name == w.name) return w.op;
  return std::nullopt;
}
unsigned wideOpArity(WideOp op) { return kWideOps[static_cast<size_t>(op)].arity; }

namespace {
struct AnnotOpInfo {
  AnnotOp op;
  const char* name;
  unsigned arity;
};
constexpr AnnotOpInfo kAnnotOps[] = {
    {AnnotOp::Enabled, "enabled", 0}, {AnnotOp::Pairs, "pairs", 1},  {AnnotOp::Other, "other", 1},
    {AnnotOp::RdAll, "rd_all", 1},    {AnnotOp::WrAll, "wr_all", 1}, {AnnotOp::LogOffset, "log_offset", 0},
    {AnnotOp::AtTaken, "at_taken", 2},
};
}  // namespace

const char* annotOpName(AnnotOp op) { return kAnnotOps[static_cast<size_t>(op)].name; }
std::optional<AnnotOp> annotOpNamed(std::string_view name) {
  for (const auto& a : kAnnotOps)
    if (name == a.name) return a.op;
  return std::nullopt;
}
unsigned annotOpArity(AnnotOp op) { return kAnnotOps[static_cast<size_t>(op)].arity; }
bool annotOpHasArray(AnnotOp op) { return op == AnnotOp::RdAll || op == AnnotOp::WrAll || op == AnnotOp::AtTaken; }

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
constexpr std::pair<AsyncOp, const char*> kAsyncOps[] = {
    {AsyncOp::Copy, "async_copy"}, {AsyncOp::Wait, "async_wait"}, {AsyncOp::ThreadCopy, "cp_async"},
    {AsyncOp::Commit, "cp_commit"}, {AsyncOp::ThreadWait, "cp_wait"},
};
}  // namespace

const char* asyncOpName(AsyncOp op) {
  for (auto [o, n] : kAsyncOps)
    if (o == op) return n;
  return "async_?";
}
std::optional<AsyncOp> asyncOpNamed(std::string_view name) {
  for (auto [o, n] : kAsyncOps)
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
    case ExprKind::WarpSize:
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
    case ExprKind::Shfl:
    case ExprKind::Ballot:
    case ExprKind::WarpSync:
    case ExprKind::WarpWidth:
      break;
    case ExprKind::Wide:
      if (a.wop != b.wop) return false;
      break;
    case ExprKind::Annot:
      if (a.aop != b.aop || a.name != b.name) return false;
      break;
  }
  if (a.operands.size() != b.operands.size()) return false;
  for (size_t i = 0; i < a.operands.size(); ++i)
    if (!sameExprPtr(a.operands[i], b.operands[i])) return false;
  return true;
}

ExprPtr cloneExpr(const Expr& e) {
  auto c = std::make_unique<Expr>();
  c->kind = e.kind;
  c->range = e.range;
  c->value = e.value;
  c->name = e.name;
  c->uop = e.uop;
  c->bop = e.bop;
  c->wop = e.wop;
  c->aop = e.aop;
  for (const ExprPtr& o : e.operands) c->operands.push_back(cloneExpr(*o));
  return c;
}

StmtPtr makePrivateIndex(Ident name, ExprPtr index, uint32_t size, SourceRange range) {
  const SourceRange at = index->range;
  auto lit = [&at](int32_t v) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::IntLit;
    e->range = at;
    e->value = v;
    return e;
  };
  auto bin = [&at](BinaryOp op, ExprPtr a, ExprPtr b) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::Binary;
    e->range = at;
    e->bop = op;
    e->operands.push_back(std::move(a));
    e->operands.push_back(std::move(b));
    return e;
  };
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::Assert;
  s->range = range;
  s->exprs.push_back(bin(BinaryOp::LogAnd, bin(BinaryOp::Ge, cloneExpr(*index), lit(0)),
                         bin(BinaryOp::Lt, cloneExpr(*index), lit(static_cast<int32_t>(size)))));
  s->exprs.push_back(std::move(index));
  s->privateIndex = Stmt::PrivateIndex{std::move(name), size};
  return s;
}

bool sameAst(const Stmt& a, const Stmt& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == StmtKind::Atomic && a.atomicOp != b.atomicOp) return false;
  if (a.kind == StmtKind::Async && a.asyncOp != b.asyncOp) return false;
  if (a.array2.has_value() != b.array2.has_value() || (a.array2 && !sameIdent(*a.array2, *b.array2))) return false;
  if (a.kind == StmtKind::Barrier && a.fence != b.fence) return false;
  if (a.ghost != b.ghost || a.candidate != b.candidate || a.every != b.every) return false;
  if (a.privateIndex.has_value() != b.privateIndex.has_value()) return false;
  if (a.privateIndex &&
      (a.privateIndex->size != b.privateIndex->size || !sameIdent(a.privateIndex->name, b.privateIndex->name)))
    return false;
  if (!sameIdents(a.names, b.names)) return false;
  if (!sameIdent(a.target, b.target)) return false;
  if (!sameIdent(a.target2, b.target2)) return false;
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
        x.unbounded != y.unbounded || x.global != y.global || x.constant != y.constant || x.runInit != y.runInit)
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
