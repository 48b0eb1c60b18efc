// The float math library (part of the Lowerer, Lowerer.h): the builtin kinds FloatFn, Math
// on vectors, FloatExpr, FloatTest, Geometric, FloatToInt, FloatBits and Refused
// (Builtins.h). A call's arguments are float scalars or, in OpenCL, float vectors lowered
// component-wise (a scalar argument is evaluated once and broadcast); every argument is
// evaluated, left to right, into an atom, so the formulas below may use one several times.
// The formulas (README.md, "Values and types") say which float operators round, in order.
#include "frontends/clang/Lowerer.h"

#include <fmt/format.h>

#include <clang/AST/Expr.h>

namespace sdvmc::clangfe::lowering {

namespace {

constexpr IntType kFloat{32, true, false, true};
constexpr IntType kInt{32, true, false, false};
constexpr int64_t kInfBits = 0x7f800000;
constexpr int64_t kFltMinBits = 0x00800000;  // the smallest normal float, 2^-126

/// The argument of a FloatFn row that is an int, not a float (ldexp's and pown's exponent), or -1.
int intArgOf(const BuiltinInfo& fn) {
  if (fn.kind != BuiltinKind::FloatFn) return -1;
  auto op = static_cast<WideOp>(fn.op);
  return op == WideOp::FLdexp || op == WideOp::FPown ? 1 : -1;
}

}  // namespace

// ---- operands ----------------------------------------------------------------------------

std::optional<FloatArgs> Lowerer::floatArgs(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  FloatArgs out;
  kpl::SourceRange r = range(c);
  const int intArg = intArgOf(fn);
  auto refuse = [&](clang::QualType t) {
    unsupported(c, name + " on '" + t.getAsString() + "'" + typeReason(t) +
                       (lang_ == Language::OpenCL ? " (only float scalars and vectors)" : " (only float)"));
    return std::nullopt;
  };
  if (c->getNumArgs() != fn.arity) return refuse(c->getType());
  std::vector<std::vector<ExprPtr>> perArg;
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    const clang::Expr* a = c->getArg(i);
    const bool wantInt = static_cast<int>(i) == intArg;
    std::vector<ExprPtr> comps;
    if (lang_ == Language::OpenCL && a->getType()->isVectorType()) {
      Agg v = aggValue(a);
      if (!v.ok) return std::nullopt;
      for (size_t k = 0; k < v.vals.size(); ++k) {
        if (v.types[k].isFloat != !wantInt || v.types[k].width != 32) return refuse(a->getType());
        comps.push_back(atom(std::move(v.vals[k]), r));
      }
      if (out.n != 0 && out.n != comps.size()) return refuse(a->getType());
      out.n = comps.size();
    } else {
      auto t = intType(a->getType());
      if (!t || t->isFloat != !wantInt || t->width != 32) return refuse(a->getType());
      comps.push_back(atom(rvalue(a), r));
    }
    perArg.push_back(std::move(comps));
  }
  // Component j's operands: a vector argument's component j, a scalar argument itself.
  for (size_t j = 0; j < std::max<size_t>(out.n, 1); ++j) {
    std::vector<ExprPtr> ops;
    for (auto& a : perArg) ops.push_back(a.size() == 1 ? clone(*a[0]) : std::move(a[j]));
    out.comps.push_back(std::move(ops));
  }
  return out;
}

// ---- the component formulas ------------------------------------------------------------------

ExprPtr Lowerer::floatElem(const BuiltinInfo& fn, std::vector<ExprPtr>& a, kpl::SourceRange r) {
  switch (fn.kind) {
    case BuiltinKind::FloatFn: return wop(static_cast<WideOp>(fn.op), std::move(a), r);
    case BuiltinKind::Math:
    case BuiltinKind::MinMax:
      if (a.size() == 1) return un(static_cast<UnaryOp>(fn.op), std::move(a[0]), r);
      return bin(static_cast<BinaryOp>(fn.op), std::move(a[0]), std::move(a[1]), r);
    case BuiltinKind::FloatExpr: return floatExpr(static_cast<FloatExpr>(fn.op), a, r);
    case BuiltinKind::FloatTest: return floatTest(static_cast<FloatTest>(fn.op), a, r);
    default: break;
  }
  return lit(0, r);
}

