// C types as the lowering models them (part of the Lowerer, Lowerer.h): a type of 32 bits or
// less (and float) is a word, normalised to its width and signedness; a 64-bit type a pair of
// words; a struct or vector a run of cells, one per flattened field or component (not C's
// bytes). Also the layouts of structs and vectors (each component's cell and path, for locals,
// copies and reports), the cells of arrays and pointees, and C's conversions between word
// types (normalize, convert, reinterpret).
#include "frontends/clang/Lowerer.h"

#include <fmt/format.h>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>

namespace sdvmc::clangfe::lowering {

std::optional<IntType> Lowerer::intType(clang::QualType t) const {
  t = t.getCanonicalType().getUnqualifiedType();
  if (const auto* et = t->getAs<clang::EnumType>()) t = et->getDecl()->getIntegerType().getCanonicalType();
  if (t->isBooleanType()) return IntType{1, false, true};
  if (t->isEventT()) return IntType{32, false, false};  // OpenCL's event_t: a word naming copies (LowerAsync.cpp)
  if (const auto* bt = t->getAs<clang::BuiltinType>(); bt && bt->getKind() == clang::BuiltinType::Float)
    return IntType{32, true, false, true};
  if (!t->isIntegerType()) return std::nullopt;
  uint64_t w = ctx_.getTypeSize(t);
  if (w > 32) return std::nullopt;
  return IntType{static_cast<unsigned>(w), t->isSignedIntegerType(), false};
}

std::optional<IntType> Lowerer::wideType(clang::QualType t) const {
  t = t.getCanonicalType().getUnqualifiedType();
  if (const auto* et = t->getAs<clang::EnumType>()) t = et->getDecl()->getIntegerType().getCanonicalType();
  // double, and long double where it is the same format (CUDA's device).
  if (const auto* bt = t->getAs<clang::BuiltinType>();
      bt && (bt->getKind() == clang::BuiltinType::Double || bt->getKind() == clang::BuiltinType::LongDouble))
    return &ctx_.getFloatTypeSemantics(t) == &llvm::APFloat::IEEEdouble() ? std::optional<IntType>(IntType{64, true, false, true})
                                                                         : std::nullopt;
  if (t->isIntegerType() && !t->isBooleanType() && ctx_.getTypeSize(t) == 64) return IntType{64, t->isSignedIntegerType(), false};
  return std::nullopt;
}

bool Lowerer::isWideType(clang::QualType t) const { return wideType(t).has_value(); }

std::optional<IntType> Lowerer::valType(clang::QualType t) const {
  if (auto it = intType(t)) return it;
  return wideType(t);
}

IntType Lowerer::placeType(clang::QualType t, clang::SourceLocation at) {
  if (isAgg(t)) return IntType{};
  if (auto wt = wideType(t)) return *wt;
  return intTypeOr(t, at);
}

IntType Lowerer::intTypeOr(clang::QualType t, clang::SourceLocation at) {
  if (auto it = intType(t)) return *it;
  unsupported(at, "type '" + t.getAsString() + "'" + typeReason(t));
  return IntType{};
}

std::string Lowerer::typeReason(clang::QualType t) const {
  t = t.getCanonicalType();
  if (t->isRealFloatingType())
    return ctx_.getTypeSize(t) > 64   ? " (floating point wider than 64 bits)"
           : ctx_.getTypeSize(t) > 32 ? " (64-bit floating point)"
                                      : " (floating point narrower than float)";
  if (t->isIntegerType()) return " (wider than 32 bits)";
  if (t->isVectorType()) return " (vector type)";
  if (t->isRecordType()) return " (struct or union)";
  return "";
}

std::optional<uint64_t> Lowerer::structCells(clang::QualType t, clang::SourceLocation at) {
  t = t.getCanonicalType();
  const auto* rt = t->getAs<clang::RecordType>();
  if (!rt) return std::nullopt;
  const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
  if (!rd) {
    unsupported(at, "type '" + t.getAsString() + "' (incomplete struct)");
    return std::nullopt;
  }
  if (rd->isUnion()) return unionCells(t, rd, at);
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd); cxx && (cxx->getNumVBases() > 0 || cxx->isPolymorphic())) {
    unsupported(at, "type '" + t.getAsString() + "' (a class with virtual functions or virtual bases)");
    return std::nullopt;
  }
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd); cxx && cxx->hasNonTrivialDestructor()) {
    // Clang's AST has no calls of destructors where objects die: lowering them is not done.
    unsupported(at, "type '" + t.getAsString() + "' (a class with a destructor, whose calls are not lowered)");
    return std::nullopt;
  }
  uint64_t n = 0;
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd))  // the bases' fields first, as C++ lays them out
    for (const clang::CXXBaseSpecifier& b : cxx->bases()) {
      if (b.getType()->getAsCXXRecordDecl() && b.getType()->getAsCXXRecordDecl()->field_empty() &&
          b.getType()->getAsCXXRecordDecl()->getNumBases() == 0)
        continue;  // an empty base takes no cells
      auto c = structCells(b.getType(), at);
      if (!c) return std::nullopt;
      n += *c;
    }
  for (const clang::FieldDecl* f : rd->fields()) {
    if (f->isBitField()) {
      unsupported(at, "bit-field '" + f->getNameAsString() + "' of '" + t.getAsString() + "'");
      return std::nullopt;
    }
    clang::QualType ft = f->getType().getCanonicalType();
    if (ft->isRecordType()) {
      auto c = structCells(ft, at);
      if (!c) return std::nullopt;
      n += *c;
    } else if (ft->isVectorType()) {
      auto c = vectorCells(ft, at);
      if (!c) return std::nullopt;
      n += *c;
    } else if (intType(ft)) {
      n += 1;
    } else if (isWideType(ft)) {
      n += 2;  // low word, high word
    } else if (uint64_t len = scalarArrayField(ft)) {
      n += len;  // `int keys[4];`: one cell per element
    } else if (auto cells = arrayFieldCells(ft, at)) {
      n += *cells;  // `float v[4][4];`, `Item items[3];`: the elements' cells, row-major
    } else if (isPtrField(ft)) {
      n += ptrFieldCells(f);  // the offset, the target's id (a wide field: the offset's high word)
    } else {
      unsupported(at, "field '" + f->getNameAsString() + "' of type '" + f->getType().getAsString() + "'" +
                          typeReason(ft) + " in '" + t.getAsString() + "'");
      return std::nullopt;
    }
  }
  return n;  // 0 for an empty struct (a functor, the SDK's SharedMemory<T>): a value of no cells
}

