// Pointers and the cells they reach (part of the Lowerer, Lowerer.h). A pointer is a (base,
// offset) pair as in GPUVerify: a storage known statically (a KPL array, or a private array
// lowered to locals) and an offset local counted in cells. A pointer that may point into
// several storages keeps its base in a local too (a Dynamic storage); every access through it
// is first an empty block, filled at the end (finishDynamic) with an if-chain over the
// storages its assignments can give it. readCell and writeCell are where every cell is read
// and written.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

#include <tuple>

namespace sdvmc::clangfe::lowering {

ExprPtr Lowerer::readCell(int storage, ExprPtr index, IntType as, kpl::SourceRange r) {
  if (storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);  // dereference of the null pointer
    return lit(0, r);
  }
  if (storage < 0) return lit(0, r);
  checkFrame(storage, false, r);  // GPUVerify's __reads_from (LowerAnnotations.cpp)
  const Storage& s = storages_[static_cast<size_t>(storage)];
  if (s.kind == Storage::Kind::Dynamic) {
    Pending& pd = defer(Pending::Kind::Read, storage, std::move(index), as, r);
    pd.target = temp();
    return nameExpr(pd.target, r);
  }
  if (s.kind == Storage::Kind::View) return readView(storage, std::move(index), r);
  if (s.kind == Storage::Kind::Private) {
    size_t n = s.cells.size();
    if (index->kind == ExprKind::IntLit) {
      if (index->value < 0 || static_cast<size_t>(index->value) >= n) {
        if (std::string label = privateLabel(storage); !label.empty())
          emitBoundsCheck(*index, n, label, r);  // fails: a literal outside
        else
          emitCheck(StmtKind::Assert, lit(0, r), r);
        return lit(0, r);
      }
      return reinterpret(nameExpr(s.cells[static_cast<size_t>(index->value)], r), s.elem, as, r);
    }
    ExprPtr idx = snapshot(std::move(index), r);
    emitBoundsCheck(*idx, n, privateLabel(storage), r);
    ExprPtr e = nameExpr(s.cells[n - 1], r);
    for (size_t i = n - 1; i-- > 0;)
      e = cond(bin(BinaryOp::Eq, clone(*idx), lit(static_cast<int64_t>(i), r), r), nameExpr(s.cells[i], r), std::move(e), r);
    return reinterpret(std::move(e), s.elem, as, r);
  }
  std::string t = temp();
  auto rd = stmt(StmtKind::Read, r);
  rd->ghost = ghost_ > 0;  // an annotation's read is not an access (LowerAnnotations.cpp)
  rd->target = kpl::Ident{t, r};
  rd->array = kpl::Ident{s.array, r};
  rd->exprs.push_back(std::move(index));
  emit(std::move(rd));
  // Memory holds arbitrary words: a narrow type is normalised after every read.
  if (as.isBool || as.width < 32) emitAssign(t, normalize(nameExpr(t, r), as, r), r);
  return nameExpr(t, r);
}

void Lowerer::writeCell(int storage, ExprPtr index, ExprPtr value, IntType as, kpl::SourceRange r) {
  if (storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return;
  }
  if (storage < 0) return;
  checkFrame(storage, true, r);  // GPUVerify's __writes_to (LowerAnnotations.cpp)
  const Storage& s = storages_[static_cast<size_t>(storage)];
  if (s.kind == Storage::Kind::Dynamic) {
    defer(Pending::Kind::Write, storage, std::move(index), as, r).value = std::move(value);
    return;
  }
  if (s.kind == Storage::Kind::View) {
    writeView(storage, std::move(index), std::move(value), r);
    return;
  }
  if (s.kind == Storage::Kind::Private) {
    size_t n = s.cells.size();
    value = reinterpret(std::move(value), as, s.elem, r);
    if (index->kind == ExprKind::IntLit) {
      if (index->value < 0 || static_cast<size_t>(index->value) >= n) {
        if (std::string label = privateLabel(storage); !label.empty())
          emitBoundsCheck(*index, n, label, r);  // fails: a literal outside
        else
          emitCheck(StmtKind::Assert, lit(0, r), r);
        return;
      }
      emitAssign(s.cells[static_cast<size_t>(index->value)], std::move(value), r);
      return;
    }
    ExprPtr idx = snapshot(std::move(index), r);
    ExprPtr v = snapshot(std::move(value), r);
    emitBoundsCheck(*idx, n, privateLabel(storage), r);
    // if (i == 0) c0 := v; else if (i == 1) c1 := v; …
    std::vector<StmtPtr> chain;
    for (size_t i = n; i-- > 0;) {
      std::vector<StmtPtr> then;
      auto as = stmt(StmtKind::Assign, r);
      as->target = kpl::Ident{s.cells[i], r};
      as->exprs.push_back(clone(*v));
      then.push_back(std::move(as));
      if (i == n - 1) {
        chain = std::move(then);
        continue;
      }
      auto ifs = stmt(StmtKind::If, r);
      ifs->exprs.push_back(bin(BinaryOp::Eq, clone(*idx), lit(static_cast<int64_t>(i), r), r));
      ifs->stmts.push_back(block(std::move(then), r));
      ifs->stmts.push_back(block(std::move(chain), r));
      chain.clear();
      chain.push_back(std::move(ifs));
    }
    for (StmtPtr& st : chain) emit(std::move(st));
    return;
  }
  auto wr = stmt(StmtKind::Write, r);
  wr->array = kpl::Ident{s.array, r};
  wr->exprs.push_back(std::move(index));
  wr->exprs.push_back(std::move(value));  // reads normalise; any word may be stored
  emit(std::move(wr));
}

Pending& Lowerer::defer(Pending::Kind k, int storage, ExprPtr index, IntType as, kpl::SourceRange r) {
  auto slot = stmt(StmtKind::Block, r);
  Pending pd;
  pd.kind = k;
  pd.slot = slot.get();
  pd.storage = storage;
  pd.index = std::move(index);
  pd.type = as;
  pd.range = r;
  pd.frames = std::move(frameChecks_);  // checkFrame's, for this access (__reads_from, __writes_to)
  frameChecks_.clear();
  emit(std::move(slot));
  pending_.push_back(std::move(pd));
  return pending_.back();
}

ExprPtr Lowerer::baseOf(int storage, kpl::SourceRange r) {
  if (storage < 0) return lit(0, r);
  const Storage& s = storages_[static_cast<size_t>(storage)];
  if (s.kind == Storage::Kind::Dynamic) return nameExpr(s.base, r);
  return lit(storage + 1, r);
}

int Lowerer::newDynamic(const std::string& cName) {
  Storage s;
  s.kind = Storage::Kind::Dynamic;
  s.cName = cName;
  s.base = newLocal(cName.empty() ? "_base" : cName + "_base");
  return addStorage(std::move(s));
}

