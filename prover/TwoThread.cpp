// The two-thread predicated encoding (see TwoThread.h).
#include "prover/TwoThread.h"

#include "prover/Encoder.h"
#include "prover/Induction.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>

namespace sdvmc::prove {

using detail::Encoder;

const char* loopHowName(LoopReport::How h) {
  switch (h) {
    case LoopReport::How::Unrolled: return "unrolled";
    case LoopReport::How::Induction: return "induction";
    case LoopReport::How::Cut: return "cut";
  }
  return "?";
}

const char* abstractionName(Abstraction a) {
  return a == Abstraction::Equality ? "equality" : "adversarial";
}

PairEncoding::PairEncoding(z3::context& c, const sem::Ir& i, EncodeOptions o)
    : ctx(c), ir(i), options(std::move(o)),
      N(c.bv_const("N", 32)), gid(c.bv_const("gid", 32)), two(c.bool_val(false)),
      gid2(c.bv_const("gid2", 32)), same(c.bool_val(true)),
      tid{c.bv_const("t1", 32), c.bv_const("t2", 32)},
      ldim{c.bv_const("ldim0", 32), c.bv_const("ldim1", 32), c.bv_const("ldim2", 32)},
      ngroups{c.bv_const("ngroups0", 32), c.bv_const("ngroups1", 32), c.bv_const("ngroups2", 32)},
      constraints(c), alive(c.bool_val(true)) {
  if (options.interGroup) same = gid == gid2;
  else gid2 = gid;
  // A second thread: another one of the group (N ≥ 2), or one of another group.
  two = z3::uge(N, c.bv_val(2, 32)) || !same;
}

z3::expr PairEncoding::anyError() const {
  z3::expr_vector v(ctx);
  for (const CheckPoint& c : checks) v.push_back(c.cond);
  return v.empty() ? ctx.bool_val(false) : z3::mk_or(v);
}

namespace detail {

Encoder::Encoder(PairEncoding& out)
    : e_(out), c_(out.ctx), ir_(out.ir), alive_(out.ctx.bool_val(true)),
      nextEvent_{out.ctx.bv_val(1, 32), out.ctx.bv_val(1, 32)},
      commits_{out.ctx.bv_val(0, 32), out.ctx.bv_val(0, 32)} {
  NodeId last = ir_.main;  // main's last barrier ends the kernel (and completes the copies in flight)
  while (last != sem::kNone) {
    const Node& n = ir_.nodes[last];
    if (n.kind == NodeKind::Seq && !n.children.empty()) last = n.children.back();
    else if (n.kind == NodeKind::Var && !n.children.empty()) last = n.children[0];
    else break;
  }
  if (last != sem::kNone && ir_.nodes[last].kind == NodeKind::Barrier) finalBarrier_ = last;
  group_ = out.options.wholeGroup && out.options.fixedThreads > 0;
  generic_ = out.options.generic && !group_;
  T_ = group_ ? static_cast<int>(out.options.fixedThreads) : generic_ ? 1 : 2;
  th_.resize(static_cast<size_t>(T_));
  // (extension) A kernel with addr64 accesses: every cell index is 64 bits (W = 64), an
  // addr64(h, l) index the whole pair h:l, any other index its 32-bit value sign-extended,
  // as Evaluator::evalIndex; the other kernels keep 32-bit indices (W = 32).
  // Pair mode only: --equiv's whole-group and generic modes keep 32 bits (the inputs init_<a>
  // are shared by name with the other kernel's encoding).
  for (const sem::ExprNode& x : out.ir.exprs)
    if (x.op == EOp::Addr64 && !group_ && !generic_) wide_ = true;
  out.wideIndices = wide_;
}

void Encoder::run() {
  const uint64_t maxN = std::max<uint64_t>(1, std::min<uint64_t>(e_.options.maxThreads, 2147483647));
  auto bv = [&](uint64_t v) { return c_.bv_val(static_cast<uint64_t>(v), 32); };
  if (e_.options.fixedThreads) {
    e_.constraints.push_back(e_.N == bv(e_.options.fixedThreads));
  } else {
    e_.constraints.push_back(z3::uge(e_.N, bv(1)));
    e_.constraints.push_back(z3::ule(e_.N, bv(maxN)));
  }
  e_.constraints.push_back(z3::ult(e_.tid[0], e_.N));
  e_.constraints.push_back(
      z3::implies(e_.two, z3::ult(e_.tid[1], e_.N) && z3::implies(e_.same, e_.tid[0] != e_.tid[1])));
  e_.constraints.push_back(e_.gid >= c_.bv_val(0, 32));  // group ids are 0..INT32_MAX
  e_.constraints.push_back(e_.gid2 >= c_.bv_val(0, 32));
  // The launch geometry (Eval.h's geometryFor): a dimension the program's launch has as
  // 1 (or a KPL kernel's dimensions 1 and 2) stays 1; the others are arbitrary, with
  // ldim0 * ldim1 * ldim2 = N and gid below the number of groups (both without wrapping).
  {
    const kpl::Program* p = ir_.program;
    const bool launch = p && p->localSize[0] != 0;
    auto wide = [&](const z3::expr& x) { return z3::zext(x, 32); };
    z3::expr product = wide(e_.ldim[0]) * wide(e_.ldim[1]) * wide(e_.ldim[2]);
    z3::expr groups = wide(e_.ngroups[0]) * wide(e_.ngroups[1]) * wide(e_.ngroups[2]);
    for (int d = 0; d < 3; ++d) {
      const bool fixedOne = d > 0 && (!launch || p->localSize[d] <= 1);
      if (launch && e_.options.atLaunch)
        e_.constraints.push_back(e_.ldim[d] == bv(std::max(1u, p->localSize[d])));
      else
        e_.constraints.push_back(fixedOne ? e_.ldim[d] == bv(1)
                                          : z3::uge(e_.ldim[d], bv(1)) && z3::ule(e_.ldim[d], bv(maxN)));
      // The number of groups is the launch's (as GPUVerify's --num_groups): the proof is for
      // every group size of that grid.
      const uint32_t kplGroups = d == 0 && p && p->groups > 1 ? p->groups : 1;  // `groups: G;`
      e_.constraints.push_back(e_.ngroups[d] == bv(launch ? std::max(1u, p->numGroups[d]) : kplGroups));
    }
    e_.constraints.push_back(product == wide(e_.N));
    // A KPL kernel's group count is not part of it (gid is any id) unless it says `groups:`.
    if (!launch && e_.options.interGroup)
      e_.constraints.push_back(z3::ult(wide(e_.gid), groups) && z3::ult(wide(e_.gid2), groups));
    if (launch) {
      e_.constraints.push_back(z3::ult(wide(e_.gid), groups) && z3::ult(wide(e_.gid2), groups));
      // Each dimension's global size fits a 32-bit size_t, as a launch's must.
      for (int d = 0; d < 3; ++d)
        e_.constraints.push_back(z3::ult(wide(e_.ldim[d]) * wide(e_.ngroups[d]),
                                         c_.bv_val(static_cast<uint64_t>(1) << 32, 64)));
      (void)groups;
    }
  }

  const z3::sort arr = memSort();
  // Kernel parameters live in slots 0 … P−1: one arbitrary value each, uniform.
  for (const std::string& name : ir_.params)
    e_.params.push_back(c_.bv_const(fmt::format("param_{}", name).c_str(), 32));
  names_.assign(ir_.slotCount, "");
  for (size_t k = 0; k < ir_.params.size() && k < names_.size(); ++k) names_[k] = ir_.params[k];
  for (int t = 0; t < T_; ++t) {
    if (group_ || generic_) th_[t].writes.resize(ir_.arrays.size());
    for (uint32_t s = 0; s < ir_.slotCount; ++s)
      th_[t].locals.push_back(s < e_.params.size() ? e_.params[s] : c_.bv_val(0, 32));
  }
  for (size_t a = 0; a < ir_.arrays.size(); ++a) {
    const sem::ArrayInfo& info = ir_.arrays[a];
    z3::expr base = c_.constant(fmt::format("init_{}", info.name).c_str(), arr);
    e_.init.push_back(base);
    z3::expr mem = base;
    if (info.bounded)
      for (uint32_t i = 0; i < info.size; ++i)
        if (info.init[i]) mem = z3::store(mem, ix(i), c_.bv_val(*info.init[i], 32));
    base_.push_back(mem);
    for (int t = 0; t < T_; ++t) {
      th_[t].sh.push_back(mem);
      th_[t].rdEx.push_back(c_.bool_val(false));
      th_[t].wrEx.push_back(c_.bool_val(false));
      th_[t].rdEl.push_back(ix(0));
      th_[t].wrEl.push_back(ix(0));
      th_[t].atEx.push_back(c_.bool_val(false));
      th_[t].atEl.push_back(ix(0));
    }
  }
  loopSolver_ = std::make_unique<z3::solver>(c_);
  for (const z3::expr& k : e_.constraints) loopSolver_->add(k);
  z3::params p(c_);
  p.set("rlimit", e_.options.loopQueryRlimit);
  loopSolver_->set(p);
  // Houdini's queries (Induction.h): quantifier-free arrays and bit-vectors, bit-blasted.
  // (a kernel with asynchronous copies) a copy done is a lambda over the array: not QF_AUFBV.
  inductionSolver_ =
      std::make_unique<induction::BudgetedSolver>(c_, e_.lambdas ? nullptr : "QF_AUFBV", e_.options.inductionQueryRlimit);
  for (const z3::expr& k : e_.constraints) inductionSolver_->solver.add(k);
  stmt(ir_.main);
  e_.alive = alive_;
  for (const z3::expr& b : base_) e_.finalMemory.push_back(b);
}

/// An access's index (Evaluator::evalIndex): with W = 64, addr64(h, l) is the cell h:l
/// exactly (h evaluated first), any other index its 32-bit value sign-extended.
z3::expr Encoder::index(ExprId e, int t, const z3::expr& mask) {
  if (!wide_) return ev(e, t, mask);
  const sem::ExprNode& x = ir_.exprs[e];
  if (x.op == EOp::Addr64) {
    z3::expr h = ev(x.a, t, mask);
    z3::expr l = ev(x.b, t, mask);
    return z3::concat(h, l);
  }
  return z3::sext(ev(e, t, mask), 32);
}

/// The predicate, as thread t computes it. Thread 2 runs even when N = 1 (its values
/// are then meaningless); whatever it could change outside itself (errors, the
/// execution's continuation: assume, loop continuation) is gated by exists(t).
z3::expr Encoder::pred(sem::PredId p, int t) {
  z3::expr r = c_.bool_val(true);
  for (const sem::Lit& l : ir_.preds[p]) {
    z3::expr v = truth(th_[t].locals[l.slot]);
    r = r && (l.negated ? !v : v);
  }
  return r;
}

void Encoder::fresh(sem::Slot first, uint32_t count) {
  for (int t = 0; t < T_; ++t)
    for (uint32_t k = 0; k < count; ++k) th_[t].locals[first + k] = bv(0);
}

/// A floating-point operation (float, double halves, conversions, the float math
/// functions): an uninterpreted function of its operands' words, one per operator and
/// shared by every use and both kernels of --equiv, so equal operands give equal results
/// and any result is possible (PairEncoding::uninterpretedFloats). A comparison's result
/// is 0 or 1, as the interpreter's.
z3::expr Encoder::uninterpreted(const sem::ExprNode& x, int t, const z3::expr& mask) {
  using sem::EOp;
  z3::expr_vector args(c_);
  z3::sort_vector domain(c_);
  for (sem::ExprId id : {x.a, x.b, x.c, x.d})
    if (id != sem::kNone) {
      args.push_back(ev(id, t, mask));
      domain.push_back(c_.bv_sort(32));
    }
  const std::string name = fmt::format("float_op_{}", static_cast<int>(x.op));
  const z3::func_decl f = c_.function(name.c_str(), domain, c_.bv_sort(32));
  ++e_.uninterpretedFloats;
  const z3::expr r = f(args);
  const bool comparison = (x.op >= EOp::FLt && x.op <= EOp::FNe) || (x.op >= EOp::DLt && x.op <= EOp::DNe);
  return comparison ? word(truth(r)) : r;
}

/// A 64-bit builtin (semantics/rules/Eval.cpp's word::wideOp): the (hi, lo) operand pairs
/// concatenated to 64-bit bit-vectors, the operation, the half asked for. Division by
/// zero and shift amounts outside 0..63 are errors (for threads in `mask`), as in 32 bits.
z3::expr Encoder::wide(const sem::ExprNode& x, int t, const z3::expr& mask) {
  using sem::EOp;
  const EOp op = x.op;
  if (op == EOp::FCvtChk || op == EOp::DCvtChk) {
    // The checked value passes through (Eval.cpp); its range is not decided over an
    // uninterpreted float (PairEncoding::uncheckedConversions, a note of the verdict).
    ++e_.uncheckedConversions;
    return ev(x.a, t, mask);
  }
  if (sem::isWideFloat(op)) return uninterpreted(x, t, mask);
  z3::expr a = ev(x.a, t, mask), b = ev(x.b, t, mask);
  const z3::expr v = z3::concat(a, b);
  const bool shift = op >= EOp::LShlLo && op <= EOp::LLShrHi;
  z3::expr c = ev(x.c, t, mask);
  const z3::expr w = shift ? v : z3::concat(c, ev(x.d, t, mask));
  auto half = [&](bool hi, const z3::expr& r) { return hi ? r.extract(63, 32) : r.extract(31, 0); };
  auto hiOf = [&](EOp lo) { return op != lo; };  // each _lo precedes its _hi
  switch (op) {
    case EOp::LAddLo: case EOp::LAddHi: return half(hiOf(EOp::LAddLo), v + w);
    case EOp::LSubLo: case EOp::LSubHi: return half(hiOf(EOp::LSubLo), v - w);
    case EOp::LMulLo: case EOp::LMulHi: return half(hiOf(EOp::LMulLo), v * w);
    // (extension) lnsw_*: the same, and an exact signed result outside 64 bits is integer-overflow.
    case EOp::LNswAddLo: case EOp::LNswAddHi:
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvadd_no_overflow(v, w, true) && z3::bvadd_no_underflow(v, w)));
      return half(hiOf(EOp::LNswAddLo), v + w);
    case EOp::LNswSubLo: case EOp::LNswSubHi:
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvsub_no_overflow(v, w) && z3::bvsub_no_underflow(v, w, true)));
      return half(hiOf(EOp::LNswSubLo), v - w);
    case EOp::LNswMulLo: case EOp::LNswMulHi:
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvmul_no_overflow(v, w, true) && z3::bvmul_no_underflow(v, w)));
      return half(hiOf(EOp::LNswMulLo), v * w);
    case EOp::LAndLo: case EOp::LAndHi: return half(hiOf(EOp::LAndLo), v & w);
    case EOp::LOrLo: case EOp::LOrHi: return half(hiOf(EOp::LOrLo), v | w);
    case EOp::LXorLo: case EOp::LXorHi: return half(hiOf(EOp::LXorLo), v ^ w);
    case EOp::LDivLo: case EOp::LDivHi: case EOp::LRemLo: case EOp::LRemHi:
    case EOp::LUDivLo: case EOp::LUDivHi: case EOp::LURemLo: case EOp::LURemHi: {
      error(VerdictKind::DivisionByZero, t, mask && w == c_.bv_val(static_cast<uint64_t>(0), 64));
      // bvsdiv / bvsrem truncate; INT64_MIN / -1 wraps to INT64_MIN, INT64_MIN % -1 = 0.
      if (op == EOp::LDivLo || op == EOp::LDivHi) return half(hiOf(EOp::LDivLo), v / w);
      if (op == EOp::LRemLo || op == EOp::LRemHi) return half(hiOf(EOp::LRemLo), z3::srem(v, w));
      if (op == EOp::LUDivLo || op == EOp::LUDivHi) return half(hiOf(EOp::LUDivLo), z3::udiv(v, w));
      return half(hiOf(EOp::LURemLo), z3::urem(v, w));
    }
    case EOp::LShlLo: case EOp::LShlHi: case EOp::LAShrLo: case EOp::LAShrHi:
    case EOp::LLShrLo: case EOp::LLShrHi: {
      error(VerdictKind::ShiftOutOfRange, t, mask && (c < bv(0) || c >= bv(64)));
      const z3::expr n = z3::zext(c & bv(63), 32);
      if (op == EOp::LShlLo || op == EOp::LShlHi) return half(hiOf(EOp::LShlLo), z3::shl(v, n));
      if (op == EOp::LAShrLo || op == EOp::LAShrHi) return half(hiOf(EOp::LAShrLo), z3::ashr(v, n));
      return half(hiOf(EOp::LLShrLo), z3::lshr(v, n));
    }
    case EOp::LEq: return word(v == w);
    case EOp::LNe: return word(v != w);
    case EOp::LLt: return word(v < w);
    case EOp::LLe: return word(v <= w);
    case EOp::LGt: return word(v > w);
    case EOp::LGe: return word(v >= w);
    case EOp::LULt: return word(z3::ult(v, w));
    case EOp::LULe: return word(z3::ule(v, w));
    case EOp::LUGt: return word(z3::ugt(v, w));
    case EOp::LUGe: return word(z3::uge(v, w));
    default: break;
  }
  // Every 64-bit integer builtin is above and the floating-point ones are uninterpreted
  // (the top of this function): a builtin added to EOp without a case lands here.
  if (e_.unsupported.empty()) e_.unsupported = fmt::format("64-bit builtin #{}", static_cast<int>(op));
  return bv(0);
}