std::optional<uint64_t> Lowerer::unionCells(clang::QualType t, const clang::RecordDecl* rd, clang::SourceLocation at) {
  // A union whose members are all whole 32-bit words of its size (int, unsigned, float, their
  // vectors and structs, 64-bit scalars as two words) is word cells: cell k of every member is
  // bytes 4k … 4k + 3 of the union, and reading one member after writing another reads the same
  // bits (the type punning C and CUDA compilers define). Any other union whose members are made
  // of integers, floats, their structs, arrays and vectors is lowered as bytes, one cell per
  // byte of C's layout (LowerUnion.cpp). Anything else (a pointer, a bit-field, a union inside
  // it) is refused, naming the member.
  const uint64_t bytes = ctx_.getTypeSize(t) / 8;
  if (rd->field_empty()) {
    unsupported(at, "type '" + t.getAsString() + "' (an empty union)");
    return std::nullopt;
  }
  std::optional<uint64_t> cells;
  bool words = true;
  for (const clang::FieldDecl* f : rd->fields()) {
    clang::QualType ft = f->getType().getCanonicalType();
    const uint64_t fbytes = ctx_.getTypeSize(ft) / 8;
    uint64_t n = 0;
    if (f->isBitField() || isPtrField(ft) || pointerFieldIn(ft) || fbytes != bytes) {
      words = false;
    } else if (isWideType(ft)) {
      n = 2;  // a 64-bit scalar: its low word, then its high word
    } else if (auto it = intType(ft)) {
      words = !it->isBool && it->width == 32;
      n = 1;
    } else if (uint64_t len = scalarArrayField(ft)) {
      words = intType(ctx_.getAsConstantArrayType(ft)->getElementType())->width == 32;
      n = len;
    } else if (const clang::ConstantArrayType* arr = ctx_.getAsConstantArrayType(ft);
               arr && ctx_.getTypeSize(arr->getElementType()) < 32) {
      words = false;  // `__half h[2]`, `char2 c[2]`
    } else {
      std::optional<Layout> l = layoutOf(ft, at);
      if (!l) return std::nullopt;
      for (const Comp& c : l->comps)
        if (c.type.isBool || (c.type.width != 32 && c.type.width != 64)) words = false;
      n = l->cells;
    }
    if (n * 4 != fbytes || (cells && *cells != n)) words = false;  // padding, another size in cells
    if (!words) break;
    cells = n;
  }
  if (words) {
    byteUnions_[rd->getDefinition()] = false;
    return cells;
  }
  for (const clang::FieldDecl* f : rd->fields()) {
    Layout scratch;
    std::string why;
    if (f->isBitField()) why = "is a bit-field";
    else byteLayout(f->getType(), 0, "", scratch, why);
    if (!why.empty()) {
      unsupported(at, fmt::format("{}: member '{}' of type '{}' {} (a union is lowered when its members are made "
                                  "of integers, floats, their structs, arrays and vectors: as 32-bit words when "
                                  "every member is whole words of the union's size, else as bytes)",
                                  t.getAsString(), f->getNameAsString(), f->getType().getAsString(), why));
      return std::nullopt;
    }
  }
  byteUnions_[rd->getDefinition()] = true;
  return bytes;
}

