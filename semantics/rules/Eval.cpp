// Column-wise expression evaluation (see Eval.h).
#include "semantics/rules/Eval.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace sdvmc::sem {

Word word::floatOp(EOp op, Word a, Word b) {
  const float x = f(a), y = f(b);
  switch (op) {
    case EOp::FAdd: return w(x + y);
    case EOp::FSub: return w(x - y);
    case EOp::FMul: return w(x * y);
    case EOp::FDiv: return w(x / y);
    case EOp::FMin: return w(std::fmin(x, y));
    case EOp::FMax: return w(std::fmax(x, y));
    case EOp::FLt: return x < y;
    case EOp::FLe: return x <= y;
    case EOp::FGt: return x > y;
    case EOp::FGe: return x >= y;
    case EOp::FEq: return x == y;
    case EOp::FNe: return x != y;
    case EOp::FNeg: return w(-x);
    case EOp::FAbs: return w(std::fabs(x));
    case EOp::FSqrt: return w(std::sqrt(x));
    case EOp::IToF: return w(static_cast<float>(a));
    case EOp::UToF: return w(static_cast<float>(static_cast<uint32_t>(a)));
    case EOp::FToI: return ftoi(a);
    case EOp::FToU: return ftou(a);
    default: break;
  }
  assert(false && "not a float operator");
  return 0;
}

namespace {
using word::high;
using word::low;
using word::pair;
Word half(bool hi, uint64_t x) { return hi ? high(x) : low(x); }
int64_t sgn(uint64_t x) { return static_cast<int64_t>(x); }
uint64_t bits(double x) { return std::bit_cast<uint64_t>(x); }
uint64_t bits(int64_t x) { return static_cast<uint64_t>(x); }

// Conversions to integers: truncation; NaN and out of range as word::ftoi / ftou (the
// bounds are exact doubles: -2^63, 2^63, 2^64, -2^31 - 1, 2^31, 2^32).
int64_t toLong(double x) {
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(x);
}
uint64_t toULong(double x) {
  if (!(x > -1.0 && x < 18446744073709551616.0)) return 0;
  return static_cast<uint64_t>(x);
}
Word toInt(double x) {
  if (!(x > -2147483649.0 && x < 2147483648.0)) return INT32_MIN;
  return static_cast<Word>(x);
}
Word toUInt(double x) {
  if (!(x > -1.0 && x < 4294967296.0)) return 0;
  return static_cast<Word>(static_cast<uint32_t>(x));
}
}  // namespace

bool word::conversionDefined(double x, int32_t k) {
  const int bitsOf = std::clamp(k < 0 ? -static_cast<int64_t>(k) : static_cast<int64_t>(k), int64_t{1}, int64_t{64});
  // The bounds are exact in long double (64-bit significand): -2^63 - 1 among them.
  static_assert(std::numeric_limits<long double>::digits >= 64, "-2^63 - 1 must be exact");
  const long double top = std::ldexp(1.0L, static_cast<int>(k < 0 ? bitsOf - 1 : bitsOf));
  const long double below = k < 0 ? -top - 1.0L : -1.0L;
  const long double v = x;
  return v > below && v < top;  // false for NaN
}