/// e^σ for thread t; errors only where `mask` holds.
z3::expr Encoder::ev(ExprId id, int t, const z3::expr& mask) {
  const sem::ExprNode& x = ir_.exprs[id];
  if (sem::isWide(x.op)) return wide(x, t, mask);
  switch (x.op) {
    case EOp::Const: return bv(x.imm);
    case EOp::Lid: return group_ ? bv(t) : e_.tid[t];
    case EOp::Gid: return t == 1 && !group_ ? e_.gid2 : e_.gid;
    case EOp::LocalSize: return e_.ldim[x.imm];
    case EOp::NumGroups: return e_.ngroups[x.imm];
    case EOp::WarpSize: return bv(32);  // SDV's warp width (Eval.h)
    case EOp::Shfl: case EOp::Ballot: case EOp::WarpSync: case EOp::WarpWidth:
      if (e_.unsupported.empty()) e_.unsupported = "warp-level primitives (shfl, ballot, wsync, wwidth: SDV has no warps)";
      return bv(0);
    case EOp::Local: return th_[t].locals[x.slot];
    case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
    case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
    case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
    case EOp::FToU:
      return uninterpreted(x, t, mask);
    case EOp::Neg: return -ev(x.a, t, mask);
    case EOp::LogNot: return word(!truth(ev(x.a, t, mask)));
    case EOp::BitNot: return ~ev(x.a, t, mask);
    case EOp::LogAnd: {
      z3::expr a = truth(ev(x.a, t, mask));
      z3::expr b = truth(ev(x.b, t, mask && a));
      return word(a && b);
    }
    case EOp::LogOr: {
      z3::expr a = truth(ev(x.a, t, mask));
      z3::expr b = truth(ev(x.b, t, mask && !a));
      return word(a || b);
    }
    case EOp::Cond: {
      z3::expr cnd = truth(ev(x.a, t, mask));
      z3::expr th = ev(x.b, t, mask && cnd);
      z3::expr el = ev(x.c, t, mask && !cnd);
      return z3::ite(cnd, th, el);
    }
    default: break;
  }
  z3::expr a = ev(x.a, t, mask);
  z3::expr b = ev(x.b, t, mask);
  switch (x.op) {
    case EOp::Mul: return a * b;
    case EOp::Add: return a + b;
    case EOp::Sub: return a - b;
    case EOp::Div:
    case EOp::Rem: {
      error(VerdictKind::DivisionByZero, t, mask && b == bv(0));
      // bvsdiv / bvsrem: truncation; INT_MIN / -1 wraps to INT_MIN, INT_MIN % -1 = 0.
      return x.op == EOp::Div ? a / b : z3::srem(a, b);
    }
    case EOp::Addr64:
      // (extension) the cell index l of the 64-bit address (h, l) when it fits 32 bits (h is
      // l's sign). Beyond, the interpreter stops the thread: out-of-bounds in a bounded array,
      // inconclusive (not modelled) in an unbounded one. Encoded as the check point kind
      // Inconclusive, which prove looks for only when no violation is reachable (Prover.cpp);
      // its replay tells out-of-bounds.
      if (generic_ && e_.unsupported.empty())  // --equiv: not encoded
        e_.unsupported = "a 64-bit address (a 64-bit index under --target 64; --target 32 for GPUVerify's model)";
      error(VerdictKind::Inconclusive, t, mask && a != z3::ashr(b, bv(31)));
      return b;
    case EOp::NswAdd:  // (extension) + - * whose exact result must fit an int
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b)));
      return a + b;
    case EOp::NswSub:
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true)));
      return a - b;
    case EOp::NswMul:
      error(VerdictKind::IntegerOverflow, t, mask && !(z3::bvmul_no_overflow(a, b, true) && z3::bvmul_no_underflow(a, b)));
      return a * b;
    case EOp::UDiv:
    case EOp::URem:
      error(VerdictKind::DivisionByZero, t, mask && b == bv(0));
      return x.op == EOp::UDiv ? z3::udiv(a, b) : z3::urem(a, b);
    case EOp::Shl:
    case EOp::Shr:
    case EOp::LShr: {
      error(VerdictKind::ShiftOutOfRange, t, mask && (b < bv(0) || b >= bv(32)));
      z3::expr amount = b & bv(31);
      return x.op == EOp::Shl ? z3::shl(a, amount) : x.op == EOp::Shr ? z3::ashr(a, amount) : z3::lshr(a, amount);
    }
    case EOp::ULt: return word(z3::ult(a, b));
    case EOp::ULe: return word(z3::ule(a, b));
    case EOp::UGt: return word(z3::ugt(a, b));
    case EOp::UGe: return word(z3::uge(a, b));
    case EOp::Lt: return word(a < b);
    case EOp::Le: return word(a <= b);
    case EOp::Gt: return word(a > b);
    case EOp::Ge: return word(a >= b);
    case EOp::Eq: return word(a == b);
    case EOp::Ne: return word(a != b);
    case EOp::BitAnd: return a & b;
    case EOp::BitXor: return a ^ b;
    case EOp::BitOr: return a | b;
    default: break;
  }
  if (e_.unsupported.empty()) e_.unsupported = fmt::format("operator #{}", static_cast<int>(x.op));
  return bv(0);
}

