// Expressions whose value is a word: 32 bits or less, float included (part of the Lowerer,
// Lowerer.h). C expressions are flattened: every memory read becomes `t := rd(A, i);` before
// its use, every side effect its own statement, in C's order (C++17's for CUDA assignments:
// right operand first); the right operand of `&&`/`||` and the arms of `?:` that need
// statements run under an `if` on the condition. Values of other types go to LowerWide.cpp
// (64-bit), LowerAggregate.cpp (structs and vectors) and LowerPointer.cpp (pointers), calls to
// LowerCall.cpp.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <tuple>

namespace sdvmc::clangfe::lowering {

ExprPtr Lowerer::shiftAmount(ExprPtr n, kpl::SourceRange r, int32_t width) {
  if (lang_ != Language::OpenCL) return n;
  if (n->kind == ExprKind::IntLit) return lit(n->value & (width - 1), r);
  return bin(BinaryOp::BitAnd, std::move(n), lit(width - 1, r), r);
}

BinaryOp Lowerer::floatOp(clang::BinaryOperatorKind op, clang::SourceLocation at) {
  switch (op) {
    case clang::BO_Mul: case clang::BO_MulAssign: return BinaryOp::FMul;
    case clang::BO_Div: case clang::BO_DivAssign: return BinaryOp::FDiv;
    case clang::BO_Add: case clang::BO_AddAssign: return BinaryOp::FAdd;
    case clang::BO_Sub: case clang::BO_SubAssign: return BinaryOp::FSub;
    case clang::BO_LT: return BinaryOp::FLt;
    case clang::BO_GT: return BinaryOp::FGt;
    case clang::BO_LE: return BinaryOp::FLe;
    case clang::BO_GE: return BinaryOp::FGe;
    case clang::BO_EQ: return BinaryOp::FEq;
    case clang::BO_NE: return BinaryOp::FNe;
    default: break;
  }
  unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' on float");
  return BinaryOp::FAdd;
}

ExprPtr Lowerer::load(LVal& lv, kpl::SourceRange r) {
  switch (lv.kind) {
    case LVal::Kind::Local: return nameExpr(lv.local, r);
    case LVal::Kind::Cell:
      if (lv.bytes > 1) return readBytes(lv.storage, clone(*lv.index), lv.bytes, lv.type, r);  // LowerUnion.cpp
      return readCell(lv.storage, clone(*lv.index), lv.type, r);
    case LVal::Kind::Pointer:
    case LVal::Kind::Invalid: return lit(0, r);
  }
  return lit(0, r);
}

void Lowerer::store(LVal& lv, ExprPtr v, kpl::SourceRange r) {
  switch (lv.kind) {
    case LVal::Kind::Local: emitAssign(lv.local, std::move(v), r); return;
    case LVal::Kind::Cell:
      if (lv.bytes > 1) writeBytes(lv.storage, clone(*lv.index), lv.bytes, std::move(v), r);  // LowerUnion.cpp
      else writeCell(lv.storage, clone(*lv.index), std::move(v), lv.type, r);
      return;
    case LVal::Kind::Pointer:
    case LVal::Kind::Invalid: return;
  }
}

BinaryOp Lowerer::arithOp(clang::BinaryOperatorKind op, bool u, clang::SourceLocation at) {
  switch (op) {
    case clang::BO_Mul: case clang::BO_MulAssign: return BinaryOp::Mul;
    case clang::BO_Div: case clang::BO_DivAssign: return u ? BinaryOp::UDiv : BinaryOp::Div;
    case clang::BO_Rem: case clang::BO_RemAssign: return u ? BinaryOp::URem : BinaryOp::Rem;
    case clang::BO_Add: case clang::BO_AddAssign: return BinaryOp::Add;
    case clang::BO_Sub: case clang::BO_SubAssign: return BinaryOp::Sub;
    case clang::BO_Shl: case clang::BO_ShlAssign: return BinaryOp::Shl;
    case clang::BO_Shr: case clang::BO_ShrAssign: return u ? BinaryOp::LShr : BinaryOp::Shr;
    case clang::BO_LT: return u ? BinaryOp::ULt : BinaryOp::Lt;
    case clang::BO_GT: return u ? BinaryOp::UGt : BinaryOp::Gt;
    case clang::BO_LE: return u ? BinaryOp::ULe : BinaryOp::Le;
    case clang::BO_GE: return u ? BinaryOp::UGe : BinaryOp::Ge;
    case clang::BO_EQ: return BinaryOp::Eq;
    case clang::BO_NE: return BinaryOp::Ne;
    case clang::BO_And: case clang::BO_AndAssign: return BinaryOp::BitAnd;
    case clang::BO_Xor: case clang::BO_XorAssign: return BinaryOp::BitXor;
    case clang::BO_Or: case clang::BO_OrAssign: return BinaryOp::BitOr;
    default: break;
  }
  unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "'");
  return BinaryOp::Add;
}

