// `sdvmc litmus FILE --model M[,M…]`: the set of outcomes (final shared memories and
// errors) each execution model allows, side by side (see LitmusCommand.h).
#include "tools/sdvmc/LitmusCommand.h"

#include "explorer/Explorer.h"
#include "semantics/models/ModelSupport.h"
#include "support/Numbers.h"
#include "tools/sdvmc/Kernel.h"
#include "tools/sdvmc/LitmusRun.h"
#include "tools/sdvmc/ModelFactory.h"
#include "report/Report.h"

#include <algorithm>
#include <climits>
#include <fmt/format.h>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

/// One distinct outcome: its row label in the table and its JSON.
struct Row {
  bool error = false;
  std::string label;
  json value;
};

}  // namespace

std::vector<ModelOutcomes> litmusOutcomes(const Kernel& k, const std::vector<std::string>& models,
                                          const sem::Bounds& bounds, const explore::Options& eo, bool por,
                                          bool symmetry, std::string& error) {
  const sem::Ir& ir = k.ir;
  std::vector<ModelOutcomes> out;
  for (const std::string& name : models) {
    std::unique_ptr<sem::Model> model = makeModel(name, ir, bounds, por, symmetry, error);
    if (!model) return {};
    model->setOutcomeMode(true);
    explore::Options o = eo;
    o.collectTerminals = true;
    explore::Result r = explore::explore(*model, o);
    ModelOutcomes m;
    m.model = name;
    m.states = r.states;
    m.seconds = r.seconds;
    if (r.status != explore::Result::Status::Complete) m.limit = r.limit.empty() ? "incomplete" : r.limit;
    for (const sem::StateBytes& t : r.terminals) m.outcomes.push_back(model->outcome(t));
    out.push_back(std::move(m));
  }
  return out;
}

std::string outcomeLabel(const sem::Ir& ir, const sem::TerminalOutcome& o) {
  if (!o.error) return sem::describeMemoryText(ir, o.final);
  std::string where;
  if (o.at != sem::kNone) where = fmt::format(" at line {}", ir.nodes[o.at].loc.line);
  return fmt::format("error: {} ({}){}", sem::verdictName(o.kind), sem::ruleName(o.rule), where);
}

