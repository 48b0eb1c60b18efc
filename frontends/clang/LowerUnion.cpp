// Unions with members narrower than a word (part of the Lowerer, Lowerer.h). A union whose
// members are not all whole 32-bit words of its size (`union Color32 { struct { unsigned char
// b, g, r, a; } c; unsigned u; }`, `union { uint32_t u; uint8_t b[4]; }`, `union { float f;
// short s[2]; }`) is lowered as C's bytes: one cell per byte of the union, wherever it lives
// (a private local, a parameter or result, shared or global memory). Every scalar member sits
// at its C byte offset (Clang's record layout) and spans its size in bytes: a byte is one
// cell, a 16- or 32-bit scalar (float included: the same bits) 2 or 4 cells read as one
// little-endian word (byte k is bits 8k … 8k + 7, as on every GPU) and written as its bytes,
// a 64-bit scalar two such words (low first). A read of a narrow member is then the bytes it
// spans, sign- or zero-extended as its type says; a write of one byte touches one cell only,
// so two threads writing two bytes of one word in shared memory do not race (C and CUDA
// memory is byte-addressed), and a word written by one thread and a byte by another do.
// A pointer, reference or `this` into such a union names cells of its own type, so only one
// to a byte (or an array of bytes) is lowered; others are refused (refuseBytePlace).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/RecordLayout.h>
#include <fmt/format.h>

#include <algorithm>

namespace sdvmc::clangfe::lowering {

namespace {
constexpr IntType kByte{8, false, false, false};
}  // namespace

bool Lowerer::isByteUnion(const clang::RecordDecl* rd) {
  if (!rd || !rd->isUnion()) return false;
  rd = rd->getDefinition();
  if (!rd) return false;
  auto it = byteUnions_.find(rd);
  if (it != byteUnions_.end()) return it->second;
  unionCells(ctx_.getRecordType(rd), rd, rd->getLocation());  // decides (a diagnostic if neither)
  return byteUnions_[rd];
}

bool Lowerer::byteLayout(clang::QualType t, uint64_t base, const std::string& path, Layout& out, std::string& why) {
  clang::QualType written = t.getUnqualifiedType();
  t = t.getCanonicalType().getUnqualifiedType();
  if (const auto* vt = t->getAs<clang::VectorType>()) {
    clang::QualType e = vt->getElementType();
    auto et = intType(e);
    if (!et || et->isBool) {
      why = fmt::format("is a vector of '{}'{}", e.getAsString(), isWideType(e) ? " (64-bit elements)" : typeReason(e));
      return false;
    }
    const uint64_t esz = static_cast<uint64_t>(ctx_.getTypeSizeInChars(e).getQuantity());
    const unsigned n = vt->getNumElements();
    for (unsigned i = 0; i < n; ++i)
      out.comps.push_back(Comp{base + i * esz, *et, path + "." + vectorCompName(i, n), nullptr, false,
                               static_cast<unsigned>(esz)});
    return true;
  }
  if (const auto* rt = t->getAs<clang::RecordType>()) {
    const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
    if (!rd) {
      why = fmt::format("is of the incomplete type '{}'", written.getAsString());
      return false;
    }
    if (rd->isUnion()) {
      why = fmt::format("is a union ('{}') inside the union", written.getAsString());
      return false;
    }
    if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd); cxx && (cxx->getNumBases() > 0 || cxx->isPolymorphic())) {
      why = fmt::format("is a class with base classes or virtual functions ('{}')", written.getAsString());
      return false;
    }
    const clang::ASTRecordLayout& rl = ctx_.getASTRecordLayout(rd);
    unsigned i = 0;
    for (const clang::FieldDecl* f : rd->fields()) {
      if (f->isBitField()) {
        why = fmt::format("holds a bit-field ('{}')", f->getNameAsString());
        return false;
      }
      const uint64_t off = base + rl.getFieldOffset(i++) / 8;
      if (!byteLayout(f->getType(), off, path + "." + f->getNameAsString(), out, why)) return false;
    }
    return true;
  }
  if (const auto* a = ctx_.getAsConstantArrayType(t)) {
    clang::QualType e = a->getElementType();
    const uint64_t esz = static_cast<uint64_t>(ctx_.getTypeSizeInChars(e).getQuantity());
    for (uint64_t k = 0; k < a->getSize().getZExtValue(); ++k)
      if (!byteLayout(e, base + k * esz, fmt::format("{}.{}", path, k), out, why)) return false;
    return true;
  }
  if (t->isPointerType() || t->isReferenceType()) {
    why = "holds a pointer";
    return false;
  }
  if (isWideType(t)) {  // a 64-bit scalar: its low word, then its high word
    out.comps.push_back(Comp{base, kRawWord, path + ".lo", nullptr, false, 4});
    out.comps.push_back(Comp{base + 4, kRawWord, path + ".hi", nullptr, false, 4});
    return true;
  }
  if (auto it = intType(t)) {
    out.comps.push_back(
        Comp{base, *it, path, nullptr, false, static_cast<unsigned>(ctx_.getTypeSizeInChars(t).getQuantity())});
    return true;
  }
  why = fmt::format("has type '{}'{}", written.getAsString(), typeReason(t));
  return false;
}

