// Integer functions as word arithmetic (part of the Lowerer, Lowerer.h): CUDA's integer
// intrinsics (__mul24, __popc, __brev, __clz, __ffs, __sad …) and OpenCL C 1.2's integer
// functions (§6.12.3: abs, abs_diff, add_sat, hadd, rhadd, clamp, clz, mad_hi, mad_sat, max,
// min, mul_hi, rotate, sub_sat, upsample, popcount, mad24, mul24) on char, short and int
// types, signed and unsigned, scalars and vectors (component-wise, a scalar argument of a
// vector form broadcast), and OpenCL's shuffle and shuffle2. Every operand is a word
// normalised to its C type (sign- or zero-extended from its width); every result is
// normalised to the call's type. 64-bit element types are refused, except upsample(int, uint),
// whose long result is the pair of its arguments.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Expr.h>

namespace sdvmc::clangfe::lowering {

namespace {

uint32_t maskOf(unsigned width) { return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1; }
int64_t maxOf(IntType t) { return t.isSigned ? (int64_t{1} << (t.width - 1)) - 1 : int64_t{maskOf(t.width)}; }
int64_t minOf(IntType t) { return t.isSigned ? -(int64_t{1} << (t.width - 1)) : 0; }

/// An integer scalar of 8, 16 or 32 bits (not bool, not float).
bool isSmallInt(const std::optional<IntType>& t) { return t && t->width <= 32 && !t->isBool && !t->isFloat; }

}  // namespace

// ---- the dispatch --------------------------------------------------------------------------

std::optional<ExprPtr> Lowerer::intFuncScalar(const clang::CallExpr* c, IntBits op, unsigned arity) {
  if (c->getNumArgs() != arity || !isSmallInt(intType(c->getType()))) return std::nullopt;
  for (unsigned i = 0; i < arity; ++i)
    if (!isSmallInt(intType(c->getArg(i)->getType()))) return std::nullopt;
  kpl::SourceRange r = range(c);
  std::vector<ExprPtr> xs;
  for (unsigned i = 0; i < arity; ++i) xs.push_back(snapshot(rvalue(c->getArg(i)), r));
  return intFunc(op, *intType(c->getArg(0)->getType()), *intType(c->getType()), std::move(xs), r);
}

std::optional<Agg> Lowerer::intFuncVector(const clang::CallExpr* c, IntBits op, unsigned arity) {
  auto l = layoutOf(c->getType(), c->getBeginLoc());
  if (c->getNumArgs() != arity || !l || l->comps.empty()) return std::nullopt;
  const IntType rt = elemOf(l->comps[0].type);
  if (isWide(rt) || rt.isFloat || rt.isBool) return std::nullopt;
  kpl::SourceRange r = range(c);
  const size_t n = l->comps.size();
  // Each argument in order: a vector's components, or a scalar broadcast to every component.
  std::vector<Agg> vecs(arity);
  std::vector<ExprPtr> scalars(arity);
  IntType t = rt;
  for (unsigned i = 0; i < arity; ++i) {
    const clang::Expr* a = c->getArg(i);
    if (a->getType()->isVectorType()) {
      vecs[i] = aggValue(a);
      IntType et = elemType(vecs[i]);
      if (!vecs[i].ok || elemCount(vecs[i]) != n || isWide(et) || et.isFloat) return std::nullopt;
      if (i == 0) t = et;
    } else {
      if (!isSmallInt(intType(a->getType()))) return std::nullopt;
      scalars[i] = snapshot(rvalue(a), r);
      if (i == 0) t = *intType(a->getType());
    }
  }
  Agg res;
  for (size_t j = 0; j < n; ++j) {
    std::vector<ExprPtr> xs;
    for (unsigned i = 0; i < arity; ++i)
      xs.push_back(scalars[i] ? clone(*scalars[i]) : snapshot(std::move(takeElem(vecs[i], j).lo), r));
    pushElem(res, Val{snapshot(intFunc(op, t, rt, std::move(xs), r), r), nullptr}, rt, r);
  }
  return res;
}

// ---- one component -------------------------------------------------------------------------

ExprPtr Lowerer::intFunc(IntBits op, IntType t, IntType rt, std::vector<ExprPtr> xs, kpl::SourceRange r) {
  auto k = [&](int64_t v) { return lit(static_cast<int32_t>(static_cast<uint32_t>(v)), r); };
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  auto snap = [&](ExprPtr e) { return snapshot(std::move(e), r); };
  auto arg = [&](size_t i) { return clone(*xs[i]); };
  const uint32_t mask = maskOf(t.width);
  const BinaryOp lt = t.isSigned ? BinaryOp::Lt : BinaryOp::ULt;
  const BinaryOp gt = t.isSigned ? BinaryOp::Gt : BinaryOp::UGt;
  // The smaller (larger) of two words in t's order.
  auto pick = [&](bool min, ExprPtr x, ExprPtr y) {
    x = atom(std::move(x), r);
    y = atom(std::move(y), r);
    ExprPtr test = b(min ? lt : gt, clone(*x), clone(*y));
    return cond(std::move(test), std::move(x), std::move(y), r);
  };
  // s clamped to t's range, for t narrower than 32 bits: s is computed exactly in 32 bits
  // (add_sat, sub_sat: |s| < 2^17, compared signed; mad_sat: signed |s| < 2^31, unsigned
  // 0 <= s < 2^32, compared in t's order).
  auto saturate = [&](ExprPtr s, bool inOrder) {
    s = snap(std::move(s));
    ExprPtr above = b(inOrder ? gt : BinaryOp::Gt, clone(*s), k(maxOf(t)));
    if (!t.isSigned && inOrder) return cond(std::move(above), k(maxOf(t)), std::move(s), r);
    ExprPtr below = b(BinaryOp::Lt, clone(*s), k(minOf(t)));
    return cond(std::move(above), k(maxOf(t)), cond(std::move(below), k(minOf(t)), std::move(s), r), r);
  };
  switch (op) {
    case IntBits::Mul24:
    case IntBits::UMul24: {
      // The low 24 bits of each operand (sign-extended for __mul24 and signed mul24), multiplied:
      // the low 32 bits of the product (OpenCL: implementation-defined outside the 24-bit range).
      const bool sgn = op == IntBits::Mul24 && t.isSigned;
      auto low24 = [&](ExprPtr v) {
        return sgn ? b(BinaryOp::Shr, b(BinaryOp::Shl, std::move(v), k(8)), k(8))
                   : b(BinaryOp::BitAnd, std::move(v), k(0x00FFFFFF));
      };
      ExprPtr p = b(BinaryOp::Mul, low24(arg(0)), low24(arg(1)));
      return xs.size() == 3 ? b(BinaryOp::Add, std::move(p), arg(2)) : std::move(p);  // mad24
    }
    case IntBits::Popc: return popc(b(BinaryOp::BitAnd, arg(0), k(mask)), r);
    case IntBits::Clz: return b(BinaryOp::Sub, clz32(b(BinaryOp::BitAnd, arg(0), k(mask)), r), k(32 - t.width));
    case IntBits::Rotate: {
      // Left by n modulo the width, the bits shifted out coming in on the right.
      ExprPtr x = snap(b(BinaryOp::BitAnd, arg(0), k(mask)));
      ExprPtr s = snap(b(BinaryOp::BitAnd, arg(1), k(t.width - 1)));
      ExprPtr rotated = b(BinaryOp::BitOr, b(BinaryOp::Shl, clone(*x), clone(*s)),
                          b(BinaryOp::LShr, clone(*x), b(BinaryOp::Sub, k(t.width), clone(*s))));
      rotated = normalize(b(BinaryOp::BitAnd, std::move(rotated), k(mask)), t, r);
      return cond(b(BinaryOp::Eq, std::move(s), k(0)), arg(0), std::move(rotated), r);
    }
    case IntBits::HAdd:
    case IntBits::RHAdd: {
      // (x + y) >> 1 without overflow (rhadd: rounded up): x/2 + y/2 + the carry of the low
      // bits, with the shift of the arguments' signedness.
      BinaryOp half = t.isSigned ? BinaryOp::Shr : BinaryOp::LShr;
      ExprPtr low = b(op == IntBits::HAdd ? BinaryOp::BitAnd : BinaryOp::BitOr, arg(0), arg(1));
      return b(BinaryOp::Add, b(BinaryOp::Add, b(half, arg(0), k(1)), b(half, arg(1), k(1))),
               b(BinaryOp::BitAnd, std::move(low), k(1)));
    }
    case IntBits::AddSat:
    case IntBits::SubSat: {
      const bool add = op == IntBits::AddSat;
      ExprPtr s = b(add ? BinaryOp::Add : BinaryOp::Sub, arg(0), arg(1));
      if (t.width < 32) return saturate(std::move(s), false);  // exact in 32 bits
      // The wrapped sum (difference), replaced by the bound it passed when it overflowed:
      // signed, when the result's sign differs from x's and from y's (sub: from x's, and y's
      // is the result's); unsigned, when the sum is below x (the difference above x).
      s = snap(std::move(s));
      if (!t.isSigned) {
        ExprPtr over = b(add ? BinaryOp::ULt : BinaryOp::UGt, clone(*s), arg(0));
        return cond(std::move(over), k(add ? 0xFFFFFFFFu : 0u), std::move(s), r);
      }
      ExprPtr fromX = b(BinaryOp::BitXor, arg(0), clone(*s));
      ExprPtr fromY = add ? b(BinaryOp::BitXor, arg(1), clone(*s)) : b(BinaryOp::BitXor, arg(0), arg(1));
      ExprPtr over = b(BinaryOp::Lt, b(BinaryOp::BitAnd, std::move(fromX), std::move(fromY)), k(0));
      ExprPtr bound = cond(b(BinaryOp::Lt, arg(0), k(0)), k(0x80000000u), k(0x7FFFFFFFu), r);
      return cond(std::move(over), std::move(bound), std::move(s), r);
    }
    case IntBits::AbsDiff:
    case IntBits::Sad:
    case IntBits::USad: {
      // |x - y|, as an unsigned word: the larger minus the smaller (signed or unsigned order),
      // modulo 2^32; __sad/__usad add z.
      const bool sgn = op == IntBits::Sad || (op == IntBits::AbsDiff && t.isSigned);
      ExprPtr greater = b(sgn ? BinaryOp::Gt : BinaryOp::UGt, arg(0), arg(1));
      ExprPtr diff = cond(std::move(greater), b(BinaryOp::Sub, arg(0), arg(1)), b(BinaryOp::Sub, arg(1), arg(0)), r);
      if (op == IntBits::AbsDiff) return diff;
      return b(BinaryOp::Add, std::move(diff), arg(2));
    }
    case IntBits::Brev: return brev32(arg(0), r);
    case IntBits::Ffs: {
      // 1 + the number of zeros below the lowest set bit: popc((x & -x) - 1) + 1; 0 for 0.
      ExprPtr lowest = b(BinaryOp::BitAnd, arg(0), un(UnaryOp::Neg, arg(0), r));
      ExprPtr pos = b(BinaryOp::Add, popc(b(BinaryOp::Sub, std::move(lowest), k(1)), r), k(1));
      return cond(b(BinaryOp::Eq, arg(0), k(0)), k(0), std::move(pos), r);
    }
    case IntBits::Min: return pick(true, arg(0), arg(1));
    case IntBits::Max: return pick(false, arg(0), arg(1));
    case IntBits::Clamp:  // min(max(x, lo), hi); OpenCL leaves lo > hi undefined
      return pick(true, pick(false, arg(0), arg(1)), arg(2));
    case IntBits::Abs:
      if (!t.isSigned) return arg(0);
      return cond(b(BinaryOp::Lt, arg(0), k(0)), un(UnaryOp::Neg, arg(0), r), arg(0), r);
    case IntBits::MulHi:
    case IntBits::MadHi: {
      ExprPtr hi = mulHi(t, arg(0), arg(1), r);
      if (op == IntBits::MulHi) return hi;
      return normalize(b(BinaryOp::Add, std::move(hi), arg(2)), t, r);  // wraps in t
    }
    case IntBits::MadSat:
      if (t.width < 32) return saturate(b(BinaryOp::Add, b(BinaryOp::Mul, arg(0), arg(1)), arg(2)), true);
      return madSat32(t, arg(0), arg(1), arg(2), r);
    case IntBits::Upsample:
      // (hi << width) | lo, in the result type of twice the width (hi's sign extends it).
      return normalize(b(BinaryOp::BitOr, b(BinaryOp::Shl, arg(0), k(t.width)), b(BinaryOp::BitAnd, arg(1), k(mask))),
                       rt, r);
  }
  return k(0);
}

ExprPtr Lowerer::popc(ExprPtr x, kpl::SourceRange r) {
  // The usual pairwise sums (each step's value is a fresh local).
  auto k = [&](uint32_t v) { return lit(static_cast<int32_t>(v), r); };
  auto b = [&](BinaryOp o, ExprPtr p, ExprPtr q) { return bin(o, std::move(p), std::move(q), r); };
  auto snap = [&](ExprPtr e) { return snapshot(std::move(e), r); };
  x = snap(std::move(x));
  x = snap(b(BinaryOp::Sub, clone(*x), b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(1)), k(0x55555555))));
  x = snap(b(BinaryOp::Add, b(BinaryOp::BitAnd, clone(*x), k(0x33333333)),
             b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(2)), k(0x33333333))));
  x = snap(b(BinaryOp::BitAnd, b(BinaryOp::Add, clone(*x), b(BinaryOp::LShr, clone(*x), k(4))), k(0x0F0F0F0F)));
  return b(BinaryOp::LShr, b(BinaryOp::Mul, std::move(x), k(0x01010101)), k(24));
}

