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

OutcomeTable tabulate(const sem::Ir& ir, const std::string& file, const std::vector<ModelOutcomes>& results) {
  OutcomeTable table;
  table.allowed.resize(results.size());
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
      table.rows.emplace(std::make_pair(row.error, row.label), row);
    }
  }
  return table;
}

json modelsJson(const OutcomeTable& table, const std::vector<ModelOutcomes>& results) {
  json ms = json::object();
  for (size_t m = 0; m < results.size(); ++m) {
    json outcomes = json::array(), errors = json::array();
    for (const auto& [key, row] : table.rows)
      if (table.allowed[m].count(row.label)) (row.error ? errors : outcomes).push_back(row.value);
    ms[results[m].model] = json{{"outcomes", outcomes}, {"errors", errors}, {"states", results[m].states}};
    if (!results[m].limit.empty()) ms[results[m].model]["limit"] = results[m].limit;
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
      const std::string mark = table.allowed[m].count(row.label) ? "x" : "";
      const size_t w = results[m].model.size();
      os << "  " << std::string((w - mark.size()) / 2, ' ') << mark << std::string(w - mark.size() - (w - mark.size()) / 2, ' ');
    }
    os << "\n";
  }
  os << "\n";
  for (size_t m = 0; m < results.size(); ++m)
    os << fmt::format("  {}: {} outcome{}, {} states{}\n", results[m].model, table.allowed[m].size(),
                      table.allowed[m].size() == 1 ? "" : "s", results[m].states,
                      results[m].limit.empty() ? "" : " (INCOMPLETE: " + results[m].limit + ")");
}

bool modelAdmits(const sem::Ir& ir, const ModelOutcomes& m, const std::string& observed, std::string& undefined) {
  undefined.clear();
  bool admits = false;
  const bool isError = observed.rfind("error: ", 0) == 0;
  std::string kind;
  unsigned line = 0;
  if (isError) {
    // error: KIND at line L
    const size_t at = observed.rfind(" at line ");
    kind = observed.substr(7, at == std::string::npos ? std::string::npos : at - 7);
    if (at != std::string::npos) line = static_cast<unsigned>(std::strtoul(observed.c_str() + at + 9, nullptr, 10));
  }
  for (const sem::TerminalOutcome& t : m.outcomes) {
    if (t.error && (t.kind == sem::VerdictKind::Race || t.kind == sem::VerdictKind::Deadlock) && undefined.empty())
      undefined = sem::verdictName(t.kind);
    if (t.error != isError) continue;
    if (!isError) {
      admits |= outcomeLabel(ir, t) == observed;
    } else {
      const unsigned l = t.at != sem::kNone ? ir.nodes[t.at].loc.line : 0;
      admits |= kind == sem::verdictName(t.kind) && l == line;
    }
  }
  if (admits) undefined.clear();
  return admits;
}

int reportObservations(const std::vector<std::string>& required, const sem::Ir& ir,
                       const std::vector<ModelOutcomes>& results, const Observations& obs, std::ostream& os,
                       nlohmann::json* json) {
  int status = 0;
  std::vector<std::vector<char>> marks(obs.outcomes.size(), std::vector<char>(results.size(), ' '));
  std::vector<std::string> unadmitted;
  for (size_t i = 0; i < obs.outcomes.size(); ++i)
    for (size_t m = 0; m < results.size(); ++m) {
      std::string undefined;
      if (modelAdmits(ir, results[m], obs.outcomes[i].first, undefined)) marks[i][m] = 'x';
      else if (!undefined.empty()) marks[i][m] = 'u';
    }
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
      nlohmann::json by = nlohmann::json::array(), ub = nlohmann::json::array();
      for (size_t m = 0; m < results.size(); ++m) {
        if (marks[i][m] == 'x') by.push_back(results[m].model);
        if (marks[i][m] == 'u') ub.push_back(results[m].model);
      }
      arr.push_back({{"outcome", obs.outcomes[i].first}, {"count", obs.outcomes[i].second}, {"admitted_by", by},
                     {"undefined_in", ub}});
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
  bool anyUndefined = false;
  for (size_t i = 0; i < obs.outcomes.size(); ++i) {
    os << fmt::format("{:<{}}  {:>4}", obs.outcomes[i].first, width, obs.outcomes[i].second);
    for (size_t m = 0; m < results.size(); ++m) {
      const size_t w = results[m].model.size();
      anyUndefined |= marks[i][m] == 'u';
      os << "  " << std::string((w - 1) / 2, ' ') << marks[i][m] << std::string(w - 1 - (w - 1) / 2, ' ');
    }
    os << "\n";
  }
  if (obs.discarded) os << fmt::format("({} run{} discarded: an assume failed)\n", obs.discarded, obs.discarded == 1 ? "" : "s");
  for (const std::string& n : obs.notes) os << fmt::format("{} reported: {}\n", obs.runtime, n);
  os << "\n  x: in the model's outcome set";
  if (anyUndefined)
    os << "\n  u: not in it, but the model finds a data race or a deadlock in the kernel: undefined behaviour, "
          "which admits any outcome";
  os << "\n";
  for (const std::string& u : unadmitted) os << "  REQUIRED: " << u << "\n";
  return status;
}

}  // namespace sdvmc::litmus