uint64_t Lowerer::basesCells(const clang::RecordDecl* rd, const clang::RecordDecl* upTo, clang::SourceLocation at) {
  uint64_t off = 0;
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd))
    for (const clang::CXXBaseSpecifier& b : cxx->bases()) {
      const clang::CXXRecordDecl* bd = b.getType()->getAsCXXRecordDecl();
      if (upTo && bd && bd->getCanonicalDecl() == upTo->getCanonicalDecl()) return off;
      if (bd && bd->field_empty() && bd->getNumBases() == 0) continue;
      off += valueCells(b.getType(), at);
    }
  return off;
}

uint64_t Lowerer::fieldOffset(const clang::FieldDecl* fd, clang::SourceLocation at) {
  if (fd->getParent()->isUnion()) return 0;  // every member of a union starts at its first cell
  uint64_t off = basesCells(fd->getParent(), nullptr, at);
  for (const clang::FieldDecl* f : fd->getParent()->fields()) {
    if (f == fd) return off;
    clang::QualType ft = f->getType().getCanonicalType();
    off += isPtrField(ft) ? ptrFieldCells(f) : valueCells(ft, at);
  }
  return off;
}

bool Lowerer::isPtrField(clang::QualType t) {
  t = t.getCanonicalType();
  if (!t->isPointerType()) return false;
  clang::QualType e = t->getPointeeType().getCanonicalType();
  return !e->isFunctionType() && !e->isPointerType() && !e->isVoidType();
}

const clang::FieldDecl* Lowerer::pointerFieldIn(clang::QualType t) {
  t = t.getCanonicalType();
  while (const auto* a = ctx_.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
  const auto* rt = t->getAs<clang::RecordType>();
  if (!rt) return nullptr;
  const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
  if (!rd) return nullptr;
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd))
    for (const clang::CXXBaseSpecifier& b : cxx->bases())
      if (const clang::FieldDecl* f = pointerFieldIn(b.getType())) return f;
  for (const clang::FieldDecl* f : rd->fields()) {
    if (isPtrField(f->getType())) return f;
    if (f->getType()->isRecordType())
      if (const clang::FieldDecl* g = pointerFieldIn(f->getType())) return g;
  }
  return nullptr;
}

