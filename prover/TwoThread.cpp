// The two-thread predicated encoding (see TwoThread.h).
#include "prover/TwoThread.h"

#include "prover/Induction.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>

namespace sdvmc::prove {

using sem::EOp;
using sem::ExprId;
using sem::Node;
using sem::NodeId;
using sem::NodeKind;
using sem::Rule;
using sem::VerdictKind;

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

namespace {

/// A stride operand's value when it is a constant expression (literals under + - * and
/// negation, Word arithmetic; nsw_* too when they do not overflow), else nothing.
std::optional<int64_t> constantWord(const sem::Ir& ir, ExprId id) {
  const sem::ExprNode& x = ir.exprs[id];
  if (x.op == EOp::Const) return static_cast<int32_t>(x.imm);
  if (x.op == EOp::Neg) {
    const auto a = constantWord(ir, x.a);
    return a ? std::optional<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(-*a))) : std::nullopt;
  }
  if (x.op != EOp::Add && x.op != EOp::Sub && x.op != EOp::Mul && x.op != EOp::NswAdd && x.op != EOp::NswSub &&
      x.op != EOp::NswMul)
    return std::nullopt;
  const auto a = constantWord(ir, x.a), b = constantWord(ir, x.b);
  if (!a || !b) return std::nullopt;
  const int64_t r = x.op == EOp::Add || x.op == EOp::NswAdd   ? *a + *b
                    : x.op == EOp::Sub || x.op == EOp::NswSub ? *a - *b
                                                              : *a * *b;
  const bool nsw = x.op == EOp::NswAdd || x.op == EOp::NswSub || x.op == EOp::NswMul;
  if (nsw && (r < INT32_MIN || r > INT32_MAX)) return std::nullopt;  // an overflow error: not a constant
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(r)));
}

using induction::ThreadState;

/// An error condition met inside one statement, before it becomes a check point.
struct PendingError {
  VerdictKind kind;
  Rule rule;
  int thread;
  z3::expr cond;
  sem::ArrayId array;
  z3::expr index;
};

class Encoder {
public:
  Encoder(PairEncoding& out)
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

  void run() {
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
    inductionSolver_ = e_.lambdas ? std::make_unique<z3::solver>(c_) : std::make_unique<z3::solver>(c_, "QF_AUFBV");
    for (const z3::expr& k : e_.constraints) inductionSolver_->add(k);
    z3::params ip(c_);
    ip.set("rlimit", e_.options.inductionQueryRlimit);
    inductionSolver_->set(ip);
    stmt(ir_.main);
    e_.alive = alive_;
    for (const z3::expr& b : base_) e_.finalMemory.push_back(b);
  }

private:
  z3::expr exists(int t) { return t == 1 && !group_ ? e_.two : c_.bool_val(true); }
  std::string name(const std::string& s) { return e_.options.prefix + s; }

  // ---- values ---------------------------------------------------------------------
  z3::expr bv(int64_t v) { return c_.bv_val(static_cast<int>(v), 32); }
  /// A cell index of W bits (W = 64 in a kernel with addr64 accesses, else 32).
  unsigned indexBits() const { return wide_ ? 64 : 32; }
  z3::expr ix(int64_t v) { return wide_ ? c_.bv_val(v, 64) : bv(v); }
  z3::sort memSort() { return c_.array_sort(c_.bv_sort(indexBits()), c_.bv_sort(32)); }
  /// An access's index (Evaluator::evalIndex): with W = 64, addr64(h, l) is the cell h:l
  /// exactly (h evaluated first), any other index its 32-bit value sign-extended.
  z3::expr index(ExprId e, int t, const z3::expr& mask) {
    if (!wide_) return ev(e, t, mask);
    const sem::ExprNode& x = ir_.exprs[e];
    if (x.op == EOp::Addr64) {
      z3::expr h = ev(x.a, t, mask);
      z3::expr l = ev(x.b, t, mask);
      return z3::concat(h, l);
    }
    return z3::sext(ev(e, t, mask), 32);
  }
  /// index < 0 ∨ index ≥ extent, in W bits.
  z3::expr outside(const z3::expr& idx, uint32_t extent) { return idx < ix(0) || idx >= ix(extent); }
  z3::expr truth(const z3::expr& w) { return w != bv(0); }
  z3::expr word(const z3::expr& b) { return z3::ite(b, bv(1), bv(0)); }