Word word::wideOp(EOp op, Word a, Word b, Word c, Word d, EvalError::Kind& fault) {
  // Operands: x = (a, b) and y = (c, d) for the binary builtins; (a, b) and the amount c
  // for shifts; (a, b) for the unary ones on 64 bits; a for those on 32 bits.
  if (isFloatMath(op)) return floatMath(op, a, b, c);
  const uint64_t x = pair(a, b), y = pair(c, d);
  const double dx = std::bit_cast<double>(x), dy = std::bit_cast<double>(y);
  switch (op) {
    case EOp::LAddLo: case EOp::LAddHi: return half(op == EOp::LAddHi, x + y);
    case EOp::LSubLo: case EOp::LSubHi: return half(op == EOp::LSubHi, x - y);
    case EOp::LMulLo: case EOp::LMulHi: return half(op == EOp::LMulHi, x * y);
    case EOp::LNswAddLo: case EOp::LNswAddHi:
    case EOp::LNswSubLo: case EOp::LNswSubHi:
    case EOp::LNswMulLo: case EOp::LNswMulHi: {
      // An exact signed result outside the 64-bit range is an overflow; the Words are the
      // wrapped result's, as ladd/lsub/lmul's.
      const auto sx = static_cast<int64_t>(x), sy = static_cast<int64_t>(y);
      const bool add = op == EOp::LNswAddLo || op == EOp::LNswAddHi, sub = op == EOp::LNswSubLo || op == EOp::LNswSubHi;
      int64_t r = 0;
      if (add ? __builtin_add_overflow(sx, sy, &r) : sub ? __builtin_sub_overflow(sx, sy, &r)
              : __builtin_mul_overflow(sx, sy, &r))
        fault = EvalError::Kind::IntegerOverflow;
      const uint64_t wrapped = add ? x + y : sub ? x - y : x * y;
      return half(op == EOp::LNswAddHi || op == EOp::LNswSubHi || op == EOp::LNswMulHi, wrapped);
    }
    case EOp::LDivLo: case EOp::LDivHi:
    case EOp::LRemLo: case EOp::LRemHi:
    case EOp::LUDivLo: case EOp::LUDivHi:
    case EOp::LURemLo: case EOp::LURemHi: {
      if (y == 0) {
        fault = EvalError::Kind::DivisionByZero;
        return 0;
      }
      uint64_t r = 0;
      if (op == EOp::LDivLo || op == EOp::LDivHi) r = sgn(y) == -1 ? 0 - x : bits(sgn(x) / sgn(y));
      else if (op == EOp::LRemLo || op == EOp::LRemHi) r = sgn(y) == -1 ? 0 : bits(sgn(x) % sgn(y));
      else if (op == EOp::LUDivLo || op == EOp::LUDivHi) r = x / y;
      else r = x % y;
      return half(op == EOp::LDivHi || op == EOp::LRemHi || op == EOp::LUDivHi || op == EOp::LURemHi, r);
    }
    case EOp::LAndLo: case EOp::LAndHi: return half(op == EOp::LAndHi, x & y);
    case EOp::LOrLo: case EOp::LOrHi: return half(op == EOp::LOrHi, x | y);
    case EOp::LXorLo: case EOp::LXorHi: return half(op == EOp::LXorHi, x ^ y);
    case EOp::LShlLo: case EOp::LShlHi:
    case EOp::LAShrLo: case EOp::LAShrHi:
    case EOp::LLShrLo: case EOp::LLShrHi: {
      if (c < 0 || c >= 64) fault = EvalError::Kind::ShiftOutOfRange;
      const int n = c & 63;
      const uint64_t r = op == EOp::LShlLo || op == EOp::LShlHi    ? x << n
                         : op == EOp::LAShrLo || op == EOp::LAShrHi ? bits(sgn(x) >> n)
                                                                    : x >> n;
      return half(op == EOp::LShlHi || op == EOp::LAShrHi || op == EOp::LLShrHi, r);
    }
    case EOp::LEq: return x == y;
    case EOp::LNe: return x != y;
    case EOp::LLt: return sgn(x) < sgn(y);
    case EOp::LLe: return sgn(x) <= sgn(y);
    case EOp::LGt: return sgn(x) > sgn(y);
    case EOp::LGe: return sgn(x) >= sgn(y);
    case EOp::LULt: return x < y;
    case EOp::LULe: return x <= y;
    case EOp::LUGt: return x > y;
    case EOp::LUGe: return x >= y;
    case EOp::DAddLo: case EOp::DAddHi: return half(op == EOp::DAddHi, bits(dx + dy));
    case EOp::DSubLo: case EOp::DSubHi: return half(op == EOp::DSubHi, bits(dx - dy));
    case EOp::DMulLo: case EOp::DMulHi: return half(op == EOp::DMulHi, bits(dx * dy));
    case EOp::DDivLo: case EOp::DDivHi: return half(op == EOp::DDivHi, bits(dx / dy));
    case EOp::DMinLo: case EOp::DMinHi: return half(op == EOp::DMinHi, bits(std::fmin(dx, dy)));
    case EOp::DMaxLo: case EOp::DMaxHi: return half(op == EOp::DMaxHi, bits(std::fmax(dx, dy)));
    case EOp::DLt: return dx < dy;
    case EOp::DLe: return dx <= dy;
    case EOp::DGt: return dx > dy;
    case EOp::DGe: return dx >= dy;
    case EOp::DEq: return dx == dy;
    case EOp::DNe: return dx != dy;
    case EOp::DNegLo: case EOp::DNegHi: return half(op == EOp::DNegHi, bits(-dx));
    case EOp::DAbsLo: case EOp::DAbsHi: return half(op == EOp::DAbsHi, bits(std::fabs(dx)));
    case EOp::DSqrtLo: case EOp::DSqrtHi: return half(op == EOp::DSqrtHi, bits(std::sqrt(dx)));
    case EOp::FToDLo: case EOp::FToDHi: return half(op == EOp::FToDHi, bits(static_cast<double>(f(a))));
    case EOp::IToDLo: case EOp::IToDHi: return half(op == EOp::IToDHi, bits(static_cast<double>(a)));
    case EOp::UToDLo: case EOp::UToDHi: return half(op == EOp::UToDHi, bits(static_cast<double>(u(a))));
    case EOp::FToLLo: case EOp::FToLHi: return half(op == EOp::FToLHi, bits(toLong(f(a))));
    case EOp::FToULLo: case EOp::FToULHi: return half(op == EOp::FToULHi, toULong(f(a)));
    case EOp::DToF: return w(static_cast<float>(dx));
    case EOp::DToI: return toInt(dx);
    case EOp::DToU: return toUInt(dx);
    case EOp::LToF: return w(static_cast<float>(sgn(x)));
    case EOp::ULToF: return w(static_cast<float>(x));
    case EOp::LToDLo: case EOp::LToDHi: return half(op == EOp::LToDHi, bits(static_cast<double>(sgn(x))));
    case EOp::ULToDLo: case EOp::ULToDHi: return half(op == EOp::ULToDHi, bits(static_cast<double>(x)));
    case EOp::DToLLo: case EOp::DToLHi: return half(op == EOp::DToLHi, bits(toLong(dx)));
    case EOp::DToULLo: case EOp::DToULHi: return half(op == EOp::DToULHi, toULong(dx));
    case EOp::FCvtChk:
      if (!conversionDefined(static_cast<double>(f(a)), static_cast<int32_t>(b))) fault = EvalError::Kind::IntegerOverflow;
      return a;
    case EOp::DCvtChk:
      if (!conversionDefined(dx, static_cast<int32_t>(c))) fault = EvalError::Kind::IntegerOverflow;
      return a;
    default: break;
  }
  assert(false && "not a 64-bit builtin");
  return 0;
}

