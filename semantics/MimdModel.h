// The `mimd` execution model (../shared/vendor-behaviours.md): threads run independently
// on one shared memory, in every interleaving of their statements; a barrier blocks until
// every thread that has not finished has arrived at *a* barrier (instances are counted,
// not matched by source location); a thread that finishes while others wait is a
// deadlock. A race is two accesses to one location by different threads, at least one a
// write, with no barrier between them; it is reported at the second access.
//
// Each thread runs the same lowered program as a group of one (its own ss and locals),
// so structured control flow means exactly what it means under SDV for one thread.
//
// States and transitions, precisely (so that state counts can be worked out by hand):
//  - A state is: the group size and id, the shared memory (arbitrary cells may be
//    unknown), and for each thread its status (running, waiting at a barrier, done), its
//    ss and live locations, and the locations it read and wrote since the last barrier.
//  - Every thread is kept *normalised*: the rules that only rearrange its own statements
//    (G-SEQ, G-VAR, G-IF, G-OPEN, G-ITER, G-DONE, G-CALL, `skip`, and any statement or
//    barrier for which the thread is disabled) are applied eagerly, after each transition
//    and in the initial state, until the statement on top is one it executes, or its ss
//    is empty (done).
//  - The visible actions are reads, writes and barriers. Without partial-order
//    reduction (`por = false`) the other executed statements (assignments, assert,
//    assume) are transitions too. With it (the default), they are invisible: touching
//    only the thread's locals, they commute with every other thread's steps, so they are
//    applied eagerly as part of normalisation. Every state still offers every running
//    thread's next visible action, so no thread is ignored (the cycle proviso holds
//    trivially); a thread that runs `stepCap` rules without a visible action is reported
//    as stuck.
//  - The transitions of a state are, for each running thread in increasing order: its
//    next action; a read of an unknown cell is one transition per domain value
//    (increasing), choosing the value and reading it. A barrier action makes the thread
//    wait; when no running thread is left, every waiting thread passes the barrier at
//    once (the access sets are cleared) and is normalised again.
//  - Finishing is an action too: a running thread whose ss is empty finishes (becomes
//    done) as a transition of its own, a deadlock if another thread waits at that moment.
//    Only when every thread that has not finished has an empty ss (none can wait any
//    more) do they all finish at once, as part of the transition that brought this
//    about (typically the release of the final barrier).
//  - A state in which every thread is done is terminal.
//  - With symmetry (Symmetry.h; `--symmetry on`, the default, when the kernel has it) a
//    state is stored canonically: data values renamed in order of first appearance, then
//    threads sorted by their bytes.
#pragma once

#include "semantics/Ir.h"
#include "semantics/Model.h"
#include "semantics/Sdv.h"
#include "semantics/Symmetry.h"

#include <memory>

namespace sdvmc::sem {

enum class ThreadStatus : uint8_t { Running = 0, Waiting = 1, Done = 2 };

/// A decoded mimd state.
struct MimdState {
  uint32_t n = 0;
  Word gid = 0;
  Memory memory;
  std::vector<GroupState> threads;    ///< each a group of one, lidBase = its id
  std::vector<ThreadStatus> status;
};

class MimdModel final : public Model {
public:
  MimdModel(const Ir& ir, Bounds bounds, bool por = true, bool symmetry = true);

  std::unique_ptr<Model> clone() const override;
  std::string name() const override { return "mimd"; }
  std::vector<StateBytes> initialStates() override;
  void expand(std::span<const uint8_t> state, Expansion& out) override;
  Replay replay(uint32_t initial, std::span<const uint32_t> path) override;
  std::string describeMemory(std::span<const uint8_t> state) const override;
  std::string reductions() const override;

  /// (`--compare`) The final shared memory every execution must reach: a terminal state
  /// with another memory is a Discrepancy violation (cells unknown in `m` must stay
  /// unknown: neither read nor written).
  void expectFinal(Memory m) { expected_ = std::move(m); }

  void decode(std::span<const uint8_t> bytes, MimdState& s) const;
  void encode(const MimdState& s, StateBytes& out) const;

private:
  enum class Outcome { Successor, Violation, Discarded, Stuck };
  /// Thread t's next action; `choice` is the value for an unknown cell it reads.
  Outcome act(MimdState& s, uint32_t t, std::optional<Word> choice, std::optional<Verdict>& v);
  /// Applies thread t's own bookkeeping rules (and, when `fuse`, its invisible statements).
  Outcome normalise(MimdState& s, uint32_t t, std::optional<Verdict>& v, bool fuse);
  /// Thread t, whose ss is empty, finishes (a deadlock if another thread waits).
  Outcome finish(MimdState& s, uint32_t t, std::optional<Verdict>& v);
  /// Marks every thread done when all that have not finished are about to.
  void finishTogether(MimdState& s) const;
  /// (expectFinal) A terminal state's memory must be the expected one.
  Outcome checkFinal(MimdState& s, uint32_t t, NodeId id, std::optional<Verdict>& v) const;
  /// The unknown cell thread t's next action reads, if any.
  std::optional<Address> pendingChoice(MimdState& s, uint32_t t);
  Outcome fail(std::optional<Verdict>& v, Verdict verdict, uint32_t t) const;

  /// Puts `s` in canonical form under the symmetries in force. Returns, for each
  /// position, the thread of the original state now there, and the value renaming.
  std::pair<std::vector<uint32_t>, ValueRenaming> canonicalise(MimdState& s) const;
  bool symmetric() const { return useThreads_ || useValues_; }
  /// Would thread t's next action release a barrier (so change every thread)?
  bool releases(const MimdState& s, uint32_t t);
  /// Encodes `s`, in which only thread t changed since `decode(original)`: the other
  /// threads' bytes are copied from `original`.
  void encodeChanged(const MimdState& s, uint32_t t, std::span<const uint8_t> original, StateBytes& out) const;

  const Ir& ir_;
  Bounds bounds_;
  bool por_;
  bool symmetry_;
  SymmetryInfo sym_;
  bool useThreads_ = false, useValues_ = false;
  std::optional<Memory> expected_;
  /// The first cell where `m` differs from expected_, described; "" when none.
  std::string differs(const Memory& m) const;
  SdvMachine lane_;  ///< a machine for groups of one thread
  MimdState scratch_, work_;
  GroupState savedThread_;
  Memory savedMemory_;
  std::vector<uint8_t> mask_;
  StateBytes buf_;
  /// Byte ranges [begin, end) of each thread (status and all) in the last decoded state.
  mutable std::vector<std::pair<size_t, size_t>> slices_;
};

}  // namespace sdvmc::sem
