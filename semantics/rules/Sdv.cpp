// The SDV rules, one function each (see Sdv.h and ../shared/sdv-semantics.md).
#include "semantics/rules/Sdv.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <tuple>
#include <fmt/format.h>

namespace sdvmc::sem {

// ---- logs and shadows ------------------------------------------------------------------

void logRead(ThreadLog& log, Address a, NodeId at) {
  auto& v = log.reads;
  if (!v.empty() && v.back().addr < a) {  // the common case: increasing addresses
    v.push_back(LogEntry{a, 0, at});
    return;
  }
  auto it = std::lower_bound(v.begin(), v.end(), a,
                             [](const LogEntry& e, const Address& x) { return e.addr < x; });
  if (it == v.end() || it->addr != a) v.insert(it, LogEntry{a, 0, at});
}

void logWrite(ThreadLog& log, Address a, Word value, NodeId at) {
  auto& v = log.writes;
  if (v.empty() || v.back().addr < a) {
    v.push_back(LogEntry{a, value, at});
    return;
  }
  auto it = std::lower_bound(v.begin(), v.end(), a,
                             [](const LogEntry& e, const Address& x) { return e.addr < x; });
  if (it != v.end() && it->addr == a)
    it->value = value;  // W ∪ {a} = W; sh' = sh[a := value]
  else
    v.insert(it, LogEntry{a, value, at});
}

void logAtomic(ThreadLog& log, Address a, NodeId at) {
  auto& v = log.atomics;
  auto it = std::lower_bound(v.begin(), v.end(), a,
                             [](const LogEntry& e, const Address& x) { return e.addr < x; });
  if (it == v.end() || it->addr != a) v.insert(it, LogEntry{a, 0, at});
}

// (extension) at_taken's log: the thread's atomic at `a` returned `value` (a set, sorted).
void logTaken(ThreadLog& log, Address a, Word value) {
  auto& v = log.taken;
  const LogEntry e{a, value, kNone};
  const auto less = [](const LogEntry& x, const LogEntry& y) { return std::tie(x.addr, x.value) < std::tie(y.addr, y.value); };
  auto it = std::lower_bound(v.begin(), v.end(), e, less);
  if (it == v.end() || less(e, *it)) v.insert(it, e);
}

Word atomicResult(kpl::AtomicOp op, Word old, Word v, Word nv) {
  const uint32_t uo = static_cast<uint32_t>(old), uv = static_cast<uint32_t>(v);
  switch (op) {
    case kpl::AtomicOp::Add: return word::add(old, v);
    case kpl::AtomicOp::Sub: return word::sub(old, v);
    case kpl::AtomicOp::Exch: return v;
    case kpl::AtomicOp::Min: return std::min(old, v);
    case kpl::AtomicOp::Max: return std::max(old, v);
    case kpl::AtomicOp::UMin: return static_cast<Word>(std::min(uo, uv));
    case kpl::AtomicOp::UMax: return static_cast<Word>(std::max(uo, uv));
    case kpl::AtomicOp::And: return old & v;
    case kpl::AtomicOp::Or: return old | v;
    case kpl::AtomicOp::Xor: return old ^ v;
    case kpl::AtomicOp::Inc: return uo >= uv ? 0 : static_cast<Word>(uo + 1);               // CUDA atomicInc
    case kpl::AtomicOp::Dec: return (uo == 0 || uo > uv) ? v : static_cast<Word>(uo - 1);  // CUDA atomicDec
    case kpl::AtomicOp::Cas: return old == v ? nv : old;
    case kpl::AtomicOp::FAdd: return word::floatOp(EOp::FAdd, old, v);
    default: break;  // the 64-bit ones: atomicResult64
  }
  assert(false && "atomicResult on a 64-bit atomic");
  return old;
}

uint64_t atomicResult64(kpl::AtomicOp op, uint64_t old, uint64_t v, uint64_t nv) {
  const auto sgn = [](uint64_t x) { return static_cast<int64_t>(x); };
  switch (op) {
    case kpl::AtomicOp::Add64: return old + v;
    case kpl::AtomicOp::Sub64: return old - v;
    case kpl::AtomicOp::Exch64: return v;
    case kpl::AtomicOp::Min64: return sgn(old) <= sgn(v) ? old : v;
    case kpl::AtomicOp::Max64: return sgn(old) >= sgn(v) ? old : v;
    case kpl::AtomicOp::UMin64: return std::min(old, v);
    case kpl::AtomicOp::UMax64: return std::max(old, v);
    case kpl::AtomicOp::And64: return old & v;
    case kpl::AtomicOp::Or64: return old | v;
    case kpl::AtomicOp::Xor64: return old ^ v;
    case kpl::AtomicOp::FAdd64: return std::bit_cast<uint64_t>(std::bit_cast<double>(old) + std::bit_cast<double>(v));
    case kpl::AtomicOp::Cas64: return old == v ? nv : old;
    default: break;
  }
  assert(false && "atomicResult64 on a 32-bit atomic");
  return old;
}

Word shadowLoad(const Ir& ir, const GroupState& s, uint32_t tid, Address a) {
  const auto& w = s.logs[tid].writes;
  if (!w.empty()) {
    auto it = std::lower_bound(w.begin(), w.end(), a,
                               [](const LogEntry& e, const Address& x) { return e.addr < x; });
    if (it != w.end() && it->addr == a) return it->value;
  }
  return s.base.load(ir, a);
}

Memory initialMemory(const Ir& ir, Word arbitrary) {
  Memory m;
  m.unboundedDefault = arbitrary;
  m.bounded.resize(ir.arrays.size());
  m.unbounded.resize(ir.arrays.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const ArrayInfo& info = ir.arrays[a];
    if (!info.bounded) continue;
    m.bounded[a].resize(info.size);
    for (uint32_t i = 0; i < info.size; ++i)  // an arbitrary cell: `*V`'s V, else `arbitrary`
      m.bounded[a][i] = info.init[i].value_or(info.runInit.empty() ? arbitrary : info.runInit[i].value_or(arbitrary));
  }
  return m;
}

// ---- the machine -----------------------------------------------------------------------

SdvMachine::SdvMachine(const Ir& ir, uint32_t threads)
    : ir_(ir), n_(threads), eval_(ir, threads), mask_(threads) {}

GroupState SdvMachine::initialState(Word gid, Memory memory, const std::vector<Word>& params) const {
  GroupState s;
  s.n = n_;
  s.gid = gid;
  s.locals.assign(static_cast<size_t>(ir_.slotCount) * n_, 0);
  for (size_t k = 0; k < params.size() && k < ir_.params.size(); ++k)
    std::fill(s.column(static_cast<Slot>(k)), s.column(static_cast<Slot>(k)) + n_, params[k]);
  s.base = std::move(memory);
  s.logs.resize(n_);
  s.ss.push_back(Item{ir_.main, 0});  // ⟨(main, true)⟩
  return s;
}

void SdvMachine::fresh(GroupState& s, Slot first, uint32_t count) const {
  // A fresh location holds false in every thread; slots are reused in a stack
  // discipline, so "fresh" means "reset".
  std::fill(s.column(first), s.column(first) + static_cast<size_t>(count) * n_, 0);
}

uint8_t* SdvMachine::predicateMask(const GroupState& s, PredId p) {
  eval_.predicate(p, s, mask_.data());
  return mask_.data();
}

void SdvMachine::notify(Rule r, NodeId node, const GroupState& s, PredId p) {
  if (!observer_) return;
  std::vector<uint8_t> m(n_);
  eval_.predicate(p, s, m.data());
  observer_->onRule(r, node, s, m.data());
}

Verdict SdvMachine::verdictAt(VerdictKind kind, Rule rule, NodeId id) const {
  Verdict v;
  v.kind = kind;
  v.rule = rule;
  v.at = id;
  v.loc = ir_.nodes[id].loc;
  return v;
}

namespace {
const char* overflowText(EOp op) { return op == EOp::NswAdd ? "a + b" : op == EOp::NswSub ? "a - b" : "a * b"; }

/// The witness of a 64-bit `lnsw_*` overflow: the operation, its operands and its exact
/// result (up to 127 bits, in decimal).
std::string wideOverflowText(EOp op, int64_t a, int64_t b) {
  const bool add = op == EOp::LNswAddLo || op == EOp::LNswAddHi, sub = op == EOp::LNswSubLo || op == EOp::LNswSubHi;
  const __int128 x = a, y = b, exact = add ? x + y : sub ? x - y : x * y;
  unsigned __int128 m = exact < 0 ? -static_cast<unsigned __int128>(exact) : static_cast<unsigned __int128>(exact);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  } while (m != 0);
  if (exact < 0) digits.insert(digits.begin(), '-');
  return fmt::format("{} with a = {}, b = {}: the exact result {} is outside the 64-bit range", add ? "a + b" : sub ? "a - b" : "a * b",
                     a, b, digits);
}

/// The witness of an `fcvt_chk` / `dcvt_chk` failure: the thread, the value (an integral one
/// in all its digits, others in the shortest digits that read back as it) and the integer
/// type, as C names it for the usual widths.
std::string conversionOverflowText(uint32_t thread, bool isDouble, int64_t bits, int32_t k, kpl::SourceLoc at) {
  const double x = isDouble ? std::bit_cast<double>(static_cast<uint64_t>(bits))
                            : static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
  const int64_t w = k < 0 ? -static_cast<int64_t>(k) : k;
  const char* named = w == 8 ? "char" : w == 16 ? "short" : w == 32 ? "int" : w == 64 ? "long" : nullptr;
  const std::string type = named ? fmt::format("{}{}", k < 0 ? (w == 8 ? "signed " : "") : "unsigned ", named)
                                 : fmt::format("a {} {}-bit integer", k < 0 ? "signed" : "unsigned", w);
  const std::string value = std::isnan(x)                          ? std::string("NaN")
                            : std::isinf(x)                        ? std::string(x < 0 ? "-inf" : "inf")
                            : std::trunc(x) == x && std::fabs(x) < 1e30 ? fmt::format("{:.0f}", x)
                            : isDouble                              ? fmt::format("{}", x)
                                                                    : fmt::format("{}", static_cast<float>(x));
  return fmt::format("thread {} converts the {} {} to {} (at {}:{}): outside its range, undefined in C and C++", thread,
                     isDouble ? "double" : "float", value, type, at.line, at.col);
}
}  // namespace