// The operators of the postfix code (Evaluator::Flat): each binary one on two stack
// entries (X) or on the top and a constant (X##I). None of them can fail.
#define SDVMC_FLAT_BINOPS(X)                                                               \
  X(Add, word::add(a, b)) X(Sub, word::sub(a, b)) X(Mul, word::mul(a, b))                 \
  X(Lt, a < b) X(Le, a <= b) X(Gt, a > b) X(Ge, a >= b) X(Eq, a == b) X(Ne, a != b)        \
  X(ULt, word::u(a) < word::u(b)) X(ULe, word::u(a) <= word::u(b))                         \
  X(UGt, word::u(a) > word::u(b)) X(UGe, word::u(a) >= word::u(b))                         \
  X(BitAnd, a & b) X(BitXor, a ^ b) X(BitOr, a | b)                                         \
  X(LogAnd, a != 0 && b != 0) X(LogOr, a != 0 || b != 0)

namespace {
enum FlatKind : uint8_t {
  kEnd, kConst, kLid, kGid, kLocal, kNeg, kLogNot, kBitNot, kShlI, kShrI, kLShrI,
#define SDVMC_FLAT_KIND(N, E) k##N, k##N##I,
  SDVMC_FLAT_BINOPS(SDVMC_FLAT_KIND)
#undef SDVMC_FLAT_KIND
};

// The FlatKind of a binary operator with a stack operand (its immediate form is + 1), or kEnd.
uint8_t flatBinary(EOp op) {
  switch (op) {
#define SDVMC_FLAT_CASE(N, E) case EOp::N: return k##N;
    SDVMC_FLAT_BINOPS(SDVMC_FLAT_CASE)
#undef SDVMC_FLAT_CASE
    default: return kEnd;
  }
}
}  // namespace

Evaluator::Evaluator(const Ir& ir, uint32_t n)
    : ir_(ir), n_(n),
      cols_(static_cast<size_t>(ir.exprNeed + 1) * n),
      masks_(static_cast<size_t>(ir.exprNeed + 1) * n),
      lid_(n), lanes_(n), high_(n), index_(n), ones_(n, 1), geometry_(geometryFor(ir, n)), rotMask_(n), offset_(n) {
  for (uint32_t i = 0; i < n; ++i) lid_[i] = static_cast<Word>(i);
  if (n == 1) flatAt_.assign(ir.exprs.size(), kFlatUntried);  // compiled when first evaluated
}

[[gnu::cold]] uint32_t Evaluator::flatCode(ExprId e) {
  const size_t start = flat_.size();
  if (compileFlat(e, start) && flat_.size() - start <= kFlatMax) {  // (stack depth <= length)
    flat_.push_back(Flat{kEnd, 0});
    return flatAt_[e] = static_cast<uint32_t>(start);
  }
  flat_.resize(start);
  return flatAt_[e] = kFlatNone;
}

bool Evaluator::compileFlat(ExprId id, size_t start) {
  if (flat_.size() - start >= kFlatMax) return false;
  const ExprNode& e = ir_.exprs[id];
  switch (e.op) {
    case EOp::Const: flat_.push_back(Flat{kConst, e.imm}); return true;
    case EOp::Lid: flat_.push_back(Flat{kLid, 0}); return true;
    case EOp::Gid: flat_.push_back(Flat{kGid, 0}); return true;
    case EOp::Local: flat_.push_back(Flat{kLocal, static_cast<Word>(e.slot)}); return true;
    case EOp::Neg: case EOp::LogNot: case EOp::BitNot:
      if (!compileFlat(e.a, start)) return false;
      flat_.push_back(Flat{e.op == EOp::Neg ? kNeg : e.op == EOp::LogNot ? kLogNot : kBitNot, 0});
      return true;
    case EOp::Shl: case EOp::Shr: case EOp::LShr: {
      const ExprNode& b = ir_.exprs[e.b];
      if (b.op != EOp::Const || b.imm < 0 || b.imm >= 32 || !compileFlat(e.a, start)) return false;
      flat_.push_back(Flat{e.op == EOp::Shl ? kShlI : e.op == EOp::Shr ? kShrI : kLShrI, b.imm});
      return true;
    }
    default: break;
  }
  const uint8_t k = flatBinary(e.op);
  if (k == kEnd || !compileFlat(e.a, start)) return false;
  const ExprNode& b = ir_.exprs[e.b];
  if (b.op == EOp::Const) {
    flat_.push_back(Flat{static_cast<uint8_t>(k + 1), b.imm});
    return true;
  }
  if (!compileFlat(e.b, start)) return false;
  flat_.push_back(Flat{k, 0});
  return true;
}

Word Evaluator::runFlat(const Flat* f, const GroupState& s) const {
  Word stack[kFlatMax];
  Word* top = stack;  // the top entry is top[-1]
  for (;; ++f) {
    switch (f->kind) {
      case kEnd: return top[-1];
      case kConst: *top++ = f->imm; break;
      case kLid: *top++ = s.lidBase; break;
      case kGid: *top++ = s.gid; break;
      case kLocal: *top++ = s.column(static_cast<Slot>(f->imm))[0]; break;
      case kNeg: top[-1] = word::neg(top[-1]); break;
      case kLogNot: top[-1] = top[-1] == 0; break;
      case kBitNot: top[-1] = ~top[-1]; break;
      case kShlI: top[-1] = word::shl(top[-1], f->imm); break;
      case kShrI: top[-1] = word::shr(top[-1], f->imm); break;
      case kLShrI: top[-1] = word::lshr(top[-1], f->imm); break;
#define SDVMC_FLAT_RUN(N, E)                        \
      case k##N: {                                  \
        const Word b = *--top, a = top[-1];         \
        top[-1] = static_cast<Word>(E);             \
        break;                                      \
      }                                             \
      case k##N##I: {                               \
        const Word a = top[-1], b = f->imm;         \
        top[-1] = static_cast<Word>(E);             \
        break;                                      \
      }
      SDVMC_FLAT_BINOPS(SDVMC_FLAT_RUN)
#undef SDVMC_FLAT_RUN
      default: assert(false && "not a flat instruction"); return 0;
    }
  }
}

