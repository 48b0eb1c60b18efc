// Execution models in which warps interleave on one shared memory
// (../shared/vendor-behaviours.md):
//  - `simt:W`: warps of W consecutive threads run in predicated lock step, as under SDV
//    but on one real shared memory (a write is visible to the next statement); a barrier
//    counts a warp as arrived when any of its threads is enabled; warps interleave
//    between barriers. `simt-uniform-exit` is simt with one warp for the whole group in
//    which a loop exits for every thread as soon as its guard is false for one enabled
//    thread.
//  - `mimd` is simt:1: threads run independently, in every interleaving of their
//    statements (MimdModel below).
// A barrier blocks until every warp that has not finished has arrived at *a* barrier
// (instances are counted, not matched by source location); a warp that finishes while
// others wait is a deadlock. A race is two accesses to one location by threads of
// different warps, at least one a write, with no barrier between them (inter-warp), or
// two threads of one warp writing one location in the same statement (intra-warp); it
// is reported at the second access.
//
// Each warp runs the lowered program as an SDV group of its threads (its own ss and
// locals), so structured control flow means exactly what it means under SDV.
//
// States and transitions, precisely (so that state counts can be worked out by hand):
//  - A state is: the group size and id, the shared memory (arbitrary cells may be
//    unknown), and for each warp its status (running, waiting at a barrier, done), its
//    ss and live locations, and the locations each of its threads read and wrote since
//    the last barrier.
//  - Every warp is kept *normalised*: the rules that only rearrange its own statements
//    (G-SEQ, G-VAR, G-IF, G-OPEN, G-ITER, G-DONE, G-CALL, `skip`, and any statement or
//    barrier for which none of its threads is enabled) are applied eagerly, after each
//    transition and in the initial state, until the statement on top is one it executes,
//    or its ss is empty.
//  - The visible actions are reads, writes, barriers and finishing. Without
//    partial-order reduction (`por = false`) the other executed statements (assignments,
//    assert, assume) are transitions too. With it (the default), they are invisible:
//    touching only the warp's locals, they commute with every other warp's steps, so they
//    are applied eagerly as part of normalisation. Every state still offers every running
//    warp's next visible action, so no warp is ignored (the cycle proviso holds
//    trivially); a warp that runs `stepCap` rules without a visible action is stuck.
//  - The transitions of a state are, for each running warp in increasing order: its
//    next action; a read of unknown cells (arbitrary initial values not chosen yet) is one
//    transition per combination of domain values for all of them (cells in address order,
//    the first varying slowest; for one cell: each value in increasing order), choosing
//    the values and reading. A barrier action makes the warp wait; when no running warp is
//    left, every waiting warp passes the barrier at once (the access sets are cleared) and
//    is normalised, in warp order; a statement that would fail there (an error, a failed
//    assume) is left on top of its warp, to be that warp's next transition, so one warp's
//    failure never hides another's.
//  - Finishing is an action too: a running warp whose ss is empty finishes (becomes
//    done) as a transition of its own, a deadlock if another warp waits at that moment.
//    Only when every warp that has not finished has an empty ss (none can wait any more)
//    do they all finish at once, as part of the transition that brought this about
//    (typically the release of the final barrier).
//  - A state in which every warp is done is terminal.
//  - Races continued (`litmus --races continue`, setRacesContinue; outcome mode only): an
//    inter-warp race does not end the execution. The access happens as it would without
//    the race (sequentially consistent: a read sees the last write to the one memory), and
//    the race (the other thread's earlier access, this one: one per other thread that
//    accessed the cell, its write preferred to its read) joins the state's set of races, so
//    that two executions reaching one memory through different races are different
//    states (so is the statement of each access since the last barrier: the earlier
//    access a race names). An intra-warp race (two lanes writing one cell in one statement) still ends
//    the execution as an error outcome: which lane's write lands is not modelled. Symmetry
//    is off in this mode.
//  - In the bytes, each warp's slice is its status, the length of the rest, then its
//    ss, live locals and logs (StateCodec.h), so that a slice can be found without decoding.
//    With races continued the set of races follows the last warp, then the statement of
//    each log entry (its provenance, which the slices leave out), warp by warp.
//  - The transition cache (TransitionCache.h; `--transition-cache`, on by default when no
//    symmetry is in force) replays what the interpreter did for a warp's slice instead of
//    decoding the state; it changes no state, count or witness.
//  - With symmetry (Symmetry.h; `--symmetry on`, the default, when the kernel has it) a
//    state is stored canonically: data values renamed in order of first appearance, then
//    (when the kernel never reads lid and all warps have as many threads) warps sorted
//    by their bytes.
//
// The same rules run one concrete execution (`sdvmc run --model simt:W|mimd`, SimtRun.h):
// this class owns the warp semantics (access and its race check, arrival and release,
// finishing and deadlock), used by both expand's transitions (act) and step(), which
// applies one rule of one warp to a decoded state and leaves the schedule to its caller.
// A run can be watched: a WarpObserver is told of each access (before its race check,
// which takes a race of the observer's own at its lane, and once performed) and of each
// warp passing a barrier; a RuleObserver of every rule application (--trace). Exploration
// sets neither, and its accesses are compiled without them (access<false>); a barrier
// release tests for them (a null pointer) once per warp.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/models/Model.h"
#include "semantics/rules/Sdv.h"
#include "semantics/models/StateCodec.h"
#include "semantics/models/Symmetry.h"
#include "semantics/models/TransitionCache.h"

