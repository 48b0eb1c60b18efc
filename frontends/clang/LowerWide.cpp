// 64-bit values (part of the Lowerer, Lowerer.h). A 64-bit value (long long, OpenCL's long,
// their unsigned forms, double) is a pair of words: a local pair NAME_lo/NAME_hi, or two cells
// in memory, low word first. Every operation is one of KPL's 64-bit builtins, whose operands
// are the high word then the low word of each pair; a pair built from an operation refers to
// its operands through literals and names only (operands are snapshotted), so expressions do
// not grow.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

namespace sdvmc::clangfe::lowering {

Val Lowerer::atoms(Val v, kpl::SourceRange r) {
  v.lo = atom(std::move(v.lo), r);
  if (v.hi) v.hi = atom(std::move(v.hi), r);
  return v;
}

Val Lowerer::snapVal(Val v, kpl::SourceRange r) {
  v.lo = snapshot(std::move(v.lo), r);
  if (v.hi) v.hi = snapshot(std::move(v.hi), r);
  return v;
}

Val Lowerer::wideLit(uint64_t bits, kpl::SourceRange r) {
  return Val{lit(static_cast<int64_t>(bits & 0xffffffffu), r), lit(static_cast<int64_t>(bits >> 32), r)};
}

Val Lowerer::widePair(WideOp lo, Val a, Val b, kpl::SourceRange r) {
  a = atoms(std::move(a), r);
  b = atoms(std::move(b), r);
  ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo));
  ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo));
  return Val{std::move(l), std::move(h)};
}

Val Lowerer::wideUnary(WideOp lo, Val a, kpl::SourceRange r) {
  a = atoms(std::move(a), r);
  ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo));
  ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo));
  return Val{std::move(l), std::move(h)};
}

Val Lowerer::wideFromWord(WideOp lo, ExprPtr x, kpl::SourceRange r) {
  x = atom(std::move(x), r);
  ExprPtr l = wideOp(lo, r, clone(*x));
  ExprPtr h = wideOp(hiOf(lo), r, clone(*x));
  return Val{std::move(l), std::move(h)};
}

Val Lowerer::anyValue(const clang::Expr* e, bool need) {
  if (isWideType(e->getType())) return wvalue(e, need);
  return Val{rvalue(e, need), nullptr};
}

ExprPtr Lowerer::wordIndex(const clang::Expr* e) {
  if (!isWideType(e->getType())) return rvalue(e);
  Val v = wvalue(e);
  // The 32-bit target keeps the low word (GPUVerify's address arithmetic); the 64-bit one
  // checks that the address fits the model's 32-bit cell indices (kpl addr64).
  if (lang_ != Language::Cuda || launch_.target != 64) return std::move(v.lo);
  kpl::SourceRange r = range(e);
  return bin(BinaryOp::Addr64, std::move(v.hi), std::move(v.lo), r);
}

bool Lowerer::wideOffsets() const { return lang_ == Language::Cuda && launch_.target == 64; }

ExprPtr Lowerer::elementIndex(ExprPtr offset, const clang::Expr* idx, uint64_t cells, kpl::SourceRange r) {
  return pointerStep(std::move(offset), wordIndex(idx), idx->getType(), cells, false, r);
}

Val Lowerer::offsetWords(ExprPtr offset, kpl::SourceRange r) {
  if (isAddr64(*offset)) return Val{std::move(offset->operands[1]), std::move(offset->operands[0])};
  // A word offset, sign-extended (a cell offset below 2^31, or a negative one).
  ExprPtr o = atom(std::move(offset), r);
  ExprPtr oh = o->kind == ExprKind::IntLit ? lit(o->value < 0 ? -1 : 0, r) : bin(BinaryOp::Shr, clone(*o), lit(31, r), r);
  return Val{std::move(o), std::move(oh)};
}

ExprPtr Lowerer::offsetStep(ExprPtr offset, Val k, bool sub, kpl::SourceRange r) {
  Val v = std::move(k);
  if (!isLit(*offset, 0) || sub)
    v = widePair(sub ? WideOp::LNswSubLo : WideOp::LNswAddLo, offsetWords(std::move(offset), r), std::move(v), r);
  return bin(BinaryOp::Addr64, std::move(v.hi), std::move(v.lo), r);
}

ExprPtr Lowerer::offsetPlus(ExprPtr offset, ExprPtr k, kpl::SourceRange r) {
  if (!isAddr64(*offset) || isLit(*k, 0)) return add(std::move(offset), std::move(k), r);
  return offsetStep(std::move(offset), offsetWords(std::move(k), r), false, r);
}

bool Lowerer::smallTarget(int storage) const {
  if (storage < 0) return false;
  const Storage& s = storages_[static_cast<size_t>(storage)];
  if (s.kind == Storage::Kind::Private) return true;
  if (s.kind == Storage::Kind::View) return smallTarget(s.viewOf);
  if (s.kind != Storage::Kind::Array) return false;
  for (const kpl::ArrayDecl& a : arrays_)
    if (a.name.name == s.array) return !a.global;
  return false;
}

