// `sdvmc crosscheck DIR`: every annotated kernel under DIR against its expected verdict
// (Crosscheck.h; the formats in CrosscheckCorpus.h, the reports in CrosscheckReport.h).
//
// Each kernel runs as subprocesses of this executable (/proc/self/exe), `--jobs` kernels at
// a time, within `--timeout` seconds for all of its subprocesses together (killed at the
// deadline: class timeout).
//
// A GPUVerify-format kernel gets GPUVerify's defaults and a two-part verdict:
//   intra-group  `sdvmc check FILE LAUNCH --domain D [--benign-writes] --json --jobs 1`:
//                every arbitrary input over the domain, parameters over their ranges
//                (`__requires` bounds them), each group id on its own;
//   inter-group  when check finds nothing, the launch has several groups and
//                --only-intra-group is not given: `sdvmc run FILE LAUNCH [--benign-writes]
//                --json` on the whole launch, with memory 0 and every parameter at the low
//                end of the range check explored, then (when different) at the high end.
// --benign-writes unless --no-benign-tolerance. A spec-format case runs as written.
//
// Classes: agree (the verdict is the expected kind; rejection, exit 2, when GPUVerify's
// front end fails: `xfail:` with a code other than NOT_ALL_VERIFIED); disagree (both
// verdicts, sdvmc's witness; also a crash); unsupported (sdvmc rejects a kernel expected
// to be accepted: its diagnostic); timeout (killed, or a limit reached: exit 3).
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
  bool json = false;             ///< the JSON report on stdout instead of the text
};

int crosscheckCommand(const CrosscheckOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
