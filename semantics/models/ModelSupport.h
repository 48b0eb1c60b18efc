// What the execution models share: the initial memory of `check` (arbitrary cells
// unknown until first read), choosing an arbitrary cell, and printing memories.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/models/Model.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/State.h"

#include <optional>
#include <span>
#include <string>

namespace sdvmc::sem {

/// Declared values where the kernel gives them; every arbitrary cell (`*`, arrays
/// without initialiser, the default memory) unknown, except in the arrays marked in
/// `abstractArrays` (Bounds::abstractArrays), whose arbitrary cells hold the one value
/// that stands for all (what `sdvmc run` gives them: initialMemory).
Memory checkInitialMemory(const Ir& ir, const std::vector<uint8_t>& abstractArrays = {});

/// When the statement on top of `s` is an enabled read (T-RD) or atomic (T-ATOMIC, whose
/// result is the cell's old value), the smallest address that some enabled thread reads
/// and whose arbitrary initial value has not been chosen yet in `memory`. A thread's own
/// write since the last barrier hides the cell from it (its shadow holds the written
/// value). Addresses out of bounds or whose evaluation fails are left for the rule to
/// report. Arrays marked in `abstractArrays` are never chosen.
std::optional<Address> unknownCellRead(const Ir& ir, SdvMachine& m, const GroupState& s,
                                       const Memory& memory, const std::vector<uint8_t>& abstractArrays = {});

/// Every such address (sorted, each once): a warp's read reads them all at once.
std::vector<Address> unknownCellsRead(const Ir& ir, SdvMachine& m, const GroupState& s, const Memory& memory,
                                      const std::vector<uint8_t>& abstractArrays = {});

/// Chooses the initial value of an unknown cell.
void chooseCell(const Ir& ir, Memory& memory, Address a, Word value);

/// Outcome mode's error states: a marker no ordinary state starts with (a group size),
/// the verdict, and the configuration.
void encodeErrorState(const Verdict& v, uint32_t threads, Word group,
                      const std::vector<std::pair<Address, Word>>& choices, StateBytes& out);
bool isErrorState(std::span<const uint8_t> bytes);
TerminalOutcome decodeErrorState(std::span<const uint8_t> bytes);

/// `A = {0, 1, *, 3}; mem = {[0] = 5, [7] = *}` — unknown cells as `*`.
std::string describeMemoryText(const Ir& ir, const Memory& memory);

}  // namespace sdvmc::sem

namespace sdvmc::sem {

/// The bounds a kernel's leading `assume`s (the frontends' `__requires`) put on each
/// kernel parameter: comparisons of a parameter with a constant (`n < 64`, `16 <= n`,
/// `n == 4`, their unsigned forms), joined by `&&`, in assumes that run before any
/// memory access or barrier. Entry k: {lo, hi} for parameter k (missing bounds nullopt).
struct ParamBound {
  std::optional<int64_t> lo, hi;
};
std::vector<ParamBound> paramBoundsFromAssumes(const Ir& ir);

}  // namespace sdvmc::sem