uint64_t Lowerer::scalarArrayField(clang::QualType t) {
  const auto* a = ctx_.getAsConstantArrayType(t.getCanonicalType());
  if (!a) return 0;
  clang::QualType e = a->getElementType().getCanonicalType();
  if (e->isArrayType() || isWideType(e) || !intType(e)) return 0;
  return a->getSize().getZExtValue();
}

std::optional<uint64_t> Lowerer::arrayFieldCells(clang::QualType t, clang::SourceLocation at) {
  const auto* a = ctx_.getAsConstantArrayType(t.getCanonicalType());
  if (!a) return std::nullopt;
  const uint64_t len = a->getSize().getZExtValue();
  clang::QualType e = a->getElementType().getCanonicalType();
  std::optional<uint64_t> each;
  if (e->isArrayType()) each = arrayFieldCells(e, at);
  else if (e->isRecordType()) each = structCells(e, at);
  else if (e->isVectorType()) each = vectorCells(e, at);
  else if (isWideType(e)) each = 2;
  else if (intType(e)) each = 1;
  // Pointers in an array field are refused: a field's pointers are collected per field.
  if (!each) return std::nullopt;
  return len * *each;
}

bool Lowerer::layoutArrayField(clang::QualType t, uint64_t base, const std::string& path, Layout& out,
                               clang::SourceLocation at) {
  const auto* a = ctx_.getAsConstantArrayType(t.getCanonicalType());
  clang::QualType e = a->getElementType().getCanonicalType();
  const uint64_t each = valueCells(e, at);
  for (uint64_t k = 0; k < a->getSize().getZExtValue(); ++k) {
    const uint64_t off = base + k * each;
    const std::string p = fmt::format("{}.{}", path, k);
    if (e->isArrayType()) {
      if (!layoutArrayField(e, off, p, out, at)) return false;
    } else if (isAgg(e)) {
      if (!layoutInto(e, off, p, out, at)) return false;
    } else if (isWideType(e)) {
      out.comps.push_back(Comp{off, kRawWord, p + ".lo"});
      out.comps.push_back(Comp{off + 1, kRawWord, p + ".hi"});
    } else {
      out.comps.push_back(Comp{off, *intType(e), p});
    }
  }
  return true;
}

uint64_t Lowerer::valueCells(clang::QualType t, clang::SourceLocation at) {
  if (uint64_t len = scalarArrayField(t)) return len;
  if (t.getCanonicalType()->isConstantArrayType()) {  // an array field of other elements
    const auto* a = ctx_.getAsConstantArrayType(t.getCanonicalType());
    return a->getSize().getZExtValue() * valueCells(a->getElementType(), at);
  }
  if (t.getCanonicalType()->isRecordType()) return structCells(t, at).value_or(1);
  if (t.getCanonicalType()->isVectorType()) return vectorCells(t, at).value_or(1);
  if (isWideType(t)) return 2;
  if (isPtrField(t)) return 2;  // a pointer in memory: its offset, its target's id
  return 1;
}

bool Lowerer::isAgg(clang::QualType t) {
  t = t.getCanonicalType();
  return t->isRecordType() || t->isVectorType();
}

std::optional<uint64_t> Lowerer::vectorCells(clang::QualType t, clang::SourceLocation at) {
  const auto* vt = t.getCanonicalType()->getAs<clang::VectorType>();
  if (!vt) return std::nullopt;
  auto et = intType(vt->getElementType());
  unsigned n = vt->getNumElements();
  if (isWideType(vt->getElementType())) return (n == 3 ? 4u : n) * 2;  // two words per element
  if (!et || et->isBool) {
    clang::QualType e = vt->getElementType();
    unsupported(at, "vector type '" + t.getAsString() + "' (elements of type '" + e.getAsString() + "'" +
                        typeReason(e) + ")");
    return std::nullopt;
  }
  return n == 3 ? 4u : n;
}

