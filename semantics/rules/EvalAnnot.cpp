// The annotation builtins of KPL (specs/KPL.md, "Annotations"): what GPUVerify's
// annotation language needs from an explicit-state evaluator (frontends/clang/README.md).
//  - `enabled()`: the statement's mask (eval()'s argument);
//  - `pairs(e)`: e for every ordered pair (i, j), j != i, of the group: pass r = 1 … n-1
//    evaluates e with `other(x)` giving x of thread (i + r) mod n;
//  - `other(x)`: x evaluated (column-wise) for the threads (i + r) mod n, then rotated;
//  - `rd_all(A, e)` / `wr_all(A, e)`: e for every index of A in the thread's read / write
//    log since the last barrier (σ_i.R, σ_i.W), `log_offset()` being that index;
//  - `at_taken(A, i, v)`: (A, i, v) in the thread's log of atomic results (ThreadLog::taken);
//    an index whose operator is `addr64(h, l)` is the exact 64-bit cell, as an access's.
#include "semantics/rules/Eval.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace sdvmc::sem {

namespace {
// The entries of array `a` in a log sorted by address (State.h).
std::pair<const LogEntry*, const LogEntry*> entriesOf(const std::vector<LogEntry>& log, ArrayId a) {
  auto lo = std::lower_bound(log.begin(), log.end(), Address{a, INT64_MIN},
                             [](const LogEntry& x, const Address& y) { return x.addr < y; });
  auto hi = lo;
  while (hi != log.end() && hi->addr.array == a) ++hi;
  return {log.data() + (lo - log.begin()), log.data() + (hi - log.begin())};
}

const std::vector<LogEntry>& logOf(const GroupState& s, uint32_t t, EOp op) {
  return op == EOp::RdAll ? s.logs[t].reads : s.logs[t].writes;
}

// Whether thread t's atomics have returned v at address a (ThreadLog::taken, sorted).
bool taken(const GroupState& s, uint32_t t, Address a, Word v) {
  if (t >= s.logs.size()) return false;
  const std::vector<LogEntry>& log = s.logs[t].taken;
  return std::binary_search(log.begin(), log.end(), LogEntry{a, v, kNone}, [](const LogEntry& x, const LogEntry& y) {
    return std::tie(x.addr, x.value) < std::tie(y.addr, y.value);
  });
}
}  // namespace

const Word* Evaluator::evAnnot(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  Word* out = col(d);
  switch (e.op) {
    case EOp::Enabled:
      for (uint32_t i = 0; i < n_; ++i) out[i] = stmtMask_ ? stmtMask_[i] != 0 : 1;
      return out;
    case EOp::LogOffset:
      std::copy(offset_.begin(), offset_.end(), out);
      return out;
    case EOp::Pairs: return evPairs(id, s, mask, d, err);
    case EOp::Other: return evOther(id, s, mask, d, err);
    case EOp::RdAll: case EOp::WrAll: return evLogged(id, s, mask, d, err);
    case EOp::AtTaken: {
      const ArrayId a = static_cast<ArrayId>(e.imm);
      const ExprNode& x = ir_.exprs[e.a];
      if (x.op != EOp::Addr64) {  // a Word index, in the column above
        const Word* idx = ev(e.a, s, mask, d + 1, err);
        const Word* v = ev(e.b, s, mask, d + 2, err);
        for (uint32_t i = 0; i < n_; ++i) out[i] = mask[i] && taken(s, i, Address{a, idx[i]}, v[i]);
        return out;
      }
      // An addr64 index: the exact 64-bit cells (h, then l: errors leftmost first), then the value.
      std::vector<Index> idx(n_);
      const Word* h = ev(x.a, s, mask, d + 1, err);
      for (uint32_t i = 0; i < n_; ++i) idx[i] = h[i];
      const Word* l = ev(x.b, s, mask, d + 1, err);
      for (uint32_t i = 0; i < n_; ++i) idx[i] = static_cast<Index>(word::pair(static_cast<Word>(idx[i]), l[i]));
      const Word* v = ev(e.b, s, mask, d + 2, err);
      for (uint32_t i = 0; i < n_; ++i) out[i] = mask[i] && taken(s, i, Address{a, idx[i]}, v[i]);
      return out;
    }
    default: break;
  }
  assert(false && "not an annotation builtin");
  return out;
}

