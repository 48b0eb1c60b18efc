// Atomics and votes (part of the Lowerer, Lowerer.h; rows of the builtin table, Builtins.cpp):
// the 32- and 64-bit atomics on KPL arrays (through a pointer with a run-time base, an if-chain
// over its arrays), and CUDA's __syncthreads_count/_and/_or, votes in a hidden shared array
// between two barriers.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Expr.h>

namespace sdvmc::clangfe::lowering {

ExprPtr Lowerer::atomic(const clang::CallExpr* c, const BuiltinInfo& fn, bool need) {
  kpl::SourceRange r = range(c);
  kpl::AtomicOp op = static_cast<kpl::AtomicOp>(fn.op);
  unsigned operands = fn.arity - 1;  // after the address
  if (c->getNumArgs() != operands + 1) {
    unsupported(c, "this form of atomic operation");
    return lit(0, r);
  }
  clang::QualType pt = c->getArg(0)->getType();
  if (!pt->isPointerType()) {
    unsupported(c, "an atomic operation without a pointer");
    return lit(0, r);
  }
  auto et = intType(pt->getPointeeType());
  if (!et || et->width != 32 || (et->isFloat && op != kpl::AtomicOp::Add && op != kpl::AtomicOp::Exch)) {
    unsupported(c, "an atomic operation on '" + pt->getPointeeType().getAsString() +
                       "' (32-bit integers; add and exchange on floats)");
    return lit(0, r);
  }
  if (et->isFloat && op == kpl::AtomicOp::Add) op = kpl::AtomicOp::FAdd;
  PtrVal p = pointer(c->getArg(0));
  std::vector<ExprPtr> vals;
  for (unsigned i = 1; i <= operands; ++i) vals.push_back(rvalue(c->getArg(i)));
  if (p.storage == -1) return lit(0, r);
  if (p.storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return lit(0, r);
  }
  checkFrame(p.storage, false, r);  // an atomic reads and writes its cell (__reads_from, __writes_to)
  checkFrame(p.storage, true, r);
  const Storage& s = storages_[static_cast<size_t>(p.storage)];
  if (!et->isSigned && op == kpl::AtomicOp::Min) op = kpl::AtomicOp::UMin;
  if (!et->isSigned && op == kpl::AtomicOp::Max) op = kpl::AtomicOp::UMax;
  if (operands == 0) vals.push_back(lit(1, r));  // OpenCL atomic_inc/dec: add or subtract 1
  if (s.kind == Storage::Kind::Dynamic) {
    Pending& pd = defer(Pending::Kind::Atomic, p.storage, std::move(p.offset), *et, r);
    pd.op = op;
    pd.operands = std::move(vals);
    pd.at = c->getBeginLoc();
    if (need) pd.target = temp();
    return need ? nameExpr(pd.target, r) : lit(0, r);
  }
  if (s.kind != Storage::Kind::Array) {
    unsupported(c, s.kind == Storage::Kind::View ? "an atomic operation through a view of narrower cells"
                                                 : "an atomic operation on private memory");
    return lit(0, r);
  }
  auto st = stmt(StmtKind::Atomic, r);
  st->atomicOp = op;
  st->array = kpl::Ident{s.array, r};
  st->exprs.push_back(std::move(p.offset));
  for (ExprPtr& v : vals) st->exprs.push_back(std::move(v));
  std::string t;
  if (need) {
    t = temp();
    st->target = kpl::Ident{t, r};
  }
  emit(std::move(st));
  return need ? nameExpr(t, r) : lit(0, r);
}

// A 64-bit atomic (CUDA's on (unsigned) long long and double, OpenCL's atom_OP on long and
// ulong): atomic64_OP on the element's two cells (low word first).
Val Lowerer::atomic64(const clang::CallExpr* c, const BuiltinInfo* fn, const std::string& name, bool need) {
  using kpl::AtomicOp;
  kpl::SourceRange r = range(c);
  std::optional<std::pair<AtomicOp, unsigned>> found;  // the operation, its operands after the address
  if (fn && fn->wideOp != kNoForm) found.emplace(static_cast<AtomicOp>(fn->wideOp), fn->arity - 1);
  if (!found || c->getNumArgs() != found->second + 1 || !c->getArg(0)->getType()->isPointerType()) {
    unsupported(c, "this form of 64-bit atomic operation ('" + name + "')");
    return zeroOf(true, r);
  }
  auto [op, operands] = *found;
  std::optional<IntType> et = wideType(c->getArg(0)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "an atomic operation on '" + c->getArg(0)->getType()->getPointeeType().getAsString() + "'");
    return zeroOf(true, r);
  }
  if (et->isFloat && op != AtomicOp::Add64 && op != AtomicOp::Exch64) {
    unsupported(c, "'" + name + "' on a double (only atomicAdd and exchange)");
    return zeroOf(true, r);
  }
  if (et->isFloat && op == AtomicOp::Add64) op = AtomicOp::FAdd64;
  if (!et->isSigned && op == AtomicOp::Min64) op = AtomicOp::UMin64;
  if (!et->isSigned && op == AtomicOp::Max64) op = AtomicOp::UMax64;
  PtrVal p = pointer(c->getArg(0));
  std::vector<Val> vals;
  for (unsigned i = 1; i <= operands; ++i) vals.push_back(wvalue(c->getArg(i)));
  if (operands == 0) vals.push_back(Val{lit(1, r), lit(0, r)});  // OpenCL atom_inc/dec: add or subtract 1
  if (p.storage == -1) return zeroOf(true, r);
  if (p.storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return zeroOf(true, r);
  }
  checkFrame(p.storage, false, r);  // an atomic reads and writes its cells (__reads_from, __writes_to)
  checkFrame(p.storage, true, r);
  const Storage& s = storages_[static_cast<size_t>(p.storage)];
  std::vector<ExprPtr> words;  // each operand's high word, then its low word
  for (Val& v : vals) {
    words.push_back(v.hi ? std::move(v.hi) : lit(0, r));
    words.push_back(std::move(v.lo));
  }
  std::string hi, lo;
  if (need) {
    hi = temp();
    lo = temp();
  }
  if (s.kind == Storage::Kind::Dynamic) {  // an if-chain over the pointer's arrays (finishDynamic)
    Pending& pd = defer(Pending::Kind::Atomic, p.storage, std::move(p.offset), *et, r);
    pd.op = op;
    pd.operands = std::move(words);
    pd.at = c->getBeginLoc();
    pd.target = hi;
    pd.target2 = lo;
    return need ? Val{nameExpr(lo, r), nameExpr(hi, r)} : zeroOf(true, r);
  }
  if (s.kind != Storage::Kind::Array) {
    unsupported(c, "an atomic operation on private memory");
    return zeroOf(true, r);
  }
  auto st = stmt(StmtKind::Atomic, r);
  st->atomicOp = op;
  st->array = kpl::Ident{s.array, r};
  st->exprs.push_back(std::move(p.offset));
  for (ExprPtr& w : words) st->exprs.push_back(std::move(w));
  if (need) {
    st->target = kpl::Ident{hi, r};
    st->target2 = kpl::Ident{lo, r};
  }
  emit(std::move(st));
  return need ? Val{nameExpr(lo, r), nameExpr(hi, r)} : zeroOf(true, r);
}

