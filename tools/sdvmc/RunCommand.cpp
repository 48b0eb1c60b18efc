// `sdvmc run FILE`: parse, lower, build the initial state from the command line, apply
// the SDV rules to the end (or, with --model simt:W, run one simt execution), and report
// (see RunCommand.h).
#include "tools/sdvmc/RunCommand.h"

#include "report/Report.h"
#include "report/Sarif.h"
#include "report/Trace.h"
#include "report/TraceHtml.h"
#include "semantics/models/SimtRun.h"
#include "semantics/rules/Launch.h"
#include "semantics/rules/Sdv.h"
#include "support/Numbers.h"
#include "tools/sdvmc/Kernel.h"

#include <chrono>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

/// Prints each rule application: step, rule, statement, enabled threads.
class TracePrinter : public sem::RuleObserver {
public:
  TracePrinter(const sem::Ir& ir, std::FILE* out) : ir_(ir), out_(out) {}
  void onRule(sem::Rule rule, sem::NodeId node, const sem::GroupState& s, const uint8_t* enabled) override {
    const sem::Node& n = ir_.nodes[node];
    const std::string name = report::traceRuleName(rule);
    fmt::print(out_, "{:>7}  {:<17} {:>4}:{:<3} {}{:<44} enabled {}\n", ++count_, name, n.loc.line, n.loc.col,
               std::string(2 * n.callDepth, ' '), report::stmtSummary(ir_, node), report::threadSet(enabled, s.n));
  }

private:
  const sem::Ir& ir_;
  std::FILE* out_;
  uint64_t count_ = 0;
};

/// (simt models) Like TracePrinter, with the warp and the group's thread numbers.
class SimtTracePrinter : public sem::RuleObserver {
public:
  SimtTracePrinter(const sem::Ir& ir, std::FILE* out) : ir_(ir), out_(out) {}
  void onRule(sem::Rule rule, sem::NodeId node, const sem::GroupState& s, const uint8_t* enabled) override {
    const sem::Node& n = ir_.nodes[node];
    const std::string name = report::traceRuleName(rule);
    std::vector<uint32_t> on;
    for (uint32_t i = 0; i < s.n; ++i)
      if (enabled[i]) on.push_back(static_cast<uint32_t>(s.lidBase) + i);
    fmt::print(out_, "{:>7}  warp@{:<5} {:<17} {:>4}:{:<3} {}{:<44} enabled {}\n", ++count_, s.lidBase, name,
               n.loc.line, n.loc.col, std::string(2 * n.callDepth, ' '), report::stmtSummary(ir_, node),
               on.empty() ? std::string("{}") : report::threadList(on));
  }

private:
  const sem::Ir& ir_;
  std::FILE* out_;
  uint64_t count_ = 0;
};

/// The simt options for a model name, or nullopt when it is not a simt model.
std::optional<sem::SimtOptions> simtOptions(const std::string& model) {
  sem::SimtOptions o;
  if (model == "mimd") {
    o.warpSize = 1;
    return o;
  }
  if (model == "simt-uniform-exit") {
    o.warpSize = 0;
    o.uniformExit = true;
    return o;
  }
  int64_t w = 0;
  if (model.rfind("simt:", 0) == 0 && support::parseInteger(model.substr(5), 1, 1 << 20, w)) {
    o.warpSize = static_cast<uint32_t>(w);
    return o;
  }
  return std::nullopt;
}

json perfJson(const sem::PerfCounters& p) {
  json j;
  j["divergent_branches"] = p.divergentBranches;
  j["bank_conflicts"] = p.bankConflicts;
  j["non_coalesced"] = p.nonCoalesced;
  j["extra_transactions"] = p.extraTransactions;
  j["shared_accesses"] = p.sharedAccesses;
  j["global_accesses"] = p.globalAccesses;
  json lines = json::array();
  for (const auto& [key, l] : p.lines)
    lines.push_back(json{{"line", l.loc.line},
                         {"col", l.loc.col},
                         {"divergent_branches", l.divergentBranches},
                         {"bank_conflicts", l.bankConflicts},
                         {"non_coalesced", l.nonCoalesced},
                         {"extra_transactions", l.extraTransactions}});
  j["lines"] = std::move(lines);
  return j;
}