ExprPtr Lowerer::truth(const clang::Expr* e) {
  kpl::SourceRange r = range(e);
  if (e->getType()->isPointerType() || e->getType()->isArrayType()) {
    PtrVal p = pointer(e);
    if (isDynamic(p.storage)) return bin(BinaryOp::Ne, baseOf(p.storage, r), lit(0, r), r);
    return lit(p.storage == -2 ? 0 : 1, r);
  }
  if (auto wt = wideType(e->getType())) {  // != 0 (a double: ordered, so NaN is true)
    Val v = wvalue(e);
    return wideOp(wt->isFloat ? WideOp::DNe : WideOp::LNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r));
  }
  ExprPtr v = rvalue(e);
  if (e->getType()->isBooleanType()) return v;
  if (isFloat(e->getType())) return bin(BinaryOp::FNe, std::move(v), lit(0, r), r);
  return asBool(std::move(v), r);
}

ExprPtr Lowerer::condition(const clang::Expr* e) {
  if (e->getType()->isPointerType() || isFloat(e->getType()) || isWideType(e->getType())) return truth(e);
  return rvalue(e);
}

ExprPtr Lowerer::rvalue(const clang::Expr* e, bool need) {
  kpl::SourceRange r = range(e);
  clang::QualType t = e->getType();
  if (t->isPointerType() || t->isArrayType()) {
    const clang::Expr* bare = e->IgnoreParens();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(bare); b && b->isAssignmentOp()) return rvalueAssign(b, need);
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(bare); u && u->isIncrementDecrementOp())
      return rvalueIncDec(u, need);
    PtrVal p = pointer(e);
    if (need) unsupported(e, "a pointer used as an integer value");
    return lit(0, r);
  }
  if (isAgg(t)) {
    // A struct or vector: its side effects (an assignment, a call); as a scalar, unsupported.
    Agg a = aggValue(e);
    if (need && a.ok) unsupported(e, "a value of type '" + t.getAsString() + "' used as a scalar");
    return lit(0, r);
  }
  if (isWideType(t)) {
    // Callers take 64-bit values with wvalue; here only for the side effects.
    wvalue(e, need);
    if (need) unsupported(e, "a 64-bit value where a 32-bit one is expected");
    return lit(0, r);
  }
  if (!t->isVoidType()) {
    if (!intType(t)) {
      unsupported(e, "type '" + t.getAsString() + "'" + typeReason(t));
      return lit(0, r);
    }
    if (!e->isValueDependent() && !e->HasSideEffects(ctx_)) {
      clang::Expr::EvalResult res;
      if (isFloat(t)) {
        // Clang folds float constants exactly (IEEE single precision, round to nearest).
        llvm::APFloat f(0.0f);
        if (e->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEsingle())
          return lit(static_cast<int64_t>(f.bitcastToAPInt().getZExtValue()), r);
      } else if (e->EvaluateAsInt(res, ctx_) && !res.HasSideEffects) {
        return lit(static_cast<int64_t>(static_cast<uint32_t>(res.Val.getInt().getExtValue())), r);
      }
    }
  }
  if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(e)) return rvalue(p->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return rvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return rvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return rvalue(c->getExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return rvalueCast(c, need);
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return rvalueBinary(b, need);
  if (const auto* c = llvm::dyn_cast<clang::AbstractConditionalOperator>(e)) return conditional(c, need);
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
    if (ExprPtr v = valueOfRefCall(c, need)) return v;  // `return std::min(a, b);` in a by-value helper
    return call(c, need);
  }
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return memberId(m);
  if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::DeclRefExpr>(e) ||
      llvm::isa<clang::ExtVectorElementExpr>(e)) {
    LVal lv = lvalue(e);
    return load(lv, r);
  }
  if (const auto* d = llvm::dyn_cast<clang::CXXDefaultInitExpr>(e)) return rvalue(d->getExpr(), need);
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_Plus:
      case clang::UO_Extension: return rvalue(sub, need);
      case clang::UO_Minus:
        if (nsw_.count(u)) return bin(BinaryOp::NswSub, lit(0, r), rvalue(sub), r);  // -INT_MIN overflows
        return un(isFloat(t) ? UnaryOp::FNeg : UnaryOp::Neg, rvalue(sub), r);
      case clang::UO_Not: return un(UnaryOp::BitNot, rvalue(sub), r);
      case clang::UO_LNot: return un(UnaryOp::LogNot, condition(sub), r);
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: return rvalueIncDec(u, need);
      case clang::UO_Deref: {
        LVal lv = lvalue(e);
        return load(lv, r);
      }
      default: break;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "'");
    return lit(0, r);
  }
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e)) {
    Agg a = asType(as);
    return a.ok && a.vals.size() == 1 ? std::move(a.vals[0]) : lit(0, r);
  }
  if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(e)) {
    unsupported(e, "sizeof/alignof of a type without a constant size");
    return lit(0, r);
  }
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "'");
  return lit(0, r);
}