ExprPtr Lowerer::floatExpr(FloatExpr k, std::vector<ExprPtr>& a, kpl::SourceRange r) {
  auto f = [&](float v) { return lit(floatBits(v), r); };
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  auto c = [&](size_t i) { return clone(*a[i]); };
  switch (k) {
    case FloatExpr::Mad: return b(BinaryOp::FAdd, b(BinaryOp::FMul, c(0), c(1)), c(2));  // two roundings
    case FloatExpr::Recip: return b(BinaryOp::FDiv, f(1.0f), c(0));
    case FloatExpr::Clamp: return b(BinaryOp::FMin, b(BinaryOp::FMax, c(0), c(1)), c(2));
    // 180/pi and pi/180 rounded to float (0x42652ee1, 0x3c8efa35), then one product.
    case FloatExpr::Degrees: return b(BinaryOp::FMul, c(0), lit(0x42652ee1, r));
    case FloatExpr::Radians: return b(BinaryOp::FMul, c(0), lit(0x3c8efa35, r));
    case FloatExpr::Mix: return b(BinaryOp::FAdd, c(0), b(BinaryOp::FMul, b(BinaryOp::FSub, c(1), c(0)), c(2)));
    case FloatExpr::Step: return cond(b(BinaryOp::FLt, c(1), c(0)), f(0.0f), f(1.0f), r);
    case FloatExpr::SmoothStep: {
      // t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t)
      ExprPtr q = b(BinaryOp::FDiv, b(BinaryOp::FSub, c(2), c(0)), b(BinaryOp::FSub, c(1), c(0)));
      ExprPtr t = snapshot(b(BinaryOp::FMin, b(BinaryOp::FMax, std::move(q), f(0.0f)), f(1.0f)), r);
      ExprPtr tt = b(BinaryOp::FMul, clone(*t), clone(*t));
      return b(BinaryOp::FMul, std::move(tt), b(BinaryOp::FSub, f(3.0f), b(BinaryOp::FMul, f(2.0f), std::move(t))));
    }
    case FloatExpr::Sign:  // 1, -1, the zero itself, or 0 for NaN
      return cond(b(BinaryOp::FGt, c(0), f(0.0f)), f(1.0f),
                  cond(b(BinaryOp::FLt, c(0), f(0.0f)), f(-1.0f), cond(b(BinaryOp::FNe, c(0), c(0)), f(0.0f), c(0), r), r), r);
    case FloatExpr::Saturate: return b(BinaryOp::FMin, b(BinaryOp::FMax, c(0), f(0.0f)), f(1.0f));  // NaN -> 0
  }
  return lit(0, r);
}

ExprPtr Lowerer::floatTest(FloatTest k, std::vector<ExprPtr>& a, kpl::SourceRange r) {
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  auto c = [&](size_t i) { return clone(*a[i]); };
  auto abs0 = [&] { return un(UnaryOp::FAbs, c(0), r); };
  switch (k) {
    case FloatTest::IsEqual: return b(BinaryOp::FEq, c(0), c(1));
    case FloatTest::IsNotEqual: return b(BinaryOp::FNe, c(0), c(1));
    case FloatTest::IsGreater: return b(BinaryOp::FGt, c(0), c(1));
    case FloatTest::IsGreaterEqual: return b(BinaryOp::FGe, c(0), c(1));
    case FloatTest::IsLess: return b(BinaryOp::FLt, c(0), c(1));
    case FloatTest::IsLessEqual: return b(BinaryOp::FLe, c(0), c(1));
    case FloatTest::IsLessGreater: return b(BinaryOp::LogOr, b(BinaryOp::FLt, c(0), c(1)), b(BinaryOp::FGt, c(0), c(1)));
    case FloatTest::IsFinite: return b(BinaryOp::FLt, abs0(), lit(kInfBits, r));
    case FloatTest::IsInf: return b(BinaryOp::FEq, abs0(), lit(kInfBits, r));
    case FloatTest::IsNan: return b(BinaryOp::FNe, c(0), c(0));
    case FloatTest::IsNormal:
      return b(BinaryOp::LogAnd, b(BinaryOp::FGe, abs0(), lit(kFltMinBits, r)), b(BinaryOp::FLt, abs0(), lit(kInfBits, r)));
    case FloatTest::IsOrdered: return b(BinaryOp::LogAnd, b(BinaryOp::FEq, c(0), c(0)), b(BinaryOp::FEq, c(1), c(1)));
    case FloatTest::IsUnordered: return b(BinaryOp::LogOr, b(BinaryOp::FNe, c(0), c(0)), b(BinaryOp::FNe, c(1), c(1)));
    case FloatTest::SignBit: return b(BinaryOp::LShr, c(0), lit(31, r));
  }
  return lit(0, r);
}