ExprPtr Lowerer::clz32(ExprPtr x, kpl::SourceRange r) {
  // Binary search for the highest set bit: 32 for 0.
  auto k = [&](uint32_t v) { return lit(static_cast<int32_t>(v), r); };
  auto b = [&](BinaryOp o, ExprPtr p, ExprPtr q) { return bin(o, std::move(p), std::move(q), r); };
  auto snap = [&](ExprPtr e) { return snapshot(std::move(e), r); };
  x = snap(std::move(x));
  ExprPtr zero = snap(b(BinaryOp::Eq, clone(*x), k(0)));
  ExprPtr n = k(0);
  const std::pair<uint32_t, int32_t> steps[] = {
      {0xFFFF0000u, 16}, {0xFF000000u, 8}, {0xF0000000u, 4}, {0xC0000000u, 2}, {0x80000000u, 1}};
  for (auto [m, sh] : steps) {
    ExprPtr none = snap(b(BinaryOp::Eq, b(BinaryOp::BitAnd, clone(*x), k(m)), k(0)));
    n = snap(b(BinaryOp::Add, std::move(n), cond(clone(*none), k(static_cast<uint32_t>(sh)), k(0), r)));
    x = snap(cond(std::move(none), b(BinaryOp::Shl, clone(*x), k(static_cast<uint32_t>(sh))), clone(*x), r));
  }
  return cond(std::move(zero), k(32), std::move(n), r);
}