// ---- errors ---------------------------------------------------------------------
void Encoder::error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array) {
  error(kind, t, cond, array, bv(0));
}

void Encoder::error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array, const z3::expr& index) {
  if (generic_) return;  // generic mode: the kernel is known to be free of errors
  z3::expr s = (t >= 0 ? exists(t) && cond : cond).simplify();
  if (s.is_false()) return;
  pending_.push_back(PendingError{kind, rule_, t, s, array, index});
}

/// Turns the statement's pending errors into check points; the execution goes on only
/// where none of them holds.
void Encoder::flush(NodeId node) {
  if (pending_.empty()) return;
  z3::expr_vector any(c_);
  for (PendingError& p : pending_) {
    e_.checks.push_back(CheckPoint{p.kind, p.rule, node, p.thread, alive_ && p.cond, p.array, p.index});
    any.push_back(p.cond);
  }
  alive_ = alive_ && !z3::mk_or(any);
  pending_.clear();
}

// ---- statements -----------------------------------------------------------------
void Encoder::stmt(NodeId id) {
  const Node& n = ir_.nodes[id];
  switch (n.kind) {
    case NodeKind::Seq:
      for (NodeId c : n.children) stmt(c);
      return;
    case NodeKind::Var: {
      fresh(n.slot0, n.count);
      const std::vector<std::string> outer = names_;
      for (uint32_t k = 0; k < n.count && k < n.src->names.size() && n.slot0 + k < names_.size(); ++k)
        names_[n.slot0 + k] = n.src->names[k].name;
      stmt(n.children[0]);
      names_ = outer;
      return;
    }
    case NodeKind::If:
      fresh(n.slot0, 1);
      for (NodeId c : n.children) stmt(c);
      return;
    case NodeKind::Call:
      fresh(n.slot0, 1);
      stmt(n.children[0]);
      return;
    case NodeKind::While:
      loop(id);
      return;
    case NodeKind::Barrier:
      barrier(id);
      return;
    case NodeKind::Skip:
      return;
    case NodeKind::Assign: case NodeKind::Read: case NodeKind::Write:
    case NodeKind::Assert: case NodeKind::Assume:
      basic(id);
      return;
    case NodeKind::Atomic:
      atomic(id);
      return;
    case NodeKind::Async:
      async(id);
      return;
  }
}