std::string Lowerer::vectorCompName(unsigned i, unsigned n) {
  static const char* xyzw[] = {"x", "y", "z", "w"};
  if (n <= 4) return xyzw[i];
  return std::string{'s', "0123456789abcdef"[i & 15]};  // (GCC 12 misreads "s" + std::string as -Wrestrict)
}

bool Lowerer::layoutInto(clang::QualType t, uint64_t base, const std::string& path, Layout& out, clang::SourceLocation at) {
  clang::QualType written = t.getUnqualifiedType();
  t = t.getCanonicalType().getUnqualifiedType();
  if (const auto* vt = t->getAs<clang::VectorType>()) {
    if (!vectorCells(written, at)) return false;
    unsigned n = vt->getNumElements();
    if (auto wt = wideType(vt->getElementType())) {
      // A 64-bit element: its low word, then its high word (little-endian), elements consecutive.
      IntType hi = *wt;
      hi.hiWord = true;
      for (unsigned i = 0; i < n; ++i) {
        std::string cp = path + "." + vectorCompName(i, n);
        out.comps.push_back(Comp{base + 2 * i, *wt, cp + ".lo"});
        out.comps.push_back(Comp{base + 2 * i + 1, hi, cp + ".hi"});
      }
      return true;
    }
    IntType et = *intType(vt->getElementType());
    for (unsigned i = 0; i < n; ++i) out.comps.push_back(Comp{base + i, et, path + "." + vectorCompName(i, n)});
    return true;
  }
  if (t->isRecordType()) {
    if (!structCells(t, at)) return false;
    const clang::RecordDecl* rd = t->getAs<clang::RecordType>()->getDecl()->getDefinition();
    if (isByteUnion(rd)) {  // a union lowered as bytes (LowerUnion.cpp): its value is its bytes
      const auto n = static_cast<uint64_t>(ctx_.getTypeSizeInChars(t).getQuantity());
      for (uint64_t k = 0; k < n; ++k)
        out.comps.push_back(Comp{base + k, IntType{8, false, false, false}, fmt::format("{}.byte{}", path, k)});
      return true;
    }
    uint64_t off = base;
    if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd))  // the bases' fields first
      for (const clang::CXXBaseSpecifier& b : cxx->bases()) {
        const clang::CXXRecordDecl* bd = b.getType()->getAsCXXRecordDecl();
        if (bd && bd->field_empty() && bd->getNumBases() == 0) continue;
        if (!layoutInto(b.getType().getCanonicalType(), off, path, out, at)) return false;
        off += valueCells(b.getType(), at);
      }
    for (const clang::FieldDecl* f : rd->fields()) {
      clang::QualType ft = f->getType().getCanonicalType();
      std::string fp = path + "." + f->getNameAsString();
      if (isAgg(ft)) {
        if (!layoutInto(ft, off, fp, out, at)) return false;
        off += valueCells(ft, at);
      } else if (uint64_t len = scalarArrayField(ft)) {
        // An array field of scalars: its elements, paths ".keys.0", ".keys.1", …
        IntType et = *intType(ctx_.getAsConstantArrayType(ft)->getElementType());
        for (uint64_t k = 0; k < len; ++k) out.comps.push_back(Comp{off + k, et, fmt::format("{}.{}", fp, k)});
        off += len;
      } else if (ft->isConstantArrayType()) {
        // A 2-D array field, an array of structs or of 64-bit elements: each element's components.
        if (!arrayFieldCells(ft, at) || !layoutArrayField(ft, off, fp, out, at)) return false;
        off += valueCells(ft, at);
      } else if (isPtrField(ft)) {
        // A pointer field: its offset in cells, then its target's id (0: null).
        out.comps.push_back(Comp{off, kRawWord, fp, f, false});
        out.comps.push_back(Comp{off + 1, kRawWord, fp + ".base", f, true});
        if (wideField(f)) {  // a field that may hold a 64-bit offset: its high word
          Comp hi{off + 2, kRawWord, fp + ".hi", f, false};
          hi.ptrHi = true;
          out.comps.push_back(std::move(hi));
        }
        off += ptrFieldCells(f);
      } else if (isWideType(ft)) {
        // A 64-bit field: its low word, then its high word (little-endian).
        out.comps.push_back(Comp{off, kRawWord, fp + ".lo"});
        out.comps.push_back(Comp{off + 1, kRawWord, fp + ".hi"});
        off += 2;
      } else {
        out.comps.push_back(Comp{off, *intType(ft), fp});
        off += 1;
      }
      if (rd->isUnion()) break;  // a union's value: its first member's cells (unionCells: all the same bits)
    }
    return true;
  }
  auto it = intType(t);
  if (!it) {
    unsupported(at, "type '" + t.getAsString() + "'" + typeReason(t));
    return false;
  }
  out.comps.push_back(Comp{base, *it, path});
  return true;
}

