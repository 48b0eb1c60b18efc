// The SDV semantics: synchronous, delayed visibility (../shared/sdv-semantics.md).
//
// One function per rule, named after it, so this file can be held against the page line
// by line: the group rules gBasic, gDivergence, gNoOp, gRace, gSync, gSeq, gVar, gIf,
// gOpen, gIter, gDone, gCall, and the thread rules tDisabled, tAssign, tRd, tWr (plus
// tAssert, tAssume and tSkip for the extensions). `step` is the single dispatch: it pops
// the top item of ss and applies the one rule whose premise holds.
//
// The thread rules are applied to the whole group at once (lock step): a thread rule
// function takes the mask of threads for which the predicate p holds; the other threads
// take T-DISABLED, which leaves them unchanged.
#pragma once

#include "semantics/rules/Eval.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace sdvmc::sem {

/// Told about every rule application (`sdvmc run --trace`). `enabled` is the mask of
/// threads whose predicate holds (n entries).
class RuleObserver {
public:
  virtual ~RuleObserver() = default;
  virtual void onRule(Rule rule, NodeId node, const GroupState& s, const uint8_t* enabled) = 0;
};

/// Shared memory at the start of a run: every bounded array's cells, and the default
/// memory's explicitly given cells (the others hold `unboundedDefault`).
Memory initialMemory(const Ir& ir, Word arbitrary = 0);

class SdvMachine {
public:
  SdvMachine(const Ir& ir, uint32_t threads);

  /// A valid initial state: ss = ⟨(main, true)⟩, lid = i, empty R and W, every location
  /// 0, and one shared memory `memory` seen by every thread.
  GroupState initialState(Word gid, Memory memory, const std::vector<Word>& params = {}) const;

  /// Applies the one rule whose premise holds for the top of ss. Returns a verdict when
  /// the rule reaches an error (or discards the execution); nullopt otherwise.
  std::optional<Verdict> step(GroupState& s);

  /// Steps until ss is empty (Ok), an error, or `maxSteps` rule applications
  /// (Inconclusive).
  Verdict run(GroupState& s, uint64_t maxSteps);

  void setObserver(RuleObserver* o) { observer_ = o; }
  /// (extension) The candidates (`candidate(e)`) found not to hold so far, each once: the
  /// node and the lowest enabled thread for which e was false (or failed), in order found.
  /// They are no verdict: a candidate that does not hold is dropped and the run goes on.
  struct Dropped {
    NodeId at;
    uint32_t thread;
  };
  const std::vector<Dropped>& droppedCandidates() const { return dropped_; }
  /// (several groups, Launch.h) Collect every access to a `global` array: at each G-SYNC
  /// the logs' entries on global arrays are appended to `*f` before they are cleared.
  struct FootprintEntry {
    Address addr;
    uint32_t thread;
    NodeId at;
    uint8_t kind;  ///< 0 read, 1 write, 2 atomic
    Word value;    ///< writes: the value written
  };
  void setFootprint(std::vector<FootprintEntry>* f) { footprint_ = f; }
  /// (several groups, Launch.h) `barrier(grid);` ends a phase: after its G-SYNC, run()
  /// returns Ok with ss not empty (the group waits there for the others); gridStop() is
  /// the barrier. Off (one group): a grid barrier is the group's barrier, nothing more.
  void setGridPhases(bool on) { gridPhases_ = on; }
  NodeId gridStop() const { return gridStop_; }
  /// simt-uniform-exit: a loop exits for every thread as soon as its guard is false for
  /// one enabled thread (instead of when it is false for all: G-DONE's premise).
  void setUniformLoopExit(bool on) { uniformExit_ = on; }
  /// (option, off by default as in SDV) Two threads writing the same value to a location
  /// between barriers is not a race (a "benign" write-write; GPUVerify's tolerance).
  void setBenignWrites(bool on) { benignWrites_ = on; }
  /// (options) What of races(Σ) is checked besides SDV's rule (RaceOptions).
  void setRaceOptions(RaceOptions o) { raceOptions_ = std::move(o); }
  /// The machine's evaluator (models use it to look ahead at a statement's addresses).
  Evaluator& evaluator() { return eval_; }
  Rule lastRule() const { return lastRule_; }
  uint64_t steps() const { return steps_; }
  /// Basic statements and barriers applied, times the number of threads.
  uint64_t threadSteps() const { return threadSteps_; }

