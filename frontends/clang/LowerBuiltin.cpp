// OpenCL's and CUDA's library functions (part of the Lowerer, Lowerer.h). A call to a function
// without a body whose name the builtin table (Builtins.cpp) has goes to the case of its kind
// for the call's type: wordBuiltin (a value of 32 bits or less, or none), wideBuiltin (64-bit),
// aggBuiltin (a vector). Here: the work-item functions and the launch geometry behind them
// (CUDA's threadIdx and the like too), barriers and fences, the float and double math, min,
// max and abs, CUDA's double intrinsics, and OpenCL's select, convert_T, vloadN and vstoreN;
// atomics and votes are in LowerSync.cpp, GPUVerify's annotations in LowerAnnotations.cpp.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Expr.h>

#include <algorithm>

namespace sdvmc::clangfe::lowering {

// ---- the dispatch: a builtin's form for the call's type ----------------------------------

namespace {

/// min's float operator says it is min (max's is FMax).
bool isMin(const BuiltinInfo& fn) { return static_cast<BinaryOp>(fn.op) == BinaryOp::FMin; }

/// The N of a NumberSuffix family's name (vload4: 4).
unsigned familyNumber(const BuiltinInfo& fn, const std::string& name) {
  return static_cast<unsigned>(std::stoul(name.substr(fn.name.size())));
}

/// Whether calls of a kind may have a vector (or struct) value: aggBuiltin's cases.
bool hasVectorForm(BuiltinKind k) {
  return k == BuiltinKind::VLoad || k == BuiltinKind::Select || k == BuiltinKind::Convert;
}

}  // namespace

std::optional<ExprPtr> Lowerer::wordBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name,
                                            bool need) {
  kpl::SourceRange r = range(c);
  if (fn.op == kNoForm) return std::nullopt;
  switch (fn.kind) {
    case BuiltinKind::WorkItem: return workItem(c, static_cast<WorkItem>(fn.op));
    case BuiltinKind::WorkDim: return lit(std::max({launch_.localDims, launch_.groupDims, 1u}), r);
    case BuiltinKind::Barrier:
      emitSimple(StmtKind::Barrier, r);
      emitBarrierInvariants();
      return lit(0, r);
    // Fences order a thread's own accesses; under SDV every access becomes visible at the
    // next barrier, so they change nothing.
    case BuiltinKind::Fence: return lit(0, r);
    case BuiltinKind::Printf: return printfCall(c, need);
    case BuiltinKind::IntBits: {
      // Every argument a 32-bit integer scalar (CUDA's declarations convert to one; OpenCL's
      // overloads on char, short or vectors count within other widths: not these rows').
      bool words = c->getNumArgs() == fn.arity;
      for (unsigned i = 0; words && i < c->getNumArgs(); ++i) {
        std::optional<IntType> t = intType(c->getArg(i)->getType());
        words = t && t->width == 32 && !t->isBool && !t->isFloat;
      }
      if (words) return intBits(c, static_cast<IntBits>(fn.op));
      break;
    }
    case BuiltinKind::Vote: return syncVote(c, fn);
    case BuiltinKind::Annotation: return annotation(c, static_cast<Annotation>(fn.op));
    case BuiltinKind::Math: return floatMath(c, fn, name);
    case BuiltinKind::MinMax:
      // OpenCL's min/max on floats (undefined for NaN) are fmin/fmax.
      if (isFloat(c->getType())) return floatMath(c, fn, name);
      if (c->getNumArgs() == fn.arity) return intMinMax(c, isMin(fn));
      break;
    case BuiltinKind::Abs:
      if (c->getNumArgs() == fn.arity) return intAbs(c);
      break;
    case BuiltinKind::Atomic: return atomic(c, fn, need);
    case BuiltinKind::DoubleWord:
      if (c->getNumArgs() == fn.arity && isWideType(c->getArg(0)->getType())) {  // CUDA: a word of a double
        Val v = wvalue(c->getArg(0));
        return fn.op == 1 ? std::move(v.hi) : std::move(v.lo);
      }
      break;
    case BuiltinKind::VStore: vstore(c, familyNumber(fn, name)); return lit(0, r);
    case BuiltinKind::Select:
      if (lang_ == Language::OpenCL && c->getNumArgs() == fn.arity) return selectScalar(c);
      break;
    case BuiltinKind::Convert:
      if (lang_ == Language::OpenCL && c->getNumArgs() == fn.arity) return convertScalar(c, name);
      break;
    case BuiltinKind::DoubleBits:
    case BuiltinKind::HiLoToDouble:
    case BuiltinKind::DoubleRn:
    case BuiltinKind::VLoad: break;
  }
  return std::nullopt;
}

