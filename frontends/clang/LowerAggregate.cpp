// Structs and vectors (part of the Lowerer, Lowerer.h). A struct or vector value is a list of
// scalar components. A local of such a type is a private storage (one KPL local per cell), so
// fields, components, copies and pointers to it go through the same cells as memory does; in
// memory a value occupies `valueCells` cells from its first one. Vector operators work
// component-wise (64-bit elements with KPL's 64-bit builtins), a vector condition selects per
// component, and OpenCL's as_T reinterprets the components.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <fmt/format.h>

#include <algorithm>

namespace sdvmc::clangfe::lowering {

Val Lowerer::takeElem(Agg& a, size_t j) {
  size_t per = wordsPerElem(a.types[0]);
  return Val{std::move(a.vals[j * per]), per == 2 ? std::move(a.vals[j * per + 1]) : nullptr};
}

void Lowerer::pushElem(Agg& a, Val v, IntType t, kpl::SourceRange r) {
  t.hiWord = false;
  a.vals.push_back(std::move(v.lo));
  a.types.push_back(t);
  if (isWide(t)) {
    a.vals.push_back(v.hi ? std::move(v.hi) : lit(0, r));
    t.hiWord = true;
    a.types.push_back(t);
  }
}

ExprPtr Lowerer::elemMsb(Val k, IntType t, kpl::SourceRange r) {
  if (isWide(t)) return bin(BinaryOp::Lt, std::move(k.hi), lit(0, r), r);
  return msbSet(std::move(k.lo), t, r);
}

Val Lowerer::chooseVal(ExprPtr c, Val x, Val y, kpl::SourceRange r) {
  if (!x.hi) return Val{cond(std::move(c), std::move(x.lo), std::move(y.lo), r), nullptr};
  c = atom(std::move(c), r);
  return Val{cond(clone(*c), std::move(x.lo), std::move(y.lo), r), cond(std::move(c), std::move(x.hi), std::move(y.hi), r)};
}

bool Lowerer::assignTrivially(const clang::CXXMethodDecl* m) const {
  return m && (m->isCopyAssignmentOperator() || m->isMoveAssignmentOperator()) && m->isTrivial();
}

int Lowerer::newPrivate(const std::string& base, const Layout& l, const std::string& cName) {
  Storage s;
  s.kind = Storage::Kind::Private;
  s.elem = IntType{};
  s.cName = cName;
  s.cells.resize(l.cells);
  for (const Comp& c : l.comps) {
    std::string n = base + c.path;
    std::replace(n.begin(), n.end(), '.', '_');
    if (c.offset < s.cells.size()) s.cells[c.offset] = newLocal(n);
  }
  for (std::string& c : s.cells)
    if (c.empty()) c = newLocal(base + "_pad");
  return addStorage(std::move(s));
}

AggPlace Lowerer::privatePlace(int storage, const Layout& l, kpl::SourceRange r) {
  AggPlace p;
  p.base.kind = LVal::Kind::Cell;
  p.base.storage = storage;
  p.base.index = lit(0, r);
  p.comps = l.comps;
  p.ok = true;
  return p;
}

Agg Lowerer::loadAgg(const AggPlace& p, kpl::SourceRange r) {
  Agg a;
  a.ok = p.ok;
  ExprPtr base = !p.ok ? lit(0, r) : p.comps.size() > 1 ? atomOffset(clone(*p.base.index), r) : clone(*p.base.index);
  for (const Comp& c : p.comps) {
    ExprPtr at = offsetPlus(clone(*base), lit(static_cast<int64_t>(c.offset), r), r);
    if (!p.ok) a.vals.push_back(lit(0, r));
    else if (c.bytes > 1) a.vals.push_back(readBytes(p.base.storage, std::move(at), c.bytes, cellType(c.type), r));
    else a.vals.push_back(readCell(p.base.storage, std::move(at), cellType(c.type), r));
    a.types.push_back(c.type);
  }
  return a;
}

void Lowerer::storeAgg(const AggPlace& p, Agg& v, kpl::SourceRange r) {
  if (!p.ok || !v.ok || v.vals.size() != p.comps.size()) return;
  // Every value is computed before the first store: `v = v.yx` reads the old components.
  if (isDynamic(p.base.storage)) {
    for (ExprPtr& e : v.vals)
      if (!isSimple(*e)) e = snapshot(std::move(e), r);  // the target may be a private value read here
  } else if (p.base.storage >= 0 && storages_[static_cast<size_t>(p.base.storage)].kind == Storage::Kind::Private) {
    const std::vector<std::string>& cells = storages_[static_cast<size_t>(p.base.storage)].cells;
    std::set<std::string> names(cells.begin(), cells.end());
    for (ExprPtr& e : v.vals)
      if (!isSimple(*e) && mentions(*e, names)) e = snapshot(std::move(e), r);
  }
  // A 64-bit cell index (addr64) used for several cells: its words computed once.
  ExprPtr base = p.comps.size() > 1 ? atomOffset(clone(*p.base.index), r) : clone(*p.base.index);
  for (size_t i = 0; i < p.comps.size(); ++i) {
    const Comp& c = p.comps[i];
    ExprPtr at = offsetPlus(clone(*base), lit(static_cast<int64_t>(c.offset), r), r);
    if (c.bytes > 1) writeBytes(p.base.storage, std::move(at), c.bytes, clone(*v.vals[i]), r);  // LowerUnion.cpp
    else writeCell(p.base.storage, std::move(at), clone(*v.vals[i]), cellType(c.type), r);
  }
}

Agg Lowerer::aggZeros(clang::QualType t, clang::SourceLocation at, kpl::SourceRange r) {
  Agg a;
  auto l = layoutOf(t, at);
  if (!l) {
    a.ok = false;
    return a;
  }
  for (const Comp& c : l->comps) {
    a.vals.push_back(lit(0, r));
    a.types.push_back(c.type);
  }
  return a;
}

AggPlace Lowerer::aggPlace(const clang::Expr* e) {
  e = e->IgnoreParens();
  kpl::SourceRange r = range(e);
  AggPlace p;
  if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(e); c && c->getCastKind() == clang::CK_NoOp && c->getSubExpr()->isGLValue())
    return aggPlace(c->getSubExpr());
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    AggPlace b = aggPlace(x->getBase());
    if (!b.ok) return b;
    llvm::SmallVector<uint32_t, 16> idx;
    x->getEncodedElementAccess(idx);
    std::vector<Comp> comps;
    size_t per = b.comps.empty() ? 1 : wordsPerElem(b.comps[0].type);
    for (uint32_t i : idx) {
      if ((i + 1) * per > b.comps.size()) {
        unsupported(e, "this vector component");
        return p;
      }
      for (size_t w = 0; w < per; ++w) comps.push_back(b.comps[i * per + w]);
    }
    b.comps = std::move(comps);
    return b;
  }
  const auto* cast = llvm::dyn_cast<clang::CastExpr>(e);
  bool place = llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::ArraySubscriptExpr>(e) ||
               llvm::isa<clang::MemberExpr>(e) || (llvm::isa<clang::CallExpr>(e) && e->isGLValue()) ||
               (cast && cast->isGLValue() && (cast->getCastKind() == clang::CK_DerivedToBase ||
                                              cast->getCastKind() == clang::CK_UncheckedDerivedToBase)) ||
               (llvm::isa<clang::UnaryOperator>(e) && llvm::cast<clang::UnaryOperator>(e)->getOpcode() == clang::UO_Deref);
  if (const clang::VarDecl* vd = refVar(e); vd && !lookup(vd) && vd->hasExternalStorage()) place = false;  // threadIdx …
  if (LVal bl; place && (llvm::isa<clang::MemberExpr>(e) || llvm::isa<clang::ArraySubscriptExpr>(e)) &&
               byteUnionPlace(e, bl)) {
    // A struct, array or vector member inside a union lowered as bytes: its components by C's
    // byte layout (LowerUnion.cpp).
    if (bl.kind != LVal::Kind::Cell) return p;
    Layout l;
    std::string why;
    if (!byteLayout(e->getType(), 0, "", l, why)) {
      unsupported(e, fmt::format("a member of type '{}' that {}", e->getType().getAsString(), why));
      return p;
    }
    p.base = std::move(bl);
    p.comps = std::move(l.comps);
    p.ok = true;
    return p;
  }
  if (place) {
    auto l = layoutOf(e->getType(), e->getBeginLoc());
    if (!l) return p;
    p.base = lvalue(e);
    if (p.base.kind != LVal::Kind::Cell) return p;
    p.comps = l->comps;
    p.ok = true;
    return p;
  }
  // A value that is not a place (a call's result, `v + w`, a literal): a temporary.
  auto l = layoutOf(e->getType(), e->getBeginLoc());
  if (!l) return p;
  Agg v = aggValue(e);
  if (!v.ok) return p;
  int st = newPrivate("_tmp", *l, "a temporary");
  p = privatePlace(st, *l, r);
  storeAgg(p, v, r);
  return p;
}