// ---- relational functions on doubles --------------------------------------------------------------

ExprPtr Lowerer::doubleTest(const clang::CallExpr* c, const std::string& name, FloatTest k) {
  kpl::SourceRange r = range(c);
  std::vector<Val> a;
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    auto t = wideType(c->getArg(i)->getType());
    if (!t || !t->isFloat || c->getArg(i)->getType()->isVectorType()) {
      unsupported(c, name + " on '" + c->getArg(i)->getType().getAsString() + "' (doubles: only scalars)");
      return lit(0, r);
    }
    a.push_back(atoms(wvalue(c->getArg(i)), r));
  }
  // KPL's double comparisons (false when an operand is NaN, dne true); |x| clears the high
  // word's sign bit; +inf is 0x7ff00000:0, the smallest normal double 0x00100000:0.
  auto d = [&](WideOp op, const Val& x, const Val& y) { return wideOp(op, r, clone(*x.hi), clone(*x.lo), clone(*y.hi), clone(*y.lo)); };
  auto abs0 = [&] { return Val{clone(*a[0].lo), bin(BinaryOp::BitAnd, clone(*a[0].hi), lit(0x7fffffff, r), r)}; };
  const Val inf{lit(0, r), lit(0x7ff00000, r)}, minNormal{lit(0, r), lit(0x00100000, r)};
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  switch (k) {
    case FloatTest::IsEqual: return d(WideOp::DEq, a[0], a[1]);
    case FloatTest::IsNotEqual: return d(WideOp::DNe, a[0], a[1]);
    case FloatTest::IsGreater: return d(WideOp::DGt, a[0], a[1]);
    case FloatTest::IsGreaterEqual: return d(WideOp::DGe, a[0], a[1]);
    case FloatTest::IsLess: return d(WideOp::DLt, a[0], a[1]);
    case FloatTest::IsLessEqual: return d(WideOp::DLe, a[0], a[1]);
    case FloatTest::IsLessGreater: return b(BinaryOp::LogOr, d(WideOp::DLt, a[0], a[1]), d(WideOp::DGt, a[0], a[1]));
    case FloatTest::IsFinite: return d(WideOp::DLt, abs0(), inf);
    case FloatTest::IsInf: return d(WideOp::DEq, abs0(), inf);
    case FloatTest::IsNan: return d(WideOp::DNe, a[0], a[0]);
    case FloatTest::IsNormal: return b(BinaryOp::LogAnd, d(WideOp::DGe, abs0(), minNormal), d(WideOp::DLt, abs0(), inf));
    case FloatTest::IsOrdered: return b(BinaryOp::LogAnd, d(WideOp::DEq, a[0], a[0]), d(WideOp::DEq, a[1], a[1]));
    case FloatTest::IsUnordered: return b(BinaryOp::LogOr, d(WideOp::DNe, a[0], a[0]), d(WideOp::DNe, a[1], a[1]));
    case FloatTest::SignBit: return b(BinaryOp::LShr, clone(*a[0].hi), lit(31, r));
  }
  return lit(0, r);
}

// ---- calls ---------------------------------------------------------------------------------