std::optional<Val> Lowerer::wideBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name,
                                        bool need) {
  if (fn.wideOp == kNoForm) return std::nullopt;
  IntType t = *wideType(c->getType());
  unsigned n = c->getNumArgs();
  bool argsWide = true;
  for (unsigned i = 0; i < n; ++i) argsWide = argsWide && isWideType(c->getArg(i)->getType());
  switch (fn.kind) {
    case BuiltinKind::Math:
      if (t.isFloat) return doubleMath(c, fn, name, argsWide);
      break;
    case BuiltinKind::MinMax:
      if (t.isFloat) return doubleMath(c, fn, name, argsWide);
      if (n == fn.arity && argsWide) return wideMinMax(c, isMin(fn), t);
      break;
    case BuiltinKind::Abs:
      if (n == fn.arity && argsWide && !wideType(c->getArg(0)->getType())->isFloat) return wideAbs(c);
      break;
    case BuiltinKind::Atomic: return atomic64(c, &fn, name, need);
    case BuiltinKind::Convert: return wideConvert(c, name, need);
    // CUDA's reinterpretations and correctly rounded double intrinsics.
    case BuiltinKind::DoubleBits:
      if (n == fn.arity && argsWide) return wvalue(c->getArg(0), need);
      break;
    case BuiltinKind::HiLoToDouble:
      if (n == fn.arity) {
        ExprPtr hi = rvalue(c->getArg(0));
        ExprPtr lo = rvalue(c->getArg(1));
        return Val{std::move(lo), std::move(hi)};
      }
      break;
    case BuiltinKind::DoubleRn:
      if (n == fn.arity && argsWide) return doubleOp(c, static_cast<WideOp>(fn.wideOp));
      break;
    case BuiltinKind::WorkItem:
    case BuiltinKind::WorkDim:
    case BuiltinKind::Barrier:
    case BuiltinKind::Fence:
    case BuiltinKind::Printf:
    case BuiltinKind::IntBits:
    case BuiltinKind::Vote:
    case BuiltinKind::Annotation:
    case BuiltinKind::DoubleWord:
    case BuiltinKind::VLoad:
    case BuiltinKind::VStore:
    case BuiltinKind::Select: break;
  }
  return std::nullopt;
}

std::optional<Agg> Lowerer::aggBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  bool clVector = lang_ == Language::OpenCL && c->getType()->isVectorType() && c->getNumArgs() == fn.arity;
  switch (fn.kind) {
    case BuiltinKind::VLoad: return vload(c, familyNumber(fn, name));
    case BuiltinKind::Select:
      if (clVector) return selectVector(c);
      break;
    case BuiltinKind::Convert:
      if (clVector && c->getArg(0)->getType()->isVectorType()) return convertVector(c, name);
      break;
    default: break;
  }
  return std::nullopt;
}