ExprPtr Lowerer::rvalueCast(const clang::CastExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  if (auto from = wideType(sub->getType())) {
    // A 64-bit value converted to a word (the result is not 64-bit: rvalue took those).
    switch (c->getCastKind()) {
      case clang::CK_IntegralCast: case clang::CK_IntegralToBoolean: case clang::CK_IntegralToFloating:
      case clang::CK_FloatingToIntegral: case clang::CK_FloatingToBoolean: case clang::CK_FloatingCast: {
        auto to = valType(c->getType());
        Val v = wvalue(sub, need);
        if (!to) {
          unsupported(c, "type '" + c->getType().getAsString() + "'" + typeReason(c->getType()));
          return lit(0, r);
        }
        if (c->getCastKind() == clang::CK_FloatingToIntegral) v = checkedConversion(std::move(v), *from, *to, r);
        return std::move(convertVal(std::move(v), *from, *to, r).lo);
      }
      case clang::CK_ToVoid: wvalue(sub, false); return lit(0, r);
      default: break;
    }
  }
  switch (c->getCastKind()) {
    case clang::CK_LValueToRValue: {
      const clang::Expr* bare = sub->IgnoreParens();
      if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(bare)) return memberId(m);
      if (const clang::VarDecl* vd = refVar(bare); vd && lang_ == Language::Cuda && vd->hasExternalStorage() &&
                                                   vd->getName() == "warpSize" && !lookup(vd))
        return warpSizeExpr(bare);
      if (ExprPtr v = valueOfRefCall(bare, need)) return v;
      // C++ lvalues that are not places: an assignment, ++x, `c ? a : b`, `(a, b)`. Their
      // value is what C computes (the stored value; the chosen operand), read once.
      if (!llvm::isa<clang::DeclRefExpr>(bare) && !llvm::isa<clang::ArraySubscriptExpr>(bare) &&
          !(llvm::isa<clang::UnaryOperator>(bare) && llvm::cast<clang::UnaryOperator>(bare)->getOpcode() == clang::UO_Deref))
        return rvalue(bare, need);
      LVal lv = lvalue(sub);
      return load(lv, r);
    }
    case clang::CK_NoOp:
    // A conversion operator (`explicit operator float() const`): the call of it, the sub-expression.
    case clang::CK_UserDefinedConversion: return rvalue(sub, need);
    case clang::CK_ToVoid: rvalue(sub, false); return lit(0, r);
    case clang::CK_ZeroToOCLOpaqueType: return lit(0, r);  // `0` as an event_t: no event (LowerAsync.cpp)
    case clang::CK_IntegralCast: {
      auto from = intType(sub->getType());
      auto to = intType(c->getType());
      ExprPtr v = rvalue(sub, need);
      if (!from || !to) return v;
      return convert(std::move(v), *from, *to, r);
    }
    case clang::CK_IntegralToBoolean: return asBool(rvalue(sub, need), r);
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingToBoolean:
    case clang::CK_FloatingCast: {
      auto from = intType(sub->getType());
      auto to = intType(c->getType());
      if (!from) {
        unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
        return lit(0, r);
      }
      ExprPtr v = rvalue(sub, need);
      if (!to) return v;
      if (c->getCastKind() == clang::CK_FloatingToIntegral)
        v = std::move(checkedConversion(Val{std::move(v), nullptr}, *from, *to, r).lo);
      return convert(std::move(v), *from, *to, r);
    }
    case clang::CK_PointerToBoolean: return truth(sub);
    case clang::CK_PointerToIntegral:
      // To a word: the 32-bit target (refused there), or OpenCL's 32-bit pointers.
      if (addressCellBytes(sub->getType()->getPointeeType(), c) == 0) return lit(0, r);
      break;
    default: break;
  }
  unsupported(c, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                     "' to '" + c->getType().getAsString() + "'");
  return lit(0, r);
}