ExprPtr Lowerer::pointerStep(ExprPtr offset, ExprPtr k, clang::QualType it, uint64_t cells, bool sub,
                             kpl::SourceRange r, int storage) {
  const bool exactWord = isLit(*offset, 0) && cells == 1 && !sub;  // the index itself: no arithmetic to wrap
  if (!wideOffsets() || (!isAddr64(*k) && !isAddr64(*offset) && exactWord) || smallTarget(storage)) {
    k = mul(std::move(k), static_cast<int64_t>(cells), r);
    if (sub) return bin(BinaryOp::Sub, std::move(offset), std::move(k), r);
    return add(std::move(offset), std::move(k), r);
  }
  // The index in 64 bits (a 64-bit one's words; C's conversion of an int, unsigned … to
  // ptrdiff_t), times the cells per element.
  Val v;
  if (isAddr64(*k)) {
    v = offsetWords(std::move(k), r);
  } else {
    auto t = intType(it);
    v = convertVal(Val{std::move(k), nullptr}, t ? *t : IntType{}, IntType{64, true}, r);
  }
  if (cells != 1) v = widePair(WideOp::LNswMulLo, std::move(v), wideLit(cells, r), r);
  return offsetStep(std::move(offset), std::move(v), sub, r);
}

std::optional<Val> Lowerer::wideOffsetOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, uint64_t cells,
                                         clang::SourceLocation at, kpl::SourceRange r) {
  if (!wideOffsets() || (!isAddr64(*a) && !isAddr64(*b))) return std::nullopt;
  const IntType diff{64, true};
  Val x = offsetWords(std::move(a), r);
  Val y = offsetWords(std::move(b), r);
  if (op != clang::BO_Sub) return Val{wideCompare(op, std::move(x), std::move(y), diff, at, r), nullptr};
  Val d = widePair(WideOp::LNswSubLo, std::move(x), std::move(y), r);
  if (cells != 1) d = arithVal(clang::BO_Div, std::move(d), wideLit(cells, r), diff, at, r);
  return d;
}

void Lowerer::assignOffset(const VarInfo& v, ExprPtr offset, kpl::SourceRange r) {
  if (v.hi.empty()) {
    emitAssign(v.local, std::move(offset), r);
    return;
  }
  Val w = offsetWords(std::move(offset), r);
  // Both words are computed from the old values: the high word is taken before the low one is written.
  ExprPtr h = atom(std::move(w.hi), r);
  if (h->kind == ExprKind::Name && h->name == v.local) h = snapshot(std::move(h), r);
  emitAssign(v.local, std::move(w.lo), r);
  emitAssign(v.hi, std::move(h), r);
}

namespace {
bool isWideInt(clang::QualType t, const clang::ASTContext& ctx) {
  t = t.getCanonicalType();
  return t->isIntegerType() && !t->isBooleanType() && ctx.getTypeSize(t) == 64;
}
const clang::VarDecl* ptrVarOf(const clang::Expr* e) {
  const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto* vd = d ? llvm::dyn_cast<clang::VarDecl>(d->getDecl()) : nullptr;
  return vd && vd->getType()->isPointerType() ? vd : nullptr;
}
}  // namespace

bool Lowerer::mayBeWidePtr(const clang::Stmt* s, const std::set<const clang::VarDecl*>& wide) const {
  const auto* e = llvm::dyn_cast_or_null<clang::Expr>(s);
  if (!e) return false;
  e = e->IgnoreParens();
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return mayBeWidePtr(c->getSubExpr(), wide);
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return mayBeWidePtr(c->getSubExpr(), wide);
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    return vd && wide.count(vd);
  }
  if (llvm::isa<clang::CXXThisExpr>(e)) return scanSelfWide_;
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (b->isAssignmentOp() || b->getOpcode() == clang::BO_Comma) return mayBeWidePtr(b->getRHS(), wide);
    return isWideInt(b->getLHS()->getType(), ctx_) || isWideInt(b->getRHS()->getType(), ctx_) ||
           mayBeWidePtr(b->getLHS(), wide) || mayBeWidePtr(b->getRHS(), wide);
  }
  if (const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return mayBeWidePtr(co->getTrueExpr(), wide) || mayBeWidePtr(co->getFalseExpr(), wide);
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) return mayBeWidePtr(u->getSubExpr(), wide);
  if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))  // `&a[i]`, a row `a[i]`
    return isWideInt(a->getIdx()->getType(), ctx_) || mayBeWidePtr(a->getBase(), wide);
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    // A pointer field's value: 64-bit when the field is wide (scanWideFields), else a word;
    // `&p->f`: from its base.
    if (m->getType()->isPointerType()) return wideField(llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl()));
    return mayBeWidePtr(m->getBase(), wide);
  }
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {  // a helper's pointer: from its arguments
    for (const clang::Expr* a : c->arguments())
      if (isWideInt(a->getType(), ctx_) || (a->getType()->isPointerType() && mayBeWidePtr(a, wide))) return true;
    // An accessor returning a wide pointer field (`const T* src() const { return src_; }`).
    const clang::FunctionDecl* def = nullptr;
    if (const clang::FunctionDecl* f = c->getDirectCallee(); f && f->hasBody(def) && def && !wideFields_.empty()) {
      std::function<bool(const clang::Stmt*)> returnsField = [&](const clang::Stmt* s) {
        if (!s || llvm::isa<clang::LambdaExpr>(s)) return false;
        if (const auto* rs = llvm::dyn_cast<clang::ReturnStmt>(s)) {
          const auto* m = rs->getRetValue() ? llvm::dyn_cast<clang::MemberExpr>(rs->getRetValue()->IgnoreParenImpCasts()) : nullptr;
          return m && m->getType()->isPointerType() && wideField(llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl()));
        }
        for (const clang::Stmt* ch : s->children())
          if (returnsField(ch)) return true;
        return false;
      };
      return returnsField(def->getBody());
    }
    return false;
  }
  return false;
}