#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace sdvmc::sem {

enum class ThreadStatus : uint8_t { Running = 0, Waiting = 1, Done = 2 };

/// (races continued) A race an execution went past: the earlier access of the cell by
/// another thread, then the later one (threads are the group's).
struct PathRace {
  Address addr;
  uint32_t firstThread = 0;
  bool firstWrite = false;
  NodeId firstAt = kNone;
  uint32_t thread = 0;
  bool write = false;
  NodeId at = kNone;
  friend auto operator<=>(const PathRace&, const PathRace&) = default;
};

/// A decoded state.
struct WarpState {
  uint32_t n = 0;
  Word gid = 0;
  Memory memory;
  std::vector<GroupState> warps;      ///< each an SDV group of its threads; lidBase = its first thread
  std::vector<ThreadStatus> status;   ///< per warp
  std::vector<PathRace> races;        ///< (races continued) the races so far, sorted, unique
};
using MimdState = WarpState;

struct WarpOptions {
  uint32_t warpSize = 1;     ///< threads per warp; 0: the whole group is one warp
  bool uniformExit = false;  ///< loops exit as soon as one enabled thread's guard is false
};

/// Told what the warps do in a concrete run (WarpModel::step; SimtRun's counters and its
/// warp-divergence race). Exploration sets none (WarpModel.h says what it costs there).
class WarpObserver {
public:
  virtual ~WarpObserver() = default;
  /// A race of the observer's own, found at one lane of an access.
  struct LaneRace {
    uint32_t lane = 0;
    Verdict verdict;
  };
  /// Before the race check of a read or write by the enabled lanes (`enabled`) of warp w
  /// at statement `id`, lane i's cell being `index[i]` of the statement's array (checked
  /// against its bounds). A race returned here is reported at its lane, after that lane's
  /// intra-warp check and before its inter-warp one (lanes in increasing order).
  virtual std::optional<LaneRace> beforeRaceCheck(const WarpState& s, uint32_t w, NodeId id,
                                                  const uint8_t* enabled, const Index* index) = 0;
  /// The same access, performed: the memory, the locals read into and the logs updated. A
  /// 64-bit atomic's high words' cells are `high[i]` (else null): one access, at `index`, of
  /// both cells.
  virtual void accessed(const WarpState& s, uint32_t w, NodeId id, const uint8_t* enabled, const Index* index,
                        const Index* high) = 0;
  /// Warp w passed barrier `id`: a release (every waiting warp, in warp order, once its
  /// ss is popped and it runs again).
  virtual void released(const WarpState& s, uint32_t w, NodeId id) = 0;
};

class WarpModel : public Model {
public:
  WarpModel(const Ir& ir, Bounds bounds, WarpOptions warp, bool por = true, bool symmetry = true);

  std::unique_ptr<Model> clone() const override;
  std::string name() const override;
  std::vector<StateBytes> initialStates() override;
  void expand(std::span<const uint8_t> state, Expansion& out) override;
  Replay replay(uint32_t initial, std::span<const uint32_t> path) override;
  std::string describeMemory(std::span<const uint8_t> state) const override;
  std::string reductions() const override;