void Lowerer::addTarget(int d, int from) {
  Storage& s = storages_[static_cast<size_t>(d)];
  if (from < 0 || from == d) return;
  if (storages_[static_cast<size_t>(from)].kind == Storage::Kind::Dynamic)
    s.follows.insert(from);
  else
    s.targets.insert(from);
}

int Lowerer::localStorage(const VarInfo& v, const clang::VarDecl* vd) {
  // A private storage of one cell: the local itself, so `*p` reads and writes it.
  auto it = localStorages_.find(v.local);
  if (it != localStorages_.end()) return it->second;
  Storage s;
  s.kind = Storage::Kind::Private;
  s.cells = {v.local};
  s.elem = intTypeOr(vd->getType().getNonReferenceType(), vd->getLocation());
  s.elemBytes = ctx_.getTypeSizeInChars(vd->getType().getNonReferenceType()).getQuantity();
  s.cName = vd->getNameAsString();
  s.byteCells = true;  // one word
  int id = addStorage(std::move(s));
  localStorages_[v.local] = id;
  return id;
}

void Lowerer::emitBoundsCheck(const kpl::Expr& idx, size_t n, const std::string& label, kpl::SourceRange r) {
  if (!label.empty() && n <= static_cast<size_t>(INT32_MAX)) {
    emit(kpl::makePrivateIndex(kpl::Ident{label, r}, clone(idx), static_cast<uint32_t>(n), r));
    return;
  }
  emitCheck(StmtKind::Assert,
            bin(BinaryOp::LogAnd, bin(BinaryOp::Ge, clone(idx), lit(0, r), r),
                bin(BinaryOp::Lt, clone(idx), lit(static_cast<int64_t>(n), r), r), r),
            r);
}

void Lowerer::assignPointer(VarInfo& var, PtrVal p, const clang::VarDecl* vd, clang::SourceLocation at,
                            kpl::SourceRange r) {
  const std::string name = vd ? vd->getNameAsString() : "?";
  if (p.storage == -1) return;  // an error was reported
  if (isDynamic(var.storage)) {
    // A run-time base: the target's id, and the target joins the candidates of every access.
    if (var.local.empty()) {
      unsupported(at, "assignment to pointer parameter '" + name + "'");
      return;
    }
    addTarget(var.storage, p.storage);
    emitAssign(storages_[static_cast<size_t>(var.storage)].base, baseOf(p.storage, r), r);
    assignOffset(var, std::move(p.offset), r);
    return;
  }
  if (var.storage == -1 && isDynamic(p.storage) && !var.local.empty()) {
    // The first assignment gives a run-time base: the variable gets one of its own.
    var.storage = newDynamic(name);
    assignPointer(var, std::move(p), vd, at, r);
    return;
  }
  if (var.storage == -1) {
    var.storage = p.storage;
  } else if (p.storage != var.storage && vd && !var.local.empty() && !dynamic_.count(DynKey{vd, inst_->seq})) {
    // Accesses through it were lowered with a static base: lower again with a run-time one.
    discovered_.insert(DynKey{vd, inst_->seq});
    return;
  } else if (p.storage != var.storage) {
    auto what = [&](int st) {
      return st == -2 ? std::string("NULL") : "'" + storages_[static_cast<size_t>(st)].cName + "'";
    };
    unsupported(at, "pointer '" + name + "' points into " + what(var.storage) + " and into " + what(p.storage) +
                        " (the frontend needs one statically known target per pointer variable)");
    return;
  }
  if (var.local.empty()) {
    unsupported(at, "assignment to pointer parameter '" + name + "'");
    return;
  }
  assignOffset(var, std::move(p.offset), r);
}

