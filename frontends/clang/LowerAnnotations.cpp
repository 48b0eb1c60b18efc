// GPUVerify's annotation language (part of the Lowerer, Lowerer.h; rows of the builtin table,
// Builtins.cpp; declared by Headers.cpp). What each annotation means for an explicit-state
// checker is the table of frontends/clang/README.md, "GPUVerify's annotation language":
//  - an annotation's condition is lowered by annotCond: its memory reads are `ghost_rd` (not
//    accesses: no race, not in the logs), `__other_X(x)` makes the whole condition
//    `pairs(…)` over every ordered pair of threads of the group, `__read_offset(p)` and
//    `__read_implies(p, e)` an `rd_all(A, …)` over the thread's read log (KPL.md, "Annotations");
//  - __requires is `assume` in the kernel and `assert` in an inlined helper (a precondition of
//    the call); __ensures is `assert` where the function's body ends (__old_X taken at entry,
//    __return_val_X the result local); the `__global_` forms check every thread of the group,
//    disabled ones included; candidates are KPL's `candidate(e)` (one that does not hold is dropped,
//    never an error); barrier invariants are checked after their barrier.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/Lex/Lexer.h>
#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace sdvmc::clangfe::lowering {

namespace {
ExprPtr annotExpr(kpl::AnnotOp op, const std::string& array, ExprPtr operand, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Annot;
  e->aop = op;
  e->name = array;
  e->range = r;
  if (operand) e->operands.push_back(std::move(operand));
  return e;
}

std::string calleeName(const clang::CallExpr* c) {
  const clang::FunctionDecl* fd = c->getDirectCallee();
  return fd ? fd->getNameAsString() : std::string();
}

// The first __read_offset* / __write_offset* in e outside an __X_implies (which binds its own).
const clang::CallExpr* findOffset(const clang::Stmt* e) {
  if (!e) return nullptr;
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
    const std::string n = calleeName(c);
    if (n == "__read_implies" || n == "__write_implies") return nullptr;
    if (n.starts_with("__read_offset") || n.starts_with("__write_offset")) return c;
  }
  for (const clang::Stmt* ch : e->children())
    if (const clang::CallExpr* c = findOffset(ch)) return c;
  return nullptr;
}

// Whether e is GPUVerify's `__implies(__same_group(), ...)`, i.e. `!(__same_group()) || …`.
bool sameGroupGuarded(const clang::Expr* e) {
  const auto* o = llvm::dyn_cast<clang::BinaryOperator>(e->IgnoreParenImpCasts());
  if (!o || o->getOpcode() != clang::BO_LOr) return false;
  const auto* n = llvm::dyn_cast<clang::UnaryOperator>(o->getLHS()->IgnoreParenImpCasts());
  if (!n || n->getOpcode() != clang::UO_LNot) return false;
  const auto* c = llvm::dyn_cast<clang::CallExpr>(n->getSubExpr()->IgnoreParenImpCasts());
  return c && calleeName(c) == "__same_group";
}

void findOlds(const clang::Stmt* e, std::vector<const clang::CallExpr*>& out) {
  if (!e) return;
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e); c && calleeName(c).starts_with("__old_")) out.push_back(c);
  for (const clang::Stmt* ch : e->children()) findOlds(ch, out);
}
}  // namespace

ExprPtr Lowerer::annotation(const clang::CallExpr* c, Annotation a) {
  if (a < Annotation::Enabled) {
    annotationStmt(c, a);
    return lit(0, range(c));
  }
  return annotationValue(c, a);
}

ExprPtr Lowerer::annotCond(const clang::Expr* e) {
  kpl::SourceRange r = range(e);
  AnnotScope saved = annot_;
  annot_ = AnnotScope{};
  annot_.active = true;
  annot_.sameGroup = sameGroupGuarded(e);
  int logStorage = -1;
  if (const clang::CallExpr* off = findOffset(e)) {
    logStorage = annotArray(off->getArg(0), "__read_offset");
    annot_.logStorage = logStorage;
    annot_.logWrite = calleeName(off).starts_with("__write");
  }
  ++ghost_;
  ExprPtr v;
  std::vector<StmtPtr> reads = capture([&] { v = asBool(rvalue(e), r); });
  --ghost_;
  if (logStorage >= 0 && !reads.empty())
    unsupported(e, "an annotation that reads memory and uses __read_offset/__write_offset (the reads would need the offset)");
  if (annot_.otherReads && !reads.empty()) {
    // The other thread of a pair evaluates its reads too, enabled or not: every thread runs
    // them (KPL's `every`), each in its own view.
    if (!runsForEveryThread(e, reads, "an annotation whose __other_X reads memory")) {
      annot_ = saved;
      return lit(1, r);
    }
    reads = everyBlock(std::move(reads), r);
  }
  for (StmtPtr& s : reads) emit(std::move(s));
  if (logStorage >= 0)
    v = annotExpr(annot_.logWrite ? kpl::AnnotOp::WrAll : kpl::AnnotOp::RdAll, storages_[logStorage].array, std::move(v), r);
  if (annot_.pairs && annot_.twins) {
    // Several groups: a thread and its twin in another group, other(x) being the thread's own x.
    std::function<ExprPtr(const kpl::Expr&)> self = [&](const kpl::Expr& x) -> ExprPtr {
      if (x.kind == ExprKind::Annot && x.aop == kpl::AnnotOp::Other) return self(*x.operands[0]);
      ExprPtr y = clone(x);
      for (ExprPtr& o : y->operands)
        if (o) o = self(*o);
      return y;
    };
    ExprPtr twin = self(*v);
    v = bin(BinaryOp::LogAnd, annotExpr(kpl::AnnotOp::Pairs, "", std::move(v), r), std::move(twin), r);
  } else if (annot_.pairs) {
    v = annotExpr(kpl::AnnotOp::Pairs, "", std::move(v), r);
  }
  annot_ = saved;
  return v;
}

