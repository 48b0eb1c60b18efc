// The SDV semantics as a model for the explorer (`sdvmc check`, `--model sdv`).
//
// States and transitions, precisely (so that state counts can be worked out by hand):
//  - A state is an SDV group state (Σ, ss) together with the group size n, the group id
//    and the shared memory, in which arbitrary cells may still be *unknown* (not chosen).
//  - The initial states are one per group size and group id, in that order (sizes
//    ascending, then ids), each with ss = ⟨(main, true)⟩ and every arbitrary cell unknown.
//  - A state whose ss is empty is terminal.
//  - *Choice*: when the statement on top of ss is a read (T-RD) or an atomic (T-ATOMIC,
//    whose result is the cell's old value) for which some enabled thread reads an unknown
//    cell (not hidden by its own write since the last barrier), the state has one
//    transition per value of the domain, in increasing order, each choosing that value for
//    the smallest such cell (and nothing else). The arbitrary cells of abstract arrays
//    (Bounds::abstractArrays, DataAbstraction.h) are never unknown: they hold what `sdvmc
//    run` gives them from the start, so reading them chooses nothing.
//    (extension) With asynchronous copies in flight, a wait (`async_wait`, `cp_wait`) or a
//    barrier on top of ss (main's last completes every copy) is a choice too, for the
//    smallest unknown source cell of any copy in flight (a thread's copy: not one that
//    thread wrote since the last barrier), so that a copy never copies an unchosen value.
//  - *Segment*: otherwise the state has one transition: the SDV rules are applied until
//    a barrier rule has been applied (G-SYNC or G-NO-OP), or ss is empty, or the next
//    statement is a read that needs a choice (after at least one rule), or a rule reaches
//    an error (a violation) or discards the execution (a failed assume).
//  - (extension) The copies in flight, each thread's commit count and the next event are
//    part of the state (StateCodec's encodeCopies); value symmetry is off for a kernel with
//    an asynchronous copy (its events are values).
// So a race- and choice-free kernel with k barriers has k + 1 states per configuration.
// With value symmetry (Symmetry.h; `--symmetry on`, the default, when the kernel has it)
// every state is stored with its data values renamed in order of first appearance.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/models/Model.h"
#include "semantics/rules/Sdv.h"
#include "semantics/models/Symmetry.h"

#include <map>
#include <memory>

namespace sdvmc::sem {

class SdvModel final : public Model {
public:
  SdvModel(const Ir& ir, Bounds bounds, bool symmetry = true);

  std::unique_ptr<Model> clone() const override;
  std::string name() const override { return "sdv"; }
  std::vector<StateBytes> initialStates() override;
  void expand(std::span<const uint8_t> state, Expansion& out) override;
  Replay replay(uint32_t initial, std::span<const uint32_t> path) override;
  std::string describeMemory(std::span<const uint8_t> state) const override;
  std::string reductions() const override;

  void setOutcomeMode(bool on) override { outcomes_ = on; }
  TerminalOutcome outcome(std::span<const uint8_t> terminal) override;

  /// Decodes a state (public for tests and for `--compare`).
  GroupState decode(std::span<const uint8_t> bytes);
  void encode(const GroupState& s, StateBytes& out, const ValueRenaming* renaming = nullptr) const;

private:
  SdvMachine& machine(uint32_t n);
  /// Puts a state in canonical form (value symmetry), then encodes it.
  void store(GroupState& s, StateBytes& out);
  /// The segment transition, in place.
  enum class Step { Successor, Terminal, Violation, Discarded, Stuck };
  Step segment(GroupState& s, std::optional<Verdict>& verdict);

  const Ir& ir_;
  Bounds bounds_;
  bool symmetry_;
  SymmetryInfo sym_;
  bool outcomes_ = false;
  std::vector<std::pair<Address, Word>> choices_;  ///< (outcome mode) of the decoded state
  std::map<uint32_t, std::unique_ptr<SdvMachine>> machines_;
  GroupState scratch_;
};

}  // namespace sdvmc::sem