  // ---- group rules (→g) --------------------------------------------------------------
  std::optional<Verdict> gBasic(GroupState& s, Item it);
  Verdict gDivergence(GroupState& s, Item it, const uint8_t* enabled);
  void gNoOp(GroupState& s, Item it);
  Verdict gRace(GroupState& s, Item it);
  void gSync(GroupState& s, Item it);
  void gSeq(GroupState& s, Item it);
  void gVar(GroupState& s, Item it);
  void gIf(GroupState& s, Item it);
  void gOpen(GroupState& s, Item it);
  void gIter(GroupState& s, Item it);
  void gDone(GroupState& s, Item it);
  void gCall(GroupState& s, Item it);

  // ---- thread rules (→t), for the threads in `enabled`; the others are T-DISABLED ----
  std::optional<Verdict> tAssign(GroupState& s, const Node& node, const uint8_t* enabled);
  std::optional<Verdict> tRd(GroupState& s, const Node& node, const uint8_t* enabled);
  std::optional<Verdict> tWr(GroupState& s, const Node& node, const uint8_t* enabled);
  std::optional<Verdict> tAssert(GroupState& s, const Node& node, const uint8_t* enabled);
  void dropCandidate(const Node& node, const uint8_t* enabled, const Word* e, const EvalError& err);
  std::optional<Verdict> tAssume(GroupState& s, const Node& node, const uint8_t* enabled);
  /// (extension) T-ATOMIC: every enabled thread, in ascending lid order, reads its view of
  /// the cell, writes the new value to the group's memory at once (and to its own shadow),
  /// and logs the address as an atomic access; the result is the value read. A 64-bit one
  /// does the same on the pair of cells i (low word) and i+1 (high word) at once.
  std::optional<Verdict> tAtomic(GroupState& s, const Node& node, const uint8_t* enabled);
  void tSkip(GroupState& s, const Node& node);

  // ---- (extension) asynchronous copies (Async.cpp; specs/KPL.md) ----------------------
  /// The dispatch for an Async node: the group rules for async_copy / async_wait, the
  /// thread rules for cp_async / cp_commit / cp_wait.
  std::optional<Verdict> gAsync(GroupState& s, Item it);
  /// G-ASYNC-COPY: every thread enabled (else divergence) with the same operands (else
  /// divergence); a copy of the group is put in flight, conflicting with every thread's
  /// accesses since the last barrier and with the copies in flight; each thread gets its event.
  std::optional<Verdict> gAsyncCopy(GroupState& s, Item it, const uint8_t* enabled);
  /// G-ASYNC-WAIT: every thread enabled with the same events; the group's copies of those
  /// events are done: each destination cell gets its source cell's value in the memory of
  /// the group (visible to every thread).
  std::optional<Verdict> gAsyncWait(GroupState& s, Item it, const uint8_t* enabled);
  /// T-CP-ASYNC: each enabled thread puts a copy of its own in flight (uncommitted).
  std::optional<Verdict> tCpAsync(GroupState& s, const Node& node, const uint8_t* enabled);
  /// T-CP-COMMIT: each enabled thread's uncommitted copies become its newest batch.
  void tCpCommit(GroupState& s, const Node& node, const uint8_t* enabled);
  /// T-CP-WAIT(k): each enabled thread's batches but its k newest are done: the copy reads
  /// the source in the thread's view and writes the destination, logged as the thread's
  /// read and write (T-RD, T-WR).
  std::optional<Verdict> tCpWait(GroupState& s, const Node& node, const uint8_t* enabled);
  /// ASYNC-RACE: thread `tid`'s access to `a` (a write: `write`) at statement `at` against
  /// the copies in flight: a race where `a` is a destination cell, or is written and is a
  /// source cell.
  std::optional<Verdict> asyncConflict(const GroupState& s, NodeId at, uint32_t tid, Address a, bool write) const;
  /// The kernel's end completes every copy still in flight (its group's, and each
  /// thread's, as their waits would).
  void completeAllCopies(GroupState& s);
  /// T-DISABLED: (σ, basic, p) →t σ when ¬p^σ. Nothing to do; named so traces and
  /// readers can find it.
  static void tDisabled() {}