void Lowerer::annotationStmt(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  const std::string name = calleeName(c);
  // GPUVerify's --no-annotations / --only-requires (C's assert is code, not an annotation).
  using Mode = LaunchOptions::Annotations;
  if (launch_.annotations != Mode::All && name != "assert" &&
      !(launch_.annotations == Mode::RequiresOnly && (a == Annotation::Requires || a == Annotation::GlobalRequires)))
    return;
  // GPUVerify's --invariants-as-candidates.
  if (launch_.invariantsAsCandidates && name == "__invariant") return emitCandidate(annotCond(c->getArg(0)), r);
  if (launch_.invariantsAsCandidates && name == "__global_invariant") return emitGlobalCheck(c, StmtKind::Assert, true);
  if (launch_.invariantsAsCandidates && name == "__function_wide_invariant")
    return inst_->functionWideCandidates.push_back(c->getArg(0));
  switch (a) {
    case Annotation::Requires:
      // Assumed on entry to the kernel; at an inlined call, checked (GPUVerify's precondition).
      emitCheck(inst_->isKernel ? StmtKind::Assume : StmtKind::Assert, annotCond(c->getArg(0)), r);
      return;
    case Annotation::GlobalRequires:
      if (inst_->isKernel) emitCheck(StmtKind::Assume, annotCond(c->getArg(0)), r);  // every thread is enabled at entry
      else emitGlobalCheck(c, StmtKind::Assert);
      return;
    case Annotation::Ensures:
    case Annotation::GlobalEnsures:
      if (std::vector<const clang::CallExpr*> olds; findOlds(c->getArg(0), olds), !olds.empty() && !atFunctionEntry(c)) {
        unsupported(c, fmt::format("'{}' with __old_X after the start of the function's body (the values on entry "
                                   "are taken where it stands)",
                                   name));
        return;
      }
      takeOldValues(c->getArg(0));
      inst_->ensures.push_back(c);  // emitEnsures
      return;
    case Annotation::Assert:
      // C's assert is code: its reads are accesses (a device assert really reads memory).
      if (name == "assert") emitCheck(StmtKind::Assert, asBool(rvalue(c->getArg(0)), r), r);
      else emitCheck(StmtKind::Assert, annotCond(c->getArg(0)), r);
      return;
    case Annotation::GlobalAssert: emitGlobalCheck(c, StmtKind::Assert); return;
    case Annotation::Assume:
    case Annotation::Axiom: emitCheck(StmtKind::Assume, annotCond(c->getArg(0)), r); return;
    case Annotation::Candidate:
      // Checked without stopping the execution: one that does not hold is dropped (a note of run).
      if (name == "__function_wide_candidate_invariant") inst_->functionWideCandidates.push_back(c->getArg(0));
      else if (name == "__candidate_global_invariant") emitGlobalCheck(c, StmtKind::Assert, true);
      else emitCandidate(annotCond(c->getArg(0)), r);
      return;
    case Annotation::FunctionWide: inst_->functionWide.push_back(c->getArg(0)); return;
    case Annotation::BarrierInvariant:
    case Annotation::BarrierInvariantBinary:
      barrierInvariants_.emplace_back(c, a == Annotation::BarrierInvariantBinary);
      barrierInvariantsOf_ = inst_;
      return;
    case Annotation::NoEffect: return;
    case Annotation::FreshArray:
      // Every pointer parameter is an array of its own in sdvmc: it is always fresh.
      annotArray(c->getArg(0), name.c_str());
      return;
    case Annotation::Snapshot: arraySnapshot(c); return;
    case Annotation::Unsupported:
    default:
      if (name == "__reads_from" || name == "__writes_to") accessFrame(c, name == "__writes_to");
      else
        unsupported(c, fmt::format("GPUVerify's '{}' (sdvmc gives it no exact meaning)", name));
      return;
  }
}

void Lowerer::accessFrame(const clang::CallExpr* c, bool write) {
  // The function's frame (GPUVerify's modular contracts): checked at each access of its body.
  const std::string name = calleeName(c);
  if (!atFunctionEntry(c)) {
    unsupported(c, fmt::format("'{}' after the start of the function's body (a frame is declared where the body "
                               "starts, with the __requires)",
                               name));
    return;
  }
  const int s = annotArray(c->getArg(0), name.c_str());
  if (s < 0) return;
  Instance::AccessFrame& f = write ? inst_->writesTo : inst_->readsFrom;
  if (!f.declared) f.at = range(c).begin;
  f.declared = true;
  f.storages.insert(s);
  f.names.push_back(storages_[static_cast<size_t>(s)].cName);
}

void Lowerer::checkFrame(int storage, bool write, kpl::SourceRange r) {
  if (ghost_ > 0 || storage < 0) return;  // an annotation's read is not an access
  const Storage& st = storages_[static_cast<size_t>(storage)];
  if (st.kind == Storage::Kind::Private || st.kind == Storage::Kind::View) return;  // a view: at its cells' storage
  for (const Instance* in = inst_; in; in = in->caller) {
    const Instance::AccessFrame& f = write ? in->writesTo : in->readsFrom;
    if (!f.declared || f.storages.count(storage)) continue;
    const char* decl = write ? "__writes_to" : "__reads_from";
    const std::string fn = in->fn ? in->fn->getNameAsString() : std::string("the kernel");
    std::string names;
    for (const std::string& n : f.names) names += fmt::format("{}'{}'", names.empty() ? "" : ", ", n);
    if (st.kind == Storage::Kind::Dynamic) {
      // The target is known at run time: each branch of the access's if-chain over the
      // pointer's targets checks it (finishDynamic). The kernel's own frame is checked there as
      // for any access (inst_ is the kernel's then).
      if (in->isKernel) continue;
      frameChecks_.push_back(Pending::FrameCheck{
          f.storages, fmt::format("this {} of '{{}}' (where the pointer points there) is outside the frame of '{}' "
                                  "({} at line {} names {}): an assertion where it runs",
                                  write ? "write" : "read", fn, decl, f.at.line, names)});
      continue;
    }
    const std::string text = fmt::format("this {} of '{}' is outside the frame of '{}' ({} at line {} names {}): "
                                         "an assertion where it runs",
                                         write ? "write" : "read", st.cName, fn, decl, f.at.line, names);
    if (notes_.insert({r.begin.line * 65536u + r.begin.col, text}).second) diags_.note(r.begin, text);
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return;
  }
}

void Lowerer::emitCandidate(ExprPtr e, kpl::SourceRange r) {
  auto s = stmt(StmtKind::Assert, r);
  s->candidate = true;
  s->exprs.push_back(std::move(e));
  emit(std::move(s));
}