PtrVal Lowerer::pointer(const clang::Expr* e) {
  e = e->IgnoreParens();
  // A full expression with temporaries (`SharedMemory<T>()` converted to T*): classes with
  // destructors are refused by type, so the cleanups do nothing.
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return pointer(c->getSubExpr());
  kpl::SourceRange r = range(e);
  PtrVal bad{-1, lit(0, r)};
  // The value of the pointer variable that the lvalue `sub` names.
  auto varValue = [&](const clang::Expr* sub) -> PtrVal {
    LVal lv = lvalue(sub);
    if (lv.kind == LVal::Kind::Cell && lv.ptrColl >= 0) {  // `rows[i]`, a `__shared__ T*`: its two cells
      const clang::VarDecl* vd = refVar(sub);
      return readPointerCells(lv.storage, std::move(lv.index), lv.ptrColl, vd ? vd->getNameAsString() : "_ptr", r,
                              lv.ptrWide);
    }
    if (lv.kind != LVal::Kind::Pointer || !lv.var) {
      if (lv.kind != LVal::Kind::Invalid) unsupported(e, "a pointer stored in memory");
      return PtrVal{-1, lit(0, r)};
    }
    if (lv.var->storage == -1) {
      const clang::VarDecl* vd = refVar(sub);
      if (vd && !lv.local.empty() && assignedIn(inst_->fn, vd) && !dynamic_.count(DynKey{vd, inst_->seq})) {
        // Assigned later (in a loop): lower again with a run-time base.
        discovered_.insert(DynKey{vd, inst_->seq});
        return PtrVal{-1, lit(0, r)};
      }
      unsupported(e, "pointer '" + (vd ? vd->getNameAsString() : std::string("?")) +
                         "' is used before it is made to point into an array");
      return PtrVal{-1, lit(0, r)};
    }
    return PtrVal{lv.var->storage, ptrOffsetOf(*lv.var, r)};
  };
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
      case clang::CK_ArrayToPointerDecay:
      case clang::CK_NoOp:
      // A conversion operator to a pointer (`operator T*()`): its call, the sub-expression.
      case clang::CK_UserDefinedConversion:
        return pointer(sub);
      case clang::CK_DerivedToBase:  // a pointer to a base: the base's cells within the object
      case clang::CK_UncheckedDerivedToBase: {
        PtrVal p = pointer(sub);
        p.offset = offsetPlus(std::move(p.offset), lit(static_cast<int64_t>(baseOffset(c)), r), r);
        return p;
      }
      case clang::CK_LValueToRValue:
        // C++'s `c ? A : B` on pointer variables is an lvalue; its arms name the variables.
        if (llvm::isa<clang::ConditionalOperator>(sub->IgnoreParens())) return pointer(sub);
        if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(sub->IgnoreParens()); m && isPtrField(m->getType()))
          return readPointerField(m);  // `s.f`: the field's cells
        return varValue(sub);
      case clang::CK_BitCast:
      case clang::CK_AddressSpaceConversion: {
        clang::QualType from = sub->getType()->getPointeeOrArrayElementType()->getCanonicalTypeUnqualified();
        clang::QualType to = c->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
        // A vector's cells are its components: int4* and int* (or float4*, int2*) see the same words.
        auto cellBits = [&](clang::QualType q) -> uint64_t {
          if (const auto* vt = q->getAs<clang::VectorType>()) return ctx_.getTypeSize(vt->getElementType());
          return ctx_.getTypeSize(q);
        };
        // Scalars of 32 and 64 bits are whole words (a 64-bit one two, low word first), so
        // `long*` ↔ `int*` (or `double*` ↔ `float*`) see the same words, as on a little-endian GPU.
        auto wordScalar = [&](clang::QualType q) {
          return !q->isVectorType() && !q->isRecordType() && (intType(q) || wideType(q)) &&
                 (cellBits(q) == 32 || cellBits(q) == 64);
        };
        // A struct of 32-bit words without padding (CUDA's float4, int4, uint2 …) over 32-bit
        // scalars, or back: the vectorised access `reinterpret_cast<float4*>(p)[i]` reads cells
        // 4i … 4i + 3 of p's array, as the device reads its 16 bytes. (Alignment is not checked.)
        auto wordStruct = [&](clang::QualType q) {
          if (!q->isRecordType()) return false;
          auto l = layoutOf(q, e->getBeginLoc());
          if (!l || l->comps.size() != l->cells) return false;
          for (const Comp& comp : l->comps)
            if (comp.ptrField || comp.type.width != 32 || comp.type.isBool) return false;
          return static_cast<uint64_t>(ctx_.getTypeSizeInChars(q).getQuantity()) == 4 * l->cells;
        };
        auto word32 = [&](clang::QualType q) { return wordScalar(q) && cellBits(q) == 32; };
        if ((wordStruct(to) && word32(from)) || (wordStruct(from) && word32(to))) return pointer(sub);
        if (to->isVoidType()) return pointer(sub);  // to void*: the same cells, typed again by a later cast
        if (from->isVoidType()) {
          // From void*: the cells keep the type the storage has; a cast to another type of the
          // same size reads them as that type, a struct only as the same struct.
          PtrVal p = pointer(sub);
          if (p.storage < 0 || isDynamic(p.storage)) return p;
          const Storage& st = storages_[static_cast<size_t>(p.storage)];
          bool sameStruct = !st.ctype.isNull() && st.ctype == to;
          if (sameStruct || (!to->isRecordType() && !to->isVectorType() && (st.ctype.isNull() || !st.ctype->isRecordType()) &&
                             st.elemBytes == static_cast<uint64_t>(ctx_.getTypeSizeInChars(to).getQuantity())))
            return p;
          unsupported(e, fmt::format("cast from 'void *' to '{}' of memory holding '{}' elements", c->getType().getAsString(),
                                     st.ctype.isNull() ? std::to_string(st.elemBytes) + "-byte" : st.ctype.getAsString()));
          return bad;
        }
        // Narrow cells (char, short, __half …) seen as 32-bit words, and back (LowerView.cpp).
        if (!from->isIncompleteType() && !to->isIncompleteType())
          if (std::optional<PtrVal> v = viewCast(c, from, to)) return std::move(*v);
        if (from->isIncompleteType() || to->isIncompleteType() ||
            from->isFunctionType() || to->isFunctionType() ||
            (cellBits(from) != cellBits(to) && !(wordScalar(from) && wordScalar(to))) ||
            ((from->isRecordType() || to->isRecordType()) && from != to)) {
          unsupported(e, "cast from '" + sub->getType().getAsString() + "' to '" + c->getType().getAsString() +
                             "' (elements of different sizes, or a struct, whose model layout is one cell per field)");
          return bad;
        }
        return pointer(sub);
      }
      case clang::CK_NullToPointer: return PtrVal{-2, lit(0, r)};
      case clang::CK_IntegralToPointer: {
        clang::Expr::EvalResult res;
        if (sub->EvaluateAsInt(res, ctx_) && res.Val.getInt() == 0) return PtrVal{-2, lit(0, r)};
        return pointerFromAddress(c);
      }
      default: break;
    }
    unsupported(e, std::string("pointer conversion '") + c->getCastKindName() + "'");
    return bad;
  }
  if (llvm::isa<clang::CXXThisExpr>(e)) {
    if (!inst_->self) {
      unsupported(e, "'this' here");
      return bad;
    }
    return PtrVal{inst_->self->storage, offsetOf(*inst_->self, r)};
  }
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (vd) {
      if (VarInfo* v = lookup(vd); v && v->kind == VarInfo::Kind::Memory) return PtrVal{v->storage, lit(0, r)};
      if (VarInfo* v = lookup(vd); v && v->kind == VarInfo::Kind::Pointer) return varValue(e);
      if (isMemoryVar(vd)) return PtrVal{globalStorage(vd, e->getBeginLoc()), lit(0, r)};
    }
    unsupported(e, "this pointer");
    return bad;
  }
  if (LVal bl; llvm::isa<clang::ArraySubscriptExpr>(e) && byteUnionPlace(e, bl)) {
    // A row of an array member of a union lowered as bytes (LowerUnion.cpp).
    if (bl.kind != LVal::Kind::Cell || refuseBytePlace(bl, e, "a pointer into")) return bad;
    return PtrVal{bl.storage, std::move(bl.index)};
  }
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    // A row of a multi-dimensional array: row-major, rows of `cells` cells.
    PtrVal p = pointer(s->getBase());
    ExprPtr idx = wordIndex(s->getIdx());
    // A row of a 2-D array field, or of a multi-dimensional private array: checked as an element is.
    uint64_t n = fieldArrayBound(s->getBase());
    std::string label = n ? fieldArrayLabel(s->getBase(), p.storage) : std::string();
    if (!n) std::tie(n, label) = privateDimension(s->getBase(), p.storage);
    if (n && !(idx->kind == ExprKind::IntLit && idx->value >= 0 && static_cast<uint64_t>(idx->value) < n)) {
      idx = snapshot(std::move(idx), r);
      emitBoundsCheck(*idx, n, label, r);
    }
    uint64_t cells = pointeeCells(e->getType(), e->getBeginLoc());
    return PtrVal{p.storage,
                  pointerStep(std::move(p.offset), std::move(idx), s->getIdx()->getType(), cells, false, r, p.storage)};
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_AddrOf: {
        const clang::Expr* s = sub->IgnoreParens();
        if (llvm::isa<clang::ArraySubscriptExpr>(s) && !s->getType()->isArrayType()) {
          LVal lv = lvalue(s);
          if (lv.kind != LVal::Kind::Cell || refuseBytePlace(lv, s, "a pointer to")) return bad;
          return PtrVal{lv.storage, std::move(lv.index)};
        }
        if (const auto* du = llvm::dyn_cast<clang::UnaryOperator>(s); du && du->getOpcode() == clang::UO_Deref)
          return pointer(du->getSubExpr());
        if (llvm::isa<clang::MemberExpr>(s) && isPtrField(s->getType())) {
          // Its targets are collected per field; through a `T**` they would be collected per array.
          unsupported(e, "the address of a pointer field");
          return bad;
        }
        if (llvm::isa<clang::MemberExpr>(s) || (isAgg(s->getType()) && llvm::isa<clang::DeclRefExpr>(s))) {
          // A field, or a struct (a local struct's cells are its private storage).
          LVal lv = lvalue(s);
          if (lv.kind != LVal::Kind::Cell || refuseBytePlace(lv, s, "a pointer to")) return bad;
          return PtrVal{lv.storage, std::move(lv.index)};
        }
        if (const clang::VarDecl* vd = refVar(s); vd && (isMemoryVar(vd) || s->getType()->isArrayType()))
          return pointer(s);
        if (s->getType()->isArrayType()) return pointer(s);
        if (const clang::VarDecl* vd = refVar(s)) {
          VarInfo* v = lookup(vd);
          if (v && v->ref) return PtrVal{v->storage, offsetOf(*v, r)};  // a reference's cell
          // A scalar local (the kernel's parameters whose address is taken are copied into one).
          if (v && v->kind == VarInfo::Kind::Scalar && v->hi.empty()) return PtrVal{localStorage(*v, vd), lit(0, r)};
        }
        unsupported(e, "the address of this local variable (a 64-bit one)");
        return bad;
      }
      case clang::UO_Deref:
        if (e->getType()->isArrayType()) return pointer(sub);
        break;
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: {
        if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(sub->IgnoreParens()); m && isPtrField(m->getType())) {
          // `s.f++`: the field read, stepped and written back.
          PtrVal old = readPointerField(m);
          if (old.storage == -1) return bad;
          const uint64_t cells = pointeeCells(sub->getType()->getPointeeType(), e->getBeginLoc());
          // The step in 64 bits on the 64-bit target (pointerStep), never a wrapping Word add.
          ExprPtr o = snapOffset(std::move(old.offset), r);
          ExprPtr n = snapOffset(pointerStep(clone(*o), lit(1, r), ctx_.IntTy, cells, u->isDecrementOp(), r, old.storage), r);
          writePointerField(m, PtrVal{old.storage, clone(*n)}, r);
          return PtrVal{old.storage, u->isPostfix() ? std::move(o) : std::move(n)};
        }
        LVal lv = lvalue(sub);
        if (lv.kind == LVal::Kind::Cell && lv.ptrColl >= 0) {  // `rows[i]++`: its cells read, stepped, written back
          ExprPtr idx = snapshot(std::move(lv.index), r);
          PtrVal old = readPointerCells(lv.storage, clone(*idx), lv.ptrColl, "_ptr", r, lv.ptrWide);
          const uint64_t cells = pointeeCells(sub->getType()->getPointeeType(), e->getBeginLoc());
          ExprPtr o = snapOffset(std::move(old.offset), r);
          ExprPtr n = snapOffset(pointerStep(clone(*o), lit(1, r), ctx_.IntTy, cells, u->isDecrementOp(), r, old.storage), r);
          writePointerCells(lv.storage, std::move(idx), PtrVal{old.storage, clone(*n)}, lv.ptrColl, r, lv.ptrWide);
          return PtrVal{old.storage, u->isPostfix() ? std::move(o) : std::move(n)};
        }
        if (lv.kind != LVal::Kind::Pointer || !lv.var) {
          if (lv.kind != LVal::Kind::Invalid && lv.kind != LVal::Kind::Pointer) unsupported(e, "incrementing this pointer");
          return bad;
        }
        if (lv.var->local.empty()) {
          unsupported(e, "incrementing a pointer parameter");
          return bad;
        }
        if (lv.var->storage == -1) {
          unsupported(e, "a pointer incremented before it points into an array");
          return bad;
        }
        int64_t cells = static_cast<int64_t>(pointeeCells(sub->getType()->getPointeeType(), e->getBeginLoc()));
        if (!lv.var->hi.empty()) {  // a 64-bit offset (widePointers): stepped in 64 bits
          Val old = snapVal(offsetWords(ptrOffsetOf(*lv.var, r), r), r);
          ExprPtr o = bin(BinaryOp::Addr64, clone(*old.hi), clone(*old.lo), r);
          assignOffset(*lv.var, offsetStep(clone(*o), wideLit(static_cast<uint64_t>(cells), r), u->isDecrementOp(), r), r);
          if (u->isPostfix()) return PtrVal{lv.var->storage, std::move(o)};
          return PtrVal{lv.var->storage, ptrOffsetOf(*lv.var, r)};
        }
        ExprPtr old = snapshot(nameExpr(lv.local, r), r);
        if (wideOffsets() && !smallTarget(lv.var->storage))  // one word: beyond it `inconclusive`, never wrapped
          emitAssign(lv.local, offsetStep(clone(*old), wideLit(static_cast<uint64_t>(cells), r), u->isDecrementOp(), r), r);
        else
          emitAssign(lv.local, bin(u->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub, clone(*old), lit(cells, r), r), r);
        if (u->isPostfix()) return PtrVal{lv.var->storage, std::move(old)};
        return PtrVal{lv.var->storage, nameExpr(lv.local, r)};
      }
      default: break;
    }
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (b->getOpcode() == clang::BO_Comma) {
      rvalue(b->getLHS(), false);
      return pointer(b->getRHS());
    }
    if (b->getOpcode() == clang::BO_Add || b->getOpcode() == clang::BO_Sub) {
      bool ptrLeft = b->getLHS()->getType()->isPointerType();
      const clang::Expr* pe = ptrLeft ? b->getLHS() : b->getRHS();
      const clang::Expr* ie = ptrLeft ? b->getRHS() : b->getLHS();
      PtrVal p;
      ExprPtr k;
      if (ptrLeft) {
        p = pointer(pe);
        k = wordIndex(ie);
      } else {
        k = wordIndex(ie);
        p = pointer(pe);
      }
      const uint64_t cells = pointeeCells(e->getType()->getPointeeType(), e->getBeginLoc());
      return PtrVal{p.storage, pointerStep(std::move(p.offset), std::move(k), ie->getType(), cells,
                                           b->getOpcode() == clang::BO_Sub, r, p.storage)};
    }
  }
  if (const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
    ExprPtr k = condition(co->getCond());
    PtrVal x, y;
    std::vector<StmtPtr> xs = capture([&] { x = pointer(co->getTrueExpr()); });
    std::vector<StmtPtr> ys = capture([&] { y = pointer(co->getFalseExpr()); });
    if (x.storage == -1 || y.storage == -1) return bad;
    int storage = x.storage;
    if (x.storage != y.storage) {
      // Arms into different storages (or NULL): the base is chosen at run time.
      storage = newDynamic("");
      addTarget(storage, x.storage);
      addTarget(storage, y.storage);
      const std::string& base = storages_[static_cast<size_t>(storage)].base;
      if (xs.empty() && ys.empty()) {
        k = snapshot(std::move(k), r);
        emitAssign(base, cond(clone(*k), baseOf(x.storage, r), baseOf(y.storage, r), r), r);
      } else {
        xs.push_back(stmt(StmtKind::Assign, r));
        xs.back()->target = kpl::Ident{base, r};
        xs.back()->exprs.push_back(baseOf(x.storage, r));
        ys.push_back(stmt(StmtKind::Assign, r));
        ys.back()->target = kpl::Ident{base, r};
        ys.back()->exprs.push_back(baseOf(y.storage, r));
      }
    }
    if (wideOffsets() && (isAddr64(*x.offset) || isAddr64(*y.offset))) {
      // A 64-bit offset in either arm: both words chosen (each arm's words computed in it).
      Val xw, yw;
      std::vector<StmtPtr> xw0 = capture([&] { xw = atoms(offsetWords(std::move(x.offset), r), r); });
      std::vector<StmtPtr> yw0 = capture([&] { yw = atoms(offsetWords(std::move(y.offset), r), r); });
      for (auto& s : xw0) xs.push_back(std::move(s));
      for (auto& s : yw0) ys.push_back(std::move(s));
      std::string tl = temp(), th = temp();
      auto set = [&](std::vector<StmtPtr>& out, const std::string& name, ExprPtr v) {
        auto a = stmt(StmtKind::Assign, r);
        a->target = kpl::Ident{name, r};
        a->exprs.push_back(std::move(v));
        out.push_back(std::move(a));
      };
      set(xs, tl, std::move(xw.lo));
      set(xs, th, std::move(xw.hi));
      set(ys, tl, std::move(yw.lo));
      set(ys, th, std::move(yw.hi));
      emitIf(std::move(k), std::move(xs), std::move(ys), r);
      return PtrVal{storage, bin(BinaryOp::Addr64, nameExpr(th, r), nameExpr(tl, r), r)};
    }
    if (xs.empty() && ys.empty()) return PtrVal{storage, cond(std::move(k), std::move(x.offset), std::move(y.offset), r)};
    std::string t = temp();
    {
      auto a = stmt(StmtKind::Assign, r);
      a->target = kpl::Ident{t, r};
      a->exprs.push_back(std::move(x.offset));
      xs.push_back(std::move(a));
      auto b = stmt(StmtKind::Assign, r);
      b->target = kpl::Ident{t, r};
      b->exprs.push_back(std::move(y.offset));
      ys.push_back(std::move(b));
    }
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return PtrVal{storage, nameExpr(t, r)};
  }
  if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) return ptrCall(call);
  if (llvm::isa<clang::CallExpr>(e)) {
    unsupported(e, "a call returning a pointer");
    return bad;
  }
  if (llvm::isa<clang::MemberExpr>(e) && e->getType()->isArrayType()) {  // `n.keys`: its first cell
    LVal lv = lvalue(e);
    if (lv.kind != LVal::Kind::Cell || refuseBytePlace(lv, e, "a pointer into")) return bad;
    return PtrVal{lv.storage, std::move(lv.index)};
  }
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e); m && isPtrField(e->getType())) return readPointerField(m);
  if (llvm::isa<clang::MemberExpr>(e)) {
    unsupported(e, "a pointer field of type '" + e->getType().getAsString() + "'");
    return bad;
  }
  if (llvm::isa<clang::StringLiteral>(e)) {
    unsupported(e, "string literals");
    return bad;
  }
  unsupported(e, std::string("pointer expression '") + e->getStmtClassName() + "'");
  return bad;
}

