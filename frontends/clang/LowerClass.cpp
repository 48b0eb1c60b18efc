// C++ classes and references (part of the Lowerer, Lowerer.h): references bound to places
// (a reference to a scalar local is that local; to a cell — an array element, a field, a
// struct — a fixed storage and an offset local, read and written at each use), the object of
// a member call (`this`: the object's storage and first cell), constructors (inlined: the
// base and member initialisers in order, default member initialisers included, then the
// body), and conversions from a derived class to a base (its cells start at the base's
// offset: the bases' fields come first).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

std::optional<VarInfo> Lowerer::bindRef(const clang::Expr* init, clang::QualType refType, const std::string& name) {
  kpl::SourceRange r = range(init);
  clang::QualType t = refType.getNonReferenceType();
  const clang::Expr* e = init->IgnoreParens();
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) e = c->getSubExpr()->IgnoreParens();
  if (llvm::isa<clang::MaterializeTemporaryExpr>(e) || !e->isGLValue()) {
    // A const reference to a temporary: the temporary's value, in fresh locals.
    const clang::Expr* v = e;
    if (const auto* m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) v = m->getSubExpr();
    if (isAgg(t)) {
      AggPlace p = aggPlace(v);
      if (!p.ok) return std::nullopt;
      return refTo(p.base.storage, std::move(p.base.index), name, r);
    }
    if (isWideType(t)) {
      Val w = wvalue(v);
      VarInfo info{VarInfo::Kind::Scalar, newLocal(name + "_lo"), -1, newLocal(name + "_hi")};
      emitAssign(info.local, std::move(w.lo), r);
      emitAssign(info.hi, std::move(w.hi), r);
      return info;
    }
    if (!intType(t)) {
      unsupported(init, fmt::format("a reference of type '{}'", refType.getAsString()));
      return std::nullopt;
    }
    VarInfo info{VarInfo::Kind::Scalar, newLocal(name), -1};
    emitAssign(info.local, rvalue(v), r);
    return info;
  }
  if (t->isPointerType() || t->isArrayType()) {
    unsupported(init, fmt::format("a reference to a pointer or an array ('{}')", refType.getAsString()));
    return std::nullopt;
  }
  // A reference to a scalar local (or to another reference to one): that local itself.
  if (const clang::VarDecl* vd = refVar(e))
    if (VarInfo* v = lookup(vd); v && (v->kind == VarInfo::Kind::Scalar || v->ref)) return *v;
  LVal lv = lvalue(e);
  if (lv.kind == LVal::Kind::Local && lv.var) return *lv.var;
  if (refuseBytePlace(lv, init, "a reference to")) return std::nullopt;
  if (lv.kind != LVal::Kind::Cell) {
    if (lv.kind != LVal::Kind::Invalid) unsupported(init, "a reference bound to this expression");
    return std::nullopt;
  }
  // A run-time base is fixed where the reference is bound, too.
  if (isDynamic(lv.storage)) lv.storage = snapshotBase(lv.storage, name, r);
  return refTo(lv.storage, std::move(lv.index), name, r);  // the cell is fixed where the reference is bound
}

VarInfo Lowerer::refTo(int storage, ExprPtr offset, const std::string& name, kpl::SourceRange r) {
  VarInfo info{VarInfo::Kind::Pointer, "", storage};
  info.ref = true;
  if (offset->kind == ExprKind::IntLit && offset->value >= 0) {
    info.fixed = offset->value;
    return info;
  }
  if (offset->kind == ExprKind::Binary && offset->bop == BinaryOp::Addr64) {  // kept 64-bit: h, then l
    info.hi = newLocal(name + "_hi");
    emitAssign(info.hi, std::move(offset->operands[0]), r);
    info.local = newLocal(name);
    emitAssign(info.local, std::move(offset->operands[1]), r);
    return info;
  }
  info.local = newLocal(name);
  emitAssign(info.local, std::move(offset), r);
  return info;
}

std::optional<VarInfo> Lowerer::objectOf(const clang::Expr* obj, bool arrow, const std::string& name) {
  kpl::SourceRange r = range(obj);
  PtrVal p;
  if (arrow) {
    p = pointer(obj);
  } else {
    AggPlace place = aggPlace(obj);
    if (!place.ok || refuseBytePlace(place.base, obj, "a member call on")) return std::nullopt;
    p = PtrVal{place.base.storage, std::move(place.base.index)};
  }
  if (p.storage < 0) {
    if (p.storage == -2) unsupported(obj, "a member call on a null pointer");
    return std::nullopt;
  }
  if (isDynamic(p.storage)) p.storage = snapshotBase(p.storage, name, r);
  return refTo(p.storage, std::move(p.offset), name, r);
}