void Lowerer::emitGlobalCheck(const clang::CallExpr* c, StmtKind k, bool candidate) {
  kpl::SourceRange r = range(c);
  if (!inst_->isKernel) {
    // A disabled thread never assigns an inlined helper's parameters (GPUVerify passes them anyway).
    unsupported(c, fmt::format("'{}' in a helper function (disabled threads do not evaluate its parameters)", calleeName(c)));
    return;
  }
  std::vector<StmtPtr> reads;
  ExprPtr v;
  bool pairs = false;
  reads = capture([&] {
    v = annotCond(c->getArg(0));
    pairs = v->kind == ExprKind::Annot && v->aop == kpl::AnnotOp::Pairs;
  });
  if (pairs) {
    // Every thread i, enabled or not, against every other j: pairs inside pairs (KPL has one level).
    unsupported(c, fmt::format("'{}' of a condition that uses __other_X (a pair of every thread, enabled or not, "
                               "with every other would nest pairs)",
                               calleeName(c)));
    return;
  }
  if (!reads.empty()) {
    // Every thread evaluates the condition's reads, enabled or not, in its own view (KPL's
    // `every`): `other(v)` is then thread j's value.
    if (!runsForEveryThread(c, reads, fmt::format("'{}'", calleeName(c)))) return;
    reads = everyBlock(std::move(reads), r);
    for (StmtPtr& s : reads) emit(std::move(s));
  }
  ExprPtr others = annotExpr(kpl::AnnotOp::Pairs, "", annotExpr(kpl::AnnotOp::Other, "", clone(*v), r), r);
  ExprPtr all = bin(BinaryOp::LogAnd, std::move(v), std::move(others), r);
  if (candidate) emitCandidate(std::move(all), r);
  else emitCheck(k, std::move(all), r);
}

namespace {
// The first statement of `stmts` that cannot run for a disabled thread (KPL's `every` allows
// assignments, ghost_rd, if, assert and local declarations), or null.
const kpl::Stmt* notForEveryThread(const std::vector<StmtPtr>& stmts) {
  for (const StmtPtr& s : stmts) {
    if (!s) continue;
    switch (s->kind) {
      case StmtKind::Block: case StmtKind::LocalDecl: case StmtKind::LocalScoped: case StmtKind::If:
        if (const kpl::Stmt* bad = notForEveryThread(s->stmts)) return bad;
        break;
      case StmtKind::Assign: case StmtKind::Skip: break;
      case StmtKind::Read: if (!s->ghost) return s.get(); break;
      case StmtKind::Assert: if (s->candidate) return s.get(); break;
      default: return s.get();
    }
  }
  return nullptr;
}
}  // namespace

namespace {
const kpl::Expr* logOffsetIn(const kpl::Expr& e) {
  if (e.kind == ExprKind::Annot && e.aop == kpl::AnnotOp::LogOffset) return &e;
  for (const ExprPtr& o : e.operands)
    if (o)
      if (const kpl::Expr* x = logOffsetIn(*o)) return x;
  return nullptr;
}
}  // namespace

const kpl::Stmt* Lowerer::firstLogOffset(const std::vector<StmtPtr>& stmts) {
  for (const StmtPtr& s : stmts) {
    if (!s) continue;
    for (const ExprPtr& e : s->exprs)
      if (e && logOffsetIn(*e)) return s.get();
    if (const kpl::Stmt* x = firstLogOffset(s->stmts)) return x;
  }
  return nullptr;
}

bool Lowerer::runsForEveryThread(const clang::Stmt* at, const std::vector<StmtPtr>& stmts, const std::string& what) {
  const kpl::Stmt* bad = notForEveryThread(stmts);
  if (!bad) return true;
  const char* kind = bad->kind == StmtKind::While  ? "a loop"
                     : bad->kind == StmtKind::Assume ? "an assumption"
                     : bad->kind == StmtKind::Barrier ? "a barrier"
                                                      : "an access or a jump";
  unsupported(at, fmt::format("{}: evaluating it needs {} (from an inlined call; every thread evaluates it, enabled "
                              "or not, so only reads and arithmetic)",
                              what, kind));
  return false;
}

std::vector<StmtPtr> Lowerer::everyBlock(std::vector<StmtPtr> stmts, kpl::SourceRange r) {
  auto b = stmt(StmtKind::Block, r);
  b->every = true;
  b->stmts = std::move(stmts);
  std::vector<StmtPtr> out;
  out.push_back(std::move(b));
  return out;
}

bool Lowerer::atFunctionEntry(const clang::CallExpr* c) const {
  const auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(inst_->fn ? inst_->fn->getBody() : nullptr);
  if (!body) return false;
  for (const clang::Stmt* s : body->body()) {
    if (s == c) return true;
    const auto* call = llvm::dyn_cast<clang::CallExpr>(s);
    const BuiltinInfo* b = call ? findBuiltin(calleeName(call)) : nullptr;
    if (!b || b->kind != BuiltinKind::Annotation) return false;
  }
  return false;
}

void Lowerer::takeOldValues(const clang::Expr* e) {
  std::vector<const clang::CallExpr*> olds;
  findOlds(e, olds);
  for (const clang::CallExpr* o : olds) {
    kpl::SourceRange r = range(o);
    ++ghost_;
    ExprPtr v = rvalue(o->getArg(0));
    --ghost_;
    std::string t = newLocal("_old");
    emitAssign(t, std::move(v), r);
    olds_[o] = t;
  }
}

void Lowerer::emitEnsures() {
  for (const clang::Expr* e : inst_->ensures) {
    const auto* c = llvm::cast<clang::CallExpr>(e);
    if (calleeName(c) == "__global_ensures") emitGlobalCheck(c, StmtKind::Assert);
    else emitCheck(StmtKind::Assert, annotCond(c->getArg(0)), range(c));
  }
}

void Lowerer::emitFunctionWide() {
  if (!inst_) return;
  for (const clang::Expr* e : inst_->functionWide) emitCheck(StmtKind::Assert, annotCond(e), range(e));
  for (const clang::Expr* e : inst_->functionWideCandidates) emitCandidate(annotCond(e), range(e));
}