int Lowerer::fieldCollector(const clang::FieldDecl* f) {
  f = f->getCanonicalDecl();
  auto it = fieldCollectors_.find(f);
  if (it != fieldCollectors_.end()) return it->second;
  Storage s;
  s.kind = Storage::Kind::Dynamic;  // no base local: it only collects targets for the reads' storages
  s.cName = f->getNameAsString();
  int id = addStorage(std::move(s));
  fieldCollectors_[f] = id;
  return id;
}

uint64_t Lowerer::addressCellBytes(clang::QualType pointee, const clang::Expr* at) {
  pointee = pointee.getCanonicalType().getUnqualifiedType();
  if (lang_ != Language::Cuda || launch_.target != 64) {
    unsupported(at, "a conversion between a pointer and an integer on a 32-bit target (sdvmc models the addresses "
                    "of CUDA's 64-bit target only)");
    return 0;
  }
  if (pointee->isVoidType() || pointee->isIncompleteType() || pointee->isFunctionType()) {
    unsupported(at, fmt::format("a conversion between '{}' and an integer (the bytes of its elements are not known)",
                                ctx_.getPointerType(pointee).getAsString()));
    return 0;
  }
  const uint64_t bytes = static_cast<uint64_t>(ctx_.getTypeSizeInChars(pointee).getQuantity());
  const uint64_t cells = pointeeCells(pointee, at->getBeginLoc());
  // A struct's cells are its fields, not C's bytes: only a struct of 32-bit words without padding
  // (float4, int2 …) has cells at C's byte offsets.
  bool words = true;
  if (isAgg(pointee)) {
    auto l = layoutOf(pointee, at->getBeginLoc());
    words = l && l->comps.size() == l->cells && bytes == 4 * l->cells;
    if (l)
      for (const Comp& comp : l->comps) words = words && !comp.ptrField && comp.type.width == 32;
  }
  if (!words || isPtrField(pointee) || cells == 0 || bytes % cells != 0) {
    unsupported(at, fmt::format("a conversion between '{}' and an integer (the model's cells of '{}' are not at its "
                                "bytes' addresses)",
                                ctx_.getPointerType(pointee).getAsString(), pointee.getAsString()));
    return 0;
  }
  return bytes / cells;
}