int Lowerer::snapshotBase(int storage, const std::string& name, kpl::SourceRange r) {
  int d = newDynamic(name);
  addTarget(d, storage);
  emitAssign(storages_[static_cast<size_t>(d)].base, baseOf(storage, r), r);
  return d;
}

uint64_t Lowerer::baseOffset(const clang::CastExpr* c) {
  uint64_t off = 0;
  const clang::CXXRecordDecl* from = nullptr;
  clang::QualType st = c->getSubExpr()->getType();
  if (st->isPointerType()) st = st->getPointeeType();
  from = st->getAsCXXRecordDecl();
  for (const clang::CXXBaseSpecifier* b : c->path()) {
    const clang::CXXRecordDecl* to = b->getType()->getAsCXXRecordDecl();
    if (from && to) off += basesCells(from, to, c->getBeginLoc());
    from = to;
  }
  return off;
}

void Lowerer::construct(const clang::CXXConstructExpr* c, int storage, ExprPtr offset) {
  kpl::SourceRange r = range(c);
  const clang::CXXConstructorDecl* ctor = c->getConstructor();
  clang::QualType t = c->getType();
  auto l = layoutOf(t, c->getBeginLoc());
  if (!l) return;
  const clang::FunctionDecl* def = nullptr;
  if (ctor->isTrivial() || (ctor->isDefaulted() && ctor->getParent()->hasTrivialDefaultConstructor())) {
    // A trivial copy is the argument's value; trivial default construction leaves the cells.
    if (ctor->isCopyOrMoveConstructor() && c->getNumArgs() == 1) {
      Agg v = aggValue(c->getArg(0));
      LVal base;
      base.kind = LVal::Kind::Cell;
      base.storage = storage;
      base.index = std::move(offset);
      AggPlace p{std::move(base), l->comps, true};
      storeAgg(p, v, r);
    }
    return;
  }
  if (!ctor->hasBody(def) || !def) {
    unsupported(c, fmt::format("constructor of '{}' without a body", t.getAsString()));
    return;
  }
  const auto* cd = llvm::cast<clang::CXXConstructorDecl>(def);
  if (cd->isDelegatingConstructor()) {
    unsupported(c, "a delegating constructor");
    return;
  }
  if (std::find(callStack_.begin(), callStack_.end(), def) != callStack_.end()) {
    error(c->getBeginLoc(), "recursion: a constructor constructs its own class");
    return;
  }
  Instance callee;
  callee.fn = def;
  callee.seq = ++instances_;
  std::vector<const clang::Expr*> args(c->arg_begin(), c->arg_end());
  if (!bindParams(callee, def, args, c)) return;
  VarInfo self = refTo(storage, std::move(offset), "this", r);
  callee.self = self;
  Instance* saved = inst_;
  callee.caller = inst_;
  inst_ = &callee;
  callStack_.push_back(def);
  callSites_.push_back(c->getBeginLoc());  // what a header's constructor does is located here (loc)
  for (const clang::CXXCtorInitializer* in : cd->inits()) {
    const clang::Expr* init = in->getInit();
    ExprPtr at = offsetOf(self, r);
    if (in->isBaseInitializer()) {
      const clang::CXXRecordDecl* bd = in->getBaseClass()->getAsCXXRecordDecl();
      uint64_t off = basesCells(cd->getParent(), bd, c->getBeginLoc());
      ExprPtr cell = add(std::move(at), lit(static_cast<int64_t>(off), r), r);
      if (const auto* bc = llvm::dyn_cast<clang::CXXConstructExpr>(init->IgnoreImplicit())) {
        construct(bc, storage, std::move(cell));
      } else if (auto bl = layoutOf(in->getBaseClass()->getCanonicalTypeInternal(), init->getBeginLoc())) {
        Agg v = aggValue(init);  // `Base{a, b}`
        LVal lv;
        lv.kind = LVal::Kind::Cell;
        lv.storage = storage;
        lv.index = std::move(cell);
        storeAgg(AggPlace{std::move(lv), bl->comps, true}, v, r);
      }
      continue;
    }
    const clang::FieldDecl* f = in->getMember();
    if (!f || in->isIndirectMemberInitializer()) {
      unsupported(init, "this member initialiser");
      continue;
    }
    ExprPtr cell = offsetPlus(std::move(at), lit(static_cast<int64_t>(fieldOffset(f, c->getBeginLoc())), r), r);
    initField(f, init, storage, std::move(cell));
  }
  lowerFunctionBody(def, r);
  callSites_.pop_back();
  callStack_.pop_back();
  inst_ = saved;
}