std::optional<Layout> Lowerer::layoutOf(clang::QualType t, clang::SourceLocation at) {
  Layout l;
  if (!layoutInto(t, 0, "", l, at)) return std::nullopt;
  l.cells = valueCells(t, at);
  return l;
}

bool Lowerer::cellsOf(clang::QualType t, IntType& elem, uint64_t& count, uint64_t& elemBytes, clang::SourceLocation at,
                      bool allowIncomplete) {
  count = 1;
  t = t.getCanonicalType();
  while (t->isArrayType()) {
    if (const auto* ca = ctx_.getAsConstantArrayType(t)) {
      count *= ca->getSize().getZExtValue();
      t = ca->getElementType().getCanonicalType();
    } else if (allowIncomplete && t->isIncompleteArrayType() && count == 1) {
      t = ctx_.getAsArrayType(t)->getElementType().getCanonicalType();
      count = 0;
      allowIncomplete = false;
    } else {
      unsupported(at, "array type '" + t.getAsString() + "' (variable length)");
      return false;
    }
  }
  if (t->isRecordType()) {
    auto n = structCells(t, at);
    if (!n) return false;
    if (*n == 0) {
      unsupported(at, "an array or memory of empty struct '" + t.getAsString() + "' (its elements have no cells)");
      return false;
    }
    count *= *n;
    elem = IntType{};
    elemBytes = ctx_.getTypeSizeInChars(t).getQuantity();
    return true;
  }
  if (t->isVectorType()) {
    auto n = vectorCells(t, at);
    if (!n) return false;
    count *= *n;
    clang::QualType et = t->getAs<clang::VectorType>()->getElementType();
    elem = *valType(et);
    elemBytes = ctx_.getTypeSizeInChars(et).getQuantity();
    return true;
  }
  if (isPtrField(t)) {  // a pointer in memory: two cells, its offset and its target's id
    count *= 2;
    elem = kRawWord;
    elemBytes = ctx_.getTypeSizeInChars(t).getQuantity();
    return true;
  }
  if (auto wt = wideType(t)) {  // two cells, low word first
    count *= 2;
    elem = *wt;
    elemBytes = 8;
    return true;
  }
  auto it = intType(t);
  if (!it) {
    unsupported(at, "element type '" + t.getAsString() + "'" + typeReason(t));
    return false;
  }
  elem = *it;
  elemBytes = ctx_.getTypeSizeInChars(t).getQuantity();
  return true;
}