std::optional<ExprPtr> Lowerer::floatCall(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  kpl::SourceRange r = range(c);
  if (fn.kind == BuiltinKind::Geometric) return geometric(c, fn, name);
  if (fn.kind == BuiltinKind::FloatTest && c->getNumArgs() == fn.arity && isWideType(c->getArg(0)->getType()))
    return doubleTest(c, name, static_cast<FloatTest>(fn.op));
  std::optional<FloatArgs> args = floatArgs(c, fn, name);
  if (!args) return lit(0, r);
  if (args->n != 0) {  // vector arguments with a scalar value: only the geometric functions
    unsupported(c, name + " with vector arguments and a scalar result");
    return lit(0, r);
  }
  return floatElem(fn, args->comps[0], r);
}

std::optional<Agg> Lowerer::floatVectorCall(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  if (fn.kind == BuiltinKind::Geometric) return geometricVector(c, fn, name);
  std::optional<FloatArgs> args = floatArgs(c, fn, name);
  if (!args) return bad;
  if (args->n == 0) return std::nullopt;
  const bool test = fn.kind == BuiltinKind::FloatTest;
  Agg res;
  for (auto& ops : args->comps) {
    ExprPtr e = floatElem(fn, ops, r);
    // A vector relational function gives -1 (true) or 0 per component.
    res.vals.push_back(test ? un(UnaryOp::Neg, std::move(e), r) : std::move(e));
    res.types.push_back(test ? kInt : kFloat);
  }
  return res;
}

// ---- geometric functions -----------------------------------------------------------------------

ExprPtr Lowerer::dotOf(std::vector<ExprPtr>& p, std::vector<ExprPtr>& q, kpl::SourceRange r) {
  // ((p0*q0 + p1*q1) + p2*q2) + p3*q3: each product and each sum rounded, left to right.
  ExprPtr sum = bin(BinaryOp::FMul, clone(*p[0]), clone(*q[0]), r);
  for (size_t i = 1; i < p.size(); ++i)
    sum = bin(BinaryOp::FAdd, std::move(sum), bin(BinaryOp::FMul, clone(*p[i]), clone(*q[i]), r), r);
  return sum;
}

ExprPtr Lowerer::lengthOf(std::vector<ExprPtr>& p, kpl::SourceRange r) {
  // hypot(hypot(hypot(p0, p1), p2), p3): no overflow or underflow of the squares.
  ExprPtr len = un(UnaryOp::FAbs, clone(*p[0]), r);
  for (size_t i = 1; i < p.size(); ++i) {
    std::vector<ExprPtr> ops;
    ops.push_back(std::move(len));
    ops.push_back(clone(*p[i]));
    len = wop(WideOp::FHypot, std::move(ops), r);
  }
  return len;
}

std::optional<std::vector<std::vector<ExprPtr>>> Lowerer::geometricArgs(const clang::CallExpr* c, const BuiltinInfo& fn,
                                                                        const std::string& name) {
  kpl::SourceRange r = range(c);
  std::optional<FloatArgs> args = floatArgs(c, fn, name);
  if (!args) return std::nullopt;
  bool allVectors = true;
  for (unsigned i = 0; i < c->getNumArgs(); ++i) allVectors = allVectors && (c->getArg(i)->getType()->isVectorType() || args->n == 0);
  if (!allVectors || args->n > 4) {
    unsupported(c, name + " on '" + c->getArg(0)->getType().getAsString() + "' (only float, float2, float3 and float4)");
    return std::nullopt;
  }
  // Back to one list per argument: argument k's components.
  std::vector<std::vector<ExprPtr>> perArg(c->getNumArgs());
  for (auto& ops : args->comps)
    for (size_t k = 0; k < ops.size(); ++k) perArg[k].push_back(std::move(ops[k]));
  // A difference p - q (distance), computed first, component by component.
  if (fn.op == static_cast<int>(Geometric::Distance) || fn.op == static_cast<int>(Geometric::FastDistance)) {
    for (size_t i = 0; i < perArg[0].size(); ++i)
      perArg[0][i] = snapshot(bin(BinaryOp::FSub, std::move(perArg[0][i]), std::move(perArg[1][i]), r), r);
    perArg.pop_back();
  }
  return perArg;
}