ExprPtr Lowerer::rvalueBinary(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  if (b->isAssignmentOp()) return rvalueAssign(b, need);
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return rvalue(b->getRHS(), need);
  }
  if (op == clang::BO_LAnd || op == clang::BO_LOr) return logical(b->getLHS(), b->getRHS(), op == clang::BO_LAnd, r);
  clang::QualType lt = b->getLHS()->getType(), rt = b->getRHS()->getType();
  if (lt->isPointerType() || rt->isPointerType()) {
    Val* const diffOut = std::exchange(ptrDiff_, nullptr);  // wbinary's `p - q` (not its operands')
    if (!lt->isPointerType() || !rt->isPointerType()) {
      unsupported(b, "this pointer arithmetic used as an integer");
      return lit(0, r);
    }
    PtrVal p = pointer(b->getLHS());
    PtrVal q = pointer(b->getRHS());
    if (p.storage == -1 || q.storage == -1) return lit(0, r);
    bool same = p.storage == q.storage;
    if ((op == clang::BO_EQ || op == clang::BO_NE) && !same && (isDynamic(p.storage) || isDynamic(q.storage))) {
      // Equal when they name the same storage at run time and the same cell.
      ExprPtr cellEq;
      if (std::optional<Val> w = wideOffsetOp(clang::BO_EQ, clone(*p.offset), clone(*q.offset), 1, b->getOperatorLoc(), r))
        cellEq = std::move(w->lo);  // 64-bit offsets: both words
      else
        cellEq = bin(BinaryOp::Eq, std::move(p.offset), std::move(q.offset), r);
      ExprPtr eq = bin(BinaryOp::LogAnd, bin(BinaryOp::Eq, baseOf(p.storage, r), baseOf(q.storage, r), r),
                       std::move(cellEq), r);
      return op == clang::BO_EQ ? std::move(eq) : un(UnaryOp::LogNot, std::move(eq), r);
    }
    if (op == clang::BO_EQ || op == clang::BO_NE) {
      if (!same) return lit(op == clang::BO_NE ? 1 : 0, r);  // distinct arrays never alias
      if (!smallTarget(p.storage))
        if (std::optional<Val> w = wideOffsetOp(op, clone(*p.offset), clone(*q.offset), 1, b->getOperatorLoc(), r))
          return std::move(w->lo);  // 64-bit offsets: both words
      return bin(op == clang::BO_EQ ? BinaryOp::Eq : BinaryOp::Ne, std::move(p.offset), std::move(q.offset), r);
    }
    if (!same && p.storage != -2 && q.storage != -2 && (isDynamic(p.storage) || isDynamic(q.storage))) {
      // A run-time base: C defines `<` and `-` only within one array, asserted here.
      emitCheck(StmtKind::Assert, bin(BinaryOp::Eq, baseOf(p.storage, r), baseOf(q.storage, r), r), r);
      same = true;
    }
    if (!same || p.storage == -2) {
      unsupported(b, "comparing or subtracting pointers into different arrays");
      return lit(0, r);
    }
    if (!smallTarget(p.storage) && wideOffsets() && (isAddr64(*p.offset) || isAddr64(*q.offset))) {
      // 64-bit offsets (pointer locals with a high word): both words compared or subtracted.
      const uint64_t pcells = op == clang::BO_Sub ? pointeeCells(lt->getPointeeType(), b->getBeginLoc()) : 1;
      std::optional<Val> w = wideOffsetOp(op, clone(*p.offset), clone(*q.offset), pcells, b->getOperatorLoc(), r);
      if (op != clang::BO_Sub) return std::move(w->lo);  // a comparison
      if (diffOut) {  // the 64-bit ptrdiff_t (wbinary)
        *diffOut = std::move(*w);
        return lit(0, r);
      }
      return std::move(w->lo);  // a difference converted to a word: its low word
    }
    if (op == clang::BO_Sub) {
      ExprPtr d = bin(BinaryOp::Sub, std::move(p.offset), std::move(q.offset), r);
      uint64_t cells = pointeeCells(lt->getPointeeType(), b->getBeginLoc());
      if (cells != 1) d = bin(BinaryOp::Div, std::move(d), lit(static_cast<int64_t>(cells), r), r);
      return d;
    }
    return bin(arithOp(op, false, b->getOperatorLoc()), std::move(p.offset), std::move(q.offset), r);
  }
  if (auto wt = wideType(lt)) {  // a comparison of 64-bit values (a 64-bit result went to wvalue)
    Val a = wvalue(b->getLHS());
    Val c = wvalue(b->getRHS());
    return wideCompare(op, std::move(a), std::move(c), *wt, b->getOperatorLoc(), r);
  }
  auto ot = intType(lt);
  ExprPtr a = rvalue(b->getLHS());
  bool shift = op == clang::BO_Shl || op == clang::BO_Shr;
  ExprPtr c = shift ? shiftAmountOf(b->getRHS(), 32, r) : rvalue(b->getRHS());
  if (!ot) return lit(0, r);
  if (ot->isFloat) return bin(floatOp(op, b->getOperatorLoc()), std::move(a), std::move(c), r);
  return bin(checkedOp(b, arithOp(op, !ot->isSigned && !ot->isBool, b->getOperatorLoc())), std::move(a), std::move(c), r);
}

