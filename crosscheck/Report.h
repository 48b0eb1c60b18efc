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
inline const char* const kClasses[] = {"agree", "disagree", "unsupported", "timeout"};

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

}  // namespace sdvmc::crosscheck