void Lowerer::emitBarrierInvariants() {
  if (barrierInvariants_.empty()) return;
  std::vector<std::pair<const clang::CallExpr*, bool>> pending = std::move(barrierInvariants_);
  barrierInvariants_.clear();
  for (auto [c, binary] : pending) {
    if (barrierInvariantsOf_ != inst_) {
      // Its names are the caller's: the next barrier is in another function's body.
      unsupported(c, "a barrier invariant whose next barrier is in another function");
      continue;
    }
    ExprPtr v = annotCond(c->getArg(0));
    if (binary && !(v->kind == ExprKind::Annot && v->aop == kpl::AnnotOp::Pairs))
      note(c->getBeginLoc(), "a binary barrier invariant without __other_X: checked for each thread alone");
    emitCheck(StmtKind::Assert, std::move(v), range(c));
  }
}

ExprPtr Lowerer::annotationValue(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  const std::string name = calleeName(c);
  switch (a) {
    case Annotation::Enabled: return annotExpr(kpl::AnnotOp::Enabled, "", nullptr, r);
    case Annotation::SameGroup: return lit(1, r);  // pairs are taken within the group
    case Annotation::ReturnVal:
      // A word result (a 64-bit, struct or vector result is not an int or a bool).
      if (inst_->result.empty() || inst_->isKernel || !inst_->resultHi.empty() || inst_->resultStorage >= 0) break;
      return nameExpr(inst_->result, r);
    case Annotation::Old: {
      auto it = olds_.find(c);
      if (it == olds_.end()) break;
      return nameExpr(it->second, r);
    }
    case Annotation::Other: case Annotation::Uniform: case Annotation::Distinct: case Annotation::All:
    case Annotation::Exclusive:
      return pairPredicate(c, a);
    case Annotation::Read: case Annotation::Write: case Annotation::NoRead: case Annotation::NoWrite:
    case Annotation::ReadImplies: case Annotation::WriteImplies: case Annotation::ReadOffset:
    case Annotation::WriteOffset: case Annotation::ReadOffsetBytes: case Annotation::WriteOffsetBytes:
      return accessPredicate(c, a);
    case Annotation::PtrBase: case Annotation::PtrOffset: case Annotation::PtrOffsetBytes: case Annotation::UniformPtrBase:
      return pointerPredicate(c, a);
    case Annotation::Accessed: case Annotation::NotAccessed: return accessedPredicate(c, a);
    case Annotation::AtomicTaken: return atomicTaken(c);
    case Annotation::AddNoOvfl: {
      // a + b, assuming it does not overflow: signed, the sign of the sum differs from both
      // operands' only on overflow; unsigned, the sum is below an operand only on overflow.
      ExprPtr x = snapshot(rvalue(c->getArg(0)), r);
      ExprPtr y = snapshot(rvalue(c->getArg(1)), r);
      ExprPtr sum = snapshot(add(clone(*x), clone(*y), r), r);
      ExprPtr ok = name == "__add_noovfl_int"
                       ? bin(BinaryOp::Ge,
                             bin(BinaryOp::BitAnd, bin(BinaryOp::BitXor, std::move(x), clone(*sum), r),
                                 bin(BinaryOp::BitXor, std::move(y), clone(*sum), r), r),
                             lit(0, r), r)
                       : bin(BinaryOp::UGe, clone(*sum), std::move(x), r);
      emitCheck(StmtKind::Assume, std::move(ok), r);
      return sum;
    }
    default: break;
  }
  unsupported(c, fmt::format("'{}' here (GPUVerify's __return_val_X and __old_X stand in an __ensures)", name));
  return lit(0, r);
}

const clang::Expr* Lowerer::groupDependentPart(const clang::Expr* e) const {
  // Stateless parts only: a local's value in another group's thread depends on the path that
  // thread took (a disabled thread keeps an older one), so no local counts, however assigned.
  if (!e) return nullptr;
  e = e->IgnoreParens();
  if (llvm::isa<clang::IntegerLiteral, clang::CharacterLiteral, clang::CXXBoolLiteralExpr, clang::FloatingLiteral,
                clang::UnaryExprOrTypeTraitExpr>(e))
    return nullptr;
  auto all = [&](std::initializer_list<const clang::Expr*> parts) -> const clang::Expr* {
    for (const clang::Expr* x : parts)
      if (const clang::Expr* d = groupDependentPart(x)) return d;
    return nullptr;
  };
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return groupDependentPart(c->getSubExpr());
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_Deref || u->getOpcode() == clang::UO_AddrOf)
      return e;
    return groupDependentPart(u->getSubExpr());
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (b->isAssignmentOp() || b->getOpcode() == clang::BO_Comma) return e;
    return all({b->getLHS(), b->getRHS()});
  }
  if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return all({c->getCond(), c->getTrueExpr(), c->getFalseExpr()});
  const clang::Expr* var = e;
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) var = m->getBase()->IgnoreParenImpCasts();
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(var)) {
    if (llvm::isa<clang::EnumConstantDecl>(d->getDecl())) return nullptr;
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (vd && vd->hasExternalStorage() && var != e) {  // CUDA's built-in variables
      const std::string n = vd->getNameAsString();
      return n == "threadIdx" || n == "blockDim" || n == "gridDim" ? nullptr : e;
    }
    const auto* pd = llvm::dyn_cast_or_null<clang::ParmVarDecl>(vd);
    // A kernel's scalar parameter that the kernel never assigns: one value in the launch.
    if (pd && var == e && inst_ && inst_->isKernel && pd->getDeclContext() == inst_->fn && !modified_.count(pd) &&
        !pd->getType()->isPointerType() && !pd->getType()->isReferenceType())
      return nullptr;
    return e;
  }
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
    const std::string n = calleeName(c);
    static const char* const kLocal[] = {"get_local_id", "get_local_size", "get_enqueued_local_size",
                                         "get_num_groups", "get_global_size", "get_work_dim", "get_global_offset"};
    if (std::find_if(std::begin(kLocal), std::end(kLocal), [&](const char* k) { return n == k; }) == std::end(kLocal))
      return e;
    for (const clang::Expr* a : c->arguments())
      if (const clang::Expr* d = groupDependentPart(a)) return d;
    return nullptr;
  }
  return e;
}