namespace {
// A local one-dimensional array of data pointers (`T* rows[4]`, not __shared__).
bool isPtrArray(const clang::VarDecl* vd, const clang::ASTContext& ctx) {
  if (!vd || !vd->isLocalVarDecl() || vd->hasAttr<clang::CUDASharedAttr>()) return false;
  const auto* at = ctx.getAsConstantArrayType(vd->getType());
  return at && at->getElementType()->isPointerType() && !at->getElementType()->getPointeeType()->isFunctionType();
}
const clang::VarDecl* ptrArrayOf(const clang::Expr* e, const clang::ASTContext& ctx) {
  const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e->IgnoreParens());
  if (!s) return nullptr;
  const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(s->getBase()->IgnoreParenImpCasts());
  const auto* vd = d ? llvm::dyn_cast<clang::VarDecl>(d->getDecl()) : nullptr;
  return isPtrArray(vd, ctx) ? vd : nullptr;
}
}  // namespace

std::set<const clang::VarDecl*> Lowerer::widePointers(const Instance& in, std::set<const clang::VarDecl*> wide) {
  const clang::FunctionDecl* fd = in.fn;
  if (!wideOffsets() || !fd || !fd->getBody()) return wide;
  scanSelfWide_ = in.self && !in.self->hi.empty();
  std::set<const clang::VarDecl*> arrays;  // arrays of pointers marked below
  // Assignments, initialisers and steps of pointer variables: a fixed point over the body.
  for (bool changed = true; changed;) {
    changed = false;
    auto mark = [&](const clang::VarDecl* vd) {
      if (vd && wide.insert(vd).second) changed = true;
    };
    std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
      if (!s) return;
      if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
        for (const clang::Decl* d : ds->decls())
          if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d);
              vd && vd->getType()->isPointerType() && vd->hasInit() && mayBeWidePtr(vd->getInit(), wide)) {
            mark(vd);
          } else if (vd && isPtrArray(vd, ctx_) && vd->hasInit()) {  // `T* rows[2] = {a, b}`
            if (const auto* il = llvm::dyn_cast<clang::InitListExpr>(vd->getInit()->IgnoreImplicit()))
              for (const clang::Expr* x : il->inits())
                if (mayBeWidePtr(x, wide)) {
                  mark(vd);
                  arrays.insert(vd);
                }
          }
      } else if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s)) {
        const bool wideRhs = (b->getOpcode() == clang::BO_Assign && mayBeWidePtr(b->getRHS(), wide)) ||
                             ((b->getOpcode() == clang::BO_AddAssign || b->getOpcode() == clang::BO_SubAssign) &&
                              isWideInt(b->getRHS()->getType(), ctx_));
        if (const clang::VarDecl* vd = b->isAssignmentOp() ? ptrVarOf(b->getLHS()) : nullptr; vd && wideRhs) mark(vd);
        if (const clang::VarDecl* vd = b->isAssignmentOp() ? ptrArrayOf(b->getLHS(), ctx_) : nullptr; vd && wideRhs) {
          mark(vd);  // `rows[i] = p`, `rows[i] += n`
          arrays.insert(vd);
        }
      }
      for (const clang::Stmt* ch : s->children()) walk(ch);
    };
    walk(fd->getBody());
  }
  // An array of pointers keeps its third cells only where every use of it is an element
  // `rows[i]` (not `&rows[i]`, not the array decayed to a `T**` or captured by a lambda, whose
  // steps count two cells per element): elsewhere it keeps one word (as before).
  std::set<const clang::VarDecl*> spoilt;
  std::function<void(const clang::Stmt*, const clang::Stmt*, const clang::Stmt*)> uses =
      [&](const clang::Stmt* s, const clang::Stmt* parent, const clang::Stmt* grand) {
        if (!s) return;
        if (const auto* l = llvm::dyn_cast<clang::LambdaExpr>(s))
          for (const clang::LambdaCapture& c : l->captures())
            if (c.capturesVariable()) spoilt.insert(c.getCapturedVar());
        if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
          const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
          const auto* cast = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(parent);
          const auto* sub = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(grand);
          if (vd && arrays.count(vd) &&
              !(cast && cast->getCastKind() == clang::CK_ArrayToPointerDecay && sub && sub->getBase() == cast))
            spoilt.insert(vd);
        }
        if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s); u && u->getOpcode() == clang::UO_AddrOf)
          if (const clang::VarDecl* vd = ptrArrayOf(u->getSubExpr(), ctx_)) spoilt.insert(vd);
        for (const clang::Stmt* ch : s->children()) uses(ch, s, parent);
      };
  uses(fd->getBody(), nullptr, nullptr);
  for (const clang::VarDecl* vd : arrays)
    if (spoilt.count(vd)) wide.erase(vd);
  return wide;
}

bool Lowerer::wideField(const clang::FieldDecl* f) const {
  return f && wideFields_.count(f->getCanonicalDecl()) != 0;
}