  /// (`--compare`) The final shared memory every execution must reach: a terminal state
  /// with another memory is a Discrepancy violation (cells unknown in `m` must stay
  /// unknown: neither read nor written).
  void expectFinal(Memory m) { expected_ = std::move(m); }
  void setOutcomeMode(bool on) override { outcomes_ = on; }
  bool setRacesContinue(bool on) override;
  TerminalOutcome outcome(std::span<const uint8_t> terminal) override;

  /// Expansions so far, and how many of them the transition cache answered (in check
  /// mode: answered and then checked).
  std::pair<uint64_t, uint64_t> cacheStats() const { return {expansions_, cachedExpansions_}; }

  void decode(std::span<const uint8_t> bytes, WarpState& s) const;
  void encode(const WarpState& s, StateBytes& out) const;
  const WarpOptions& warpOptions() const { return warp_; }

  // ---- one concrete run (SimtRun), one rule application at a time ----------------------
  // A model that runs is used for that run only (its race index follows the run's state).

  /// The state a run starts from: `n` threads of group `gid` on `memory` (no cell
  /// unknown), the kernel parameters `params` (one Word per Ir::params, as
  /// SdvMachine::initialState takes them), every warp running, no rule applied yet.
  WarpState runState(uint32_t n, Word gid, Memory memory, const std::vector<Word>& params = {});
  /// What step() applied.
  enum class StepKind : uint8_t {
    Rule,    ///< the machine's rule for the top of the warp's ss (bookkeeping, a basic
             ///< statement, a statement or barrier no thread of the warp executes)
    Access,  ///< a read or write by the enabled threads (access)
    Arrive,  ///< arriving at a barrier (and, the last warp to arrive, releasing it)
    Finish,  ///< finishing: the warp's ss was empty
  };
  /// Applies warp w's next rule to `s` (a run's state; the warp running): exactly one,
  /// with nothing applied eagerly after it, so the caller chooses the schedule. Returns
  /// what it applied; sets `v` (empty on entry) to the verdict that ends the run, if any
  /// (thread numbers in it are the group's).
  StepKind step(WarpState& s, uint32_t w, std::optional<Verdict>& v);
  void setObserver(WarpObserver* o) { observer_ = o; }
  /// Told about every rule application of step(), as SdvMachine tells it (the
  /// GroupState's lidBase says which warp): reads and writes as T-RD and T-WR, and each
  /// warp passing a barrier as G-SYNC.
  void setRuleObserver(RuleObserver* o);
  /// The machine that runs warps of `lanes` threads (its evaluator, its rule counts).
  SdvMachine& warpMachine(uint32_t lanes) { return machine(lanes); }
  /// The verdict for thread `thread`'s access (a write, or a read) to `a` at statement
  /// `id` racing with thread `other`'s earlier one (a write or a read, at `otherAt`);
  /// `scope` says which kind (simt only: "intra-warp", "inter-warp", "warp-divergence").
  Verdict raceVerdict(NodeId id, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread,
                      bool write, const char* scope) const;

private:
  enum class Outcome { Successor, Violation, Discarded, Stuck };
  /// The threads of warp w, and the machine that runs a group of that many.
  uint32_t lanes(uint32_t n, uint32_t w) const;
  uint32_t warpCount(uint32_t n) const;
  SdvMachine& machine(uint32_t lanes) {
    return lanes == lastLanes_ && lastMachine_ ? *lastMachine_ : newMachine(lanes);
  }
  SdvMachine& newMachine(uint32_t lanes);
  /// What a machine for warps of `lanes` threads evaluates `ldim`, `ngroups`, `wsize()` to
  /// (the group's geometry for groups of groupN_ threads, not the warp's) and that it runs warps.
  Evaluator::Geometry geometryOf(uint32_t lanes) const;
  /// Sets every machine's geometry for groups of n threads (a state's n, before it is run).
  void useGroupSize(uint32_t n);
  /// Warp w's next action; `choice` is the value for an unknown cell it reads.
  Outcome act(WarpState& s, uint32_t t, const std::vector<Word>* choice, std::optional<Verdict>& v);
  /// Applies warp w's own bookkeeping rules (and, when `fuse`, its invisible statements).
  /// With `stopBeforeFailure`, an invisible statement that would fail (an error or a
  /// failed assume) is left on top instead: it becomes the warp's next transition.
  Outcome normalise(WarpState& s, uint32_t w, std::optional<Verdict>& v, bool fuse, bool stopBeforeFailure = false);
  /// Warp w, whose ss is empty, finishes (a deadlock if another warp waits).
  Outcome finish(WarpState& s, uint32_t w, std::optional<Verdict>& v);
  /// Marks every warp done when all that have not finished are about to.
  void finishTogether(WarpState& s) const;  // (ssEmpty: another warp's ss may be undecoded)
  /// (expectFinal) A terminal state's memory must be the expected one.
  Outcome checkFinal(WarpState& s, uint32_t t, NodeId id, std::optional<Verdict>& v) const;
  /// The unknown cells warp w's next action reads (sorted): its transitions choose a
  /// value for each, every combination (the first cell varying slowest).
  std::vector<Address> pendingChoices(WarpState& s, uint32_t w);
  /// The number of such combinations, or 0 when there are too many to enumerate.
  uint64_t choiceCount(size_t cells) const;
  /// Combination number `index` of values for `cells` cells.
  void choiceValues(uint64_t index, size_t cells, std::vector<Word>& values) const;
  /// A verdict of warp w's machine, whose threads are numbered from 0 within the warp.
  Outcome fail(std::optional<Verdict>& v, Verdict verdict, const GroupState& warp) const;
  /// A read or write by the enabled threads of warp w. `Run`: in a run (step()), which
  /// also tells the observers and keeps the race index; expand's transitions (act) are
  /// compiled without any of it.
  template <bool Run>
  Outcome access(WarpState& s, uint32_t w, NodeId id, std::optional<Verdict>& v);
  /// An atomic (32- or 64-bit) by the enabled threads of warp w, lane by lane in ascending order
  /// (WarpAtomic.cpp); it races with other warps' plain accesses, not their atomics. `run`:
  /// in a run (step()), which tells the observers and keeps the race index, as access<true>.
  Outcome atomic(WarpState& s, uint32_t w, NodeId id, std::optional<Verdict>& v, bool run);
  /// Warp w arrives at the barrier on top of its ss (it waits); the last warp to arrive
  /// releases it. Returns whether it did.
  bool arrive(WarpState& s, uint32_t w);
  /// Every warp that has not finished waits: all pass, and a new interval starts (the
  /// access logs are cleared).
  void release(WarpState& s);
  WarpObserver* observer_ = nullptr;
  RuleObserver* ruleObserver_ = nullptr;