void printPerf(std::ostream& os, const sem::Ir& ir, const sem::PerfCounters& p) {
  os << fmt::format("performance ({} shared-memory and {} global warp accesses):\n", p.sharedAccesses,
                    p.globalAccesses);
  struct Row {
    const char* name;
    uint64_t total;
    uint64_t sem::PerfLine::*field;
  };
  const Row rows[] = {
      {"divergent branches", p.divergentBranches, &sem::PerfLine::divergentBranches},
      {"bank conflicts", p.bankConflicts, &sem::PerfLine::bankConflicts},
      {"non-coalesced accesses", p.nonCoalesced, &sem::PerfLine::nonCoalesced},
      {"extra transactions", p.extraTransactions, &sem::PerfLine::extraTransactions},
  };
  for (const Row& r : rows) {
    os << fmt::format("  {:<24} {:>10}\n", r.name, r.total);
    for (const auto& [key, l] : p.lines)
      if (l.*r.field)
        os << fmt::format("    {:>5}:{:<4} {:<44} {:>10}\n", l.loc.line, l.loc.col, report::stmtSummary(ir, l.node),
                          l.*r.field);
  }
}

/// --sarif FILE and --html FILE of one run: the verdict, with the recorded execution as the
/// SARIF result's code flow and as the HTML page.
struct RunOutputs {
  const RunOptions& o;
  const CommandLine& cl;
  const kpl::SourceFile& source;
  const sem::Ir& ir;
  const sem::Verdict& v;
  const std::string& replay;
  const report::TraceRecorder& recorder;
  std::string header;
  sem::Word group;
  uint32_t threads;
  uint32_t warpSize;  ///< warp models: columns are warps of this many threads; 0: SDV

  /// False after reporting a file that could not be written.
  bool write() const {
    if (o.sarif.empty() && o.html.empty()) return true;
    const report::Trace trace = recorder.trace();
    const bool violation = sem::verdictExitStatus(v.kind) == 1;
    if (!o.sarif.empty()) {
      std::vector<report::SarifResult> results;
      if (violation) results.push_back(report::sarifResult(ir, v, o.file, replay, &trace, group));
      report::SarifInvocation inv{cl.args(), sem::verdictExitStatus(v.kind), sem::verdictName(v.kind),
                                  violation || v.kind == sem::VerdictKind::Ok ? "" : v.message};
      if (!cl.writeOutput("--sarif", o.sarif, report::sarifLog(inv, results).dump(2) + "\n", o.json)) return false;
    }
    if (!o.html.empty()) {
      std::ostringstream text;
      report::printVerdict(text, source, ir, v);
      report::TraceView view;
      view.title = header;
      view.verdictText = text.str();
      view.replay = violation ? replay + " --trace" : "";
      view.source = &source;
      view.ir = &ir;
      view.trace = &trace;
      view.verdict = &v;
      view.group = group;
      view.threads = threads;
      view.warpSize = warpSize;
      if (!cl.writeOutput("--html", o.html, report::traceHtml(view), o.json)) return false;
    }
    return true;
  }
};

