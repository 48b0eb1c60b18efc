// Lowering of CUDA's device libraries (README.md, "CUDA's device libraries"): cuRAND's
// device API (arbitrary values; the state written), texture fetches (a hidden, never-written
// array per texture, read at an injective encoding of the coordinates), the warp-level
// primitives (KPL's `shfl` and `ballot`, which the warp models run and SDV refuses with a
// verdict; their member masks checked by `wsync`), and the calls our headers declare only to
// refuse them with their reason (grid-wide synchronisation, surfaces).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <fmt/format.h>

#include <bit>
#include <functional>
#include <set>
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

std::optional<Agg> Lowerer::textureFetchStruct(const clang::CallExpr* c) {
  // tex1Dfetch of a struct texel (float4, int2 …) whose components share one 32-bit type: the
  // hidden array holds the components, texel i at cells i * N … i * N + N - 1 (N the cells
  // of the struct), and the fetch reads them.
  kpl::SourceRange r = range(c);
  auto l = layoutOf(c->getType(), c->getBeginLoc());
  if (!l || l->comps.empty() || c->getNumArgs() < 2) return std::nullopt;
  IntType elem = l->comps[0].type;
  for (const Comp& comp : l->comps)
    if (comp.type.width != elem.width || comp.type.isSigned != elem.isSigned || comp.type.isBool != elem.isBool ||
        comp.type.isFloat != elem.isFloat || comp.type.hiWord || elem.width != 32) {
      unsupported(c, "a texture fetch of type '" + c->getType().getAsString() + "' (struct texels of 32-bit components of one type only)");
      return std::nullopt;
    }
  int st = textureStorage(c, elem);
  if (st < 0) return std::nullopt;
  const std::string name = storages_[static_cast<size_t>(st)].cName.substr(6);
  ExprPtr base = snapshot(bin(BinaryOp::Mul, rvalue(c->getArg(1)), lit(static_cast<int64_t>(l->cells), r), r), r);
  note(c->getBeginLoc(), fmt::format("texture '{}': a hidden read-only array whose texels are arbitrary (sdvmc run uses 0, check explores the domain), the same at the same coordinates; texel i's {} components are cells {}*i to {}*i + {}",
                                     name, l->comps.size(), l->cells, l->cells, l->cells - 1));
  Agg a;
  for (const Comp& comp : l->comps) {
    a.vals.push_back(snapshot(readCell(st, add(clone(*base), lit(static_cast<int64_t>(comp.offset), r), r), elem, r), r));
    a.types.push_back(elem);
  }
  return a;
}

// ---- warp-level primitives ---------------------------------------------------------------

ExprPtr Lowerer::warpExpr(ExprKind k, ExprPtr a, ExprPtr b, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = k;
  e->range = r;
  e->operands.push_back(std::move(a));
  if (b) e->operands.push_back(std::move(b));
  return e;
}

bool Lowerer::usesMemberMasks(const clang::FunctionDecl* kernel) const {
  std::set<const clang::FunctionDecl*> seen;
  std::function<bool(const clang::Stmt*)> walk = [&](const clang::Stmt* s) -> bool {
    if (!s) return false;
    const clang::FunctionDecl* fd = nullptr;
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) fd = c->getDirectCallee();
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(s)) fd = c->getConstructor();
    if (fd) {
      const std::string n = fd->getNameAsString();
      if (n == "__syncwarp" || (n.size() > 5 && n.compare(n.size() - 5, 5, "_sync") == 0)) return true;
      if (seen.insert(fd).second) {
        const clang::FunctionDecl* def = fd->getDefinition();
        if (def && walk(def->getBody())) return true;
        if (const auto* ctor = llvm::dyn_cast_or_null<clang::CXXConstructorDecl>(def))
          for (const clang::CXXCtorInitializer* init : ctor->inits())
            if (walk(init->getInit())) return true;
      }
    }
    if (const auto* d = llvm::dyn_cast<clang::CXXDefaultArgExpr>(s); d && walk(d->getExpr())) return true;
    for (const clang::Stmt* ch : s->children())
      if (walk(ch)) return true;
    return false;
  };
  seen.insert(kernel);
  return walk(kernel->getBody());
}

ExprPtr Lowerer::memberMask(const clang::Expr* m, kpl::SourceRange r) {
  ExprPtr v = rvalue(m);
  if (exitedLocal_.empty()) {  // usesMemberMasks missed the call: no exactness without the flag
    unsupported(m, "a member mask in a function the kernel's calls do not reach directly");
    return v;
  }
  return snapshot(warpExpr(ExprKind::WarpSync, std::move(v), nameExpr(exitedLocal_, r), r), r);
}