void Lowerer::scanWideFields(const clang::FunctionDecl* kernel) {
  if (!wideOffsets() || !kernel || !kernel->getBody()) return;
  // The kernel and every function (constructors included) it calls, transitively.
  std::vector<const clang::FunctionDecl*> fns;
  std::set<const clang::FunctionDecl*> seen;
  std::function<void(const clang::Stmt*)> reach;
  auto add = [&](const clang::FunctionDecl* f) {
    const clang::FunctionDecl* def = nullptr;
    if (!f || !f->hasBody(def) || !def || !seen.insert(def).second) return;
    fns.push_back(def);
    reach(def->getBody());
    if (const auto* cd = llvm::dyn_cast<clang::CXXConstructorDecl>(def))
      for (const clang::CXXCtorInitializer* init : cd->inits()) reach(init->getInit());
  };
  auto calleeOf = [](const clang::Stmt* s) -> const clang::FunctionDecl* {
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) return c->getDirectCallee();
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(s)) return c->getConstructor();
    return nullptr;
  };
  reach = [&](const clang::Stmt* s) {
    if (!s) return;
    add(calleeOf(s));
    for (const clang::Stmt* ch : s->children()) reach(ch);
  };
  add(kernel);
  // A fixed point over all of them at once: the pointer variables that may hold a 64-bit offset
  // (over-approximated: any body's rule of widePointers, and a parameter given such a pointer by
  // any call), and the fields.
  const bool savedSelf = scanSelfWide_;
  scanSelfWide_ = false;
  std::set<const clang::VarDecl*> vars;
  for (bool changed = true; changed;) {
    changed = false;
    auto markVar = [&](const clang::VarDecl* vd) {
      if (vd && vd->getType()->isPointerType() && vars.insert(vd).second) changed = true;
    };
    auto markField = [&](const clang::FieldDecl* f) {
      if (f && isPtrField(f->getType()) && wideFields_.insert(f->getCanonicalDecl()).second) changed = true;
    };
    auto fieldOf = [&](const clang::Expr* e) -> const clang::FieldDecl* {
      const auto* m = llvm::dyn_cast<clang::MemberExpr>(e->IgnoreParenImpCasts());
      return m ? llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl()) : nullptr;
    };
    auto wideArgs = [&](const clang::FunctionDecl* callee, llvm::ArrayRef<const clang::Expr*> args) {
      const clang::FunctionDecl* def = nullptr;
      if (!callee || !callee->hasBody(def) || !def) return;
      for (size_t i = 0; i < args.size() && i < def->getNumParams(); ++i)
        if (args[i]->getType()->isPointerType() && mayBeWidePtr(args[i], vars)) markVar(def->getParamDecl(static_cast<unsigned>(i)));
    };
    std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
      if (!s) return;
      if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
        for (const clang::Decl* d : ds->decls())
          if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d); vd && vd->hasInit() && mayBeWidePtr(vd->getInit(), vars))
            markVar(vd);
      } else if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->isAssignmentOp()) {
        const bool wideRhs = (b->getOpcode() == clang::BO_Assign && mayBeWidePtr(b->getRHS(), vars)) ||
                             ((b->getOpcode() == clang::BO_AddAssign || b->getOpcode() == clang::BO_SubAssign) &&
                              isWideInt(b->getRHS()->getType(), ctx_));
        if (wideRhs) {
          markVar(ptrVarOf(b->getLHS()));
          if (b->getLHS()->getType()->isPointerType()) markField(fieldOf(b->getLHS()));
        }
      } else if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) {
        std::vector<const clang::Expr*> args(c->arg_begin(), c->arg_end());
        // A member operator's first argument is its object.
        if (llvm::isa<clang::CXXOperatorCallExpr>(c) && llvm::isa_and_nonnull<clang::CXXMethodDecl>(c->getDirectCallee()) &&
            !args.empty())
          args.erase(args.begin());
        wideArgs(c->getDirectCallee(), args);
      } else if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(s)) {
        wideArgs(c->getConstructor(), std::vector<const clang::Expr*>(c->arg_begin(), c->arg_end()));
      } else if (const auto* il = llvm::dyn_cast<clang::InitListExpr>(s); il && il->getType()->isRecordType()) {
        // `Tile t{src, dst}` (the semantic form: bases first, then the fields in order).
        const clang::RecordDecl* rd = il->getType()->getAsRecordDecl();
        unsigned i = 0;
        if (const auto* cxx = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(rd)) i = cxx->getNumBases();
        if (rd && !rd->isUnion())
          for (const clang::FieldDecl* f : rd->fields()) {
            if (i < il->getNumInits() && mayBeWidePtr(il->getInit(i), vars)) markField(f);
            ++i;
          }
      }
      for (const clang::Stmt* ch : s->children()) walk(ch);
    };
    for (const clang::FunctionDecl* f : fns) {
      walk(f->getBody());
      if (const auto* cd = llvm::dyn_cast<clang::CXXConstructorDecl>(f))
        for (const clang::CXXCtorInitializer* init : cd->inits()) {
          if (init->isMemberInitializer() && init->getInit() && mayBeWidePtr(init->getInit(), vars))
            markField(init->getMember());
          walk(init->getInit());
        }
    }
  }
  scanSelfWide_ = savedSelf;
}