std::optional<ExprPtr> Lowerer::geometric(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  kpl::SourceRange r = range(c);
  auto args = geometricArgs(c, fn, name);
  if (!args) return lit(0, r);
  auto& a = *args;
  switch (static_cast<Geometric>(fn.op)) {
    case Geometric::Dot: return dotOf(a[0], a[1], r);
    case Geometric::Length:
    case Geometric::Distance: return lengthOf(a[0], r);
    case Geometric::FastLength:
    case Geometric::FastDistance: return un(UnaryOp::FSqrt, dotOf(a[0], a[0], r), r);
    case Geometric::Normalize:
    case Geometric::FastNormalize:
      if (a[0].size() == 1) return std::move(normalized(fn, a[0], r)[0]);  // a float: its sign, or the zero
      break;
    case Geometric::Cross: break;
  }
  unsupported(c, name + " with a scalar result");
  return lit(0, r);
}

std::optional<Agg> Lowerer::geometricVector(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  auto args = geometricArgs(c, fn, name);
  if (!args) return bad;
  auto& a = *args;
  Agg res;
  std::vector<ExprPtr> comps;
  if (fn.op == static_cast<int>(Geometric::Cross)) {
    if (a[0].size() < 3) {
      unsupported(c, "cross on '" + c->getArg(0)->getType().getAsString() + "' (only float3 and float4)");
      return bad;
    }
    // (p1 q2 - p2 q1, p2 q0 - p0 q2, p0 q1 - p1 q0[, 0])
    auto term = [&](size_t i, size_t j) {
      return bin(BinaryOp::FSub, bin(BinaryOp::FMul, clone(*a[0][i]), clone(*a[1][j]), r),
                 bin(BinaryOp::FMul, clone(*a[0][j]), clone(*a[1][i]), r), r);
    };
    comps.push_back(term(1, 2));
    comps.push_back(term(2, 0));
    comps.push_back(term(0, 1));
    if (a[0].size() == 4) comps.push_back(lit(0, r));
  } else if (fn.op == static_cast<int>(Geometric::Normalize) || fn.op == static_cast<int>(Geometric::FastNormalize)) {
    comps = normalized(fn, a[0], r);
  } else {
    return std::nullopt;
  }
  for (ExprPtr& e : comps) {
    res.vals.push_back(std::move(e));
    res.types.push_back(kFloat);
  }
  return res;
}

std::vector<ExprPtr> Lowerer::normalized(const BuiltinInfo& fn, std::vector<ExprPtr>& p, kpl::SourceRange r) {
  auto b = [&](BinaryOp o, ExprPtr x, ExprPtr y) { return bin(o, std::move(x), std::move(y), r); };
  std::vector<ExprPtr> out;
  if (fn.op == static_cast<int>(Geometric::FastNormalize)) {
    // all zero: p; else p * rsqrt(dot(p, p)) (OpenCL C 1.2 §6.12.5)
    ExprPtr d = snapshot(dotOf(p, p, r), r);
    std::vector<ExprPtr> dv;
    dv.push_back(clone(*d));
    ExprPtr k = snapshot(wop(WideOp::FRsqrt, std::move(dv), r), r);
    for (ExprPtr& x : p) out.push_back(cond(b(BinaryOp::FEq, clone(*d), lit(0, r)), clone(*x), b(BinaryOp::FMul, clone(*x), clone(*k)), r));
    return out;
  }
  // All zero: p. An infinite component: the vector whose infinite components are ±1 and the
  // others ±0, normalized. Otherwise p / length(p), component by component.
  ExprPtr len = snapshot(lengthOf(p, r), r);
  ExprPtr inf = snapshot(b(BinaryOp::FEq, clone(*len), lit(kInfBits, r)), r);
  std::vector<ExprPtr> q;
  for (ExprPtr& x : p) {
    auto unit = [&](float v) {
      std::vector<ExprPtr> ops;
      ops.push_back(lit(floatBits(v), r));
      ops.push_back(clone(*x));
      return wop(WideOp::FCopysign, std::move(ops), r);
    };
    ExprPtr isInf = b(BinaryOp::FEq, un(UnaryOp::FAbs, clone(*x), r), lit(kInfBits, r));
    q.push_back(snapshot(cond(clone(*inf), cond(std::move(isInf), unit(1.0f), unit(0.0f), r), clone(*x), r), r));
  }
  ExprPtr qlen = snapshot(cond(clone(*inf), lengthOf(q, r), clone(*len), r), r);
  for (size_t i = 0; i < p.size(); ++i)
    out.push_back(cond(b(BinaryOp::FEq, clone(*len), lit(0, r)), clone(*p[i]), b(BinaryOp::FDiv, clone(*q[i]), clone(*qlen)), r));
  return out;
}