Evaluator::Geometry Evaluator::geometryFor(const Ir& ir, uint32_t groupThreads) {
  Geometry g;
  g.localSize[0] = groupThreads;
  if (const kpl::Program* p = ir.program) {
    const uint64_t product = uint64_t{p->localSize[0]} * std::max(1u, p->localSize[1]) * std::max(1u, p->localSize[2]);
    if (p->localSize[0] != 0 && product == groupThreads)
      for (int d = 0; d < 3; ++d) g.localSize[d] = std::max(1u, p->localSize[d]);
    for (int d = 0; d < 3; ++d) g.numGroups[d] = std::max(1u, p->numGroups[d]);
  }
  return g;
}

Word* Evaluator::noWarps(ExprId id, const uint8_t* mask, EvalError& err, Word* out) {
  for (uint32_t i = 0; i < n_; ++i)
    if (mask[i]) {
      fail(err, EvalError::Kind::NoWarps, i, id, 0);
      break;
    }
  std::fill(out, out + n_, 0);
  return out;
}

namespace {
/// A shuffle's width: CUDA leaves any other than 1, 2, 4, 8, 16 or 32 undefined.
bool isWarpWidth(Word w) { return w >= 1 && w <= 32 && (w & (w - 1)) == 0; }
}  // namespace

void Evaluator::checkWarpMask(ExprId id, const uint8_t* mask, const Word* m, const Word* exited, EvalError& err) {
  // CUDA: each lane executing the call names itself in its mask, and every lane its mask
  // names either has exited or executes the call with the same mask (lanes may partition
  // the warp, each part with its own mask). Bits that name no lane of the warp (j >= n:
  // beyond a partial warp, or >= W under simt:W) name no thread, as CUDA's missing lanes
  // of a partial warp. The lowest failing lane, and for it the lowest lane at fault.
  for (uint32_t i = 0; i < n_ && i < err.thread; ++i) {
    if (!mask[i]) continue;
    const uint32_t mi = static_cast<uint32_t>(m[i]);
    auto report = [&](EvalError::MaskFault f, uint32_t other) {
      fail(err, EvalError::Kind::WarpMask, i, id, m[i]);
      err.fault = f;
      err.exact = static_cast<int64_t>(static_cast<uint64_t>(static_cast<uint32_t>(m[other])) << 32 | other);
    };
    if (i >= 32 || ((mi >> i) & 1u) == 0) return report(EvalError::MaskFault::OwnLane, i);
    for (uint32_t j = 0; j < n_ && j < 32; ++j) {
      if (((mi >> j) & 1u) == 0) continue;
      if (!mask[j] && exited[j] == 0) return report(EvalError::MaskFault::Absent, j);
      if (mask[j] && static_cast<uint32_t>(m[j]) != mi) return report(EvalError::MaskFault::Differs, j);
    }
  }
}

void Evaluator::failOverflow(EvalError& err, EvalError::Kind kind, uint32_t thread, ExprId at, int64_t exact) {
  if (thread < err.thread) {
    fail(err, kind, thread, at, 0);
    err.exact = exact;
  }
}

void Evaluator::fail(EvalError& err, EvalError::Kind kind, uint32_t thread, ExprId at,
                     Word operand) {
  // Keep the lowest thread; for one thread, the first (leftmost) operator that failed.
  if (thread < err.thread) {
    err.kind = kind;
    err.thread = thread;
    err.at = at;
    err.operand = operand;
  }
}

void Evaluator::predicate(PredId p, const GroupState& s, uint8_t* mask) const {
  const std::vector<Lit>& lits = ir_.preds[p];
  if (n_ == 1) {  // one lane (mimd): no column loops
    uint8_t m = 1;
    for (const Lit& l : lits) m &= static_cast<uint8_t>((s.column(l.slot)[0] != 0) != l.negated);
    mask[0] = m;
    return;
  }
  std::fill(mask, mask + n_, uint8_t{1});
  for (const Lit& l : lits) {
    const Word* c = s.column(l.slot);
    const uint8_t want = l.negated ? 0 : 1;
    for (uint32_t i = 0; i < n_; ++i) mask[i] &= static_cast<uint8_t>((c[i] != 0) == want);
  }
}

const Word* Evaluator::eval(ExprId e, const GroupState& s, const uint8_t* mask, EvalError& err) {
  stmtMask_ = mask;
  if (n_ == 1) {  // mimd runs every thread as a group of one: no columns needed
    const uint32_t at = e < flatAt_.size() ? flatAt_[e] : kFlatNone;
    if (at < kFlatUntried) {  // cannot fail: mask and err unused
      cols_[0] = runFlat(flat_.data() + at, s);
      return cols_.data();
    }
    if (at == kFlatUntried && flatCode(e) != kFlatNone) return eval(e, s, mask, err);
    cols_[0] = leaf(e, s, mask[0] != 0, err);
    return cols_.data();
  }
  return ev(e, s, mask, 0, err);
}

