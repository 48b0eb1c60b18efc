// Shared by the frontend's unit tests: lower a CUDA/OpenCL text (printing the KPL), and run
// the result on the SDV machine.
#pragma once

#include "frontends/clang/ClangFrontend.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"
#include "semantics/rules/Lower.h"
#include "semantics/rules/Sdv.h"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fetest {

namespace fe = sdvmc::clangfe;
namespace kpl = sdvmc::kpl;
namespace sem = sdvmc::sem;

struct Lowered {
  std::unique_ptr<kpl::SourceFile> file;
  std::optional<kpl::Program> program;
  std::vector<kpl::Diagnostic> diags;
  std::string rendered;
  std::string text;  ///< the printed KPL
};

inline fe::LaunchOptions launch1d(uint32_t x, std::vector<std::pair<std::string, uint32_t>> buffers = {}) {
  fe::LaunchOptions o;
  o.localSize = {x, 1, 1};
  o.localDims = 1;
  o.buffers = std::move(buffers);
  return o;
}

inline Lowered lowerText(const std::string& src, fe::Language lang, const fe::LaunchOptions& launch) {
  Lowered l;
  l.file = std::make_unique<kpl::SourceFile>(lang == fe::Language::Cuda ? "k.cu" : "k.cl", src);
  kpl::DiagnosticEngine diags(l.file.get());
  l.program = fe::lowerCudaOrOpenCL(*l.file, lang, launch, diags);
  if (l.program && !kpl::verifyProgram(*l.program, diags)) l.program.reset();
  l.diags = diags.diagnostics();
  std::ostringstream os;
  diags.render(os);
  l.rendered = os.str();
  if (l.program) l.text = kpl::printProgram(*l.program);
  return l;
}

inline Lowered lowerOk(const std::string& src, fe::Language lang, const fe::LaunchOptions& launch) {
  Lowered l = lowerText(src, lang, launch);
  INFO(src << "\n" << l.rendered);
  REQUIRE(l.program);
  return l;
}

/// Whether the printed KPL declares a local `name` (`local …, name, …;`).
inline bool declaresLocal(const Lowered& l, const std::string& name) {
  return l.text.find(" " + name + ",") != std::string::npos || l.text.find(" " + name + ";") != std::string::npos;
}

struct Ran {
  sem::VerdictKind verdict;
  std::map<std::string, std::vector<sem::Word>> arrays;
};

/// Lowers and runs one group (`gid`) with every arbitrary value 0; returns the verdict and
/// the final contents of the bounded arrays.
inline Ran runText(const std::string& src, fe::Language lang, const fe::LaunchOptions& launch, sem::Word gid = 0) {
  Lowered l = lowerOk(src, lang, launch);
  INFO(l.text);
  kpl::DiagnosticEngine diags(l.file.get());
  std::optional<sem::Ir> ir = sem::lower(*l.program, diags);
  REQUIRE(ir);
  sem::SdvMachine m(*ir, l.program->threads);
  sem::GroupState s = m.initialState(gid, sem::initialMemory(*ir, 0));
  Ran r;
  r.verdict = m.run(s, 1'000'000).kind;
  for (size_t a = 0; a < ir->arrays.size(); ++a)
    if (ir->arrays[a].bounded) r.arrays[ir->arrays[a].name] = s.base.bounded[a];
  return r;
}

using W = std::vector<sem::Word>;

/// The diagnostic "file:line:col: message" lines, without the quoted source.
inline std::string firstError(const Lowered& l) {
  for (const kpl::Diagnostic& d : l.diags)
    if (d.severity == kpl::Severity::Error)
      return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message;
  return "";
}


}  // namespace fetest