void Encoder::basic(NodeId id) {
  const Node& n = ir_.nodes[id];
  ++e_.statements;
  std::vector<z3::expr> p;
  for (int t = 0; t < T_; ++t) p.push_back(pred(n.pred, t));
  switch (n.kind) {
    case NodeKind::Assign: {
      rule_ = Rule::TAssign;
      for (int t = 0; t < T_; ++t) {
        z3::expr v = ev(n.e0, t, p[t]);
        th_[t].locals[n.slot0] = z3::ite(p[t], v, th_[t].locals[n.slot0]);
      }
      break;
    }
    case NodeKind::Read: {
      rule_ = Rule::TRd;
      const sem::ArrayInfo& arr = ir_.arrays[n.array];
      std::vector<z3::expr> value(static_cast<size_t>(T_), bv(0));
      std::vector<z3::expr> idxs;
      for (int t = 0; t < T_; ++t) {
        z3::expr idx = index(n.e0, t, p[t]);
        if (arr.extent())
          error(VerdictKind::OutOfBounds, t, p[t] && outside(idx, arr.extent()), n.array, idx);
        value[t] = z3::select(th_[t].sh[n.array], idx);
        idxs.push_back(idx);
        if (generic_) continue;  // races are a precondition; the id is symbolic
        e_.reads.push_back(ReadRecord{n.array, idx});
        // RD_exists / RD_elem: log this read or not, nondeterministically.
        if (group_) continue;  // whole-group mode does not check races
        atomicConflict(t, n.array, p[t], idx, false);
        z3::expr choose = p[t] && c_.bool_const(name(fmt::format("rd{}_{}", t + 1, counter_++)).c_str());
        th_[t].rdEx[n.array] = th_[t].rdEx[n.array] || choose;
        th_[t].rdEl[n.array] = z3::ite(choose, idx, th_[t].rdEl[n.array]);
      }
      asyncAccess(id, p, idxs, n.array, false);
      for (int t = 0; t < T_; ++t) th_[t].locals[n.slot0] = z3::ite(p[t], value[t], th_[t].locals[n.slot0]);
      break;
    }
    case NodeKind::Write: {
      rule_ = Rule::TWr;
      const sem::ArrayInfo& arr = ir_.arrays[n.array];
      std::vector<z3::expr> idxs;
      for (int t = 0; t < T_; ++t) {
        z3::expr idx = index(n.e0, t, p[t]);
        z3::expr val = ev(n.e1, t, p[t]);
        if (arr.extent())
          error(VerdictKind::OutOfBounds, t, p[t] && outside(idx, arr.extent()), n.array, idx);
        if (arr.constant) error(VerdictKind::ConstantWrite, t, p[t], n.array, idx);  // (extension)
        idxs.push_back(idx);
        z3::expr& sh = th_[t].sh[n.array];
        sh = z3::store(sh, idx, z3::ite(p[t], val, z3::select(sh, idx)));
        if (group_ || generic_) th_[t].writes[n.array].push_back({p[t], idx, val});
        if (group_ || generic_) continue;  // these modes do not check races
        atomicConflict(t, n.array, p[t], idx, false);
        z3::expr choose = p[t] && c_.bool_const(name(fmt::format("wr{}_{}", t + 1, counter_++)).c_str());
        th_[t].wrEx[n.array] = th_[t].wrEx[n.array] || choose;
        th_[t].wrEl[n.array] = z3::ite(choose, idx, th_[t].wrEl[n.array]);
      }
      asyncAccess(id, p, idxs, n.array, true);
      break;
    }
    case NodeKind::Assert: {
      const bool priv = sem::privateIndexNode(n);
      rule_ = priv ? Rule::TPrivateIndex : Rule::TAssert;
      std::vector<z3::expr> v;
      for (int t = 0; t < T_; ++t) v.push_back(ev(n.e0, t, p[t]));
      flush(id);  // an expression error comes before the assertion's own failure
      if (priv) {
        // (extension) private_index: the check point is out-of-bounds, its index e1 (e0 is
        // `e1 >= 0 && e1 < N`); no array (the private array is no shared array).
        for (int t = 0; t < T_; ++t)
          error(VerdictKind::OutOfBounds, t, p[t] && v[t] == bv(0), sem::kNone, ev(n.e1, t, p[t]));
        break;
      }
      for (int t = 0; t < T_; ++t) error(VerdictKind::Assertion, t, p[t] && v[t] == bv(0));
      break;
    }
    case NodeKind::Assume: {
      rule_ = Rule::TAssume;
      z3::expr ok = c_.bool_val(true);
      for (int t = 0; t < T_; ++t) ok = ok && z3::implies(exists(t) && p[t], ev(n.e0, t, p[t]) != bv(0));
      flush(id);
      alive_ = alive_ && ok;  // a failed assume discards the execution
      break;
    }
    default:
      break;
  }
  flush(id);
}