const Word* Evaluator::evPairs(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d, EvalError& err) {
  Word* out = col(d);
  std::fill(out, out + n_, 1);
  for (uint32_t r = 1; r < n_; ++r) {
    rot_ = r;
    const Word* v = ev(ir_.exprs[id].a, s, mask, d + 1, err);
    for (uint32_t i = 0; i < n_; ++i)
      if (mask[i] && v[i] == 0) out[i] = 0;
  }
  rot_ = 0;
  return out;
}

const Word* Evaluator::evOther(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d, EvalError& err) {
  // Thread j = (i + r) mod n evaluates the operand for thread i (when i needs it).
  const uint32_t r = rot_;
  for (uint32_t j = 0; j < n_; ++j) rotMask_[j] = mask[(j + n_ - r) % n_];
  const Word* v = ev(ir_.exprs[id].a, s, rotMask_.data(), d + 1, err);
  Word* out = col(d);
  for (uint32_t i = 0; i < n_; ++i) out[i] = v[(i + r) % n_];
  return out;
}

const Word* Evaluator::evLogged(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  const ArrayId a = static_cast<ArrayId>(e.imm);
  Word* out = col(d);
  uint8_t* sub = maskCol(d);
  std::fill(out, out + n_, 1);
  // Pass k evaluates the operand for the threads with a k-th entry of A in their log.
  for (size_t k = 0;; ++k) {
    bool any = false;
    for (uint32_t i = 0; i < n_; ++i) {
      sub[i] = 0;
      if (!mask[i] || i >= s.logs.size()) continue;
      auto [lo, hi] = entriesOf(logOf(s, i, e.op), a);
      if (lo + k >= hi) continue;
      if (!fitsWord(lo[k].addr.index)) {  // log_offset() is a Word: a 64-bit cell is not modelled
        failOverflow(err, EvalError::Kind::AddressRange, i, id, lo[k].addr.index);
        continue;
      }
      offset_[i] = static_cast<Word>(lo[k].addr.index);
      sub[i] = 1;
      any = true;
    }
    if (!any) return out;
    const Word* v = ev(e.a, s, sub, d + 1, err);
    for (uint32_t i = 0; i < n_; ++i)
      if (sub[i] && v[i] == 0) out[i] = 0;
  }
}

Word Evaluator::scalarAnnot(ExprId id, const GroupState& s, bool enabled, EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  switch (e.op) {
    case EOp::Enabled: return stmtMask_ ? stmtMask_[0] != 0 : enabled;
    case EOp::LogOffset: return offset_[0];
    case EOp::Pairs: return 1;  // a group of one thread has no other thread
    case EOp::AtTaken: {
      const ExprNode& x = ir_.exprs[e.a];
      Index idx = 0;
      if (x.op == EOp::Addr64) {  // the exact 64-bit cell: h, then l
        const Word h = scalar(x.a, s, enabled, err);
        idx = static_cast<Index>(word::pair(h, scalar(x.b, s, enabled, err)));
      } else {
        idx = scalar(e.a, s, enabled, err);
      }
      const Word v = scalar(e.b, s, enabled, err);
      return taken(s, 0, Address{static_cast<ArrayId>(e.imm), idx}, v);
    }
    case EOp::RdAll: case EOp::WrAll: {
      if (s.logs.empty()) return 1;
      auto [lo, hi] = entriesOf(logOf(s, 0, e.op), static_cast<ArrayId>(e.imm));
      for (const LogEntry* p = lo; p != hi; ++p) {
        if (!fitsWord(p->addr.index)) {
          if (enabled) failOverflow(err, EvalError::Kind::AddressRange, 0, id, p->addr.index);
          return 0;
        }
        offset_[0] = static_cast<Word>(p->addr.index);
        if (scalar(e.a, s, enabled, err) == 0) return 0;
      }
      return 1;
    }
    default: break;
  }
  assert(false && "`other` is evaluated only inside `pairs` of a group of several threads");
  return 0;
}

}  // namespace sdvmc::sem