void Lowerer::initField(const clang::FieldDecl* f, const clang::Expr* init, int storage, ExprPtr cell) {
  kpl::SourceRange r = range(init);
  if (const auto* d = llvm::dyn_cast<clang::CXXDefaultInitExpr>(init)) init = d->getExpr();
  clang::QualType ft = f->getType();
  const bool inBytes = isByteUnion(f->getParent());  // a member of a union lowered as bytes (LowerUnion.cpp)
  if (const auto* fc = llvm::dyn_cast<clang::CXXConstructExpr>(init->IgnoreImplicit()); fc && isAgg(ft)) {
    if (inBytes) {
      unsupported(init, fmt::format("a constructor of member '{}' of a union lowered as bytes", f->getNameAsString()));
      return;
    }
    construct(fc, storage, std::move(cell));
    return;
  }
  LVal lv;
  lv.kind = LVal::Kind::Cell;
  lv.storage = storage;
  lv.index = std::move(cell);
  if (inBytes && isAgg(ft)) {  // its components by C's byte layout, from the union's first byte
    Layout l;
    std::string why;
    if (!byteLayout(ft, 0, "", l, why)) {
      unsupported(init, fmt::format("a member initialiser of type '{}' that {}", ft.getAsString(), why));
      return;
    }
    Agg v = aggValue(init);
    storeAgg(AggPlace{std::move(lv), l.comps, true}, v, r);
    return;
  }
  if (inBytes) {  // a scalar member: its bytes (store and storeVal split the value)
    lv.inBytes = true;
    lv.bytes = static_cast<unsigned>(ctx_.getTypeSizeInChars(ft).getQuantity());
  }
  if (isAgg(ft)) {
    auto l = layoutOf(ft, init->getBeginLoc());
    if (!l) return;
    Agg v = aggValue(init);
    storeAgg(AggPlace{std::move(lv), l->comps, true}, v, r);
    return;
  }
  if (isPtrField(ft)) {  // `View(float* q, int m) : p(q), n(m) {}`: the pointer's two cells
    writePointerCells(storage, std::move(lv.index), pointer(init), fieldCollector(f), r, wideField(f));
    return;
  }
  lv.type = placeType(ft, init->getBeginLoc());
  if (isWideType(ft)) {
    storeVal(lv, wvalue(init), r);
    return;
  }
  if (!intType(ft)) {
    unsupported(init, fmt::format("a member initialiser of type '{}'", ft.getAsString()));
    return;
  }
  store(lv, rvalue(init), r);
}

Agg Lowerer::constructed(const clang::CXXConstructExpr* c) {
  kpl::SourceRange r = range(c);
  auto l = layoutOf(c->getType(), c->getBeginLoc());
  if (!l) return Agg{{}, {}, false};
  int st = newPrivate("_obj", *l, "a temporary");
  // The cells of a fresh object start at 0 (KPL's locals) every time it is constructed.
  for (const std::string& cell : storages_[static_cast<size_t>(st)].cells) emitAssign(cell, lit(0, r), r);
  construct(c, st, lit(0, r));
  return loadAgg(privatePlace(st, *l, r), r);
}

void Lowerer::returnRef(const clang::Expr* v) {
  kpl::SourceRange r = range(v);
  VarInfo& res = *inst_->refResult;
  std::optional<VarInfo> b = bindRef(v, inst_->fn->getReturnType(), res.local + "_at");
  if (!b) return;
  bool first = res.ref && res.storage == -1;  // no return lowered yet
  if (!b->ref) {  // a scalar local (of a caller, through a reference): every return must name it
    if (first) {
      res = *b;
      return;
    }
    if (res.ref || res.local != b->local) unsupported(v, "a function returning references to different variables");
    return;
  }
  if (!res.ref || (!first && res.storage != b->storage)) {
    unsupported(v, "a function returning references into different storages");
    return;
  }
  res.storage = b->storage;
  ExprPtr off = offsetOf(*b, r);
  // A reference to a cell at a 64-bit index (an element through a wide pointer or field): the
  // result keeps both words when its first return is one (a later one: addr64 as a value).
  if (first && res.hi.empty() && wideOffsets() && isAddr64(*off)) res.hi = newLocal(res.local + "_hi");
  assignOffset(res, std::move(off), r);
}