  /// Puts `s` in canonical form under the symmetries in force. Returns, for each
  /// position, the warp of the original state now there, and the value renaming.
  std::pair<std::vector<uint32_t>, ValueRenaming> canonicalise(WarpState& s) const;
  bool symmetric() const { return useThreads_ || useValues_; }
  /// Would warp w's next action release a barrier (so change every warp)?
  bool releases(const WarpState& s, uint32_t w);
  /// Encodes `s`, in which only warp t changed since `decode(original)`: the other
  /// warps' bytes are copied from `original` (or, when the memory cannot be patched, the
  /// other warps are decoded again first: some may hold another transition's changes).
  void encodeChanged(WarpState& s, uint32_t t, std::span<const uint8_t> original, StateBytes& out);

  /// The interpreter's expansion (every state can take it); it teaches the transition
  /// cache what each acting warp did.
  void expandReference(std::span<const uint8_t> state, Expansion& out);
  /// The expansion from the transition cache alone; false (with `out` unspecified) when
  /// some transition needs the interpreter.
  bool expandCached(std::span<const uint8_t> state, Expansion& out);
  /// Whether the transition cache may be used (the mode, and no symmetry, outcome mode,
  /// races continued, expected final memory or atomics: WarpAtomic.cpp).
  bool caching() const {
    return bounds_.transitionCache != CacheMode::Off && !symmetric() && !outcomes_ && !racesContinue_ && !expected_ &&
           !ir_.hasAtomics;
  }
  /// The cache's entry for warp w's slice of a state of `n` threads (added, with its logs
  /// read from the bytes, when absent); nullptr when the table is full.
  SliceInfo* sliceInfo(uint32_t config, uint32_t n, uint32_t w, std::span<const uint8_t> slice);
  /// Records what warp w's transition from `state` (whose top statement was of kind `top`)
  /// did, from the interpreter's run of it: accessLog_, lastSlice_.
  void learn(std::span<const uint8_t> state, uint32_t w, NodeKind top);
  StateBytes& nextBuffer(Expansion& out);
  /// (check mode) Stops the program, showing both, when the cached expansion of `state`
  /// differs from the interpreter's.
  void checkCached(std::span<const uint8_t> state, const Expansion& cached, const Expansion& reference) const;
  SliceTable cache_;
  uint64_t expansions_ = 0, cachedExpansions_ = 0;
  /// expandCached's view of the state: where each array's cells are (from the state's
  /// start), each warp's slice, and its entry.
  std::vector<ArrayBytes> fastLayout_;
  std::vector<std::pair<size_t, size_t>> fastSlices_;
  std::vector<const SliceInfo*> fastInfos_, lastInfos_;
  std::vector<Word> readValues_;
  /// (learning) The cells the acting warp's access read or wrote, lane order, with the
  /// values read or written; and its new slice, when encodeChanged patched the state.
  struct AccessRecord {
    Address addr;
    Word value;
  };
  bool recordAccess_ = false;
  std::vector<AccessRecord> accessLog_;
  std::span<const uint8_t> lastSlice_;
  GroupState sliceScratch_;
  Expansion checkOut_;  ///< (check mode) the cached expansion, compared with the interpreter's

