// One concrete, deterministic execution of a kernel under the simt:W model
// (../shared/vendor-behaviours.md; WarpModel.h explores every interleaving of the same
// model), for `sdvmc run --model simt:W`, with GKLEE-style warp analyses (GKLEE, PPoPP'12:
// warp lock step, intra-/inter-warp races, warp-divergence races, bank conflicts,
// coalescing).
//
// The execution
//  - The group of n threads is cut into warps of W consecutive threads (the last one may
//    be partial; W = 0: one warp for the whole group). Each warp is an SDV group of its
//    lanes (GroupState with lidBase = its first thread) run by an SdvMachine, so
//    structured control flow means exactly what it means under SDV (predicated lock step).
//  - All warps share ONE memory: a read or write of the enabled lanes goes to it directly
//    (lock step: every enabled lane reads, or writes, at once; a write is visible to the
//    next statement). Reads and writes are done here (as WarpModel::access does), every
//    other statement by SdvMachine::step.
//  - A barrier for which some lane of the warp is enabled makes the warp wait (the warp
//    counts as arrived); one for which no lane is enabled is skipped.
//  - Schedule: warp 0 runs until it waits at a barrier or finishes, then warp 1, …, in
//    rounds; when every warp that has not finished waits, all pass the barrier at once
//    and the access sets are cleared (a new barrier interval); then again from warp 0.
//  - simt-uniform-exit: one warp for the group, loops exit as soon as their guard is
//    false for one enabled lane (SdvMachine::setUniformLoopExit). mimd: W = 1 (races and
//    deadlocks then carry MIMD-RACE / MIMD-DEADLOCK and no scope, as in WarpModel).
//
// Verdicts (the first one met ends the run)
//  - Races (VerdictKind::Race, Rule::SimtRace, reported at the second access, `scope`
//    saying which kind; `accesses` = the earlier access, then this one). For each enabled
//    lane of an access, in increasing lane order, checked in this order:
//      "intra-warp": a lower lane of the same warp writes the same cell in the same
//        write statement (WarpModel's definition);
//      "warp-divergence" (GKLEE's porting race): the warp runs an `if` whose condition
//        differs among its enabled lanes, so the then-part runs, then the else-part (the
//        order G-IF gives); a lane in the else-part accesses a cell that a lane in the
//        then-part accessed, at least one of the two writing: the result depends on the
//        order in which the hardware runs the two parts. Tracked per warp with a frame per
//        divergent `if` being executed (found from the warp's ss: the else-part's item
//        sits below the then-part's); accesses count for every enclosing divergent
//        frame. Frames survive barriers (a barrier does not order the two parts of one
//        warp on hardware that may run them in either order);
//      "inter-warp": a thread of another warp accessed the cell since the last barrier
//        release, one of the two writing (WarpModel's definition; the other thread
//        reported is, among the warps in increasing order, the lowest lane with a
//        conflicting access, a write preferred).
//  - Deadlock (VerdictKind::Deadlock, Rule::SimtDeadlock): a warp finishes while another
//    waits at a barrier. Decision: reported also when the waiting comes after the
//    finishing in this schedule (a warp waits at a barrier after another warp finished):
//    some other interleaving of the same interval makes the finishing warp leave the
//    waiting one waiting forever, and WarpModel (`check --model simt:W`) reports exactly
//    that interleaving; the verdict of `run` thus does not depend on the warp order.
//  - Evaluation errors, assertion failures, out-of-bounds accesses and discarded runs, as
//    the machine (or the access) reports them; thread numbers are the group's, not the
//    warp's lanes'.
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

#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <map>
#include <memory>
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
uint32_t bankConflictDegree(const Word* index, const uint8_t* mask, uint32_t lanes);
uint32_t segmentsTouched(const Word* index, const uint8_t* mask, uint32_t lanes);

class SimtRun {
public:
  SimtRun(const Ir& ir, uint32_t threads, Word gid, Memory memory, SimtOptions options);
  ~SimtRun();

  /// Runs to the end (Ok) or to the first verdict.
  Verdict run();

  const Memory& memory() const { return memory_; }
  const PerfCounters& perf() const { return perf_; }
  uint32_t warpCount() const { return static_cast<uint32_t>(warps_.size()); }
  uint64_t steps() const { return steps_; }
  uint64_t threadSteps() const { return threadSteps_; }
  /// Told about every rule application of every warp (the GroupState's lidBase says which
  /// warp; `enabled` is over its lanes). Reads, writes and barriers are reported here as
  /// T-RD, T-WR, G-SYNC (the release, once per waiting warp) and G-NO-OP.
  void setObserver(RuleObserver* o);

private:
  enum class Status : uint8_t { Running, Waiting, Done };
  struct Access {
    uint32_t thread = 0;
    NodeId at = kNone;
  };
  /// The accesses to one cell: per warp (or per part of a divergent if), the lowest
  /// thread that wrote and the lowest that read, each with its first statement.
  struct CellUse {
    uint32_t warp = 0;
    Access write{UINT32_MAX, kNone};
    Access read{UINT32_MAX, kNone};
  };
  struct Frame {
    NodeId ifNode = kNone;
    size_t depth = 0;      ///< index in ss of the else-part's item
    bool inElse = false;
    std::unordered_map<uint64_t, CellUse> thenAccesses;
  };
  struct Warp {
    GroupState g;
    SdvMachine* machine = nullptr;
    Status status = Status::Running;
    std::vector<Frame> frames;
  };

  std::optional<Verdict> runWarp(uint32_t w);
  std::optional<Verdict> access(uint32_t w, NodeId id);
  std::optional<Verdict> arrive(uint32_t w);
  void release();
  void afterStep(uint32_t w, NodeId stepped);
  void countLoop(uint32_t w, NodeId id);
  PerfLine& line(NodeId id);
  Verdict shifted(Verdict v, const GroupState& g) const;
  Verdict deadlock(uint32_t finished, uint32_t waiting) const;
  Verdict race(NodeId id, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread, bool write,
               const char* scope) const;
  static uint64_t key(Address a) {
    return (static_cast<uint64_t>(a.array) << 32) | static_cast<uint32_t>(a.index);
  }

  const Ir& ir_;
  SimtOptions opts_;
  uint32_t n_;
  Memory memory_;
  std::map<uint32_t, std::unique_ptr<SdvMachine>> machines_;
  std::vector<Warp> warps_;
  std::vector<NodeId> ifOfFlag_;  ///< by node: the `if` whose `v := e` it is, or kNone
  std::unordered_map<uint64_t, std::vector<CellUse>> interval_;  ///< accesses since the last release
  std::optional<uint32_t> finished_;  ///< the first warp that finished
  PerfCounters perf_;
  RuleObserver* observer_ = nullptr;
  std::vector<uint8_t> mask_, mask2_;
  std::vector<Word> index_, value_;
  uint64_t steps_ = 0, threadSteps_ = 0;
};

}  // namespace sdvmc::sem