ExprPtr Lowerer::intBits(const clang::CallExpr* c, IntBits op) {
  kpl::SourceRange r = range(c);
  auto k = [&](uint32_t v) { return lit(static_cast<int32_t>(v), r); };
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  auto snap = [&](ExprPtr e) { return snapshot(std::move(e), r); };
  // popcount by the usual pairwise sums (each step's value is a fresh local).
  auto popc = [&](ExprPtr x) {
    x = snap(std::move(x));
    x = snap(b(BinaryOp::Sub, clone(*x), b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(1)), k(0x55555555))));
    x = snap(b(BinaryOp::Add, b(BinaryOp::BitAnd, clone(*x), k(0x33333333)),
               b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(2)), k(0x33333333))));
    x = snap(b(BinaryOp::BitAnd, b(BinaryOp::Add, clone(*x), b(BinaryOp::LShr, clone(*x), k(4))), k(0x0F0F0F0F)));
    return b(BinaryOp::LShr, b(BinaryOp::Mul, std::move(x), k(0x01010101)), k(24));
  };
  ExprPtr x = snap(rvalue(c->getArg(0)));
  switch (op) {
    case IntBits::Mul24:
    case IntBits::UMul24: {
      // The low 24 bits of each operand (sign-extended for __mul24), multiplied: the low 32
      // bits of the product.
      ExprPtr y = snap(rvalue(c->getArg(1)));
      auto low24 = [&](ExprPtr v) {
        return op == IntBits::Mul24 ? b(BinaryOp::Shr, b(BinaryOp::Shl, std::move(v), k(8)), k(8))
                                    : b(BinaryOp::BitAnd, std::move(v), k(0x00FFFFFF));
      };
      return b(BinaryOp::Mul, low24(std::move(x)), low24(std::move(y)));
    }
    case IntBits::Popc: return popc(std::move(x));
    case IntBits::Rotate: {
      // OpenCL's rotate: left by n modulo 32, the bits shifted out coming in on the right.
      ExprPtr s = snap(b(BinaryOp::BitAnd, rvalue(c->getArg(1)), k(31)));
      ExprPtr rotated = b(BinaryOp::BitOr, b(BinaryOp::Shl, clone(*x), clone(*s)),
                          b(BinaryOp::LShr, clone(*x), b(BinaryOp::Sub, k(32), clone(*s))));
      return cond(b(BinaryOp::Eq, std::move(s), k(0)), std::move(x), std::move(rotated), r);
    }
    case IntBits::HAdd:
    case IntBits::RHAdd: {
      // (x + y) >> 1 without overflow (rhadd: rounded up): x/2 + y/2 + the carry of the low
      // bits, with the shift of the arguments' signedness.
      bool isSigned = intType(c->getArg(0)->getType())->isSigned;
      ExprPtr y = snap(rvalue(c->getArg(1)));
      BinaryOp half = isSigned ? BinaryOp::Shr : BinaryOp::LShr;
      ExprPtr low = b(op == IntBits::HAdd ? BinaryOp::BitAnd : BinaryOp::BitOr, clone(*x), clone(*y));
      return b(BinaryOp::Add, b(BinaryOp::Add, b(half, clone(*x), k(1)), b(half, clone(*y), k(1))),
               b(BinaryOp::BitAnd, std::move(low), k(1)));
    }
    case IntBits::AddSat:
    case IntBits::SubSat: {
      // The wrapped sum (difference), replaced by the bound it passed when it overflowed:
      // signed, when the result's sign differs from x's and from y's (sub: from x's, and y's
      // is the result's); unsigned, when the sum is below x (the difference above x).
      bool isSigned = intType(c->getArg(0)->getType())->isSigned;
      bool add = op == IntBits::AddSat;
      ExprPtr y = snap(rvalue(c->getArg(1)));
      ExprPtr s = snap(b(add ? BinaryOp::Add : BinaryOp::Sub, clone(*x), clone(*y)));
      if (!isSigned) {
        ExprPtr over = b(add ? BinaryOp::ULt : BinaryOp::UGt, clone(*s), clone(*x));
        return cond(std::move(over), k(add ? 0xFFFFFFFFu : 0u), std::move(s), r);
      }
      ExprPtr fromX = b(BinaryOp::BitXor, clone(*x), clone(*s));
      ExprPtr fromY = add ? b(BinaryOp::BitXor, clone(*y), clone(*s)) : b(BinaryOp::BitXor, clone(*x), clone(*y));
      ExprPtr over = b(BinaryOp::Lt, b(BinaryOp::BitAnd, std::move(fromX), std::move(fromY)), k(0));
      ExprPtr bound = cond(b(BinaryOp::Lt, clone(*x), k(0)), k(0x80000000u), k(0x7FFFFFFFu), r);
      return cond(std::move(over), std::move(bound), std::move(s), r);
    }
    case IntBits::AbsDiff:
    case IntBits::Sad:
    case IntBits::USad: {
      // |x - y|, as an unsigned word: the larger minus the smaller (signed or unsigned order),
      // modulo 2^32; __sad/__usad add z.
      bool isSigned =
          op == IntBits::Sad || (op == IntBits::AbsDiff && intType(c->getArg(0)->getType())->isSigned);
      ExprPtr y = snap(rvalue(c->getArg(1)));
      ExprPtr greater = b(isSigned ? BinaryOp::Gt : BinaryOp::UGt, clone(*x), clone(*y));
      ExprPtr diff = cond(std::move(greater), b(BinaryOp::Sub, clone(*x), clone(*y)),
                          b(BinaryOp::Sub, clone(*y), clone(*x)), r);
      if (op == IntBits::AbsDiff) return diff;
      return b(BinaryOp::Add, std::move(diff), rvalue(c->getArg(2)));
    }
    case IntBits::Brev: {
      // Swap adjacent bits, pairs, nibbles, bytes, then the two halves.
      const uint32_t masks[] = {0x55555555, 0x33333333, 0x0F0F0F0F, 0x00FF00FF};
      for (int s = 0; s < 4; ++s) {
        int32_t sh = 1 << s;
        x = snap(b(BinaryOp::BitOr, b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(sh)), k(masks[s])),
                   b(BinaryOp::Shl, b(BinaryOp::BitAnd, clone(*x), k(masks[s])), k(sh))));
      }
      return b(BinaryOp::BitOr, b(BinaryOp::LShr, clone(*x), k(16)), b(BinaryOp::Shl, clone(*x), k(16)));
    }
    case IntBits::Clz: {
      // Binary search for the highest set bit: 32 for 0.
      ExprPtr zero = snap(b(BinaryOp::Eq, clone(*x), k(0)));
      ExprPtr n = k(0);
      const std::pair<uint32_t, int32_t> steps[] = {
          {0xFFFF0000u, 16}, {0xFF000000u, 8}, {0xF0000000u, 4}, {0xC0000000u, 2}, {0x80000000u, 1}};
      for (auto [mask, sh] : steps) {
        ExprPtr none = snap(b(BinaryOp::Eq, b(BinaryOp::BitAnd, clone(*x), k(mask)), k(0)));
        n = snap(b(BinaryOp::Add, std::move(n), cond(clone(*none), k(sh), k(0), r)));
        x = snap(cond(std::move(none), b(BinaryOp::Shl, clone(*x), k(sh)), clone(*x), r));
      }
      return cond(std::move(zero), k(32), std::move(n), r);
    }
    case IntBits::Ffs: {
      // 1 + the number of zeros below the lowest set bit: popc((x & -x) - 1) + 1; 0 for 0.
      ExprPtr lowest = b(BinaryOp::BitAnd, clone(*x), un(UnaryOp::Neg, clone(*x), r));
      ExprPtr pos = b(BinaryOp::Add, popc(b(BinaryOp::Sub, std::move(lowest), k(1))), k(1));
      return cond(b(BinaryOp::Eq, std::move(x), k(0)), k(0), std::move(pos), r);
    }
  }
  return k(0);
}