bool Lowerer::returnsWidePtr(const Instance& in) {
  if (!wideOffsets() || !in.fn || !in.fn->getBody()) return false;
  scanSelfWide_ = in.self && !in.self->hi.empty();
  std::function<bool(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
    if (!s || llvm::isa<clang::LambdaExpr>(s)) return false;  // a lambda's returns are its own
    if (const auto* rs = llvm::dyn_cast<clang::ReturnStmt>(s)) return mayBeWidePtr(rs->getRetValue(), in.widePtrs);
    for (const clang::Stmt* ch : s->children())
      if (walk(ch)) return true;
    return false;
  };
  return walk(in.fn->getBody());
}

Val Lowerer::convertVal(Val v, IntType from, IntType to, kpl::SourceRange r) {
  if (!isWide(from) && !isWide(to)) return Val{convert(std::move(v.lo), from, to, r), nullptr};
  if (isWide(from) && isWide(to)) {
    if (from.isFloat == to.isFloat) return v;  // long ↔ unsigned long: the same bits
    if (from.isFloat) return wideUnary(to.isSigned ? WideOp::DToLLo : WideOp::DToULLo, std::move(v), r);
    return wideUnary(from.isSigned ? WideOp::LToDLo : WideOp::ULToDLo, std::move(v), r);
  }
  bool fromSigned = from.isSigned && !from.isBool;
  if (isWide(to)) {
    // A word (normalised to its type) to 64 bits.
    if (to.isFloat)
      return wideFromWord(from.isFloat ? WideOp::FToDLo : fromSigned ? WideOp::IToDLo : WideOp::UToDLo, std::move(v.lo), r);
    if (from.isFloat) return wideFromWord(to.isSigned ? WideOp::FToLLo : WideOp::FToULLo, std::move(v.lo), r);
    ExprPtr x = atom(std::move(v.lo), r);
    if (!fromSigned) return Val{std::move(x), lit(0, r)};  // zero-extension
    if (x->kind == ExprKind::IntLit) {
      ExprPtr h = lit(x->value < 0 ? -1 : 0, r);
      return Val{std::move(x), std::move(h)};
    }
    ExprPtr h = bin(BinaryOp::Shr, clone(*x), lit(31, r), r);  // sign-extension (>> is arithmetic)
    return Val{std::move(x), std::move(h)};
  }
  // 64 bits to a word.
  if (from.isFloat) {
    if (to.isBool) return Val{wideOp(WideOp::DNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r)), nullptr};
    if (to.isFloat) return Val{wideOp(WideOp::DToF, r, std::move(v.hi), std::move(v.lo)), nullptr};
    // Truncation toward zero (out of range: undefined in C); narrower types keep the low bits.
    bool toU = !to.isSigned && to.width >= 32;
    return Val{normalize(wideOp(toU ? WideOp::DToU : WideOp::DToI, r, std::move(v.hi), std::move(v.lo)), to, r), nullptr};
  }
  if (to.isBool) return Val{wideOp(WideOp::LNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r)), nullptr};
  if (to.isFloat) return Val{wideOp(from.isSigned ? WideOp::LToF : WideOp::ULToF, r, std::move(v.hi), std::move(v.lo)), nullptr};
  return Val{normalize(std::move(v.lo), to, r), nullptr};  // truncation: the low word
}

Val Lowerer::loadVal(LVal& lv, kpl::SourceRange r) {
  if (!isWide(lv.type)) return Val{load(lv, r), nullptr};
  if (lv.kind == LVal::Kind::Local) return Val{nameExpr(lv.local, r), nameExpr(lv.localHi, r)};
  if (lv.kind != LVal::Kind::Cell) return zeroOf(true, r);
  ExprPtr idx = atom(clone(*lv.index), r);
  if (lv.bytes > 1) {  // inside a union lowered as bytes (LowerUnion.cpp): bytes 0 … 3, then 4 … 7
    ExprPtr lo = readBytes(lv.storage, clone(*idx), 4, kRawWord, r);
    return Val{std::move(lo), readBytes(lv.storage, add(std::move(idx), lit(4, r), r), 4, kRawWord, r)};
  }
  ExprPtr lo = readCell(lv.storage, clone(*idx), kRawWord, r);
  ExprPtr hi = readCell(lv.storage, add(std::move(idx), lit(1, r), r), kRawWord, r);
  return Val{std::move(lo), std::move(hi)};
}

void Lowerer::storeVal(LVal& lv, Val v, kpl::SourceRange r) {
  if (!isWide(lv.type)) {
    store(lv, std::move(v.lo), r);
    return;
  }
  if (!v.hi) v.hi = lit(0, r);
  // The low word is stored first: a high word computed from it is taken before.
  std::set<std::string> targets;
  if (lv.kind == LVal::Kind::Local) targets = {lv.local, lv.localHi};
  if (lv.kind == LVal::Kind::Cell && lv.storage >= 0 &&
      storages_[static_cast<size_t>(lv.storage)].kind == Storage::Kind::Private) {
    const std::vector<std::string>& cells = storages_[static_cast<size_t>(lv.storage)].cells;
    targets.insert(cells.begin(), cells.end());
  }
  if (mentions(*v.hi, targets)) v.hi = snapshot(std::move(v.hi), r);
  if (lv.kind == LVal::Kind::Local) {
    emitAssign(lv.local, std::move(v.lo), r);
    emitAssign(lv.localHi, std::move(v.hi), r);
    return;
  }
  if (lv.kind != LVal::Kind::Cell) return;
  ExprPtr idx = atom(clone(*lv.index), r);
  if (lv.bytes > 1) {  // inside a union lowered as bytes (LowerUnion.cpp)
    writeBytes(lv.storage, clone(*idx), 4, std::move(v.lo), r);
    writeBytes(lv.storage, add(std::move(idx), lit(4, r), r), 4, std::move(v.hi), r);
    return;
  }
  writeCell(lv.storage, clone(*idx), std::move(v.lo), kRawWord, r);
  writeCell(lv.storage, add(std::move(idx), lit(1, r), r), std::move(v.hi), kRawWord, r);
}

