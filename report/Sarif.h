// SARIF 2.1.0 logs (the OASIS Static Analysis Results Interchange Format), the format
// code-scanning services and editors read: `--sarif FILE` of run, check, prove and
// crosscheck.
//
// One log holds one run of sdvmc: the tool with one rule per verdict kind (race,
// divergence, assertion, …), the invocation (command line, exit status, and a notification
// when the verdict is inconclusive), and one result per violation. The writer takes a list
// of violations, so a command that reports several gives several results. Each result has
// the verdict's statement as its location, the racing accesses as related locations, the
// replay command in its message, the witness (when the execution was recorded) as a code
// flow with one thread flow per thread involved, and the contract's JSON object for the
// violation in its property bag ("sdvmc").
#pragma once

#include "kpl/Diagnostics.h"
#include "report/Trace.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Verdict.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sdvmc::report {

/// One location of a thread's flow.
struct SarifFlowStep {
  std::string file;
  kpl::SourceLoc loc;
  std::string text;        ///< what ran there: the rule and the statement
  uint64_t order = 0;      ///< the rule application's number in the execution
  uint32_t nesting = 0;    ///< calls enclosing the statement
  bool essential = false;  ///< evidence of the verdict
  bool important = false;  ///< an access or a barrier
};
struct SarifThreadFlow {
  std::string thread;  ///< as users name it: "thread 3", "thread (1,0,0) of group (0,0,0)"
  std::vector<SarifFlowStep> steps;
};

/// One violation.
struct SarifResult {
  /// The contract's object for it (verdictJson, with `replay`, `witness`, … when known):
  /// `verdict`, `rule`, `location`, `accesses` and `message` make the result.
  nlohmann::json verdict;
  std::string note;                          ///< a sentence added to the message (crosscheck: the expectation)
  std::string flowMessage;                   ///< what the code flow shows ("the witness: 2 threads, …")
  std::vector<SarifThreadFlow> threadFlows;  ///< empty: no code flow
};

/// The run's invocation.
struct SarifInvocation {
  std::vector<std::string> arguments;  ///< the command line after the program name
  int exitCode = 0;
  /// The overall verdict name ("ok", "race", "inconclusive", …), and for "inconclusive" or
  /// "vacuous" why (a tool notification of level warning).
  std::string verdict;
  std::string why;
};

/// The SARIF log of one sdvmc run: `results` in order, one per violation.
nlohmann::json sarifLog(const SarifInvocation& invocation, const std::vector<SarifResult>& results);

/// A violation found in this process: the verdict's JSON (report::verdictJson) plus
/// `replay`, and when `trace` is given (the recorded execution of the witness, of group
/// `group`) one thread flow per thread in v.threads.
SarifResult sarifResult(const sem::Ir& ir, const sem::Verdict& v, const std::string& file, const std::string& replay,
                        const Trace* trace = nullptr, sem::Word group = 0);

/// A file path as a SARIF artifact location: relative to the working directory (base id
/// %SRCROOT%) when it lies under it, else an absolute file: URI.
nlohmann::json artifactLocation(const std::string& file);

}  // namespace sdvmc::report