namespace {
bool takesMask(const std::string& name) { return name.size() > 5 && name.compare(name.size() - 5, 5, "_sync") == 0; }
constexpr const char* kWarpNote =
    "a warp-level primitive: under --model simt:W (and mimd, warps of one thread) it acts on the thread's warp; "
    "under SDV, which has no warps, it is the verdict warp-primitive";
}  // namespace

ExprPtr Lowerer::shuffleSource(const clang::CallExpr* c, WarpOp op, unsigned first, kpl::SourceRange r) {
  if (c->getNumArgs() < first + 3) return nullptr;
  // The width: a constant power of 2 from 1 to 32 folds; any other is `wwidth(w)`, the
  // verdict warp-width (CUDA: undefined) where it is not one.
  clang::Expr::EvalResult res;
  const clang::Expr* width = c->getArg(first + 2);
  ExprPtr w;
  if (width->EvaluateAsInt(res, ctx_) && res.Val.getInt().getExtValue() >= 1 && res.Val.getInt().getExtValue() <= 32 &&
      std::has_single_bit(static_cast<uint64_t>(res.Val.getInt().getExtValue())))
    w = lit(res.Val.getInt().getExtValue(), r);
  else
    w = snapshot(warpExpr(ExprKind::WarpWidth, rvalue(width), nullptr, r), r);
  ExprPtr wm1 = w->kind == ExprKind::IntLit ? lit(w->value - 1, r) : snapshot(bin(BinaryOp::Sub, clone(*w), lit(1, r), r), r);
  auto W = [&] { return clone(*w); };
  auto M = [&] { return clone(*wm1); };  // width - 1
  // PTX's shfl.sync uses the low 5 bits of the lane or offset (b[4:0]).
  ExprPtr b = snapshot(bin(BinaryOp::BitAnd, rvalue(c->getArg(first + 1)), lit(31, r), r), r);
  ExprPtr lane = snapshot(bin(BinaryOp::URem, kindExpr(ExprKind::Lid, r), kindExpr(ExprKind::WarpSize, r), r), r);
  auto L = [&] { return clone(*lane); };
  auto B = [&] { return clone(*b); };
  switch (op) {
    case WarpOp::Shfl:  // lane srcLane modulo width of the thread's segment of `width` lanes
      return bin(BinaryOp::BitOr,
                 bin(BinaryOp::BitAnd, L(), wm1->kind == ExprKind::IntLit ? lit(~wm1->value, r) : bin(BinaryOp::BitXor, M(), lit(-1, r), r), r),
                 bin(BinaryOp::BitAnd, B(), M(), r), r);
    case WarpOp::ShflUp:  // lane - delta unless that leaves the segment (then the own lane)
      return cond(bin(BinaryOp::UGe, bin(BinaryOp::BitAnd, L(), M(), r), B(), r), bin(BinaryOp::Sub, L(), B(), r), L(), r);
    case WarpOp::ShflDown:  // lane + delta unless that passes the segment's end
      return cond(bin(BinaryOp::ULt, B(), bin(BinaryOp::Sub, W(), bin(BinaryOp::BitAnd, L(), M(), r), r), r),
                  add(L(), B(), r), L(), r);
    case WarpOp::ShflXor: {  // lane ^ laneMask unless beyond the segment's last lane
      ExprPtr j = snapshot(bin(BinaryOp::BitXor, L(), B(), r), r);
      return cond(bin(BinaryOp::ULe, clone(*j), bin(BinaryOp::BitOr, L(), M(), r), r), clone(*j), L(), r);
    }
    case WarpOp::Ballot: case WarpOp::Any: case WarpOp::All: case WarpOp::ActiveMask: case WarpOp::SyncWarp:
    case WarpOp::MatchAny: case WarpOp::MatchAll: case WarpOp::ReduceAdd: case WarpOp::ReduceMin:
    case WarpOp::ReduceMax: case WarpOp::ReduceAnd: case WarpOp::ReduceOr: case WarpOp::ReduceXor:
    case WarpOp::TileWidth: break;
  }
  return nullptr;
}