ExprPtr Lowerer::printfCall(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  if (need) {
    unsupported(c, "the result of printf (the number of characters it printed)");
    return lit(0, r);
  }
  const auto* format =
      c->getNumArgs() > 0 ? llvm::dyn_cast<clang::StringLiteral>(c->getArg(0)->IgnoreParenImpCasts()) : nullptr;
  if (!format || format->getCharByteWidth() != 1) {
    unsupported(c, "printf with a format that is not a string literal");
    return lit(0, r);
  }
  // The arguments the format asks for: one per conversion, one more per `*` width or
  // precision; `%%` asks for none. (OpenCL's vector conversions, `%v4hld`, take one vector.)
  llvm::StringRef f = format->getString();
  unsigned wanted = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    if (i + 1 < f.size() && f[i + 1] == '%') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < f.size() && llvm::StringRef("-+ #0123456789.*hlLjztv").contains(f[j])) {
      if (f[j] == '*') ++wanted;
      ++j;
    }
    if (j >= f.size() || !llvm::StringRef("diouxXfFeEgGaAcsp").contains(f[j])) {
      error(c->getArg(0)->getBeginLoc(), "printf format: conversion '" + f.substr(i, j + 1 - i).str() +
                                             "' has no conversion character (one of diouxXfFeEgGaAcsp)");
      return lit(0, r);
    }
    ++wanted;
    i = j;
  }
  unsigned given = c->getNumArgs() - 1;
  if (wanted != given) {
    error(c->getArg(0)->getBeginLoc(), "printf format asks for " + std::to_string(wanted) + " argument" +
                                           (wanted == 1 ? "" : "s") + " but " + std::to_string(given) +
                                           (given == 1 ? " follows it" : " follow it"));
    return lit(0, r);
  }
  // Printing changes no memory; evaluating the arguments reads what they read (and fails as
  // they fail), so each is evaluated into a fresh local.
  for (unsigned i = 1; i < c->getNumArgs(); ++i) {
    const clang::Expr* a = c->getArg(i);
    clang::QualType t = a->getType();
    if (llvm::isa<clang::StringLiteral>(a->IgnoreParenImpCasts())) continue;
    if (t->isPointerType() || t->isArrayType() || isAgg(t)) {
      unsupported(a, "printf of a " + std::string(isAgg(t) ? "vector or struct" : "pointer") + " argument");
      continue;
    }
    if (isWideType(t)) {
      wvalue(a);
      continue;
    }
    emitAssign(newLocal("printf_arg"), rvalue(a), range(a));
  }
  return lit(0, r);
}