ExprPtr Lowerer::pairPredicate(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  if (!annot_.active) {
    unsupported(c, fmt::format("'{}' outside an annotation's condition", calleeName(c)));
    return lit(0, r);
  }
  if (launch_.numGroups[0] * launch_.numGroups[1] * launch_.numGroups[2] > 1 && !annot_.sameGroup) {
    // GPUVerify's pair may be of two groups; sdvmc pairs the threads of one group. Where the
    // operand's value at (g', l') is the one at (g, l') (it depends only on parameters, local
    // ids, sizes and constants), a pair across groups is a pair of one group, or a thread and
    // its twin (l' = l): annotCond adds the twins, `e[other(x) := x]`.
    if (const clang::Expr* part = groupDependentPart(c->getArg(0))) {
      std::string text = clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(part->getSourceRange()), sm_,
                                                     ctx_.getLangOpts())
                             .str();
      unsupported(c, fmt::format("'{}' with several groups of an operand that may differ between groups: '{}' (a "
                                 "group or global id, memory, or a variable that is assigned or not a kernel "
                                 "parameter; write the condition as __implies(__same_group(), ...) to pair the "
                                 "threads of one group only)",
                                 calleeName(c), text));
      return lit(0, r);
    }
    annot_.twins = true;
  }
  ExprPtr v;
  std::vector<StmtPtr> reads = capture([&] { v = rvalue(c->getArg(0)); });
  // Its reads: every thread runs them, enabled or not (annotCond wraps the condition's in `every`).
  if (!reads.empty()) annot_.otherReads = true;
  for (StmtPtr& s : reads) emit(std::move(s));
  annot_.pairs = true;
  const bool boolean = a == Annotation::All || a == Annotation::Exclusive || calleeName(c).ends_with("_bool");
  if (boolean) v = asBool(std::move(v), r);
  ExprPtr o = annotExpr(kpl::AnnotOp::Other, "", clone(*v), r);
  switch (a) {
    case Annotation::Other: return o;
    case Annotation::Uniform: return bin(BinaryOp::Eq, std::move(v), std::move(o), r);
    case Annotation::Distinct: return bin(BinaryOp::Ne, std::move(v), std::move(o), r);
    case Annotation::All: return bin(BinaryOp::LogAnd, std::move(v), std::move(o), r);
    default:  // Exclusive: no two threads both
      return un(UnaryOp::LogNot, bin(BinaryOp::LogAnd, std::move(v), std::move(o), r), r);
  }
}

int Lowerer::annotArray(const clang::Expr* p, const char* what) {
  PtrVal v;
  std::vector<StmtPtr> s = capture([&] { v = pointer(p->IgnoreParenImpCasts()); });  // not the cast to void*
  if (v.storage >= 0 && storages_[v.storage].kind == Storage::Kind::Array) {
    for (StmtPtr& x : s) emit(std::move(x));
    return v.storage;
  }
  if (v.storage != -1) unsupported(p, fmt::format("'{}' of a pointer that is not into one array known statically", what));
  return -1;
}

namespace {
bool isLogOffset(const kpl::Expr& e) { return e.kind == ExprKind::Annot && e.aop == kpl::AnnotOp::LogOffset; }
}  // namespace

