// Loading a kernel for any subcommand: read the file, pick the frontend by extension,
// parse, verify, lower. Every failure is a diagnostic (exit status 2), never a crash.
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"
#include "semantics/Ir.h"

#include <memory>
#include <optional>
#include <string>

namespace sdvmc::tool {

/// A loaded kernel. Heap-allocated so the IR's pointers into the AST stay valid.
struct Kernel {
  kpl::SourceFile source;
  kpl::Program program;
  sem::Ir ir;
};

/// Loads `path`. On failure, the diagnostics are in `diags` and the result is null.
/// `diags` must have been made with `source` (see loadKernel's use in the commands).
std::unique_ptr<Kernel> loadKernel(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                   std::vector<kpl::Diagnostic>& diagnostics, std::string& rendered);

/// loadKernel, printing the diagnostics to stderr (and, when `json`, the JSON error
/// object to stdout). Null on failure: the command then exits with status 2.
std::unique_ptr<Kernel> loadKernelOrReport(const std::string& path, bool json,
                                           std::unique_ptr<kpl::SourceFile>& source);

}  // namespace sdvmc::tool
