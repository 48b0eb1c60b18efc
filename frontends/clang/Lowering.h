// The lowering from Clang's AST to KPL (internal to frontends_clang; see ClangFrontend.h
// and README.md for the rules).
#pragma once

#include "frontends/clang/ClangFrontend.h"

namespace clang {
class ASTContext;
}

namespace sdvmc::clangfe {

/// Lowers the kernel of a parsed and type-checked translation unit. Every construct it
/// cannot translate exactly is an `unsupported: …` error in `diags`; the result is then
/// empty.
std::optional<kpl::Program> lowerTranslationUnit(clang::ASTContext& ctx, Language language,
                                                 const LaunchOptions& launch, const std::string& path,
                                                 kpl::DiagnosticEngine& diags);

}  // namespace sdvmc::clangfe