bool Lowerer::byteUnionPlace(const clang::Expr* e, LVal& out) {
  e = e->IgnoreParens();
  if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(e); c && c->getCastKind() == clang::CK_NoOp && c->isGLValue())
    return byteUnionPlace(c->getSubExpr(), out);
  const kpl::SourceRange r = range(e);
  const clang::SourceLocation at = e->getBeginLoc();
  LVal base;
  uint64_t step = 0;  // a member's byte offset
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    const auto* fd = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
    if (!fd) return false;
    const clang::RecordDecl* parent = fd->getParent();
    if (parent->isUnion() && isByteUnion(parent)) {
      // The union itself: where the pointer points, or its place (a temporary for a value).
      if (m->isArrow()) {
        base = cellOf(pointer(m->getBase()));
      } else {
        AggPlace bp = aggPlace(m->getBase());
        if (!bp.ok) {
          out = LVal{};
          return true;
        }
        base = std::move(bp.base);
      }
    } else if (m->isArrow() || !byteUnionPlace(m->getBase(), base)) {
      return false;
    }
    if (base.kind == LVal::Kind::Cell) {
      const clang::ASTRecordLayout& rl = ctx_.getASTRecordLayout(parent);
      step = rl.getFieldOffset(fd->getFieldIndex()) / 8;
    }
  } else if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    // `x.b[i]`: an array member (or a row of one) decays; the element is idx × its size further.
    const auto* decay = llvm::dyn_cast<clang::ImplicitCastExpr>(s->getBase()->IgnoreParens());
    if (!decay || decay->getCastKind() != clang::CK_ArrayToPointerDecay) return false;
    const auto* arr = ctx_.getAsConstantArrayType(decay->getSubExpr()->getType());
    if (!arr || !byteUnionPlace(decay->getSubExpr(), base)) return false;
    if (base.kind != LVal::Kind::Cell) {
      out = std::move(base);
      return true;
    }
    ExprPtr idx = wordIndex(s->getIdx());
    const uint64_t n = arr->getSize().getZExtValue();
    // C leaves an index outside the member undefined (the next bytes are other members'): checked.
    if (!(idx->kind == ExprKind::IntLit && idx->value >= 0 && static_cast<uint64_t>(idx->value) < n)) {
      idx = snapshot(std::move(idx), r);
      emitBoundsCheck(*idx, n, fieldArrayLabel(s->getBase(), base.storage), r);
    }
    const auto esz = static_cast<int64_t>(ctx_.getTypeSizeInChars(arr->getElementType()).getQuantity());
    base.index = add(std::move(base.index), mul(std::move(idx), esz, r), r);
  } else {
    return false;
  }
  if (base.kind != LVal::Kind::Cell) {
    out = std::move(base);
    return true;
  }
  out = std::move(base);
  out.index = add(std::move(out.index), lit(static_cast<int64_t>(step), r), r);
  out.inBytes = true;
  out.ptrColl = -1;
  clang::QualType t = e->getType();
  if (t->isArrayType()) t = ctx_.getBaseElementType(t);  // decays to a pointer to its first element
  out.bytes = static_cast<unsigned>(ctx_.getTypeSizeInChars(t).getQuantity());
  if (isAgg(t)) out.type = IntType{};
  else if (auto wt = wideType(t)) out.type = *wt;
  else out.type = intTypeOr(t, at);
  return true;
}

bool Lowerer::refuseBytePlace(const LVal& lv, const clang::Expr* e, const std::string& what) {
  if (lv.kind != LVal::Kind::Cell || !lv.inBytes || lv.bytes == 1) return false;
  unsupported(e, fmt::format("{} '{}' inside a union lowered as bytes (it spans {} bytes; only a byte or an "
                             "array of bytes of such a union can be pointed to or referred to)",
                             what, e->getType().getAsString(), lv.bytes));
  return true;
}

