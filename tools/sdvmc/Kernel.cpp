// Loading and checking a kernel file (see Kernel.h).
#include "tools/sdvmc/Kernel.h"

#include "kpl/Parser.h"
#include "kpl/Verify.h"
#include "report/Report.h"
#include "semantics/rules/Lower.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>

namespace sdvmc::tool {

std::optional<kpl::Program> loadProgram(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                        kpl::DiagnosticEngine& diags, const clangfe::LaunchOptions& launch) {
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) {
    diags.report(kpl::Diagnostic{kpl::Severity::Error, path, kpl::SourceLoc{1, 1},
                                 std::string("cannot read file: ") +
                                     (std::filesystem::is_directory(path) ? "is a directory" : std::strerror(errno))});
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  source = std::make_unique<kpl::SourceFile>(path, text.str());
  diags = kpl::DiagnosticEngine(source.get());

  std::optional<kpl::Program> program;
  if (std::optional<clangfe::Language> lang = clangfe::languageOfPath(path))
    program = clangfe::lowerCudaOrOpenCL(*source, *lang, launch, diags);
  else
    program = kpl::parseProgram(*source, diags);
  if (!program) return std::nullopt;
  program->file = path;
  // Validate the frontend's output as if it had been parsed (style.md: verify after each phase).
  if (!kpl::verifyProgram(*program, diags)) return std::nullopt;
  return program;
}

std::unique_ptr<Kernel> loadKernel(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                   std::vector<kpl::Diagnostic>& diagnostics, std::string& rendered,
                                   const clangfe::LaunchOptions& launch) {
  kpl::DiagnosticEngine diags;
  auto finish = [&] {
    diagnostics = diags.diagnostics();
    std::ostringstream os;
    diags.render(os);
    rendered = os.str();
  };
  std::optional<kpl::Program> program = loadProgram(path, source, diags, launch);
  if (!program) {
    finish();
    return nullptr;
  }
  auto kernel = std::make_unique<Kernel>();
  kernel->program = std::move(*program);
  std::optional<sem::Ir> ir = sem::lower(kernel->program, diags);
  if (!ir) {
    finish();
    return nullptr;
  }
  kernel->ir = std::move(*ir);
  kernel->ir.program = &kernel->program;
  finish();  // warnings, if any
  return kernel;
}

std::unique_ptr<Kernel> loadKernelOrReport(const std::string& path, bool json,
                                           std::unique_ptr<kpl::SourceFile>& source, const LaunchArgs* launch,
                                           const CommandLine* cl) {
  clangfe::LaunchOptions options;
  if (launch && cl) {
    std::optional<clangfe::LaunchOptions> o = resolveLaunch(path, *launch, *cl, json);
    if (!o) return nullptr;
    options = std::move(*o);
  } else if (clangfe::languageOfPath(path)) {
    // No launch options on this command: a one-thread group.
    options.localDims = 1;
  }
  std::vector<kpl::Diagnostic> diags;
  std::string rendered;
  std::unique_ptr<Kernel> k = loadKernel(path, source, diags, rendered, options);
  std::cerr << rendered;
  if (!k && json) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(diags)}} << "\n";
  return k;
}

namespace {
const sem::Node* wideAtomic(const sem::Ir& ir) {
  for (const sem::Node& n : ir.nodes)
    if (n.kind == sem::NodeKind::Atomic && kpl::atomicIsWide(n.atomicOp)) return &n;
  return nullptr;
}
}  // namespace

bool refuseGridBarrier(const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what, bool always,
                       bool asJson) {
  if (!ir.firstGridBarrier || (!always && ir.program->groups <= 1)) return false;
  kpl::DiagnosticEngine d(&src);
  d.error(*ir.firstGridBarrier,
          fmt::format("unsupported: {} does not handle grid barriers (grid_group::sync, barrier(grid)): they order "
                      "the groups of a launch, which `sdvmc run` (without --group), `sdvmc check` (the sdv model) "
                      "and `sdvmc prove` run as a whole",
                      what));
  d.render(std::cerr);
  if (asJson) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(d.diagnostics())}}.dump() << "\n";
  return true;
}

bool refuseAddr64(const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what, bool asJson) {
  const auto first = std::find_if(ir.exprs.begin(), ir.exprs.end(),
                                  [](const sem::ExprNode& e) { return e.op == sem::EOp::Addr64; });
  if (first == ir.exprs.end()) return false;
  kpl::DiagnosticEngine d(&src);
  d.error(first->loc, fmt::format("unsupported: {} does not handle 64-bit addresses yet (addr64: a 64-bit element "
                                  "index under --target 64; its memory model has 32-bit cells; sdvmc prove without "
                                  "--equiv, run and check do; --target 32 for GPUVerify's model)",
                                  what));
  d.render(std::cerr);
  if (asJson) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(d.diagnostics())}}.dump() << "\n";
  return true;
}