const Index* Evaluator::evalIndex(ExprId e, const GroupState& s, const uint8_t* mask, EvalError& err) {
  const ExprNode& x = ir_.exprs[e];
  if (x.op == EOp::Addr64) {  // (extension) the whole 64-bit address: h, then l (errors: leftmost first)
    const Word* h = eval(x.a, s, mask, err);
    std::copy(h, h + n_, high_.begin());
    const Word* l = eval(x.b, s, mask, err);
    for (uint32_t i = 0; i < n_; ++i) index_[i] = static_cast<Index>(word::pair(high_[i], l[i]));
  } else {
    const Word* w = eval(e, s, mask, err);
    for (uint32_t i = 0; i < n_; ++i) index_[i] = w[i];
  }
  return index_.data();
}

// An operand of scalar(): the leaves without a call, the rest through scalar().
inline Word Evaluator::leaf(ExprId id, const GroupState& s, bool enabled, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  switch (e.op) {
    case EOp::Const: return e.imm;
    case EOp::Lid: return s.lidBase;
    case EOp::Local: return s.column(e.slot)[0];
    default: return scalar(id, s, enabled, err);
  }
}

Word Evaluator::scalar(ExprId id, const GroupState& s, bool enabled, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  // The common integer operators first, operands left to right (errors: leftmost first).
  switch (e.op) {
#define SDVMC_SCALAR_BIN(OP, EXPR)                 \
    case EOp::OP: {                                \
      const Word a = leaf(e.a, s, enabled, err);   \
      const Word b = leaf(e.b, s, enabled, err);   \
      return EXPR;                                 \
    }
    SDVMC_SCALAR_BIN(Add, word::add(a, b))
    SDVMC_SCALAR_BIN(Sub, word::sub(a, b))
    SDVMC_SCALAR_BIN(Mul, word::mul(a, b))
    SDVMC_SCALAR_BIN(Lt, a < b)
    SDVMC_SCALAR_BIN(Le, a <= b)
    SDVMC_SCALAR_BIN(Gt, a > b)
    SDVMC_SCALAR_BIN(Ge, a >= b)
    SDVMC_SCALAR_BIN(Eq, a == b)
    SDVMC_SCALAR_BIN(Ne, a != b)
    SDVMC_SCALAR_BIN(BitAnd, a & b)
    SDVMC_SCALAR_BIN(BitOr, a | b)
    SDVMC_SCALAR_BIN(BitXor, a ^ b)
#undef SDVMC_SCALAR_BIN
    default: break;
  }
  switch (e.op) {
    case EOp::Const: return e.imm;
    case EOp::Lid: return s.lidBase;
    case EOp::Gid: return s.gid;
    case EOp::LocalSize: return static_cast<Word>(geometry_.localSize[e.imm]);
    case EOp::NumGroups: return static_cast<Word>(geometry_.numGroups[e.imm]);
    case EOp::WarpSize: return static_cast<Word>(geometry_.warpSize);
    case EOp::Shfl: {  // a warp of one thread: every source lane is the thread itself or outside the warp
      const Word a = scalar(e.a, s, enabled, err);
      scalar(e.b, s, enabled, err);
      if (!geometry_.warps && enabled) fail(err, EvalError::Kind::NoWarps, 0, id, 0);
      return a;
    }
    case EOp::Ballot: {  // lane 0's bit
      const Word a = scalar(e.a, s, enabled, err);
      if (!geometry_.warps && enabled) fail(err, EvalError::Kind::NoWarps, 0, id, 0);
      return a != 0 ? 1 : 0;
    }
    case EOp::WarpWidth: {
      const Word a = scalar(e.a, s, enabled, err);
      if (enabled && !isWarpWidth(a)) fail(err, EvalError::Kind::WarpWidth, 0, id, a);
      return a;
    }
    case EOp::WarpSync: {  // a warp of one thread: lane 0 names itself; other bits name no thread
      const Word a = scalar(e.a, s, enabled, err);
      if (!geometry_.warps && enabled) fail(err, EvalError::Kind::NoWarps, 0, id, 0);
      if (geometry_.warps && enabled && (static_cast<uint32_t>(a) & 1u) == 0 && 0 < err.thread) {
        fail(err, EvalError::Kind::WarpMask, 0, id, a);
        err.fault = EvalError::MaskFault::OwnLane;
        err.exact = 0;
      }
      return a;
    }
    case EOp::Local: return s.column(e.slot)[0];
    case EOp::Neg: return word::neg(scalar(e.a, s, enabled, err));
    case EOp::LogNot: return scalar(e.a, s, enabled, err) == 0;
    case EOp::BitNot: return ~scalar(e.a, s, enabled, err);
    case EOp::LogAnd: {
      const bool a = scalar(e.a, s, enabled, err) != 0;
      return a && scalar(e.b, s, enabled, err) != 0;  // the second operand only when needed
    }
    case EOp::LogOr: {
      const bool a = scalar(e.a, s, enabled, err) != 0;
      return a || scalar(e.b, s, enabled, err) != 0;
    }
    case EOp::Cond:
      return scalar(e.a, s, enabled, err) != 0 ? scalar(e.b, s, enabled, err) : scalar(e.c, s, enabled, err);
    case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub: case EOp::Shl: case EOp::Shr:
    case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge: case EOp::Eq: case EOp::Ne: case EOp::BitAnd:
    case EOp::BitXor: case EOp::BitOr: case EOp::UDiv: case EOp::URem: case EOp::ULt: case EOp::ULe:
    case EOp::UGt: case EOp::UGe: case EOp::LShr: case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul: case EOp::Addr64:
    case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
    case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      break;
    case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
    case EOp::FToU:
      return word::floatOp(e.op, scalar(e.a, s, enabled, err), 0);
    case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
      return scalarAnnot(id, s, enabled, err);
    SDVMC_EOP_WIDE_CASES:
      return scalarWide(id, s, enabled, err);
  }
  const Word a = scalar(e.a, s, enabled, err);
  const Word b = scalar(e.b, s, enabled, err);
  switch (e.op) {
    case EOp::Mul: return word::mul(a, b);
    case EOp::Add: return word::add(a, b);
    case EOp::Sub: return word::sub(a, b);
    case EOp::NswAdd:
    case EOp::NswSub:
    case EOp::NswMul: {
      const int64_t exact = word::nswExact(e.op, a, b);
      if (enabled && word::overflows(exact)) failOverflow(err, EvalError::Kind::IntegerOverflow, 0, id, exact);
      return word::low(static_cast<uint64_t>(exact));
    }
    case EOp::Addr64:
      if (enabled && a != (b >> 31))
        failOverflow(err, EvalError::Kind::AddressRange, 0, id, static_cast<int64_t>(word::pair(a, b)));
      return b;
    case EOp::Div:
    case EOp::Rem:
    case EOp::UDiv:
    case EOp::URem:
      if (b == 0) {
        if (enabled) fail(err, EvalError::Kind::DivisionByZero, 0, id, 0);
        return 0;
      }
      return e.op == EOp::Div ? word::div(a, b) : e.op == EOp::Rem ? word::rem(a, b)
           : e.op == EOp::UDiv ? word::udiv(a, b) : word::urem(a, b);
    case EOp::Shl:
    case EOp::Shr:
    case EOp::LShr:
      if (enabled && (b < 0 || b >= 32)) fail(err, EvalError::Kind::ShiftOutOfRange, 0, id, b);
      return e.op == EOp::Shl ? word::shl(a, b & 31) : e.op == EOp::Shr ? word::shr(a, b & 31) : word::lshr(a, b & 31);
    case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
    case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      return word::floatOp(e.op, a, b);
    case EOp::ULt: return word::u(a) < word::u(b);
    case EOp::ULe: return word::u(a) <= word::u(b);
    case EOp::UGt: return word::u(a) > word::u(b);
    case EOp::UGe: return word::u(a) >= word::u(b);
    case EOp::Lt: return a < b;
    case EOp::Le: return a <= b;
    case EOp::Gt: return a > b;
    case EOp::Ge: return a >= b;
    case EOp::Eq: return a == b;
    case EOp::Ne: return a != b;
    case EOp::BitAnd: return a & b;
    case EOp::BitXor: return a ^ b;
    case EOp::BitOr: return a | b;
    case EOp::Const: case EOp::Lid: case EOp::Gid: case EOp::Local: case EOp::LocalSize: case EOp::NumGroups: case EOp::WarpSize:
    case EOp::Shfl: case EOp::Ballot: case EOp::WarpSync: case EOp::WarpWidth:
    case EOp::Neg: case EOp::LogNot:
    case EOp::BitNot: case EOp::LogAnd: case EOp::LogOr: case EOp::Cond:
    case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
    case EOp::FToU:
    case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
    SDVMC_EOP_WIDE_CASES:
      break;
  }
  assert(false && "handled above");
  return 0;
}