ExprPtr Lowerer::accessPredicate(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  const std::string name = calleeName(c);
  const int s = annotArray(c->getArg(0), name.c_str());
  if (s < 0) return lit(0, r);
  const bool write = a == Annotation::Write || a == Annotation::NoWrite || a == Annotation::WriteImplies ||
                     a == Annotation::WriteOffset || a == Annotation::WriteOffsetBytes;
  const bool inLog = annot_.logStorage >= 0;
  const bool sameLog = inLog && annot_.logStorage == s && annot_.logWrite == write;
  const Storage& st = storages_[s];
  switch (a) {
    case Annotation::Read: case Annotation::Write: case Annotation::NoRead: case Annotation::NoWrite: {
      const bool negated = a == Annotation::NoRead || a == Annotation::NoWrite;
      if (sameLog) return lit(negated ? 0 : 1, r);  // inside rd_all(A, …) the thread has an entry
      if (inLog) break;
      ExprPtr none = annotExpr(write ? kpl::AnnotOp::WrAll : kpl::AnnotOp::RdAll, st.array, lit(0, r), r);
      return negated ? std::move(none) : un(UnaryOp::LogNot, std::move(none), r);
    }
    case Annotation::ReadImplies: case Annotation::WriteImplies: {
      if (inLog) break;
      AnnotScope saved = annot_;
      annot_.logStorage = s;
      annot_.logWrite = write;
  auto followOffset = [&](std::vector<StmtPtr>& stmts, ExprPtr& v, const std::set<std::string>& temps, int logged,
                          kpl::SourceRange r) -> bool {
    // The statements of an __X_implies condition that depend on the logged offset made
    // expressions of it (rd_all evaluates its operand once per offset): a temporary's assignment
    // is substituted into its uses; a ghost read of the logged array itself at exactly the offset
    // becomes a choice, by the offset, among ghost reads of each of its cells taken here (the
    // thread's view at the annotation; a logged offset is always one of its cells). Anything else
    // (a branch, a check, a read elsewhere, an array of more than 64 cells): false.
    const Storage& st = storages_[static_cast<size_t>(logged)];
    const kpl::ArrayDecl* decl = nullptr;
    for (const kpl::ArrayDecl& x : arrays_)
      if (x.name.name == st.array) decl = &x;
    std::map<std::string, ExprPtr> subst;
    std::function<ExprPtr(const kpl::Expr&)> sub = [&](const kpl::Expr& x) -> ExprPtr {
      if (x.kind == ExprKind::Name)
        if (auto it = subst.find(x.name); it != subst.end()) return clone(*it->second);
      ExprPtr y = clone(x);
      for (ExprPtr& o : y->operands)
        if (o) o = sub(*o);
      return y;
    };
    // A nested statement (a branch's) gets the substitutions too; one that then depends on the
    // offset, or assigns a substituted temporary, cannot follow it.
    std::function<bool(std::vector<StmtPtr>&)> nested = [&](std::vector<StmtPtr>& body) {
      for (StmtPtr& x : body) {
        if (!x) continue;
        for (ExprPtr& e : x->exprs)
          if (e) e = sub(*e);
        if (subst.count(x->target.name) || !nested(x->stmts)) return false;
      }
      return !firstLogOffset(body);
    };
    std::vector<StmtPtr> out;
    for (StmtPtr& s : stmts) {
      if (!s) continue;
      for (ExprPtr& e : s->exprs)
        if (e) e = sub(*e);
      const bool follows =
          std::any_of(s->exprs.begin(), s->exprs.end(), [&](const ExprPtr& e) { return e && logOffsetIn(*e); });
      if (!follows) {
        if (subst.count(s->target.name) || !nested(s->stmts)) return false;
        out.push_back(std::move(s));
        continue;
      }
      if (!s->stmts.empty() || !temps.count(s->target.name)) return false;
      if (s->kind == StmtKind::Assign && s->exprs.size() == 1) {
        subst[s->target.name] = std::move(s->exprs[0]);
        continue;
      }
      const bool cellRead = s->kind == StmtKind::Read && s->ghost && s->array && s->array->name == st.array &&
                            s->exprs.size() == 1 && isLogOffset(*s->exprs[0]);
      if (!cellRead || !decl || decl->unbounded || decl->size == 0 || decl->size > 64) return false;
      ExprPtr choice;
      for (uint32_t k = decl->size; k-- > 0;) {
        std::string cell = temp();
        auto rd = stmt(StmtKind::Read, r);
        rd->ghost = true;
        rd->target = kpl::Ident{cell, r};
        rd->array = kpl::Ident{st.array, r};
        rd->exprs.push_back(lit(k, r));
        out.push_back(std::move(rd));
        choice = !choice ? nameExpr(cell, r)
                         : cond(bin(BinaryOp::Eq, annotExpr(kpl::AnnotOp::LogOffset, "", nullptr, r), lit(k, r), r),
                                nameExpr(cell, r), std::move(choice), r);
      }
      subst[s->target.name] = std::move(choice);
    }
    v = sub(*v);
    stmts = std::move(out);
    return true;
  };

      ExprPtr v;
      const size_t localsBefore = locals_.size();
      std::vector<StmtPtr> reads = capture([&] { v = asBool(rvalue(c->getArg(1)), r); });
      annot_.logStorage = saved.logStorage;
      annot_.logWrite = saved.logWrite;
      const std::set<std::string> temps(locals_.begin() + static_cast<std::ptrdiff_t>(localsBefore), locals_.end());
      const kpl::Stmt* at = firstLogOffset(reads);
      const bool atRead = at && at->kind == StmtKind::Read;
      if (at && !followOffset(reads, v, temps, s, r)) {
        // The condition is evaluated once per logged offset inside rd_all/wr_all; its reads (and
        // the temporaries of 64-bit arithmetic) are statements before it, evaluated once, so
        // they cannot depend on the offset. Those that do not are exact where they stand.
        if (atRead)
          unsupported(c, fmt::format("'{}' whose condition reads memory at an expression of the logged offset "
                                     "(__read_offset/__write_offset) other than the logged array's own cell at the "
                                     "offset, of an array of at most 64 cells (the reads are evaluated once before it, "
                                     "not once per logged offset)",
                                     name));
        else
          unsupported(c, fmt::format("'{}' whose condition needs 64-bit arithmetic (under --target 64, sizeof and "
                                     "size_t make it 64-bit, and its lowering keeps temporaries that cannot follow the "
                                     "logged offset; --target 32, GPUVerify's 32-bit size_t, keeps it an expression)",
                                     name));
        return lit(0, r);
      }
      for (StmtPtr& x : reads) emit(std::move(x));
      return annotExpr(write ? kpl::AnnotOp::WrAll : kpl::AnnotOp::RdAll, st.array, std::move(v), r);
    }
    default: {  // the offsets
      if (!sameLog) break;
      if (st.elemBytes > 4) {
        unsupported(c, fmt::format("'{}' of an array of {}-byte elements", name, st.elemBytes));
        return lit(0, r);
      }
      ExprPtr off = annotExpr(kpl::AnnotOp::LogOffset, "", nullptr, r);
      return name.ends_with("_bytes") ? mul(std::move(off), static_cast<int64_t>(st.elemBytes), r) : std::move(off);
    }
  }
  unsupported(c, fmt::format("'{}' inside an annotation over another array's or log's offsets", name));
  return lit(0, r);
}

ExprPtr Lowerer::pointerPredicate(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  PtrVal v = pointer(c->getArg(0)->IgnoreParenImpCasts());
  if (v.storage < 0 || storages_[v.storage].kind == Storage::Kind::Private) {
    if (v.storage >= -1) unsupported(c, fmt::format("'{}' of this pointer", calleeName(c)));
    return lit(0, r);
  }
  const Storage& st = storages_[v.storage];
  const bool dynamic = st.kind == Storage::Kind::Dynamic;
  switch (a) {
    case Annotation::PtrBase:
      // The storage's id, as run-time bases number them (storage + 1; 0 is NULL).
      return dynamic ? nameExpr(st.base, r) : lit(v.storage + 1, r);
    case Annotation::UniformPtrBase:
      if (!dynamic) return lit(1, r);  // every thread's pointer is into the same array
      if (!annot_.active) break;
      if (launch_.numGroups[0] * launch_.numGroups[1] * launch_.numGroups[2] > 1 && !annot_.sameGroup) {
        unsupported(c, "'__uniform_ptr_base' of a run-time base with several groups (sdvmc pairs the threads of "
                       "one group: write the condition as __implies(__same_group(), ...))");
        return lit(0, r);
      }
      annot_.pairs = true;
      return bin(BinaryOp::Eq, nameExpr(st.base, r), annotExpr(kpl::AnnotOp::Other, "", nameExpr(st.base, r), r), r);
    default:
      if (dynamic) {
        // Per target, once every target is known (finishDynamic): its offset in that target's
        // cells (bytes: times their size); a base naming none (NULL) fails an assertion.
        Pending& pd = defer(a == Annotation::PtrOffsetBytes ? Pending::Kind::PtrOffsetBytes : Pending::Kind::PtrOffset,
                            v.storage, std::move(v.offset), IntType{}, r);
        pd.at = c->getBeginLoc();
        pd.target = temp();
        return nameExpr(pd.target, r);
      }
      if (st.elemBytes > 4) break;
      return a == Annotation::PtrOffsetBytes ? mul(std::move(v.offset), static_cast<int64_t>(st.elemBytes), r)
                                             : std::move(v.offset);
  }
  unsupported(c, fmt::format("'{}' of this pointer", calleeName(c)));
  return lit(0, r);
}

