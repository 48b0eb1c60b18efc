// A launch of several groups (`groups: G;`, the frontends' --num-groups): every group
// runs under SDV, one after another, on the shared memory; accesses to `global` arrays
// are collected per group (the other arrays are each group's own: every group starts
// with them as the launch began), two groups conflicting on a global cell (one writes, or
// one access is atomic and the other not) is an inter-group race: threads of different
// groups cannot synchronise, so no order between them is guaranteed.
//
// Running the groups in sequence is exact for the verdicts: when no two groups conflict,
// every interleaving of the groups reaches the same memory as the sequence; when two do,
// the race is reported (whichever group ran first).
//
// (extension) Grid barriers (`barrier(grid);`, CUDA's grid_group::sync()) cut the launch
// into phases: in each phase every group runs, in turn, from where it waits to its next grid
// barrier (or its end), and only then does any group go past it. Races between groups are
// checked per phase (an access before a grid barrier and one after it are ordered by it).
// After a phase every group must wait at the same instance of a grid barrier (the same
// barrier with the same rest of the program), or every group must have finished: otherwise
// it is barrier divergence at grid level (verdict divergence, scope "grid"). Within a group
// a grid barrier is a barrier like any other (G-DIVERGENCE, G-RACE, G-SYNC).
#pragma once

#include "semantics/rules/Dependence.h"
#include "semantics/rules/Eval.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sdvmc::sem {

struct LaunchResult {
  Verdict verdict;          ///< Ok, the first group's error (with `group`), an inter-group race, or grid divergence
  Word group = 0;           ///< the group the verdict is about (the later group of a race)
  Memory memory;            ///< the final memory (Ok), or the memory where it stopped
  uint64_t steps = 0;       ///< rule applications, all groups
  uint64_t threadSteps = 0;
};

/// Runs groups 0 … groups−1 of `threads` threads each, from `memory`.
LaunchResult runLaunch(const Ir& ir, uint32_t threads, uint32_t groups, Memory memory,
                       const std::vector<Word>& params, uint64_t maxSteps, RuleObserver* observer = nullptr,
                       bool benignWrites = false, bool interGroup = true,
                       std::optional<Evaluator::Geometry> geometry = std::nullopt, RaceOptions races = {});

/// One side of an inter-group race: the thread and group, the statement, and the access's
/// kind (0 read, 1 write, 2 atomic).
struct GroupAccess {
  uint32_t thread = 0;
  int64_t group = 0;
  NodeId at = kNone;
  uint8_t kind = 0;
};

/// The verdict of an inter-group race (rule INTER-GROUP-RACE) on `cell` between `first` (the
/// earlier group's access) and `second` (the later group's, where the verdict is located):
/// the one verdict runLaunch's per-phase check, translatedGroupRace's per-access check and
/// LaunchModel's stop build.
Verdict groupRaceVerdict(const Ir& ir, Address cell, const GroupAccess& first, const GroupAccess& second);

/// `check`'s inter-group races under a representative group (issue 15; DataAbstraction.h's
/// GroupPlan): `footprint` is group `rep`'s accesses to global arrays (SdvMachine's, one
/// concrete run: they depend on no input), and group g's are the same with every cell of
/// array a moved by rel(g) = offsets[a][g] − offsets[a][rep] (h(g), Dependence.h's
/// GroupOffset, evaluated for every group 0 … groups−1; Word arithmetic). Groups g1 and g2
/// conflict exactly when some access of one, moved by rel(g2) − rel(g1), lands on a
/// conflicting access's cell: for each g1 in order, the least g2 > g1 of each distinct shift
/// within the span of the array's cells (circularly) is a candidate, and each difference of
/// shifts is tried once. Ok when no two groups conflict; else the race (rule
/// INTER-GROUP-RACE) between the first such g1 and g2, the first conflicting pair in cell
/// order. `workLimit` bounds the work (shifts scanned and tried × accesses): beyond it the
/// verdict is Inconclusive.
Verdict translatedGroupRace(const Ir& ir, const SdvMachine& machine, std::vector<SdvMachine::FootprintEntry> footprint,
                            const std::vector<std::vector<Word>>& offsets, Word rep, uint32_t groups, bool benignWrites,
                            uint64_t workLimit = uint64_t{1} << 28);

/// The whole of the test above for one configuration: runs group `rep` of `threads` threads
/// (from `sdvmc run`'s memory: its accesses depend on no input) with the footprint on,
/// evaluates each global array's h (`offsets`, Dependence.h) for every group of the launch,
/// and decides. The group's own verdict where it is not Ok (Discarded: an assume fails,
/// whatever the input; an error the exploration would have reported first).
Verdict representativeGroupRace(const Ir& ir, uint32_t threads, const std::vector<Word>& params,
                                const std::vector<GroupOffset>& offsets, Word rep, uint32_t groups, bool benignWrites,
                                const RaceOptions& races);

}  // namespace sdvmc::sem