// __syncthreads_count/_and/_or(p): every thread writes its vote (p != 0) to its own cell of
// a hidden shared array, a barrier makes the votes visible, every thread reads the group's
// cells and counts, and a second barrier orders these reads before the next vote's writes.
ExprPtr Lowerer::syncVote(const clang::CallExpr* c, const BuiltinInfo& fn) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != fn.arity) {
    unsupported(c, "this form of " + std::string(fn.name));
    return lit(0, r);
  }
  ExprPtr vote = asBool(rvalue(c->getArg(0)), r);
  if (voteArray_.empty()) {
    kpl::ArrayDecl a;
    a.name = kpl::Ident{fresh("__sync_vote"), r};
    a.range = r;
    a.unbounded = true;  // a cell per thread of any group size (prove's too)
    voteArray_ = a.name.name;
    arrays_.push_back(std::move(a));
  }
  auto wr = stmt(StmtKind::Write, r);
  wr->array = kpl::Ident{voteArray_, r};
  wr->exprs.push_back(kindExpr(ExprKind::Lid, r));
  wr->exprs.push_back(std::move(vote));
  emit(std::move(wr));
  emitSimple(StmtKind::Barrier, r);
  emitBarrierInvariants();  // the call's barrier is the next barrier (their reads are not accesses)
  std::string count = newLocal("_votes"), i = newLocal("_vote_i");
  emitAssign(count, lit(0, r), r);
  emitAssign(i, lit(0, r), r);
  std::vector<StmtPtr> body = capture([&] {
    std::string t = temp();
    auto rd = stmt(StmtKind::Read, r);
    rd->target = kpl::Ident{t, r};
    rd->array = kpl::Ident{voteArray_, r};
    rd->exprs.push_back(nameExpr(i, r));
    emit(std::move(rd));
    emitAssign(count, bin(BinaryOp::Add, nameExpr(count, r), nameExpr(t, r), r), r);
    emitAssign(i, bin(BinaryOp::Add, nameExpr(i, r), lit(1, r), r), r);
  });
  emitWhile(bin(BinaryOp::Lt, nameExpr(i, r), groupSizeExpr(r), r), std::move(body), r);
  emitSimple(StmtKind::Barrier, r);
  switch (static_cast<Vote>(fn.op)) {
    case Vote::Count: return nameExpr(count, r);
    case Vote::And: return bin(BinaryOp::Eq, nameExpr(count, r), groupSizeExpr(r), r);
    case Vote::Or: break;
  }
  return bin(BinaryOp::Ne, nameExpr(count, r), lit(0, r), r);
}

}  // namespace sdvmc::clangfe::lowering
