// CUDA surfaces: surf1Dread, surf1Dwrite, surf2Dread, surf2Dwrite on `surface<void, dim>`
// references and `cudaSurfaceObject_t` kernel parameters (frontends/clang/README.md,
// "Surfaces"). A surface is a hidden global array of W·H cells (`--image NAME=W[xH]`, in
// elements), element (x / 4, y) at cell y·W + x / 4: reads and writes are global-memory
// accesses (logged, raced within and between groups). The x coordinate is in bytes, as in
// CUDA; elements are 32-bit scalars (int, unsigned, float: the cell holds their bits).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

int Lowerer::surfaceStorage(const clang::CallExpr* c, unsigned arg, IntType elem, bool twoD, uint32_t& width,
                            uint32_t& height) {
  const clang::Expr* a = c->getArg(arg)->IgnoreImplicit();
  if (const auto* ce = llvm::dyn_cast<clang::CXXConstructExpr>(a); ce && ce->getNumArgs() == 1)
    a = ce->getArg(0)->IgnoreImplicit();
  const clang::VarDecl* vd = refVar(a);
  const bool param = vd && llvm::isa<clang::ParmVarDecl>(vd);
  if (!vd || (param && !inst_->isKernel) || (!param && !vd->hasGlobalStorage())) {
    unsupported(c->getArg(arg), "a surface that is neither a surface reference nor a surface object parameter of the kernel");
    return -1;
  }
  const std::string name = vd->getNameAsString();
  const LaunchOptions::Image* im = nullptr;
  for (const LaunchOptions::Image& i : launch_.images)
    if (i.name == name) im = &i;
  if (!im) {
    unsupported(c->getArg(arg), fmt::format("surface '{}' without a size: give its width and height in elements "
                                            "with --image {}=W (1D) or --image {}=WxH (2D)", name, name, name));
    return -1;
  }
  usedImages_.insert(name);
  if (!twoD && im->height != 1) {
    unsupported(c, fmt::format("surf1D access to surface '{}', which --image makes {}x{} (2D)", name, im->width,
                               im->height));
    return -1;
  }
  if (uint64_t{im->width} * 4 > INT32_MAX) {
    unsupported(c, fmt::format("surface '{}' of width {}: its byte coordinates exceed 2^31 - 1", name, im->width));
    return -1;
  }
  width = im->width;
  height = im->height;
  if (auto it = surfaces_.find(vd); it != surfaces_.end()) return it->second;
  const int st = declareArray("__surf_" + name, elem, 4, uint64_t{im->width} * im->height, true, range(c),
                              c->getBeginLoc());
  surfaces_[vd] = st;
  return st;
}

