// OpenCL's and CUDA's library functions (part of the Lowerer, Lowerer.h). A call to a function
// without a body whose name the builtin table (Builtins.cpp) has goes to the case of its kind
// for the call's type: wordBuiltin (a value of 32 bits or less, or none), wideBuiltin (64-bit),
// aggBuiltin (a vector). Here: the work-item functions and the launch geometry behind them
// (CUDA's threadIdx and the like too), barriers and fences, the float and double math, min,
// max and abs, CUDA's double intrinsics, and OpenCL's select, convert_T, vloadN and vstoreN;
// atomics and votes are in LowerSync.cpp, GPUVerify's annotations in LowerAnnotations.cpp, the
// float math library (the float kinds, and Math on vectors) in LowerFloatMath.cpp.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Expr.h>

#include <algorithm>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

// ---- the dispatch: a builtin's form for the call's type ----------------------------------

namespace {

/// min's float operator says it is min (max's is FMax).
bool isMin(const BuiltinInfo& fn) { return static_cast<BinaryOp>(fn.op) == BinaryOp::FMin; }

/// The N of a NumberSuffix family's name (vload4: 4).
unsigned familyNumber(const BuiltinInfo& fn, const std::string& name) {
  return static_cast<unsigned>(std::stoul(name.substr(fn.name.size())));
}

/// Whether calls of a row may have a vector (or struct) value: aggBuiltin's cases (OpenCL's
/// functions only: CUDA's intrinsics, `__…`, have none).
bool hasVectorForm(const BuiltinInfo& fn) {
  switch (fn.kind) {
    case BuiltinKind::VLoad: case BuiltinKind::Select: case BuiltinKind::Convert: case BuiltinKind::Shuffle:
    case BuiltinKind::MinMax: case BuiltinKind::Abs:
      return true;
    case BuiltinKind::IntBits: return !fn.name.starts_with("__");
    default: return false;
  }
}

/// Whether a kind is one of the float library's (LowerFloatMath.cpp), with vector forms in OpenCL.
bool isFloatLibrary(BuiltinKind k) {
  return k == BuiltinKind::FloatFn || k == BuiltinKind::FloatExpr || k == BuiltinKind::FloatTest ||
         k == BuiltinKind::Geometric;
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
      if (fn.op == 1) {
        // grid_group::sync(), inlined from our header: the barrier is the user's call.
        const clang::SourceLocation at = userLoc(c->getBeginLoc());
        StmtPtr s = stmt(StmtKind::Barrier, at == c->getBeginLoc() ? r : kpl::SourceRange{loc(at), loc(at)});
        s->grid = true;
        emit(std::move(s));
      } else {
        barrierCall(c);
      }
      emitBarrierInvariants();
      return lit(0, r);
    // Fences order a thread's own accesses; under SDV every access becomes visible at the
    // next barrier, so they change nothing.
    case BuiltinKind::Fence: return lit(0, r);
    // prefetch only warms a cache (OpenCL C 1.2 §6.12.10: it "does not affect the functional
    // behavior of the kernel"); its arguments are evaluated, so their reads are accesses.
    case BuiltinKind::Prefetch:
      if (c->getNumArgs() != fn.arity) break;
      (void)pointer(c->getArg(0));
      emitAssign(newLocal("prefetch_n"), rvalue(c->getArg(1)), r);
      return lit(0, r);
    case BuiltinKind::Printf: return printfCall(c, need);
    case BuiltinKind::Clock:
      if (c->getNumArgs() != 0) break;
      note(c->getBeginLoc(), fmt::format("sdvmc does not model time: '{}' gives an arbitrary value (sdvmc run uses 0, "
                                         "check explores the domain, prove leaves it free)", name));
      if (std::optional<IntType> t = intType(c->getType())) return normalize(arbitrary(r), *t, r);
      break;
    case BuiltinKind::IntBits:
      if (static_cast<IntBits>(fn.op) == IntBits::Clamp && c->getNumArgs() == 3 && isFloat(c->getArg(0)->getType()))
        return floatCall(c, floatClampBuiltin(), name);
      return intFuncScalar(c, static_cast<IntBits>(fn.op), fn.arity);
    case BuiltinKind::Vote: return syncVote(c, fn);
    case BuiltinKind::Annotation: return annotation(c, static_cast<Annotation>(fn.op));
    case BuiltinKind::Math: return floatMath(c, fn, name);
    case BuiltinKind::FloatFn:
    case BuiltinKind::FloatExpr:
    case BuiltinKind::FloatTest:
    case BuiltinKind::Geometric: return floatCall(c, fn, name);
    case BuiltinKind::FloatToInt:
      if (c->getNumArgs() == fn.arity && isFloat(c->getArg(0)->getType())) return floatToInt(c, static_cast<WideOp>(fn.op));
      break;
    case BuiltinKind::FloatBits:
      if (c->getNumArgs() == fn.arity) {
        ExprPtr v = rvalue(c->getArg(0));
        if (fn.op == 0) return v;  // the same bits
        return un(fn.op == 1 ? UnaryOp::IToF : UnaryOp::UToF, std::move(v), r);
      }
      break;
    case BuiltinKind::Refused: refusedCall(c, name, static_cast<Refusal>(fn.op)); return lit(0, r);
    case BuiltinKind::FloatOut: return floatOut(c, name, static_cast<FloatOut>(fn.op));
    case BuiltinKind::AnyAll:
      if (lang_ == Language::OpenCL && c->getNumArgs() == fn.arity) return anyAll(c, name, fn.op == 1);
      break;
    case BuiltinKind::BitSelect:
      if (lang_ == Language::OpenCL) return bitSelect(c, name);
      break;
    case BuiltinKind::MinMax:
      // OpenCL's min/max on floats (undefined for NaN) are fmin/fmax.
      if (isFloat(c->getType())) return floatMath(c, fn, name);
      if (c->getNumArgs() == fn.arity) return intMinMax(c, isMin(fn));
      break;
    case BuiltinKind::Abs:
      if (c->getNumArgs() == fn.arity) return intAbs(c);
      break;
    case BuiltinKind::Atomic: return atomic(c, fn, need);
    case BuiltinKind::Async: return asyncCall(c, static_cast<AsyncCall>(fn.op), name);
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
    case BuiltinKind::Random: return randomCall(c, static_cast<Random>(fn.op));
    case BuiltinKind::Texture: return textureFetch(c, static_cast<Texture>(fn.op));
    case BuiltinKind::Surface: return surfaceCall(c, static_cast<Surface>(fn.op));
    case BuiltinKind::Image:
      if (lang_ == Language::OpenCL) return imageWord(c, static_cast<ImageOp>(fn.op));
      break;
    case BuiltinKind::Warp:
      // `__all` is both CUDA's legacy warp vote and GPUVerify's thread predicate: inside an
      // annotation's condition it is the predicate (over every thread of the group).
      if (annot_.active && static_cast<WarpOp>(fn.op) == WarpOp::All) return annotation(c, Annotation::All);
      return warpCall(c, static_cast<WarpOp>(fn.op), name);
    case BuiltinKind::DoubleBits:
    case BuiltinKind::HiLoToDouble:
    case BuiltinKind::DoubleRn:
    case BuiltinKind::Shuffle:
    case BuiltinKind::VLoad: break;
  }
  return std::nullopt;
}

