// One concrete, deterministic execution of a kernel under the simt:W model
// (../shared/vendor-behaviours.md), for `sdvmc run --model simt:W`, with GKLEE-style warp
// analyses (GKLEE, PPoPP'12: warp lock step, intra-/inter-warp races, warp-divergence
// races, bank conflicts, coalescing).
//
// What is where. The warp semantics is WarpModel's alone (WarpModel.h, the model that
// `check --model simt:W|mimd` explores): lock-step reads and writes, the intra- and
// inter-warp race check, barrier arrival and release, finishing and the deadlock it can
// be. This file is a driver and an observer of it:
//  - the schedule: which warp applies its next rule (WarpModel::step, one rule
//    application at a time) and when; the --max-steps budget;
//  - the analyses, as a WarpObserver (told of each access before its race check and
//    once performed, and of each warp passing a barrier) and around each step: the
//    performance counters and GKLEE's warp-divergence race, which exists only here;
//  - the run's figures and verdict.
//
// The execution (WarpModel.h says what each rule does)
//  - The group of n threads is cut into warps of W consecutive threads (the last one may
//    be partial; W = 0: one warp for the whole group). Each warp is an SDV group of its
//    lanes run by an SdvMachine, so structured control flow means exactly what it means
//    under SDV (predicated lock step). All warps share ONE memory: a write is visible to
//    the next statement.
//  - A barrier for which some lane of the warp is enabled makes the warp wait (the warp
//    counts as arrived); one for which no lane is enabled is skipped.
//  - Schedule: warp 0 runs until it waits at a barrier or has nothing left, then warp 1,
//    …, in rounds; when every warp that has not finished waits, all pass the barrier at
//    once and the access sets are cleared (a new barrier interval); then again from
//    warp 0. A warp with nothing left finishes at once when another warp waits (a
//    deadlock); otherwise its finishing is put off (finishing is an action of its own in
//    WarpModel, taken in any order): the first warp that then arrives at a barrier makes
//    it finish (a deadlock), and when no warp has anything left they all finish.
//  - simt-uniform-exit: one warp for the group, loops exit as soon as their guard is
//    false for one enabled lane (SdvMachine::setUniformLoopExit). mimd: W = 1 (races and
//    deadlocks then carry MIMD-RACE / MIMD-DEADLOCK and no scope, as in WarpModel).
//
// Verdicts (the first one met ends the run)
//  - Races (VerdictKind::Race, Rule::SimtRace, reported at the second access, `scope`
//    saying which kind; `accesses` = the earlier access, then this one). For each enabled
//    lane of an access, in increasing lane order, checked in this order:
//      "intra-warp": a lower lane of the same warp writes the same cell in the same
//        write statement (WarpModel's check);
//      "warp-divergence" (GKLEE's porting race): the warp runs an `if` whose condition
//        differs among its enabled lanes, so the then-part runs, then the else-part (the
//        order G-IF gives); a lane in the else-part accesses a cell that a lane in the
//        then-part accessed, at least one of the two writing: the result depends on the
//        order in which the hardware runs the two parts. Tracked per warp with a frame per
//        divergent `if` being executed (found from the warp's ss: the else-part's item
//        sits below the then-part's); accesses count for every enclosing divergent
//        frame. Frames survive barriers (a barrier does not order the two parts of one
//        warp on hardware that may run them in either order). This check is the
//        observer's (WarpObserver::beforeRaceCheck), put in that place by WarpModel;
//      "inter-warp": a thread of another warp accessed the cell since the last barrier
//        release, one of the two writing (WarpModel's check; the other thread reported
//        is, among the warps in increasing order, the lowest lane with a conflicting
//        access, a write preferred).
//  - Deadlock (VerdictKind::Deadlock, Rule::SimtDeadlock; WarpModel's): a warp finishes
//    while another waits at a barrier. Decision: reported also when the waiting comes
//    after the warp had nothing left in this schedule: the schedule puts its finishing
//    off until then, an interleaving WarpModel (`check --model simt:W`) explores too;
//    the verdict of `run` thus does not depend on the warp order.
//  - Evaluation errors, assertion failures, out-of-bounds accesses and discarded runs, as
//    the machine (or WarpModel's access) reports them; thread numbers are the group's,
//    not the warp's lanes'.
//  - Inconclusive after `maxSteps` rule applications (all warps together).
//
// Performance counters (always kept; `sdvmc run --perf` prints them). Each has a group
// total and totals per source statement (line:col of the `if`, the `while`, the rd/wr).
//  - divergent branches: each time a warp completes G-IF's `v := e` and its enabled lanes
//    (the if's predicate) hold both values of the condition: 1 for the `if`. An `if`
//    without `else` counts the same way (the lanes that skip it idle). Loops: each G-ITER
//    applied by a warp in which some lane enabled for the loop (p ∧ ¬break) has its guard
//    false: 1 for the `while` (so a loop whose lanes run 1 and 3 iterations counts 2).
//  - bank conflicts: every bounded array is `shared` memory: 4-byte words, 32 banks,
//    each array starting at bank 0 (an array's base is bank-aligned), so cell i is in
//    bank i mod 32. Per warp access (one rd/wr statement executed by a warp with at least
//    one enabled lane): lanes on the same cell do not conflict (broadcast); the degree is
//    the maximum over banks of the number of distinct cells of that bank accessed; the
//    access adds degree − 1 conflicts (GKLEE's count: the replays it needs). Counted for
//    any W (a warp of W lanes, not a fixed 32).
//  - non-coalesced global accesses: KPL's only global memory is the default memory `mem`
//    (unbounded). Per warp access to it, the segments touched: 128-byte segments of 32
//    consecutive words, segment = floor(index / 32) (negative indices too: −1 is in
//    segment −1). An access touching s > 1 segments is non-coalesced: it adds 1 to
//    `nonCoalesced` and s − 1 to `extraTransactions`.
//  Counters cover the warp accesses performed; an access that ends the run with a
//  verdict is not counted.
#pragma once