void Evaluator::witnessOverflow(EvalError& err, EOp op, Word a, Word b, Word c, Word d) {
  if (op == EOp::FCvtChk || op == EOp::DCvtChk) {
    // The value converted (a float's bits in the low word; a double's pair) and the type.
    err.lhs = op == EOp::FCvtChk ? static_cast<int64_t>(static_cast<uint32_t>(a)) : static_cast<int64_t>(word::pair(a, b));
    err.rhs = op == EOp::FCvtChk ? b : c;
    return;
  }
  err.lhs = static_cast<int64_t>(word::pair(a, b));  // lnsw_*: the operands
  err.rhs = static_cast<int64_t>(word::pair(c, d));
}

Word Evaluator::scalarWide(ExprId id, const GroupState& s, bool enabled, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  // Operands left to right, as the binary operators evaluate theirs.
  Word v[4] = {0, 0, 0, 0};
  const ExprId ops[4] = {e.a, e.b, e.c, e.d};
  for (int k = 0; k < 4 && ops[k] != kNone; ++k) v[k] = scalar(ops[k], s, enabled, err);
  EvalError::Kind fault = EvalError::Kind::None;
  const Word r = word::wideOp(e.op, v[0], v[1], v[2], v[3], fault);
  if (enabled && fault != EvalError::Kind::None) {
    const bool first = 0 < err.thread;
    fail(err, fault, 0, id, fault == EvalError::Kind::ShiftOutOfRange ? v[2] : 0);
    if (first && fault == EvalError::Kind::IntegerOverflow) witnessOverflow(err, e.op, v[0], v[1], v[2], v[3]);
  }
  return r;
}

