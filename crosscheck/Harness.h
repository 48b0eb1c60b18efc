// The crosscheck harness: runs every kernel of a corpus (Corpus.h) as subprocesses of
// sdvmc with the launch its annotations give, compares sdvmc's verdict with the expected
// one (optionally with Oclgrind's as a third opinion, Oracle.h) and classifies each kernel.
//
// Each kernel runs as subprocesses of the sdvmc executable (support/Process.h),
// `jobs` kernels at a time, within `timeout` seconds for all of its subprocesses together
// (killed at the deadline: class timeout).
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
#pragma once

#include "crosscheck/Crosscheck.h"
#include "support/Process.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sdvmc::crosscheck {

/// How the corpus is run.
struct HarnessOptions {
  std::string sdvmc;            ///< the sdvmc executable each kernel runs in
  double timeout = 60;          ///< seconds per kernel, all its subprocesses together
  std::string domain = "0..1";  ///< check's --domain for GPUVerify-format kernels
  std::string oracle;           ///< "oclgrind" or empty
  unsigned jobs = 1;            ///< kernels at a time
};

/// Called after each kernel, one call at a time: how many are done, and the kernel.
using Progress = std::function<void(size_t done, const Entry& entry)>;

/// Crosschecks every entry, `jobs` at a time; the outcomes are in the entries' order.
/// False, with `error` set, when the oracle's temporary folder cannot be made.
bool crosscheckAll(const std::vector<Entry>& entries, const HarnessOptions& options, std::vector<Outcome>& outcomes,
                   const Progress& progress, std::string& error);

/// Crosschecks one kernel; `tmp` is a folder of its own for the oracle's files.
Outcome crosscheckOne(const Entry& e, const HarnessOptions& options, const std::string& tmp);

/// Reads one sdvmc subprocess into `s` (status, exit, kind, verdict, diagnostic); `limit`
/// is the timeout it ran under, for the message when it was killed.
void interpret(const support::ProcessResult& r, SdvmcResult& s, double limit);

/// The class of a kernel and why, from its expectation and sdvmc's result.
void classify(Outcome& o);

/// Whether Oclgrind's finding agrees with the expectation (OracleResult::agrees).
void oracleAgreement(Outcome& o);

}  // namespace sdvmc::crosscheck
