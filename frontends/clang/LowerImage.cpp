// OpenCL images: image1d_t and image2d_t kernel parameters (frontends/clang/README.md,
// "Images"). An image is a hidden global array of W·H texels (`--image NAME=W[xH]`), each
// texel 4 cells (its R, G, B, A channels: a CL_RGBA image of 32-bit channels, read_imagef on
// CL_FLOAT, read_imagei on CL_SIGNED_INT32, read_imageui on CL_UNSIGNED_INT32), texel (x, y)
// at cells 4(y·W + x) … 4(y·W + x) + 3. read_image* with integer coordinates, with no sampler
// or with a constant one (CLK_NORMALIZED_COORDS_FALSE, CLK_FILTER_NEAREST,
// CLK_ADDRESS_NONE | CLAMP_TO_EDGE | CLAMP), write_image*, get_image_width/height.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

namespace {
// image1d_t (1) or image2d_t (2), read_only or write_only; 0 for every other image type.
unsigned imageDims(clang::QualType t) {
  if (!t->isImageType()) return 0;
  const std::string s = t.getCanonicalType().getAsString();
  if (s.find("image1d_t") != std::string::npos) return 1;
  if (s.find("image2d_t") != std::string::npos) return 2;
  return 0;
}
}  // namespace

bool Lowerer::imageParam(const clang::ParmVarDecl* pd) {
  if (!pd->getType()->isImageType()) return false;
  if (imageDims(pd->getType()) == 0)
    unsupported(pd->getLocation(), fmt::format("kernel parameter of type '{}' (image1d_t and image2d_t only)",
                                               pd->getType().getAsString()));
  return true;  // no KPL parameter: the image is its hidden array, made at its first use
}

int Lowerer::imageStorage(const clang::CallExpr* c, IntType elem, uint32_t& width, uint32_t& height, unsigned& dims) {
  const clang::VarDecl* vd = refVar(c->getArg(0)->IgnoreParenImpCasts());
  const auto* pd = llvm::dyn_cast_or_null<clang::ParmVarDecl>(vd);
  dims = pd ? imageDims(pd->getType()) : 0;
  if (!pd || !inst_->isKernel || dims == 0) {
    unsupported(c->getArg(0), "an image that is not an image1d_t or image2d_t parameter of the kernel");
    return -1;
  }
  const std::string name = pd->getNameAsString();
  const LaunchOptions::Image* im = nullptr;
  for (const LaunchOptions::Image& i : launch_.images)
    if (i.name == name) im = &i;
  if (!im) {
    unsupported(c->getArg(0), fmt::format("image '{}' without a size: give its width{} in texels with --image {}={}",
                                          name, dims == 2 ? " and height" : "", name, dims == 2 ? "WxH" : "W"));
    return -1;
  }
  usedImages_.insert(name);
  if (dims == 1 && im->height != 1) {
    unsupported(c->getArg(0), fmt::format("image1d_t '{}', which --image makes {}x{} (2D)", name, im->width, im->height));
    return -1;
  }
  if (uint64_t{im->width} * im->height * 4 > INT32_MAX) {
    unsupported(c->getArg(0), fmt::format("image '{}' of {}x{} texels: more than 2^31 - 1 cells", name, im->width,
                                          im->height));
    return -1;
  }
  width = im->width;
  height = im->height;
  if (auto it = images_.find(pd); it != images_.end()) return it->second;
  const int st = declareArray("__img_" + name, elem, 4, uint64_t{im->width} * im->height * 4, true, range(c),
                              c->getBeginLoc());
  images_[pd] = st;
  return st;
}

