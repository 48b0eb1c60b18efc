// Views of narrow storage as wider types (part of the Lowerer, Lowerer.h): memory of 8- or
// 16-bit cells (`char`, `unsigned char`, `short`, `__half`, `__nv_bfloat16`, and structs of
// them such as `half2`, `char4`) read and written through a pointer to 32-bit words (`float*`,
// `int*`, `unsigned*`, a 64-bit scalar as two words, `float4`, `int4`, `uint2` … as their
// words), as a GPU's vectorised accesses do: `reinterpret_cast<float4*>(halves)[i]`, or a
// `char` dynamic shared buffer carved into `float*` and `int*` arrays. Such a pointer names a
// View storage over the narrow one, counted in words: word k is cells k*m … k*m + m - 1 of the
// narrow storage (m = 2 or 4), least significant first (the devices are little-endian). A read
// assembles the word from those cells and a write splits it into them, so bounds and races are
// those of each narrow cell. A view starts at a cell offset that must be a multiple of m (the
// device requires 4-byte alignment of a 32-bit access): a literal offset that is not is refused,
// another is checked by an assertion at the cast. A pointer of narrow cells taken back from a
// view (`(char*)floats`) is the narrow storage again, at the word offset times m.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

// The cell width in bits (8 or 16) of a narrow scalar, or of a struct of narrow scalars all of
// one width without padding (`__half`, `half2`, `char4`); 0 for anything else.
unsigned Lowerer::narrowCellBits(clang::QualType q, clang::SourceLocation at) {
  q = q.getCanonicalType().getUnqualifiedType();
  if (q->isVectorType()) return 0;
  if (!q->isRecordType()) {
    auto t = intType(q);
    if (!t || t->isBool || t->isFloat || (t->width != 8 && t->width != 16)) return 0;
    return t->width;
  }
  auto l = layoutOf(q, at);
  if (!l || l->comps.empty() || l->comps.size() != l->cells) return 0;
  const unsigned w = l->comps[0].type.width;
  if (w != 8 && w != 16) return 0;
  for (const Comp& c : l->comps)
    if (c.ptrField || c.type.isBool || c.type.isFloat || c.type.width != w) return 0;
  if (static_cast<uint64_t>(ctx_.getTypeSizeInChars(q).getQuantity()) * 8 != w * l->cells) return 0;
  return w;
}

// Whether q is read and written as 32-bit words: a 32- or 64-bit scalar (a 64-bit one is two
// words, low first), or a struct of 32-bit words without padding (float4, int4, uint2 …).
bool Lowerer::wordViewType(clang::QualType q, clang::SourceLocation at) {
  q = q.getCanonicalType().getUnqualifiedType();
  if (q->isVectorType()) return false;
  if (!q->isRecordType()) {
    if (auto t = intType(q)) return !t->isBool && t->width == 32;
    return wideType(q).has_value();
  }
  auto l = layoutOf(q, at);
  if (!l || l->comps.empty() || l->comps.size() != l->cells) return false;
  for (const Comp& c : l->comps)
    if (c.ptrField || c.type.isBool || c.type.width != 32) return false;
  return static_cast<uint64_t>(ctx_.getTypeSizeInChars(q).getQuantity()) == 4 * l->cells;
}

void Lowerer::noteNarrowCells(int storage, clang::QualType elemType, clang::SourceLocation at) {
  if (storage < 0) return;
  const unsigned bits = narrowCellBits(elemType, at);
  if (bits == 0) return;
  Storage& s = storages_[static_cast<size_t>(storage)];
  s.narrowBits = bits;
  clang::QualType q = elemType.getCanonicalType().getUnqualifiedType();
  if (q->isRecordType()) {
    if (auto l = layoutOf(q, at)) s.narrowCell = l->comps[0].type;
  } else if (auto t = intType(q)) {
    s.narrowCell = *t;
  }
}

int Lowerer::viewStorage(int base) {
  auto it = views_.find(base);
  if (it != views_.end()) return it->second;
  const Storage& b = storages_[static_cast<size_t>(base)];
  Storage s;
  s.kind = Storage::Kind::View;
  s.viewOf = base;
  s.viewCells = 32 / b.narrowBits;
  s.elem = kRawWord;
  s.elemBytes = 4;
  s.cName = b.cName;
  const int id = addStorage(std::move(s));
  views_[base] = id;
  return id;
}