  /// The predicate, as thread t computes it. Thread 2 runs even when N = 1 (its values
  /// are then meaningless); whatever it could change outside itself (errors, the
  /// execution's continuation: assume, loop continuation) is gated by exists(t).
  z3::expr pred(sem::PredId p, int t) {
    z3::expr r = c_.bool_val(true);
    for (const sem::Lit& l : ir_.preds[p]) {
      z3::expr v = truth(th_[t].locals[l.slot]);
      r = r && (l.negated ? !v : v);
    }
    return r;
  }

  void fresh(sem::Slot first, uint32_t count) {
    for (int t = 0; t < T_; ++t)
      for (uint32_t k = 0; k < count; ++k) th_[t].locals[first + k] = bv(0);
  }

  /// A floating-point operation (float, double halves, conversions, the float math
  /// functions): an uninterpreted function of its operands' words, one per operator and
  /// shared by every use and both kernels of --equiv, so equal operands give equal results
  /// and any result is possible (PairEncoding::uninterpretedFloats). A comparison's result
  /// is 0 or 1, as the interpreter's.
  z3::expr uninterpreted(const sem::ExprNode& x, int t, const z3::expr& mask) {
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
  z3::expr wide(const sem::ExprNode& x, int t, const z3::expr& mask) {
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
  z3::expr ev(ExprId id, int t, const z3::expr& mask) {
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
  void error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array = sem::kNone) {
    error(kind, t, cond, array, bv(0));
  }
  void error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array, const z3::expr& index) {
    if (generic_) return;  // generic mode: the kernel is known to be free of errors
    z3::expr s = (t >= 0 ? exists(t) && cond : cond).simplify();
    if (s.is_false()) return;
    pending_.push_back(PendingError{kind, rule_, t, s, array, index});
  }

  /// Turns the statement's pending errors into check points; the execution goes on only
  /// where none of them holds.
  void flush(NodeId node) {
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
  void stmt(NodeId id) {
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

  void basic(NodeId id) {
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
        rule_ = Rule::TAssert;
        std::vector<z3::expr> v;
        for (int t = 0; t < T_; ++t) v.push_back(ev(n.e0, t, p[t]));
        flush(id);  // an expression error comes before the assertion's own failure
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
  void atomic(NodeId id) {
    const Node& n = ir_.nodes[id];
    if (group_ || generic_) {  // --equiv refuses atomics before encoding (ProveCommand)
      if (e_.unsupported.empty()) e_.unsupported = "atomic operations";
      return;
    }
    if (kpl::atomicIsWide(n.atomicOp)) {  // prove refuses them before encoding (refuseUnsupported)
      if (e_.unsupported.empty()) e_.unsupported = "64-bit atomic operations";
      return;
    }
    ++e_.statements;
    const sem::ArrayInfo& arr = ir_.arrays[n.array];
    std::vector<z3::expr> p, idx;
    rule_ = Rule::TAtomic;
    for (int t = 0; t < T_; ++t) {
      p.push_back(pred(n.pred, t));
      idx.push_back(index(n.e0, t, p[t]));
      (void)ev(n.e1, t, p[t]);  // operand errors only: the new value is not modelled
      if (n.e2 != sem::kNone) (void)ev(n.e2, t, p[t]);
    }
    flush(id);  // T-ATOMIC evaluates every operand before the bounds check
    for (int t = 0; t < T_; ++t)
      if (arr.extent())
        error(VerdictKind::OutOfBounds, t, p[t] && outside(idx[t], arr.extent()), n.array, idx[t]);
    flush(id);
    if (arr.constant) {  // (extension) an atomic writes: constant memory refuses it
      for (int t = 0; t < T_; ++t) error(VerdictKind::ConstantWrite, t, p[t], n.array, idx[t]);
      flush(id);
    }
    for (int t = 0; t < T_; ++t) inFlightConflict(t, n.array, p[t], idx[t], true);  // ASYNC-RACE
    flush(id);
    for (int t = 0; t < T_; ++t) atomicConflict(t, n.array, p[t], idx[t], true);
    flush(id);
    for (int t = 0; t < T_; ++t) {
      const uint64_t k = counter_++;
      z3::expr choose = p[t] && c_.bool_const(name(fmt::format("at{}_{}", t + 1, k)).c_str());
      th_[t].atEx[n.array] = th_[t].atEx[n.array] || choose;
      th_[t].atEl[n.array] = z3::ite(choose, idx[t], th_[t].atEl[n.array]);
      if (n.slot0 != sem::kNone) {
        z3::expr old = c_.bv_const(name(fmt::format("atomic{}_{}", t + 1, k)).c_str(), 32);
        th_[t].locals[n.slot0] = z3::ite(p[t], old, th_[t].locals[n.slot0]);
      }
      z3::expr view = c_.bv_const(name(fmt::format("atview{}_{}", t + 1, k)).c_str(), 32);
      z3::expr& sh = th_[t].sh[n.array];
      sh = z3::store(sh, idx[t], z3::ite(p[t], view, z3::select(sh, idx[t])));
    }
  }

  /// An access of thread t to `array`[idx] (an atomic one when `isAtomic`) against the other
  /// thread's log of the other kind: an atomic vs a plain read or write of one cell since
  /// the last barrier is a race (G-RACE's atomic-read / atomic-write); two atomics are not.
  /// Checked here, at the second access, not at the barrier: an atomic changes the cell for
  /// the whole group at once, so the values the other thread reads after it are not those
  /// the pair encoding gives it; up to the first such conflict they are.
  void atomicConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool isAtomic) {
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

  void barrier(NodeId id) {
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
  void snapshot(const z3::expr& p) {
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
  z3::expr continuation(NodeId id) {
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
  void report(LoopReport r) {
    if (std::find(e_.loops.begin(), e_.loops.end(), r) == e_.loops.end()) e_.loops.push_back(std::move(r));
  }

  /// G-OPEN, then G-ITER / G-DONE unrolled.
  void loop(NodeId id) {
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
  bool longConstantLoop(NodeId id) {
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
  bool induct(NodeId id, uint32_t k, const z3::expr& contK, const std::vector<ThreadState>& entry, std::string& why) {
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
    if (!induction::prune(*inductionSolver_, aliveK && contK, base, cands, e_.inductionQueries, reason, wide_, e_.options.inductionQueryRlimit)) {
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
    const uint64_t started = induction::rlimitCount(*inductionSolver_);
    for (int round = 0; round < 64; ++round) {
      const uint64_t spent = induction::rlimitCount(*inductionSolver_) - started;
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
      if (!induction::prune(*inductionSolver_, alive_, th_, cands, e_.inductionQueries, reason, wide_, e_.options.inductionQueryRlimit)) {
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

  // ---- asynchronous copies (semantics/rules/Async.cpp, specs/KPL.md) ------------------
  // Each copy instance issued (a statement instance of the unrolled encoding) is kept with its
  // cells, `issued` and `done` as formulas: in flight = issued ∧ ¬done. Its cells are
  // off + k·stride for k < n (Word arithmetic; the strides are constants: asyncRefusal refuses
  // others), so membership is exact and linear: x is element ((x − off) >> j)·o⁻¹ for stride
  // 2^j·o (x − off <u n for stride 1); two ranges of stride 1 overlap in closed form, others
  // through one chosen element of each (as the logs' RD_elem). A copy is done at its wait
  // at once (with no ASYNC-RACE, no source cell changed since the issue, so that gives what
  // any moment in between would), as the rules do.

  /// One side of a copy: cells[off + k·stride], k < n, of `array` (stride a constant Word).
  struct CopyRange {
    sem::ArrayId array;
    z3::expr off, n;
    uint32_t stride = 1;
    z3::expr cell(const z3::expr& k) const { return off + k * k.ctx().bv_val(stride, 32); }
  };
  struct Copy {
    int owner = -1;  ///< -1: the group's (async_copy); 0 or 1: the pair member's cp_async
    /// The pair member whose group (async_copy: one instance per member, the same copy when
    /// both are of one group) or thread (cp_async) issued it.
    int member = 0;
    uint64_t instance = 0;  ///< the statement instance (a group copy's two instances share it)
    NodeId at = sem::kNone;
    CopyRange dst, src;
    z3::expr issued, done;
    z3::expr event;      ///< the group's copies: its event
    z3::expr committed;  ///< a thread's copies: in a batch
    z3::expr batch;      ///< its batch (the commit count at its cp_commit)
  };

  z3::expr low(const z3::expr& idx) { return wide_ ? idx.extract(31, 0) : idx; }
  z3::expr cellOf(const z3::expr& w) { return wide_ ? z3::sext(w, 32) : w; }
  /// The element k0 of range r whose cell is the Word w (when `member`): the stride is
  /// 2^j·o with o odd, so off + k·stride = w ⇔ 2^j divides w − off and k ≡ ((w − off) >> j)·o⁻¹
  /// (mod 2^(32−j)); k0 is the least such k. (Stride 0: element 0.)
  z3::expr element(const z3::expr& w, const CopyRange& r) {
    if (r.stride == 0) return bv(0);
    const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
    const uint32_t o = r.stride >> j;
    uint32_t inv = o;  // Newton's iteration for o⁻¹ mod 2^32: each step doubles the good bits
    for (int i = 0; i < 5; ++i) inv *= 2 - o * inv;
    const uint32_t mask = j == 0 ? 0xFFFFFFFFu : (1u << (32 - j)) - 1;
    return (z3::lshr(w - r.off, bv(j)) * c_.bv_val(inv, 32)) & c_.bv_val(mask, 32);
  }
  /// array[idx] is one of the range's cells: ∃k < n. off + k·stride = idx (Word arithmetic).
  z3::expr member(sem::ArrayId array, const z3::expr& idx, const CopyRange& r) {
    if (array != r.array) return c_.bool_val(false);
    const z3::expr w = low(idx);
    z3::expr in = c_.bool_val(false);
    if (r.stride == 0) {
      in = r.n != bv(0) && w == r.off;
    } else {
      const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
      const z3::expr aligned = j == 0 ? c_.bool_val(true) : ((w - r.off) & c_.bv_val((1u << j) - 1, 32)) == bv(0);
      in = aligned && z3::ult(element(w, r), r.n);
    }
    return wide_ ? in && idx == cellOf(w) : in;
  }
  /// The ranges share a cell. Strides 1: off1 + k = off2 + j (k < n1, j < n2) ⇔ off2 − off1 ∈
  /// (−n2, n1). Others: one nondeterministically chosen element of each (as the logs' RD_elem).
  z3::expr overlap(const CopyRange& a, const CopyRange& b) {
    if (a.array != b.array) return c_.bool_val(false);
    if (a.stride == 1 && b.stride == 1)
      return a.n != bv(0) && b.n != bv(0) && (z3::ult(b.off - a.off, a.n) || z3::ult(a.off - b.off, b.n));
    const uint64_t k = counter_++;
    const z3::expr ka = c_.bv_const(name(fmt::format("ovl_a{}", k)).c_str(), 32);
    const z3::expr kb = c_.bv_const(name(fmt::format("ovl_b{}", k)).c_str(), 32);
    return z3::ult(ka, a.n) && z3::ult(kb, b.n) && a.cell(ka) == b.cell(kb);
  }
  /// Two elements of the range name one cell: (k1 − k2)·stride ≡ 0 with k1 ≠ k2 < n, i.e.
  /// n > 2^(32−j) for stride 2^j·o (n > 1 for stride 0).
  z3::expr repeats(const CopyRange& r) {
    if (r.stride == 0) return z3::ugt(r.n, bv(1));
    const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
    if (32 - j > 20) return c_.bool_val(false);  // n <= 2^20 (larger counts are inconclusive)
    return z3::ugt(r.n, bv(int64_t{1} << (32 - j)));
  }
  z3::expr inFlight(const Copy& c) { return c.issued && !c.done; }
  /// Copy c concerns pair member t: its own group's or thread's, or the other member's when
  /// both are of one group (copies of another group race only through the global logs).
  z3::expr related(const Copy& c, int t) { return c.member == t ? exists(t) : e_.two && e_.same; }

  /// copyCells's errors for a copy of pair member `member` (its group's or its own) issued
  /// where `p`: n outside 0..2^20 is inconclusive; a cell outside its array out-of-bounds, in
  /// element order (element k's source, then its destination); a constant destination a
  /// constant write (after element 0's bounds).
  void copyErrors(const CopyRange& dst, const CopyRange& src, int member, const z3::expr& p, const z3::expr& n) {
    const int t = member;
    error(VerdictKind::Inconclusive, t, p && (n < bv(0) || n > bv(1 << 20)));
    flush(cur_);
    const sem::ArrayInfo& da = ir_.arrays[dst.array];
    const sem::ArrayInfo& sa = ir_.arrays[src.array];
    auto firstOut = [&](const CopyRange& r, const sem::ArrayInfo& info) {
      // the first k with off + k outside [0, extent): 0 when off < 0, else extent − off
      // (reached when off + n > extent; below 2^31, so no wrap)
      return z3::ite(r.off < bv(0), bv(0), bv(static_cast<int64_t>(info.extent())) - r.off);
    };
    auto anyOut = [&](const CopyRange& r, const sem::ArrayInfo& info) {
      if (!info.extent()) return c_.bool_val(false);
      const z3::expr end = z3::sext(r.off, 32) + z3::zext(r.n, 32);
      return r.n != bv(0) && (r.off < bv(0) || z3::ugt(end, c_.bv_val(static_cast<uint64_t>(info.extent()), 64)));
    };
    if (da.constant) {
      auto out0 = [&](const CopyRange& r, const sem::ArrayInfo& info) {
        return info.extent() ? outside(cellOf(r.off), info.extent()) : c_.bool_val(false);
      };
      const z3::expr s0 = out0(src, sa), d0 = out0(dst, da);
      error(VerdictKind::OutOfBounds, t, p && n != bv(0) && s0, src.array, cellOf(src.off));
      error(VerdictKind::OutOfBounds, t, p && n != bv(0) && !s0 && d0, dst.array, cellOf(dst.off));
      flush(cur_);
      error(VerdictKind::ConstantWrite, t, p && n != bv(0), dst.array, cellOf(dst.off));
      flush(cur_);
      return;
    }
    if (src.stride != 1 || dst.stride != 1) {
      // One nondeterministically chosen element k < n of each side outside its array.
      for (auto [r, info] : {std::pair{&src, &sa}, std::pair{&dst, &da}}) {
        if (!info->extent()) continue;
        const z3::expr k = c_.bv_const(name(fmt::format("oob_el{}", counter_++)).c_str(), 32);
        const z3::expr cell = cellOf(r->cell(k));
        error(VerdictKind::OutOfBounds, t, p && z3::ult(k, n) && outside(cell, info->extent()), r->array, cell);
      }
      flush(cur_);
      return;
    }
    const z3::expr so = anyOut(src, sa), dO = anyOut(dst, da);
    if (sa.extent() && da.extent()) {
      const z3::expr ks = firstOut(src, sa), kd = firstOut(dst, da);
      error(VerdictKind::OutOfBounds, t, p && so && (!dO || z3::ule(ks, kd)), src.array, cellOf(src.off + ks));
      error(VerdictKind::OutOfBounds, t, p && dO && (!so || z3::ult(kd, ks)), dst.array, cellOf(dst.off + kd));
    } else if (sa.extent()) {
      error(VerdictKind::OutOfBounds, t, p && so, src.array, cellOf(src.off + firstOut(src, sa)));
    } else if (da.extent()) {
      error(VerdictKind::OutOfBounds, t, p && dO, dst.array, cellOf(dst.off + firstOut(dst, da)));
    }
    flush(cur_);
  }

  /// The conflicts of copy `c` being issued where `p` (ASYNC-RACE (1)): within itself, with
  /// every copy in flight, and with the accesses logged since the last barrier (every
  /// thread's for the group's copy; the other thread's for a thread's copy).
  void issueConflicts(const Copy& c, const z3::expr& p) {
    rule_ = Rule::AsyncRace;
    const z3::expr on = exists(c.member) && p;
    // The race's threads: both pair members when each side is one's own, else the one named
    // (the group's copy is named after the thread whose access it meets, or thread 0).
    auto who = [](int a, int b) { return a >= 0 && b >= 0 && a != b ? -1 : a >= 0 ? a : b >= 0 ? b : 0; };
    error(VerdictKind::Race, who(c.owner, -1), on && repeats(c.dst), c.dst.array, cellOf(c.dst.off));
    error(VerdictKind::Race, who(c.owner, -1), on && overlap(c.src, c.dst), c.dst.array, cellOf(c.dst.off));
    for (const Copy& o : copies_) {
      if (o.instance == c.instance) continue;  // the same group copy seen from the other member
      const z3::expr hit = overlap(c.dst, o.dst) || overlap(c.dst, o.src) || overlap(c.src, o.dst);
      error(VerdictKind::Race, who(c.owner, o.owner), on && related(o, c.member) && inFlight(o) && hit, c.dst.array,
            cellOf(c.dst.off));
    }
    for (int t = 0; t < T_; ++t) {
      if (t == c.owner) continue;  // a thread's own earlier accesses precede its copy
      const ThreadState& u = th_[t];
      const sem::ArrayId d = c.dst.array, s = c.src.array;
      z3::expr hit = (u.wrEx[d] && member(d, u.wrEl[d], c.dst)) || (u.rdEx[d] && member(d, u.rdEl[d], c.dst)) ||
                     (u.atEx[d] && member(d, u.atEl[d], c.dst)) || (u.wrEx[s] && member(s, u.wrEl[s], c.src)) ||
                     (u.atEx[s] && member(s, u.atEl[s], c.src));
      const z3::expr sameGroup = t == c.member ? c_.bool_val(true) : e_.two && e_.same;
      error(VerdictKind::Race, who(c.owner, t), on && sameGroup && hit, c.dst.array, cellOf(c.dst.off));
    }
    flush(cur_);
  }

  /// ASYNC-RACE (2) at a read or write (after its bounds and operand errors, as T-RD, T-WR).
  void asyncAccess(NodeId id, const std::vector<z3::expr>& p, const std::vector<z3::expr>& idx, sem::ArrayId array,
                   bool write) {
    if (copies_.empty() || group_ || generic_ || idx.size() != p.size()) return;
    std::vector<PendingError> before = std::move(pending_);
    pending_.clear();
    // The statement's own errors (bounds, constant memory) come first: flushed, then the
    // conflicts with the copies in flight, then its atomic conflicts (kept pending).
    std::vector<PendingError> rest;
    for (const PendingError& e : before)
      (e.kind == VerdictKind::Race ? rest : pending_).push_back(e);
    flush(id);
    for (size_t t = 0; t < idx.size(); ++t) inFlightConflict(static_cast<int>(t), array, p[t], idx[t], write);
    flush(id);
    for (PendingError& e : rest) pending_.push_back(std::move(e));
  }

  /// ASYNC-RACE (2): thread t's access (a write when `write`) to array[idx] where `p`, against
  /// every copy in flight: a destination cell, or a source cell written.
  void inFlightConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool write) {
    const Rule saved = rule_;
    rule_ = Rule::AsyncRace;
    for (const Copy& c : copies_) {
      z3::expr hit = member(array, idx, c.dst);
      if (write) hit = hit || member(array, idx, c.src);
      const int who = c.owner >= 0 && c.owner != t ? -1 : t;
      error(VerdictKind::Race, who, exists(t) && p && related(c, t) && inFlight(c) && hit, array, idx);
    }
    rule_ = saved;
  }

  /// Copy c done where `now`: the group's in its member's view (the group's memory: with no
  /// race, a thread's view of the source cells is the group's; the other member has its own
  /// instance), a thread's in its own view with its cells logged as its read and write (T-RD,
  /// T-WR at the cp_async). (Several groups) a group's copy of global cells is logged too,
  /// for the member's pair with a thread of another group only (the launch's footprint).
  void complete(Copy& c, const z3::expr& now) {
    const z3::sort cell = c_.bv_sort(indexBits());
    for (int t = 0; t < T_; ++t) {
      if (t != c.member) continue;
      const uint64_t k = counter_++;
      z3::expr x = c_.constant(name(fmt::format("cp{}_{}", t + 1, k)).c_str(), cell);
      const z3::expr from = cellOf(c.src.cell(element(low(x), c.dst)));
      z3::expr& d = th_[t].sh[c.dst.array];
      const z3::expr body = z3::ite(now && member(c.dst.array, x, c.dst), z3::select(th_[t].sh[c.src.array], from),
                                    z3::select(d, x));
      d = z3::lambda(x, body);
      if (group_ || generic_) continue;
      z3::expr when = now;
      if (c.owner < 0) {
        if (!e_.options.interGroup) continue;
        when = now && !e_.same;
      }
      // One chosen element of each side in the logs (as RD_elem / WR_elem).
      z3::expr j = c_.bv_const(name(fmt::format("cpel{}_{}", t + 1, k)).c_str(), 32);
      const bool logSrc = c.owner >= 0 || ir_.arrays[c.src.array].global;
      const bool logDst = c.owner >= 0 || ir_.arrays[c.dst.array].global;
      z3::expr cr = when && z3::ult(j, c.src.n) && c_.bool_const(name(fmt::format("cprd{}_{}", t + 1, k)).c_str());
      z3::expr cw = when && z3::ult(j, c.dst.n) && c_.bool_const(name(fmt::format("cpwr{}_{}", t + 1, k)).c_str());
      if (!logSrc) cr = c_.bool_val(false);
      if (!logDst) cw = c_.bool_val(false);
      ThreadState& s = th_[t];
      s.rdEx[c.src.array] = s.rdEx[c.src.array] || cr;
      s.rdEl[c.src.array] = z3::ite(cr, cellOf(c.src.cell(j)), s.rdEl[c.src.array]);
      s.wrEx[c.dst.array] = s.wrEx[c.dst.array] || cw;
      s.wrEl[c.dst.array] = z3::ite(cw, cellOf(c.dst.cell(j)), s.wrEl[c.dst.array]);
    }
    c.done = c.done || now;
  }

  /// The witness's inputs: the source cells a copy may read (up to 256 elements).
  void recordSources(const CopyRange& src) {
    const z3::expr n = src.n.simplify();
    const uint64_t count = n.is_numeral() ? std::min<uint64_t>(n.get_numeral_uint64(), 256) : 64;
    for (uint64_t k = 0; k < count; ++k) e_.reads.push_back(ReadRecord{src.array, cellOf(src.cell(bv(static_cast<int64_t>(k))))});
  }

  /// The group rules' premise (G-ASYNC-COPY, G-ASYNC-WAIT): reached by both threads of one
  /// group or neither, then each operand the same in both. Per member, its operands' values.
  std::vector<std::vector<z3::expr>> uniformOperands(const Node& n, const std::vector<z3::expr>& p) {
    error(VerdictKind::Divergence, -1, e_.two && e_.same && p[0] != p[1]);
    flush(cur_);
    std::vector<std::vector<z3::expr>> values(static_cast<size_t>(T_));
    for (ExprId a : n.args) {
      std::vector<z3::expr> v;
      for (int t = 0; t < T_; ++t) v.push_back(ev(a, t, p[t]));
      flush(cur_);
      error(VerdictKind::Divergence, -1, e_.two && e_.same && p[0] && v[0] != v[1]);
      flush(cur_);
      for (int t = 0; t < T_; ++t) values[t].push_back(v[t]);
    }
    return values;
  }

  void async(NodeId id) {
    const Node& n = ir_.nodes[id];
    if (group_ || generic_ || T_ != 2) {  // --equiv refuses them before encoding (ProveCommand)
      if (e_.unsupported.empty()) e_.unsupported = "asynchronous copies";
      return;
    }
    ++e_.statements;
    cur_ = id;
    std::vector<z3::expr> p;
    for (int t = 0; t < T_; ++t) p.push_back(pred(n.pred, t));
    switch (n.asyncOp) {
      case kpl::AsyncOp::Copy: {  // G-ASYNC-COPY
        rule_ = Rule::GAsyncCopy;
        const std::vector<std::vector<z3::expr>> ops = uniformOperands(n, p);
        // The strides are constants (asyncRefusal refuses others).
        auto stride = [&](size_t k) {
          return static_cast<uint32_t>(constantWord(ir_, n.args[k]).value_or(1));
        };
        // One instance per pair member, each its group's copy with its own values (one copy
        // when both are of one group: their values agree, else a divergence).
        const uint64_t instance = counter_++;
        for (int t = 0; t < T_; ++t) {
          rule_ = Rule::GAsyncCopy;
          const std::vector<z3::expr>& op = ops[t];
          Copy c{-1, t, instance, id, CopyRange{n.array, op[0], op[4], stride(1)},
                 CopyRange{n.array2, op[2], op[4], stride(3)}, p[t], c_.bool_val(false), bv(0), c_.bool_val(false),
                 bv(0)};
          copyErrors(c.dst, c.src, t, p[t], op[4]);
          issueConflicts(c, p[t]);
          c.event = z3::ite(op[5] != bv(0), op[5], nextEvent_[t]);
          nextEvent_[t] = z3::ite(p[t] && op[5] == bv(0), nextEvent_[t] + bv(1), nextEvent_[t]);
          if (n.slot0 != sem::kNone) th_[t].locals[n.slot0] = z3::ite(p[t], c.event, th_[t].locals[n.slot0]);
          recordSources(c.src);
          copies_.push_back(std::move(c));
        }
        break;
      }
      case kpl::AsyncOp::Wait: {  // G-ASYNC-WAIT: the group's copies of these events, in issue order
        rule_ = Rule::GAsyncWait;
        const std::vector<std::vector<z3::expr>> events = uniformOperands(n, p);
        for (Copy& c : copies_) {
          if (c.owner >= 0) continue;
          z3::expr waited = c_.bool_val(false);
          for (const z3::expr& e : events[c.member]) waited = waited || c.event == e;
          complete(c, p[c.member] && inFlight(c) && waited);
        }
        break;
      }
      case kpl::AsyncOp::ThreadCopy: {  // T-CP-ASYNC: every operand, then each thread's copy
        rule_ = Rule::TCpAsync;
        std::vector<std::vector<z3::expr>> op(static_cast<size_t>(T_));
        for (int t = 0; t < T_; ++t)
          for (ExprId a : n.args) op[t].push_back(ev(a, t, p[t]));
        flush(id);
        for (int t = 0; t < T_; ++t) {
          rule_ = Rule::TCpAsync;
          Copy c{t, t, counter_++, id, CopyRange{n.array, op[t][0], op[t][2], 1}, CopyRange{n.array2, op[t][1], op[t][2], 1},
                 p[t], c_.bool_val(false), bv(0), c_.bool_val(false), bv(0)};
          copyErrors(c.dst, c.src, t, p[t], op[t][2]);
          issueConflicts(c, p[t]);
          recordSources(c.src);
          copies_.push_back(std::move(c));
        }
        break;
      }
      case kpl::AsyncOp::Commit: {  // T-CP-COMMIT: the uncommitted copies become the newest batch
        for (Copy& c : copies_) {
          if (c.owner < 0) continue;
          const z3::expr now = p[c.owner] && c.issued && !c.committed;
          c.batch = z3::ite(now, commits_[c.owner], c.batch);
          c.committed = c.committed || now;
        }
        for (int t = 0; t < T_; ++t) commits_[t] = z3::ite(p[t], commits_[t] + bv(1), commits_[t]);
        break;
      }
      case kpl::AsyncOp::ThreadWait: {  // T-CP-WAIT(k): batch b done when b + k < commits (unsigned)
        rule_ = Rule::TCpWait;
        std::vector<z3::expr> k;
        for (int t = 0; t < T_; ++t) k.push_back(ev(n.args[0], t, p[t]));
        flush(id);
        for (Copy& c : copies_) {
          if (c.owner < 0) continue;
          const int t = c.owner;
          const z3::expr old = z3::ult(z3::zext(c.batch, 32) + z3::zext(k[t], 32), z3::zext(commits_[t], 32));
          complete(c, p[t] && inFlight(c) && c.committed && old);
        }
        break;
      }
    }
    flush(id);
  }

  PairEncoding& e_;
  z3::context& c_;
  const sem::Ir& ir_;
  bool group_ = false;  ///< the whole group of fixedThreads threads, memory merged exactly
  bool generic_ = false;  ///< one thread with a symbolic id, memory snapshots per barrier
  int T_ = 2;
  std::vector<ThreadState> th_;
  std::vector<z3::expr> base_;  ///< group / generic mode: shared memory at the last barrier
  z3::expr alive_;
  std::vector<PendingError> pending_;
  Rule rule_ = Rule::GBasic;
  uint64_t counter_ = 0;
  uint32_t barriers_ = 0;
  bool wide_ = false;  ///< cell indices are 64 bits (a kernel with addr64 accesses)
  std::unique_ptr<z3::solver> loopSolver_;
  std::unique_ptr<z3::solver> inductionSolver_;
  std::vector<std::string> names_;  ///< per slot: the source name of the local it holds now
  std::vector<Copy> copies_;        ///< every copy instance issued, in issue order
  z3::expr nextEvent_[2];           ///< per pair member's group: G-ASYNC-COPY's next event
  z3::expr commits_[2];             ///< per pair member: its cp_commit count
  NodeId cur_ = sem::kNone;         ///< the statement being encoded (its check points' node)
  NodeId finalBarrier_ = sem::kNone;  ///< main's last statement, the kernel's end
};

}  // namespace

PairEncoding encodePair(z3::context& ctx, const sem::Ir& ir, const EncodeOptions& options) {
  PairEncoding e(ctx, ir, options);
  e.lambdas = ir.firstAsync.has_value();
  if (e.options.abstraction.size() < ir.arrays.size())
    e.options.abstraction.resize(ir.arrays.size(), Abstraction::Equality);
  Encoder(e).run();
  return e;
}


std::optional<AsyncRefusal> asyncRefusal(const sem::Ir& ir) {
  if (!ir.firstAsync) return std::nullopt;
  for (const Node& n : ir.nodes) {
    if (n.kind != NodeKind::Async || n.asyncOp != kpl::AsyncOp::Copy || n.args.size() < 4) continue;
    for (size_t k : {size_t{1}, size_t{3}}) {
      const sem::ExprNode& x = ir.exprs[n.args[k]];
      if (!constantWord(ir, n.args[k]))
        return AsyncRefusal{x.loc.valid() ? x.loc : n.loc,
                            fmt::format("prove does not handle asynchronous copies whose {} stride is not a constant "
                                        "yet (async_work_group_strided_copy with a stride computed at run time; sdvmc "
                                        "run and check do)",
                                        k == 1 ? "destination" : "source")};
    }
  }
  return std::nullopt;
}

}  // namespace sdvmc::prove