Agg Lowerer::aggValue(const clang::Expr* e) {
  e = e->IgnoreParens();
  kpl::SourceRange r = range(e);
  clang::QualType t = e->getType();
  Agg bad;
  bad.ok = false;
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return aggValue(c->getExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultInitExpr>(e)) return aggValue(c->getExpr());
  if (const auto* c = llvm::dyn_cast<clang::CompoundLiteralExpr>(e)) return aggValue(c->getInitializer());
  if (llvm::isa<clang::ImplicitValueInitExpr>(e) || llvm::isa<clang::CXXScalarValueInitExpr>(e))
    return aggZeros(t, e->getBeginLoc(), r);
  if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
    const clang::CXXConstructorDecl* ctor = c->getConstructor();
    if (ctor && ctor->isTrivial() && ctor->isCopyOrMoveConstructor() && c->getNumArgs() == 1) return aggValue(c->getArg(0));
    if (ctor && ctor->isTrivial() && ctor->isDefaultConstructor() && c->getNumArgs() == 0) return aggZeros(t, e->getBeginLoc(), r);
    return constructed(c);
  }
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
      case clang::CK_ConstructorConversion:  // `S(x)`, `dim3(x, y)`: the construction
      case clang::CK_UserDefinedConversion:  // `operator S() const`: the call of it
      case clang::CK_DerivedToBase:          // a derived object copied as its base
      case clang::CK_UncheckedDerivedToBase:
        if (c->getCastKind() != clang::CK_ConstructorConversion && c->getCastKind() != clang::CK_UserDefinedConversion &&
            sub->isGLValue())
          return loadAgg(aggPlace(e), r);
        return aggValue(sub);
      case clang::CK_LValueToRValue:
      case clang::CK_NoOp:
        if (llvm::isa<clang::CompoundLiteralExpr>(sub->IgnoreParens())) return aggValue(sub);  // `(int4)(…)`
        if (sub->isGLValue()) return loadAgg(aggPlace(sub), r);
        return aggValue(sub);
      case clang::CK_VectorSplat: {
        auto l = layoutOf(t, e->getBeginLoc());
        auto from = valType(sub->getType());
        if (!l || !from) {
          if (l) unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
          return bad;
        }
        Val s = snapVal(convertVal(anyValue(sub), *from, elemOf(l->comps[0].type), r), r);
        Agg a;
        for (const Comp& comp : l->comps) {
          a.vals.push_back(clone(comp.type.hiWord ? *s.hi : *s.lo));
          a.types.push_back(comp.type);
        }
        return a;
      }
      default:
        unsupported(e, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                           "' to '" + t.getAsString() + "'");
        return bad;
    }
  }
  if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(e)) {
    auto l = layoutOf(t, e->getBeginLoc());
    if (!l) return bad;
    Agg a;
    if (t->isVectorType()) {
      // `(int4)(a, v.xy, b)`: the components of vector elements in order.
      for (unsigned i = 0; i < list->getNumInits(); ++i) {
        const clang::Expr* in = list->getInit(i);
        if (isAgg(in->getType())) {
          Agg sub = aggValue(in);
          if (!sub.ok) return bad;
          for (ExprPtr& v : sub.vals) a.vals.push_back(std::move(v));
        } else if (isWideType(in->getType())) {  // a 64-bit element: its low word, then its high word
          Val w = wvalue(in);
          a.vals.push_back(std::move(w.lo));
          a.vals.push_back(std::move(w.hi));
        } else {
          a.vals.push_back(rvalue(in));
        }
      }
    } else {
      const clang::RecordDecl* rd = t->getAs<clang::RecordType>()->getDecl()->getDefinition();
      if (isByteUnion(rd)) return byteUnionInit(list, t);  // its bytes (LowerUnion.cpp)
      if (rd->isUnion() && list->getInitializedFieldInUnion() &&
          list->getInitializedFieldInUnion() != *rd->field_begin()) {
        // The union's value is laid out as its first member (unionCells): another member's
        // initialiser is not lowered.
        unsupported(e, fmt::format("an initialiser of union member '{}' (only the first member, '{}', is)",
                                   list->getInitializedFieldInUnion()->getNameAsString(),
                                   rd->field_begin()->getNameAsString()));
        return bad;
      }
      unsigned i = 0;
      // C++17 aggregates with bases: the bases' initialisers come first, as their cells do
      // (an empty base takes none).
      if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd))
        for (const clang::CXXBaseSpecifier& b : cxx->bases()) {
          const clang::Expr* in = i < list->getNumInits() ? list->getInit(i) : nullptr;
          ++i;
          const clang::CXXRecordDecl* bd = b.getType()->getAsCXXRecordDecl();
          if (bd && bd->field_empty() && bd->getNumBases() == 0) {
            const auto* init = in ? llvm::dyn_cast<clang::InitListExpr>(in->IgnoreParenImpCasts()) : nullptr;
            if (in && !(init && init->getNumInits() == 0) && !llvm::isa<clang::ImplicitValueInitExpr>(in)) {
              unsupported(in, "an initialiser of the empty base '" + b.getType().getAsString() + "'");
              return bad;
            }
            continue;
          }
          Agg sub = in ? aggValue(in) : aggZeros(b.getType(), e->getBeginLoc(), r);
          if (!sub.ok) return bad;
          for (ExprPtr& v : sub.vals) a.vals.push_back(std::move(v));
        }
      for (const clang::FieldDecl* f : rd->fields()) {
        const clang::Expr* in = i < list->getNumInits() ? list->getInit(i) : nullptr;
        ++i;
        if (isAgg(f->getType())) {
          Agg sub = in ? aggValue(in) : aggZeros(f->getType(), e->getBeginLoc(), r);
          if (!sub.ok) return bad;
          for (ExprPtr& v : sub.vals) a.vals.push_back(std::move(v));
        } else if (isPtrField(f->getType())) {  // a pointer field: its offset, its target's id
          if (!in || llvm::isa<clang::ImplicitValueInitExpr>(in)) {
            for (uint64_t k = 0; k < ptrFieldCells(f); ++k) a.vals.push_back(lit(0, r));
          } else {
            PtrVal p = pointer(in);
            if (p.storage == -1) return bad;
            addTarget(fieldCollector(f), p.storage);
            if (wideField(f)) {  // the offset's low word, the target's id, its high word
              Val w = offsetWords(std::move(p.offset), r);
              a.vals.push_back(snapshot(std::move(w.lo), r));
              a.vals.push_back(snapshot(baseOf(p.storage, r), r));
              a.vals.push_back(snapshot(std::move(w.hi), r));
            } else {
              a.vals.push_back(snapshot(std::move(p.offset), r));
              a.vals.push_back(snapshot(baseOf(p.storage, r), r));
            }
          }
        } else if (isWideType(f->getType())) {  // a 64-bit field: its low word, then its high word
          Val w = in ? wvalue(in) : zeroOf(true, r);
          a.vals.push_back(std::move(w.lo));
          a.vals.push_back(std::move(w.hi));
        } else {
          a.vals.push_back(in ? rvalue(in) : lit(0, r));
        }
        if (rd->isUnion()) break;  // the first member only
      }
    }
    while (a.vals.size() < l->comps.size()) a.vals.push_back(lit(0, r));
    if (a.vals.size() != l->comps.size()) {
      unsupported(e, "this initialiser of '" + t.getAsString() + "'");
      return bad;
    }
    for (const Comp& c : l->comps) a.types.push_back(c.type);
    return a;
  }
  if (const auto* oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    const auto* m = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(oc->getDirectCallee());
    if (oc->getOperator() == clang::OO_Equal && oc->getNumArgs() == 2 && assignTrivially(m)) {
      Agg v = aggValue(oc->getArg(1));  // C++17: the right operand first
      AggPlace p = aggPlace(oc->getArg(0));
      storeAgg(p, v, r);
      return v;
    }
    return aggCall(oc);  // an overloaded operator: inlined like a call
  }
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) return aggCall(c);
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return aggBinary(b);
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (u->getOpcode() == clang::UO_Deref) return loadAgg(aggPlace(e), r);
    if (u->getOpcode() == clang::UO_Plus) return aggValue(u->getSubExpr());
    if (t->isVectorType() && (u->getOpcode() == clang::UO_Minus || u->getOpcode() == clang::UO_Not ||
                              u->getOpcode() == clang::UO_LNot)) {
      Agg a = aggValue(u->getSubExpr());
      if (!a.ok) return bad;
      auto l = layoutOf(t, e->getBeginLoc());
      if (!l) return bad;
      if (isWide(elemType(a))) {  // 64-bit elements: KPL's 64-bit builtins per element
        IntType et = elemType(a);
        Agg res;
        for (size_t j = 0; j < elemCount(a); ++j) {
          Val v = takeElem(a, j);
          if (u->getOpcode() == clang::UO_Minus) {
            v = et.isFloat ? wideUnary(WideOp::DNegLo, std::move(v), r) : widePair(WideOp::LSubLo, zeroOf(true, r), std::move(v), r);
          } else if (u->getOpcode() == clang::UO_Not && !et.isFloat) {
            v = widePair(WideOp::LXorLo, std::move(v), wideLit(~uint64_t{0}, r), r);
          } else if (u->getOpcode() == clang::UO_LNot) {  // -1 (as a long) where the element is 0, else 0
            ExprPtr z = wideOp(et.isFloat ? WideOp::DEq : WideOp::LEq, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r));
            ExprPtr m = atom(un(UnaryOp::Neg, std::move(z), r), r);
            v = Val{clone(*m), std::move(m)};
          } else {
            unsupported(u, "operator '~' on a double vector");
            return bad;
          }
          pushElem(res, std::move(v), elemOf(l->comps[0].type), r);
        }
        return res;
      }
      for (size_t i = 0; i < a.vals.size(); ++i) {
        IntType et = a.types[i];
        ExprPtr v = std::move(a.vals[i]);
        if (u->getOpcode() == clang::UO_Minus)
          v = et.isFloat ? un(UnaryOp::FNeg, std::move(v), r) : normalize(un(UnaryOp::Neg, std::move(v), r), et, r);
        else if (u->getOpcode() == clang::UO_Not && !et.isFloat)
          v = normalize(un(UnaryOp::BitNot, std::move(v), r), et, r);
        else if (u->getOpcode() == clang::UO_LNot)  // -1 where the component is 0, else 0
          v = un(UnaryOp::Neg, bin(et.isFloat ? BinaryOp::FEq : BinaryOp::Eq, std::move(v), lit(0, r), r), r);
        else {
          unsupported(u, "operator '~' on a float vector");
          return bad;
        }
        a.vals[i] = std::move(v);
        a.types[i] = l->comps[i].type;
      }
      return a;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "' on '" +
                       t.getAsString() + "'");
    return bad;
  }
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    if (x->getBase()->isGLValue()) return loadAgg(aggPlace(e), r);
    Agg b = aggValue(x->getBase());
    if (!b.ok) return bad;
    llvm::SmallVector<uint32_t, 16> idx;
    x->getEncodedElementAccess(idx);
    Agg a;
    size_t per = b.types.empty() ? 1 : wordsPerElem(b.types[0]);
    for (uint32_t i : idx) {
      if ((i + 1) * per > b.vals.size()) return bad;
      for (size_t w = 0; w < per; ++w) {
        a.vals.push_back(clone(*b.vals[i * per + w]));
        a.types.push_back(b.types[i * per + w]);
      }
    }
    return a;
  }
  if (const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(e)) return aggConditional(co);
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e)) return asType(as);
  if (const clang::VarDecl* vd = refVar(e); vd && !lookup(vd) && vd->hasExternalStorage() && lang_ == Language::Cuda) {
    // threadIdx, blockIdx, blockDim, gridDim as whole values.
    std::string n = vd->getNameAsString();
    Agg a;
    for (unsigned d = 0; d < 3; ++d) {
      if (n == "threadIdx") a.vals.push_back(localId(d, r));
      else if (n == "blockIdx") a.vals.push_back(groupId(d, r));
      else if (n == "blockDim") a.vals.push_back(sizeExpr(launch_.localSize, d, r));
      else if (n == "gridDim") a.vals.push_back(sizeExpr(launch_.numGroups, d, r));
      else break;
      a.types.push_back(IntType{32, false});
    }
    if (a.vals.size() == 3) return a;
  }
  if (llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::MemberExpr>(e))
    return loadAgg(aggPlace(e), r);
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "' of type '" + t.getAsString() + "'");
  return bad;
}

