// The SDV semantics of a whole launch as a model for the explorer: `sdvmc check` of a
// kernel with grid barriers (`barrier(grid);`, CUDA's grid_group::sync()) in a launch of
// several groups. A grid barrier orders the groups, so no group can be explored on its own
// (SdvModel) past one: every group of the launch is explored together, as `sdvmc run` runs
// the launch (semantics/rules/Launch.h, runLaunch), with the arbitrary cells chosen when
// first read as SdvModel chooses them.
//
// States and transitions, precisely (so that state counts can be worked out by hand):
//  - A state is the launch: the group size n; the phase's cursor c (the group that runs
//    now; groups < c have stopped for this phase, groups > c have not run in it); the
//    global arrays; for each group its SDV state (ss, locals, logs, copies in flight) and its
//    own (non-global) arrays; for each stopped group where it stopped (the grid barrier, or
//    finished); and the phase's accesses to global cells so far (each group's footprint,
//    Launch.h: reads, writes and atomics, collected at each G-SYNC and copy completion; the
//    statements that made them are provenance and are not kept).
//  - The initial states are one per group size and parameter valuation, in that order,
//    each with every group at ⟨(main, true)⟩, c = 0 and every arbitrary cell unknown.
//  - *Choice*: as in SdvModel.h, for group c's next statement; the unknown cell may be
//    global (shared by all groups) or of group c's own arrays, which every group starts
//    with as the launch's memory gives them (runLaunch; `sdvmc run --init` sets them for
//    all): the value is then every group's where that cell is still unknown.
//  - *Segment*: otherwise one transition: SdvModel's segment for group c (up to a G-SYNC or
//    G-NO-OP, a choice, an error). When group c has just passed the G-SYNC of a grid barrier,
//    or has finished, it stops: its accesses of the phase are checked against the earlier
//    groups' (an inter-group race, rule INTER-GROUP-RACE, exactly as runLaunch checks them)
//    and c moves on. When the last group stops, the phase ends in the same transition: every
//    group must wait at the same instance of a grid barrier or have finished (else grid
//    barrier divergence, runLaunch's verdict); then either every group has finished (the
//    successor is terminal) or the next phase starts (c = 0, no access recorded).
//  - A state where every group has finished is terminal.
// So a race-free, choice-free launch of G groups whose kernel passes k barriers (grid barriers
// and main's last included) has 1 + G·k states per configuration.
// Value symmetry is off (the groups' columns and events are values too).
#pragma once

#include "semantics/models/Model.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"

#include <map>
#include <memory>

namespace sdvmc::sem {

class LaunchModel final : public Model {
public:
  /// `groups`: the launch's groups (Bounds::groups is not used: every group 0 … groups−1).
  LaunchModel(const Ir& ir, Bounds bounds, uint32_t groups);

  std::unique_ptr<Model> clone() const override;
  std::string name() const override { return "sdv"; }
  std::vector<StateBytes> initialStates() override;
  void expand(std::span<const uint8_t> state, Expansion& out) override;
  /// The witness's configuration: its `group` is the group the verdict is about.
  Replay replay(uint32_t initial, std::span<const uint32_t> path) override;
  std::string describeMemory(std::span<const uint8_t> state) const override;
  std::string reductions() const override;

  /// One access of the phase to a global cell (Launch.h's footprint entries).
  struct Access {
    Address addr;
    uint32_t group = 0;
    uint8_t kind = 0;  ///< 0 read, 1 write, 2 atomic
    uint32_t thread = 0;
    Word value = 0;
    NodeId at = kNone;  ///< provenance (not encoded)
  };
  struct State {
    uint32_t n = 0;
    uint32_t cursor = 0;                ///< == groups: every group finished (terminal)
    Memory global;                      ///< the global arrays (the others blank)
    std::vector<GroupState> groups;     ///< each with its own arrays in base (global ones blank)
    std::vector<NodeId> stops;          ///< groups < cursor: the grid barrier, or kNone (finished)
    std::vector<Access> seen;           ///< earlier groups' accesses of the phase (runLaunch's `seen`)
    std::vector<Access> pending;        ///< group `cursor`'s accesses of the phase so far
  };

private:
  enum class Step { Successor, Violation, Discarded, Stuck };
  SdvMachine& machine(uint32_t n);
  void encode(const State& s, StateBytes& out) const;
  State decode(std::span<const uint8_t> bytes) const;
  /// Group c's segment and, when it stops, the end of its phase, in place. Group c's memory
  /// is swapped in (global arrays) before and out after.
  Step transition(State& s, std::optional<Verdict>& verdict);
  /// Group `cursor` stopped (at grid barrier `at`, or finished: kNone): runLaunch's check of
  /// its phase accesses, then the phase's end when it was the last group.
  std::optional<Verdict> stop(State& s, NodeId at);
  /// Choice: value `v` for `cell`; a cell of a group's own array in every group where it is
  /// still unknown (every group starts with the launch's memory, as runLaunch runs it).
  void choose(State& s, Address cell, Word v) const;

  const Ir& ir_;
  Bounds bounds_;
  uint32_t groups_;
  std::map<uint32_t, std::unique_ptr<SdvMachine>> machines_;
  std::vector<SdvMachine::FootprintEntry> footprint_;  // scratch
};

}  // namespace sdvmc::sem