std::optional<Val> Lowerer::wideBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name,
                                        bool need) {
  if (fn.wideOp == kNoForm &&
      (isFloatLibrary(fn.kind) || fn.kind == BuiltinKind::Refused || fn.kind == BuiltinKind::FloatOut)) {
    // The double overloads of the float library: not lowered (KPL has no double math functions).
    if (fn.kind == BuiltinKind::Refused) refusedCall(c, name, static_cast<Refusal>(fn.op));
    else unsupported(c, name + " on '" + c->getType().getAsString() + "' (only the float overloads are lowered)");
    return zeroOf(true, range(c));
  }
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
      // upsample(int, uint): the long whose high word is hi and low word lo.
      if (static_cast<IntBits>(fn.op) == IntBits::Upsample && n == 2 && !argsWide) {
        ExprPtr hi = rvalue(c->getArg(0));
        ExprPtr lo = rvalue(c->getArg(1));
        return Val{std::move(lo), std::move(hi)};
      }
      break;
    case BuiltinKind::Shuffle:
    case BuiltinKind::Prefetch:
    case BuiltinKind::Vote:
    case BuiltinKind::Annotation:
    case BuiltinKind::DoubleWord:
    case BuiltinKind::VLoad: break;
    case BuiltinKind::Warp: return warpShuffleWide(c, static_cast<WarpOp>(fn.op), name);
    case BuiltinKind::Clock:
      if (n != 0) break;
      note(c->getBeginLoc(), fmt::format("sdvmc does not model time: '{}' gives an arbitrary value (sdvmc run uses 0, "
                                         "check explores the domain, prove leaves it free)", name));
      return Val{arbitrary(range(c)), arbitrary(range(c))};
    case BuiltinKind::VStore:
    case BuiltinKind::Select:
    case BuiltinKind::FloatFn:
    case BuiltinKind::FloatExpr:
    case BuiltinKind::FloatTest:
    case BuiltinKind::Geometric:
    case BuiltinKind::FloatToInt:
    case BuiltinKind::FloatBits:
    case BuiltinKind::FloatOut:
    case BuiltinKind::AnyAll:
    case BuiltinKind::BitSelect:
    case BuiltinKind::Random:
    case BuiltinKind::Texture:
    case BuiltinKind::Surface:
    case BuiltinKind::Image:
    case BuiltinKind::Refused: break;
    case BuiltinKind::Async:  // __cvta_generic_to_shared's size_t: refused outside a cp.async operand
      asyncCall(c, static_cast<AsyncCall>(fn.op), name);
      return zeroOf(true, range(c));
  }
  return std::nullopt;
}