bool refuseUnsupported(const std::string& file, const kpl::SourceFile& src, const sem::Ir& ir, const std::string& what,
                       const Handles& handles, bool asJson) {
  std::string message;
  kpl::SourceLoc at{1, 1};
  const kpl::Program& p = *ir.program;
  const sem::ExprNode* floatOp = nullptr;
  // prove encodes the 64-bit integer builtins (prover/TwoThread.cpp), not floating
  // point: float and double builtins, and conversions involving them, are refused.
  if (!handles.floats)
    for (const sem::ExprNode& e : ir.exprs)
      if ((e.op >= sem::EOp::FAdd && e.op <= sem::EOp::FToU) || sem::isWideFloat(e.op)) {
        floatOp = &e;
        break;
      }
  // prove leaves floats uninterpreted (any value): whether a conversion is in range is not
  // encoded, so a kernel that checks one is refused rather than proved.
  const sem::ExprNode* conversion = nullptr;
  if (!handles.conversions)
    for (const sem::ExprNode& e : ir.exprs)
      if (e.op == sem::EOp::FCvtChk || e.op == sem::EOp::DCvtChk) {
        conversion = &e;
        break;
      }
  if (ir.firstAsync && !handles.asyncCopies) {
    // (asyncCopies: prove encodes them, prover/AsyncCopies.cpp.)
    // The asynchronous copies need the SDV rules' copies in flight (semantics/rules/Async.cpp),
    // which `check` with the sdv model carries in its states (StateCodec's encodeCopies) and
    // neither the warp models nor prove's encoding nor litmus do yet.
    at = *ir.firstAsync;
    message = fmt::format("unsupported: {} does not handle asynchronous copies yet (async_work_group_copy, "
                          "wait_group_events, cp.async, __pipeline_memcpy_async; sdvmc run and check do)", what);
  } else if (ir.firstAnnotation) {
    // The annotation builtins and ghost_rd (GPUVerify's annotations) need the SDV rules'
    // logs and whole-group columns (semantics/rules/EvalAnnot.cpp).
    at = *ir.firstAnnotation;
    message = fmt::format("unsupported: {} does not handle the annotation builtins (pairs, other, enabled, rd_all, "
                          "wr_all, at_taken, ghost_rd, candidate, every; sdvmc run and check do)", what);
  } else if (conversion) {
    at = conversion->loc;
    message = fmt::format("unsupported: {} does not check float-to-integer conversions yet (a float converted to an "
                          "integer, checked for its range: '{}'; sdvmc run and check do, --no-overflow-check leaves "
                          "them unchecked)",
                          what, kpl::wideOpName(sem::wideOpOf(conversion->op)));
  } else if (floatOp) {
    at = floatOp->loc;
    message = fmt::format("unsupported: {} does not handle floating point yet ({}; sdvmc run and check do)", what,
                          sem::isFloatMath(floatOp->op)  ? "a float math builtin"
                          : sem::isWideFloat(floatOp->op) ? "a 64-bit floating-point builtin"
                                                          : "a float builtin");
  } else if (const sem::Node* wide = wideAtomic(ir); handles.atomics && !handles.wideAtomics && wide) {
    at = wide->loc;
    message = fmt::format("unsupported: {} does not handle 64-bit atomic operations yet ('{}'; sdvmc run and check do)",
                          what, kpl::atomicOpName(wide->atomicOp));
  } else if (!handles.atomics && ir.hasAtomics) {
    for (const sem::Node& n : ir.nodes)
      if (n.kind == sem::NodeKind::Atomic) {
        at = n.loc;
        break;
      }
    message = fmt::format("unsupported: {} does not handle atomic operations yet (sdvmc run and check do)", what);
  } else if (!handles.params && !p.params.empty()) {
    at = p.params[0].range.begin;
    message = fmt::format("unsupported: {} does not handle kernel parameters yet (sdvmc run and check do)", what);
  } else if (!handles.groups && p.groups > 1) {
    at = p.groupsRange.begin.valid() ? p.groupsRange.begin : at;
    message = fmt::format("unsupported: {} does not handle several groups yet (sdvmc run does)", what);
  } else {
    return false;
  }
  kpl::DiagnosticEngine d(&src);
  d.error(at, message);
  d.render(std::cerr);
  if (asJson) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(d.diagnostics())}}.dump() << "\n";
  (void)file;
  return true;
}

}  // namespace sdvmc::tool