ExprPtr Lowerer::brev32(ExprPtr x, kpl::SourceRange r) {
  // Swap adjacent bits, pairs, nibbles, bytes, then the two halves.
  auto k = [&](uint32_t v) { return lit(static_cast<int32_t>(v), r); };
  auto b = [&](BinaryOp o, ExprPtr p, ExprPtr q) { return bin(o, std::move(p), std::move(q), r); };
  x = snapshot(std::move(x), r);
  const uint32_t masks[] = {0x55555555, 0x33333333, 0x0F0F0F0F, 0x00FF00FF};
  for (int s = 0; s < 4; ++s) {
    const uint32_t sh = 1u << s;
    x = snapshot(b(BinaryOp::BitOr, b(BinaryOp::BitAnd, b(BinaryOp::LShr, clone(*x), k(sh)), k(masks[s])),
                   b(BinaryOp::Shl, b(BinaryOp::BitAnd, clone(*x), k(masks[s])), k(sh))),
                 r);
  }
  return b(BinaryOp::BitOr, b(BinaryOp::LShr, clone(*x), k(16)), b(BinaryOp::Shl, clone(*x), k(16)));
}

ExprPtr Lowerer::mulHi(IntType t, ExprPtr x, ExprPtr y, kpl::SourceRange r) {
  if (t.width < 32) {
    // The whole product fits a word (signed: |x y| <= 2^30; unsigned: < 2^32): its high half.
    ExprPtr p = bin(BinaryOp::Mul, std::move(x), std::move(y), r);
    return normalize(bin(t.isSigned ? BinaryOp::Shr : BinaryOp::LShr, std::move(p), lit(t.width, r), r), t, r);
  }
  // The 64-bit product's high word: lmul_hi of the operands extended by their signedness.
  x = atom(std::move(x), r);
  y = atom(std::move(y), r);
  auto ext = [&](const ExprPtr& v) { return t.isSigned ? bin(BinaryOp::Shr, clone(*v), lit(31, r), r) : lit(0, r); };
  ExprPtr xh = ext(x), yh = ext(y);
  return wideOp(WideOp::LMulHi, r, std::move(xh), std::move(x), std::move(yh), std::move(y));
}

