// `sdvmc crosscheck DIR`: every annotated kernel under DIR against its expected verdict
// (../shared/cli-contract.md), through the harness of crosscheck/ (Harness.h says how each
// kernel is run and classified; Report.h what the reports hold).
// Exit status: 0 when every kernel agrees, 1 otherwise, 2 for a bad command line.
#pragma once

#include "tools/sdvmc/CommandLine.h"

#include <string>

namespace sdvmc::tool {

struct CrosscheckOptions {
  std::string dir;
  unsigned jobs = 0;             ///< kernels at a time (default: all cores)
  double timeout = 60;           ///< seconds per kernel, all its subprocesses together
  std::string domain = "0..1";   ///< check's --domain for GPUVerify-format kernels
  std::string oracle;            ///< "oclgrind" or empty
  std::string report;            ///< FILE.md, FILE.json or FILE.html
  std::string filter;            ///< only kernels whose name contains this
  std::string baseline;          ///< a previous --report FILE.json: print what changed since
  bool json = false;             ///< the JSON report on stdout instead of the text
  std::string sarif;             ///< --sarif FILE: one SARIF result per kernel where sdvmc found a violation
};

int crosscheckCommand(const CrosscheckOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