std::optional<PtrVal> Lowerer::viewCast(const clang::CastExpr* c, clang::QualType from, clang::QualType to) {
  const clang::Expr* sub = c->getSubExpr();
  const kpl::SourceRange r = range(c);
  const clang::SourceLocation at = c->getBeginLoc();
  const unsigned fromNarrow = narrowCellBits(from, at), toNarrow = narrowCellBits(to, at);
  if (fromNarrow != 0 && wordViewType(to, at)) {
    // Narrow cells seen as words.
    PtrVal p = pointer(sub);
    if (p.storage < 0) return p;
    const Storage& st = storages_[static_cast<size_t>(p.storage)];
    if (st.kind == Storage::Kind::Dynamic) {
      unsupported(c, fmt::format("a view of '{}' as '{}' through a pointer that may point to several arrays",
                                 sub->getType().getAsString(), c->getType().getAsString()));
      return PtrVal{-1, lit(0, r)};
    }
    if (st.kind == Storage::Kind::View || st.narrowBits != fromNarrow) {
      unsupported(c, fmt::format("cast from '{}' to '{}' (memory of {}-bit cells)", sub->getType().getAsString(),
                                 c->getType().getAsString(), st.narrowBits != 0 ? st.narrowBits : 32));
      return PtrVal{-1, lit(0, r)};
    }
    const int64_t m = 32 / fromNarrow;
    if (p.offset->kind == ExprKind::IntLit) {
      if (p.offset->value % m != 0) {
        unsupported(c, fmt::format("a misaligned view: '{}' at byte offset {} of '{}' (a multiple of 4 is required)",
                                   c->getType().getAsString(), p.offset->value * (fromNarrow / 8), st.cName));
        return PtrVal{-1, lit(0, r)};
      }
      return PtrVal{viewStorage(p.storage), lit(p.offset->value / m, r)};
    }
    ExprPtr o = snapshot(std::move(p.offset), r);
    // A misaligned 32-bit access is undefined (the device faults): an assertion at the cast.
    emitCheck(StmtKind::Assert, bin(BinaryOp::Eq, bin(BinaryOp::Rem, clone(*o), lit(m, r), r), lit(0, r), r), r);
    return PtrVal{viewStorage(p.storage), bin(BinaryOp::Div, std::move(o), lit(m, r), r)};
  }
  const bool sameCellsStruct = fromNarrow == toNarrow && (from->isRecordType() || to->isRecordType()) &&
                               from.getCanonicalType().getUnqualifiedType() != to.getCanonicalType().getUnqualifiedType();
  if (toNarrow != 0 && (wordViewType(from, at) || sameCellsStruct)) {
    // Back to narrow cells, or between structs of the same narrow cells (`half2*` ↔ `__half*`).
    PtrVal p = pointer(sub);
    if (p.storage < 0) return p;
    const Storage& st = storages_[static_cast<size_t>(p.storage)];
    if (st.kind == Storage::Kind::View && storages_[static_cast<size_t>(st.viewOf)].narrowBits == toNarrow)
      return PtrVal{st.viewOf, mul(std::move(p.offset), static_cast<int64_t>(st.viewCells), r)};
    if (st.kind != Storage::Kind::View && st.kind != Storage::Kind::Dynamic && st.narrowBits == toNarrow) return p;
    unsupported(c, fmt::format("cast from '{}' to '{}' (memory of {}-bit cells)", sub->getType().getAsString(),
                               c->getType().getAsString(), st.narrowBits != 0 ? st.narrowBits : 32));
    return PtrVal{-1, lit(0, r)};
  }
  return std::nullopt;
}

ExprPtr Lowerer::readView(int view, ExprPtr index, kpl::SourceRange r) {
  const Storage& v = storages_[static_cast<size_t>(view)];
  const int base = v.viewOf;
  const int64_t m = static_cast<int64_t>(v.viewCells);
  const IntType cell = storages_[static_cast<size_t>(base)].narrowCell;
  const int64_t bits = 32 / m, mask = (int64_t{1} << bits) - 1;
  ExprPtr first = snapshot(mul(std::move(index), m, r), r);
  ExprPtr word;
  for (int64_t j = 0; j < m; ++j) {
    ExprPtr c = bin(BinaryOp::BitAnd, readCell(base, add(clone(*first), lit(j, r), r), cell, r), lit(mask, r), r);
    if (j > 0) c = bin(BinaryOp::Shl, std::move(c), lit(j * bits, r), r);
    word = j == 0 ? std::move(c) : bin(BinaryOp::BitOr, std::move(word), std::move(c), r);
  }
  return snapshot(std::move(word), r);
}

void Lowerer::writeView(int view, ExprPtr index, ExprPtr value, kpl::SourceRange r) {
  const Storage& v = storages_[static_cast<size_t>(view)];
  const int base = v.viewOf;
  const int64_t m = static_cast<int64_t>(v.viewCells);
  const IntType cell = storages_[static_cast<size_t>(base)].narrowCell;
  const int64_t bits = 32 / m, mask = (int64_t{1} << bits) - 1;
  ExprPtr first = snapshot(mul(std::move(index), m, r), r);
  ExprPtr word = snapshot(std::move(value), r);
  for (int64_t j = 0; j < m; ++j) {
    ExprPtr part = j == 0 ? clone(*word) : bin(BinaryOp::LShr, clone(*word), lit(j * bits, r), r);
    part = normalize(bin(BinaryOp::BitAnd, std::move(part), lit(mask, r), r), cell, r);
    writeCell(base, add(clone(*first), lit(j, r), r), std::move(part), cell, r);
  }
}

}  // namespace sdvmc::clangfe::lowering
