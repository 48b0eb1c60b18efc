// Lowering a well-formed kpl::Program to the IR the rules run on (semantics/rules/Ir.h).
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"
#include "semantics/rules/Ir.h"

#include <optional>

namespace sdvmc::sem {

/// Lowers `program`, which must have passed kpl::verifyProgram. Reports to `diags` (and
/// returns nullopt) only for limits: a kernel whose procedure instantiation would exceed
/// `maxNodes` IR nodes.
std::optional<Ir> lower(const kpl::Program& program, kpl::DiagnosticEngine& diags,
                        size_t maxNodes = 4'000'000);

}  // namespace sdvmc::sem
