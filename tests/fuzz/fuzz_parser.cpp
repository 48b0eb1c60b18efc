// libFuzzer target for the KPL front end: any bytes are parsed; a kernel that parses is
// verified, printed, re-parsed and compared with sameAst (the printer's round trip), and
// the diagnostics are rendered. A crash, sanitizer report, hang or failed round trip is
// a bug. Build with -DSDVMC_FUZZ=ON and clang (tests/fuzz/CMakeLists.txt).
#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sdvmc::kpl;
  SourceFile file("fuzz.kpl", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticEngine diags(&file);
  std::optional<Program> program = parseProgram(file, diags);
  if (program.has_value() == diags.hasErrors()) {
    std::fprintf(stderr, "parse result disagrees with the diagnostics\n");
    std::abort();
  }
  if (program) verifyProgram(*program, diags);
  std::ostringstream rendered;
  diags.render(rendered);
  if (!program) return 0;

  std::string printed = printProgram(*program);
  SourceFile file2("printed.kpl", printed);
  DiagnosticEngine diags2(&file2);
  std::optional<Program> again = parseProgram(file2, diags2);
  if (!again || !sameAst(*program, *again) || printProgram(*again) != printed) {
    std::ostringstream os;
    diags2.render(os);
    std::fprintf(stderr, "round trip failed\n--- printed:\n%s\n--- diagnostics:\n%s\n",
                 printed.c_str(), os.str().c_str());
    std::abort();
  }
  return 0;
}
