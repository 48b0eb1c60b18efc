// memcpy and memset (part of the Lowerer, Lowerer.h): `memcpy(dst, src, n)`,
// `__builtin_memcpy`, `memset(dst, v, n)`, `__builtin_memset` on arrays of one element type
// (scalars, structs, vectors) become element-wise accesses of the cells: every cell of the
// source is read, in order, then written to the destination, so the accesses race (and are
// reported) as the cells' own. The size must be a constant multiple of the element's size
// (C's sizeof); anything else, a copy between different element types, or a memset whose
// value is not a constant (except on char elements), is unsupported.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

bool Lowerer::isMemFunction(const std::string& name) {
  return name == "memcpy" || name == "__builtin_memcpy" || name == "memset" || name == "__builtin_memset";
}

std::optional<Lowerer::MemRegion> Lowerer::memRegion(const clang::CallExpr* c, const clang::Expr* ptr) {
  const clang::Expr* p = ptr->IgnoreParenImpCasts();  // the typed pointer before its conversion to void*
  clang::QualType t = p->getType();
  if (t->isArrayType()) t = ctx_.getArrayDecayedType(t);
  if (!t->isPointerType() || t->getPointeeType()->isVoidType() || t->getPointeeType()->isIncompleteType()) {
    unsupported(ptr, "a memcpy/memset argument whose element type is not known (a void* pointer)");
    return std::nullopt;
  }
  clang::QualType elem = t->getPointeeType().getUnqualifiedType().getCanonicalType();
  clang::Expr::EvalResult n;
  if (!c->getArg(2)->EvaluateAsInt(n, ctx_)) {
    unsupported(c->getArg(2), "a memcpy/memset size that is not a constant");
    return std::nullopt;
  }
  uint64_t bytes = n.Val.getInt().getZExtValue();
  uint64_t size = static_cast<uint64_t>(ctx_.getTypeSizeInChars(elem).getQuantity());
  if (size == 0 || bytes % size != 0) {
    unsupported(c->getArg(2), fmt::format("a memcpy/memset of {} bytes, not a multiple of sizeof({}) = {}", bytes,
                                          elem.getAsString(), size));
    return std::nullopt;
  }
  MemRegion m;
  m.elem = elem;
  m.ptr = pointer(p);
  // The cells of one element and their types: a struct's or vector's components, a 64-bit
  // scalar's two words, else the one cell.
  if (isAgg(elem)) {
    auto l = layoutOf(elem, ptr->getBeginLoc());
    if (!l) return std::nullopt;
    m.cellsPer = l->cells;
    m.types.assign(l->cells, kRawWord);
    for (const Comp& comp : l->comps) m.types[comp.offset] = comp.type;
  } else if (isWideType(elem)) {
    m.cellsPer = 2;
    m.types = {kRawWord, kRawWord};
  } else if (auto it = intType(elem)) {
    m.cellsPer = 1;
    m.types = {*it};
  } else {
    unsupported(ptr, fmt::format("memcpy/memset on elements of type '{}'", elem.getAsString()));
    return std::nullopt;
  }
  m.count = bytes / size;
  if (m.ptr.storage == -1) return std::nullopt;
  return m;
}

ExprPtr Lowerer::memFunction(const clang::CallExpr* c, const std::string& name, bool need, PtrVal* dest) {
  kpl::SourceRange r = range(c);
  if (need) {
    unsupported(c, fmt::format("using the result of '{}'", name));
    return lit(0, r);
  }
  if (c->getNumArgs() != 3) {
    unsupported(c, fmt::format("this call of '{}'", name));
    return lit(0, r);
  }
  std::optional<MemRegion> dst = memRegion(c, c->getArg(0));
  if (!dst) return lit(0, r);
  // An offset taken once; a 64-bit one (addr64, CUDA's 64-bit target) keeps both words, and
  // its cells are stepped in 64 bits (offsetPlus).
  auto snapOffset = [&](ExprPtr off) {
    if (!isAddr64(*off)) return snapshot(std::move(off), r);
    off->operands[0] = snapshot(std::move(off->operands[0]), r);
    off->operands[1] = snapshot(std::move(off->operands[1]), r);
    return off;
  };
  ExprPtr dOff = snapOffset(std::move(dst->ptr.offset));
  if (dest) *dest = PtrVal{dst->ptr.storage, clone(*dOff)};
  uint64_t cells = dst->count * dst->cellsPer;
  if (name.find("memcpy") != std::string::npos) {
    std::optional<MemRegion> src = memRegion(c, c->getArg(1));
    if (!src) return lit(0, r);
    if (src->elem != dst->elem) {
      unsupported(c, fmt::format("a memcpy from '{}' to '{}' elements (the model's cells of different types differ)",
                                 src->elem.getAsString(), dst->elem.getAsString()));
      return lit(0, r);
    }
    ExprPtr sOff = snapOffset(std::move(src->ptr.offset));
    std::vector<ExprPtr> vals;  // every source cell read, in order, before the first write
    for (uint64_t k = 0; k < cells; ++k) {
      IntType t = cellType(src->types[k % src->cellsPer]);
      vals.push_back(snapshot(readCell(src->ptr.storage, offsetPlus(clone(*sOff), lit(static_cast<int64_t>(k), r), r), t, r), r));
    }
    for (uint64_t k = 0; k < cells; ++k)
      writeCell(dst->ptr.storage, offsetPlus(clone(*dOff), lit(static_cast<int64_t>(k), r), r), std::move(vals[k]),
                cellType(dst->types[k % dst->cellsPer]), r);
    return lit(0, r);
  }
  // memset: each byte is the value's low 8 bits, so a cell of w bits holds that byte repeated.
  const clang::Expr* v = c->getArg(1);
  clang::Expr::EvalResult ev;
  bool constant = v->EvaluateAsInt(ev, ctx_);
  ExprPtr byte = constant ? nullptr : snapshot(rvalue(v), r);
  for (uint64_t k = 0; k < cells; ++k) {
    IntType t = cellType(dst->types[k % dst->cellsPer]);
    ExprPtr val;
    if (constant) {
      uint64_t b = ev.Val.getInt().getZExtValue() & 0xff, word = 0;
      unsigned width = t.isBool ? 8 : t.width;
      for (unsigned i = 0; i < width && i < 32; i += 8) word |= b << i;
      val = t.isBool ? lit(b != 0, r) : normalize(lit(static_cast<int64_t>(word), r), t.isFloat ? kRawWord : t, r);
    } else if (t.width == 8 && !t.isBool) {
      val = normalize(clone(*byte), t, r);
    } else {
      unsupported(v, "a memset whose value is not a constant, on elements wider than a byte");
      return lit(0, r);
    }
    writeCell(dst->ptr.storage, offsetPlus(clone(*dOff), lit(static_cast<int64_t>(k), r), r), std::move(val), t, r);
  }
  return lit(0, r);
}

}  // namespace sdvmc::clangfe::lowering