void Lowerer::returnPtr(const clang::Expr* v) {
  kpl::SourceRange r = range(v);
  VarInfo& res = *inst_->ptrResult;
  PtrVal p = pointer(v);
  if (p.storage == -1) return;
  if (p.storage == -2 || (res.storage != -1 && res.storage != p.storage && !isDynamic(res.storage))) {
    unsupported(v, "a function returning pointers into different arrays (or NULL)");
    return;
  }
  if (res.storage == -1 && inst_->wideResult && !smallTarget(p.storage))  // the first return: every one has its target
    res.hi = newLocal(inst_->fn->getNameAsString() + "_ret_hi");
  if (isDynamic(p.storage) || isDynamic(res.storage)) {
    // A pointer with a run-time base (read from memory, made from an address): the result's own.
    if (res.storage == -1) res.storage = newDynamic(inst_->fn->getNameAsString() + "_ret");
    addTarget(res.storage, p.storage);
    emitAssign(storages_[static_cast<size_t>(res.storage)].base, baseOf(p.storage, r), r);
    assignOffset(res, std::move(p.offset), r);
    return;
  }
  res.storage = p.storage;
  assignOffset(res, std::move(p.offset), r);
}

PtrVal Lowerer::ptrCall(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = calleeOf(c);
  if (!fd) return PtrVal{-1, lit(0, r)};
  if (fd->getNameAsString() == "__return_val_ptr") return returnValPtr(c);
  if (isMemFunction(fd->getNameAsString())) {
    PtrVal dest{-1, lit(0, r)};
    memFunction(c, fd->getNameAsString(), false, &dest);
    return dest;
  }
  const clang::FunctionDecl* def = nullptr;
  if (!fd->hasBody(def) || !def) {
    unsupported(c, fmt::format("a call to '{}', which returns a pointer and has no body", fd->getNameAsString()));
    return PtrVal{-1, lit(0, r)};
  }
  lastPtrResult_.reset();
  inlineCall(c, def, false);
  if (!lastPtrResult_) return PtrVal{-1, lit(0, r)};
  if (lastPtrResult_->storage < 0) {
    unsupported(c, "a call whose returned pointer points nowhere");
    return PtrVal{-1, lit(0, r)};
  }
  return PtrVal{lastPtrResult_->storage, ptrOffsetOf(*lastPtrResult_, r)};
}

ExprPtr Lowerer::valueOfRefCall(const clang::Expr* e, bool need, Val* wide) {
  const auto* c = llvm::dyn_cast<clang::CallExpr>(e);
  const clang::FunctionDecl* fd = c && c->isGLValue() ? c->getDirectCallee() : nullptr;
  const clang::FunctionDecl* def = nullptr;
  if (!fd || !fd->getReturnType()->isReferenceType() || !fd->getReturnType().getNonReferenceType()->isScalarType() ||
      fd->getReturnType().getNonReferenceType()->isPointerType() || !fd->hasBody(def) || !def)
    return nullptr;
  refByValue_ = true;
  ExprPtr v = inlineCall(c, def, need, wide);
  refByValue_ = false;
  return v;
}

LVal Lowerer::refCall(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  LVal lv;
  lastRefResult_.reset();
  call(c, false);
  if (!lastRefResult_) return lv;
  VarInfo v = *lastRefResult_;
  if (!v.ref) {  // a scalar local
    lv.kind = LVal::Kind::Local;
    lv.local = v.local;
    lv.localHi = v.hi;
    lv.type = placeType(c->getType(), c->getBeginLoc());
    return lv;
  }
  if (v.storage < 0) {
    unsupported(c, "a call whose returned reference names no place");
    return lv;
  }
  lv.kind = LVal::Kind::Cell;
  lv.storage = v.storage;
  lv.index = offsetOf(v, r);  // its local (a 64-bit cell: addr64 of its two locals)
  lv.type = placeType(c->getType(), c->getBeginLoc());
  return lv;
}

const clang::FunctionDecl* Lowerer::knownFunction(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_AddrOf)
    e = u->getSubExpr()->IgnoreParenImpCasts();
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d->getDecl())) return f;
    if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl()))
      if (VarInfo* v = lookup(vd)) return v->fn;
  }
  return nullptr;
}

const clang::FunctionDecl* Lowerer::calleeOf(const clang::CallExpr* c) {
  if (const clang::FunctionDecl* fd = c->getDirectCallee()) return fd;
  if (const clang::FunctionDecl* fd = knownFunction(c->getCallee())) return fd;
  unsupported(c, "an indirect call (a function pointer whose target is not known where it is called)");
  return nullptr;
}

bool Lowerer::isClosureType(clang::QualType t) {
  const clang::CXXRecordDecl* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->isLambda();
}

