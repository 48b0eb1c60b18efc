// SARIF 2.1.0 logs (see Sarif.h).
#include "report/Sarif.h"

#include "report/Report.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>

#ifndef SDVMC_VERSION
#define SDVMC_VERSION "0.0.0"
#endif

namespace sdvmc::report {

using nlohmann::json;

namespace {

/// The rules: one per verdict kind that is a violation (exit status 1).
struct RuleInfo {
  const char* id;    ///< the contract's verdict name
  const char* name;  ///< SARIF's PascalCase rule name
  const char* brief;
  const char* full;
};
constexpr RuleInfo kRules[] = {
    {"race", "DataRace", "Data race.",
     "Two threads access the same shared cell with no barrier between them and at least one access writes "
     "(SDV: G-RACE at the barrier that merges their logs; mimd and simt: at the second access; several groups: "
     "two groups access a global cell)."},
    {"divergence", "BarrierDivergence", "Barrier divergence.",
     "A barrier is reached by some threads of the group while others are disabled (SDV: G-DIVERGENCE), or "
     "(warp models) warps wait at different barriers."},
    {"assertion", "AssertionFailure", "Assertion failure.", "An assert (or __assert) is false for a thread."},
    {"out-of-bounds", "OutOfBoundsAccess", "Out-of-bounds access.",
     "A thread reads or writes a bounded array outside its cells."},
    {"division-by-zero", "DivisionByZero", "Division by zero.", "A thread divides (or takes a remainder) by zero."},
    {"shift-out-of-range", "ShiftOutOfRange", "Shift out of range.",
     "A thread shifts by a negative amount or by at least the word's width."},
    {"constant-write", "ConstantWrite", "Write to constant memory.", "A thread writes an array in constant memory."},
    {"deadlock", "BarrierDeadlock", "Deadlock.", "(mimd, simt) A thread or warp finishes while others wait at a barrier."},
    {"discrepancy", "SemanticsDiscrepancy", "Semantics discrepancy.",
     "(check --compare) An execution of the compared model disagrees with SDV where SDV reaches no error."},
};

std::string upperFirst(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

/// A URI path: every byte outside RFC 3986's unreserved characters and '/' percent-encoded.
std::string uriPath(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

std::string workingDirectoryUri() {
  std::error_code ec;
  std::string cwd = std::filesystem::current_path(ec).string();
  if (ec) cwd = "/";
  if (cwd.back() != '/') cwd += '/';
  return "file://" + uriPath(cwd);
}

json physical(const std::string& file, uint32_t line, uint32_t col) {
  json region{{"startLine", std::max<uint32_t>(line, 1)}};
  if (col > 0) region["startColumn"] = col;
  return json{{"physicalLocation", json{{"artifactLocation", artifactLocation(file)}, {"region", region}}}};
}

json physical(const json& location) {
  return physical(location.value("file", std::string()), location.value("line", 1u), location.value("col", 0u));
}

/// "thread 3", "thread (1,0,0) of group (0,0,0)", from an access of the contract's JSON.
std::string accessThread(const json& a) {
  std::string who = a.contains("local_id")
                        ? fmt::format("thread ({})", fmt::join(a["local_id"].get<std::vector<int64_t>>(), ","))
                        : fmt::format("thread {}", a.value("thread", 0));
  if (a.contains("group_id"))
    who += fmt::format(" of group ({})", fmt::join(a["group_id"].get<std::vector<int64_t>>(), ","));
  else if (a.contains("group"))
    who += fmt::format(" of group {}", a["group"].get<int64_t>());
  return who;
}

std::string accessCell(const json& a) {
  if (a.contains("element")) return a["element"].get<std::string>();
  return fmt::format("{}[{}]", a.value("array", std::string("?")), a.value("index", int64_t{0}));
}

std::string sentence(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '.')) s.pop_back();
  return s.empty() ? s : s + ".";
}

json resultJson(const SarifResult& r, const std::vector<std::string>& ruleIds) {
  const json& v = r.verdict;
  const std::string kind = v.value("verdict", std::string("violation"));
  const auto rule = std::find(ruleIds.begin(), ruleIds.end(), kind);
  json out{{"ruleId", kind}, {"ruleIndex", rule - ruleIds.begin()}, {"level", "error"}, {"kind", "fail"}};

  // The message: what, where, the evidence (each access links to its related location),
  // and the command that replays it.
  const auto info = std::find_if(std::begin(kRules), std::end(kRules), [&](const RuleInfo& i) { return kind == i.id; });
  std::string text = info != std::end(kRules) ? std::string(info->brief, std::strlen(info->brief) - 1) : upperFirst(kind);
  if (v.contains("rule")) text += fmt::format(" ({})", v["rule"].get<std::string>());
  if (v.contains("location"))
    text += fmt::format(" at {}:{}:{}", v["location"].value("file", std::string()), v["location"].value("line", 0),
                        v["location"].value("col", 0));
  text += ".";
  json related = json::array();
  if (v.contains("accesses")) {
    std::vector<std::string> parts;
    for (const json& a : v["accesses"]) {
      const std::string what = fmt::format("{} by {} of {}", a.value("kind", std::string("access")), accessThread(a),
                                           accessCell(a));
      if (a.contains("location")) {
        const int id = static_cast<int>(related.size()) + 1;
        json loc = physical(a["location"]);
        loc["id"] = id;
        loc["message"] = json{{"text", sentence(upperFirst(what))}};
        related.push_back(std::move(loc));
        parts.push_back(fmt::format("{} [at line {}]({})", what, a["location"].value("line", 0), id));
      } else {
        parts.push_back(what);
      }
    }
    if (!parts.empty()) text += " " + upperFirst(fmt::format("{}", fmt::join(parts, " and "))) + ".";
  } else if (v.contains("message")) {
    text += " " + sentence(upperFirst(v["message"].get<std::string>()));
  }
  if (!r.note.empty()) text += " " + sentence(r.note);
  if (v.contains("replay")) text += fmt::format(" Replay: {} --trace", v["replay"].get<std::string>());
  out["message"] = json{{"text", text}};
  if (v.contains("location")) out["locations"] = json::array({physical(v["location"])});
  if (!related.empty()) out["relatedLocations"] = std::move(related);

  if (!r.threadFlows.empty()) {
    json flows = json::array();
    for (const SarifThreadFlow& t : r.threadFlows) {
      json locations = json::array();
      for (const SarifFlowStep& s : t.steps) {
        json loc = physical(s.file, s.loc.line, s.loc.col);
        loc["message"] = json{{"text", s.text}};
        locations.push_back(json{{"location", std::move(loc)},
                                 {"executionOrder", s.order},
                                 {"nestingLevel", s.nesting},
                                 {"importance", s.essential ? "essential" : s.important ? "important" : "unimportant"}});
      }
      if (locations.empty()) continue;
      flows.push_back(json{{"message", json{{"text", t.thread}}}, {"locations", std::move(locations)}});
    }
    if (!flows.empty()) {
      json flow{{"threadFlows", std::move(flows)}};
      if (!r.flowMessage.empty()) flow["message"] = json{{"text", sentence(r.flowMessage)}};
      out["codeFlows"] = json::array({std::move(flow)});
    }
  }
  out["properties"] = json{{"sdvmc", v}};
  return out;
}

}  // namespace

json artifactLocation(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path abs = fs::absolute(fs::path(file), ec).lexically_normal();
  const fs::path cwd = fs::current_path(ec);
  const fs::path rel = abs.lexically_relative(cwd);
  if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0)
    return json{{"uri", uriPath(rel.generic_string())}, {"uriBaseId", "%SRCROOT%"}};
  return json{{"uri", "file://" + uriPath(abs.generic_string())}};
}