ExprPtr Lowerer::vecElemOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, IntType t, clang::SourceLocation at,
                           kpl::SourceRange r) {
  bool cmp = op == clang::BO_LT || op == clang::BO_GT || op == clang::BO_LE || op == clang::BO_GE ||
             op == clang::BO_EQ || op == clang::BO_NE;
  ExprPtr v;
  if (t.isFloat) {
    v = bin(floatOp(op, at), std::move(a), std::move(b), r);
  } else {
    bool shift = op == clang::BO_Shl || op == clang::BO_Shr || op == clang::BO_ShlAssign || op == clang::BO_ShrAssign;
    if (shift && lang_ == Language::OpenCL) {
      // OpenCL C 1.2 §6.3(j): the amount's low log2(bits of the element) bits.
      int64_t mask = static_cast<int64_t>(t.width) - 1;
      b = b->kind == ExprKind::IntLit ? lit(b->value & mask, r) : bin(BinaryOp::BitAnd, std::move(b), lit(mask, r), r);
    }
    v = bin(arithOp(op, !t.isSigned, at), std::move(a), std::move(b), r);
  }
  if (cmp) return un(UnaryOp::Neg, std::move(v), r);  // true is -1 in every component
  return t.isFloat ? std::move(v) : normalize(std::move(v), t, r);
}