Verdict evalFailureVerdict(const Ir& ir, NodeId id, Rule rule, const EvalError& err) {
  Verdict v;
  const Node& node = ir.nodes[id];
  const bool access = node.kind == NodeKind::Read || node.kind == NodeKind::Write || node.kind == NodeKind::Atomic;
  v.kind = err.kind == EvalError::Kind::DivisionByZero    ? VerdictKind::DivisionByZero
           : err.kind == EvalError::Kind::NoWarps         ? VerdictKind::WarpPrimitive
           : err.kind == EvalError::Kind::WarpMask        ? VerdictKind::WarpMask
           : err.kind == EvalError::Kind::WarpWidth       ? VerdictKind::WarpWidth
           : err.kind == EvalError::Kind::IntegerOverflow ? VerdictKind::IntegerOverflow
           // A 64-bit address beyond 32 bits: outside a bounded array; else beyond the model.
           : err.kind == EvalError::Kind::AddressRange
               ? (access && ir.arrays[node.array].extent() ? VerdictKind::OutOfBounds : VerdictKind::Inconclusive)
               : VerdictKind::ShiftOutOfRange;
  v.rule = rule;
  v.at = id;
  v.loc = ir.nodes[id].loc;
  v.threads = {err.thread};
  v.value = err.operand;
  const kpl::SourceLoc at = ir.exprs[err.at].loc;
  if (err.kind == EvalError::Kind::DivisionByZero)
    v.message = fmt::format("thread {} divides by zero (operator at {}:{})", err.thread, at.line, at.col);
  else if (err.kind == EvalError::Kind::AddressRange && v.kind == VerdictKind::OutOfBounds) {
    v.array = node.array;
    const ArrayInfo& arr = ir.arrays[node.array];
    v.message = fmt::format("thread {} accesses {}[{}], outside {}[0..{}] (a 64-bit index, at {}:{})", err.thread,
                            arr.name, err.exact, arr.name, arr.extent() - 1, at.line, at.col);
  } else if (err.kind == EvalError::Kind::AddressRange)
    v.message = fmt::format("thread {} computes the 64-bit address {} (at {}:{}) where the model keeps a 32-bit "
                            "value (a pointer's offset, or an index computed further): not modelled (inconclusive)",
                            err.thread, err.exact, at.line, at.col);
  else if (err.kind == EvalError::Kind::IntegerOverflow &&
           (ir.exprs[err.at].op == EOp::FCvtChk || ir.exprs[err.at].op == EOp::DCvtChk))
    v.message = conversionOverflowText(err.thread, ir.exprs[err.at].op == EOp::DCvtChk, err.lhs,
                                       static_cast<int32_t>(err.rhs), at);
  else if (err.kind == EvalError::Kind::IntegerOverflow && isWideNsw(ir.exprs[err.at].op))
    v.message = fmt::format("thread {}: signed 64-bit integer overflow (operator at {}:{}) in {}", err.thread, at.line,
                            at.col, wideOverflowText(ir.exprs[err.at].op, err.lhs, err.rhs));
  else if (err.kind == EvalError::Kind::IntegerOverflow)
    v.message = fmt::format("thread {}: signed integer overflow in {} (operator at {}:{}): the result {} is "
                            "outside the int range",
                            err.thread, overflowText(ir.exprs[err.at].op), at.line, at.col, err.exact);
  else if (err.kind == EvalError::Kind::WarpWidth)
    v.message = fmt::format("thread {} uses the width {} (at {}:{}), not a power of 2 from 1 to 32: undefined in CUDA",
                            err.thread, err.operand, at.line, at.col);
  else if (err.kind == EvalError::Kind::WarpMask) {
    // Lanes are the warp's (what masks name); threads the group's (the warp models shift
    // the leading "thread N" and v.threads).
    const uint32_t lane = err.thread, other = static_cast<uint32_t>(err.exact & 0xffffffff);
    const auto otherMask = static_cast<uint32_t>(static_cast<uint64_t>(err.exact) >> 32);
    const auto mask = static_cast<uint32_t>(err.operand);
    if (err.fault == EvalError::MaskFault::OwnLane) {
      v.message = lane < 32 ? fmt::format("thread {} (lane {}) executes a warp-level primitive whose member mask 0x{:08x} "
                                          "does not name its lane (at {}:{}): undefined in CUDA",
                                          lane, lane, mask, at.line, at.col)
                            : fmt::format("thread {} (lane {}) executes a warp-level primitive with member mask 0x{:08x}: "
                                          "a 32-bit mask cannot name a lane beyond 31 (at {}:{})",
                                          lane, lane, mask, at.line, at.col);
    } else if (err.fault == EvalError::MaskFault::Differs) {
      v.threads.push_back(other);
      v.message = fmt::format("thread {} (lane {}) executes a warp-level primitive with member mask 0x{:08x}, which "
                              "names lane {}; lane {} executes it with member mask 0x{:08x} (at {}:{}): CUDA requires "
                              "the same mask, undefined",
                              lane, lane, mask, other, other, otherMask, at.line, at.col);
    } else {
      v.threads.push_back(other);
      v.message = fmt::format("thread {} (lane {}) executes a warp-level primitive with member mask 0x{:08x}, which "
                              "names lane {}; lane {} has not exited and does not execute it with the others (at {}:{}): "
                              "undefined in CUDA",
                              lane, lane, mask, other, other, at.line, at.col);
    }
  } else if (err.kind == EvalError::Kind::NoWarps)
    v.message = fmt::format("thread {} evaluates {} (at {}:{}), a warp-level primitive, and SDV has no warps: "
                            "run or check the kernel with --model simt:W",
                            err.thread, ir.exprs[err.at].op == EOp::Shfl ? "shfl" : "ballot", at.line, at.col);
  else
    v.message = fmt::format("thread {} shifts by {}, outside 0..{} (operator at {}:{})", err.thread, err.operand,
                            isWide(ir.exprs[err.at].op) ? 63 : 31, at.line, at.col);
  return v;
}

