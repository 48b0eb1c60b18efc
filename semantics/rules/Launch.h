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
#pragma once

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
  Verdict verdict;          ///< Ok, the first group's error (with `group`), or an inter-group race
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

/// `check`'s inter-group races under a representative group (issue 15; DataAbstraction.h's
/// GroupPlan): `footprint` is group `rep`'s accesses to global arrays (SdvMachine's, one
/// concrete run: they depend on no input), and group g's are the same with every cell of
/// array a moved by strides[a]·(g − rep) (Word arithmetic). Groups g1 and g1 + d of
/// 0 … groups−1 conflict exactly when some access moved by k·d lands on a conflicting
/// access's cell, for some 0 < d < groups: each distinct shift k·d (they repeat with period
/// 2^(32−t), k = 2^t·u with u odd; the period itself is the shift 0, two groups on the same
/// cells) is tried once, the least d first, and only where it is within the span of the
/// array's cells. Ok when no two groups conflict; else the race (rule INTER-GROUP-RACE)
/// between groups 0 and d at the least d, the first conflicting pair in cell order.
/// `pairLimit` bounds the work (shifts tried × accesses): beyond it the verdict is
/// Inconclusive.
Verdict translatedGroupRace(const Ir& ir, const SdvMachine& machine, std::vector<SdvMachine::FootprintEntry> footprint,
                            const std::vector<Word>& strides, Word rep, uint32_t groups, bool benignWrites,
                            uint64_t pairLimit = uint64_t{1} << 28);

}  // namespace sdvmc::sem