/// T-ATOMIC (extension), over-approximated: the value returned, and the thread's own view
/// of the cell afterwards, are fresh per thread and execution (any number of other
/// threads' atomics may have run on the cell before or since; an equal value for both
/// threads would not be sound). Logged in the atomic log (ATOMIC_exists / ATOMIC_elem).
/// (extension) A 64-bit atomic (kpl::atomicIsWide) does so on both of its cells, the low word
/// at the index and the high word at the next cell (highCell): each checked for bounds (the
/// low word's first), for ASYNC-RACE and against the other thread's plain accesses, each
/// logged as an atomic access, each with a fresh view; the old pair it returns is two fresh
/// words (xh, xl), as the 32-bit result is.
void Encoder::atomic(NodeId id) {
  const Node& n = ir_.nodes[id];
  if (group_ || generic_) {  // --equiv refuses atomics before encoding (ProveCommand)
    if (e_.unsupported.empty()) e_.unsupported = "atomic operations";
    return;
  }
  const bool wide = kpl::atomicIsWide(n.atomicOp);
  ++e_.statements;
  const sem::ArrayInfo& arr = ir_.arrays[n.array];
  std::vector<z3::expr> p, idx, hi;
  rule_ = Rule::TAtomic;
  for (int t = 0; t < T_; ++t) {
    p.push_back(pred(n.pred, t));
    idx.push_back(index(n.e0, t, p[t]));
    hi.push_back(wide ? highCell(n, idx[t]) : idx[t]);
    // operand errors only: the new value is not modelled
    for (ExprId e : {n.e1, n.e2, n.e3, n.e4})
      if (e != sem::kNone) (void)ev(e, t, p[t]);
  }
  flush(id);  // T-ATOMIC evaluates every operand before the bounds check
  for (int t = 0; t < T_; ++t)
    if (arr.extent()) {
      const z3::expr lowOut = outside(idx[t], arr.extent());
      error(VerdictKind::OutOfBounds, t, p[t] && lowOut, n.array, idx[t]);
      // a 64-bit atomic's high word: inside only when its low word is not the last cell
      if (wide) error(VerdictKind::OutOfBounds, t, p[t] && !lowOut && outside(hi[t], arr.extent()), n.array, hi[t]);
    }
  flush(id);
  if (arr.constant) {  // (extension) an atomic writes: constant memory refuses it
    for (int t = 0; t < T_; ++t) error(VerdictKind::ConstantWrite, t, p[t], n.array, idx[t]);
    flush(id);
  }
  for (int t = 0; t < T_; ++t) {  // ASYNC-RACE, the low word's cell first
    inFlightConflict(t, n.array, p[t], idx[t], true);
    if (wide) inFlightConflict(t, n.array, p[t], hi[t], true);
  }
  flush(id);
  for (int t = 0; t < T_; ++t) {
    atomicConflict(t, n.array, p[t], idx[t], true);
    if (wide) atomicConflict(t, n.array, p[t], hi[t], true);
  }
  flush(id);
  for (int t = 0; t < T_; ++t) {
    const uint64_t k = counter_++;
    ThreadState& s = th_[t];
    z3::expr& sh = s.sh[n.array];
    // Each cell logged or not (one chosen atomic per array, as RD_elem); the old value(s)
    // returned; a fresh view of each cell (in this order of fresh constants, as before
    // 64-bit atomics were encoded).
    auto log = [&](const z3::expr& at, const char* word) {
      z3::expr choose = p[t] && c_.bool_const(name(fmt::format("at{}{}_{}", t + 1, word, k)).c_str());
      s.atEx[n.array] = s.atEx[n.array] || choose;
      s.atEl[n.array] = z3::ite(choose, at, s.atEl[n.array]);
    };
    log(idx[t], "");
    if (wide) log(hi[t], "hi");
    // 32-bit: slot0 the old value; 64-bit: slot0 the old high word, slot1 the low one.
    auto result = [&](sem::Slot slot, const char* word) {
      if (slot == sem::kNone) return;
      z3::expr old = c_.bv_const(name(fmt::format("atomic{}{}_{}", t + 1, word, k)).c_str(), 32);
      s.locals[slot] = z3::ite(p[t], old, s.locals[slot]);
    };
    result(n.slot0, wide ? "hi" : "");
    if (wide) result(n.slot1, "");
    auto view = [&](const z3::expr& at, const char* word) {
      z3::expr v = c_.bv_const(name(fmt::format("atview{}{}_{}", t + 1, word, k)).c_str(), 32);
      sh = z3::store(sh, at, z3::ite(p[t], v, z3::select(sh, at)));
    };
    view(idx[t], "");
    if (wide) view(hi[t], "hi");
  }
}

