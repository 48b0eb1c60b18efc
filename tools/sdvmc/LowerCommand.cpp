// `sdvmc lower FILE` (see LowerCommand.h).
#include "tools/sdvmc/LowerCommand.h"

#include "kpl/Printer.h"
#include "report/Report.h"
#include "tools/sdvmc/Kernel.h"

#include <iostream>
#include <nlohmann/json.hpp>

namespace sdvmc::tool {

int lowerCommand(const LowerOptions& o, const CommandLine& cl) {
  std::optional<clangfe::LaunchOptions> launch = resolveLaunch(o.file, o.launch, cl, o.json);
  if (!launch) return 2;
  std::unique_ptr<kpl::SourceFile> source;
  kpl::DiagnosticEngine diags;
  std::optional<kpl::Program> program = loadProgram(o.file, source, diags, *launch);
  diags.render(std::cerr);
  if (!program) {
    if (o.json) std::cout << nlohmann::json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(diags.diagnostics())}} << "\n";
    return 2;
  }
  std::string text = kpl::printProgram(*program);
  if (o.json)
    std::cout << nlohmann::json{{"file", o.file}, {"language", program->language}, {"kpl", text}} << "\n";
  else
    std::cout << text;
  return 0;
}

}  // namespace sdvmc::tool
