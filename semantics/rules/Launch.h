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
/// array a moved by strides[a]·(g − rep) (Word arithmetic). Two groups g1 ≠ g2 of
/// 0 … groups−1 conflict on a cell exactly when, for two conflicting accesses at cells ca
/// and cb, ca − cb = k·(g2 − g1) mod 2^32 for some such pair: k·d = δ is solved exactly
/// (k = 2^t·u, u odd: d ≡ (δ >> t)·u⁻¹ mod 2^(32−t) when 2^t divides δ), the candidate
/// differences d of least magnitude checked against groups − 1. Ok when no two groups
/// conflict; else the race (rule INTER-GROUP-RACE) between the lowest pair found, in the
/// order of the accesses' (array, cell). `pairLimit` bounds the pairs compared: beyond it
/// (and when the cells' span does not rule every shift out) the verdict is Inconclusive.
Verdict translatedGroupRace(const Ir& ir, const SdvMachine& machine, std::vector<SdvMachine::FootprintEntry> footprint,
                            const std::vector<Word>& strides, Word rep, uint32_t groups, bool benignWrites,
                            uint64_t pairLimit = uint64_t{1} << 28);

}  // namespace sdvmc::sem