int litmusCommand(const LitmusOptions& o, const CommandLine& cl) {
  std::unique_ptr<kpl::SourceFile> source;
  std::unique_ptr<Kernel> k = loadKernelOrReport(o.file, o.json, source, &o.launch, &cl);
  if (!k) return 2;
  const sem::Ir& ir = k->ir;
  if (refuseUnsupported(o.file, *source, ir, "litmus", true, false, false, o.json)) return 2;

  sem::Bounds bounds;
  int64_t lo = 0, hi = 0;
  const int64_t threads = o.threads.value_or(k->program.threads);
  if (threads < 1 || threads > (1 << 20))
    return cl.reject("--threads", fmt::format("--threads must be between 1 and {}, not {}", 1 << 20, threads), o.json);
  bounds.threads = {static_cast<uint32_t>(threads)};
  const int64_t group = o.group.value_or(k->program.group);
  if (group < 0 || group > INT32_MAX)
    return cl.reject("--group", fmt::format("--group must be between 0 and {}, not {}", INT32_MAX, group), o.json);
  bounds.groups = {static_cast<sem::Word>(group)};
  if (!support::parseRange(o.domain, INT32_MIN, INT32_MAX, lo, hi) || hi - lo > 65535)
    return cl.reject("--domain", fmt::format("--domain expects LO..HI, not '{}'", o.domain), o.json);
  bounds.domainLo = static_cast<sem::Word>(lo);
  bounds.domainHi = static_cast<sem::Word>(hi);
  {
    std::vector<sem::Word> values;
    std::string error;
    if (!litmusParamValues(o, ir, values, error)) return cl.reject("--param", error, o.json);
    bounds.params = {values};
  }

  if (!o.emit.empty() && !o.run.empty()) return cl.reject("--emit", "--emit and --run exclude each other", o.json);
  if (!o.emit.empty() && o.emit != "opencl" && o.emit != "cuda")
    return cl.reject("--emit", fmt::format("--emit expects opencl or cuda, not '{}'", o.emit), o.json);
  if (!o.run.empty() && o.run != "pocl" && o.run != "oclgrind" && o.run != "cuda")
    return cl.reject("--run", fmt::format("--run expects pocl, oclgrind or cuda, not '{}'", o.run), o.json);
  if (!o.emit.empty()) return litmusEmit(o, *k, static_cast<uint32_t>(threads), static_cast<int32_t>(group));

  std::vector<std::string> models = splitModels(o.models);
  for (const std::string& m : models) {
    std::string error;
    if (!makeModel(m, ir, bounds, true, true, error)) return cl.reject("--model", "--model: " + error, o.json);
  }

  for (const std::string& m : o.require.empty() ? std::vector<std::string>{} : splitModels(o.require))
    if (std::find(models.begin(), models.end(), m) == models.end())
      return cl.reject("--require", fmt::format("--require: {} is not among the --model list", m), o.json);
  if (!o.require.empty() && o.run.empty()) return cl.reject("--require", "--require needs --run", o.json);

  // The real runs first: when there is no runtime, nothing else is worth computing.
  Observations observed;
  if (!o.run.empty()) {
    std::string why;
    if (!runOnDevice(o, *k, static_cast<uint32_t>(threads), static_cast<int32_t>(group), observed, why)) {
      // Whole-kernel limits of the emitter and missing runtimes: pointed at the header.
      const kpl::SourceLoc at = k->program.threadsRange.begin;
      std::cerr << fmt::format("{}:{}:{}: error: litmus --run {}: {}\n", o.file, at.line, at.col, o.run, why);
      if (o.json) std::cout << json{{"error", why}}.dump() << "\n";
      return 2;
    }
  }

  explore::Options eo;
  eo.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  eo.maxStates = o.maxStates;
  eo.maxSeconds = o.maxSeconds;
  eo.initialTableBits = 16;
  eo.progress = !o.json && isatty(2);
  std::string error;
  std::vector<ModelOutcomes> results = litmusOutcomes(*k, models, bounds, eo, !o.noPor, o.symmetry == "on", error);

  // Rows: every distinct outcome of any model, memories first, then errors.
  std::map<std::pair<bool, std::string>, Row> rows;
  std::vector<std::set<std::string>> allowed(results.size());
  bool anyError = false, anyLimit = false;
  for (size_t m = 0; m < results.size(); ++m) {
    anyLimit |= !results[m].limit.empty();
    for (const sem::TerminalOutcome& t : results[m].outcomes) {
      Row row;
      row.error = t.error;
      row.label = outcomeLabel(ir, t);
      if (t.error) {
        anyError = true;
        row.value = json{{"verdict", sem::verdictName(t.kind)}, {"rule", sem::ruleName(t.rule)}};
        if (t.at != sem::kNone) row.value["location"] = report::locationJson(o.file, ir.nodes[t.at].loc);
      } else {
        row.value = json{{"final", report::memoryJson(ir, t.final)}};
      }
      allowed[m].insert(row.label);
      rows.emplace(std::make_pair(row.error, row.label), row);
    }
  }
  const sem::VerdictKind verdict = anyLimit ? sem::VerdictKind::Inconclusive
                                   : anyError ? sem::VerdictKind::Race  // any violation: exit 1
                                              : sem::VerdictKind::Ok;
  int status = sem::verdictExitStatus(verdict);
  // With --run, the status says whether the --require models admit what was observed.
  if (!o.run.empty()) status = anyLimit ? 3 : 0;

  if (o.json) {
    json j;
    j["verdict"] = anyLimit ? "inconclusive" : anyError ? "violation" : "ok";
    j["threads_in_group"] = threads;
    j["group"] = group;
    json ms = json::object();
    for (size_t m = 0; m < results.size(); ++m) {
      json outcomes = json::array(), errors = json::array();
      for (const auto& [key, row] : rows)
        if (allowed[m].count(row.label)) (row.error ? errors : outcomes).push_back(row.value);
      ms[results[m].model] = json{{"outcomes", outcomes}, {"errors", errors}, {"states", results[m].states}};
      if (!results[m].limit.empty()) ms[results[m].model]["limit"] = results[m].limit;
    }
    j["models"] = std::move(ms);
    if (!o.run.empty() && reportObservations(o, ir, results, observed, std::cout, &j) && status == 0) status = 1;
    std::cout << j.dump() << "\n";
    return status;
  }

  std::ostringstream os;
  os << fmt::format("sdvmc litmus {}: {} threads, group {}, domain {}..{}\n\n", o.file, threads, group,
                    bounds.domainLo, bounds.domainHi);
  size_t width = 7;
  for (const auto& [key, row] : rows) width = std::max(width, row.label.size());
  os << fmt::format("{:<{}}", "outcome", width);
  for (const ModelOutcomes& m : results) os << "  " << m.model;
  os << "\n" << std::string(width, '-');
  for (const ModelOutcomes& m : results) os << "  " << std::string(m.model.size(), '-');
  os << "\n";
  for (const auto& [key, row] : rows) {
    os << fmt::format("{:<{}}", row.label, width);
    for (size_t m = 0; m < results.size(); ++m) {
      const std::string mark = allowed[m].count(row.label) ? "x" : "";
      const size_t w = results[m].model.size();
      os << "  " << std::string((w - mark.size()) / 2, ' ') << mark << std::string(w - mark.size() - (w - mark.size()) / 2, ' ');
    }
    os << "\n";
  }
  os << "\n";
  for (const ModelOutcomes& m : results)
    os << fmt::format("  {}: {} outcome{}, {} states{}\n", m.model, allowed[&m - results.data()].size(),
                      allowed[&m - results.data()].size() == 1 ? "" : "s", m.states,
                      m.limit.empty() ? "" : " (INCOMPLETE: " + m.limit + ")");
  if (!o.run.empty() && reportObservations(o, ir, results, observed, os, nullptr) && status == 0) status = 1;
  std::cout << os.str();
  return status;
}

}  // namespace sdvmc::tool
