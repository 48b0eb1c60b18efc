// Presenting results: verdicts, memories and statements, for people (text with source
// quotes) and for scripts (the JSON of ../shared/cli-contract.md).
#pragma once

#include "kpl/Diagnostics.h"
#include "semantics/Ir.h"
#include "semantics/State.h"
#include "semantics/Verdict.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace sdvmc::tool {

nlohmann::json locationJson(const std::string& file, kpl::SourceLoc loc);
/// `verdict`, `rule`, `threads`, `location`, `accesses`, … (no `final`).
nlohmann::json verdictJson(const sem::Ir& ir, const sem::Verdict& v, const std::string& file);
/// Every named array whole; the default memory from 0 to its highest address set.
nlohmann::json memoryJson(const sem::Ir& ir, const sem::Memory& m);
nlohmann::json diagnosticsJson(const std::vector<kpl::Diagnostic>& diags);

/// One line describing a lowered statement: its source text, or what the rule made
/// (`if-flag := lid < 2`).
std::string stmtSummary(const sem::Ir& ir, sem::NodeId node);
/// "{0-3, 5}" for a mask over n threads.
std::string threadSet(const uint8_t* mask, uint32_t n);
std::string threadList(const std::vector<uint32_t>& threads);

/// The verdict with its evidence, quoting the source lines involved.
void printVerdict(std::ostream& os, const kpl::SourceFile& src, const sem::Ir& ir, const sem::Verdict& v);
void printMemory(std::ostream& os, const sem::Ir& ir, const sem::Memory& m);

}  // namespace sdvmc::tool