/// A verdict at an access of one thread: its node, rule, thread, array and index.
Verdict accessVerdict(const Ir& ir, VerdictKind kind, NodeId id, Rule rule, uint32_t tid, Index index) {
  const Node& node = ir.nodes[id];
  Verdict v;
  v.kind = kind;
  v.rule = rule;
  v.at = id;
  v.loc = node.loc;
  v.threads = {tid};
  v.value = index;
  v.array = node.array;
  return v;
}

Verdict outOfBoundsVerdict(const Ir& ir, NodeId id, Rule rule, uint32_t tid, Index index, bool write) {
  const ArrayInfo& arr = ir.arrays[ir.nodes[id].array];
  Verdict v = accessVerdict(ir, VerdictKind::OutOfBounds, id, rule, tid, index);
  v.message = fmt::format("thread {} {} {}[{}], outside {}[0..{}]", tid, write ? "writes" : "reads",
                          arr.name, index, arr.name, arr.extent() - 1);
  return v;
}

Verdict privateIndexVerdict(const Ir& ir, NodeId id, uint32_t tid, Word index) {
  const kpl::Stmt::PrivateIndex& pi = *ir.nodes[id].src->privateIndex;
  Verdict v;
  v.kind = VerdictKind::OutOfBounds;
  v.rule = Rule::TPrivateIndex;
  v.at = id;
  v.loc = ir.nodes[id].loc;
  v.threads = {tid};
  v.value = index;
  v.array = kNone;
  v.privateName = pi.name.name;
  v.privateSize = pi.size;
  v.message = privateIndexText(tid, pi.name.name, pi.size, index);
  return v;
}

std::string privateIndexText(uint32_t tid, const std::string& name, uint32_t size, int64_t index) {
  return fmt::format("thread {} indexes the private array {} ({} element{}) at {}", tid, name, size,
                     size == 1 ? "" : "s", index);
}

Verdict constantWriteVerdict(const Ir& ir, NodeId id, Rule rule, uint32_t tid, Index index) {
  Verdict v = accessVerdict(ir, VerdictKind::ConstantWrite, id, rule, tid, index);
  v.message = fmt::format("thread {} writes {}[{}], which is constant memory", tid, ir.arrays[v.array].name, index);
  return v;
}