const Word* Evaluator::evWide(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  // Operand k goes to column d + k (Lower.cpp counts the columns so).
  const Word* v[4] = {nullptr, nullptr, nullptr, nullptr};
  const ExprId ops[4] = {e.a, e.b, e.c, e.d};
  for (uint32_t k = 0; k < 4 && ops[k] != kNone; ++k) v[k] = ev(ops[k], s, mask, d + k, err);
  Word* out = col(d);
  bool reported = false;
  for (uint32_t i = 0; i < n_; ++i) {
    EvalError::Kind fault = EvalError::Kind::None;
    // (out may be operand 0's column: read the operands first)
    const Word a = v[0] ? v[0][i] : 0, b = v[1] ? v[1][i] : 0, c = v[2] ? v[2][i] : 0, dd = v[3] ? v[3][i] : 0;
    out[i] = word::wideOp(e.op, a, b, c, dd, fault);
    if (fault != EvalError::Kind::None && mask[i] && !reported) {
      // The lowest failing thread (fail keeps the lowest over the whole expression).
      const bool first = i < err.thread;
      fail(err, fault, i, id, fault == EvalError::Kind::ShiftOutOfRange ? c : 0);
      if (first && fault == EvalError::Kind::IntegerOverflow) witnessOverflow(err, e.op, a, b, c, dd);
      reported = true;
    }
  }
  return out;
}