Agg Lowerer::aggBinary(const clang::BinaryOperator* b) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  Agg bad;
  bad.ok = false;
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return aggValue(b->getRHS());
  }
  if (op == clang::BO_Assign) {
    Agg v = aggValue(b->getRHS());
    AggPlace p = aggPlace(b->getLHS());
    storeAgg(p, v, r);
    return v;
  }
  if (!b->getType()->isVectorType() && !b->getLHS()->getType()->isVectorType()) {
    unsupported(b, std::string("operator '") + b->getOpcodeStr().str() + "' on '" + b->getType().getAsString() + "'");
    return bad;
  }
  if (op == clang::BO_LAnd || op == clang::BO_LOr) {
    unsupported(b, std::string("operator '") + b->getOpcodeStr().str() + "' on vectors");
    return bad;
  }
  if (b->isCompoundAssignmentOp()) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    if (!isAgg(ca->getRHS()->getType()) || !ca->getComputationResultType()->isVectorType()) {
      unsupported(b, "compound assignment of a scalar to a vector");
      return bad;
    }
    Agg v = aggValue(b->getRHS());
    AggPlace p = aggPlace(b->getLHS());
    Agg old = loadAgg(p, r);
    if (!v.ok || !old.ok || elemCount(v) != elemCount(old) || old.vals.empty()) return bad;
    Agg res;
    IntType et = elemType(old);
    for (size_t j = 0, n = elemCount(old); j < n; ++j)
      pushElem(res, vecElemVal(op, takeElem(old, j), takeElem(v, j), et, b->getOperatorLoc(), r), et, r);
    storeAgg(p, res, r);
    return res;
  }
  Agg x = aggValue(b->getLHS());
  Agg y = aggValue(b->getRHS());
  auto l = layoutOf(b->getType(), b->getBeginLoc());
  if (!x.ok || !y.ok || !l || x.vals.empty() || elemCount(x) != elemCount(y) ||
      x.vals.size() / wordsPerElem(x.types[0]) != l->comps.size() / wordsPerElem(l->comps[0].type))
    return bad;
  Agg res;
  IntType et = elemType(x), rt = elemOf(l->comps[0].type);
  for (size_t j = 0, n = elemCount(x); j < n; ++j)
    pushElem(res, vecElemVal(op, takeElem(x, j), takeElem(y, j), et, b->getOperatorLoc(), r), rt, r);
  return res;
}