  /// races(Σ): two threads i ≠ j with (R_i ∪ W_i) ∩ W_j ≠ ∅. Returns the two accesses of
  /// the conflict reported (the smallest address; see Sdv.cpp), or nullopt.
  std::optional<std::pair<RaceAccess, RaceAccess>> races(const GroupState& s) const;
  /// Whether races on `a` are checked (RaceOptions::arrays).
  bool raceChecked(Address a) const {
    return raceOptions_.arrays.empty() ||
           std::find(raceOptions_.arrays.begin(), raceOptions_.arrays.end(), a.array) != raceOptions_.arrays.end();
  }
  /// (extension) The atomic-vs-plain part of races(Σ); see Sdv.cpp.
  std::optional<std::pair<RaceAccess, RaceAccess>> atomicRaces(const GroupState& s) const;
  /// merge(Σ) into s.base: every thread's writes since the last barrier (to the arrays of
  /// the memory spaces `fence` orders).
  void merge(GroupState& s, uint8_t fence = kpl::kFenceAll) const;
  /// Empties a thread's logs of the arrays of the spaces `fence` orders (G-SYNC).
  void clearOrdered(ThreadLog& log, uint8_t fence) const;

private:
  NodeId nodeId(const Node& n) const { return static_cast<NodeId>(&n - ir_.nodes.data()); }
  void push(GroupState& s, NodeId node, uint32_t aux = 0) const { s.ss.push_back(Item{node, aux}); }
  void fresh(GroupState& s, Slot first, uint32_t count) const;
  uint8_t* predicateMask(const GroupState& s, PredId p);
  void notify(Rule r, NodeId node, const GroupState& s, PredId p);
  Verdict verdictAt(VerdictKind kind, Rule rule, NodeId id) const;
  // (extension) asynchronous copies, Async.cpp
  std::optional<Verdict> uniformOperands(GroupState& s, NodeId id, Rule rule, const uint8_t* p,
                                         std::vector<Index>& values, bool& none);
  std::optional<Verdict> copyCells(NodeId id, Rule rule, uint32_t who, Index doff, Word dstride, Index soff,
                                   Word sstride, Word count, AsyncCopy& c) const;
  std::optional<Verdict> issueConflict(const GroupState& s, NodeId id, const AsyncCopy& c) const;
  void completeCopy(GroupState& s, const AsyncCopy& c);

  const Ir& ir_;
  uint32_t n_;
  Evaluator eval_;
  std::vector<uint8_t> mask_;
  RuleObserver* observer_ = nullptr;
  std::vector<FootprintEntry>* footprint_ = nullptr;
  bool uniformExit_ = false;
  bool gridPhases_ = false;
  NodeId gridStop_ = kNone;
  bool benignWrites_ = false;
  RaceOptions raceOptions_;
  Rule lastRule_ = Rule::GSeq;
  uint64_t steps_ = 0;
  std::vector<Dropped> dropped_;
  uint64_t threadSteps_ = 0;
};

/// The verdict for an expression error met while applying `rule` to statement `id`.
Verdict evalFailureVerdict(const Ir& ir, NodeId id, Rule rule, const EvalError& err);
/// The verdict for thread `tid` reading (or writing) `array`[index] out of its bounds.
Verdict outOfBoundsVerdict(const Ir& ir, NodeId id, Rule rule, uint32_t tid, Index index, bool write);
/// (extension) T-PRIVATE-INDEX: the verdict out-of-bounds for thread `tid` indexing the private
/// array of the `private_index` statement `id` at `index`; and its message.
Verdict privateIndexVerdict(const Ir& ir, NodeId id, uint32_t tid, Word index);
std::string privateIndexText(uint32_t tid, const std::string& name, uint32_t size, int64_t index);
/// (extension) The verdict for thread `tid` writing `array`[index], a `const global` array.
Verdict constantWriteVerdict(const Ir& ir, NodeId id, Rule rule, uint32_t tid, Index index);
/// The cell of a 64-bit atomic's high word, after its low word's cell `i`: the next one,
/// exactly for a 64-bit index (`addr64`); a 32-bit index wraps as the frontends' i + 1 does.
inline Index nextCell(const Ir& ir, const Node& node, Index i) {
  return ir.exprs[node.e0].op == EOp::Addr64 ? i + 1 : static_cast<Index>(static_cast<Word>(static_cast<uint32_t>(i) + 1u));
}
/// The lowest enabled thread of `p` when statement `id` writes a `const global` array.
std::optional<uint32_t> constantWriter(const Ir& ir, const Node& node, const uint8_t* p, uint32_t n);

/// σ_i.R and σ_i.W bookkeeping: add `a` to a sorted log (keeping the first statement
/// that made the access); for a write, set the shadow value.
void logRead(ThreadLog& log, Address a, NodeId at);
void logWrite(ThreadLog& log, Address a, Word value, NodeId at);
void logAtomic(ThreadLog& log, Address a, NodeId at);
/// The new value of an atomic `op` on a cell holding `old`, with operand `v` (and, for
/// cas, compare value `v` and new value `nv`); CUDA's semantics for inc and dec.
Word atomicResult(kpl::AtomicOp op, Word old, Word v, Word nv);
/// The same for the 64-bit atomics (kpl::atomicIsWide) on hi·2^32 + lo bit patterns:
/// add/sub wrap, min/max signed, umin/umax unsigned, fadd is IEEE double add, cas gives
/// `old == v ? nv : old`.
uint64_t atomicResult64(kpl::AtomicOp op, uint64_t old, uint64_t v, uint64_t nv);

}  // namespace sdvmc::sem