/// `run --model simt:W|simt-uniform-exit|mimd`: one SimtRun execution.
int runSimt(const RunOptions& o, const CommandLine& cl, const kpl::SourceFile& source, const Kernel& k,
            uint32_t threads, int64_t group, sem::Memory memory, const sem::SimtOptions& options,
            const std::vector<sem::Word>& params) {
  const sem::Ir& ir = k.ir;
  sem::SimtRun run(ir, threads, static_cast<sem::Word>(group), std::move(memory), options, params);
  SimtTracePrinter tracer(ir, o.json ? stderr : stdout);
  report::TraceRecorder recorder(ir, /*cellIndices=*/false, o.trace ? &tracer : nullptr);
  if (!o.sarif.empty() || !o.html.empty()) run.setObserver(&recorder);
  else if (o.trace) run.setObserver(&tracer);
  const auto start = std::chrono::steady_clock::now();
  sem::Verdict v = run.run();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The launch as SDV's replay gives it (a .cu/.cl file's block and grid sizes, --kernel, its
  // buffers and dynamic shared memory; --threads for KPL), then the group, model and values.
  std::string replay = fmt::format("sdvmc run {} {} --group {} --model {}", o.file,
                                   report::launchReplayArgs(k.program, threads), group, o.model);
  for (size_t p = 0; p < params.size(); ++p) replay += fmt::format(" --param {}={}", ir.params[p], params[p]);
  for (const std::string& init : o.inits) replay += " --init " + init;
  const std::string header = fmt::format("sdvmc run {}: {} threads, group {}, model {} ({} warp{})", o.file, threads,
                                         group, o.model, run.warpCount(), run.warpCount() == 1 ? "" : "s");
  const RunOutputs outputs{o,      cl,     source, ir, v, replay, recorder, header, static_cast<sem::Word>(group),
                           threads, options.warpSize ? options.warpSize : threads};
  if (!outputs.write()) return 2;

  if (o.json) {
    json j = report::verdictJson(ir, v, o.file);
    if (v.kind == sem::VerdictKind::Ok) j["final"] = report::memoryJson(ir, run.memory());
    j["model"] = o.model;
    j["warps"] = run.warpCount();
    j["threads_in_group"] = threads;
    j["group"] = group;
    j["steps"] = run.steps();
    j["thread_steps"] = run.threadSteps();
    j["seconds"] = seconds;
    if (o.perf) j["perf"] = perfJson(run.perf());
    if (v.kind != sem::VerdictKind::Ok) j["replay"] = replay;
    std::cout << j.dump() << "\n";
  } else {
    std::ostringstream os;
    os << header << "\n";
    report::printVerdict(os, source, ir, v);
    if (!v.scope.empty()) os << "  scope: " << v.scope << "\n";
    if (v.kind == sem::VerdictKind::Ok) {
      os << "final shared memory:\n";
      report::printMemory(os, ir, run.memory());
    } else if (v.kind != sem::VerdictKind::Inconclusive) {
      os << "replay: " << replay << " --trace\n";
    }
    if (o.perf) printPerf(os, ir, run.perf());
    if (o.stats)
      os << fmt::format("{} rule applications, {} thread-statement executions in {:.3f} s ({:.1f} M/s)\n",
                        run.steps(), run.threadSteps(), seconds,
                        seconds > 0 ? run.threadSteps() / seconds / 1e6 : 0.0);
    std::cout << os.str();
  }
  return sem::verdictExitStatus(v.kind);
}

// GPUVerify's candidate invariants (KPL's `candidate(e)`) that did not hold in this run: a
// note each on stderr, never a verdict (a candidate that does not hold is dropped).
void reportDroppedCandidates(const sem::Ir& ir, const kpl::SourceFile& src,
                             const std::vector<sem::SdvMachine::Dropped>& dropped) {
  if (dropped.empty()) return;
  kpl::DiagnosticEngine d(&src);
  for (const sem::SdvMachine::Dropped& c : dropped)
    d.note(ir.nodes[c.at].loc, fmt::format("candidate does not hold for thread {}: dropped (a candidate is "
                                           "never an error)",
                                           c.thread));
  d.render(std::cerr);
}

}  // namespace

