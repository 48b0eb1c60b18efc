// Loading and checking a kernel file (see Kernel.h).
#include "tools/sdvmc/Kernel.h"

#include "kpl/Parser.h"
#include "kpl/Verify.h"
#include "semantics/Lower.h"
#include "tools/sdvmc/Report.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace sdvmc::tool {

std::unique_ptr<Kernel> loadKernel(const std::string& path, std::unique_ptr<kpl::SourceFile>& source,
                                   std::vector<kpl::Diagnostic>& diagnostics, std::string& rendered) {
  auto fail = [&](kpl::DiagnosticEngine& d) {
    diagnostics = d.diagnostics();
    std::ostringstream os;
    d.render(os);
    rendered = os.str();
    return nullptr;
  };
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) {
    kpl::DiagnosticEngine d;
    d.report(kpl::Diagnostic{kpl::Severity::Error, path, kpl::SourceLoc{1, 1},
                             std::string("cannot read file: ") +
                                 (std::filesystem::is_directory(path) ? "is a directory" : std::strerror(errno))});
    return fail(d);
  }
  std::ostringstream text;
  text << in.rdbuf();
  source = std::make_unique<kpl::SourceFile>(path, text.str());
  kpl::DiagnosticEngine diags(source.get());

  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".cu" || ext == ".cl") {
    diags.error(kpl::SourceLoc{1, 1}, "unsupported: the " + std::string(ext == ".cu" ? "CUDA" : "OpenCL") +
                                          " frontend is not available in this build");
    return fail(diags);
  }

  auto kernel = std::make_unique<Kernel>();
  std::optional<kpl::Program> program = kpl::parseProgram(*source, diags);
  if (!program) return fail(diags);
  kernel->program = std::move(*program);
  kernel->program.file = path;
  if (!kpl::verifyProgram(kernel->program, diags)) return fail(diags);
  std::optional<sem::Ir> ir = sem::lower(kernel->program, diags);
  if (!ir) return fail(diags);
  kernel->ir = std::move(*ir);
  kernel->ir.program = &kernel->program;
  diagnostics = diags.diagnostics();  // warnings, if any
  std::ostringstream os;
  diags.render(os);
  rendered = os.str();
  return kernel;
}

std::unique_ptr<Kernel> loadKernelOrReport(const std::string& path, bool json,
                                           std::unique_ptr<kpl::SourceFile>& source) {
  std::vector<kpl::Diagnostic> diags;
  std::string rendered;
  std::unique_ptr<Kernel> k = loadKernel(path, source, diags, rendered);
  std::cerr << rendered;
  if (!k && json) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", diagnosticsJson(diags)}} << "\n";
  return k;
}

}  // namespace sdvmc::tool