ExprPtr Lowerer::madSat32(IntType t, ExprPtr x, ExprPtr y, ExprPtr z, kpl::SourceRange r) {
  // x y + z in 64 bits (never overflowing them: |x y + z| < 2^63 signed, < 2^64 unsigned),
  // then clamped to t's range.
  x = atom(std::move(x), r);
  y = atom(std::move(y), r);
  z = atom(std::move(z), r);
  auto ext = [&](const ExprPtr& v) { return t.isSigned ? bin(BinaryOp::Shr, clone(*v), lit(31, r), r) : lit(0, r); };
  ExprPtr plo = snapshot(wideOp(WideOp::LMulLo, r, ext(x), clone(*x), ext(y), clone(*y)), r);
  ExprPtr phi = snapshot(wideOp(WideOp::LMulHi, r, ext(x), clone(*x), ext(y), clone(*y)), r);
  ExprPtr slo = snapshot(wideOp(WideOp::LAddLo, r, clone(*phi), clone(*plo), ext(z), clone(*z)), r);
  ExprPtr shi = snapshot(wideOp(WideOp::LAddHi, r, clone(*phi), clone(*plo), ext(z), clone(*z)), r);
  if (!t.isSigned)  // a high word other than 0: above UINT_MAX
    return cond(bin(BinaryOp::Ne, std::move(shi), lit(0, r), r), lit(-1, r), std::move(slo), r);
  ExprPtr above = wideOp(WideOp::LGt, r, clone(*shi), clone(*slo), lit(0, r), lit(0x7FFFFFFF, r));
  ExprPtr below = wideOp(WideOp::LLt, r, clone(*shi), clone(*slo), lit(-1, r), lit(INT32_MIN, r));
  return cond(std::move(above), lit(0x7FFFFFFF, r), cond(std::move(below), lit(INT32_MIN, r), std::move(slo), r), r);
}

