// The KPL parser: text to AST (kpl/Ast.h), for the concrete syntax of
// ../shared/kpl-language.md plus the extensions documented in specs/KPL.md.
//
// Syntax errors are reported to the DiagnosticEngine and parsing resumes at the next
// statement, so one run reports as many errors as it can. Whatever the bytes, the parser
// returns (it never crashes, loops or recurses without bound).
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"

#include <optional>

namespace sdvmc::kpl {

/// Parses `source`. Returns the program when there was no syntax error; nullopt otherwise
/// (the errors are in `diags`). Well-formedness is checked separately (kpl/Verify.h).
std::optional<Program> parseProgram(const SourceFile& source, DiagnosticEngine& diags);

}  // namespace sdvmc::kpl