ExprPtr Lowerer::surfaceCall(const clang::CallExpr* c, Surface op) {
  kpl::SourceRange r = range(c);
  const bool write = op == Surface::Write1D || op == Surface::Write2D;
  const bool twoD = op == Surface::Read2D || op == Surface::Write2D;
  const std::string fname = op == Surface::Read1D    ? "surf1Dread"
                            : op == Surface::Write1D ? "surf1Dwrite"
                            : op == Surface::Read2D  ? "surf2Dread"
                                                     : "surf2Dwrite";
  // The legacy form surf2Dread(&v, surf, x, y): the element read is stored through the pointer.
  const bool viaPointer = !write && c->getType()->isVoidType();
  // Arguments: [data or result pointer,] surface, x [, y] [, boundary mode].
  const unsigned surf = write || viaPointer ? 1 : 0, coords = twoD ? 2 : 1;
  if (c->getNumArgs() < surf + 1 + coords || (viaPointer && !c->getArg(0)->getType()->isPointerType())) {
    unsupported(c, "this form of " + fname);
    return lit(0, r);
  }
  const clang::QualType et = write ? c->getArg(0)->getType()
                             : viaPointer ? c->getArg(0)->getType()->getPointeeType()
                                          : c->getType();
  std::optional<IntType> t = intType(et);
  if (!t || t->width != 32 || t->isBool) {
    unsupported(c, fmt::format("a surface access of type '{}' (32-bit scalars only: int, unsigned, float)",
                               et.getAsString()));
    return lit(0, r);
  }
  // cudaBoundaryModeZero 0, cudaBoundaryModeClamp 1, cudaBoundaryModeTrap 2 (the default).
  int64_t mode = 2;
  if (c->getNumArgs() > surf + 1 + coords) {
    const clang::Expr* m = c->getArg(surf + 1 + coords);
    clang::Expr::EvalResult res;
    if (!m->EvaluateAsInt(res, ctx_)) {
      unsupported(m, "a boundary mode that is not a constant");
      return lit(0, r);
    }
    mode = res.Val.getInt().getExtValue();
    if (mode == 1) {
      unsupported(m, "cudaBoundaryModeClamp (where a byte coordinate clamps to is not specified precisely enough "
                     "to model; cudaBoundaryModeTrap and cudaBoundaryModeZero are lowered)");
      return lit(0, r);
    }
    if (mode != 0 && mode != 2) {
      unsupported(m, fmt::format("boundary mode {}", mode));
      return lit(0, r);
    }
  }
  uint32_t width = 0, height = 1;
  const int st = surfaceStorage(c, surf, *t, twoD, width, height);
  if (st < 0) return lit(0, r);
  ExprPtr value = write ? snapshot(rvalue(c->getArg(0)), r) : nullptr;
  ExprPtr x = snapshot(rvalue(c->getArg(surf + 1)), r);
  ExprPtr y = twoD ? snapshot(rvalue(c->getArg(surf + 2)), r) : lit(0, r);
  // In range: 0 <= x < 4W and 0 <= y < H. Aligned: x a multiple of the element's 4 bytes; a
  // misaligned x is undefined in CUDA: reported as out-of-bounds (cell W·H) in every mode.
  ExprPtr aligned = snapshot(bin(BinaryOp::Eq, bin(BinaryOp::BitAnd, clone(*x), lit(3, r), r), lit(0, r), r), r);
  ExprPtr inRange = bin(
      BinaryOp::LogAnd,
      bin(BinaryOp::LogAnd, bin(BinaryOp::Le, lit(0, r), clone(*x), r),
          bin(BinaryOp::Lt, clone(*x), lit(int64_t{width} * 4, r), r), r),
      bin(BinaryOp::LogAnd, bin(BinaryOp::Le, lit(0, r), clone(*y), r), bin(BinaryOp::Lt, clone(*y), lit(height, r), r), r),
      r);
  inRange = snapshot(std::move(inRange), r);
  ExprPtr cell = add(bin(BinaryOp::Mul, clone(*y), lit(width, r), r), bin(BinaryOp::Shr, clone(*x), lit(2, r), r), r);
  const int64_t past = int64_t{width} * height;
  // Trap: an out-of-range or misaligned coordinate accesses cell W·H (the out-of-bounds verdict).
  // Zero: an aligned out-of-range one reads 0 and writes nothing.
  ExprPtr ok = mode == 2 ? bin(BinaryOp::LogAnd, clone(*aligned), clone(*inRange), r) : clone(*aligned);
  ExprPtr index = snapshot(cond(std::move(ok), std::move(cell), lit(past, r), r), r);
  note(c->getBeginLoc(),
       fmt::format("surface '{}': a hidden global array of {}x{} elements (--image), element (x/4, y) at cell "
                   "y*{} + x/4; {}",
                   storages_[static_cast<size_t>(st)].cName.substr(7), width, height, width,
                   mode == 2 ? "cudaBoundaryModeTrap: an out-of-range or misaligned coordinate is out-of-bounds "
                               "(cell W*H)"
                             : "cudaBoundaryModeZero: an out-of-range coordinate reads 0 and writes nothing; a "
                               "misaligned one is out-of-bounds (cell W*H)"));
  auto result = [&](ExprPtr v) {
    if (!viaPointer) return v;
    LVal lv = pointee(c->getArg(0));
    if (lv.kind != LVal::Kind::Invalid) store(lv, std::move(v), r);
    return lit(0, r);
  };
  if (mode == 2) {
    if (write) {
      writeCell(st, std::move(index), std::move(value), *t, r);
      return lit(0, r);
    }
    return result(snapshot(readCell(st, std::move(index), *t, r), r));
  }
  // Zero: access when aligned and in range, or misaligned (out of bounds).
  ExprPtr access = bin(BinaryOp::LogOr, un(UnaryOp::LogNot, std::move(aligned), r), std::move(inRange), r);
  if (write) {
    std::vector<StmtPtr> then = capture([&] { writeCell(st, clone(*index), std::move(value), *t, r); });
    emitIf(std::move(access), std::move(then), std::nullopt, r);
    return lit(0, r);
  }
  std::string v = temp();
  std::vector<StmtPtr> then = capture([&] { emitAssign(v, readCell(st, clone(*index), *t, r), r); });
  std::vector<StmtPtr> els = capture([&] { emitAssign(v, lit(0, r), r); });
  emitIf(std::move(access), std::move(then), std::move(els), r);
  return result(nameExpr(v, r));
}

}  // namespace sdvmc::clangfe::lowering