std::optional<ExprPtr> Lowerer::imageWord(const clang::CallExpr* c, ImageOp op) {
  kpl::SourceRange r = range(c);
  if (op == ImageOp::ReadF || op == ImageOp::ReadI || op == ImageOp::ReadUI) return std::nullopt;  // imageRead
  uint32_t width = 0, height = 1;
  unsigned dims = 0;
  if (op == ImageOp::Width || op == ImageOp::Height) {
    if (c->getNumArgs() != 1) return std::nullopt;
    if (imageStorage(c, IntType{}, width, height, dims) < 0) return lit(0, r);
    return lit(op == ImageOp::Width ? width : height, r);
  }
  // write_image{f,i,ui}(image, coord, color): out of range is undefined (OpenCL 1.2 §6.12.14.3):
  // the out-of-bounds verdict.
  if (c->getNumArgs() != 3) return std::nullopt;
  const IntType elem = op == ImageOp::WriteF ? IntType{32, true, false, true}
                       : op == ImageOp::WriteI ? IntType{32, true, false, false}
                                               : IntType{32, false, false, false};
  const int st = imageStorage(c, elem, width, height, dims);
  if (st < 0) return lit(0, r);
  std::vector<ExprPtr> xy = imageCoords(c->getArg(1), dims);
  if (xy.empty()) return lit(0, r);
  Agg color = aggValue(c->getArg(2));
  if (!color.ok || color.vals.size() != 4) {
    if (color.ok) unsupported(c->getArg(2), "an image color that is not a 4-component vector");
    return lit(0, r);
  }
  std::vector<ExprPtr> vals;
  for (ExprPtr& v : color.vals) vals.push_back(snapshot(std::move(v), r));
  ExprPtr base = snapshot(texelBase(xy, width, height, r), r);
  for (unsigned k = 0; k < 4; ++k) writeCell(st, add(clone(*base), lit(k, r), r), std::move(vals[k]), elem, r);
  return lit(0, r);
}

std::vector<ExprPtr> Lowerer::imageCoords(const clang::Expr* coord, unsigned dims) {
  kpl::SourceRange r = range(coord);
  std::vector<ExprPtr> out;
  const clang::QualType t = coord->getType().getCanonicalType();
  const auto* vt = t->getAs<clang::VectorType>();
  const clang::QualType elemT = vt ? vt->getElementType() : t;
  std::optional<IntType> it = intType(elemT);
  if (!it || it->isFloat) {
    unsupported(coord, fmt::format("image coordinates of type '{}' (integer coordinates only: float coordinates, "
                                   "normalised or not, are not lowered)", coord->getType().getAsString()));
    return out;
  }
  if (dims == 1) {
    out.push_back(snapshot(rvalue(coord), r));
    return out;
  }
  Agg a = aggValue(coord);
  if (!a.ok || a.vals.size() != 2) {
    if (a.ok) unsupported(coord, "image2d_t coordinates that are not an int2");
    return out;
  }
  for (ExprPtr& v : a.vals) out.push_back(snapshot(std::move(v), r));
  return out;
}

ExprPtr Lowerer::imageInRange(const std::vector<ExprPtr>& xy, uint32_t width, uint32_t height, kpl::SourceRange r) {
  ExprPtr in = bin(BinaryOp::LogAnd, bin(BinaryOp::Le, lit(0, r), clone(*xy[0]), r),
                   bin(BinaryOp::Lt, clone(*xy[0]), lit(width, r), r), r);
  if (xy.size() == 2)
    in = bin(BinaryOp::LogAnd, std::move(in),
             bin(BinaryOp::LogAnd, bin(BinaryOp::Le, lit(0, r), clone(*xy[1]), r),
                 bin(BinaryOp::Lt, clone(*xy[1]), lit(height, r), r), r),
             r);
  return in;
}

ExprPtr Lowerer::texelBase(const std::vector<ExprPtr>& xy, uint32_t width, uint32_t height, kpl::SourceRange r) {
  // In range: cell 4(y·W + x); else 4·W·H, past the end (the out-of-bounds verdict).
  ExprPtr texel = xy.size() == 2 ? add(bin(BinaryOp::Mul, clone(*xy[1]), lit(width, r), r), clone(*xy[0]), r)
                                 : clone(*xy[0]);
  return cond(imageInRange(xy, width, height, r), bin(BinaryOp::Mul, std::move(texel), lit(4, r), r),
              lit(int64_t{width} * height * 4, r), r);
}