Val Lowerer::pointerAddress(const clang::CastExpr* c) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  clang::QualType pointee = sub->getType()->getPointeeType();
  if (pointee->isVoidType()) {
    // A `void*` (`isAligned(const void* p)`): its cells are those of the storage it points into.
    PtrVal p = pointer(sub);
    if (p.storage == -1) return zeroOf(true, r);
    if (p.storage >= 0 && storages_[static_cast<size_t>(p.storage)].kind == Storage::Kind::Array) {
      const Storage& st = storages_[static_cast<size_t>(p.storage)];
      if (!st.ctype.isNull()) pointee = st.ctype;
      else if (cellPaths_.count(st.array) && !isWide(st.elem)) {}  // elements of several cells: a struct
      else if (isWide(st.elem)) pointee = ctx_.LongLongTy;
      else if (st.elemBytes == 4) pointee = ctx_.IntTy;  // a word (or a struct of one)
      else if (st.elemBytes == 2) pointee = ctx_.ShortTy;
      else if (st.elemBytes == 1) pointee = ctx_.CharTy;
    }
    if (pointee->isVoidType()) {
      unsupported(c, "a conversion of this 'void *' to an integer (the bytes of the elements it points to are not known)");
      return zeroOf(true, r);
    }
    const uint64_t cellBytes = addressCellBytes(pointee, c);
    if (cellBytes == 0) return zeroOf(true, r);
    return addressOf(std::move(p), cellBytes, c);
  }
  const uint64_t cellBytes = addressCellBytes(pointee, c);
  if (cellBytes == 0) return zeroOf(true, r);
  PtrVal p = pointer(sub);
  if (p.storage == -1) return zeroOf(true, r);
  return addressOf(std::move(p), cellBytes, c);
}