json sarifLog(const SarifInvocation& invocation, const std::vector<SarifResult>& results) {
  std::vector<std::string> ruleIds;
  json rules = json::array();
  for (const RuleInfo& r : kRules) {
    ruleIds.push_back(r.id);
    rules.push_back(json{{"id", r.id},
                         {"name", r.name},
                         {"shortDescription", json{{"text", r.brief}}},
                         {"fullDescription", json{{"text", r.full}}},
                         {"defaultConfiguration", json{{"level", "error"}}}});
  }
  // A verdict kind outside the table (none today) still gets a rule of its own.
  for (const SarifResult& r : results) {
    const std::string kind = r.verdict.value("verdict", std::string("violation"));
    if (std::find(ruleIds.begin(), ruleIds.end(), kind) != ruleIds.end()) continue;
    ruleIds.push_back(kind);
    rules.push_back(json{{"id", kind},
                         {"shortDescription", json{{"text", sentence(upperFirst(kind))}}},
                         {"defaultConfiguration", json{{"level", "error"}}}});
  }
  json resultsJson = json::array();
  for (const SarifResult& r : results) resultsJson.push_back(resultJson(r, ruleIds));

  std::string commandLine = "sdvmc";
  for (const std::string& a : invocation.arguments) {
    const bool plain = !a.empty() && a.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~") == std::string::npos;
    commandLine += " ";
    if (plain) {
      commandLine += a;
    } else {
      std::string quoted = "'";
      for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
      commandLine += quoted + "'";
    }
  }
  json inv{{"commandLine", commandLine},
           {"arguments", invocation.arguments},
           {"exitCode", invocation.exitCode},
           {"executionSuccessful", invocation.exitCode == 0 || invocation.exitCode == 1},
           {"workingDirectory", json{{"uri", workingDirectoryUri()}}},
           {"properties", json{{"verdict", invocation.verdict}}}};
  if (!invocation.why.empty())
    inv["toolExecutionNotifications"] =
        json::array({json{{"level", "warning"},
                          {"message", json{{"text", sentence(fmt::format("{}: {}", upperFirst(invocation.verdict),
                                                                         invocation.why))}}}}});
  json run{{"tool", json{{"driver", json{{"name", "sdvmc"},
                                         {"fullName", "sdvmc, a model checker for GPU kernels under the SDV semantics"},
                                         {"semanticVersion", SDVMC_VERSION},
                                         {"rules", std::move(rules)}}}}},
           {"invocations", json::array({std::move(inv)})},
           {"originalUriBaseIds", json{{"%SRCROOT%", json{{"uri", workingDirectoryUri()}}}}},
           {"results", std::move(resultsJson)}};
  return json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({std::move(run)})}};
}