ExprPtr Lowerer::shiftAmountOf(const clang::Expr* e, int32_t width, kpl::SourceRange r) {
  if (!isWideType(e->getType())) return shiftAmount(rvalue(e), r, width);
  Val v = atoms(wvalue(e), r);
  // OpenCL keeps the amount's low bits, all in its low word.
  if (lang_ == Language::OpenCL) return shiftAmount(std::move(v.lo), r, width);
  // CUDA: an amount whose high word is not 0 is outside 0..width-1 (negative or at least
  // 2^32); -1 keeps it outside, so KPL reports shift-out-of-range.
  if (isLit(*v.hi, 0)) return std::move(v.lo);
  if (v.hi->kind == ExprKind::IntLit) return lit(-1, r);
  return cond(bin(BinaryOp::Eq, std::move(v.hi), lit(0, r), r), std::move(v.lo), lit(-1, r), r);
}

Val Lowerer::arithVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                      kpl::SourceRange r, bool nsw) {
  if (clang::BinaryOperator::isCompoundAssignmentOp(op)) op = clang::BinaryOperator::getOpForCompoundAssignment(op);
  bool shift = op == clang::BO_Shl || op == clang::BO_Shr;
  // Signed + - * reaching an address (README.md, "Signed overflow"): unsigned ones wrap.
  nsw = nsw && t.isSigned && !t.isBool && !t.isFloat;
  if (!isWide(t)) {  // a word (b.lo is a shift's amount, already adjusted)
    if (t.isFloat) return Val{bin(floatOp(op, at), std::move(a.lo), std::move(b.lo), r), nullptr};
    BinaryOp w = arithOp(op, !t.isSigned && !t.isBool, at);
    if (nsw)
      w = w == BinaryOp::Add ? BinaryOp::NswAdd : w == BinaryOp::Sub ? BinaryOp::NswSub : w == BinaryOp::Mul ? BinaryOp::NswMul : w;
    return Val{bin(w, std::move(a.lo), std::move(b.lo), r), nullptr};
  }
  if (!a.hi || (!shift && !b.hi)) {  // C's conversions give both operands the 64-bit type
    unsupported(at, "an operand of this 64-bit operation that is not 64-bit");
    return zeroOf(true, r);
  }
  if (shift) {  // b.lo: the amount, a word
    WideOp lo = op == clang::BO_Shl ? WideOp::LShlLo : t.isSigned ? WideOp::LAShrLo : WideOp::LLShrLo;
    a = atoms(std::move(a), r);
    ExprPtr n = atom(std::move(b.lo), r);
    ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo), clone(*n));
    ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo), clone(*n));
    return Val{std::move(l), std::move(h)};
  }
  std::optional<WideOp> lo;
  if (t.isFloat) {
    switch (op) {
      case clang::BO_Add: lo = WideOp::DAddLo; break;
      case clang::BO_Sub: lo = WideOp::DSubLo; break;
      case clang::BO_Mul: lo = WideOp::DMulLo; break;
      case clang::BO_Div: lo = WideOp::DDivLo; break;
      default: break;
    }
  } else {
    bool u = !t.isSigned;
    switch (op) {
      case clang::BO_Add: lo = nsw ? WideOp::LNswAddLo : WideOp::LAddLo; break;
      case clang::BO_Sub: lo = nsw ? WideOp::LNswSubLo : WideOp::LSubLo; break;
      case clang::BO_Mul: lo = nsw ? WideOp::LNswMulLo : WideOp::LMulLo; break;
      case clang::BO_Div: lo = u ? WideOp::LUDivLo : WideOp::LDivLo; break;
      case clang::BO_Rem: lo = u ? WideOp::LURemLo : WideOp::LRemLo; break;
      case clang::BO_And: lo = WideOp::LAndLo; break;
      case clang::BO_Or: lo = WideOp::LOrLo; break;
      case clang::BO_Xor: lo = WideOp::LXorLo; break;
      default: break;
    }
  }
  if (!lo) {
    unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' on " +
                        (t.isFloat ? "double" : "64-bit integers"));
    return zeroOf(true, r);
  }
  return widePair(*lo, std::move(a), std::move(b), r);
}

ExprPtr Lowerer::wideCompare(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                             kpl::SourceRange r) {
  std::optional<WideOp> w;
  bool u = !t.isSigned && !t.isFloat;
  switch (op) {
    case clang::BO_LT: w = t.isFloat ? WideOp::DLt : u ? WideOp::LULt : WideOp::LLt; break;
    case clang::BO_LE: w = t.isFloat ? WideOp::DLe : u ? WideOp::LULe : WideOp::LLe; break;
    case clang::BO_GT: w = t.isFloat ? WideOp::DGt : u ? WideOp::LUGt : WideOp::LGt; break;
    case clang::BO_GE: w = t.isFloat ? WideOp::DGe : u ? WideOp::LUGe : WideOp::LGe; break;
    case clang::BO_EQ: w = t.isFloat ? WideOp::DEq : WideOp::LEq; break;
    case clang::BO_NE: w = t.isFloat ? WideOp::DNe : WideOp::LNe; break;
    default: break;
  }
  if (!w) {
    unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' with a 64-bit result");
    return lit(0, r);
  }
  return wideOp(*w, r, std::move(a.hi), std::move(a.lo), std::move(b.hi), std::move(b.lo));
}