int Lowerer::closureOf(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return closureOf(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return closureOf(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e)) return closureOf(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e); c && c->getNumArgs() == 1)
    return closureOf(c->getArg(0));  // a copy of a closure: the same captures
  if (const auto* l = llvm::dyn_cast<clang::LambdaExpr>(e)) return makeClosure(l);
  if (const clang::VarDecl* vd = refVar(e))
    if (VarInfo* v = lookup(vd); v && v->closure >= 0) return v->closure;
  unsupported(e, "this use of a lambda");
  return -1;
}

int Lowerer::makeClosure(const clang::LambdaExpr* l) {
  kpl::SourceRange r = range(l);
  Closure c;
  c.lambda = l;
  for (const clang::LambdaCapture& cap : l->captures()) {
    if (!cap.capturesVariable()) {
      unsupported(l, "a lambda capturing 'this'");
      return -1;
    }
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(cap.getCapturedVar());
    VarInfo* v = vd ? lookup(vd) : nullptr;
    if (!v) {
      unsupported(l, "a lambda capturing this variable");
      return -1;
    }
    if (cap.getCaptureKind() != clang::LCK_ByRef && v->ref) {
      // A reference to a cell captured by copy: the lambda holds the value the cell has now.
      clang::QualType t = vd->getType().getNonReferenceType();
      auto it = intType(t);
      if (!it || isAgg(t)) {
        unsupported(l, fmt::format("a lambda capturing reference '{}' of type '{}' by copy", vd->getNameAsString(),
                                   t.getAsString()));
        return -1;
      }
      LVal lv;
      lv.kind = LVal::Kind::Cell;
      lv.storage = v->storage;
      lv.index = offsetOf(*v, r);
      lv.type = *it;
      VarInfo copy{VarInfo::Kind::Scalar, newLocal(vd->getNameAsString() + "_cap"), -1};
      emitAssign(copy.local, load(lv, r), r);
      c.captures[vd] = copy;
      continue;
    }
    if (cap.getCaptureKind() == clang::LCK_ByRef || v->ref || v->closure >= 0 || v->kind == VarInfo::Kind::Memory) {
      if (cap.getCaptureKind() != clang::LCK_ByRef && v->kind == VarInfo::Kind::Memory && !v->ref) {
        // A struct or private array by copy: fresh cells holding its value now.
        const Storage& from = storages_[static_cast<size_t>(v->storage)];
        if (from.kind != Storage::Kind::Private) {
          unsupported(l, fmt::format("a lambda capturing '{}' by copy", vd->getNameAsString()));
          return -1;
        }
        Storage copy = from;
        copy.cName = vd->getNameAsString();
        for (std::string& cell : copy.cells) cell = newLocal(cell + "_cap");
        for (size_t i = 0; i < copy.cells.size(); ++i) emitAssign(copy.cells[i], nameExpr(from.cells[i], r), r);
        int id = addStorage(std::move(copy));
        // Pointers in its cells (an array of pointers) may be any the original's held.
        storages_[static_cast<size_t>(cellCollector(id))].follows.insert(cellCollector(v->storage));
        c.captures[vd] = VarInfo{VarInfo::Kind::Memory, "", id};
        continue;
      }
      if (v->kind == VarInfo::Kind::Pointer && !v->ref) {
        unsupported(l, fmt::format("a lambda capturing pointer '{}' by reference", vd->getNameAsString()));
        return -1;
      }
      c.captures[vd] = *v;  // the variable itself (a closure or reference captured as it is)
      continue;
    }
    // By copy: the value now, in fresh locals the lambda's calls share (a `mutable` one updates them).
    std::string n = vd->getNameAsString() + "_cap";
    if (v->kind == VarInfo::Kind::Pointer) {
      if (v->storage < 0 || isDynamic(v->storage)) {
        unsupported(l, fmt::format("a lambda capturing pointer '{}', which may point into several arrays", vd->getNameAsString()));
        return -1;
      }
      VarInfo p{VarInfo::Kind::Pointer, newLocal(n), v->storage};
      if (!v->hi.empty()) p.hi = newLocal(n + "_hi");  // a 64-bit offset: both words
      assignOffset(p, ptrOffsetOf(*v, r), r);
      c.captures[vd] = p;
      continue;
    }
    VarInfo copy{VarInfo::Kind::Scalar, newLocal(v->hi.empty() ? n : n + "_lo"), -1, v->hi.empty() ? "" : newLocal(n + "_hi")};
    emitAssign(copy.local, nameExpr(v->local, r), r);
    if (!v->hi.empty()) emitAssign(copy.hi, nameExpr(v->hi, r), r);
    c.captures[vd] = copy;
  }
  closures_.push_back(std::move(c));
  return static_cast<int>(closures_.size()) - 1;
}

}  // namespace sdvmc::clangfe::lowering