// ---- any, all, bitselect -----------------------------------------------------------------------

ExprPtr Lowerer::anyAll(const clang::CallExpr* c, const std::string& name, bool all) {
  kpl::SourceRange r = range(c);
  // The sign bit of each component (OpenCL C 1.2 §6.12.6: signed integer arguments): a
  // normalised signed value is negative.
  std::vector<ExprPtr> comps;
  IntType t;
  const clang::Expr* a = c->getArg(0);
  if (a->getType()->isVectorType()) {
    Agg v = aggValue(a);
    if (!v.ok) return lit(0, r);
    t = v.types.empty() ? IntType{} : v.types[0];
    for (ExprPtr& e : v.vals) comps.push_back(std::move(e));
  } else if (auto st = intType(a->getType())) {
    t = *st;
    comps.push_back(rvalue(a));
  }
  if (comps.empty() || t.isFloat || !t.isSigned || t.isBool || isWide(t)) {
    unsupported(c, name + " on '" + a->getType().getAsString() + "' (only signed integers of 32 bits or less)");
    return lit(0, r);
  }
  ExprPtr e = bin(BinaryOp::Lt, std::move(comps[0]), lit(0, r), r);
  for (size_t i = 1; i < comps.size(); ++i)
    e = bin(all ? BinaryOp::LogAnd : BinaryOp::LogOr, std::move(e), bin(BinaryOp::Lt, std::move(comps[i]), lit(0, r), r), r);
  return e;
}

ExprPtr Lowerer::bitSelectElem(ExprPtr a, ExprPtr b, ExprPtr k, kpl::SourceRange r) {
  ExprPtr kk = atom(std::move(k), r);
  ExprPtr keepA = bin(BinaryOp::BitAnd, std::move(a), un(UnaryOp::BitNot, clone(*kk), r), r);
  return bin(BinaryOp::BitOr, std::move(keepA), bin(BinaryOp::BitAnd, std::move(b), std::move(kk), r), r);
}

std::optional<ExprPtr> Lowerer::bitSelect(const clang::CallExpr* c, const std::string& name) {
  kpl::SourceRange r = range(c);
  auto t = intType(c->getType());
  if (!t || t->isBool || isWide(*t) || c->getNumArgs() != 3) {
    unsupported(c, name + " on '" + c->getType().getAsString() + "' (only types of 32 bits or less)");
    return lit(0, r);
  }
  ExprPtr a = rvalue(c->getArg(0));
  ExprPtr b = rvalue(c->getArg(1));
  ExprPtr k = rvalue(c->getArg(2));
  return bitSelectElem(std::move(a), std::move(b), std::move(k), r);
}

std::optional<Agg> Lowerer::bitSelectVector(const clang::CallExpr* c, const std::string& name) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  Agg a = aggValue(c->getArg(0));
  Agg b = aggValue(c->getArg(1));
  Agg k = aggValue(c->getArg(2));
  if (!a.ok || !b.ok || !k.ok) return bad;
  if (a.types.empty() || isWide(a.types[0]) || a.vals.size() != b.vals.size() || a.vals.size() != k.vals.size()) {
    unsupported(c, name + " on '" + c->getType().getAsString() + "' (only elements of 32 bits or less)");
    return bad;
  }
  Agg res;
  for (size_t i = 0; i < a.vals.size(); ++i) {
    res.vals.push_back(bitSelectElem(std::move(a.vals[i]), std::move(b.vals[i]), std::move(k.vals[i]), r));
    res.types.push_back(a.types[i]);
  }
  return res;
}

// ---- results through pointers ------------------------------------------------------------------