PtrVal Lowerer::annotPointer(const clang::Expr* p, const std::string& what) {
  PtrVal v;
  std::vector<StmtPtr> s = capture([&] { v = pointer(p->IgnoreParenImpCasts()); });  // not the cast to void*
  if (v.storage >= 0 && storages_[v.storage].kind == Storage::Kind::Array && storages_[v.storage].elemBytes <= 4) {
    for (StmtPtr& x : s) emit(std::move(x));
    return v;
  }
  if (v.storage != -1)
    unsupported(p, fmt::format("'{}' of a pointer that is not into one array (of cells of 4 bytes or less) known "
                               "statically",
                               what));
  return PtrVal{-1, lit(0, range(p))};
}

ExprPtr Lowerer::accessedPredicate(const clang::CallExpr* c, Annotation a) {
  // Whether the thread read or wrote cell p + off (p's cells) since the last barrier:
  // !(rd_all(A, log_offset() != p + off) && wr_all(A, log_offset() != p + off)).
  kpl::SourceRange r = range(c);
  const std::string name = calleeName(c);
  if (annot_.logStorage >= 0) {
    unsupported(c, fmt::format("'{}' inside an annotation over a log's offsets (__X_implies, __X_offset: the logs "
                               "do not nest)",
                               name));
    return lit(0, r);
  }
  PtrVal p = annotPointer(c->getArg(0), name);
  if (p.storage < 0) return lit(0, r);
  ExprPtr cell = add(std::move(p.offset), rvalue(c->getArg(1)), r);
  const std::string array = storages_[p.storage].array;
  auto elsewhere = [&](kpl::AnnotOp op) {
    return annotExpr(op, array, bin(BinaryOp::Ne, annotExpr(kpl::AnnotOp::LogOffset, "", nullptr, r), clone(*cell), r),
                     r);
  };
  ExprPtr none = bin(BinaryOp::LogAnd, elsewhere(kpl::AnnotOp::RdAll), elsewhere(kpl::AnnotOp::WrAll), r);
  return a == Annotation::NotAccessed ? std::move(none) : un(UnaryOp::LogNot, std::move(none), r);
}

ExprPtr Lowerer::atomicTaken(const clang::CallExpr* c) {
  // Whether an atomic of this thread on cell p + off has returned v: at_taken(A, p + off, v).
  kpl::SourceRange r = range(c);
  PtrVal p = annotPointer(c->getArg(0), calleeName(c));
  if (p.storage < 0) return lit(0, r);
  const std::string array = storages_[p.storage].array;
  ExprPtr cell = add(std::move(p.offset), rvalue(c->getArg(1)), r);
  ExprPtr e = annotExpr(kpl::AnnotOp::AtTaken, array, std::move(cell), r);
  e->operands.push_back(rvalue(c->getArg(2)));
  return e;
}

void Lowerer::arraySnapshot(const clang::CallExpr* c) {
  // Every cell of src's array, as this thread sees it (ghost reads: no access), copied into
  // the cells of dst: a private array of as many cells of the same size, or a kernel's global
  // or shared pointer parameter that only annotations use, which becomes such a private ghost
  // copy (ghostDestination) from here on.
  kpl::SourceRange r = range(c);
  PtrVal dst = pointer(c->getArg(0)->IgnoreParenImpCasts());
  PtrVal src = pointer(c->getArg(1)->IgnoreParenImpCasts());
  if (dst.storage == -1 || src.storage == -1) return;
  auto atStart = [](const PtrVal& v) { return v.offset && v.offset->kind == ExprKind::IntLit && v.offset->value == 0; };
  const Storage& s = storages_[src.storage >= 0 ? src.storage : 0];
  const kpl::ArrayDecl* decl = nullptr;
  if (src.storage >= 0 && s.kind == Storage::Kind::Array)
    for (const kpl::ArrayDecl& x : arrays_)
      if (x.name.name == s.array) decl = &x;
  if (!decl || decl->unbounded || !atStart(src)) {
    unsupported(c->getArg(1), "'__array_snapshot' of anything but a shared or global array of known size, named "
                              "itself (a buffer needs --buffer NAME=SIZE)");
    return;
  }
  const uint32_t cells = decl->size;
  if (cells > 4096) {
    unsupported(c, fmt::format("'__array_snapshot' of {} cells (at most 4096: each is a statement)", cells));
    return;
  }
  if (dst.storage >= 0 && storages_[dst.storage].kind == Storage::Kind::Array) {
    dst.storage = ghostDestination(c, src.storage, cells);
    if (dst.storage < 0) return;
  }
  if (dst.storage < 0 || storages_[dst.storage].kind != Storage::Kind::Private || !storages_[dst.storage].byteCells ||
      !atStart(dst)) {
    unsupported(c->getArg(0), "'__array_snapshot' into anything but a private array of scalars or a kernel's "
                              "pointer parameter, named itself");
    return;
  }
  const Storage& d = storages_[dst.storage];
  const Storage& s2 = storages_[src.storage];
  if (s2.elemBytes != d.elemBytes || s2.elemBytes > 4 || cells != d.cells.size()) {
    unsupported(c, fmt::format("'__array_snapshot' of '{}' ({} cells of {} bytes) into '{}' ({} cells of {} bytes): "
                               "the arrays must have the same cells",
                               s2.cName, cells, s2.elemBytes, d.cName, d.cells.size(), d.elemBytes));
    return;
  }
  const int from = src.storage, to = dst.storage;
  const IntType t = d.elem;
  for (uint32_t k = 0; k < cells; ++k) {
    ++ghost_;
    ExprPtr v = readCell(from, lit(k, r), t, r);
    --ghost_;
    writeCell(to, lit(k, r), std::move(v), t, r);
  }
}