Val Lowerer::wvalue(const clang::Expr* e, bool need) {
  kpl::SourceRange r = range(e);
  auto wt = wideType(e->getType());
  if (!wt) {
    unsupported(e, "type '" + e->getType().getAsString() + "'" + typeReason(e->getType()));
    return zeroOf(true, r);
  }
  if (!e->isValueDependent() && !e->HasSideEffects(ctx_)) {
    // Clang folds constants exactly (doubles: IEEE double precision, round to nearest even).
    if (wt->isFloat) {
      llvm::APFloat f(0.0);
      if (e->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEdouble())
        return wideLit(f.bitcastToAPInt().getZExtValue(), r);
    } else if (clang::Expr::EvalResult res; e->EvaluateAsInt(res, ctx_) && !res.HasSideEffects) {
      return wideLit(res.Val.getInt().extOrTrunc(64).getZExtValue(), r);
    }
  }
  if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(e)) return wvalue(p->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return wvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return wvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return wvalue(c->getExpr(), need);
  if (llvm::isa<clang::ImplicitValueInitExpr>(e) || llvm::isa<clang::CXXScalarValueInitExpr>(e)) return zeroOf(true, r);
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return wcast(c, need);
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e); as && isWideType(as->getSrcExpr()->getType()))
    return wvalue(as->getSrcExpr(), need);  // as_long(d), as_double(l): the same two words
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return wbinary(b, need);
  if (const auto* c = llvm::dyn_cast<clang::AbstractConditionalOperator>(e)) return wconditional(c, need);
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) return wcall(c, need);
  if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::MemberExpr>(e) ||
      llvm::isa<clang::ExtVectorElementExpr>(e)) {
    LVal lv = lvalue(e);
    return loadVal(lv, r);
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_Plus:
      case clang::UO_Extension: return wvalue(sub, need);
      case clang::UO_Minus:
        if (wt->isFloat) return wideUnary(WideOp::DNegLo, wvalue(sub), r);
        // -LLONG_MIN overflows (0 - x, checked when it reaches an address)
        return widePair(nsw_.count(u) ? WideOp::LNswSubLo : WideOp::LSubLo, zeroOf(true, r), wvalue(sub), r);
      case clang::UO_Not: return widePair(WideOp::LXorLo, wvalue(sub), wideLit(~uint64_t{0}, r), r);
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: return incDecVal(u, need);
      case clang::UO_Deref: {
        LVal lv = lvalue(e);
        return loadVal(lv, r);
      }
      default: break;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "' on '" +
                       e->getType().getAsString() + "'");
    return zeroOf(true, r);
  }
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "' of type '" + e->getType().getAsString() + "'");
  return zeroOf(true, r);
}

Val Lowerer::wcast(const clang::CastExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  switch (c->getCastKind()) {
    case clang::CK_LValueToRValue: {
      const clang::Expr* bare = sub->IgnoreParens();
      bool place = llvm::isa<clang::DeclRefExpr>(bare) || llvm::isa<clang::ArraySubscriptExpr>(bare) ||
                   llvm::isa<clang::MemberExpr>(bare) ||
                   (llvm::isa<clang::UnaryOperator>(bare) && llvm::cast<clang::UnaryOperator>(bare)->getOpcode() == clang::UO_Deref);
      if (Val v = zeroOf(true, r); valueOfRefCall(bare, need, &v)) return v;
      if (!place) return wvalue(bare, need);  // `l = …`, `++l`, `c ? a : b` as C++ lvalues
      LVal lv = lvalue(sub);
      return loadVal(lv, r);
    }
    case clang::CK_NoOp:
    case clang::CK_UserDefinedConversion: return wvalue(sub, need);  // a conversion operator's call
    case clang::CK_PointerToIntegral: return pointerAddress(c);  // `(uintptr_t)p`: its address
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast: {
      auto from = valType(sub->getType());
      if (!from) {
        unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
        return zeroOf(true, r);
      }
      Val v = anyValue(sub, need);
      if (c->getCastKind() == clang::CK_FloatingToIntegral) v = checkedConversion(std::move(v), *from, *wideType(c->getType()), r);
      return convertVal(std::move(v), *from, *wideType(c->getType()), r);
    }
    default: break;
  }
  unsupported(c, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                     "' to '" + c->getType().getAsString() + "'");
  return zeroOf(true, r);
}