std::string Lowerer::vectorBuiltinNames() {
  std::vector<std::string> names;
  for (const BuiltinInfo& fn : builtinTable())
    if (hasVectorForm(fn.kind)) names.push_back(fn.shown());
  std::string list;
  for (size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return list;
}

// ---- work-item functions -------------------------------------------------------------------

ExprPtr Lowerer::localId(unsigned d, kpl::SourceRange r) { return splitId(launch_.localSize, d, ExprKind::Lid, r); }

ExprPtr Lowerer::groupId(unsigned d, kpl::SourceRange r) { return splitId(launch_.numGroups, d, ExprKind::Gid, r); }

ExprPtr Lowerer::sizeExpr(const std::array<uint32_t, 3>& n, unsigned d, kpl::SourceRange r) {
  if (d > 2 || n[d] == 1) return lit(1, r);
  ExprPtr e = kindExpr(&n == &launch_.localSize ? ExprKind::LocalSize : ExprKind::NumGroups, r);
  e->value = static_cast<int32_t>(d);
  return e;
}

ExprPtr Lowerer::splitId(const std::array<uint32_t, 3>& n, unsigned d, ExprKind flat, kpl::SourceRange r) {
  if (d > 2 || n[d] == 1) return lit(0, r);
  ExprPtr below;  // the product of the sizes of the dimensions under d (null: 1)
  for (unsigned i = 0; i < d; ++i) {
    if (n[i] == 1) continue;
    ExprPtr s = sizeExpr(n, i, r);
    below = below ? bin(BinaryOp::Mul, std::move(below), std::move(s), r) : std::move(s);
  }
  bool above = false;  // a dimension over d that is not 1
  for (unsigned i = d + 1; i < 3; ++i) above |= n[i] != 1;
  ExprPtr e = kindExpr(flat, r);
  if (below) e = bin(BinaryOp::Div, std::move(e), std::move(below), r);
  if (above) e = bin(BinaryOp::Rem, std::move(e), sizeExpr(n, d, r), r);
  return e;
}

ExprPtr Lowerer::globalId(unsigned d, kpl::SourceRange r) {
  if (d > 2) return lit(0, r);
  ExprPtr g = groupId(d, r);
  ExprPtr l = localId(d, r);
  if (isLit(*g, 0)) return l;
  ExprPtr size = sizeExpr(launch_.localSize, d, r);
  ExprPtr scaled = isLit(*size, 1) ? std::move(g) : bin(BinaryOp::Mul, std::move(g), std::move(size), r);
  return add(std::move(scaled), std::move(l), r);
}

std::optional<unsigned> Lowerer::dimArg(const clang::CallExpr* c) {
  if (c->getNumArgs() < 1) return 0u;
  clang::Expr::EvalResult res;
  if (!c->getArg(0)->EvaluateAsInt(res, ctx_)) {
    unsupported(c->getArg(0), "a dimension that is not a constant");
    return std::nullopt;
  }
  int64_t d = res.Val.getInt().getExtValue();
  return d < 0 || d > 2 ? 3u : static_cast<unsigned>(d);
}

ExprPtr Lowerer::workItem(const clang::CallExpr* c, WorkItem which) {
  kpl::SourceRange r = range(c);
  auto d = dimArg(c);
  if (!d) return lit(0, r);
  switch (which) {
    case WorkItem::LocalId: return localId(*d, r);
    case WorkItem::GroupId: return groupId(*d, r);
    case WorkItem::GlobalId: return globalId(*d, r);
    case WorkItem::LocalSize: return sizeExpr(launch_.localSize, *d, r);
    case WorkItem::NumGroups: return sizeExpr(launch_.numGroups, *d, r);
    case WorkItem::GlobalSize: {
      ExprPtr l = sizeExpr(launch_.localSize, *d, r), g = sizeExpr(launch_.numGroups, *d, r);
      if (isLit(*g, 1)) return l;
      if (isLit(*l, 1)) return g;
      return bin(BinaryOp::Mul, std::move(l), std::move(g), r);
    }
    case WorkItem::GlobalOffset: break;
  }
  return lit(0, r);  // get_global_offset
}

// ---- math ------------------------------------------------------------------------------------

ExprPtr Lowerer::floatMath(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  kpl::SourceRange r = range(c);
  bool binary = fn.arity == 2;
  bool ok = isFloat(c->getType()) && c->getNumArgs() == fn.arity;
  for (unsigned i = 0; ok && i < c->getNumArgs(); ++i) ok = isFloat(c->getArg(i)->getType());
  if (!ok) {
    clang::QualType bad = c->getType();
    for (unsigned i = 0; i < c->getNumArgs(); ++i)
      if (!isFloat(c->getArg(i)->getType())) bad = c->getArg(i)->getType();
    unsupported(c, name + " on '" + bad.getAsString() + "'" + typeReason(bad) + " (only float)");
    return lit(0, r);
  }
  if (!binary) return un(static_cast<UnaryOp>(fn.op), rvalue(c->getArg(0)), r);
  ExprPtr a = rvalue(c->getArg(0));
  ExprPtr b = rvalue(c->getArg(1));
  return bin(static_cast<BinaryOp>(fn.op), std::move(a), std::move(b), r);
}

ExprPtr Lowerer::intMinMax(const clang::CallExpr* c, bool min) {
  kpl::SourceRange r = range(c);
  auto t = intType(c->getType());
  if (!t) return lit(0, r);
  ExprPtr a = snapshot(rvalue(c->getArg(0)), r);
  ExprPtr b = snapshot(rvalue(c->getArg(1)), r);
  bool u = !t->isSigned;
  BinaryOp lt = min ? (u ? BinaryOp::ULt : BinaryOp::Lt) : (u ? BinaryOp::UGt : BinaryOp::Gt);
  // Clone before building: the order in which C++ evaluates call arguments is unspecified,
  // so no argument list may both clone a value and move it.
  ExprPtr test = bin(lt, clone(*a), clone(*b), r);
  ExprPtr first = clone(*a);
  return cond(std::move(test), std::move(first), std::move(b), r);
}

ExprPtr Lowerer::intAbs(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  auto at = intType(c->getArg(0)->getType());
  if (!at) return lit(0, r);
  if (at->isFloat) return un(UnaryOp::FAbs, rvalue(c->getArg(0)), r);
  ExprPtr a = snapshot(rvalue(c->getArg(0)), r);
  if (!at->isSigned) return a;
  ExprPtr test = bin(BinaryOp::Lt, clone(*a), lit(0, r), r);
  ExprPtr neg = un(UnaryOp::Neg, clone(*a), r);
  return cond(std::move(test), std::move(neg), std::move(a), r);
}

Val Lowerer::doubleMath(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name, bool argsWide) {
  if (c->getNumArgs() != fn.arity || !argsWide) {
    unsupported(c, "this form of '" + name + "'");
    return zeroOf(true, range(c));
  }
  return doubleOp(c, static_cast<WideOp>(fn.wideOp));
}

Val Lowerer::doubleOp(const clang::CallExpr* c, WideOp op) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() == 1) return wideUnary(op, wvalue(c->getArg(0)), r);
  Val a = wvalue(c->getArg(0));
  Val b = wvalue(c->getArg(1));
  return widePair(op, std::move(a), std::move(b), r);
}

