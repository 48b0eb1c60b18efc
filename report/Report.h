// Presenting results: verdicts with their evidence, memories, statements, threads and
// cells, for people (text with source quotes) and for scripts (the JSON of
// ../shared/cli-contract.md). Every command and the litmus tables present through it.
#pragma once

#include "kpl/Diagnostics.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <optional>
#include <string>

namespace sdvmc::report {

nlohmann::json locationJson(const std::string& file, kpl::SourceLoc loc);
/// `verdict`, `rule`, `threads`, `location`, `accesses`, … (no `final`).
nlohmann::json verdictJson(const sem::Ir& ir, const sem::Verdict& v, const std::string& file);
/// Every named array whole; an unbounded array (the default memory, `NAME[]`) from 0 to its
/// highest address set, or, when that is 4096 or more, as an object of the cells set only
/// (`{"1073741824": 5}`, index → value).
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
/// (`--all`) "3 distinct violations (2 race, 1 divergence)": the kinds in order of first
/// appearance.
std::string violationCount(const std::vector<sem::Verdict>& verdicts);

/// The size options a replay command needs: `--threads N` for KPL, the launch geometry
/// (`--local-size X,Y,Z --num-groups A,B,C`, CUDA: `--block-dim`/`--grid-dim`) for
/// CUDA/OpenCL kernels.
std::string launchReplayArgs(const kpl::Program& p, uint32_t threads);
/// A thread as a user names it: "thread 3" (KPL), "thread (3,0,0)" (CUDA/OpenCL, from the
/// launch geometry), with " of group …" when `group` >= 0.
std::string threadName(const kpl::Program& p, uint32_t lid, int64_t group = -1);
/// A cell as users know it: `A[7]`, or for an array whose C elements take several cells
/// (Program::cellPaths) the element and the path within it, `a[1].lo (cell 3)`.
std::string cellName(const kpl::Program& p, const std::string& array, int64_t index);
/// The element part alone (`a[1].lo`; JSON `element`), or nothing for one-cell elements.
std::optional<std::string> elementName(const kpl::Program& p, const std::string& array, int64_t index);
std::vector<int64_t> localCoords(const kpl::Program& p, uint32_t lid);
std::vector<int64_t> groupCoords(const kpl::Program& p, int64_t gid);

}  // namespace sdvmc::report