/// The cell of a 64-bit atomic's high word after its low word's cell `idx` (sem::nextCell):
/// idx + 1 in 64 bits for an addr64 index, else the Word idx + 1 (wrapping at 2^32), which
/// 64-bit cell indices sign-extend as any 32-bit index.
z3::expr Encoder::highCell(const Node& n, const z3::expr& idx) {
  if (!wide_) return idx + bv(1);
  if (ir_.exprs[n.e0].op == EOp::Addr64) return idx + ix(1);
  return z3::sext(low(idx) + bv(1), 32);
}

/// An access of thread t to `array`[idx] (an atomic one when `isAtomic`) against the other
/// thread's log of the other kind: an atomic vs a plain read or write of one cell since
/// the last barrier is a race (G-RACE's atomic-read / atomic-write); two atomics are not.
/// Checked here, at the second access, not at the barrier: an atomic changes the cell for
/// the whole group at once, so the values the other thread reads after it are not those
/// the pair encoding gives it; up to the first such conflict they are.
void Encoder::atomicConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool isAtomic) {
  if (!ir_.hasAtomics || T_ != 2) return;
  const ThreadState& u = th_[1 - t];
  z3::expr hit = isAtomic ? (u.rdEx[array] && u.rdEl[array] == idx) || (u.wrEx[array] && u.wrEl[array] == idx)
                          : u.atEx[array] && u.atEl[array] == idx;
  // Threads of one group conflict between two barriers; threads of two groups on a global
  // array whenever (their logs are not reset).
  const z3::expr when = ir_.arrays[array].global ? e_.two : e_.two && e_.same;
  const Rule saved = rule_;
  rule_ = Rule::GRace;
  error(VerdictKind::Race, -1, when && p && hit, array, idx);
  rule_ = saved;
}

void Encoder::barrier(NodeId id) {
  const Node& n = ir_.nodes[id];
  std::vector<z3::expr> p;
  for (int t = 0; t < T_; ++t) p.push_back(pred(n.pred, t));
  if (generic_) {
    if (n.fence != kpl::kFenceAll && e_.unsupported.empty())
      e_.unsupported = "barriers with fence flags (barrier(local), barrier(global), barrier(none)) under --equiv";
    snapshot(p[0]);
    return;
  }
  // (extension) A grid barrier (`barrier(grid);`) with the groups' races checked: a barrier of
  // the whole launch. Two threads of different groups that disagree on reaching it are grid
  // barrier divergence; accesses before it and after it never race, in one group or two.
  const bool grid = n.grid && e_.options.interGroup && !group_;
  rule_ = Rule::GDivergence;
  if (group_) {
    z3::expr div = c_.bool_val(false);
    for (int t = 1; t < T_; ++t) div = div || p[0] != p[t];
    error(VerdictKind::Divergence, -1, div);
  } else {
    error(VerdictKind::Divergence, -1, e_.two && (grid ? c_.bool_val(true) : e_.same) && p[0] != p[1]);
  }
  flush(id);
  // (extension) main's last barrier completes every copy still in flight, in issue order,
  // before its race check (their conflicts since the issue were checked at each access).
  if (id == finalBarrier_ && !group_ && !generic_)
    for (Copy& c : copies_) complete(c, p[c.member] && inFlight(c));
  rule_ = Rule::GRace;
  z3::expr all = c_.bool_val(true);
  for (int t = 0; t < T_; ++t) all = all && p[t];
  for (size_t a = 0; a < ir_.arrays.size() && !group_; ++a) {
    for (int i = 0; i < T_; ++i)
      for (int j = i + 1; j < T_; ++j) {
        const ThreadState &x = th_[i], &y = th_[j];
        z3::expr conflict = (x.wrEx[a] && y.wrEx[a] && x.wrEl[a] == y.wrEl[a]) ||
                            (x.wrEx[a] && y.rdEx[a] && x.wrEl[a] == y.rdEl[a]) ||
                            (x.rdEx[a] && y.wrEx[a] && x.rdEl[a] == y.wrEl[a]);
        // Threads of one group race between two barriers both pass; threads of two groups
        // race on a global array whenever they conflict (their logs are never reset).
        const z3::expr when = group_ ? all
                              : ir_.arrays[a].global ? e_.two && z3::ite(e_.same, all, c_.bool_val(true))
                                                     : e_.two && e_.same && all;
        error(VerdictKind::Race, -1, when && conflict, static_cast<sem::ArrayId>(a));
      }
  }
  flush(id);
  // G-SYNC (when the pair is enabled; with no divergence p1 = p2 when both exist).
  const z3::sort arr = memSort();
  const z3::expr sync = p[0];
  for (size_t a = 0; a < ir_.arrays.size(); ++a) {
    // (extension) An array of a space the barrier does not order: as if there were no
    // barrier for it (no merge, each thread keeps its own view, the logs go on).
    if (!sem::fenceOrders(n.fence, ir_.arrays[a])) continue;
    const std::string& an = ir_.arrays[a].name;
    const uint32_t k = barriers_;
    if (group_) {
      // merge(Σ): every thread's writes applied to the base (no races: one writer per cell).
      z3::expr merged = base_[a];
      for (int t = 0; t < T_; ++t)
        for (const ThreadState::Write& w : th_[t].writes[a])
          merged = z3::store(merged, w.index, z3::ite(w.cond, w.value, z3::select(merged, w.index)));
      base_[a] = z3::ite(sync, merged, base_[a]);
      for (int t = 0; t < T_; ++t) {
        th_[t].sh[a] = z3::ite(sync, merged, th_[t].sh[a]);
        for (ThreadState::Write& w : th_[t].writes[a]) w.cond = w.cond && !sync;
      }
    } else {
      // Each thread passes its own group's barrier when it is enabled there (with no
      // divergence, two threads of one group are both enabled or both not). Threads of
      // two groups see unrelated memories: adversarial for them whatever the choice.
      z3::expr h = c_.constant(name(fmt::format("{}_bar{}", an, k)).c_str(), arr);
      const bool equality = e_.options.abstraction[a] == Abstraction::Equality;
      // (grid) after a grid barrier every group sees the one global memory
      const bool shared = grid && ir_.arrays[a].global;
      for (int t = 0; t < T_; ++t) {
        z3::expr own = c_.constant(name(fmt::format("{}_bar{}_t{}", an, k, t + 1)).c_str(), arr);
        z3::expr next = equality ? (shared ? h : z3::ite(e_.same, h, own)) : own;
        th_[t].sh[a] = z3::ite(p[t], next, th_[t].sh[a]);
      }
    }
    for (int t = 0; t < T_; ++t) {
      // The logs start again at a barrier, except a global array's for two groups (but at a
      // grid barrier, which orders the groups too).
      const z3::expr reset =
          group_ ? sync : p[t] && (ir_.arrays[a].global && !grid ? e_.same : c_.bool_val(true));
      th_[t].rdEx[a] = th_[t].rdEx[a] && !reset;
      th_[t].wrEx[a] = th_[t].wrEx[a] && !reset;
      th_[t].atEx[a] = th_[t].atEx[a] && !reset;
    }
  }
  ++barriers_;
}