Val Lowerer::wideMinMax(const clang::CallExpr* c, bool min, IntType t) {
  kpl::SourceRange r = range(c);
  Val a = atoms(wvalue(c->getArg(0)), r);
  Val b = atoms(wvalue(c->getArg(1)), r);
  bool u = !t.isSigned;
  WideOp w = min ? (u ? WideOp::LULt : WideOp::LLt) : (u ? WideOp::LUGt : WideOp::LGt);
  ExprPtr test = atom(wideOp(w, r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo)), r);
  ExprPtr lo = cond(clone(*test), clone(*a.lo), clone(*b.lo), r);
  ExprPtr hi = cond(std::move(test), std::move(a.hi), std::move(b.hi), r);
  return Val{std::move(lo), std::move(hi)};
}

Val Lowerer::wideAbs(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  Val a = atoms(wvalue(c->getArg(0)), r);
  if (!wideType(c->getArg(0)->getType())->isSigned) return a;
  ExprPtr neg = atom(wideOp(WideOp::LLt, r, clone(*a.hi), clone(*a.lo), lit(0, r), lit(0, r)), r);
  Val m = widePair(WideOp::LSubLo, zeroOf(true, r), cloneVal(a), r);
  ExprPtr lo = cond(clone(*neg), std::move(m.lo), std::move(a.lo), r);
  ExprPtr hi = cond(std::move(neg), std::move(m.hi), std::move(a.hi), r);
  return Val{std::move(lo), std::move(hi)};
}

// ---- OpenCL's select, convert_T, vloadN and vstoreN -------------------------------------------

/// OpenCL's scalar convert_T to or from a 64-bit type where it is C's conversion: no _sat,
/// and the default rounding (toward zero to integers, to nearest even to floating point),
/// or a mode that changes nothing (integer to integer, exact conversions). nullopt when the
/// call is not one; a zero value after a diagnostic for the other modes.
std::optional<Val> Lowerer::wideConvert(const clang::CallExpr* c, const std::string& name, bool need) {
  kpl::SourceRange r = range(c);
  bool sat = false;
  char rounding = 0;
  if (!parseConvert(name, sat, rounding) || c->getNumArgs() != 1) return std::nullopt;
  const clang::Expr* arg = c->getArg(0);
  auto from = valType(arg->getType());
  auto to = valType(c->getType());
  bool wide = isWideType(c->getType());
  if (!from || !to || (!isWide(*from) && !isWide(*to)) || from->isBool || to->isBool) return std::nullopt;
  bool toFloat = to->isFloat, fromFloat = from->isFloat;
  bool exact = (!toFloat && !fromFloat) ||                                  // integers: bits or low bits
               (toFloat && isWide(*to) && (fromFloat || from->width <= 32));  // float or a word to double
  bool cRounding = rounding == 0 || (toFloat ? rounding == 'e' : rounding == 'z');
  if (sat || !(exact || cRounding)) {
    unsupported(c, name + " of '" + arg->getType().getAsString() + "' (64-bit: only C's conversion, without _sat " +
                       "and with the default rounding)");
    return zeroOf(wide, r);
  }
  return convertVal(anyValue(arg, need), *from, *to, r);
}

Agg Lowerer::vload(const clang::CallExpr* c, unsigned n) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  if (c->getNumArgs() != 2 || !c->getArg(1)->getType()->isPointerType() || isAgg(c->getArg(1)->getType()->getPointeeType())) {
    unsupported(c, "this form of vload");
    return bad;
  }
  auto et = valType(c->getArg(1)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "vload of '" + c->getArg(1)->getType()->getPointeeType().getAsString() + "'");
    return bad;
  }
  // vloadn(offset, p) reads p[offset * n + k], k < n (packed: vload3 reads 3 elements); a
  // 64-bit element is two cells, low word first.
  int64_t per = static_cast<int64_t>(wordsPerElem(*et));
  ExprPtr off = snapshot(wordIndex(c->getArg(0)), r);
  PtrVal p = pointer(c->getArg(1));
  if (p.storage == -1) return bad;
  ExprPtr base = snapshot(add(std::move(p.offset), mul(std::move(off), n * per, r), r), r);
  Agg a;
  for (unsigned k = 0; k < n; ++k) {
    if (per == 2) {
      ExprPtr lo = readCell(p.storage, add(clone(*base), lit(2 * k, r), r), kRawWord, r);
      ExprPtr hi = readCell(p.storage, add(clone(*base), lit(2 * k + 1, r), r), kRawWord, r);
      pushElem(a, Val{std::move(lo), std::move(hi)}, *et, r);
      continue;
    }
    a.vals.push_back(readCell(p.storage, add(clone(*base), lit(k, r), r), *et, r));
    a.types.push_back(*et);
  }
  return a;
}