/// One element of a vector operation; a 64-bit element with KPL's 64-bit builtins
/// (a comparison gives -1 or 0 as a long: both words).
Val Lowerer::vecElemVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                        kpl::SourceRange r) {
  if (!isWide(t)) return Val{vecElemOp(op, std::move(a.lo), std::move(b.lo), t, at, r), nullptr};
  if (clang::BinaryOperator::isCompoundAssignmentOp(op)) op = clang::BinaryOperator::getOpForCompoundAssignment(op);
  if (clang::BinaryOperator::isComparisonOp(op)) {
    ExprPtr m = atom(un(UnaryOp::Neg, wideCompare(op, std::move(a), std::move(b), t, at, r), r), r);
    return Val{clone(*m), std::move(m)};
  }
  if (op == clang::BO_Shl || op == clang::BO_Shr) {
    // OpenCL C 1.2 §6.3(j): the amount's low 6 bits (all in its low word).
    if (lang_ != Language::OpenCL) {
      unsupported(at, "a shift of a 64-bit vector outside OpenCL");
      return zeroOf(true, r);
    }
    b = Val{shiftAmount(std::move(b.lo), r, 64), nullptr};
  } else if (!b.hi) {
    unsupported(at, "an operand of this 64-bit vector operation that is not 64-bit");
    return zeroOf(true, r);
  }
  return arithVal(op, std::move(a), std::move(b), t, at, r);
}

