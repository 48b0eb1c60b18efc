// The two-thread encoder (private to prover/): one class whose members are split across files by
// what they encode, as TwoThread.h describes the encoding: TwoThread.cpp the values, statements,
// barriers and loops (with Induction.h for the loops proved by induction), AsyncCopies.cpp the
// asynchronous copies (copies in flight, ASYNC-RACE, the waits and commits). Only encodePair
// (TwoThread.h) constructs it.
#pragma once

#include "prover/Induction.h"
#include "prover/TwoThread.h"

#include <z3++.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::prove::detail {

using sem::EOp;
using sem::ExprId;
using sem::Node;
using sem::NodeId;
using sem::NodeKind;
using sem::Rule;
using sem::VerdictKind;
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

/// The pair (or whole-group, or generic) program being encoded into a PairEncoding.
class Encoder {
public:
  Encoder(PairEncoding& out);
  void run();

private:
  z3::expr exists(int t) { return t == 1 && !group_ ? e_.two : c_.bool_val(true); }
  std::string name(const std::string& s) { return e_.options.prefix + s; }

  // ---- values ---------------------------------------------------------------------
  z3::expr bv(int64_t v) { return c_.bv_val(static_cast<int>(v), 32); }
  /// A cell index of W bits (W = 64 in a kernel with addr64 accesses, else 32).
  unsigned indexBits() const { return wide_ ? 64 : 32; }
  z3::expr ix(int64_t v) { return wide_ ? c_.bv_val(v, 64) : bv(v); }
  z3::sort memSort() { return c_.array_sort(c_.bv_sort(indexBits()), c_.bv_sort(32)); }
  z3::expr index(ExprId e, int t, const z3::expr& mask);
  /// index < 0 ∨ index ≥ extent, in W bits.
  z3::expr outside(const z3::expr& idx, uint32_t extent) { return idx < ix(0) || idx >= ix(extent); }
  z3::expr truth(const z3::expr& w) { return w != bv(0); }
  z3::expr word(const z3::expr& b) { return z3::ite(b, bv(1), bv(0)); }

  z3::expr pred(sem::PredId p, int t);
  void fresh(sem::Slot first, uint32_t count);
  z3::expr uninterpreted(const sem::ExprNode& x, int t, const z3::expr& mask);
  z3::expr wide(const sem::ExprNode& x, int t, const z3::expr& mask);
  z3::expr ev(ExprId id, int t, const z3::expr& mask);
  void error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array = sem::kNone);
  void error(VerdictKind kind, int t, const z3::expr& cond, sem::ArrayId array, const z3::expr& index);
  void flush(NodeId node);
  void stmt(NodeId id);
  void basic(NodeId id);
  void atomic(NodeId id);
  z3::expr highCell(const Node& n, const z3::expr& idx);
  void atomicConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool isAtomic);
  void barrier(NodeId id);
  void snapshot(const z3::expr& p);
  z3::expr continuation(NodeId id);
  void report(LoopReport r);
  void loop(NodeId id);
  bool longConstantLoop(NodeId id);
  bool induct(NodeId id, uint32_t k, const z3::expr& contK, const std::vector<ThreadState>& entry, std::string& why);

  // ---- asynchronous copies (semantics/rules/Async.cpp, specs/KPL.md) ------------------
  // Each copy instance issued (a statement instance of the unrolled encoding) is kept with its
  // cells, `issued` and `done` as formulas: in flight = issued ∧ ¬done. Its cells are
  // off + k·stride for k < n (Word arithmetic), so membership is exact: x is element
  // ((x − off) >> j)·o⁻¹ for stride 2^j·o (x − off <u n for stride 1), linear for a constant
  // stride, in bit-vector terms of the stride for one computed at run time; two ranges of stride 1 overlap in closed form, others
  // through one chosen element of each (as the logs' RD_elem). A copy is done at its wait
  // at once (with no ASYNC-RACE, no source cell changed since the issue, so that gives what
  // any moment in between would), as the rules do.

  /// A stride computed at run time, s = 2^j·o with o odd, and inv = o⁻¹ mod 2^32: j and inv are
  /// fresh constants pinned down by the execution's constraints where s ≠ 0 (runtimeStride).
  struct RuntimeStride {
    z3::expr s, j, inv;
  };
  /// One side of a copy: cells[off + k·stride], k < n, of `array`: `stride` a constant Word, or
  /// (`runtime`) the Word a kernel computes, uniform in the group (G-ASYNC-COPY's premise).
  struct CopyRange {
    sem::ArrayId array;
    z3::expr off, n;
    uint32_t stride = 1;
    std::optional<RuntimeStride> runtime;
    z3::expr step() const { return runtime ? runtime->s : off.ctx().bv_val(stride, 32); }
    z3::expr cell(const z3::expr& k) const { return off + k * step(); }
    /// A constant stride of 1 (the closed forms of overlap and copyErrors).
    bool unit() const { return !runtime && stride == 1; }
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
  RuntimeStride runtimeStride(const z3::expr& s);
  z3::expr element(const z3::expr& w, const CopyRange& r);
  z3::expr member(sem::ArrayId array, const z3::expr& idx, const CopyRange& r);
  z3::expr overlap(const CopyRange& a, const CopyRange& b);
  z3::expr repeats(const CopyRange& r);
  z3::expr inFlight(const Copy& c) { return c.issued && !c.done; }
  /// Copy c concerns pair member t: its own group's or thread's, or the other member's when
  /// both are of one group (copies of another group race only through the global logs).
  z3::expr related(const Copy& c, int t) { return c.member == t ? exists(t) : e_.two && e_.same; }

  void copyErrors(const CopyRange& dst, const CopyRange& src, int member, const z3::expr& p, const z3::expr& n);
  void issueConflicts(const Copy& c, const z3::expr& p);
  void asyncAccess(NodeId id, const std::vector<z3::expr>& p, const std::vector<z3::expr>& idx, sem::ArrayId array,
                   bool write);
  void inFlightConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool write);
  void complete(Copy& c, const z3::expr& now);
  void recordSources(const CopyRange& src);
  std::vector<std::vector<z3::expr>> uniformOperands(const Node& n, const std::vector<z3::expr>& p);
  void async(NodeId id);

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
  std::unique_ptr<induction::BudgetedSolver> inductionSolver_;
  std::vector<std::string> names_;  ///< per slot: the source name of the local it holds now
  std::vector<Copy> copies_;        ///< every copy instance issued, in issue order
  z3::expr nextEvent_[2];           ///< per pair member's group: G-ASYNC-COPY's next event
  z3::expr commits_[2];             ///< per pair member: its cp_commit count
  NodeId cur_ = sem::kNone;         ///< the statement being encoded (its check points' node)
  NodeId finalBarrier_ = sem::kNone;  ///< main's last statement, the kernel's end
};

}  // namespace sdvmc::prove::detail