/// Generic mode, at a barrier the thread passes when `p`: each array's next snapshot.
void Encoder::snapshot(const z3::expr& p) {
  const uint32_t k = barriers_++;
  const z3::expr s = e_.tid[0];
  const z3::sort word = c_.bv_sort(32), cell = c_.bv_sort(indexBits());
  for (size_t a = 0; a < ir_.arrays.size(); ++a) {
    std::vector<ThreadState::Write>& writes = th_[0].writes[a];
    if (writes.empty()) continue;  // nobody writes a here: M_k = M_{k-1}
    const std::string an = ir_.arrays[a].name;
    z3::func_decl sigma = c_.function(name(fmt::format("sigma_{}_{}", an, k)).c_str(), cell, word);
    z3::expr x = c_.bv_const(name(fmt::format("x_{}_{}", an, k)).c_str(), indexBits());
    z3::expr sx = sigma(x);
    e_.writers.push_back(sigma);
    z3::expr_vector from(c_), to(c_);
    from.push_back(s);
    to.push_back(sx);
    // Writes merged here: made (and not merged) before, by a thread enabled here.
    z3::expr written = c_.bool_val(false);
    z3::expr value = z3::select(base_[a], x);
    for (const ThreadState::Write& w : writes) {
      z3::expr now = (w.cond && p).simplify();
      if (now.is_false()) continue;
      z3::expr body = z3::implies(z3::ult(s, e_.N) && now, sigma(w.index) == s);
      e_.axiomBodies.push_back(body);
      e_.axioms.push_back(z3::forall(s, body));
      z3::expr hit = z3::expr(now).substitute(from, to) && z3::expr(w.index).substitute(from, to) == x;
      written = written || hit;
      value = z3::ite(hit, z3::expr(w.value).substitute(from, to), value);  // later writes win
    }
    z3::expr next = z3::lambda(x, z3::ite(z3::ult(sx, e_.N) && written, value, z3::select(base_[a], x)));
    base_[a] = next;
    th_[0].sh[a] = z3::ite(p, next, th_[0].sh[a]);
    for (ThreadState::Write& w : writes) w.cond = (w.cond && !p).simplify();
    writes.erase(std::remove_if(writes.begin(), writes.end(),
                                [](const ThreadState::Write& w) { return w.cond.is_false(); }),
                 writes.end());
  }
  ++e_.snapshots;
}

/// G-ITER's premise ∃i. (p ∧ e)^Σ(i) for loop `n`, in the current state (errors: G-ITER).
z3::expr Encoder::continuation(NodeId id) {
  const Node& n = ir_.nodes[id];
  rule_ = Rule::GIter;
  z3::expr cont = c_.bool_val(false);
  for (int t = 0; t < T_; ++t) {
    z3::expr p = pred(n.predOpen, t);
    cont = cont || (exists(t) && p && truth(ev(n.e0, t, p)));
  }
  flush(id);
  return cont;
}

/// Records how a loop instance was encoded (an identical earlier record is not repeated).
void Encoder::report(LoopReport r) {
  if (std::find(e_.loops.begin(), e_.loops.end(), r) == e_.loops.end()) e_.loops.push_back(std::move(r));
}

/// G-OPEN, then G-ITER / G-DONE unrolled.
void Encoder::loop(NodeId id) {
  const Node& n = ir_.nodes[id];
  fresh(n.slot0, 1);  // G-OPEN: the break flag
  const std::vector<ThreadState> entry = th_;
  uint32_t k = 0;
  bool triedEarly = false;
  for (;; ++k) {
    z3::expr cont = continuation(id);
    z3::expr s = cont.simplify();
    if (s.is_false()) break;  // exact: the loop is done for both threads
    const bool constant = s.is_true();
    // A constant-trip loop known to run past maxExactUnroll is tried by induction at
    // `unroll` already (exact unrolling up to the cut would be wasted); if that fails it is
    // unrolled on as before.
    if (constant && k == e_.options.unroll && !triedEarly && longConstantLoop(id)) {
      triedEarly = true;
      std::string why;
      if (!group_ && !generic_ && e_.options.induction && induct(id, k, cont, entry, why)) {
        e_.maxIterations = std::max(e_.maxIterations, k);
        return;
      }
    }
    if (constant ? k >= std::max(e_.options.unroll, e_.options.maxExactUnroll) : k >= e_.options.unroll) {
      bool mayRun = true;
      if (!constant) {
        loopSolver_->push();
        loopSolver_->add(alive_ && cont);
        mayRun = loopSolver_->check() != z3::unsat;
        loopSolver_->pop();
      }
      if (mayRun) {
        std::string why;
        if (!group_ && !generic_ && e_.options.induction) {
          if (induct(id, k, cont, entry, why)) {
            e_.maxIterations = std::max(e_.maxIterations, k);
            return;
          }
        }
        // Cut: executions needing more iterations are not covered.
        alive_ = alive_ && !cont;
        e_.bounded = true;
        ++e_.loopsCut;
        e_.maxIterations = std::max(e_.maxIterations, k);
        report(LoopReport{LoopReport::How::Cut, id, k, {}, why});
        return;
      }
      break;
    }
    fresh(n.slot1, 2);  // G-ITER: u and the continue flag
    stmt(n.children[0]);  // u := e
    stmt(n.children[1]);  // the body
  }
  e_.maxIterations = std::max(e_.maxIterations, k);
  report(LoopReport{LoopReport::How::Unrolled, id, k, {}, {}});
}

/// Whether loop `id`, its guard `x < b` (or <=, unsigned too) with x and b constants now
/// and x := x + c (c > 0 constant) in its body, has more than maxExactUnroll iterations left.
bool Encoder::longConstantLoop(NodeId id) {
  if (group_ || generic_ || !e_.options.induction) return false;
  const Node& n = ir_.nodes[id];
  const sem::ExprNode& g = ir_.exprs[n.e0];
  if (g.op != EOp::Lt && g.op != EOp::Le && g.op != EOp::ULt && g.op != EOp::ULe) return false;
  if (ir_.exprs[g.a].op != EOp::Local) return false;
  const sem::Slot x = ir_.exprs[g.a].slot;
  const induction::Footprint fp = induction::footprint(ir_, id);
  int64_t step = 0;
  for (const induction::Step& st : fp.steps)
    if (st.slot == x && !st.subtract && ir_.exprs[st.step].op == EOp::Const) {
      if (step != 0 && step != ir_.exprs[st.step].imm) return false;
      step = ir_.exprs[st.step].imm;
    }
  if (step <= 0) return false;
  const z3::expr xv = th_[0].locals[x].simplify();
  const z3::expr bv = ev(g.b, 0, c_.bool_val(false)).simplify();
  if (!xv.is_numeral() || !bv.is_numeral()) return false;
  const bool uns = g.op == EOp::ULt || g.op == EOp::ULe;
  const int64_t xi = uns ? static_cast<int64_t>(xv.get_numeral_uint64()) : static_cast<int32_t>(xv.get_numeral_uint64());
  const int64_t bi = uns ? static_cast<int64_t>(bv.get_numeral_uint64()) : static_cast<int32_t>(bv.get_numeral_uint64());
  return (bi - xi) / step > static_cast<int64_t>(e_.options.maxExactUnroll);
}