Agg Lowerer::aggConditional(const clang::ConditionalOperator* co) {
  kpl::SourceRange r = range(co);
  Agg bad;
  bad.ok = false;
  if (co->getCond()->getType()->isVectorType()) {
    // OpenCL C 1.2 §6.3(i): select(false arm, true arm, condition): every operand is
    // evaluated, and each component is chosen by the most significant bit of the condition's.
    Agg k = aggValue(co->getCond());
    Agg x = aggValue(co->getTrueExpr());
    Agg y = aggValue(co->getFalseExpr());
    if (!k.ok || !x.ok || !y.ok || elemCount(k) != elemCount(x) || x.vals.size() != y.vals.size()) return bad;
    Agg a;
    IntType kt = elemType(k), et = elemType(x);
    for (size_t j = 0, n = elemCount(x); j < n; ++j)
      pushElem(a, chooseVal(elemMsb(takeElem(k, j), kt, r), takeElem(x, j), takeElem(y, j), r), et, r);
    return a;
  }
  ExprPtr k = condition(co->getCond());
  Agg x, y;
  std::vector<StmtPtr> xs = capture([&] { x = aggValue(co->getTrueExpr()); });
  std::vector<StmtPtr> ys = capture([&] { y = aggValue(co->getFalseExpr()); });
  if (!x.ok || !y.ok || x.vals.size() != y.vals.size()) return bad;
  Agg a;
  a.types = x.types;
  if (xs.empty() && ys.empty()) {
    k = snapshot(std::move(k), r);
    for (size_t i = 0; i < x.vals.size(); ++i) a.vals.push_back(cond(clone(*k), std::move(x.vals[i]), std::move(y.vals[i]), r));
    return a;
  }
  for (size_t i = 0; i < x.vals.size(); ++i) {
    std::string t = temp();
    auto ax = stmt(StmtKind::Assign, r);
    ax->target = kpl::Ident{t, r};
    ax->exprs.push_back(std::move(x.vals[i]));
    xs.push_back(std::move(ax));
    auto ay = stmt(StmtKind::Assign, r);
    ay->target = kpl::Ident{t, r};
    ay->exprs.push_back(std::move(y.vals[i]));
    ys.push_back(std::move(ay));
    a.vals.push_back(nameExpr(t, r));
  }
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return a;
}

