// The reports of `sdvmc crosscheck` (Crosscheck.h): the text on stdout, and --report FILE
// as Markdown (.md), JSON (.json) or HTML (.html, .htm).
//
// Every format lists every kernel with its class, the expected verdict, sdvmc's (with what
// it explored: an "ok" means no violation in the explored inputs, never more), Oclgrind's
// when it ran, and the time; then the counts per class and per expected kind. The HTML
// report adds, for each disagreement and each violation sdvmc reports, the kernel's source
// with the witness's accesses (class "hl-access") and the verdict's statement — the
// barrier of a race or a divergence (class "hl-at") — highlighted.
#pragma once

#include "crosscheck/Crosscheck.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace sdvmc::crosscheck {

/// The classes, in report order.
/// agree: the verdict expected; disagree: another; beyond: sdvmc found a violation GPUVerify
/// does not check by default (division by zero, shift range, out-of-bounds without
/// --check-array-bounds): sdvmc found more; not-comparable: the expectation is a GPUVerify
/// tool error (front end, command line), not a verdict; unsupported: sdvmc rejects the
/// kernel; timeout: no verdict in the time given.
inline const char* const kClasses[] = {"agree", "disagree", "beyond", "not-comparable", "unsupported", "timeout"};

/// sdvmc's verdict in a few words: "race (G-RACE) at line 9", "ok", "rejected", "timeout".
std::string sdvmcShort(const SdvmcResult& s);

void printText(std::ostream& os, const RunInfo& info, const std::vector<Outcome>& outcomes,
               const std::vector<Skipped>& skipped);
nlohmann::json reportJson(const RunInfo& info, const std::vector<Outcome>& outcomes,
                          const std::vector<Skipped>& skipped);
std::string reportMarkdown(const RunInfo& info, const std::vector<Outcome>& outcomes,
                           const std::vector<Skipped>& skipped);
std::string reportHtml(const RunInfo& info, const std::vector<Outcome>& outcomes,
                       const std::vector<Skipped>& skipped);

/// What changed since a previous run's JSON report (`--baseline REPORT.json`): each kernel
/// whose class changed (by name), grouped as now agreeing, now disagreeing and other
/// changes, then kernels new to the corpus and kernels no longer in it.
struct BaselineDiff {
  struct Change {
    std::string name, before, after;  ///< classes ("" before: new kernel; "" after: gone)
  };
  std::vector<Change> changes;
  size_t baselineKernels = 0;
};
/// Compares; false with `error` set when `baseline` is not a crosscheck JSON report.
bool diffBaseline(const nlohmann::json& baseline, const std::vector<Outcome>& outcomes, BaselineDiff& diff,
                  std::string& error);
void printBaseline(std::ostream& os, const BaselineDiff& diff);
nlohmann::json baselineJson(const BaselineDiff& diff);

}  // namespace sdvmc::crosscheck