void Lowerer::vstore(const clang::CallExpr* c, unsigned n) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != 3 || !c->getArg(2)->getType()->isPointerType() || isAgg(c->getArg(2)->getType()->getPointeeType())) {
    unsupported(c, "this form of vstore");
    return;
  }
  auto et = valType(c->getArg(2)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "vstore of '" + c->getArg(2)->getType()->getPointeeType().getAsString() + "'");
    return;
  }
  int64_t per = static_cast<int64_t>(wordsPerElem(*et));
  Agg v = aggValue(c->getArg(0));
  ExprPtr off = snapshot(wordIndex(c->getArg(1)), r);
  PtrVal p = pointer(c->getArg(2));
  if (!v.ok || p.storage == -1 || v.vals.size() != n * static_cast<size_t>(per)) return;
  ExprPtr base = snapshot(add(std::move(p.offset), mul(std::move(off), n * per, r), r), r);
  for (unsigned k = 0; k < n * per; ++k)
    writeCell(p.storage, add(clone(*base), lit(k, r), r), std::move(v.vals[k]), cellType(*et), r);
}

bool Lowerer::parseConvert(const std::string& name, bool& sat, char& rounding) {
  if (name.rfind("convert_", 0) != 0) return false;
  std::string rest = name.substr(8);
  sat = false;
  rounding = 0;
  for (const char* m : {"_rte", "_rtz", "_rtp", "_rtn"})
    if (rest.size() > 4 && rest.compare(rest.size() - 4, 4, m) == 0) {
      rounding = m[3];
      rest.resize(rest.size() - 4);
    }
  if (rest.size() > 4 && rest.compare(rest.size() - 4, 4, "_sat") == 0) sat = true;
  return true;
}

/// One component of convert_T (OpenCL C 1.2 §6.2.3): to an integer, rounding toward zero by
/// default and, with _sat, clamping to the type's range (NaN → 0); without _sat an
/// out-of-range value converts as a C cast does (the lowering's ftoi/ftou, low bits). To
/// float, round to nearest even by default; directed rounding of a 32-bit integer is refused.
ExprPtr Lowerer::convertElem(ExprPtr v, IntType from, IntType to, bool sat, char rounding, const clang::Expr* at,
                             kpl::SourceRange r) {
  if (to.isFloat) {
    if (!from.isFloat && rounding != 0 && rounding != 'e' && from.width > 24) {
      unsupported(at, std::string("convert to float with rounding mode _rt") + rounding +
                          " of a 32-bit integer (only round to nearest even is exact with KPL's itof)");
      return lit(0, r);
    }
    return convert(std::move(v), from, to, r);
  }
  int64_t lo = to.isSigned ? -(int64_t{1} << (to.width - 1)) : 0;
  int64_t hi = to.isSigned ? (int64_t{1} << (to.width - 1)) - 1 : (int64_t{1} << to.width) - 1;
  if (from.isFloat) {
    ExprPtr f = snapshot(std::move(v), r);
    if (rounding == 'e' || rounding == 'n' || rounding == 'p') {
      // To an integral float first; |f| >= 2^23 (and NaN, infinities) is integral already.
      const int64_t two23 = floatBits(8388608.0f);
      ExprPtr rounded;
      if (rounding == 'e') {
        // f ± 2^23 lies where the float spacing is 1: fadd rounds it to the nearest even integer.
        ExprPtr pos = bin(BinaryOp::FSub, bin(BinaryOp::FAdd, clone(*f), lit(two23, r), r), lit(two23, r), r);
        ExprPtr neg = bin(BinaryOp::FAdd, bin(BinaryOp::FSub, clone(*f), lit(two23, r), r), lit(two23, r), r);
        rounded = cond(bin(BinaryOp::FGe, clone(*f), lit(0, r), r), std::move(pos), std::move(neg), r);
      } else {
        auto trunc = [&] { return un(UnaryOp::IToF, un(UnaryOp::FToI, clone(*f), r), r); };
        bool down = rounding == 'n';
        ExprPtr test = bin(down ? BinaryOp::FLt : BinaryOp::FGt, clone(*f), trunc(), r);
        ExprPtr step = bin(down ? BinaryOp::FSub : BinaryOp::FAdd, trunc(), lit(kFloatOne, r), r);
        rounded = cond(std::move(test), std::move(step), trunc(), r);
      }
      ExprPtr small = bin(BinaryOp::FLt, un(UnaryOp::FAbs, clone(*f), r), lit(two23, r), r);
      f = snapshot(cond(std::move(small), std::move(rounded), clone(*f), r), r);
    }
    if (!sat) return convert(std::move(f), from, to, r);
    // hi + 1 and lo are powers of two (or 0): exact floats. Below lo (toward zero) or at it
    // the value truncates to lo or is clamped to it alike.
    ExprPtr inRange = convert(clone(*f), from, to, r);
    ExprPtr e = cond(bin(BinaryOp::FLt, clone(*f), lit(floatBits(static_cast<float>(lo)), r), r), lit(lo, r),
                     std::move(inRange), r);
    e = cond(bin(BinaryOp::FGe, clone(*f), lit(floatBits(static_cast<float>(hi + 1)), r), r), lit(hi, r), std::move(e), r);
    return cond(bin(BinaryOp::FNe, clone(*f), clone(*f), r), lit(0, r), std::move(e), r);  // NaN
  }
  if (!sat) return convert(std::move(v), from, to, r);
  // Integer to integer, saturating: clamp where the source's range exceeds the target's.
  int64_t slo = from.isBool ? 0 : from.isSigned ? -(int64_t{1} << (from.width - 1)) : 0;
  int64_t shi = from.isBool ? 1 : from.isSigned ? (int64_t{1} << (from.width - 1)) - 1 : (int64_t{1} << from.width) - 1;
  if (slo >= lo && shi <= hi) return v;
  ExprPtr x = snapshot(std::move(v), r);
  ExprPtr e = clone(*x);
  if (slo < lo) e = cond(bin(BinaryOp::Lt, clone(*x), lit(lo, r), r), lit(lo, r), std::move(e), r);
  if (shi > hi)
    e = cond(bin(from.isSigned ? BinaryOp::Gt : BinaryOp::UGt, clone(*x), lit(hi, r), r), lit(hi, r), std::move(e), r);
  return e;
}