BinaryOp Lowerer::checkedOp(const clang::Expr* e, BinaryOp op) const {
  // (README.md, "Signed overflow") `int` + - * reaching an address: an overflow is a verdict.
  if (!nsw_.count(e)) return op;
  return op == BinaryOp::Add ? BinaryOp::NswAdd : op == BinaryOp::Sub ? BinaryOp::NswSub
       : op == BinaryOp::Mul ? BinaryOp::NswMul : op;
}

ExprPtr Lowerer::rvalueAssign(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  const clang::Expr* lhs = b->getLHS();
  const clang::Expr* rhs = b->getRHS();
  clang::BinaryOperatorKind op = b->getOpcode();
  if (lhs->getType()->isPointerType()) {
    if (need) unsupported(b, "a pointer assignment used as a value");
    // C++17 (and a safe order for C): the right operand first.
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(lhs->IgnoreParens());
        m && isPtrField(lhs->getType()) && op == clang::BO_Assign) {
      PtrVal p = pointer(rhs);
      writePointerField(m, std::move(p), r);
      return lit(0, r);
    }
    if (op == clang::BO_Assign) {
      PtrVal p = pointer(rhs);
      LVal lv = lvalue(lhs);
      if (lv.kind == LVal::Kind::Cell && lv.ptrColl >= 0) {  // `rows[i] = p`, a `__shared__ T*`: its two cells
        writePointerCells(lv.storage, std::move(lv.index), std::move(p), lv.ptrColl, r, lv.ptrWide);
        return lit(0, r);
      }
      if (lv.kind != LVal::Kind::Pointer || !lv.var) return lit(0, r);
      const clang::VarDecl* vd = refVar(lhs);
      assignPointer(*lv.var, std::move(p), vd, b->getBeginLoc(), r);
      return lit(0, r);
    }
    if (op == clang::BO_AddAssign || op == clang::BO_SubAssign) {
      ExprPtr k = wordIndex(rhs);
      LVal lv = lvalue(lhs);
      const uint64_t cells = pointeeCells(lhs->getType()->getPointeeType(), b->getBeginLoc());
      // The step by pointerStep: in 64 bits on the 64-bit target (a one-word place assigned an
      // offset beyond the Word is `inconclusive`, never wrapped), else offset ± k × cells in words.
      const bool sub = op == clang::BO_SubAssign;
      if (lv.kind == LVal::Kind::Cell && lv.ptrColl >= 0) {  // `rows[i] += k`, `s.f += k`: read, stepped, written back
        ExprPtr idx = snapshot(std::move(lv.index), r);
        PtrVal old = readPointerCells(lv.storage, clone(*idx), lv.ptrColl, "_ptr", r, lv.ptrWide);
        old.offset = pointerStep(std::move(old.offset), std::move(k), rhs->getType(), cells, sub, r, old.storage);
        writePointerCells(lv.storage, std::move(idx), std::move(old), lv.ptrColl, r, lv.ptrWide);
        return lit(0, r);
      }
      if (lv.kind != LVal::Kind::Pointer || !lv.var) return lit(0, r);
      if (lv.var->local.empty()) {
        unsupported(b, "assignment to a pointer parameter");
        return lit(0, r);
      }
      assignOffset(*lv.var, pointerStep(ptrOffsetOf(*lv.var, r), std::move(k), rhs->getType(), cells, sub, r,
                                        lv.var->storage), r);
      return lit(0, r);
    }
    unsupported(b, "this pointer assignment");
    return lit(0, r);
  }
  // A 64-bit right operand or computation (`i += l`, `f *= d`, `i <<= l`): the general path.
  if (isWideType(rhs->getType()) ||
      (op != clang::BO_Assign && isWideType(llvm::cast<clang::CompoundAssignOperator>(b)->getComputationLHSType())))
    return std::move(assignVal(b, need).lo);
  ExprPtr v = rvalue(rhs);
  LVal lv = lvalue(lhs);
  if (lv.kind == LVal::Kind::Invalid) return lit(0, r);
  if (op != clang::BO_Assign) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    auto compL = intType(ca->getComputationLHSType());
    auto compR = intType(ca->getComputationResultType());
    if (!compL || !compR) {
      unsupported(b, "compound assignment in type '" + ca->getComputationResultType().getAsString() + "'");
      return lit(0, r);
    }
    ExprPtr old = convert(load(lv, r), lv.type, *compL, r);
    if (op == clang::BO_ShlAssign || op == clang::BO_ShrAssign) v = shiftAmount(std::move(v), r);
    BinaryOp kop = compL->isFloat ? floatOp(op, b->getOperatorLoc())
                                  : checkedOp(b, arithOp(op, !compL->isSigned && !compL->isBool, b->getOperatorLoc()));
    ExprPtr res = bin(kop, std::move(old), std::move(v), r);
    res = std::move(checkedConversion(Val{std::move(res), nullptr}, *compR, lv.type, r).lo);  // `i += 0.5f * x`
    v = convert(std::move(res), *compR, lv.type, r);
  }
  if (!need) {
    store(lv, std::move(v), r);
    return lit(0, r);
  }
  v = snapshot(std::move(v), r);
  store(lv, clone(*v), r);
  return v;
}