std::optional<Agg> Lowerer::imageRead(const clang::CallExpr* c, ImageOp op) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != 2 && c->getNumArgs() != 3) return std::nullopt;
  const IntType elem = op == ImageOp::ReadF ? IntType{32, true, false, true}
                       : op == ImageOp::ReadI ? IntType{32, true, false, false}
                                              : IntType{32, false, false, false};
  // The sampler: none (OpenCL 1.2's sampler-less reads: out of range is undefined) or a
  // constant, CLK_ADDRESS_NONE 0, CLAMP_TO_EDGE 2, CLAMP 4 with CLK_NORMALIZED_COORDS_FALSE 0
  // and CLK_FILTER_NEAREST 0x10.
  int64_t address = 0;
  if (c->getNumArgs() == 3) {
    const clang::Expr* s = c->getArg(1)->IgnoreParenImpCasts();
    if (const clang::VarDecl* vd = refVar(s); vd && vd->getInit() && vd->getType()->isSamplerT())
      s = vd->getInit()->IgnoreParenImpCasts();
    clang::Expr::EvalResult res;
    if (!s->EvaluateAsInt(res, ctx_)) {
      unsupported(c->getArg(1), "a sampler that is not a constant (its addressing and filter modes must be known)");
      return Agg{{}, {}, false};
    }
    const int64_t bits = res.Val.getInt().getExtValue();
    if (bits & 1) {
      unsupported(c->getArg(1), "a sampler with CLK_NORMALIZED_COORDS_TRUE (normalised coordinates are not lowered)");
      return Agg{{}, {}, false};
    }
    if (bits & 0x20) {
      unsupported(c->getArg(1), "a sampler with CLK_FILTER_LINEAR (linear filtering is not lowered)");
      return Agg{{}, {}, false};
    }
    address = bits & 0xe;
    if (address != 0 && address != 2 && address != 4) {
      unsupported(c->getArg(1), "a sampler with CLK_ADDRESS_REPEAT or CLK_ADDRESS_MIRRORED_REPEAT (they need "
                                "normalised coordinates)");
      return Agg{{}, {}, false};
    }
  }
  uint32_t width = 0, height = 1;
  unsigned dims = 0;
  const int st = imageStorage(c, elem, width, height, dims);
  if (st < 0) return Agg{{}, {}, false};
  std::vector<ExprPtr> xy = imageCoords(c->getArg(c->getNumArgs() - 1), dims);
  if (xy.empty()) return Agg{{}, {}, false};
  Agg a;
  if (address == 2) {
    // CLAMP_TO_EDGE: each coordinate clamped to [0, extent − 1].
    for (size_t d = 0; d < xy.size(); ++d) {
      const int64_t hi = d == 0 ? width - 1 : height - 1;
      ExprPtr lo = cond(bin(BinaryOp::Lt, clone(*xy[d]), lit(0, r), r), lit(0, r), clone(*xy[d]), r);
      xy[d] = snapshot(cond(bin(BinaryOp::Gt, clone(*xy[d]), lit(hi, r), r), lit(hi, r), std::move(lo), r), r);
    }
  }
  ExprPtr base = snapshot(texelBase(xy, width, height, r), r);
  if (address != 4) {
    for (unsigned k = 0; k < 4; ++k) {
      a.vals.push_back(snapshot(readCell(st, add(clone(*base), lit(k, r), r), elem, r), r));
      a.types.push_back(elem);
    }
    return a;
  }
  // CLAMP: out of range reads the border color, (0, 0, 0, 0) for CL_RGBA.
  std::vector<std::string> v;
  for (unsigned k = 0; k < 4; ++k) v.push_back(temp());
  std::vector<StmtPtr> then = capture([&] {
    for (unsigned k = 0; k < 4; ++k) emitAssign(v[k], readCell(st, add(clone(*base), lit(k, r), r), elem, r), r);
  });
  std::vector<StmtPtr> els = capture([&] {
    for (unsigned k = 0; k < 4; ++k) emitAssign(v[k], lit(0, r), r);
  });
  emitIf(imageInRange(xy, width, height, r), std::move(then), std::move(els), r);
  for (unsigned k = 0; k < 4; ++k) {
    a.vals.push_back(nameExpr(v[k], r));
    a.types.push_back(elem);
  }
  return a;
}

}  // namespace sdvmc::clangfe::lowering
