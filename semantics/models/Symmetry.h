// Symmetry reduction for `check`: which symmetries a kernel has (found statically and
// conservatively: a symmetry is used only when it is proved, never assumed), and the
// canonical representative of a state under them.
//
// - Thread symmetry: a kernel that never reads `lid` runs the same program with the same
//   data in every thread, so any permutation of the threads maps executions to
//   executions. Under mimd (where threads do drift apart) a state is represented by
//   its threads sorted by their encodings. Under SDV the threads of such a kernel are
//   always identical, so there is nothing to reduce.
// - Value symmetry (Murphi's scalarset): when every value that shared memory can hold is
//   only copied, written, tested against 0 (conditions, !, &&, ||) and compared with ==
//   or != (never computed with, ordered, used as an address, compared with a constant
//   other than 0, or mixed with an integer in ?:), a permutation of the values
//   maps executions to executions. Fresh locations start at 0, so only permutations
//   that fix 0 are used: the values of the domain other than 0 are interchangeable, and
//   a state is represented with them renamed in order of first appearance.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"

#include <string>
#include <vector>

namespace sdvmc::sem {

struct SymmetryInfo {
  bool threads = false;
  bool values = false;
  std::string threadsWhyNot;   ///< why thread symmetry was not proved
  std::string valuesWhyNot;    ///< why value symmetry was not proved
  std::vector<uint8_t> dataSlot;  ///< per slot: 1 if it holds values from memory
};

/// Finds the symmetries of a lowered kernel.
SymmetryInfo analyseSymmetry(const Ir& ir);

/// A renaming of Words: values in [lo, hi] other than 0 are permuted, every other value
/// maps to itself.
class ValueRenaming {
public:
  ValueRenaming() = default;
  ValueRenaming(Word lo, Word hi);
  Word operator()(Word v) const;
  /// The renaming that undoes this one.
  Word inverse(Word label) const;
  /// Fixes the image of `v` (the next free label) when it is seen for the first time.
  void see(Word v);
  /// Completes the permutation: values never seen take the remaining labels in order.
  void complete();

private:
  Word lo_ = 0, hi_ = -1;
  std::vector<Word> map_, inv_;  ///< indexed by value - lo_
  std::vector<uint8_t> seen_;
  std::vector<Word> labels_;     ///< the labels (values of [lo, hi] other than 0), in order
  size_t next_ = 0;
};

/// Renames the data values of an SDV group state (memory, data locations of every
/// thread, written values in the logs) in order of first appearance; returns the
/// renaming applied (completed).
ValueRenaming canonicaliseValues(const Ir& ir, const SymmetryInfo& sym, Word lo, Word hi, Memory& memory,
                                 std::vector<GroupState*> threads);

}  // namespace sdvmc::sem