ExprPtr Lowerer::rvalueIncDec(const clang::UnaryOperator* u, bool need) {
  kpl::SourceRange r = range(u);
  const clang::Expr* sub = u->getSubExpr();
  bool inc = u->isIncrementOp();
  bool post = u->isPostfix();
  if (sub->getType()->isPointerType()) {
    if (need) unsupported(u, "a pointer increment used as an integer");
    pointer(u);
    return lit(0, r);
  }
  LVal lv = lvalue(sub);
  if (lv.kind == LVal::Kind::Invalid) return lit(0, r);
  ExprPtr old = load(lv, r);
  if (post && need) old = snapshot(std::move(old), r);
  ExprPtr nv = lv.type.isFloat
                   ? bin(inc ? BinaryOp::FAdd : BinaryOp::FSub, clone(*old), lit(kFloatOne, r), r)
                   : normalize(bin(checkedOp(u, inc ? BinaryOp::Add : BinaryOp::Sub), clone(*old), lit(1, r), r), lv.type, r);
  if (!need) {
    store(lv, std::move(nv), r);
    return lit(0, r);
  }
  if (post) {
    store(lv, std::move(nv), r);
    return old;
  }
  nv = snapshot(std::move(nv), r);
  store(lv, clone(*nv), r);
  return nv;
}

ExprPtr Lowerer::logical(const clang::Expr* lhs, const clang::Expr* rhs, bool isAnd, kpl::SourceRange r) {
  ExprPtr a = condition(lhs);
  ExprPtr b;
  std::vector<StmtPtr> guarded = capture([&] { b = condition(rhs); });
  if (guarded.empty()) return bin(isAnd ? BinaryOp::LogAnd : BinaryOp::LogOr, std::move(a), std::move(b), r);
  // Only the threads that evaluate the right operand run its reads and side effects.
  std::string t = temp();
  emitAssign(t, asBool(std::move(a), r), r);
  kpl::SourceRange rr = range(rhs);
  {
    auto as = stmt(StmtKind::Assign, rr);
    as->target = kpl::Ident{t, rr};
    as->exprs.push_back(asBool(std::move(b), rr));
    guarded.push_back(std::move(as));
  }
  emitIf(isAnd ? nameExpr(t, r) : un(UnaryOp::LogNot, nameExpr(t, r), r), std::move(guarded), std::nullopt, r);
  return nameExpr(t, r);
}

ExprPtr Lowerer::conditional(const clang::AbstractConditionalOperator* c, bool need) {
  kpl::SourceRange r = range(c);
  const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(c);
  if (!co) {
    unsupported(c, "the GNU '?:' operator");
    return lit(0, r);
  }
  ExprPtr k = condition(co->getCond());
  bool isVoid = co->getType()->isVoidType();
  ExprPtr x, y;
  std::vector<StmtPtr> xs = capture([&] { x = rvalue(co->getTrueExpr(), need && !isVoid); });
  std::vector<StmtPtr> ys = capture([&] { y = rvalue(co->getFalseExpr(), need && !isVoid); });
  if (xs.empty() && ys.empty()) {
    if (isVoid || !need) return lit(0, r);
    return cond(std::move(k), std::move(x), std::move(y), r);
  }
  if (need && !isVoid) {
    std::string t = temp();
    auto ax = stmt(StmtKind::Assign, range(co->getTrueExpr()));
    ax->target = kpl::Ident{t, ax->range};
    ax->exprs.push_back(std::move(x));
    xs.push_back(std::move(ax));
    auto ay = stmt(StmtKind::Assign, range(co->getFalseExpr()));
    ay->target = kpl::Ident{t, ay->range};
    ay->exprs.push_back(std::move(y));
    ys.push_back(std::move(ay));
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return nameExpr(t, r);
  }
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return lit(0, r);
}