SarifResult sarifResult(const sem::Ir& ir, const sem::Verdict& v, const std::string& file, const std::string& replay,
                        const Trace* trace, sem::Word group) {
  SarifResult r;
  r.verdict = verdictJson(ir, v, file);
  if (!replay.empty()) r.verdict["replay"] = replay;
  if (!trace) return r;
  r.flowMessage = fmt::format("The execution, {} rule applications{}, for the threads involved", trace->total,
                              trace->omitted ? fmt::format(" ({} in the middle left out)", trace->omitted) : "");
  // The threads involved, each with its group (two groups' threads may share a local id).
  std::vector<std::pair<uint32_t, int64_t>> involved;
  for (const sem::RaceAccess& a : v.accesses) involved.emplace_back(a.thread, a.group);
  if (involved.empty())
    for (uint32_t lid : v.threads) involved.emplace_back(lid, -1);
  std::sort(involved.begin(), involved.end());
  involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
  for (const auto& [lid, g] : involved) {
    SarifThreadFlow t;
    const sem::Word flowGroup = g >= 0 ? static_cast<sem::Word>(g) : group;
    t.thread = ir.program ? threadName(*ir.program, lid, g) : fmt::format("thread {}", lid);
    for (const ThreadFlowStep& f : threadFlow(ir, *trace, lid, flowGroup, v)) {
      const TraceStep& s = *f.step;
      const sem::Rule rule = s.rule;
      // The statements the thread ran and the barriers it met; the structural rules
      // (G-SEQ, G-VAR, G-OPEN, …) only schedule them.
      const bool access = rule == sem::Rule::TRd || rule == sem::Rule::TWr || rule == sem::Rule::TAtomic;
      const bool barrier = rule == sem::Rule::GSync || rule == sem::Rule::GRace || rule == sem::Rule::GDivergence;
      const bool basic = access || rule == sem::Rule::TAssign || rule == sem::Rule::TAssert ||
                         rule == sem::Rule::TPrivateIndex ||
                         rule == sem::Rule::TAssume || rule == sem::Rule::TSkip;
      if (!basic && !barrier) continue;
      const sem::Node& n = ir.nodes[s.node];
      if (!n.loc.valid()) continue;
      SarifFlowStep step;
      step.file = file;
      step.loc = n.loc;
      step.text = fmt::format("{}: {}", traceRuleName(rule), stmtSummary(ir, s.node));
      if (access && !s.cells.empty() && ir.program)
        step.text += fmt::format(" (cell {})", cellName(*ir.program, ir.arrays[n.array].name, f.cell));
      step.order = s.number;
      step.nesting = n.callDepth;
      step.essential = f.essential;
      step.important = access || barrier;
      t.steps.push_back(std::move(step));
    }
    r.threadFlows.push_back(std::move(t));
  }
  return r;
}

}  // namespace sdvmc::report