ExprPtr Lowerer::selectScalar(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  // select(a, b, c) = c ? b : a for scalars (every argument is evaluated).
  auto t = intType(c->getType());
  auto ct = intType(c->getArg(2)->getType());
  if (!t || !ct) {
    unsupported(c, "select on '" + c->getType().getAsString() + "'" + typeReason(c->getType()));
    return lit(0, r);
  }
  ExprPtr a = rvalue(c->getArg(0));
  ExprPtr b = rvalue(c->getArg(1));
  ExprPtr k = rvalue(c->getArg(2));
  return cond(asBool(std::move(k), r), std::move(b), std::move(a), r);
}

ExprPtr Lowerer::convertScalar(const clang::CallExpr* c, const std::string& name) {
  kpl::SourceRange r = range(c);
  bool sat = false;
  char rounding = 0;
  parseConvert(name, sat, rounding);
  if (isWideType(c->getArg(0)->getType()))
    if (auto v = wideConvert(c, name, true)) return std::move(v->lo);  // from 64 bits to a word
  auto from = intType(c->getArg(0)->getType());
  auto to = intType(c->getType());
  if (!from || !to || from->isBool || to->isBool) {
    clang::QualType bad = from ? c->getType() : c->getArg(0)->getType();
    unsupported(c, name + " of '" + c->getArg(0)->getType().getAsString() + "'" +
                       (from ? "" : typeReason(bad)) + (to ? "" : " to '" + c->getType().getAsString() + "'" + typeReason(c->getType())));
    return lit(0, r);
  }
  return convertElem(rvalue(c->getArg(0)), *from, *to, sat, rounding, c, r);
}

Agg Lowerer::selectVector(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  // select(a, b, c)[i] = MSB of c[i] set ? b[i] : a[i]; every argument is evaluated.
  Agg a = aggValue(c->getArg(0));
  Agg b = aggValue(c->getArg(1));
  Agg k = aggValue(c->getArg(2));
  if (!a.ok || !b.ok || !k.ok || a.vals.size() != b.vals.size() || elemCount(a) != elemCount(k)) return bad;
  Agg res;
  IntType kt = elemType(k), et = elemType(a);
  for (size_t j = 0, n = elemCount(a); j < n; ++j)
    pushElem(res, chooseVal(elemMsb(takeElem(k, j), kt, r), takeElem(b, j), takeElem(a, j), r), et, r);
  return res;
}

Agg Lowerer::convertVector(const clang::CallExpr* c, const std::string& name) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  bool sat = false;
  char rounding = 0;
  parseConvert(name, sat, rounding);
  auto l = layoutOf(c->getType(), c->getBeginLoc());
  if (!l) return bad;
  Agg v = aggValue(c->getArg(0));
  IntType from = elemType(v), to = elemOf(l->comps[0].type);
  if (!v.ok || v.vals.empty() || elemCount(v) != l->comps.size() / wordsPerElem(to)) return bad;
  if (isWide(from) || isWide(to)) {
    // 64-bit elements: C's conversion only, as for scalars.
    bool exact = (!to.isFloat && !from.isFloat) || (to.isFloat && isWide(to) && (from.isFloat || from.width <= 32));
    bool cRounding = rounding == 0 || (to.isFloat ? rounding == 'e' : rounding == 'z');
    if (sat || !(exact || cRounding) || from.isBool) {
      unsupported(c, name + " of '" + c->getArg(0)->getType().getAsString() +
                         "' (64-bit: only C's conversion, without _sat and with the default rounding)");
      return bad;
    }
    Agg res;
    for (size_t j = 0, n = elemCount(v); j < n; ++j) pushElem(res, convertVal(takeElem(v, j), from, to, r), to, r);
    return res;
  }
  Agg res;
  for (size_t i = 0; i < v.vals.size(); ++i) {
    res.vals.push_back(convertElem(std::move(v.vals[i]), v.types[i], l->comps[i].type, sat, rounding, c, r));
    res.types.push_back(l->comps[i].type);
  }
  return res;
}

}  // namespace sdvmc::clangfe::lowering
