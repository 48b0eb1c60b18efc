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

}  // namespace sdvmc::sem