LVal Lowerer::lvalue(const clang::Expr* e) {
  e = e->IgnoreParens();
  LVal lv;
  kpl::SourceRange r = range(e);
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    // A structured binding (`auto [a, b] = p;`) names a field (or element) of its hidden variable.
    if (const auto* bd = llvm::dyn_cast<clang::BindingDecl>(d->getDecl()); bd && bd->getBinding())
      return lvalue(bd->getBinding());
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (!vd) {
      unsupported(e, "a reference to '" + d->getDecl()->getNameAsString() + "'");
      return lv;
    }
    if (VarInfo* v = lookup(vd)) {
      if (v->ref) {  // a reference to a cell: that cell
        lv.kind = LVal::Kind::Cell;
        lv.storage = v->storage;
        lv.index = offsetOf(*v, r);
        lv.type = placeType(vd->getType().getNonReferenceType(), e->getBeginLoc());
        return lv;
      }
      if (v->kind == VarInfo::Kind::Scalar) {
        lv.kind = LVal::Kind::Local;
        lv.local = v->local;
        lv.localHi = v->hi;
        lv.var = v;
        lv.type = placeType(vd->getType().getNonReferenceType(), e->getBeginLoc());
        return lv;
      }
      if (v->kind == VarInfo::Kind::Pointer) {
        lv.kind = LVal::Kind::Pointer;
        lv.local = v->local;
        lv.var = v;
        return lv;
      }
      if (isAgg(vd->getType())) {  // a struct or vector local: its cells, from 0
        lv.kind = LVal::Kind::Cell;
        lv.storage = v->storage;
        lv.index = lit(0, r);
        return lv;
      }
      unsupported(e, "array '" + vd->getNameAsString() + "' used as a value");
      return lv;
    }
    if (isMemoryVar(vd)) {
      if (vd->getType()->isArrayType()) {
        unsupported(e, "array '" + vd->getNameAsString() + "' used as a value");
        return lv;
      }
      if (vd->getName() == "warpSize") {
        unsupported(e, "the address of warpSize (it is a value of the model, not memory)");
        return lv;
      }
      lv.kind = LVal::Kind::Cell;
      lv.storage = globalStorage(vd, e->getBeginLoc());
      lv.index = lit(0, r);
      if (lv.storage < 0) lv.kind = LVal::Kind::Invalid;
      placeOf(lv, vd->getType().getNonReferenceType(), e);  // `__shared__ T* p`: its two cells
      return lv;
    }
    unsupported(e, "variable '" + vd->getNameAsString() + "'");
    return lv;
  }
  if (LVal bl; (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::MemberExpr>(e)) && byteUnionPlace(e, bl))
    return bl;  // inside a union lowered as bytes (LowerUnion.cpp)
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    PtrVal p = pointer(s->getBase());
    // An element of a struct array starts at index × (cells per struct); of an array of pointers at 2 × index
    // (3 × index where its pointers keep 64-bit offsets: Storage::wideElems).
    uint64_t cells = valueCells(e->getType(), e->getBeginLoc());
    if (p.storage >= 0 && storages_[static_cast<size_t>(p.storage)].wideElems && isPtrField(e->getType())) cells = 3;
    // An element of an array field (`n.keys[i]`): C leaves an index outside the field
    // undefined, and the next cells are the struct's other fields, so it is checked as a
    // private array's index is (private_index in private memory, else an assertion), unless a
    // literal inside the field. So is an index into a row of a multi-dimensional private array
    // (`acc[i][j]`: j against the row's length; privateDimension).
    uint64_t n = fieldArrayBound(s->getBase());
    std::string label = n ? fieldArrayLabel(s->getBase(), p.storage) : std::string();
    if (!n) std::tie(n, label) = privateDimension(s->getBase(), p.storage);
    if (n) {
      ExprPtr idx = wordIndex(s->getIdx());
      if (!(idx->kind == ExprKind::IntLit && idx->value >= 0 && static_cast<uint64_t>(idx->value) < n)) {
        idx = snapshot(std::move(idx), r);
        emitBoundsCheck(*idx, n, label, r);
      }
      lv.index = add(std::move(p.offset), mul(std::move(idx), static_cast<int64_t>(cells), r), r);
    } else {
      lv.index = elementIndex(std::move(p.offset), s->getIdx(), cells, r);
    }
    lv.kind = LVal::Kind::Cell;
    lv.storage = p.storage;
    if (p.storage == -1) lv.kind = LVal::Kind::Invalid;
    placeOf(lv, e->getType(), e);
    return lv;
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Deref) {
    PtrVal p = pointer(u->getSubExpr());
    lv.kind = p.storage == -1 ? LVal::Kind::Invalid : LVal::Kind::Cell;
    lv.storage = p.storage;
    lv.index = std::move(p.offset);
    placeOf(lv, e->getType(), e);
    return lv;
  }
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    // One component of a vector: the vector's first cell plus the component's index.
    AggPlace p = aggPlace(e);
    if (!p.ok) return lv;
    if (p.comps.size() != wordsPerElem(p.comps.empty() ? IntType{} : p.comps[0].type)) {
      unsupported(e, "this use of several vector components");
      return lv;
    }
    lv = std::move(p.base);
    lv.index = offsetPlus(std::move(lv.index), lit(static_cast<int64_t>(p.comps[0].offset), r), r);
    lv.type = elemOf(p.comps[0].type);  // a 64-bit element: its two cells from here
    if (lv.inBytes) lv.bytes = p.comps[0].bytes * static_cast<unsigned>(p.comps.size());  // its byte cells
    (void)x;
    return lv;
  }
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    // A field: the struct's first cell (through `->`, where the pointer points) plus the
    // field's word offset.
    const auto* fd = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
    if (!fd) {
      unsupported(e, "member access");
      return lv;
    }
    if (m->getType()->isArrayType() && !scalarArrayField(m->getType()) && !arrayFieldCells(m->getType(), e->getBeginLoc())) {
      unsupported(e, "an array field of pointers");
      return lv;
    }
    LVal base;
    if (m->isArrow()) {
      base = cellOf(pointer(m->getBase()));
    } else {
      AggPlace bp = aggPlace(m->getBase());  // a place, or a temporary holding the value
      if (!bp.ok) return lv;
      base = std::move(bp.base);
    }
    if (base.kind != LVal::Kind::Cell) {
      if (base.kind != LVal::Kind::Invalid) unsupported(e, "member access on this expression");
      return lv;
    }
    if (!structCells(fd->getParent()->getTypeForDecl()->getCanonicalTypeInternal(), e->getBeginLoc())) return lv;
    lv.kind = LVal::Kind::Cell;
    lv.storage = base.storage;
    lv.index = offsetPlus(std::move(base.index), lit(static_cast<int64_t>(fieldOffset(fd, e->getBeginLoc())), r), r);
    // An array field: its first element's cell (it decays to a pointer there).
    clang::QualType vt = m->getType()->isArrayType() ? ctx_.getBaseElementType(m->getType()) : m->getType();
    lv.type = isPtrField(vt) ? kRawWord : placeType(vt, e->getBeginLoc());  // a pointer field: its offset cell
    if (isPtrField(vt) && !m->getType()->isArrayType()) {
      lv.ptrColl = fieldCollector(fd);
      lv.ptrWide = wideField(fd);
    }
    return lv;
  }
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e);
      c && c->isGLValue() && (c->getCastKind() == clang::CK_DerivedToBase || c->getCastKind() == clang::CK_UncheckedDerivedToBase ||
                              c->getCastKind() == clang::CK_NoOp)) {
    // A base class's part of an object (a temporary's too): its cells start at the base's offset.
    if (c->getCastKind() == clang::CK_NoOp) {
      lv = lvalue(c->getSubExpr());
    } else {
      AggPlace p = aggPlace(c->getSubExpr());
      if (!p.ok) return lv;
      lv = std::move(p.base);
    }
    if (lv.kind != LVal::Kind::Cell) return lv;
    if (c->getCastKind() != clang::CK_NoOp)
      lv.index = add(std::move(lv.index), lit(static_cast<int64_t>(baseOffset(c)), r), r);
    lv.type = placeType(e->getType(), e->getBeginLoc());
    return lv;
  }
  if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e); call && call->isGLValue()) return refCall(call);
  unsupported(e, std::string("assignment to '") + e->getStmtClassName() + "'");
  return lv;
}

ExprPtr Lowerer::memberId(const clang::MemberExpr* m) {
  kpl::SourceRange r = range(m);
  const clang::VarDecl* base = refVar(m->getBase());
  std::string field = m->getMemberDecl()->getNameAsString();
  unsigned d = field == "x" ? 0 : field == "y" ? 1 : field == "z" ? 2 : 3;
  if (base && d < 3) {
    std::string b = base->getNameAsString();
    if (b == "threadIdx") return localId(d, r);
    if (b == "blockIdx") return groupId(d, r);
    if (b == "blockDim") return sizeExpr(launch_.localSize, d, r);
    if (b == "gridDim") return sizeExpr(launch_.numGroups, d, r);
  }
  LVal lv = lvalue(m);
  return load(lv, r);
}

ExprPtr Lowerer::warpSizeExpr(const clang::Expr* e) {
  // CUDA's warpSize is the device's warp width; the models' warps differ, so it is KPL's
  // `wsize()`, which each model answers (specs/KPL.md).
  note(e->getBeginLoc(), "warpSize is the model's warp width: 32 under SDV (run, check) and prove, W under --model simt:W, 1 under mimd");
  return kindExpr(ExprKind::WarpSize, range(e));
}

}  // namespace sdvmc::clangfe::lowering