bool Lowerer::bytesAreCells(clang::QualType t, clang::SourceLocation at) {
  t = t.getCanonicalType();
  while (const auto* a = ctx_.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
  if (isPtrField(t)) return false;
  if (!isAgg(t)) return intType(t) || wideType(t);
  auto l = layoutOf(t, at);
  if (!l || l->comps.size() != l->cells) return false;
  for (const Comp& comp : l->comps)
    if (comp.ptrField || comp.type.width != 32) return false;
  return static_cast<uint64_t>(ctx_.getTypeSizeInChars(t).getQuantity()) == 4 * l->cells;
}

Val Lowerer::addressOf(PtrVal p, uint64_t cellBytes, const clang::CastExpr* c) {
  kpl::SourceRange r = range(c);
  if (p.storage >= 0 && !isDynamic(p.storage) && !storages_[static_cast<size_t>(p.storage)].byteCells) {
    unsupported(c, fmt::format("the address of a cell of '{}', whose cells are not at C's byte offsets (a struct's "
                               "cells are its fields)", storages_[static_cast<size_t>(p.storage)].cName));
    return zeroOf(true, r);
  }
  if (isDynamic(p.storage)) addrChecks_.emplace_back(p.storage, c->getBeginLoc());
  auto it = addrCollectors_.find(cellBytes);
  if (it == addrCollectors_.end()) {
    Storage s;
    s.kind = Storage::Kind::Dynamic;  // no base local: it collects the arrays an address may name
    s.cName = "an address";
    it = addrCollectors_.emplace(cellBytes, addStorage(std::move(s))).first;
  }
  addTarget(it->second, p.storage);
  // id × 2^32 + offset × cellBytes, the offset sign-extended: 64-bit arithmetic, wrapping.
  const IntType u64{64, false};
  Val off = convertVal(Val{std::move(p.offset), nullptr}, IntType{}, IntType{64, true}, r);
  Val bytes = arithVal(clang::BO_Mul, std::move(off), wideLit(cellBytes, r), u64, c->getBeginLoc(), r);
  return arithVal(clang::BO_Add, std::move(bytes), Val{lit(0, r), baseOf(p.storage, r)}, u64, c->getBeginLoc(), r);
}

PtrVal Lowerer::pointerFromAddress(const clang::CastExpr* c) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  const uint64_t cellBytes = addressCellBytes(c->getType()->getPointeeType(), c);
  if (cellBytes == 0) return PtrVal{-1, lit(0, r)};
  if (!isWideType(sub->getType())) {
    unsupported(c, fmt::format("a pointer from a '{}' (the model's addresses are 64-bit)", sub->getType().getAsString()));
    return PtrVal{-1, lit(0, r)};
  }
  if ((cellBytes & (cellBytes - 1)) != 0) {
    unsupported(c, fmt::format("a pointer to cells of {} bytes from an integer", cellBytes));
    return PtrVal{-1, lit(0, r)};
  }
  Val v = atoms(wvalue(sub), r);
  // The model's pointers point to cells: the low word must be a cell's (a non-negative multiple
  // of the cell size; a negative one came from below an array's first cell), and a scalar's
  // address a multiple of its size (a `double*` 8 bytes: as the device requires).
  clang::QualType pointee = c->getType()->getPointeeType();
  const uint64_t align =
      isAgg(pointee) ? cellBytes : static_cast<uint64_t>(ctx_.getTypeSizeInChars(pointee).getQuantity());
  ExprPtr ok = bin(BinaryOp::Ge, clone(*v.lo), lit(0, r), r);
  if (align > 1)
    ok = bin(BinaryOp::LogAnd, std::move(ok),
             bin(BinaryOp::Eq, bin(BinaryOp::BitAnd, clone(*v.lo), lit(static_cast<int64_t>(align - 1), r), r),
                 lit(0, r), r),
             r);
  emitCheck(StmtKind::Assert, std::move(ok), r);
  int d = newDynamic("_addr");
  auto it = addrCollectors_.find(cellBytes);
  if (it != addrCollectors_.end()) storages_[static_cast<size_t>(d)].follows.insert(it->second);
  emitAssign(storages_[static_cast<size_t>(d)].base, clone(*v.hi), r);
  return PtrVal{d, bin(BinaryOp::Shr, clone(*v.lo), lit(std::countr_zero(cellBytes), r), r)};
}

std::string Lowerer::privateLabel(int storage) const {
  if (storage < 0) return {};
  const Storage& s = storages_[static_cast<size_t>(storage)];
  return s.kind == Storage::Kind::Private && s.elemCells ? s.cName : std::string();
}

std::string Lowerer::fieldArrayLabel(const clang::Expr* base, int storage) const {
  if (storage < 0 || storages_[static_cast<size_t>(storage)].kind != Storage::Kind::Private) return {};
  std::string label;
  auto prepend = [&label](const std::string& part) { label = label.empty() ? part : fmt::format("{}_{}", part, label); };
  for (const clang::Expr* x = base->IgnoreParenImpCasts();;) {
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(x)) {
      prepend(m->getMemberDecl()->getNameAsString());
      x = m->getBase()->IgnoreParenImpCasts();
    } else if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(x)) {
      x = a->getBase()->IgnoreParenImpCasts();
    } else if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
      prepend(d->getDecl()->getNameAsString());
      break;
    } else if (llvm::isa<clang::CXXThisExpr>(x)) {
      prepend("this");
      break;
    } else {
      break;
    }
  }
  return label;
}

