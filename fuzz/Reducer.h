// Test-case reduction for `sdvmc fuzz`: delta debugging over a kernel's statements and
// expressions (after Zeller and Hildebrandt's ddmin, applied greedily level by level as
// C-Reduce's passes are), keeping only candidates for which a predicate holds. The fuzzer's
// predicate is "the reference still proves the kernel race-, divergence- and error-free,
// and the implementation still shows the same kind of finding", so the result is a small
// kernel whose result is defined and still miscompiled.
//
// The passes, repeated until none makes progress or the budget of predicate calls is spent:
//   - remove runs of statements (8, 4, 2, then 1 at a time) from every block;
//   - replace an `if` by one of its branches, a loop by its body, a nested block by its
//     statements;
//   - replace an expression by one of its operands, or by 0 or 1;
//   - remove procedures, arrays and names of `local` declarations; set array
//     initialisers' cells to 0.
// A candidate is the printed AST (kpl/Printer), so every candidate is a kernel text that is
// parsed and verified again before the predicate sees it; texts already tried are not tried
// again. Deterministic: the passes visit the tree in a fixed order.
#pragma once

#include "kpl/Ast.h"

#include <functional>
#include <string>

namespace sdvmc::fuzz {

/// Statements of the kernel: every statement of main and of the procedures, blocks not
/// counted (what "a kernel of N statements" means in reports and tests).
unsigned countStatements(const kpl::Program& program);

struct Reduction {
  std::string text;       ///< the smallest kernel found (the input's text when nothing helped)
  unsigned tries = 0;     ///< predicate calls
  unsigned before = 0;    ///< statements of the input
  unsigned after = 0;     ///< statements of the result
  bool budgetSpent = false;
};

/// Reduces `text` (a kernel for which `interesting` holds), calling `interesting` on at
/// most `budget` candidates.
Reduction reduceKernel(const std::string& name, const std::string& text,
                       const std::function<bool(const std::string&)>& interesting, unsigned budget);

}  // namespace sdvmc::fuzz