Val Lowerer::wbinary(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  if (b->isAssignmentOp()) return assignVal(b, need);
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return wvalue(b->getRHS(), need);
  }
  IntType t = *wideType(b->getType());
  if (op == clang::BO_Sub && b->getLHS()->getType()->isPointerType() && b->getRHS()->getType()->isPointerType()) {
    // A 64-bit ptrdiff_t (CUDA's 64-bit target): the difference of two cell offsets into one
    // array, computed in 64 bits when either offset is (wideOffsetOp), else a word sign-extended.
    Val wide;
    Val* saved = std::exchange(ptrDiff_, &wide);
    ExprPtr d = rvalueBinary(b, need);
    ptrDiff_ = saved;
    if (wide.hi) return wide;
    return convertVal(Val{std::move(d), nullptr}, IntType{}, t, r);
  }
  if (b->getLHS()->getType()->isPointerType() || b->getRHS()->getType()->isPointerType()) {
    unsupported(b, "this pointer arithmetic used as a 64-bit integer");
    return zeroOf(true, r);
  }
  // The operands have the result's type (C's usual conversions), except a shift's amount.
  Val a = wvalue(b->getLHS());
  if (op == clang::BO_Shl || op == clang::BO_Shr)
    return arithVal(op, std::move(a), Val{shiftAmountOf(b->getRHS(), 64, r), nullptr}, t, b->getOperatorLoc(), r);
  Val c = wvalue(b->getRHS());
  return arithVal(op, std::move(a), std::move(c), t, b->getOperatorLoc(), r, nsw_.count(b) != 0);
}

Val Lowerer::assignVal(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  const clang::Expr* lhs = b->getLHS();
  const clang::Expr* rhs = b->getRHS();
  clang::BinaryOperatorKind op = b->getOpcode();
  bool wideLhs = isWideType(lhs->getType());
  std::optional<IntType> compL, compR;
  if (op != clang::BO_Assign) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    compL = valType(ca->getComputationLHSType());
    compR = valType(ca->getComputationResultType());
    if (!compL || !compR) {
      unsupported(b, "compound assignment in type '" + ca->getComputationResultType().getAsString() + "'");
      return zeroOf(wideLhs, r);
    }
  }
  // C++17 (and a safe order for C): the right operand first.
  Val v;
  if (op == clang::BO_ShlAssign || op == clang::BO_ShrAssign)
    v = Val{shiftAmountOf(rhs, isWide(*compL) ? 64 : 32, r), nullptr};
  else
    v = anyValue(rhs);
  LVal lv = lvalue(lhs);
  if (lv.kind == LVal::Kind::Invalid) return zeroOf(wideLhs, r);
  if (op != clang::BO_Assign) {
    Val old = convertVal(loadVal(lv, r), lv.type, *compL, r);
    Val res = arithVal(op, std::move(old), std::move(v), *compL, b->getOperatorLoc(), r, nsw_.count(b) != 0);
    v = convertVal(checkedConversion(std::move(res), *compR, lv.type, r), *compR, lv.type, r);
  }
  if (!need) {
    storeVal(lv, std::move(v), r);
    return zeroOf(wideLhs, r);
  }
  v = snapVal(std::move(v), r);
  storeVal(lv, cloneVal(v), r);
  return v;
}

Val Lowerer::incDecVal(const clang::UnaryOperator* u, bool need) {
  kpl::SourceRange r = range(u);
  bool post = u->isPostfix();
  LVal lv = lvalue(u->getSubExpr());
  if (lv.kind == LVal::Kind::Invalid) return zeroOf(true, r);
  Val old = loadVal(lv, r);
  if (post && need) old = snapVal(std::move(old), r);
  Val one = wideLit(lv.type.isFloat ? 0x3ff0000000000000u : 1u, r);  // 1.0 or 1
  Val nv = arithVal(u->isIncrementOp() ? clang::BO_Add : clang::BO_Sub, cloneVal(old), std::move(one), lv.type,
                    u->getOperatorLoc(), r, nsw_.count(u) != 0);
  if (!need) {
    storeVal(lv, std::move(nv), r);
    return zeroOf(true, r);
  }
  if (post) {
    storeVal(lv, std::move(nv), r);
    return old;
  }
  nv = snapVal(std::move(nv), r);
  storeVal(lv, cloneVal(nv), r);
  return nv;
}

Val Lowerer::wconditional(const clang::AbstractConditionalOperator* c, bool need) {
  kpl::SourceRange r = range(c);
  const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(c);
  if (!co) {
    unsupported(c, "the GNU '?:' operator");
    return zeroOf(true, r);
  }
  ExprPtr k = condition(co->getCond());
  Val x, y;
  std::vector<StmtPtr> xs = capture([&] { x = wvalue(co->getTrueExpr(), need); });
  std::vector<StmtPtr> ys = capture([&] { y = wvalue(co->getFalseExpr(), need); });
  if (xs.empty() && ys.empty()) {
    if (!need) return zeroOf(true, r);
    k = atom(std::move(k), r);
    ExprPtr lo = cond(clone(*k), std::move(x.lo), std::move(y.lo), r);
    ExprPtr hi = cond(std::move(k), std::move(x.hi), std::move(y.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if (!need) {
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return zeroOf(true, r);
  }
  std::string tl = temp(), th = temp();
  auto assign = [&](std::vector<StmtPtr>& to, const std::string& t, ExprPtr v, kpl::SourceRange vr) {
    auto a = stmt(StmtKind::Assign, vr);
    a->target = kpl::Ident{t, vr};
    a->exprs.push_back(std::move(v));
    to.push_back(std::move(a));
  };
  assign(xs, tl, std::move(x.lo), range(co->getTrueExpr()));
  assign(xs, th, std::move(x.hi), range(co->getTrueExpr()));
  assign(ys, tl, std::move(y.lo), range(co->getFalseExpr()));
  assign(ys, th, std::move(y.hi), range(co->getFalseExpr()));
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return Val{nameExpr(tl, r), nameExpr(th, r)};
}

}  // namespace sdvmc::clangfe::lowering