  const Ir& ir_;
  Bounds bounds_;
  bool por_;
  bool symmetry_;
  SymmetryInfo sym_;
  bool useThreads_ = false, useValues_ = false;
  std::optional<Memory> expected_;
  bool outcomes_ = false;
  bool racesContinue_ = false;
  /// (races continued) access() recorded a race in the transition being tried: expand
  /// restores the decoded state's race set afterwards.
  bool raced_ = false;
  std::vector<PathRace> savedRaces_;  ///< the race set before the transition that changed it
  /// (races continued) Reads the statements of W's log entries (encode writes them after
  /// the race set, warp by warp); decode notes where each warp's begin.
  void readProvenance(ByteReader& r, GroupState& W) const;
  mutable std::vector<size_t> provenance_;
  /// Records in `s` that access by `thread` (write or not) at `id` to `a` raced with
  /// `other`'s earlier one.
  void recordRace(WarpState& s, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread,
                  bool write, NodeId id);
  /// The first cell where `m` differs from expected_, described; "" when none.
  std::string differs(const Memory& m) const;
  WarpOptions warp_;
  std::map<uint32_t, std::unique_ptr<SdvMachine>> machines_;  ///< by number of threads
  uint32_t lastLanes_ = 0;
  SdvMachine* lastMachine_ = nullptr;
  uint32_t groupN_ = 0;  ///< the group size the machines' geometry is for (0: not set yet)
  WarpState scratch_, work_;
  std::vector<ThreadStatus> savedStatus_;
  std::optional<Verdict> verdict_;  ///< expand's verdict of the transition being tried
  std::vector<uint8_t> warpBuf_;    ///< encodeChanged's scratch: the acting warp's new slice
  /// Buffers of earlier successors, reused so that encoding a successor allocates nothing.
  std::vector<StateBytes> spare_;
  /// expand decodes the state once (decodeForExpand, which also builds the race index and
  /// notes each warp's slice bounds and whether its ss is empty) and applies a transition
  /// in place: it changes only the acting warp (and the memory, undone from undo_), which
  /// is then marked undecoded instead of being restored from a copy, so that a later use
  /// (need) decodes its slice again. Valid for the state `lazy_` points to (scratch_
  /// during expand) and the bytes `lazyBytes_`.
  const WarpState* lazy_ = nullptr;
  std::span<const uint8_t> lazyBytes_;
  std::vector<uint8_t> decoded_;  ///< per warp: its ss, locals and logs are decoded
  std::vector<uint8_t> ssEmpty_;  ///< per warp: its ss in the bytes is empty
  void decodeForExpand(std::span<const uint8_t> bytes, WarpState& s);
  void need(WarpState& s, uint32_t u) {
    if (&s == lazy_ && !decoded_[u]) decodeWarp(s, u);
  }
  void needAll(WarpState& s) {
    if (&s == lazy_)
      for (uint32_t u = 0; u < s.warps.size(); ++u) need(s, u);
  }
  void decodeWarp(WarpState& s, uint32_t u);
  /// Whether warp u's ss is empty (from the bytes while it is not decoded).
  bool ssEmpty(const WarpState& s, uint32_t u) const {
    return &s == lazy_ && !decoded_[u] ? ssEmpty_[u] != 0 : s.warps[u].ss.empty();
  }
  /// Race index of the state being expanded (at most 64 warps, bounded arrays): for each
  /// cell (cellBase_[array] + index), the warps that read it and that wrote it since the
  /// last barrier, one bit per warp; an entry whose stamp is not stamp_ is empty. access()
  /// skips the search of the other warps' logs when no other warp's bit is set. Valid
  /// while expand applies the transitions of the decoded state (`raceIndex_`): they change
  /// only the acting warp's logs, and a barrier release makes no access.
  /// In a run (`runIndex_`) access() and release() keep it up to date instead, the
  /// default memory's cells are in `unboundedCells_`, and with more than 64 warps warp w
  /// has bit w mod 64 (a set bit then only says that the logs must be searched).
  struct CellAccess {
    uint32_t stamp = 0;
    uint64_t readers = 0, writers = 0;
  };
  /// Starts an empty race index (sets raceIndex_ to `on`).
  void startRaceIndex(bool on);
  /// Empties the race index of the bounded arrays (a new stamp).
  void clearRaceIndex();
  void markAccess(uint32_t array, Index index, uint64_t bit, bool write) {
    const int64_t base = cellBase_[array];
    if (base < 0) return;  // the default memory: searched (access)
    mark(cells_[static_cast<size_t>(base + index)], bit, write);
  }
  /// (a run) The same, the default memory's cells included.
  void markRunAccess(uint32_t array, Index index, uint64_t bit, bool write) {
    const int64_t base = cellBase_[array];
    mark(base < 0 ? unboundedCells_[cellKey(array, index)] : cells_[static_cast<size_t>(base + index)], bit, write);
  }
  void mark(CellAccess& c, uint64_t bit, bool write) const {
    if (c.stamp != stamp_) c = CellAccess{stamp_, 0, 0};
    (write ? c.writers : c.readers) |= bit;
  }
  /// Two cells may share a key (64-bit indices): their entry then has the bits of both,
  /// and a set bit only sends access() to the search of the logs.
  static uint64_t cellKey(uint32_t array, Index index) {
    return (static_cast<uint64_t>(array) << 32) ^ static_cast<uint64_t>(index);
  }
  /// The index's entry for a cell of the default memory (a run only); an empty one when none.
  const CellAccess& unboundedAccess(uint32_t array, Index index) const {
    auto it = unboundedCells_.find(cellKey(array, index));
    return it == unboundedCells_.end() ? noAccess_ : it->second;
  }
  const CellAccess noAccess_;
  bool raceIndex_ = false;
  bool runIndex_ = false;
  uint32_t stamp_ = 0;
  std::vector<int64_t> cellBase_;  ///< -1: the default memory
  std::vector<CellAccess> cells_;
  std::unordered_map<uint64_t, CellAccess> unboundedCells_;
  /// Memory changes of the transition being tried on the decoded state, to undo them.
  struct MemoryUndo {
    Address addr;
    Word value;
    uint8_t unknown;
    bool existed;  ///< (unbounded memory) the cell was in the map
  };
  std::vector<MemoryUndo> undo_;
  bool recordUndo_ = false;
  void store(WarpState& s, Address a, Word value);
  void undoMemory(WarpState& s);
  /// Byte range of the memory in the last decoded state, and where each array's cells
  /// are in it.
  mutable std::pair<size_t, size_t> memorySlice_;
  mutable std::vector<ArrayBytes> memoryLayout_;
  std::vector<uint8_t> mask_, mask2_;
  std::vector<Index> indexBuf_;
  std::vector<Word> choiceBuf_;
  GroupState stopCopy_;
  StateBytes buf_;
  /// Byte ranges [begin, end) of each warp (status and all) in the last decoded state.
  mutable std::vector<std::pair<size_t, size_t>> slices_;
};

}  // namespace sdvmc::sem

namespace sdvmc::sem {

/// The `mimd` model: warps of one thread.
class MimdModel final : public WarpModel {
public:
  MimdModel(const Ir& ir, Bounds bounds, bool por = true, bool symmetry = true)
      : WarpModel(ir, std::move(bounds), WarpOptions{1, false}, por, symmetry) {}
};

}  // namespace sdvmc::sem