/// The loop `id`, still able to run after the k iterations encoded (continuation `contK`
/// in the current state), proved by induction (Induction.h): true with the state after
/// the loop in th_ / alive_; false (state untouched, `why` says why) to cut it instead.
bool Encoder::induct(NodeId id, uint32_t k, const z3::expr& contK, const std::vector<ThreadState>& entry, std::string& why) {
  const Node& n = ir_.nodes[id];
  const induction::Footprint fp = induction::footprint(ir_, id);
  if (fp.async) {  // the copies issued or waited for per iteration are not in Houdini's havoc
    why = "induction does not take loops that issue or wait for asynchronous copies";
    return false;
  }
  const std::vector<ThreadState> base = th_;
  const z3::expr aliveK = alive_;
  // Evaluation in a given state, without errors (mask false), for the candidates.
  // One copy of `st`, swapped in and back out: th_'s own buffers come back unchanged, so a
  // reference into th_ (st may be th_) stays valid.
  auto value = [this](const std::vector<ThreadState>& st, ExprId e, int t) {
    std::vector<ThreadState> other = st;
    th_.swap(other);
    z3::expr v = ev(e, t, c_.bool_val(false));
    th_.swap(other);
    return v;
  };
  auto continues = [this, id](const std::vector<ThreadState>& st, int t) {
    std::vector<ThreadState> other = st;
    th_.swap(other);
    const Node& l = ir_.nodes[id];
    z3::expr p = pred(l.predOpen, t);
    z3::expr v = p && truth(ev(l.e0, t, c_.bool_val(false)));
    th_.swap(other);
    return v;
  };
  std::vector<bool> equality;
  for (Abstraction a : e_.options.abstraction) equality.push_back(a == Abstraction::Equality);
  // (extension) 64-bit cell indices: an access's index in a given state, for the candidates.
  auto accessIndex = [this](const std::vector<ThreadState>& st, NodeId a, int t) {
    std::vector<ThreadState> other = st;
    th_.swap(other);
    z3::expr v = index(ir_.nodes[a].e0, t, c_.bool_val(false));
    th_.swap(other);
    return v;
  };
  induction::Context ctx{c_, ir_, id, entry, names_, {e_.tid[0], e_.tid[1]}, e_.N, e_.two, e_.same,
                         equality, ir_.hasAtomics, value, continues, wide_, accessIndex};
  std::vector<induction::Candidate> cands = induction::candidates(ctx, fp);
  // Base: the candidates that hold after the k iterations, where the loop goes on.
  std::string reason;
  if (!induction::prune(*inductionSolver_, aliveK && contK, base, cands, e_.inductionQueries, reason, wide_)) {
    why = fmt::format("induction: no answer on the base case: {}", reason);
    return false;
  }
  // Step, to a fixpoint; each round's encoding is discarded unless it is the last.
  const size_t checks0 = e_.checks.size(), reads0 = e_.reads.size(), loops0 = e_.loops.size();
  const uint64_t statements0 = e_.statements;
  const uint32_t cut0 = e_.loopsCut, induction0 = e_.loopsInduction, iterations0 = e_.maxIterations;
  const uint32_t floats0 = e_.uninterpretedFloats, conversions0 = e_.uncheckedConversions;
  const bool bounded0 = e_.bounded;
  auto rollback = [&] {
    e_.checks.erase(e_.checks.begin() + static_cast<std::ptrdiff_t>(checks0), e_.checks.end());
    e_.reads.erase(e_.reads.begin() + static_cast<std::ptrdiff_t>(reads0), e_.reads.end());
    e_.loops.resize(loops0);
    e_.statements = statements0;
    e_.loopsCut = cut0;
    e_.loopsInduction = induction0;
    e_.maxIterations = iterations0;
    e_.uninterpretedFloats = floats0;
    e_.uncheckedConversions = conversions0;
    e_.bounded = bounded0;
    th_ = base;
    alive_ = aliveK;
  };
  const uint64_t started = induction::rlimitCount(inductionSolver_->solver);
  for (int round = 0; round < 64; ++round) {
    const uint64_t spent = induction::rlimitCount(inductionSolver_->solver) - started;
    if (round > 0 && spent > e_.options.inductionBudgetRlimit) {
      why = fmt::format("induction: no fixpoint within the solver's budget ({} million steps)",
                        e_.options.inductionBudgetRlimit / 1'000'000);
      return false;  // rolled back at the end of the last round
    }
    const std::vector<ThreadState> h =
        induction::havoc(c_, base, fp, name(fmt::format("inv{}_", counter_++)), indexBits());
    z3::expr_vector assumed(c_);
    for (const induction::Candidate& c : cands) assumed.push_back(c.at(h));
    th_ = h;
    // Iterations from k on exist only where the loop goes on at k (contK).
    alive_ = aliveK && contK && z3::mk_and(assumed);
    const z3::expr contH = continuation(id);
    const z3::expr aliveGuard = alive_;
    alive_ = alive_ && contH;
    fresh(n.slot1, 2);
    stmt(n.children[0]);
    stmt(n.children[1]);
    const size_t before = cands.size();
    if (!induction::prune(*inductionSolver_, alive_, th_, cands, e_.inductionQueries, reason, wide_)) {
      rollback();
      why = fmt::format("induction: no answer on the inductive step: {}", reason);
      return false;
    }
    if (cands.size() == before) {
      // Fixpoint: this round's check points cover every iteration from k on. After the
      // loop: H with C(H) ∧ ¬continuation(H) where it went on at k, else the base.
      th_ = induction::merge(contK, h, base);
      alive_ = z3::ite(contK, aliveGuard && !contH, aliveK);
      ++e_.loopsInduction;
      LoopReport r{LoopReport::How::Induction, id, k, {}, {}};
      r.invariants = induction::readable(cands);
      report(std::move(r));
      return true;
    }
    rollback();
  }
  why = "induction: no fixpoint after 64 rounds";
  return false;
}

}  // namespace detail

PairEncoding encodePair(z3::context& ctx, const sem::Ir& ir, const EncodeOptions& options) {
  PairEncoding e(ctx, ir, options);
  e.lambdas = ir.firstAsync.has_value();
  if (e.options.abstraction.size() < ir.arrays.size())
    e.options.abstraction.resize(ir.arrays.size(), Abstraction::Equality);
  Encoder(e).run();
  return e;
}

}  // namespace sdvmc::prove