LVal Lowerer::pointee(const clang::Expr* ptr) {
  const clang::Expr* bare = ptr->IgnoreParenImpCasts();
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(bare); u && u->getOpcode() == clang::UO_AddrOf)
    return lvalue(u->getSubExpr());  // `&c`: the place itself (a local scalar too)
  LVal lv;
  PtrVal p = pointer(ptr);
  lv.type = placeType(ptr->getType()->getPointeeType(), ptr->getBeginLoc());
  lv.kind = p.storage == -1 ? LVal::Kind::Invalid : LVal::Kind::Cell;
  lv.storage = p.storage;
  lv.index = std::move(p.offset);
  return lv;
}

ExprPtr Lowerer::floatOut(const clang::CallExpr* c, const std::string& name, FloatOut k) {
  kpl::SourceRange r = range(c);
  bool ok = c->getNumArgs() >= 2 && isFloat(c->getArg(0)->getType());
  for (unsigned i = 1; ok && i < c->getNumArgs(); ++i)
    ok = c->getArg(i)->getType()->isPointerType() && isFloat(c->getArg(i)->getType()->getPointeeType());
  if (!ok) {
    unsupported(c, name + " on '" + c->getArg(0)->getType().getAsString() + "' (only float, through float pointers)");
    return lit(0, r);
  }
  ExprPtr x = atom(rvalue(c->getArg(0)), r);
  auto fn = [&](WideOp op) {
    std::vector<ExprPtr> ops;
    ops.push_back(clone(*x));
    return wop(op, std::move(ops), r);
  };
  auto storeTo = [&](unsigned arg, ExprPtr v) {
    LVal lv = pointee(c->getArg(arg));
    if (lv.kind != LVal::Kind::Invalid) store(lv, std::move(v), r);
  };
  switch (k) {
    case FloatOut::SinCos:  // sin, and the cosine through the pointer
      storeTo(1, fn(WideOp::FCos));
      return fn(WideOp::FSin);
    case FloatOut::SinCosBoth:
      storeTo(1, fn(WideOp::FSin));
      storeTo(2, fn(WideOp::FCos));
      return lit(0, r);
    case FloatOut::Modf: {
      // The integral part trunc(x) through the pointer; the fraction x - trunc(x) (exact) with
      // x's sign, ±0 for an infinite x.
      ExprPtr ip = snapshot(fn(WideOp::FTrunc), r);
      storeTo(1, clone(*ip));
      auto copysign = [&](ExprPtr v) {
        std::vector<ExprPtr> ops;
        ops.push_back(std::move(v));
        ops.push_back(clone(*x));
        return wop(WideOp::FCopysign, std::move(ops), r);
      };
      ExprPtr isInf = bin(BinaryOp::FEq, un(UnaryOp::FAbs, clone(*x), r), lit(kInfBits, r), r);
      return cond(std::move(isInf), copysign(lit(0, r)), copysign(bin(BinaryOp::FSub, clone(*x), std::move(ip), r)), r);
    }
  }
  return lit(0, r);
}

// ---- CUDA's conversions, refusals --------------------------------------------------------------

ExprPtr Lowerer::floatToInt(const clang::CallExpr* c, WideOp rounding) {
  kpl::SourceRange r = range(c);
  // PTX's cvt.rni/rzi/rpi/rmi.s32.f32: round to an integral float, then saturate to the int
  // range; NaN gives 0.
  ExprPtr x = atom(rvalue(c->getArg(0)), r);
  std::vector<ExprPtr> ops;
  ops.push_back(clone(*x));
  ExprPtr v = snapshot(wop(rounding, std::move(ops), r), r);
  ExprPtr e = cond(bin(BinaryOp::FLt, clone(*v), lit(floatBits(-2147483648.0f), r), r), lit(INT32_MIN, r),
                   un(UnaryOp::FToI, clone(*v), r), r);
  e = cond(bin(BinaryOp::FGe, clone(*v), lit(floatBits(2147483648.0f), r), r), lit(INT32_MAX, r), std::move(e), r);
  return cond(bin(BinaryOp::FNe, clone(*x), clone(*x), r), lit(0, r), std::move(e), r);
}

}  // namespace sdvmc::clangfe::lowering