ExprPtr Lowerer::warpAcross(const clang::CallExpr* c, WarpOp op, ExprPtr mask, const std::string& name,
                            kpl::SourceRange r) {
  const bool match = op == WarpOp::MatchAny || op == WarpOp::MatchAll;
  if (c->getNumArgs() < (op == WarpOp::MatchAll ? 3u : 2u)) return lit(0, r);
  const clang::Expr* arg = c->getArg(1);
  const bool wide = match && isWideType(arg->getType());
  const std::optional<IntType> t = intType((match ? arg : c)->getType());
  if (!wide && !t) {
    unsupported(c, "'" + name + "' on a value of type '" + arg->getType().getAsString() + "'");
    return lit(0, r);
  }
  ExprPtr lo, hi;
  if (wide) {
    Val v = snapVal(wvalue(arg), r);
    lo = std::move(v.lo);
    hi = std::move(v.hi);
  } else {
    lo = snapshot(rvalue(arg), r);
  }
  // The lanes that take part: named and executing the call (a named lane that exited has no value).
  ExprPtr live = snapshot(bin(BinaryOp::BitAnd, snapshot(warpExpr(ExprKind::Ballot, lit(1, r), nullptr, r), r), clone(*mask), r), r);
  const bool isSigned = t && t->isSigned;
  int64_t init = 0;
  if (op == WarpOp::ReduceAnd || (op == WarpOp::ReduceMin && !isSigned)) init = -1;
  if (op == WarpOp::ReduceMin && isSigned) init = INT32_MAX;
  if (op == WarpOp::ReduceMax && isSigned) init = INT32_MIN;
  if (op == WarpOp::MatchAll) init = 1;
  std::string acc = newLocal("_acc");
  emitAssign(acc, lit(init, r), r);
  for (int j = 0; j < 32; ++j) {
    const int64_t bit = static_cast<int32_t>(uint32_t{1} << j);
    ExprPtr x = snapshot(warpExpr(ExprKind::Shfl, clone(*lo), lit(j, r), r), r);
    ExprPtr same = bin(BinaryOp::Eq, clone(*x), clone(*lo), r);
    if (wide)
      same = bin(BinaryOp::LogAnd, std::move(same),
                 bin(BinaryOp::Eq, snapshot(warpExpr(ExprKind::Shfl, clone(*hi), lit(j, r), r), r), clone(*hi), r), r);
    ExprPtr a = nameExpr(acc, r), next;
    switch (op) {
      case WarpOp::ReduceAdd: next = add(std::move(a), std::move(x), r); break;
      case WarpOp::ReduceAnd: next = bin(BinaryOp::BitAnd, std::move(a), std::move(x), r); break;
      case WarpOp::ReduceOr: next = bin(BinaryOp::BitOr, std::move(a), std::move(x), r); break;
      case WarpOp::ReduceXor: next = bin(BinaryOp::BitXor, std::move(a), std::move(x), r); break;
      case WarpOp::ReduceMin:
      case WarpOp::ReduceMax: {
        // min: x < acc; max: acc < x (signed for int, unsigned for unsigned int).
        const BinaryOp lt = isSigned ? BinaryOp::Lt : BinaryOp::ULt;
        ExprPtr better = op == WarpOp::ReduceMin ? bin(lt, clone(*x), clone(*a), r) : bin(lt, clone(*a), clone(*x), r);
        next = cond(std::move(better), std::move(x), std::move(a), r);
        break;
      }
      case WarpOp::MatchAny: next = bin(BinaryOp::BitOr, std::move(a), cond(std::move(same), lit(bit, r), lit(0, r), r), r); break;
      case WarpOp::MatchAll: next = bin(BinaryOp::LogAnd, std::move(a), std::move(same), r); break;
      default: return lit(0, r);
    }
    ExprPtr named = bin(BinaryOp::Ne, bin(BinaryOp::BitAnd, clone(*live), lit(bit, r), r), lit(0, r), r);
    emitAssign(acc, cond(std::move(named), std::move(next), nameExpr(acc, r), r), r);
  }
  if (op != WarpOp::MatchAll) return nameExpr(acc, r);
  // __match_all_sync(mask, value, pred): *pred = whether all agree; the mask if they do, else 0.
  PtrVal p = pointer(c->getArg(2));
  if (p.storage == -2) unsupported(c->getArg(2), "a null predicate pointer");
  if (p.storage >= 0) writeCell(p.storage, std::move(p.offset), nameExpr(acc, r), IntType{32, true, false, false}, r);
  return cond(nameExpr(acc, r), std::move(mask), lit(0, r), r);
}