// ---- shuffle, shuffle2 ---------------------------------------------------------------------

Agg Lowerer::shuffleVector(const clang::CallExpr* c) {
  // shuffle(x, mask)[i] = x[mask[i] mod m]; shuffle2(x, y, mask)[i] = (x ++ y)[mask[i] mod 2m]
  // (OpenCL C 1.2 §6.12.12: only the low log2 of the input size bits of a mask element count;
  // m is 2, 4, 8 or 16). Every argument is evaluated, in order.
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  const unsigned n = c->getNumArgs();
  std::vector<Agg> in;
  for (unsigned i = 0; i + 1 < n; ++i) in.push_back(aggValue(c->getArg(i)));
  Agg mask = aggValue(c->getArg(n - 1));
  if (!mask.ok || in.empty()) return bad;
  for (const Agg& a : in)
    if (!a.ok || elemCount(a) != elemCount(in[0])) return bad;
  const IntType et = elemType(in[0]);
  const size_t m = elemCount(in[0]), total = m * in.size();
  std::vector<Val> pool;  // the candidates, each an atom
  for (Agg& a : in)
    for (size_t j = 0; j < m; ++j) {
      Val v = takeElem(a, j);
      v.lo = atom(std::move(v.lo), r);
      if (v.hi) v.hi = atom(std::move(v.hi), r);
      pool.push_back(std::move(v));
    }
  Agg res;
  for (size_t i = 0, cnt = elemCount(mask); i < cnt; ++i) {
    ExprPtr sel = snapshot(bin(BinaryOp::BitAnd, std::move(takeElem(mask, i).lo), lit(total - 1, r), r), r);
    Val out{clone(*pool[total - 1].lo), pool[total - 1].hi ? clone(*pool[total - 1].hi) : nullptr};
    for (size_t k = total - 1; k-- > 0;) {
      Val cand{clone(*pool[k].lo), pool[k].hi ? clone(*pool[k].hi) : nullptr};
      out = chooseVal(bin(BinaryOp::Eq, clone(*sel), lit(static_cast<int64_t>(k), r), r), std::move(cand), std::move(out), r);
    }
    if (out.hi) {
      out.lo = snapshot(std::move(out.lo), r);
      out.hi = snapshot(std::move(out.hi), r);
    } else {
      out.lo = snapshot(std::move(out.lo), r);
    }
    pushElem(res, std::move(out), et, r);
  }
  return res;
}

}  // namespace sdvmc::clangfe::lowering