std::optional<uint32_t> constantWriter(const Ir& ir, const Node& node, const uint8_t* p, uint32_t n) {
  if (!ir.arrays[node.array].constant) return std::nullopt;
  for (uint32_t i = 0; i < n; ++i)
    if (p[i]) return i;
  return std::nullopt;
}

std::optional<Verdict> SdvMachine::step(GroupState& s) {
  assert(!s.ss.empty() && "step on a finished state");
  const Item it = s.ss.back();
  s.ss.pop_back();
  ++steps_;
  const Node& node = ir_.nodes[it.node];
  switch (node.kind) {
    case NodeKind::Seq: gSeq(s, it); return std::nullopt;
    case NodeKind::Var: gVar(s, it); return std::nullopt;
    case NodeKind::If: gIf(s, it); return std::nullopt;
    case NodeKind::Call: gCall(s, it); return std::nullopt;
    case NodeKind::While: {
      if (it.aux == 0) {
        gOpen(s, it);
        return std::nullopt;
      }
      // G-ITER if ∃i. (p ∧ e)^Σ(i), else G-DONE; e only where p holds (&& short-circuits).
      const uint8_t* p = predicateMask(s, node.predOpen);
      EvalError err;
      const Word* e = eval_.eval(node.e0, s, p, err);
      if (err.any()) {
        s.ss.push_back(it);  // the error state keeps the loop where it failed
        lastRule_ = Rule::GIter;
        return evalFailureVerdict(ir_, it.node, Rule::GIter, err);
      }
      bool any = false, someFalse = false;
      for (uint32_t i = 0; i < n_; ++i) {
        any |= p[i] && e[i] != 0;
        someFalse |= p[i] && e[i] == 0;
      }
      if (any && !(uniformExit_ && someFalse))
        gIter(s, it);
      else
        gDone(s, it);
      return std::nullopt;
    }
    case NodeKind::Barrier: {
      threadSteps_ += n_;
      const uint8_t* p = predicateMask(s, node.pred);
      uint32_t on = 0;
      for (uint32_t i = 0; i < n_; ++i) on += p[i];
      if (on != 0 && on != n_) return gDivergence(s, it, p);
      if (on == 0) {
        gNoOp(s, it);
        return std::nullopt;
      }
      // (extension) main's last barrier ends the kernel: the copies still in flight complete
      // first (their conflicts since issue were checked at each access).
      if (s.ss.empty() && !s.copies.empty()) completeAllCopies(s);
      if (races(s)) return gRace(s, it);
      gSync(s, it);
      if (node.grid && gridPhases_) gridStop_ = it.node;
      return std::nullopt;
    }
    case NodeKind::Assign: case NodeKind::Read: case NodeKind::Write:
    case NodeKind::Assert: case NodeKind::Assume: case NodeKind::Skip: case NodeKind::Atomic:
      return gBasic(s, it);
    case NodeKind::Async:
      return gAsync(s, it);
  }
  assert(false && "unknown node kind");
  return std::nullopt;
}

Verdict SdvMachine::run(GroupState& s, uint64_t maxSteps) {
  uint64_t budget = maxSteps;
  gridStop_ = kNone;  // (a group resumed with nothing left to run stops at no grid barrier)
  while (!s.done()) {
    if (budget-- == 0) {
      Verdict v;
      v.kind = VerdictKind::Inconclusive;
      v.rule = lastRule_;
      const Item& top = s.ss.back();
      v.at = top.node;
      v.loc = ir_.nodes[top.node].loc;
      v.message = fmt::format("stopped after {} rule applications (--max-steps)", maxSteps);
      return v;
    }
    gridStop_ = kNone;
    if (auto v = step(s)) return *v;
    if (gridStop_ != kNone) break;  // a grid barrier: the phase ends here for this group
  }
  Verdict ok;
  ok.kind = VerdictKind::Ok;
  return ok;
}

// ---- group rules -----------------------------------------------------------------------

// G-BASIC: ∀i. (Σ(i), basic, p) →t Σ'(i)  ⟹  (Σ, (basic, p)@ss) →g (Σ', ss).
std::optional<Verdict> SdvMachine::gBasic(GroupState& s, Item it) {
  lastRule_ = Rule::GBasic;
  const Node& node = ir_.nodes[it.node];
  if (node.kind == NodeKind::Skip) {
    if (observer_) notify(Rule::TSkip, it.node, s, node.pred);
    tSkip(s, node);
    return std::nullopt;
  }
  threadSteps_ += n_;
  const uint8_t* p = predicateMask(s, node.pred);
  if (observer_) {
    Rule r = node.kind == NodeKind::Assign ? Rule::TAssign
             : node.kind == NodeKind::Read  ? Rule::TRd
             : node.kind == NodeKind::Write ? Rule::TWr
             : node.kind == NodeKind::Assert ? (privateIndexNode(node) ? Rule::TPrivateIndex : Rule::TAssert)
             : node.kind == NodeKind::Atomic ? Rule::TAtomic
                                             : Rule::TAssume;
    observer_->onRule(r, it.node, s, p);
  }
  std::optional<Verdict> v;
  switch (node.kind) {
    case NodeKind::Assign: v = tAssign(s, node, p); break;
    case NodeKind::Read: v = tRd(s, node, p); break;
    case NodeKind::Write: v = tWr(s, node, p); break;
    case NodeKind::Assert: v = tAssert(s, node, p); break;
    case NodeKind::Assume: v = tAssume(s, node, p); break;
    case NodeKind::Atomic: v = tAtomic(s, node, p); break;
    case NodeKind::Skip: case NodeKind::Seq: case NodeKind::Var: case NodeKind::If:
    case NodeKind::While: case NodeKind::Call: case NodeKind::Barrier: case NodeKind::Async:
      assert(false && "not a basic statement");
      break;
  }
  if (v) {
    v->at = it.node;
    v->loc = node.loc;
    s.ss.push_back(it);  // the error state keeps the failing statement on top
  }
  return v;
}