Agg Lowerer::byteUnionInit(const clang::InitListExpr* list, clang::QualType t) {
  const kpl::SourceRange r = range(list);
  Agg bad;
  bad.ok = false;
  Agg out;
  const auto n = static_cast<uint64_t>(ctx_.getTypeSizeInChars(t).getQuantity());
  for (uint64_t k = 0; k < n; ++k) {
    out.vals.push_back(lit(0, r));
    out.types.push_back(kByte);
  }
  if (list->getNumInits() == 0) return out;  // `{}`: zero-initialised, every byte
  const clang::FieldDecl* f = list->getInitializedFieldInUnion();
  const clang::Expr* in = list->getInit(0);
  if (!f || !in) {
    unsupported(list, fmt::format("this initialiser of '{}'", t.getAsString()));
    return bad;
  }
  clang::QualType ft = f->getType();
  Layout l;
  std::string why;
  if (ft->isArrayType() || !byteLayout(ft, 0, "", l, why)) {
    unsupported(list, fmt::format("an initialiser of the array member '{}' of '{}', a union lowered as bytes (assign "
                                  "its elements after the declaration instead)",
                                  f->getNameAsString(), t.getAsString()));
    return bad;
  }
  // The bytes the member does not cover (padding, a shorter member) would be indeterminate.
  std::vector<bool> covered(n, false);
  for (const Comp& c : l.comps)
    for (unsigned k = 0; k < std::max(1u, c.bytes); ++k)
      if (c.offset + k < n) covered[c.offset + k] = true;
  for (uint64_t k = 0; k < n; ++k)
    if (!covered[k]) {
      unsupported(list, fmt::format("an initialiser of member '{}' of '{}', which leaves byte {} of the union "
                                    "indeterminate (assign the member after the declaration instead)",
                                    f->getNameAsString(), t.getAsString(), k));
      return bad;
    }
  std::vector<ExprPtr> vals;  // the member's components, in the order of its layout (and byteLayout's)
  if (isAgg(ft)) {
    Agg a = aggValue(in);
    if (!a.ok) return bad;
    vals = std::move(a.vals);
  } else if (isWideType(ft)) {
    Val w = wvalue(in);
    vals.push_back(std::move(w.lo));
    vals.push_back(std::move(w.hi));
  } else {
    vals.push_back(rvalue(in));
  }
  if (vals.size() != l.comps.size()) {
    unsupported(list, fmt::format("this initialiser of '{}'", t.getAsString()));
    return bad;
  }
  for (size_t i = 0; i < vals.size(); ++i) {
    const Comp& c = l.comps[i];
    ExprPtr v = atom(std::move(vals[i]), r);
    for (unsigned k = 0; k < std::max(1u, c.bytes); ++k)
      out.vals[c.offset + k] = normalize(k == 0 ? clone(*v) : bin(BinaryOp::LShr, clone(*v), lit(8 * k, r), r), kByte, r);
  }
  return out;
}

ExprPtr Lowerer::readBytes(int storage, ExprPtr first, unsigned n, IntType as, kpl::SourceRange r) {
  ExprPtr f = snapshot(std::move(first), r);
  ExprPtr word;
  for (unsigned j = 0; j < n; ++j) {
    ExprPtr b = readCell(storage, add(clone(*f), lit(j, r), r), kByte, r);  // 0 … 255
    if (j > 0) b = bin(BinaryOp::Shl, std::move(b), lit(8 * j, r), r);
    word = j == 0 ? std::move(b) : bin(BinaryOp::BitOr, std::move(word), std::move(b), r);
  }
  return snapshot(normalize(std::move(word), as, r), r);
}

void Lowerer::writeBytes(int storage, ExprPtr first, unsigned n, ExprPtr value, kpl::SourceRange r) {
  ExprPtr f = snapshot(std::move(first), r);
  ExprPtr v = snapshot(std::move(value), r);
  for (unsigned j = 0; j < n; ++j) {
    ExprPtr part = j == 0 ? clone(*v) : bin(BinaryOp::LShr, clone(*v), lit(8 * j, r), r);
    writeCell(storage, add(clone(*f), lit(j, r), r), normalize(std::move(part), kByte, r), kByte, r);
  }
}

}  // namespace sdvmc::clangfe::lowering