#include "semantics/models/WarpModel.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sdvmc::sem {

struct SimtOptions {
  uint32_t warpSize = 32;     ///< lanes per warp; 0: the whole group is one warp
  bool uniformExit = false;   ///< simt-uniform-exit
  uint64_t maxSteps = 100'000'000;
};

/// The counters of one statement.
struct PerfLine {
  kpl::SourceLoc loc;
  NodeId node = kNone;  ///< the first lowered node counted here (for its text)
  uint64_t divergentBranches = 0;
  uint64_t bankConflicts = 0;
  uint64_t nonCoalesced = 0;
  uint64_t extraTransactions = 0;
};

struct PerfCounters {
  uint64_t divergentBranches = 0;
  uint64_t bankConflicts = 0;
  uint64_t nonCoalesced = 0;
  uint64_t extraTransactions = 0;
  uint64_t sharedAccesses = 0;  ///< warp accesses to bounded arrays
  uint64_t globalAccesses = 0;  ///< warp accesses to `mem`
  /// By (line, col), in source order.
  std::map<std::pair<uint32_t, uint32_t>, PerfLine> lines;
};

/// GKLEE's counts for one warp access (exposed for tests): the lanes' indices in `index`
/// where `mask` is set.
uint32_t bankConflictDegree(const Index* index, const uint8_t* mask, uint32_t lanes);
uint32_t segmentsTouched(const Index* index, const uint8_t* mask, uint32_t lanes);

class SimtRun : private WarpObserver {
public:
  /// `params`: the kernel parameters' values, one Word per Ir::params (missing ones 0).
  SimtRun(const Ir& ir, uint32_t threads, Word gid, Memory memory, SimtOptions options,
          const std::vector<Word>& params = {});
  ~SimtRun() override;

  /// Runs to the end (Ok) or to the first verdict.
  Verdict run();

  const Memory& memory() const { return state_.memory; }
  const PerfCounters& perf() const { return perf_; }
  uint32_t warpCount() const { return static_cast<uint32_t>(state_.warps.size()); }
  uint64_t steps() const { return steps_; }
  uint64_t threadSteps() const { return threadSteps_; }
  /// Told about every rule application of every warp (the GroupState's lidBase says which
  /// warp; `enabled` is over its lanes). Reads, writes and barriers are reported here as
  /// T-RD, T-WR, G-SYNC (the release, once per waiting warp) and G-NO-OP.
  void setObserver(RuleObserver* o) { model_.setRuleObserver(o); }

private:
  struct Access {
    uint32_t thread = UINT32_MAX;
    NodeId at = kNone;
  };
  /// The accesses to one cell in the then-part of a divergent if: the lowest thread that
  /// wrote and the lowest that read, each with its first statement.
  struct CellUse {
    Access write, read;
    Access atomic;  ///< an atomic (WarpAtomic.cpp): a write to plain accesses, none to atomics
  };
  struct Frame {
    NodeId ifNode = kNone;
    size_t depth = 0;      ///< index in ss of the else-part's item
    bool inElse = false;
    std::map<Address, CellUse> thenAccesses;
  };

  /// Runs warp w until it waits at a barrier or has nothing left.
  std::optional<Verdict> runWarp(uint32_t w);
  /// (divergent branches) Before warp w applies G-ITER or G-DONE to loop `id`.
  void countLoop(uint32_t w, NodeId id);
  /// (divergent branches, divergent-if frames) After warp w applied the rule of `stepped`.
  void afterStep(uint32_t w, NodeId stepped);
  PerfLine& line(NodeId id);

  // The analyses, told by the model.
  std::optional<LaneRace> beforeRaceCheck(const WarpState& s, uint32_t w, NodeId id, const uint8_t* enabled,
                                          const Index* index) override;
  void accessed(const WarpState& s, uint32_t w, NodeId id, const uint8_t* enabled, const Index* index,
                const Index* high) override;
  void released(const WarpState& s, uint32_t w, NodeId id) override;

  const Ir& ir_;
  SimtOptions opts_;
  WarpModel model_;
  WarpState state_;
  std::vector<std::vector<Frame>> frames_;  ///< per warp: its divergent ifs being run, outermost first
  std::vector<NodeId> ifOfFlag_;  ///< by node: the `if` whose `v := e` it is, or kNone
  /// The first warp with nothing left whose finishing is put off (see run()).
  std::optional<uint32_t> finishing_;
  PerfCounters perf_;
  std::vector<uint8_t> mask_;
  uint64_t steps_ = 0, threadSteps_ = 0;
};

}  // namespace sdvmc::sem