int Lowerer::ghostDestination(const clang::CallExpr* c, int src, uint32_t cells) {
  // A global or shared destination: a ghost, one private copy per thread (its view), which the
  // kernel's code must never touch (a write by every thread would race; a read would be the
  // real array's); only annotations read it, after the snapshot.
  const clang::Expr* arg = c->getArg(0)->IgnoreParenImpCasts();
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(arg);
  const auto* vd = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  const auto* pd = llvm::dyn_cast_or_null<clang::ParmVarDecl>(vd);
  auto it = pd && inst_->isKernel ? inst_->vars.find(pd) : inst_->vars.end();
  const bool param = pd && it != inst_->vars.end() && it->second.kind == VarInfo::Kind::Pointer &&
                     it->second.local.empty() && !modified_.count(pd);
  // A __shared__ (__local) array the kernel's body declares: its storage is globalVars_'.
  const bool shared = vd && !pd && inst_->isKernel && isSharedVar(vd) && vd->getDeclContext() == inst_->fn &&
                      !vd->hasExternalStorage() && globalVars_.count(vd);
  if (!param && !shared) {
    unsupported(c->getArg(0), "'__array_snapshot' into shared or global memory other than a kernel's pointer "
                              "parameter that the kernel never assigns or a shared array the kernel declares, named "
                              "itself (the copy is a ghost: one per thread)");
    return -1;
  }
  const clang::Expr* bad = nullptr;
  std::function<void(const clang::Stmt*, bool)> walk = [&](const clang::Stmt* x, bool inAnnotation) {
    if (!x || bad) return;
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(x)) {
      const BuiltinInfo* b = findBuiltin(calleeName(call));
      if (b && b->kind == BuiltinKind::Annotation) inAnnotation = true;
    }
    if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(x); d && d->getDecl() == vd && d != ref) {
      const bool before = sm_.isBeforeInTranslationUnit(d->getBeginLoc(), c->getBeginLoc());
      if (!inAnnotation || before) bad = d;
    }
    for (const clang::Stmt* ch : x->children()) walk(ch, inAnnotation);
  };
  walk(inst_->fn->getBody(), false);
  if (bad) {
    unsupported(bad, fmt::format("'{}' is the destination of '__array_snapshot' (line {}), a ghost copy that only "
                                 "annotations after it may use",
                                 vd->getNameAsString(), loc(c->getBeginLoc()).line));
    return -1;
  }
  Storage g;
  g.kind = Storage::Kind::Private;
  const Storage& s = storages_[static_cast<size_t>(src)];
  g.elem = s.elem;
  g.elemBytes = s.elemBytes;
  g.cName = vd->getNameAsString();
  g.byteCells = true;
  for (uint32_t k = 0; k < cells; ++k) g.cells.push_back(newLocal(fmt::format("{}_ghost_{}", g.cName, k)));
  const int id = addStorage(std::move(g));
  if (param) it->second.storage = id;
  else globalVars_[vd] = id;
  return id;
}

PtrVal Lowerer::returnValPtr(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  if (!annot_.active || !inst_ || inst_->isKernel || !inst_->ptrResult) {
    unsupported(c, "'__return_val_ptr()' outside an __ensures of a function returning a pointer");
    return PtrVal{-1, lit(0, r)};
  }
  if (inst_->ptrResult->storage < 0) {
    unsupported(c, "'__return_val_ptr()' of a function whose result points nowhere");
    return PtrVal{-1, lit(0, r)};
  }
  return PtrVal{inst_->ptrResult->storage, ptrOffsetOf(*inst_->ptrResult, r)};
}

Agg Lowerer::returnValInt4(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  const bool int4Result = inst_ && inst_->fn && ctx_.hasSameUnqualifiedType(inst_->fn->getReturnType(), c->getType());
  if (!annot_.active || !inst_ || inst_->isKernel || inst_->resultStorage < 0 || !int4Result) {
    unsupported(c, "'__return_val_int4()' outside an __ensures of a function returning an int4");
    return bad;
  }
  auto l = layoutOf(c->getType(), c->getBeginLoc());
  if (!l) return bad;
  return loadAgg(privatePlace(inst_->resultStorage, *l, r), r);
}

bool Lowerer::isUninterpreted(const clang::FunctionDecl* fd) const {
  for (const auto* at : fd->specific_attrs<clang::AnnotateAttr>())
    if (at->getAnnotation() == "sdvmc_uf") return true;
  return false;
}

ExprPtr Lowerer::uninterpretedCall(const clang::CallExpr* c, const clang::FunctionDecl* fd) {
  // One hidden unbounded array per function, never written, read (unlogged) at an injective
  // encoding of the arguments: the same result for the same arguments, in every thread.
  kpl::SourceRange r = range(c);
  const std::string name = fd->getNameAsString();
  const unsigned n = c->getNumArgs();
  std::optional<IntType> rt = intType(c->getType());
  if (n < 1 || n > 3 || !rt) {
    unsupported(c, fmt::format("the uninterpreted function '{}' (1 to 3 arguments and a result of 32 bits or less)", name));
    return lit(0, r);
  }
  const unsigned bits = n == 1 ? 32 : n == 2 ? 16 : 10;
  ExprPtr index, inRange;
  for (unsigned i = 0; i < n; ++i) {
    if (!intType(c->getArg(i)->getType())) {
      unsupported(c->getArg(i), fmt::format("an argument of '{}' of more than 32 bits", name));
      return lit(0, r);
    }
    ExprPtr v = snapshot(rvalue(c->getArg(i)), r);
    if (n > 1) {
      ExprPtr ok = bin(BinaryOp::ULt, clone(*v), lit(int64_t{1} << bits, r), r);
      inRange = inRange ? bin(BinaryOp::LogAnd, std::move(inRange), std::move(ok), r) : std::move(ok);
    }
    ExprPtr part = i == 0 ? std::move(v) : bin(BinaryOp::Shl, std::move(v), lit(bits * i, r), r);
    index = index ? bin(BinaryOp::BitOr, std::move(index), std::move(part), r) : std::move(part);
  }
  if (inRange) emitCheck(StmtKind::Assert, std::move(inRange), r);
  auto& array = ufArrays_[name];
  if (array.empty()) {
    kpl::ArrayDecl d;
    d.name = kpl::Ident{fresh("__uf_" + name), r};
    d.range = r;
    d.unbounded = true;
    array = d.name.name;
    arrays_.push_back(std::move(d));
  }
  note(c->getBeginLoc(), fmt::format("'{}' is uninterpreted: an arbitrary function, the same result for the same "
                                     "arguments{}",
                                     name, n > 1 ? fmt::format(" (each argument must be below 2^{})", bits) : ""));
  std::string t = temp();
  auto rd = stmt(StmtKind::Read, r);
  rd->ghost = true;
  rd->target = kpl::Ident{t, r};
  rd->array = kpl::Ident{array, r};
  rd->exprs.push_back(std::move(index));
  emit(std::move(rd));
  return normalize(nameExpr(t, r), *rt, r);
}

}  // namespace sdvmc::clangfe::lowering