int runCommand(const RunOptions& o, const CommandLine& cl) {
  auto inputError = [&](const std::string& needle, const std::string& message) {
    return cl.reject(needle, message, o.json);
  };

  if (!cl.outputWritable("--sarif", o.sarif, o.json) || !cl.outputWritable("--html", o.html, o.json)) return 2;
  std::unique_ptr<kpl::SourceFile> source;
  std::unique_ptr<Kernel> k = loadKernelOrReport(o.file, o.json, source, &o.launch, &cl);
  if (!k) return 2;
  const sem::Ir& ir = k->ir;

  // The configuration: group size and id, initial memory.
  BoundsReader read(cl, o.json, Values::One);
  read.kernelNames(k->program.kernelNames);
  const std::optional<BoundsReader::Configuration> config =
      read.configuration(o.bounds, k->program.threads, k->program.group, ir.params);
  if (!config) return 2;
  bool benignWrites = false;
  const std::optional<sem::RaceOptions> raceOptions = read.races(o.races, ir, benignWrites);
  if (!raceOptions) return 2;
  const int64_t threads = config->threads, group = config->group;
  const std::vector<sem::Word> params(config->params.begin(), config->params.end());
  // Several groups (groups: G) run as one launch unless --group picks one.
  const uint32_t groups = !o.bounds.group && k->program.groups > 1 ? k->program.groups : 0;
  if ((o.bounds.group || o.model != "sdv") &&
      refuseGridBarrier(*source, ir, o.model != "sdv" ? "the " + o.model + " model" : "run --group", false, o.json))
    return 2;

  std::optional<sem::SimtOptions> simt;
  if (o.model != "sdv") {
    simt = simtOptions(o.model);
    if (!simt)
      return inputError("--model",
                        fmt::format("unknown model '{}' (models: sdv, mimd, simt:W, simt-uniform-exit)", o.model));
  }
  if (simt && (benignWrites || o.races.onlyDivergence || !o.races.checkArrays.empty()))
    return inputError(benignWrites ? "--benign-writes" : o.races.onlyDivergence ? "--only-divergence" : "--check-arrays",
                      "--benign-writes, --only-divergence and --check-arrays apply to the sdv model only");
  if (o.perf && !simt)
    return inputError("--perf", "--perf needs a warp model: --model simt:W (e.g. simt:32), simt-uniform-exit or mimd");

  sem::Memory memory = sem::initialMemory(ir, 0);
  for (const std::string& init : o.inits) {
    auto eq = init.find('=');
    if (eq == std::string::npos)
      return inputError("--init", fmt::format("--init expects NAME=v,v,…, not '{}'", init));
    std::string name = init.substr(0, eq);
    // NAME[i]=v,w,…: from cell i on (also negative i for the default memory; a 64-bit i for an
    // unbounded array, whose cells are at every 64-bit index).
    int64_t first = 0;
    if (auto lb = name.find('['); lb != std::string::npos) {
      if (name.back() != ']' || !support::parseInteger(name.substr(lb + 1, name.size() - lb - 2), INT64_MIN, INT64_MAX, first))
        return inputError("--init", fmt::format("--init expects NAME=v,… or NAME[i]=v,…, not '{}'", init));
      name.resize(lb);
    }
    sem::ArrayId id = sem::kNone;
    for (size_t a = 0; a < ir.arrays.size(); ++a)
      if (ir.arrays[a].name == name) id = static_cast<sem::ArrayId>(a);
    if (id == sem::kNone) return inputError("--init", fmt::format("--init: the kernel has no array '{}'", name));
    std::vector<sem::Word> values;
    std::string rest = init.substr(eq + 1);
    size_t pos = 0;
    while (!rest.empty() && pos <= rest.size()) {
      size_t comma = rest.find(',', pos);
      std::string item = rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
      int64_t v = 0;
      if (!support::parseInteger(item, INT32_MIN, UINT32_MAX, v))
        return inputError("--init", fmt::format("--init {}: '{}' is not a 32-bit integer", name, item));
      values.push_back(static_cast<sem::Word>(static_cast<uint32_t>(v)));
      if (comma == std::string::npos) break;
      pos = comma + 1;
    }
    const sem::ArrayInfo& info = ir.arrays[id];
    if (info.extent() && (first < 0 || first + static_cast<int64_t>(values.size()) > info.extent()))
      return inputError("--init", fmt::format("--init {}: cells {}..{} are outside {}[0..{}]", name, first,
                                              first + static_cast<int64_t>(values.size()) - 1, name, info.extent() - 1));
    if (first > INT64_MAX - static_cast<int64_t>(values.size()) + 1)
      return inputError("--init", fmt::format("--init {}: addresses beyond {}", name, INT64_MAX));
    for (size_t i = 0; i < values.size(); ++i)
      memory.store(ir, sem::Address{id, first + static_cast<int64_t>(i)}, values[i]);
  }

  if (simt && (groups > 1 || ir.hasAtomics || ir.firstAnnotation || ir.firstAsync)) {
    // Kernel parameters are per-thread constants of the warps' machines, as in check's warp
    // models (WarpModel::runState takes them).
    // Atomics, 32- and 64-bit, run under the warp models (semantics/models/WarpAtomic.cpp).
    if (refuseUnsupported(o.file, *source, ir, "the " + o.model + " model",
                          {.atomics = true, .wideAtomics = true, .params = true, .groups = true, .floats = true,
                           .conversions = true},
                          o.json))
      return 2;
    if (groups > 1) return inputError("--model", "--model " + o.model + " runs one group: add --group G");
  }
  if (simt) {
    simt->maxSteps = o.maxSteps;
    return runSimt(o, cl, *source, *k, static_cast<uint32_t>(threads), group, std::move(memory), *simt, params);
  }

  // The run: one group, or the whole launch.
  sem::SdvMachine machine(ir, static_cast<uint32_t>(threads));
  TracePrinter tracer(ir, o.json ? stderr : stdout);
  report::TraceRecorder recorder(ir, /*cellIndices=*/true, o.trace ? &tracer : nullptr);
  sem::RuleObserver* observer = nullptr;
  if (!o.sarif.empty() || !o.html.empty()) observer = &recorder;
  else if (o.trace) observer = &tracer;
  machine.setObserver(observer);
  const auto start = std::chrono::steady_clock::now();
  sem::GroupState state;
  sem::Verdict v;
  uint64_t steps = 0, threadSteps = 0;
  int64_t verdictGroup = group;
  if (groups > 1) {
    sem::LaunchResult launch = sem::runLaunch(ir, static_cast<uint32_t>(threads), groups, std::move(memory), params,
                                              o.maxSteps, observer, benignWrites, !o.onlyIntraGroup,
                                              std::nullopt, *raceOptions);
    v = std::move(launch.verdict);
    state.base = std::move(launch.memory);
    steps = launch.steps;
    threadSteps = launch.threadSteps;
    verdictGroup = launch.group;
  } else {
    machine.setBenignWrites(benignWrites);
    machine.setRaceOptions(*raceOptions);
    state = machine.initialState(static_cast<sem::Word>(group), std::move(memory), params);
    v = machine.run(state, o.maxSteps);
    steps = machine.steps();
    threadSteps = machine.threadSteps();
    reportDroppedCandidates(ir, *source, machine.droppedCandidates());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const std::string size = report::launchReplayArgs(k->program, static_cast<uint32_t>(threads));
  std::string replay = groups > 1 ? fmt::format("sdvmc run {} {}", o.file, size)
                                  : fmt::format("sdvmc run {} {} --group {}", o.file, size, group);
  for (size_t p = 0; p < params.size(); ++p) replay += fmt::format(" --param {}={}", ir.params[p], params[p]);
  for (const std::string& init : o.inits) replay += " --init " + init;
  replay += raceReplayWords(o.races);
  if (o.onlyIntraGroup) replay += " --only-intra-group";
  const std::string header =
      groups > 1 ? fmt::format("sdvmc run {}: {} groups of {} threads{}", o.file, groups, threads,
                               v.kind == sem::VerdictKind::Ok ? "" : fmt::format(" (verdict in group {})", verdictGroup))
                 : fmt::format("sdvmc run {}: {} threads, group {}", o.file, threads, group);
  const RunOutputs outputs{o,      cl,     *source, ir, v, replay, recorder, header, static_cast<sem::Word>(verdictGroup),
                           static_cast<uint32_t>(threads), 0};
  if (!outputs.write()) return 2;

  if (o.json) {
    json j = report::verdictJson(ir, v, o.file);
    if (v.kind == sem::VerdictKind::Ok) j["final"] = report::memoryJson(ir, state.base);
    j["threads_in_group"] = threads;
    j["group"] = groups > 1 && v.kind == sem::VerdictKind::Ok ? group : verdictGroup;
    if (groups > 1) j["groups"] = groups;
    j["steps"] = steps;
    j["thread_steps"] = threadSteps;
    j["seconds"] = seconds;
    if (v.kind != sem::VerdictKind::Ok) j["replay"] = replay;
    std::cout << j.dump() << "\n";
  } else {
    std::ostringstream os;
    os << header << "\n";
    report::printVerdict(os, *source, ir, v);
    if (v.kind == sem::VerdictKind::Ok) {
      os << "final shared memory:\n";
      report::printMemory(os, ir, state.base);
    } else if (v.kind != sem::VerdictKind::Inconclusive) {
      os << "replay: " << replay << " --trace\n";
    }
    if (o.stats)
      os << fmt::format("{} rule applications, {} thread-statement executions in {:.3f} s ({:.1f} M/s)\n",
                        steps, threadSteps, seconds, seconds > 0 ? threadSteps / seconds / 1e6 : 0.0);
    std::cout << os.str();
  }
  return sem::verdictExitStatus(v.kind);
}

}  // namespace sdvmc::tool