std::pair<uint64_t, std::string> Lowerer::privateDimension(const clang::Expr* base, int storage) const {
  if (storage < 0) return {};
  const Storage& st = storages_[static_cast<size_t>(storage)];
  if (st.kind != Storage::Kind::Private || !st.cArray) return {};
  const std::string& name = st.cName;
  const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(base->IgnoreParens());
  if (!c || c->getCastKind() != clang::CK_ArrayToPointerDecay) return {};
  const clang::Expr* arr = c->getSubExpr()->IgnoreParens();
  const auto* at = ctx_.getAsConstantArrayType(arr->getType());
  if (!at) return {};
  if (llvm::isa<clang::DeclRefExpr>(arr)) {
    // One dimension of one cell per element: readCell's check is this one. Elements of several
    // cells (64-bit values, vectors, structs, pointers): checked here on the element index.
    if (st.elemCells && !ctx_.getAsConstantArrayType(at->getElementType())) return {};
    return {at->getSize().getZExtValue(), name};
  }
  // A row (`acc[i]`, or `acc[i][j]` of a 3-D array): subscripts of the decayed variable.
  const clang::Expr* x = arr;
  while (const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(x)) {
    const auto* d = llvm::dyn_cast<clang::ImplicitCastExpr>(sub->getBase()->IgnoreParens());
    if (!d || d->getCastKind() != clang::CK_ArrayToPointerDecay) return {};
    x = d->getSubExpr()->IgnoreParens();
  }
  if (x == arr || !llvm::isa<clang::DeclRefExpr>(x)) return {};
  return {at->getSize().getZExtValue(), fmt::format("{}_row", name)};
}

uint64_t Lowerer::fieldArrayBound(const clang::Expr* base) {
  const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(base->IgnoreParens());
  if (!c || c->getCastKind() != clang::CK_ArrayToPointerDecay) return 0;
  const clang::Expr* arr = c->getSubExpr()->IgnoreParens();
  const auto* at = ctx_.getAsConstantArrayType(arr->getType());
  if (!at) return 0;
  // The array is a field, or a row of one (`t.v[i]` of `float v[4][4]`).
  for (const clang::Expr* x = arr;;) {
    if (llvm::isa<clang::MemberExpr>(x)) return at->getSize().getZExtValue();
    const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(x);
    if (!sub) return 0;
    const auto* d = llvm::dyn_cast<clang::ImplicitCastExpr>(sub->getBase()->IgnoreParens());
    if (!d || d->getCastKind() != clang::CK_ArrayToPointerDecay) return 0;
    x = d->getSubExpr()->IgnoreParens();
  }
}

int Lowerer::cellCollector(int storage) {
  if (storage < 0) storage = -2;  // NULL (or after an error): nothing is stored there
  auto it = cellCollectors_.find(storage);
  if (it != cellCollectors_.end()) return it->second;
  Storage s;
  s.kind = Storage::Kind::Dynamic;  // no base local: it only collects targets for the reads' storages
  s.cName = storage >= 0 ? storages_[static_cast<size_t>(storage)].cName : "NULL";
  int id = addStorage(std::move(s));
  cellCollectors_[storage] = id;
  return id;
}

// A pointer held in memory is two cells, its offset and its target's id (0: null): a read
// gives a pointer with a run-time base whose candidates are every target ever stored there
// (its collector's: a field's, by any struct of the type; an array of pointers'): accesses
// through it are the if-chain of finishDynamic, else assert(false). In shared memory the two
// cells are ordinary cells: they race, and G-SYNC publishes them, as any other.
PtrVal Lowerer::readPointerCells(int storage, ExprPtr index, int coll, const std::string& name, kpl::SourceRange r,
                                 bool wide) {
  int d = newDynamic(name);
  storages_[static_cast<size_t>(d)].follows.insert(coll);
  std::string off = newLocal(name + "_off");
  ExprPtr idx = snapshot(std::move(index), r);
  emitAssign(off, readCell(storage, clone(*idx), kRawWord, r), r);
  emitAssign(storages_[static_cast<size_t>(d)].base, readCell(storage, offsetPlus(clone(*idx), lit(1, r), r), kRawWord, r), r);
  if (!wide) return PtrVal{d, nameExpr(off, r)};
  // A wide field: its third cell is the offset's high word.
  std::string hi = newLocal(name + "_hi");
  emitAssign(hi, readCell(storage, offsetPlus(clone(*idx), lit(2, r), r), kRawWord, r), r);
  return PtrVal{d, bin(BinaryOp::Addr64, nameExpr(hi, r), nameExpr(off, r), r)};
}

void Lowerer::writePointerCells(int storage, ExprPtr index, PtrVal p, int coll, kpl::SourceRange r, bool wide) {
  if (p.storage == -1) return;
  ExprPtr off, hi;
  if (wide) {  // both words of the offset (a word offset sign-extended), then the place
    Val w = offsetWords(std::move(p.offset), r);
    off = snapshot(std::move(w.lo), r);
    hi = snapshot(std::move(w.hi), r);
  } else {
    off = snapshot(std::move(p.offset), r);
  }
  ExprPtr base = snapshot(baseOf(p.storage, r), r);
  addTarget(coll, p.storage);
  ExprPtr idx = snapshot(std::move(index), r);
  writeCell(storage, clone(*idx), std::move(off), kRawWord, r);
  writeCell(storage, offsetPlus(clone(*idx), lit(1, r), r), std::move(base), kRawWord, r);
  if (wide) writeCell(storage, offsetPlus(clone(*idx), lit(2, r), r), std::move(hi), kRawWord, r);
}

bool Lowerer::placeOf(LVal& lv, clang::QualType t, const clang::Expr* e) {
  if (!isPtrField(t)) {
    lv.type = placeType(t, e->getBeginLoc());
    return true;
  }
  lv.type = kRawWord;
  if (isDynamic(lv.storage)) {
    unsupported(e, "a pointer stored in memory, reached through a pointer that may point into several arrays");
    lv.kind = LVal::Kind::Invalid;
    return false;
  }
  lv.ptrColl = cellCollector(lv.storage);
  lv.ptrWide = lv.storage >= 0 && storages_[static_cast<size_t>(lv.storage)].wideElems;  // `rows[i]`: three cells
  return true;
}