ExprPtr Lowerer::msbSet(ExprPtr v, IntType t, kpl::SourceRange r) {
  if (t.isSigned || t.width >= 32) return bin(BinaryOp::Lt, std::move(v), lit(0, r), r);
  return bin(BinaryOp::Ne, bin(BinaryOp::BitAnd, std::move(v), lit(int64_t{1} << (t.width - 1), r), r), lit(0, r), r);
}

/// as_T(v) (OpenCL's __builtin_astype): the same bits read as another type of the same size.
/// Components keep their order when the element sizes agree; a split or join of elements
/// (as_char4(int), whose result depends on the device's byte order) is refused.
Agg Lowerer::asType(const clang::AsTypeExpr* as) {
  kpl::SourceRange r = range(as);
  Agg bad;
  bad.ok = false;
  const clang::Expr* src = as->getSrcExpr();
  clang::QualType from = src->getType(), to = as->getType();
  auto elemBits = [&](clang::QualType q) -> uint64_t {
    q = q.getCanonicalType();
    if (const auto* vt = q->getAs<clang::VectorType>()) return ctx_.getTypeSize(vt->getElementType());
    return ctx_.getTypeSize(q);
  };
  auto count = [](clang::QualType q) -> unsigned {
    const auto* vt = q.getCanonicalType()->getAs<clang::VectorType>();
    return vt ? vt->getNumElements() : 1;
  };
  auto l = layoutOf(to, as->getBeginLoc());
  if (!l) return bad;
  if (elemBits(from) != elemBits(to) || count(from) != count(to)) {
    unsupported(as, "reinterpreting '" + from.getUnqualifiedType().getAsString() + "' as '" + to.getAsString() +
                        "' (as_type between different element sizes or counts depends on the device's layout)");
    return bad;
  }
  Agg v;
  if (isAgg(from)) {
    v = aggValue(src);
  } else {
    auto ft = intType(from);
    if (!ft) {
      unsupported(src, "type '" + from.getAsString() + "'" + typeReason(from));
      return bad;
    }
    v.vals.push_back(rvalue(src));
    v.types.push_back(*ft);
  }
  if (!v.ok || v.vals.size() != l->comps.size()) return bad;
  Agg res;
  for (size_t i = 0; i < v.vals.size(); ++i) {
    bool word = isWide(l->comps[i].type) || isWide(v.types[i]);  // a word of a 64-bit element: the same bits
    res.vals.push_back(word ? std::move(v.vals[i]) : reinterpret(std::move(v.vals[i]), v.types[i], l->comps[i].type, r));
    res.types.push_back(l->comps[i].type);
  }
  return res;
}

}  // namespace sdvmc::clangfe::lowering