const Word* Evaluator::ev(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d,
                          EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  Word* out = col(d);
  const uint32_t n = n_;
  switch (e.op) {
    case EOp::Const:
      std::fill(out, out + n, e.imm);
      return out;
    case EOp::Lid:
      if (s.lidBase == 0) return lid_.data();
      for (uint32_t i = 0; i < n; ++i) out[i] = word::add(s.lidBase, static_cast<Word>(i));
      return out;
    case EOp::Gid:
      std::fill(out, out + n, s.gid);
      return out;
    case EOp::LocalSize:
    case EOp::NumGroups:
      std::fill(out, out + n,
                static_cast<Word>(e.op == EOp::LocalSize ? geometry_.localSize[e.imm] : geometry_.numGroups[e.imm]));
      return out;
    case EOp::WarpSize:
      std::fill(out, out + n, static_cast<Word>(geometry_.warpSize));
      return out;
    case EOp::Shfl: {
      // Lane i takes a[src[i]] when src[i] is a lane of the group that evaluates the
      // primitive (masked), else its own a[i] (CUDA leaves that undefined).
      const Word* a = ev(e.a, s, mask, d, err);
      std::copy(a, a + n, lanes_.begin());
      const Word* src = ev(e.b, s, mask, d + 1, err);
      if (!geometry_.warps) return noWarps(id, mask, err, out);
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t j = static_cast<uint32_t>(src[i]);
        out[i] = j < n && mask[j] ? lanes_[j] : lanes_[i];
      }
      return out;
    }
    case EOp::WarpWidth: {  // any model: the width's check needs no warp
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) {
        if (mask[i] && !isWarpWidth(a[i])) {
          fail(err, EvalError::Kind::WarpWidth, i, id, a[i]);
          break;
        }
      }
      if (a != out) std::copy(a, a + n, out);
      return out;
    }
    case EOp::WarpSync: {
      // The mask itself, once the member-mask rule holds; the second operand (a local: which
      // lanes have exited) is read in every lane of the warp.
      const Word* a = ev(e.a, s, mask, d, err);
      const Word* x = ev(e.b, s, ones_.data(), d + 1, err);
      if (!geometry_.warps) return noWarps(id, mask, err, out);
      checkWarpMask(id, mask, a, x, err);
      if (a != out) std::copy(a, a + n, out);
      return out;
    }
    case EOp::Ballot: {
      // Bit j for each masked lane j < 32 whose operand is non-zero; the same word in every lane.
      const Word* a = ev(e.a, s, mask, d, err);
      if (!geometry_.warps) return noWarps(id, mask, err, out);
      uint32_t bits = 0;
      for (uint32_t j = 0; j < n && j < 32; ++j)
        if (mask[j] && a[j] != 0) bits |= uint32_t{1} << j;
      std::fill(out, out + n, static_cast<Word>(bits));
      return out;
    }
    case EOp::Local:
      return s.column(e.slot);
    case EOp::Neg: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = word::neg(a[i]);
      return out;
    }
    case EOp::LogNot: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = a[i] == 0;
      return out;
    }
    case EOp::BitNot: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = ~a[i];
      return out;
    }
    case EOp::LogAnd:
    case EOp::LogOr: {
      // Per thread, the second operand is evaluated only when the first does not decide.
      const Word* a = ev(e.a, s, mask, d, err);
      uint8_t* sub = maskCol(d);
      const bool isAnd = e.op == EOp::LogAnd;
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>((a[i] != 0) == isAnd);
      // `sub` holds the first operand's truth, so `out` may reuse the column of `a`.
      const Word* b = ev(e.b, s, sub, d + 1, err);
      if (isAnd) {
        for (uint32_t i = 0; i < n; ++i) out[i] = sub[i] & (b[i] != 0);
      } else {
        // sub[i] is set exactly where a[i] == 0 (and the thread is masked).
        for (uint32_t i = 0; i < n; ++i) out[i] = sub[i] ? (b[i] != 0) : 1;
      }
      return out;
    }
    case EOp::Cond: {
      const Word* c = ev(e.a, s, mask, d, err);
      uint8_t* sub = maskCol(d);
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>(c[i] != 0);
      const Word* t = ev(e.b, s, sub, d + 1, err);
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>(c[i] == 0);
      const Word* f = ev(e.c, s, sub, d + 2, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = c[i] != 0 ? t[i] : f[i];
      return out;
    }
    case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub:
    case EOp::Shl: case EOp::Shr: case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge:
    case EOp::Eq: case EOp::Ne: case EOp::BitAnd: case EOp::BitXor: case EOp::BitOr:
    case EOp::UDiv: case EOp::URem: case EOp::ULt: case EOp::ULe: case EOp::UGt: case EOp::UGe:
    case EOp::LShr: case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul: case EOp::Addr64:
    case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
    case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      break;
    case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
    case EOp::FToU:
    {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = word::floatOp(e.op, a[i], 0);
      return out;
    }
    case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
      return evAnnot(id, s, mask, d, err);
    SDVMC_EOP_WIDE_CASES:
      return evWide(id, s, mask, d, err);
  }

  const Word* a = ev(e.a, s, mask, d, err);
  const Word* b = ev(e.b, s, mask, d + 1, err);
  switch (e.op) {
    case EOp::Mul: for (uint32_t i = 0; i < n; ++i) out[i] = word::mul(a[i], b[i]); break;
    case EOp::Add: for (uint32_t i = 0; i < n; ++i) out[i] = word::add(a[i], b[i]); break;
    case EOp::Sub: for (uint32_t i = 0; i < n; ++i) out[i] = word::sub(a[i], b[i]); break;
    case EOp::Addr64:
      for (uint32_t i = 0; i < n; ++i) {
        if (mask[i] && a[i] != (b[i] >> 31)) {
          failOverflow(err, EvalError::Kind::AddressRange, i, id, static_cast<int64_t>(word::pair(a[i], b[i])));
          break;
        }
      }
      for (uint32_t i = 0; i < n; ++i) out[i] = b[i];
      break;
    case EOp::NswAdd:
    case EOp::NswSub:
    case EOp::NswMul: {
      bool reported = false;
      for (uint32_t i = 0; i < n; ++i) {
        const int64_t exact = word::nswExact(e.op, a[i], b[i]);
        if (mask[i] && !reported && word::overflows(exact)) {
          failOverflow(err, EvalError::Kind::IntegerOverflow, i, id, exact);  // the lowest overflowing thread
          reported = true;
        }
        out[i] = word::low(static_cast<uint64_t>(exact));
      }
      break;
    }
    case EOp::Div:
    case EOp::Rem:
    case EOp::UDiv:
    case EOp::URem: {
      for (uint32_t i = 0; i < n; ++i)
        if (mask[i] && b[i] == 0) {
          fail(err, EvalError::Kind::DivisionByZero, i, id, 0);
          break;
        }
      if (e.op == EOp::Div)
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::div(a[i], b[i]);
      else if (e.op == EOp::Rem)
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::rem(a[i], b[i]);
      else if (e.op == EOp::UDiv)
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::udiv(a[i], b[i]);
      else
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::urem(a[i], b[i]);
      break;
    }
    case EOp::Shl:
    case EOp::Shr:
    case EOp::LShr: {
      for (uint32_t i = 0; i < n; ++i)
        if (mask[i] && (b[i] < 0 || b[i] >= 32)) {
          fail(err, EvalError::Kind::ShiftOutOfRange, i, id, b[i]);
          break;
        }
      if (e.op == EOp::Shl)
        for (uint32_t i = 0; i < n; ++i) out[i] = word::shl(a[i], b[i] & 31);
      else if (e.op == EOp::Shr)
        for (uint32_t i = 0; i < n; ++i) out[i] = word::shr(a[i], b[i] & 31);
      else
        for (uint32_t i = 0; i < n; ++i) out[i] = word::lshr(a[i], b[i] & 31);
      break;
    }
    case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
    case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      for (uint32_t i = 0; i < n; ++i) out[i] = word::floatOp(e.op, a[i], b[i]);
      break;
    case EOp::ULt: for (uint32_t i = 0; i < n; ++i) out[i] = word::u(a[i]) < word::u(b[i]); break;
    case EOp::ULe: for (uint32_t i = 0; i < n; ++i) out[i] = word::u(a[i]) <= word::u(b[i]); break;
    case EOp::UGt: for (uint32_t i = 0; i < n; ++i) out[i] = word::u(a[i]) > word::u(b[i]); break;
    case EOp::UGe: for (uint32_t i = 0; i < n; ++i) out[i] = word::u(a[i]) >= word::u(b[i]); break;
    case EOp::Lt: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] < b[i]; break;
    case EOp::Le: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] <= b[i]; break;
    case EOp::Gt: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] > b[i]; break;
    case EOp::Ge: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] >= b[i]; break;
    case EOp::Eq: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] == b[i]; break;
    case EOp::Ne: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] != b[i]; break;
    case EOp::BitAnd: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] & b[i]; break;
    case EOp::BitXor: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] ^ b[i]; break;
    case EOp::BitOr: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] | b[i]; break;
    case EOp::Const: case EOp::Lid: case EOp::Gid: case EOp::Local: case EOp::LocalSize: case EOp::NumGroups: case EOp::WarpSize:
    case EOp::Shfl: case EOp::Ballot: case EOp::WarpSync: case EOp::WarpWidth:
    case EOp::Neg:
    case EOp::LogNot: case EOp::BitNot: case EOp::LogAnd: case EOp::LogOr: case EOp::Cond:
    case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
    case EOp::FToU:
    case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
    SDVMC_EOP_WIDE_CASES:
      assert(false && "handled above");
      break;
  }
  return out;
}

}  // namespace sdvmc::sem
