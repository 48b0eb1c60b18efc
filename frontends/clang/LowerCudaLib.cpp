// Lowering of CUDA's device libraries (README.md, "CUDA's device libraries"): cuRAND's
// device API (arbitrary values; the state written), texture fetches (a hidden, never-written
// array per texture, read at an injective encoding of the coordinates), and the calls our
// headers declare only to refuse them with their reason (warp-level primitives, grid-wide
// synchronisation, surfaces).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <fmt/format.h>

#include <span>

namespace sdvmc::clangfe::lowering {

namespace {
constexpr IntType kUnsigned{32, false, false, false};
constexpr IntType kFloat{32, true, false, true};
constexpr int64_t kTwoPowMinus32 = 0x2f800000;  // 2^-32 as a float: cuRAND's CURAND_2POW32_INV
constexpr int64_t kTwoPowMinus33 = 0x2f000000;  // 2^-33: half of it
}  // namespace

// ---- cuRAND ------------------------------------------------------------------------------

void Lowerer::writeRandomState(const clang::CallExpr* c, unsigned arg) {
  if (arg >= c->getNumArgs()) return;
  kpl::SourceRange r = range(c);
  PtrVal p = pointer(c->getArg(arg));
  if (p.storage == -2) {
    unsupported(c->getArg(arg), "a null cuRAND state");
    return;
  }
  if (p.storage < 0) return;
  // The state's one cell is written (the generator advances); nothing reads its value.
  writeCell(p.storage, std::move(p.offset), lit(0, r), kUnsigned, r);
}

ExprPtr Lowerer::randomValue(bool uniform, kpl::SourceRange r) {
  ExprPtr x = arbitrary(r);
  if (!uniform) return x;
  // cuRAND's _curand_uniform: x * 2^-32 + 2^-33 in float, from the generator's 32-bit word x.
  return bin(BinaryOp::FAdd, bin(BinaryOp::FMul, un(UnaryOp::UToF, std::move(x), r), lit(kTwoPowMinus32, r), r),
             lit(kTwoPowMinus33, r), r);
}

ExprPtr Lowerer::randomCall(const clang::CallExpr* c, Random op) {
  kpl::SourceRange r = range(c);
  if (op == Random::Init) {  // curand_init(seed, subsequence, offset, state)
    for (unsigned i = 0; i + 1 < c->getNumArgs(); ++i) anyValue(c->getArg(i), false);
    writeRandomState(c, c->getNumArgs() - 1);
    return lit(0, r);
  }
  if (op != Random::Bits && op != Random::Uniform && op != Random::Normal) {
    unsupported(c, "this cuRAND call's result");
    return lit(0, r);
  }
  writeRandomState(c, 0);
  std::string what = "cuRAND: sdvmc does not compute the generator; the value is arbitrary (sdvmc run uses 0, check explores the domain, prove leaves it free)";
  if (op == Random::Uniform) what += "; curand_uniform is x * 2^-32 + 2^-33 of an arbitrary word x, as cuRAND computes it: a float in (0, 1]";
  if (op == Random::Normal) what += "; curand_normal is any float (NaN and infinities included: more than the generator gives)";
  note(c->getBeginLoc(), what);
  ExprPtr v = randomValue(op == Random::Uniform, r);
  return snapshot(std::move(v), r);
}

Agg Lowerer::randomVector(const clang::CallExpr* c, Random op) {
  kpl::SourceRange r = range(c);
  Agg out;
  size_t n = op == Random::Normal2 ? 2 : 4;
  bool bits = op == Random::Bits4, uniform = op == Random::Uniform4;
  if (op != Random::Bits4 && op != Random::Uniform4 && op != Random::Normal2 && op != Random::Normal4) {
    out.ok = false;
    return out;
  }
  writeRandomState(c, 0);
  note(c->getBeginLoc(), fmt::format("cuRAND: sdvmc does not compute the generator; each of the {} values is arbitrary{}", n,
                                     uniform ? " (each x * 2^-32 + 2^-33 of an arbitrary word x, in (0, 1])" : ""));
  for (size_t i = 0; i < n; ++i) {
    out.vals.push_back(snapshot(randomValue(uniform, r), r));
    out.types.push_back(bits ? kUnsigned : kFloat);
  }
  return out;
}

// ---- textures ----------------------------------------------------------------------------

int Lowerer::textureStorage(const clang::CallExpr* c, IntType elem) {
  const clang::Expr* a = c->getArg(0)->IgnoreImplicit();
  if (const auto* ce = llvm::dyn_cast<clang::CXXConstructExpr>(a); ce && ce->getNumArgs() == 1)
    a = ce->getArg(0)->IgnoreImplicit();
  const clang::VarDecl* vd = refVar(a);
  bool param = vd && llvm::isa<clang::ParmVarDecl>(vd);
  if (!vd || (param && !inst_->isKernel) || (!param && !vd->hasGlobalStorage())) {
    unsupported(c->getArg(0), "a texture that is neither a texture reference nor a texture object parameter of the kernel");
    return -1;
  }
  if (auto it = textures_.find(vd); it != textures_.end()) return it->second;
  int st = declareArray("__tex_" + vd->getNameAsString(), elem, 4, 0, true, range(c), c->getBeginLoc());
  textures_[vd] = st;
  return st;
}

ExprPtr Lowerer::halfTexel(ExprPtr c, unsigned bits, std::string& ok, kpl::SourceRange r) {
  // 2c as an integer i: exact when 2c is an integral float (feq(itof(i), 2c)) in [0, 2^bits).
  std::string h = temp(), i = temp();
  emitAssign(h, bin(BinaryOp::FMul, std::move(c), lit(floatBits(2.0f), r), r), r);
  emitAssign(i, un(UnaryOp::FToI, nameExpr(h, r), r), r);
  ExprPtr exact = bin(BinaryOp::FEq, un(UnaryOp::IToF, nameExpr(i, r), r), nameExpr(h, r), r);
  ExprPtr inRange = bin(BinaryOp::LogAnd, bin(BinaryOp::Le, lit(0, r), nameExpr(i, r), r),
                        bin(BinaryOp::Lt, nameExpr(i, r), lit(int64_t{1} << bits, r), r), r);
  ExprPtr both = bin(BinaryOp::LogAnd, std::move(exact), std::move(inRange), r);
  if (ok.empty()) {
    ok = newLocal("_texel_ok");
    emitAssign(ok, std::move(both), r);
  } else {
    emitAssign(ok, bin(BinaryOp::LogAnd, nameExpr(ok, r), std::move(both), r), r);
  }
  return nameExpr(i, r);
}

ExprPtr Lowerer::spreadBits(ExprPtr v, unsigned dims, kpl::SourceRange r) {
  // Bit i of v moves to bit dims * i (v < 2^16 for two dimensions, < 2^10 for three).
  static constexpr std::pair<int, int64_t> kTwo[] = {{8, 0x00ff00ff}, {4, 0x0f0f0f0f}, {2, 0x33333333}, {1, 0x55555555}};
  static constexpr std::pair<int, int64_t> kThree[] = {{16, 0x030000ff}, {8, 0x0300f00f}, {4, 0x030c30c3}, {2, 0x09249249}};
  std::string t = temp();
  emitAssign(t, std::move(v), r);
  for (auto [shift, mask] : dims == 2 ? std::span(kTwo) : std::span(kThree))
    emitAssign(t, bin(BinaryOp::BitAnd, bin(BinaryOp::BitOr, nameExpr(t, r), bin(BinaryOp::Shl, nameExpr(t, r), lit(shift, r), r), r), lit(mask, r), r), r);
  return nameExpr(t, r);
}

ExprPtr Lowerer::textureFetch(const clang::CallExpr* c, Texture op) {
  kpl::SourceRange r = range(c);
  std::optional<IntType> t = intType(c->getType());
  if (!t || c->getNumArgs() < 2) {
    unsupported(c, "a texture fetch of type '" + c->getType().getAsString() + "' (textures of 32-bit scalars only)");
    return lit(0, r);
  }
  int st = textureStorage(c, *t);
  if (st < 0) return lit(0, r);
  std::string ok;
  ExprPtr idx;
  const std::string name = storages_[static_cast<size_t>(st)].cName.substr(6);  // the C name, without "__tex_"
  switch (op) {
    case Texture::Fetch:  // an integer element index
    case Texture::Tex1D:  // a float coordinate: its bits (injective)
      idx = rvalue(c->getArg(1));
      break;
    case Texture::Tex2D:
    case Texture::Tex3D: {
      // Morton order: the bits of the doubled coordinates interleaved (x's lowest), so small
      // coordinates have small cells (`--init __tex_NAME[i]=v` reaches them).
      const unsigned dims = op == Texture::Tex2D ? 2 : 3, bits = op == Texture::Tex2D ? 16 : 10;
      for (unsigned d = 0; d < dims; ++d) {
        ExprPtr k = spreadBits(halfTexel(rvalue(c->getArg(d + 1)), bits, ok, r), dims, r);
        k = d == 0 ? std::move(k) : bin(BinaryOp::Shl, std::move(k), lit(d, r), r);
        idx = idx ? bin(BinaryOp::BitOr, std::move(idx), std::move(k), r) : std::move(k);
      }
      break;
    }
  }
  std::string what = fmt::format("texture '{}': a hidden read-only array whose texels are arbitrary (sdvmc run uses 0, check explores the domain), the same at the same coordinates", name);
  if (op == Texture::Tex1D) what += "; tex1D selects a texel by the coordinate's float bits";
  if (op == Texture::Tex2D || op == Texture::Tex3D)
    what += fmt::format("; a coordinate c selects a texel when 2c is an integer in [0, {}) (cell: the bits of the 2c interleaved), any other gives a fresh arbitrary value",
                        op == Texture::Tex2D ? 65536 : 1024);
  note(c->getBeginLoc(), what);
  if (ok.empty()) return readCell(st, std::move(idx), *t, r);
  std::string v = temp();
  ExprPtr index = snapshot(std::move(idx), r);
  std::vector<StmtPtr> hit = capture([&] { emitAssign(v, readCell(st, clone(*index), *t, r), r); });
  std::vector<StmtPtr> miss = capture([&] { emitAssign(v, normalize(arbitrary(r), *t, r), r); });
  emitIf(nameExpr(ok, r), std::move(hit), std::move(miss), r);
  return nameExpr(v, r);
}

// ---- refused -----------------------------------------------------------------------------

clang::SourceLocation Lowerer::userLoc(clang::SourceLocation l) const {
  if (sm_.getFileID(sm_.getFileLoc(l)) == sm_.getMainFileID()) return l;
  for (auto it = callSites_.rbegin(); it != callSites_.rend(); ++it)
    if (sm_.getFileID(sm_.getFileLoc(*it)) == sm_.getMainFileID()) return *it;
  return l;
}

void Lowerer::refused(const clang::CallExpr* c, Refusal why, const std::string& name) {
  switch (why) {
    case Refusal::Warp:
      unsupported(userLoc(c->getBeginLoc()),
                  fmt::format("'{}', a warp-level primitive (SDV has no warps and KPL no warp operations)", name));
      return;
    case Refusal::GridSync:
      unsupported(userLoc(c->getBeginLoc()),
                  "grid-wide synchronisation (grid_group::sync): KPL cannot make the threads of different groups wait for each other");
      return;
    case Refusal::Surface:
      unsupported(userLoc(c->getBeginLoc()), fmt::format("'{}' (surfaces are not modelled)", name));
      return;
  }
}

}  // namespace sdvmc::clangfe::lowering