std::optional<Agg> Lowerer::aggBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  bool clVector = lang_ == Language::OpenCL && c->getType()->isVectorType() && c->getNumArgs() == fn.arity;
  const auto* vt = c->getType()->getAs<clang::VectorType>();
  const bool floatElems = vt && isFloat(vt->getElementType());
  const bool floatVector = clVector && (isFloatLibrary(fn.kind) || fn.kind == BuiltinKind::Math ||
                                        (fn.kind == BuiltinKind::MinMax && floatElems));
  if (floatVector) return floatVectorCall(c, fn, name);
  if (clVector && floatElems && fn.kind == BuiltinKind::IntBits && static_cast<IntBits>(fn.op) == IntBits::Clamp)
    return floatVectorCall(c, floatClampBuiltin(), name);
  if (clVector && fn.kind == BuiltinKind::BitSelect) return bitSelectVector(c, name);
  switch (fn.kind) {
    case BuiltinKind::VLoad: return vload(c, familyNumber(fn, name));
    case BuiltinKind::Select:
      if (clVector) return selectVector(c);
      break;
    case BuiltinKind::Convert:
      if (clVector && c->getArg(0)->getType()->isVectorType()) return convertVector(c, name);
      break;
    case BuiltinKind::Shuffle:
      if (clVector) return shuffleVector(c);
      break;
    case BuiltinKind::IntBits:
      if (clVector && !fn.name.starts_with("__")) return intFuncVector(c, static_cast<IntBits>(fn.op), fn.arity);
      break;
    case BuiltinKind::MinMax:
      if (clVector) return intFuncVector(c, isMin(fn) ? IntBits::Min : IntBits::Max, 2);
      break;
    case BuiltinKind::Abs:
      if (clVector) return intFuncVector(c, IntBits::Abs, 1);
      break;
    case BuiltinKind::Random: return randomVector(c, static_cast<Random>(fn.op));
    case BuiltinKind::Texture:
      if (static_cast<Texture>(fn.op) == Texture::Fetch && c->getType()->isRecordType()) return textureFetchStruct(c);
      break;
    case BuiltinKind::Image:
      if (lang_ == Language::OpenCL) return imageRead(c, static_cast<ImageOp>(fn.op));
      break;
    default: break;
  }
  return std::nullopt;
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
    if (hasVectorForm(fn) && fn.name != "llabs") names.push_back(fn.shown());
  names.push_back("the float math, common, geometric and relational functions");
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