bool Lowerer::refuseInputPointers(clang::QualType t, const std::string& what, clang::SourceLocation at) {
  t = t.getCanonicalType();
  while (const auto* a = ctx_.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
  t = t.getUnqualifiedType();
  static const char* why =
      " in global memory: the array a pointer in the kernel's input points to is not known from the kernel "
      "(pass that buffer as a kernel parameter of its own, or the struct by value)";
  if (t->isPointerType()) {
    unsupported(at, fmt::format("pointers of type '{}' stored in '{}'{}", t.getAsString(), what, why));
    return true;
  }
  if (const clang::FieldDecl* f = pointerFieldIn(t)) {
    unsupported(at, fmt::format("field '{}' of type '{}' in '{}' of '{}'{}", f->getNameAsString(),
                                f->getType().getAsString(), t.getAsString(), what, why));
    return true;
  }
  return false;
}

PtrVal Lowerer::readPointerField(const clang::MemberExpr* m) {
  kpl::SourceRange r = range(m);
  const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
  LVal lv = lvalue(m);
  if (!f || lv.kind != LVal::Kind::Cell) {
    if (lv.kind != LVal::Kind::Invalid) unsupported(m, "this pointer field access");
    return PtrVal{-1, lit(0, r)};
  }
  return readPointerCells(lv.storage, std::move(lv.index), fieldCollector(f), f->getNameAsString(), r, wideField(f));
}

void Lowerer::writePointerField(const clang::MemberExpr* m, PtrVal p, kpl::SourceRange r) {
  const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
  if (p.storage == -1 || !f) return;
  const bool wide = wideField(f);
  ExprPtr off, hi;  // the value first, then the place
  if (wide) {  // a wide field: both words of the offset (a word offset sign-extended)
    Val w = offsetWords(std::move(p.offset), r);
    off = snapshot(std::move(w.lo), r);
    hi = snapshot(std::move(w.hi), r);
  } else {
    off = snapshot(std::move(p.offset), r);
  }
  ExprPtr base = snapshot(baseOf(p.storage, r), r);
  LVal lv = lvalue(m);
  if (lv.kind != LVal::Kind::Cell) {
    if (lv.kind != LVal::Kind::Invalid) unsupported(m, "this pointer field access");
    return;
  }
  addTarget(fieldCollector(f), p.storage);
  ExprPtr idx = snapshot(std::move(lv.index), r);
  writeCell(lv.storage, clone(*idx), std::move(off), kRawWord, r);
  writeCell(lv.storage, offsetPlus(clone(*idx), lit(1, r), r), std::move(base), kRawWord, r);
  if (wide) writeCell(lv.storage, offsetPlus(clone(*idx), lit(2, r), r), std::move(hi), kRawWord, r);
}

// Accesses through a pointer with a run-time base: `if (base == id(A)) access A; else if
// (base == id(B)) access B; … else assert(false)` (NULL or never assigned), over the
// storages the pointer can take: the targets of every assignment of it, transitively.
void Lowerer::finishDynamic() {
  for (bool changed = true; changed;) {
    changed = false;
    for (Storage& s : storages_)
      for (int f : s.follows)
        for (int t : std::set<int>(storages_[static_cast<size_t>(f)].targets))
          changed |= s.targets.insert(t).second;
  }
  for (const auto& [d, at] : addrChecks_)
    for (int t : storages_[static_cast<size_t>(d)].targets)
      if (!storages_[static_cast<size_t>(t)].byteCells) {
        unsupported(at, fmt::format("the address of a cell of '{}', whose cells are not at C's byte offsets (a "
                                    "struct's cells are its fields)", storages_[static_cast<size_t>(t)].cName));
        break;
      }
  for (Pending& pd : pending_) {
    kpl::SourceRange r = pd.range;
    const Storage& s = storages_[static_cast<size_t>(pd.storage)];
    std::vector<int> targets(s.targets.begin(), s.targets.end());
    std::string base = s.base;
    std::vector<StmtPtr> chain = capture([&] { emitCheck(StmtKind::Assert, lit(0, r), r); });
    for (auto it = targets.rbegin(); it != targets.rend(); ++it) {
      int t = *it;
      std::vector<StmtPtr> then = capture([&] {
        const Storage& target = storages_[static_cast<size_t>(t)];
        const int arrayOf = target.kind == Storage::Kind::View ? target.viewOf : t;  // private memory: no frame
        for (const Pending::FrameCheck& f : pd.frames)
          if (target.kind != Storage::Kind::Private && !f.allowed.count(arrayOf)) {
            // A helper's frame does not name this target: the access there fails it.
            const std::string text = fmt::format(fmt::runtime(f.note), storages_[static_cast<size_t>(t)].cName);
            if (notes_.insert({r.begin.line * 65536u + r.begin.col, text}).second) diags_.note(r.begin, text);
            emitCheck(StmtKind::Assert, lit(0, r), r);
            break;
          }
        switch (pd.kind) {
          case Pending::Kind::Read: emitAssign(pd.target, readCell(t, clone(*pd.index), pd.type, r), r); break;
          case Pending::Kind::Write: writeCell(t, clone(*pd.index), clone(*pd.value), pd.type, r); break;
          case Pending::Kind::Atomic: {
            const Storage& ts = storages_[static_cast<size_t>(t)];
            if (ts.kind != Storage::Kind::Array) {
              unsupported(pd.at, fmt::format("an atomic operation on {} (through a pointer that may point to '{}')",
                                             ts.kind == Storage::Kind::View ? "a view of narrower cells" : "private memory",
                                             ts.cName));
              break;
            }
            auto st = stmt(StmtKind::Atomic, r);
            st->atomicOp = pd.op;
            st->array = kpl::Ident{ts.array, r};
            st->exprs.push_back(clone(*pd.index));
            for (const ExprPtr& v : pd.operands) st->exprs.push_back(clone(*v));
            if (!pd.target.empty()) st->target = kpl::Ident{pd.target, r};
            if (!pd.target2.empty()) st->target2 = kpl::Ident{pd.target2, r};
            emit(std::move(st));
            break;
          }
          case Pending::Kind::PtrOffset:
          case Pending::Kind::PtrOffsetBytes: {
            // The offset in the target's cells (bytes: times their size), as of a pointer into it.
            const Storage& ts = storages_[static_cast<size_t>(t)];
            if (ts.kind == Storage::Kind::Private || ts.elemBytes > 4) {
              unsupported(pd.at, fmt::format("'{}' of a pointer that may point to '{}' ({})",
                                             pd.kind == Pending::Kind::PtrOffset ? "__ptr_offset" : "__ptr_offset_bytes",
                                             ts.cName, ts.kind == Storage::Kind::Private ? "private memory"
                                                                                        : "cells of more than 4 bytes"));
              break;
            }
            ExprPtr off = clone(*pd.index);
            if (pd.kind == Pending::Kind::PtrOffsetBytes) off = mul(std::move(off), static_cast<int64_t>(ts.elemBytes), r);
            emitAssign(pd.target, std::move(off), r);
            break;
          }
        }
      });
      auto ifs = stmt(StmtKind::If, r);
      ifs->exprs.push_back(bin(BinaryOp::Eq, nameExpr(base, r), lit(t + 1, r), r));
      ifs->stmts.push_back(block(std::move(then), r));
      ifs->stmts.push_back(block(std::move(chain), r));
      chain.clear();
      chain.push_back(std::move(ifs));
    }
    pd.slot->stmts = std::move(chain);
  }
}

}  // namespace sdvmc::clangfe::lowering