// G-DIVERGENCE: ∃i≠j. p^Σ(i) ∧ ¬p^Σ(j)  ⟹  (Σ, (barrier, p)@ss) →g error.
Verdict SdvMachine::gDivergence(GroupState& s, Item it, const uint8_t* enabled) {
  lastRule_ = Rule::GDivergence;
  if (observer_) observer_->onRule(Rule::GDivergence, it.node, s, enabled);
  Verdict v = verdictAt(VerdictKind::Divergence, Rule::GDivergence, it.node);
  for (uint32_t i = 0; i < n_; ++i) (enabled[i] ? v.enabled : v.disabled).push_back(i);
  v.threads = {v.enabled.front(), v.disabled.front()};
  v.message = fmt::format("barrier divergence: thread {} reaches the barrier enabled, thread {} disabled",
                          v.enabled.front(), v.disabled.front());
  s.ss.push_back(it);
  return v;
}

// G-NO-OP: ∀i. ¬p^Σ(i)  ⟹  (Σ, (barrier, p)@ss) →g (Σ, ss).
void SdvMachine::gNoOp(GroupState& s, Item it) {
  lastRule_ = Rule::GNoOp;
  if (observer_) notify(Rule::GNoOp, it.node, s, ir_.nodes[it.node].pred);
}

// G-RACE: ∀i. p^Σ(i), races(Σ)  ⟹  (Σ, (barrier, p)@ss) →g error.
Verdict SdvMachine::gRace(GroupState& s, Item it) {
  lastRule_ = Rule::GRace;
  if (observer_) notify(Rule::GRace, it.node, s, ir_.nodes[it.node].pred);
  auto conflict = races(s);
  assert(conflict && "G-RACE without a race");
  Verdict v = verdictAt(VerdictKind::Race, Rule::GRace, it.node);
  v.accesses = {conflict->first, conflict->second};
  v.threads = {conflict->first.thread, conflict->second.thread};
  const ArrayInfo& arr = ir_.arrays[conflict->first.addr.array];
  v.message = fmt::format("{} race on {}[{}] between threads {} and {}",
                          conflict->first.atomic ? (conflict->second.write ? "atomic-write" : "atomic-read")
                          : conflict->second.write ? "write-write"
                                                   : "write-read",
                          arr.name,
                          conflict->first.addr.index, conflict->first.thread,
                          conflict->second.thread);
  s.ss.push_back(it);
  return v;
}

// G-SYNC: ∀i. p^Σ(i), ¬races(Σ), Σ'(i) = (lid, l, merge(Σ), ∅, ∅).
// (extension) A barrier that orders only some memory spaces (`barrier(local);` …) merges and
// empties the logs of the arrays of those spaces; the others keep theirs (specs/KPL.md).
void SdvMachine::gSync(GroupState& s, Item it) {
  lastRule_ = Rule::GSync;
  if (observer_) notify(Rule::GSync, it.node, s, ir_.nodes[it.node].pred);
  const uint8_t fence = ir_.nodes[it.node].fence;
  merge(s, fence);
  const auto ordered = [&](const LogEntry& e) { return fenceOrders(fence, ir_.arrays[e.addr.array]); };
  if (footprint_)
    for (uint32_t t = 0; t < n_; ++t) {
      const ThreadLog& log = s.logs[t];
      auto add = [&](const std::vector<LogEntry>& v, uint8_t kind) {
        for (const LogEntry& e : v)
          if (ir_.arrays[e.addr.array].global && ordered(e))
            footprint_->push_back(FootprintEntry{e.addr, t, e.at, kind, e.value});
      };
      add(log.reads, 0);
      add(log.writes, 1);
      add(log.atomics, 2);
    }
  for (ThreadLog& log : s.logs) clearOrdered(log, fence);
}

void SdvMachine::clearOrdered(ThreadLog& log, uint8_t fence) const {
  if (fence == kpl::kFenceAll) {
    log.reads.clear();
    log.writes.clear();
    log.atomics.clear();
    return;
  }
  const auto ordered = [&](const LogEntry& e) { return fenceOrders(fence, ir_.arrays[e.addr.array]); };
  std::erase_if(log.reads, ordered);
  std::erase_if(log.writes, ordered);
  std::erase_if(log.atomics, ordered);
}

// G-SEQ: (Σ, (S1; S2, p)@ss) →g (Σ, (S1, p)@(S2, p)@ss).
void SdvMachine::gSeq(GroupState& s, Item it) {
  lastRule_ = Rule::GSeq;
  const Node& node = ir_.nodes[it.node];
  if (observer_) notify(Rule::GSeq, it.node, s, node.pred);
  // (S2, p): the rest of the sequence, or the last statement itself.
  if (it.aux + 2 == node.children.size())
    push(s, node.children.back());
  else if (it.aux + 1 < node.children.size())
    push(s, it.node, it.aux + 1);
  push(s, node.children[it.aux]);  // (S1, p)
}

// G-VAR: v fresh  ⟹  (Σ, (local x S, p)@ss) →g (Σ, (S[x ↦ v], p)@ss).
void SdvMachine::gVar(GroupState& s, Item it) {
  lastRule_ = Rule::GVar;
  const Node& node = ir_.nodes[it.node];
  fresh(s, node.slot0, node.count);
  if (observer_) notify(Rule::GVar, it.node, s, node.pred);
  push(s, node.children[0]);
}

// G-IF: v fresh  ⟹  (Σ, (if e S1 else S2, p)@ss)
//                     →g (Σ, (v := e, p)@(S1, p ∧ v)@(S2, p ∧ ¬v)@ss).
void SdvMachine::gIf(GroupState& s, Item it) {
  lastRule_ = Rule::GIf;
  const Node& node = ir_.nodes[it.node];
  fresh(s, node.slot0, 1);
  if (observer_) notify(Rule::GIf, it.node, s, node.pred);
  push(s, node.children[2]);  // (S2, p ∧ ¬v)
  push(s, node.children[1]);  // (S1, p ∧ v)
  push(s, node.children[0]);  // (v := e, p)
}

// G-OPEN: v fresh  ⟹  (Σ, (while e S, p)@ss) →g (Σ, (while̲ e belim(S, v), p ∧ ¬v)@ss).
void SdvMachine::gOpen(GroupState& s, Item it) {
  lastRule_ = Rule::GOpen;
  const Node& node = ir_.nodes[it.node];
  fresh(s, node.slot0, 1);
  if (observer_) notify(Rule::GOpen, it.node, s, node.pred);
  push(s, it.node, 1);
}