// get_global_id(d) = get_global_offset(d) + group id × local size + local id (OpenCL C 1.2
// §6.12.1); the offset is --global-offset's (0 by default).
ExprPtr Lowerer::globalId(unsigned d, kpl::SourceRange r) {
  if (d > 2) return lit(0, r);
  ExprPtr g = groupId(d, r);
  ExprPtr l = localId(d, r);
  ExprPtr offset = lit(static_cast<int32_t>(launch_.globalOffset[d]), r);
  if (isLit(*g, 0)) return add(std::move(offset), std::move(l), r);
  ExprPtr size = sizeExpr(launch_.localSize, d, r);
  ExprPtr scaled = isLit(*size, 1) ? std::move(g) : bin(BinaryOp::Mul, std::move(g), std::move(size), r);
  return add(std::move(offset), add(std::move(scaled), std::move(l), r), r);
}

// barrier(flags), work_group_barrier(flags [, scope]): `barrier;` when the flags order both
// local and global memory (and for __syncthreads()), else `barrier(local);`,
// `barrier(global);` or `barrier(none);` (other bits, such as OpenCL 2.0's CLK_IMAGE_MEM_FENCE,
// order images, which no lowered kernel has). The flags must be a constant.
void Lowerer::barrierCall(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  uint8_t fence = kpl::kFenceAll;
  if (c->getNumArgs() >= 1) {
    clang::Expr::EvalResult res;
    if (!c->getArg(0)->EvaluateAsInt(res, ctx_)) {
      unsupported(c->getArg(0), "barrier fence flags that are not a constant");
      return;
    }
    const int64_t flags = res.Val.getInt().getExtValue();
    // CLK_IMAGE_MEM_FENCE (4) orders the images, global arrays here, but not the buffers.
    if ((flags & 4) && !(flags & 2) && !callStack_.empty())
      for (const clang::ParmVarDecl* pd : callStack_.front()->parameters())
        if (pd->getType()->isImageType()) {
          unsupported(c->getArg(0), "barrier flags with CLK_IMAGE_MEM_FENCE but not CLK_GLOBAL_MEM_FENCE in a kernel "
                                    "with images (the fence orders the images but not the global buffers)");
          return;
        }
    fence = static_cast<uint8_t>(((flags & 1) ? kpl::kFenceLocal : 0) | ((flags & 2) ? kpl::kFenceGlobal : 0));
  }
  StmtPtr s = stmt(StmtKind::Barrier, r);
  s->fence = fence;
  emit(std::move(s));
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
    case WorkItem::GlobalOffset: return lit(*d > 2 ? 0 : launch_.globalOffset[*d], r);
  }
  return lit(0, r);
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

void Lowerer::refusedCall(const clang::CallExpr* c, const std::string& name, Refusal why) {
  switch (why) {
    case Refusal::DirectedRounding:
      unsupported(c, name + " (directed rounding; only the round-to-nearest _rn forms are lowered)");
      return;
    case Refusal::NotExact:
      unsupported(c, name + " (no exact composition of the float operators; sin(pi * x) rounds pi * x first)");
      return;
    case Refusal::PointerResult:
      unsupported(c, name + " (a result through a pointer argument)");
      return;
  }
}


}  // namespace sdvmc::clangfe::lowering
