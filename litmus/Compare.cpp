// A litmus test's outcomes side by side (see Compare.h).
#include "litmus/Compare.h"

#include "report/Report.h"
#include "semantics/models/ModelSupport.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>

namespace sdvmc::litmus {

using nlohmann::json;

std::string outcomeLabel(const sem::Ir& ir, const sem::TerminalOutcome& o) {
  if (!o.error) return sem::describeMemoryText(ir, o.final);
  std::string where;
  if (o.at != sem::kNone) where = fmt::format(" at line {}", ir.nodes[o.at].loc.line);
  return fmt::format("error: {} ({}){}", sem::verdictName(o.kind), sem::ruleName(o.rule), where);
}

namespace {

/// A race's place in the order of TerminalOutcome::races (cell, earlier access, later one).
std::vector<int64_t> raceKey(const sem::Verdict& v) {
  std::vector<int64_t> key;
  const sem::RaceAccess& first = v.accesses.at(0);
  key = {first.addr.array, first.addr.index};
  for (const sem::RaceAccess& a : v.accesses) key.insert(key.end(), {a.thread, a.write, a.at});
  return key;
}

OutcomeTable::Race raceEntry(const sem::Ir& ir, const std::string& file, const sem::Verdict& v) {
  std::string lines;
  for (const sem::RaceAccess& a : v.accesses)
    lines += fmt::format("{}{}", lines.empty() ? "lines " : " and ", ir.nodes[a.at].loc.line);
  return {report::verdictJson(ir, v, file), fmt::format("{} ({})", v.message, lines)};
}

}  // namespace

OutcomeTable tabulate(const sem::Ir& ir, const std::string& file, const std::vector<ModelOutcomes>& results) {
  OutcomeTable table;
  table.allowed.resize(results.size());
  table.defined.resize(results.size());
  table.races.resize(results.size());
  for (size_t m = 0; m < results.size(); ++m) {
    table.anyLimit |= !results[m].limit.empty();
    for (const sem::TerminalOutcome& t : results[m].outcomes) {
      OutcomeTable::Row row;
      row.error = t.error;
      row.label = outcomeLabel(ir, t);
      if (t.error) {
        table.anyError = true;
        row.value = json{{"verdict", sem::verdictName(t.kind)}, {"rule", sem::ruleName(t.rule)}};
        if (t.at != sem::kNone) row.value["location"] = report::locationJson(file, ir.nodes[t.at].loc);
      } else {
        row.value = json{{"final", report::memoryJson(ir, t.final)}};
      }
      table.allowed[m].insert(row.label);
      if (t.races.empty()) table.defined[m].insert(row.label);
      for (const sem::Verdict& v : t.races) {
        table.anyRace = true;
        table.races[m][row.label].try_emplace(raceKey(v), raceEntry(ir, file, v));
      }
      table.rows.emplace(std::make_pair(row.error, row.label), row);
    }
  }
  return table;
}

json modelsJson(const OutcomeTable& table, const std::vector<ModelOutcomes>& results) {
  json ms = json::object();
  for (size_t m = 0; m < results.size(); ++m) {
    json outcomes = json::array(), errors = json::array();
    for (const auto& [key, row] : table.rows) {
      if (!table.allowed[m].count(row.label)) continue;
      json value = row.value;
      if (auto it = table.races[m].find(row.label); it != table.races[m].end()) {
        value["undefined"] = !table.defined[m].count(row.label);
        value["races"] = json::array();
        for (const auto& [k, race] : it->second) value["races"].push_back(race.value);
      }
      (row.error ? errors : outcomes).push_back(std::move(value));
    }
    ms[results[m].model] = json{{"outcomes", outcomes}, {"errors", errors}, {"states", results[m].states}};
    if (!results[m].limit.empty()) ms[results[m].model]["limit"] = results[m].limit;
    if (results[m].racesContinued) ms[results[m].model]["races_continued"] = *results[m].racesContinued;
  }
  return ms;
}

void printTable(std::ostream& os, const OutcomeTable& table, const std::vector<ModelOutcomes>& results) {
  size_t width = 7;
  for (const auto& [key, row] : table.rows) width = std::max(width, row.label.size());
  os << fmt::format("{:<{}}", "outcome", width);
  for (const ModelOutcomes& m : results) os << "  " << m.model;
  os << "\n" << std::string(width, '-');
  for (const ModelOutcomes& m : results) os << "  " << std::string(m.model.size(), '-');
  os << "\n";
  for (const auto& [key, row] : table.rows) {
    os << fmt::format("{:<{}}", row.label, width);
    for (size_t m = 0; m < results.size(); ++m) {
      const std::string mark = !table.allowed[m].count(row.label) ? ""
                               : table.defined[m].count(row.label) ? "x"
                                                                   : "r";
      const size_t w = results[m].model.size();
      os << "  " << std::string((w - mark.size()) / 2, ' ') << mark << std::string(w - mark.size() - (w - mark.size()) / 2, ' ');
    }
    os << "\n";
  }
  os << "\n";
  for (size_t m = 0; m < results.size(); ++m) {
    size_t undefined = 0;
    for (const std::string& label : table.allowed[m]) undefined += !table.defined[m].count(label);
    os << fmt::format("  {}: {} outcome{}{}, {} states{}{}\n", results[m].model, table.allowed[m].size(),
                      table.allowed[m].size() == 1 ? "" : "s",
                      undefined ? fmt::format(" ({} undefined)", undefined) : "", results[m].states,
                      results[m].limit.empty() ? "" : " (INCOMPLETE: " + results[m].limit + ")",
                      results[m].racesContinued == false ? " (races end its executions: --races continue does not "
                                                           "apply to sdv)"
                                                         : "");
  }
  if (!table.anyRace) return;
  os << "\n  r: reached only by executions that race, run on past the race on one sequentially consistent "
        "memory (--races continue); undefined in OpenCL and CUDA\n\nraces on the way to each outcome:\n";
  for (size_t m = 0; m < results.size(); ++m)
    for (const auto& [label, races] : table.races[m]) {
      os << fmt::format("  {}: {}{}\n", results[m].model, label,
                        table.defined[m].count(label) ? " (also reached without a race)" : "");
      for (const auto& [key, race] : races) os << "    " << race.text << "\n";
    }
}

Admission admission(const sem::Ir& ir, const ModelOutcomes& m, const std::string& observed) {
  const bool isError = observed.rfind("error: ", 0) == 0;
  std::string kind;
  unsigned line = 0;
  if (isError) {
    // error: KIND at line L
    const size_t at = observed.rfind(" at line ");
    kind = observed.substr(7, at == std::string::npos ? std::string::npos : at - 7);
    if (at != std::string::npos) line = static_cast<unsigned>(std::strtoul(observed.c_str() + at + 9, nullptr, 10));
  }
  bool admits = false, raceFree = false, undefined = false, continued = false;
  for (const sem::TerminalOutcome& t : m.outcomes) {
    undefined |= t.error && (t.kind == sem::VerdictKind::Race || t.kind == sem::VerdictKind::Deadlock);
    continued |= !t.races.empty();
    if (t.error != isError) continue;
    bool same = false;
    if (!isError) {
      same = outcomeLabel(ir, t) == observed;
    } else {
      const unsigned l = t.at != sem::kNone ? ir.nodes[t.at].loc.line : 0;
      same = kind == sem::verdictName(t.kind) && l == line;
    }
    admits |= same;
    raceFree |= same && t.races.empty();
  }
  if (admits) return raceFree ? Admission::Yes : Admission::Racy;
  if (continued) return Admission::BeyondSc;
  return undefined ? Admission::Undefined : Admission::No;
}

int reportObservations(const std::vector<std::string>& required, const sem::Ir& ir,
                       const std::vector<ModelOutcomes>& results, const Observations& obs, std::ostream& os,
                       nlohmann::json* json) {
  int status = 0;
  std::vector<std::vector<char>> marks(obs.outcomes.size(), std::vector<char>(results.size(), ' '));
  std::vector<std::string> unadmitted;
  for (size_t i = 0; i < obs.outcomes.size(); ++i)
    for (size_t m = 0; m < results.size(); ++m)
      marks[i][m] = static_cast<char>(admission(ir, results[m], obs.outcomes[i].first));
  for (const std::string& req : required) {
    size_t m = 0;
    while (m < results.size() && results[m].model != req) ++m;
    for (size_t i = 0; i < obs.outcomes.size(); ++i)
      if (m == results.size() || marks[i][m] == ' ') {
        status = 1;
        unadmitted.push_back(fmt::format("{} does not admit {}", req, obs.outcomes[i].first));
      }
  }

  if (json) {
    nlohmann::json arr = nlohmann::json::array();
    for (size_t i = 0; i < obs.outcomes.size(); ++i) {
      nlohmann::json by = nlohmann::json::array(), ub = nlohmann::json::array(), racy = nlohmann::json::array(),
                     beyond = nlohmann::json::array();
      for (size_t m = 0; m < results.size(); ++m) {
        const char c = marks[i][m];
        if (c == 'x' || c == 'r') by.push_back(results[m].model);
        if (c == 'r') racy.push_back(results[m].model);
        if (c == 'u' || c == 'w') ub.push_back(results[m].model);
        if (c == 'w') beyond.push_back(results[m].model);
      }
      arr.push_back({{"outcome", obs.outcomes[i].first}, {"count", obs.outcomes[i].second}, {"admitted_by", by},
                     {"undefined_in", ub}, {"racy_in", racy}, {"beyond_sc_in", beyond}});
    }
    (*json)["observed"] = arr;
    (*json)["run"] = {{"runtime", obs.runtime}, {"platform", obs.platform}, {"runs", obs.runs},
                      {"discarded", obs.discarded}, {"reported", obs.notes}};
    if (!required.empty()) (*json)["required"] = {{"models", required}, {"ok", status == 0}};
    return status;
  }

  os << fmt::format("\nobserved on {} ({}), {} run{}:\n\n", obs.runtime,
                    obs.platform.empty() ? "platform unknown" : obs.platform, obs.runs, obs.runs == 1 ? "" : "s");
  size_t width = 8;
  for (const auto& [line, n] : obs.outcomes) width = std::max(width, line.size());
  os << fmt::format("{:<{}}  runs", "observed", width);
  for (const ModelOutcomes& m : results) os << "  " << m.model;
  os << "\n" << std::string(width, '-') << "  ----";
  for (const ModelOutcomes& m : results) os << "  " << std::string(m.model.size(), '-');
  os << "\n";
  std::set<char> used;
  for (size_t i = 0; i < obs.outcomes.size(); ++i) {
    os << fmt::format("{:<{}}  {:>4}", obs.outcomes[i].first, width, obs.outcomes[i].second);
    for (size_t m = 0; m < results.size(); ++m) {
      const size_t w = results[m].model.size();
      used.insert(marks[i][m]);
      os << "  " << std::string((w - 1) / 2, ' ') << marks[i][m] << std::string(w - 1 - (w - 1) / 2, ' ');
    }
    os << "\n";
  }
  if (obs.discarded) os << fmt::format("({} run{} discarded: an assume failed)\n", obs.discarded, obs.discarded == 1 ? "" : "s");
  for (const std::string& n : obs.notes) os << fmt::format("{} reported: {}\n", obs.runtime, n);
  os << "\n  x: in the model's outcome set";
  if (used.count('r')) os << "\n  r: in it, but reached only past a data race (--races continue): undefined behaviour";
  if (used.count('u'))
    os << "\n  u: not in it, but the model finds a data race or a deadlock in the kernel: undefined behaviour, "
          "which admits any outcome";
  if (used.count('w'))
    os << "\n  w: not in it: no sequentially consistent execution of the model gives it, and the kernel races "
          "(weak memory, or another effect of the undefined behaviour)";
  os << "\n";
  for (const std::string& u : unadmitted) os << "  REQUIRED: " << u << "\n";
  return status;
}

}  // namespace sdvmc::litmus