// G-ITER: u, v fresh, ∃i. (p ∧ e)^Σ(i)
//   ⟹ (Σ, (while̲ e S, p)@ss) →g (Σ, (u := e, p)@(celim(S, v), p ∧ u ∧ ¬v)@(while̲ e S, p)@ss).
void SdvMachine::gIter(GroupState& s, Item it) {
  lastRule_ = Rule::GIter;
  const Node& node = ir_.nodes[it.node];
  fresh(s, node.slot1, 2);  // u = slot1, v = slot2 (adjacent)
  if (observer_) notify(Rule::GIter, it.node, s, node.predOpen);
  push(s, it.node, 1);        // (while̲ e S, p)
  push(s, node.children[1]);  // (celim(S, v), p ∧ u ∧ ¬v)
  push(s, node.children[0]);  // (u := e, p)
}

// G-DONE: ∀i. ¬(p ∧ e)^Σ(i)  ⟹  (Σ, (while̲ e S, p)@ss) →g (Σ, ss).
void SdvMachine::gDone(GroupState& s, Item it) {
  lastRule_ = Rule::GDone;
  if (observer_) notify(Rule::GDone, it.node, s, ir_.nodes[it.node].predOpen);
}

// G-CALL: v fresh  ⟹  (Σ, (f(e), p)@ss) →g (Σ, (relim(Body(f), v)[Param(f) ↦ e], p ∧ ¬v)@ss).
void SdvMachine::gCall(GroupState& s, Item it) {
  lastRule_ = Rule::GCall;
  const Node& node = ir_.nodes[it.node];
  fresh(s, node.slot0, 1);
  if (observer_) notify(Rule::GCall, it.node, s, node.pred);
  push(s, node.children[0]);
}

// ---- thread rules ----------------------------------------------------------------------

// T-ASSIGN: p^σ, l' = σ.l[v := e^σ].
std::optional<Verdict> SdvMachine::tAssign(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Word* e = eval_.eval(node.e0, s, p, err);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TAssign, err);
  Word* l = s.column(node.slot0);
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i]) l[i] = e[i];
  return std::nullopt;
}


// T-RD: p^σ, l' = σ.l[v := σ.sh(e^σ)], R' = σ.R ∪ {e^σ}.
std::optional<Verdict> SdvMachine::tRd(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Index* e = eval_.evalIndex(node.e0, s, p, err);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TRd, err);
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i] && arr.outside(e[i]))
      return outOfBoundsVerdict(ir_, nodeId(node), Rule::TRd, i, e[i], false);
  Word* l = s.column(node.slot0);
  const NodeId at = nodeId(node);
  if (!s.copies.empty() && !node.ghost)  // (extension) ASYNC-RACE: a copy in flight writes the cell
    for (uint32_t i = 0; i < n_; ++i)
      if (p[i])
        if (auto v = asyncConflict(s, at, i, Address{node.array, e[i]}, false)) return v;
  for (uint32_t i = 0; i < n_; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, e[i]};
    const Word value = shadowLoad(ir_, s, i, a);  // read e[i] before l[i] may overwrite it
    if (!node.ghost) logRead(s.logs[i], a, at);  // (extension) ghost_rd: annotations read unlogged
    l[i] = value;
  }
  return std::nullopt;
}

// T-WR: p^σ, sh' = σ.sh[e1^σ := e2^σ], W' = σ.W ∪ {e1^σ}.
std::optional<Verdict> SdvMachine::tWr(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Index* addr = eval_.evalIndex(node.e0, s, p, err);  // (eval() leaves it alone)
  const Word* e2 = eval_.eval(node.e1, s, p, err);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TWr, err);
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i] && arr.outside(addr[i]))
      return outOfBoundsVerdict(ir_, nodeId(node), Rule::TWr, i, addr[i], true);
  if (auto t = constantWriter(ir_, node, p, n_))  // (extension) constant memory
    return constantWriteVerdict(ir_, nodeId(node), Rule::TWr, *t, addr[*t]);
  const NodeId at = nodeId(node);
  if (!s.copies.empty())  // (extension) ASYNC-RACE: a copy in flight reads or writes the cell
    for (uint32_t i = 0; i < n_; ++i)
      if (p[i])
        if (auto v = asyncConflict(s, at, i, Address{node.array, addr[i]}, true)) return v;
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i]) logWrite(s.logs[i], Address{node.array, addr[i]}, e2[i], at);
  return std::nullopt;
}

// Extension: assert(e) fails when e is false on an enabled thread.
std::optional<Verdict> SdvMachine::tAssert(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Word* e = eval_.eval(node.e0, s, p, err);
  if (node.candidate) {
    dropCandidate(node, p, e, err);
    return std::nullopt;
  }
  const bool priv = privateIndexNode(node);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), priv ? Rule::TPrivateIndex : Rule::TAssert, err);
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i] && e[i] == 0) {
      if (priv) {
        // (extension) T-PRIVATE-INDEX: e0 is `e >= 0 && e < N`, e1 is e (already evaluated
        // without error as part of e0).
        const Word* idx = eval_.eval(node.e1, s, p, err);
        return privateIndexVerdict(ir_, nodeId(node), i, err.any() ? 0 : idx[i]);
      }
      Verdict v;
      v.kind = VerdictKind::Assertion;
      v.rule = Rule::TAssert;
      v.threads = {i};
      v.message = fmt::format("assertion failed for thread {}", i);
      return v;
    }
  return std::nullopt;
}

// Extension: candidate(e) records the candidate as dropped (once) when e is false, or
// fails to evaluate, on an enabled thread; the execution goes on either way.
void SdvMachine::dropCandidate(const Node& node, const uint8_t* p, const Word* e, const EvalError& err) {
  const NodeId at = nodeId(node);
  for (const Dropped& d : dropped_)
    if (d.at == at) return;
  uint32_t thread = err.any() ? err.thread : UINT32_MAX;
  for (uint32_t i = 0; i < n_ && i < thread; ++i)
    if (p[i] && e[i] == 0) thread = i;
  if (thread != UINT32_MAX) dropped_.push_back(Dropped{at, thread});
}

