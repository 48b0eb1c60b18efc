// The lowering from Clang's AST to KPL (internal to frontends_clang; see ClangFrontend.h
// and README.md for the rules).
#pragma once

#include "frontends/clang/ClangFrontend.h"

namespace clang {
class ASTContext;
}

namespace sdvmc::clangfe {

/// The host function the frontend appends after the file for `--kernel 'name<args>'`: its body
/// takes the address of the name as the user spelt it (ClangFrontend.cpp).
inline constexpr const char* kKernelRefName = "__sdvmc_kernel_ref";

/// Lowers the kernel of a parsed and type-checked translation unit. Every construct it
/// cannot translate exactly is an `unsupported: …` error in `diags`; the result is then
/// empty. `kernelRefError`: Clang's error in the --kernel reference (kKernelRefName), if any.
std::optional<kpl::Program> lowerTranslationUnit(clang::ASTContext& ctx, Language language,
                                                 const LaunchOptions& launch, const std::string& path,
                                                 kpl::DiagnosticEngine& diags, const std::string& kernelRefError = "");

}  // namespace sdvmc::clangfe