void Lowerer::recordCellPaths(const std::string& array, clang::QualType t, clang::SourceLocation at) {
  t = t.getCanonicalType();
  while (const clang::ArrayType* a = ctx_.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
  std::vector<std::string> paths;
  if (isAgg(t)) {
    std::optional<Layout> l = layoutOf(t, at);
    if (!l || l->cells < 2) return;
    paths.assign(l->cells, "");
    for (const Comp& c : l->comps)
      if (c.offset < paths.size()) paths[c.offset] = c.path;
    for (size_t i = 0; i < paths.size(); ++i)
      if (paths[i].empty()) paths[i] = " (padding)";
  } else if (isWideType(t)) {
    paths = {".lo", ".hi"};
  } else if (isPtrField(t)) {
    paths = {".offset", ".base"};  // a pointer: its offset, its target's id
  } else {
    return;
  }
  cellPaths_[array] = std::move(paths);
}

uint64_t Lowerer::pointeeCells(clang::QualType pointee, clang::SourceLocation at) {
  IntType e;
  uint64_t count = 1, bytes = 4;
  if (!cellsOf(pointee, e, count, bytes, at)) return 1;
  return count == 0 ? 1 : count;
}

ExprPtr Lowerer::normalize(ExprPtr e, IntType t, kpl::SourceRange r) {
  if (t.isBool) return asBool(std::move(e), r);
  if (t.width >= 32) return e;
  if (e->kind == ExprKind::IntLit) {
    uint32_t v = static_cast<uint32_t>(e->value);
    uint32_t mask = (1u << t.width) - 1;
    v &= mask;
    if (t.isSigned && (v >> (t.width - 1)) != 0) v |= ~mask;
    return lit(v, r);
  }
  if (!t.isSigned) return bin(BinaryOp::BitAnd, std::move(e), lit((1u << t.width) - 1, r), r);
  int sh = 32 - static_cast<int>(t.width);
  return bin(BinaryOp::Shr, bin(BinaryOp::Shl, std::move(e), lit(sh, r), r), lit(sh, r), r);
}

bool Lowerer::fits(IntType from, IntType to) {
  if (from.isFloat || to.isFloat) return from.isFloat && to.isFloat;
  if (to.isBool) return from.isBool;
  if (from.isBool) return true;
  if (to.width >= 32) return true;  // a 32-bit word: conversion is the identity on bits
  if (from.isSigned == to.isSigned) return from.width <= to.width;
  if (!from.isSigned) return from.width < to.width;
  return false;
}

ExprPtr Lowerer::convert(ExprPtr e, IntType from, IntType to, kpl::SourceRange r) {
  if (fits(from, to)) return e;
  if (to.isFloat) {
    // int, unsigned, char, short, bool → float (a normalised word: its value is exact).
    bool sgn = from.isSigned && !from.isBool;
    if (e->kind == ExprKind::IntLit)
      return lit(floatBits(sgn ? static_cast<float>(e->value) : static_cast<float>(static_cast<uint32_t>(e->value))), r);
    return un(sgn ? UnaryOp::IToF : UnaryOp::UToF, std::move(e), r);
  }
  if (from.isFloat) {
    // float → bool is `!= 0` (ordered: NaN is true); → an integer truncates toward zero (a
    // value outside the type's range is undefined in C; KPL's ftoi/ftou give INT_MIN / 0,
    // and narrower types keep the low bits).
    if (to.isBool) return bin(BinaryOp::FNe, std::move(e), lit(0, r), r);
    bool toU = !to.isSigned && to.width >= 32;
    return normalize(un(toU ? UnaryOp::FToU : UnaryOp::FToI, std::move(e), r), to, r);
  }
  return normalize(std::move(e), to, r);
}

ExprPtr Lowerer::reinterpret(ExprPtr e, IntType from, IntType to, kpl::SourceRange r) {
  if (from.isFloat || to.isFloat) return to.isFloat ? std::move(e) : normalize(std::move(e), to, r);
  return convert(std::move(e), from, to, r);
}

bool Lowerer::isFloat(clang::QualType t) const {
  auto it = intType(t);
  return it && it->isFloat;
}

}  // namespace sdvmc::clangfe::lowering