// Extension: assume(e) discards the execution when e is false on an enabled thread.
std::optional<Verdict> SdvMachine::tAssume(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Word* e = eval_.eval(node.e0, s, p, err);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TAssume, err);
  for (uint32_t i = 0; i < n_; ++i)
    if (p[i] && e[i] == 0) {
      Verdict v;
      v.kind = VerdictKind::Discarded;
      v.rule = Rule::TAssume;
      v.threads = {i};
      v.message = fmt::format("assume failed for thread {}: execution discarded", i);
      return v;
    }
  return std::nullopt;
}

// Extension T-ATOMIC (see Sdv.h). Operands are evaluated for the whole group first (lock
// step); then each enabled thread in ascending lid order applies the operation.
std::optional<Verdict> SdvMachine::tAtomic(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const bool wide = kpl::atomicIsWide(node.atomicOp);
  std::vector<Word> ops[5];  // the operands from 1 on (wide: high, low word each)
  const ExprId es[5] = {node.e0, node.e1, node.e2, node.e3, node.e4};
  const Index* e0 = eval_.evalIndex(node.e0, s, p, err);
  const std::vector<Index> idx(e0, e0 + n_);
  for (int k = 1; k < 5; ++k) {
    ops[k].assign(n_, 0);
    if (es[k] == kNone) continue;
    const Word* e = eval_.eval(es[k], s, p, err);
    std::copy(e, e + n_, ops[k].begin());
  }
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TAtomic, err);
  auto next = [&](Index i) { return nextCell(ir_, node, i); };  // a 64-bit atomic's high word
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < n_; ++i) {
    if (!p[i]) continue;
    if (arr.outside(idx[i])) return outOfBoundsVerdict(ir_, nodeId(node), Rule::TAtomic, i, idx[i], true);
    if (wide && arr.extent() && static_cast<uint64_t>(idx[i]) + 1 >= arr.extent())  // the high word's cell
      return outOfBoundsVerdict(ir_, nodeId(node), Rule::TAtomic, i, idx[i] + 1, true);
  }
  if (auto t = constantWriter(ir_, node, p, n_))  // (extension) constant memory
    return constantWriteVerdict(ir_, nodeId(node), Rule::TAtomic, *t, idx[*t]);
  const NodeId at = nodeId(node);
  if (!s.copies.empty())  // (extension) ASYNC-RACE: a copy in flight reads or writes a cell
    for (uint32_t i = 0; i < n_; ++i) {
      if (!p[i]) continue;
      if (auto v = asyncConflict(s, at, i, Address{node.array, idx[i]}, true)) return v;
      if (wide)
        if (auto v = asyncConflict(s, at, i, Address{node.array, next(idx[i])}, true)) return v;
    }
  // The thread's view of a cell, then the new value stored in memory and in its shadow.
  auto load = [&](uint32_t i, Address a) { return shadowLoad(ir_, s, i, a); };
  auto store = [&](uint32_t i, Address a, Word next) {
    s.base.store(ir_, a, next);  // visible to the whole group at once
    auto& w = s.logs[i].writes;  // the thread's own earlier plain write, if any, is now stale
    auto it = std::lower_bound(w.begin(), w.end(), a, [](const LogEntry& x, const Address& y) { return x.addr < y; });
    if (it != w.end() && it->addr == a) it->value = next;
    logAtomic(s.logs[i], a, at);
  };
  std::vector<Word> old(n_), oldHi(n_);
  for (uint32_t i = 0; i < n_; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, idx[i]};
    if (!wide) {
      old[i] = load(i, a);
      store(i, a, atomicResult(node.atomicOp, old[i], ops[1][i], ops[2][i]));
      if (ir_.logsAtomicResults) logTaken(s.logs[i], a, old[i]);
      continue;
    }
    const Address ah{node.array, next(idx[i])};
    old[i] = load(i, a);
    oldHi[i] = load(i, ah);
    const uint64_t next = atomicResult64(node.atomicOp, word::pair(oldHi[i], old[i]),
                                         word::pair(ops[1][i], ops[2][i]), word::pair(ops[3][i], ops[4][i]));
    store(i, a, word::low(next));
    store(i, ah, word::high(next));
    if (ir_.logsAtomicResults) {  // word by word, as at_taken reads cells
      logTaken(s.logs[i], a, old[i]);
      logTaken(s.logs[i], ah, oldHi[i]);
    }
  }
  // 32-bit: slot0 gets the old value; 64-bit: slot0 the old high word, slot1 the low one.
  auto result = [&](Slot slot, const std::vector<Word>& v) {
    if (slot == kNone) return;
    Word* l = s.column(slot);
    for (uint32_t i = 0; i < n_; ++i)
      if (p[i]) l[i] = v[i];
  };
  if (!wide) {
    result(node.slot0, old);
  } else {
    result(node.slot0, oldHi);
    result(node.slot1, old);
  }
  return std::nullopt;
}

void SdvMachine::tSkip(GroupState&, const Node&) {}

// ---- races and merge -------------------------------------------------------------------

namespace {
/// A logged access of one thread, flattened (24 bytes: the race check sorts many).
struct Tagged {
  Index index;
  ArrayId array;
  uint32_t thread;
  NodeId at;
  Word value = 0;
  Tagged(Address a, uint32_t t, NodeId n, Word v = 0) : index(a.index), array(a.array), thread(t), at(n), value(v) {}
  Address addr() const { return Address{array, index}; }
  bool is(Address a) const { return index == a.index && array == a.array; }
  bool operator<(const Tagged& o) const {
    if (array != o.array) return array < o.array;
    if (index != o.index) return index < o.index;
    return thread < o.thread;
  }
};
}  // namespace

