// Loading a kernel for any subcommand: read the file, pick the frontend by extension
// (.kpl: the KPL parser; .cu, .cl: the Clang frontend, frontends/clang), verify, lower.
// Every failure is a diagnostic (exit status 2), never a crash; so is a feature of the
// kernel that a command does not handle yet (refuseUnsupported).
#pragma once

#include "frontends/clang/ClangFrontend.h"
#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"
#include "semantics/rules/Ir.h"
#include "tools/sdvmc/Launch.h"

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
/// `launch` is the launch geometry of a .cu/.cl kernel (ignored for .kpl).
std::unique_ptr<Kernel> loadKernel(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                   std::vector<kpl::Diagnostic>& diagnostics, std::string& rendered,
                                   const clangfe::LaunchOptions& launch = {});

/// Reads `path` and produces its KPL program, verified (no semantic lowering): the KPL
/// parser for .kpl, the Clang frontend for .cu/.cl. Null on failure, with `diags` filled.
std::optional<kpl::Program> loadProgram(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                        kpl::DiagnosticEngine& diags, const clangfe::LaunchOptions& launch);

/// loadKernel, printing the diagnostics to stderr (and, when `json`, the JSON error
/// object to stdout). Null on failure: the command then exits with status 2. With `launch`
/// and `cl`, the launch options are checked first (`<command-line>` diagnostics).
std::unique_ptr<Kernel> loadKernelOrReport(const std::string& path, bool json,
                                           std::unique_ptr<kpl::SourceFile>& source,
                                           const LaunchArgs* launch = nullptr, const CommandLine* cl = nullptr);

/// (grid barriers) A `barrier(grid);` (CUDA's grid_group::sync()) in a launch of several
/// groups, where `what` runs groups one at a time (run --group, the warp models) or
/// not as a launch at all (prove --equiv, litmus: `always`): refused as
/// `file:line:col: error: unsupported: … (sdvmc run does)`; returns true when it printed it.
bool refuseGridBarrier(const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what, bool always,
                       bool asJson);

/// (extension) A kernel with addr64 accesses (64-bit cell indices) where `what` keeps 32-bit
/// cells (prove --equiv): a located `unsupported:` diagnostic at the first addr64, as above.
bool refuseAddr64(const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what, bool json);

/// What a command (or model) handles, for refuseUnsupported: each caller names, with designated
/// initialisers, the constructs it handles. A field left out is not handled, so a construct a
/// command has not been taught is refused, never silently mistranslated.
struct Handles {
  bool atomics = false;      ///< 32-bit atomics (atomic_OP)
  bool wideAtomics = false;  ///< 64-bit atomics (atomic64_OP), with `atomics`
  bool params = false;       ///< kernel parameters
  bool groups = false;       ///< several groups (`groups: G;`)
  bool floats = false;       ///< floating point (float and double builtins, their conversions)
  bool conversions = false;  ///< the float-to-integer conversion checks fcvt_chk / dcvt_chk
  bool asyncCopies = false;  ///< asynchronous copies
};

/// What `what` (a command or model, e.g. "prove", "the mimd model") does not handle in this
/// kernel yet — the first construct `handles` leaves out, and always the annotation builtins
/// (they need the SDV rules' logs) — as `file:line:col: error: unsupported: …` on stderr (and
/// the JSON error object when `json`); returns true when it printed one (the command exits
/// with 2).
bool refuseUnsupported(const std::string& file, const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what,
                       const Handles& handles, bool json);

}  // namespace sdvmc::tool