ExprPtr Lowerer::warpCall(const clang::CallExpr* c, WarpOp op, const std::string& name) {
  // Inside our <cooperative_groups.h> (a tile's shfl_down …): at the user's call.
  const clang::SourceLocation at = userLoc(c->getBeginLoc());
  kpl::SourceRange r = at == c->getBeginLoc() ? range(c) : kpl::SourceRange{loc(at), loc(at)};
  if (op == WarpOp::TileWidth)  // tiled_partition(parent, n): n a power of 2 up to 32
    return c->getNumArgs() == 1 ? snapshot(warpExpr(ExprKind::WarpWidth, rvalue(c->getArg(0)), nullptr, r), r) : lit(0, r);
  const bool masked = takesMask(name) || op == WarpOp::SyncWarp;
  ExprPtr mask = masked && c->getNumArgs() > 0 ? memberMask(c->getArg(0), r) : lit(-1, r);
  const unsigned first = masked && op != WarpOp::SyncWarp ? 1 : 0;
  note(at, kWarpNote);
  auto ballot = [&](ExprPtr p) { return snapshot(warpExpr(ExprKind::Ballot, std::move(p), nullptr, r), r); };
  switch (op) {
    case WarpOp::SyncWarp:  // lanes run in lock step in the warp models: nothing to wait for
    case WarpOp::ActiveMask:
      return bin(BinaryOp::BitAnd, ballot(lit(1, r)), std::move(mask), r);
    case WarpOp::Ballot:
      return bin(BinaryOp::BitAnd, ballot(truth(c->getArg(first))), std::move(mask), r);
    case WarpOp::Any:
      return bin(BinaryOp::Ne, bin(BinaryOp::BitAnd, ballot(truth(c->getArg(first))), std::move(mask), r), lit(0, r), r);
    case WarpOp::All: {
      ExprPtr yes = bin(BinaryOp::BitAnd, ballot(truth(c->getArg(first))), clone(*mask), r);
      ExprPtr active = bin(BinaryOp::BitAnd, ballot(lit(1, r)), std::move(mask), r);
      return bin(BinaryOp::Eq, std::move(yes), std::move(active), r);
    }
    case WarpOp::MatchAny: case WarpOp::MatchAll: case WarpOp::ReduceAdd: case WarpOp::ReduceMin:
    case WarpOp::ReduceMax: case WarpOp::ReduceAnd: case WarpOp::ReduceOr: case WarpOp::ReduceXor:
      return warpAcross(c, op, std::move(mask), name, r);
    case WarpOp::TileWidth: break;
    case WarpOp::Shfl: case WarpOp::ShflUp: case WarpOp::ShflDown: case WarpOp::ShflXor: {
      if (c->getNumArgs() < first + 3 || !intType(c->getArg(first)->getType())) break;
      ExprPtr v = snapshot(rvalue(c->getArg(first)), r);
      ExprPtr src = shuffleSource(c, op, first, r);
      if (!src) return lit(0, r);
      return snapshot(warpExpr(ExprKind::Shfl, std::move(v), std::move(src), r), r);
    }
  }
  unsupported(c, "'" + name + "' on a value of type '" + c->getType().getAsString() + "'");
  return lit(0, r);
}

std::optional<Val> Lowerer::warpShuffleWide(const clang::CallExpr* c, WarpOp op, const std::string& name) {
  const clang::SourceLocation at = userLoc(c->getBeginLoc());
  kpl::SourceRange r = at == c->getBeginLoc() ? range(c) : kpl::SourceRange{loc(at), loc(at)};
  const unsigned first = takesMask(name) ? 1 : 0;
  if (op != WarpOp::Shfl && op != WarpOp::ShflUp && op != WarpOp::ShflDown && op != WarpOp::ShflXor) return std::nullopt;
  if (c->getNumArgs() < first + 3 || !isWideType(c->getArg(first)->getType())) return std::nullopt;
  if (first == 1) memberMask(c->getArg(0), r);
  note(at, kWarpNote);
  Val v = snapVal(wvalue(c->getArg(first)), r);
  ExprPtr src = shuffleSource(c, op, first, r);
  if (!src) return zeroOf(true, r);
  src = snapshot(std::move(src), r);
  ExprPtr lo = snapshot(warpExpr(ExprKind::Shfl, std::move(v.lo), clone(*src), r), r);
  ExprPtr hi = snapshot(warpExpr(ExprKind::Shfl, std::move(v.hi), std::move(src), r), r);
  return Val{std::move(lo), std::move(hi)};
}

// ---- refused -----------------------------------------------------------------------------

clang::SourceLocation Lowerer::userLoc(clang::SourceLocation l) const {
  if (sm_.getFileID(sm_.getFileLoc(l)) == sm_.getMainFileID()) return l;
  for (auto it = callSites_.rbegin(); it != callSites_.rend(); ++it)
    if (sm_.getFileID(sm_.getFileLoc(*it)) == sm_.getMainFileID()) return *it;
  return l;
}

}  // namespace sdvmc::clangfe::lowering