// races(Σ) = ∃ i ≠ j. (Σ(i).R ∪ Σ(i).W) ∩ Σ(j).W ≠ ∅.
// The conflict reported is at the smallest address (array declaration order, index).
// There, with W the sorted writers and R the sorted readers: two writers give the
// write-write pair (W[0], W[1]); one writer w gives (w, the smallest reader r ≠ w).
std::optional<std::pair<RaceAccess, RaceAccess>> SdvMachine::races(const GroupState& s) const {
  if (!raceOptions_.check) return std::nullopt;
  std::vector<Tagged> ws;
  for (uint32_t t = 0; t < n_; ++t)
    for (const LogEntry& e : s.logs[t].writes)
      if (raceChecked(e.addr)) ws.push_back(Tagged{e.addr, t, e.at, e.value});
  std::optional<std::pair<RaceAccess, RaceAccess>> atomicRace;
  if (ir_.hasAtomics) atomicRace = atomicRaces(s);
  // (--benign-writes=gpuverify) A write that left its cell as it was at the last barrier
  // does not conflict with reads.
  auto conflictsWithReads = [&](const Tagged& w) {
    return !raceOptions_.benignUnchanged || s.base.isUnknown(ir_, w.addr()) || s.base.load(ir_, w.addr()) != w.value;
  };
  if (ws.empty()) return atomicRace;
  std::sort(ws.begin(), ws.end());

  // Two writers of one address race; with benign writes tolerated, only when they wrote
  // different values.
  auto writeWrite = [&](size_t k) {
    return ws[k].is(ws[k + 1].addr()) && (!benignWrites_ || ws[k].value != ws[k + 1].value);
  };
  std::optional<Address> best;
  for (size_t k = 0; k + 1 < ws.size(); ++k)
    if (writeWrite(k)) {
      best = ws[k].addr();  // the first in sorted order is the smallest
      break;
    }
  // Each read's writers: a binary search among the writes to its array, on their indices
  // alone (a column of 8-byte keys: this search is the hot part of a barrier).
  std::vector<std::pair<size_t, size_t>> span(ir_.arrays.size(), {0, 0});
  std::vector<Index> wsIndex(ws.size());
  for (size_t k = 0; k < ws.size(); ++k) {
    wsIndex[k] = ws[k].index;
    if (k == 0 || ws[k].array != ws[k - 1].array) span[ws[k].array].first = k;
    span[ws[k].array].second = k + 1;
  }
  for (uint32_t t = 0; t < n_; ++t)
    for (const LogEntry& r : s.logs[t].reads) {
      if (best && !(r.addr < *best)) break;  // reads are sorted: nothing smaller follows
      const auto [from, to] = span[r.addr.array];
      size_t k = static_cast<size_t>(std::lower_bound(wsIndex.begin() + static_cast<std::ptrdiff_t>(from),
                                                      wsIndex.begin() + static_cast<std::ptrdiff_t>(to), r.addr.index) -
                                     wsIndex.begin());
      for (; k < to && wsIndex[k] == r.addr.index; ++k)
        if (ws[k].thread != t && conflictsWithReads(ws[k])) {
          best = r.addr;
          break;
        }
    }
  if (atomicRace && (!best || atomicRace->first.addr < *best)) return atomicRace;
  if (!best) return std::nullopt;

  auto lo = std::lower_bound(ws.begin(), ws.end(), Tagged{*best, 0, 0});
  const Tagged& w0 = *lo;
  RaceAccess first{w0.thread, true, *best, w0.at};
  for (auto w1 = lo + 1; w1 != ws.end() && w1->is(*best); ++w1)
    if (!benignWrites_ || w1->value != w0.value) return std::make_pair(first, RaceAccess{w1->thread, true, *best, w1->at});
  // A read conflict: the first writer and the smallest other reader (with benign writes
  // tolerated the only reader may be the first writer itself: then the next writer).
  for (auto w = lo; w != ws.end() && w->is(*best); ++w)
    for (uint32_t t = 0; t < n_; ++t) {
      if (t == w->thread || !conflictsWithReads(*w)) continue;
      for (const LogEntry& r : s.logs[t].reads)
        if (r.addr == *best)
          return std::make_pair(RaceAccess{w->thread, true, *best, w->at}, RaceAccess{t, false, *best, r.at});
    }
  assert(false && "race address without a conflicting access");
  return std::nullopt;
}

// (extension) An atomic access of thread i and a plain read or write of thread j ≠ i to
// the same address, since the last barrier: the one at the smallest address, reported
// as (the smallest such atomic thread, the smallest conflicting plain access: a write
// before a read).
std::optional<std::pair<RaceAccess, RaceAccess>> SdvMachine::atomicRaces(const GroupState& s) const {
  std::vector<Tagged> as;
  for (uint32_t t = 0; t < n_; ++t)
    for (const LogEntry& e : s.logs[t].atomics)
      if (raceChecked(e.addr)) as.push_back(Tagged{e.addr, t, e.at});
  if (as.empty()) return std::nullopt;
  std::sort(as.begin(), as.end());
  std::optional<std::pair<RaceAccess, RaceAccess>> best;
  auto consider = [&](uint32_t t, const LogEntry& e, bool write) {
    if (best && !(e.addr < best->first.addr || (e.addr == best->first.addr && write && !best->second.write)))
      return;
    auto lo = std::lower_bound(as.begin(), as.end(), Tagged{e.addr, 0, 0});
    for (auto a = lo; a != as.end() && a->is(e.addr); ++a)
      if (a->thread != t) {
        RaceAccess first{a->thread, true, e.addr, a->at, true};
        RaceAccess second{t, write, e.addr, e.at, false};
        if (!best || e.addr < best->first.addr || (write && !best->second.write) ||
            (write == best->second.write && t < best->second.thread))
          best = std::make_pair(first, second);
        return;
      }
  };
  for (uint32_t t = 0; t < n_; ++t) {
    for (const LogEntry& e : s.logs[t].writes) consider(t, e, true);
    for (const LogEntry& e : s.logs[t].reads) consider(t, e, false);
  }
  return best;
}

// merge(Σ)(z) = Σ(i).sh(z) if z ∈ Σ(i).W, else Σ(0).sh(z) (= base, since no W has z);
// (extension) only the cells of the spaces `fence` orders: a write to another space stays
// in its thread's log (its shadow copy), seen by that thread alone.
void SdvMachine::merge(GroupState& s, uint8_t fence) const {
  for (const ThreadLog& log : s.logs)
    for (const LogEntry& w : log.writes)
      if (fence == kpl::kFenceAll || fenceOrders(fence, ir_.arrays[w.addr.array])) s.base.store(ir_, w.addr, w.value);
}

}  // namespace sdvmc::sem
