// Well-formedness of a parsed kernel (../shared/sdv-semantics.md, "Well-formedness", and
// the list): undeclared names, a `local` hiding an enclosing one, break/continue
// outside a loop, `return` in main, main not ending with `barrier`, a procedure assigning
// its parameter, calls to unknown procedures or with the wrong number of arguments,
// recursion (cycles of the call graph, found with Boost.Graph), array sizes and
// initialisers that disagree, duplicate names.
//
// Run after parsing and after every lowering (CBMC's validate_goto_model): the
// interpreter assumes a program that passed it.
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"

namespace sdvmc::kpl {

/// Reports every well-formedness error of `program`; returns true when there was none.
bool verifyProgram(const Program& program, DiagnosticEngine& diags);

}  // namespace sdvmc::kpl
