// `sdvmc check FILE`: build the model for the bounds, explore it, and report the verdict
// with a witness that replays (see CheckCommand.h).
#include "tools/sdvmc/CheckCommand.h"

#include "explorer/Distributed.h"
#include "explorer/Explorer.h"
#include "report/Report.h"
#include "report/Sarif.h"
#include "report/Trace.h"
#include "report/TraceHtml.h"
#include "semantics/models/DataAbstraction.h"
#include "semantics/models/LaunchModel.h"
#include "semantics/models/ModelSupport.h"
#include "semantics/models/SdvModel.h"
#include "semantics/models/WarpModel.h"
#include "semantics/rules/Launch.h"
#include "semantics/rules/Sdv.h"
#include "support/Numbers.h"
#include "tools/sdvmc/Kernel.h"
#include "tools/sdvmc/ModelFactory.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <fcntl.h>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

std::string rangeText(const std::vector<uint32_t>& v) {
  return v.size() == 1 ? std::to_string(v.front()) : fmt::format("{}..{}", v.front(), v.back());
}
std::string rangeText(const std::vector<sem::Word>& v) {
  return v.size() == 1 ? std::to_string(v.front()) : fmt::format("{}..{}", v.front(), v.back());
}

/// `sdvmc run` arguments reproducing an SDV configuration (`launch`: the whole launch, a
/// kernel with grid barriers: no --group).
std::string replayCommand(const std::string& file, const sem::Configuration& c, const sem::Ir& ir, bool launch = false) {
  const std::vector<std::string>& paramNames = ir.params;
  std::string cmd = fmt::format("sdvmc run {} {}", file, report::launchReplayArgs(*ir.program, c.threads));
  if (!launch) cmd += fmt::format(" --group {}", c.group);
  for (size_t k = 0; k < c.params.size() && k < paramNames.size(); ++k)
    cmd += fmt::format(" --param {}={}", paramNames[k], c.params[k]);
  for (const auto& [array, cells] : c.init)
    for (const auto& [index, value] : cells) cmd += fmt::format(" --init {}[{}]={}", array, index, value);
  return cmd;
}

json witnessJson(const sem::Configuration& c, bool schedule, const std::vector<std::string>& paramNames) {
  json init = json::object();
  for (const auto& [array, cells] : c.init) {
    json list = json::array();
    for (const auto& [index, value] : cells) list.push_back(json::array({index, value}));
    init[array] = std::move(list);
  }
  json w{{"threads", c.threads}, {"group", c.group}, {"init", std::move(init)}, {"params", json::object()}};
  for (size_t k = 0; k < c.params.size() && k < paramNames.size(); ++k) w["params"][paramNames[k]] = c.params[k];
  if (schedule) w["schedule"] = c.schedule;
  return w;
}

std::string witnessText(const sem::Configuration& c) {
  std::string out = fmt::format("{} threads, group {}", c.threads, c.group);
  for (const auto& [array, cells] : c.init)
    for (const auto& [index, value] : cells) out += fmt::format(", {}[{}] = {}", array, index, value);
  if (c.init.empty()) out += ", no arbitrary value read";
  return out;
}

/// A violation the search reached, as it is reported: the configuration that reproduces it,
/// the verdict (SDV: the concrete re-run's, with every access's statement, which
/// exploration does not keep in states), the `sdvmc run` command, and whether that re-run
/// reached the same verdict.
struct Witnessed {
  sem::Verdict verdict;
  sem::Configuration config;
  std::string replay;
  bool confirmed = false;
  /// Why the replay was not run (an inter-group race in a launch too large to run).
  std::string notRun;
  /// (--sarif, --html) the concrete re-run, recorded (SDV only).
  std::optional<report::Trace> trace;
};

/// `rep`: the model's replay of the path to a violation; `found`: the verdict the search saw.
/// `record`: keep the re-run's trace (--sarif, --html). `launch` (a kernel with grid barriers,
/// LaunchModel): the launch's number of groups, re-run as a whole as `sdvmc run` runs it.
Witnessed witnessed(const CheckOptions& o, const sem::Ir& ir, const sem::Bounds& bounds, const sem::Replay& rep,
                    const sem::Verdict& found, bool record, uint32_t launch = 0) {
  Witnessed w;
  w.config = rep.config;
  w.verdict = rep.violation ? *rep.violation : found;
  if (o.model != "sdv") {
    w.confirmed = rep.violation.has_value();
    return w;
  }
  // Re-run the configuration concretely: the same verdict, with every access's statement.
  w.replay = replayCommand(o.file, rep.config, ir, launch > 0);
  w.replay += raceReplayWords(o.races);
  sem::Memory memory = sem::initialMemory(ir, 0);
  for (const auto& [array, cells] : rep.config.init)
    for (size_t a = 0; a < ir.arrays.size(); ++a)
      if (ir.arrays[a].name == array)
        for (const auto& [index, value] : cells)
          memory.store(ir, sem::Address{static_cast<sem::ArrayId>(a), index}, value);
  sem::SdvMachine machine(ir, rep.config.threads);
  machine.setBenignWrites(bounds.benignWrites);
  machine.setRaceOptions(bounds.raceOptions);
  report::TraceRecorder recorder(ir, /*cellIndices=*/true);
  if (record) machine.setObserver(&recorder);
  if (launch > 0) {
    const sem::LaunchResult r = sem::runLaunch(ir, rep.config.threads, launch, std::move(memory), rep.config.params,
                                               UINT64_MAX, record ? &recorder : nullptr, bounds.benignWrites, true,
                                               std::nullopt, bounds.raceOptions);
    // (the exploration keeps no statement of an inter-group race's accesses: the same
    // execution's race, as runLaunch reports it)
    w.confirmed = r.verdict.kind == w.verdict.kind && r.verdict.rule == w.verdict.rule &&
                  (r.verdict.at == w.verdict.at || w.verdict.at == sem::kNone);
    if (w.confirmed) w.verdict = r.verdict;
    if (record && w.confirmed) w.trace = recorder.trace();
    return w;
  }
  sem::GroupState s = machine.initialState(rep.config.group, std::move(memory), rep.config.params);
  sem::Verdict concrete = machine.run(s, UINT64_MAX);
  w.confirmed = concrete.kind == w.verdict.kind && concrete.at == w.verdict.at;
  if (w.confirmed) w.verdict = concrete;
  if (record && w.confirmed) w.trace = recorder.trace();
  return w;
}

/// The contract's fields for one violation: verdict, rule, threads, location, accesses,
/// witness, replay, confirmed.
json witnessedJson(const CheckOptions& o, const sem::Ir& ir, const Witnessed& w) {
  json j = report::verdictJson(ir, w.verdict, o.file);
  j["witness"] = witnessJson(w.config, o.model != "sdv", ir.params);
  if (!w.replay.empty()) j["replay"] = w.replay;
  j["confirmed"] = w.confirmed;
  if (!w.notRun.empty()) j["replay_not_run"] = w.notRun;
  return j;
}

/// The verdict with its evidence, the witness and the replay command.
void printWitnessed(std::ostream& os, const kpl::SourceFile& source, const sem::Ir& ir, const Witnessed& w) {
  report::printVerdict(os, source, ir, w.verdict);
  os << "witness: " << witnessText(w.config) << "\n";
  if (!w.config.schedule.empty()) {
    os << "schedule:";
    for (uint32_t t : w.config.schedule) os << " " << t;
    os << "\n";
  }
  if (!w.replay.empty())
    os << "replay: " << w.replay
       << (w.confirmed ? "" : !w.notRun.empty() ? "   (" + w.notRun + ")" : std::string("   (NOT confirmed by sdvmc run)"))
       << "\n";
}

/// --all: the summary line, and when a limit cut the search, that the list may be incomplete.
std::string allSummary(const std::vector<Witnessed>& found, const std::string& limit) {
  std::vector<sem::Verdict> verdicts;
  for (const Witnessed& w : found) verdicts.push_back(w.verdict);
  std::string out = "summary: " + report::violationCount(verdicts);
  if (!limit.empty()) out += fmt::format("; the search was cut ({}), there may be more", limit);
  return out;
}

/// The witness in words (with a warp model's schedule).
std::string witnessLine(const sem::Configuration& c) {
  std::string out = witnessText(c);
  if (!c.schedule.empty()) out += fmt::format("; schedule {}", fmt::join(c.schedule, " "));
  return out;
}

/// --sarif FILE and --html FILE: the verdict (`v`: the first violation's, or ok/inconclusive)
/// and every violation found (one SARIF result each; with --all several) with, when the
/// interpreter replayed it, its execution. The HTML page shows the first. False after
/// reporting a file that could not be written.
bool writeOutputs(const CheckOptions& o, const CommandLine& cl, const kpl::SourceFile& source, const sem::Ir& ir,
                  const sem::Verdict& v, const std::string& header, const std::vector<Witnessed>& found) {
  const int status = sem::verdictExitStatus(v.kind);
  const Witnessed* first = found.empty() ? nullptr : &found.front();
  const std::string witness = first ? witnessLine(first->config) : "";
  if (!o.sarif.empty()) {
    std::vector<report::SarifResult> results;
    for (const Witnessed& w : found) {
      const report::Trace* trace = w.trace ? &*w.trace : nullptr;
      results.push_back(report::sarifResult(ir, w.verdict, o.file, w.replay, trace, w.config.group));
      results.back().verdict["witness"] = witnessJson(w.config, o.model != "sdv", ir.params);
      if (!trace) results.back().note = "The witness: " + witnessLine(w.config);
    }
    report::SarifInvocation inv{cl.args(), status, sem::verdictName(v.kind), status == 3 ? v.message : ""};
    if (!cl.writeOutput("--sarif", o.sarif, report::sarifLog(inv, results).dump(2) + "\n", o.json)) return false;
  }
  if (!o.html.empty()) {
    std::ostringstream text;
    if (v.kind == sem::VerdictKind::Ok)
      text << "verdict: ok: no violation in any configuration within the bounds (no witness to show)\n";
    else
      report::printVerdict(text, source, ir, v);
    if (!witness.empty()) text << "witness: " << witness << "\n";
    report::TraceView view;
    view.title = header;
    view.verdictText = text.str();
    view.replay = first ? first->replay : "";
    view.source = &source;
    view.ir = &ir;
    view.trace = first && first->trace ? &*first->trace : nullptr;
    view.verdict = &v;
    view.group = first ? first->config.group : 0;
    view.threads = first ? first->config.threads : 0;
    if (!cl.writeOutput("--html", o.html, report::traceHtml(view), o.json)) return false;
  }
  return true;
}

/// --compare sdv,mimd: the consequence of sdv-semantics.md ("Why it matters"): for each
/// configuration in which SDV reaches no error, every mimd execution (every interleaving,
/// barriers that block) is free of races and deadlocks and reaches SDV's final memory.
int compareSdvMimd(const CheckOptions& o, const CommandLine& cl, const Kernel& k, const kpl::SourceFile& source,
                   const sem::Bounds& bounds, const explore::Options& eo) {
  const sem::Ir& ir = k.ir;
  sem::SdvModel sdv(ir, bounds, o.symmetry == "on");
  sdv.setOutcomeMode(true);
  explore::Options collect = eo;
  collect.collectTerminals = true;
  explore::Result r = explore::explore(sdv, collect);
  json j;
  std::ostringstream os;
  os << fmt::format("sdvmc check {} --compare sdv,mimd: threads {}, group {}, domain {}..{}\n", o.file,
                    rangeText(bounds.threads), rangeText(bounds.groups), bounds.domainLo, bounds.domainHi);
  std::vector<report::SarifResult> sarifResults;
  // Final memories are compared value by value: every arbitrary value is enumerated.
  os << "  data abstraction: none (--compare compares final memories, so every arbitrary value is enumerated)\n";
  j["data_abstraction"] = "none: --compare enumerates every arbitrary value";
  auto finish = [&](sem::VerdictKind kind) {
    const int status = sem::verdictExitStatus(kind);
    report::SarifInvocation inv{cl.args(), status, sem::verdictName(kind), status == 3 ? j.value("limit", "") : ""};
    if (!o.sarif.empty() &&
        !cl.writeOutput("--sarif", o.sarif, report::sarifLog(inv, sarifResults).dump(2) + "\n", o.json))
      return 2;
    if (o.json) {
      j["verdict"] = sem::verdictName(kind);
      j["sdv_states"] = r.states;
      std::cout << j.dump() << "\n";
    } else {
      std::cout << os.str();
    }
    return status;
  };
  if (r.status != explore::Result::Status::Complete) {
    j["limit"] = r.limit;
    os << "verdict: inconclusive: SDV exploration: " << r.limit << "\n";
    return finish(sem::VerdictKind::Inconclusive);
  }
  uint64_t configurations = 0, excluded = 0, mimdStates = 0;
  for (const sem::StateBytes& terminal : r.terminals) {
    sem::TerminalOutcome out = sdv.outcome(terminal);
    if (out.error) {
      ++excluded;
      continue;
    }
    ++configurations;
    sem::Bounds one = bounds;
    one.threads = {out.threads};
    one.groups = {out.group};
    sem::Memory initial = sem::checkInitialMemory(ir);
    for (const auto& [a, value] : out.choices) sem::chooseCell(ir, initial, a, value);
    one.initialMemory = initial;
    // Symmetry off: a renaming of mimd's values would not be SDV's renaming.
    sem::MimdModel mimd(ir, one, !o.noPor, /*symmetry=*/false);
    mimd.expectFinal(out.final);
    explore::Result m = explore::explore(mimd, eo);
    mimdStates += m.states;
    if (m.status == explore::Result::Status::Inconclusive) {
      j["limit"] = m.limit;
      os << "verdict: inconclusive: mimd exploration: " << m.limit << "\n";
      return finish(sem::VerdictKind::Inconclusive);
    }
    if (m.status == explore::Result::Status::Violation) {
      sem::Replay rep = mimd.replay(m.initial, m.path);
      sem::Verdict v = rep.violation ? *rep.violation : *m.violation;
      sem::Configuration config = rep.config;
      config.init.clear();
      for (const auto& [a, value] : out.choices) {
        const std::string& name = ir.arrays[a.array].name;
        auto it = std::find_if(config.init.begin(), config.init.end(), [&](const auto& x) { return x.first == name; });
        if (it == config.init.end()) it = config.init.insert(config.init.end(), {name, {}});
        it->second.emplace_back(a.index, value);
      }
      const std::string replay = replayCommand(o.file, config, ir);
      j = report::verdictJson(ir, v, o.file);
      j["verdict"] = "discrepancy";
      j["mimd_verdict"] = sem::verdictName(v.kind);
      j["witness"] = witnessJson(rep.config, true, ir.params);
      j["witness"]["init"] = witnessJson(config, false, ir.params)["init"];
      j["replay"] = replay;
      j["sdv_final"] = report::memoryJson(ir, out.final);
      sarifResults.push_back(report::SarifResult{j, "SDV reaches no error in this configuration, mimd does", {}, {}});
      os << "verdict: semantics discrepancy: SDV reaches no error here, but mimd does not agree\n";
      os << "configuration: " << witnessText(config) << "\n";
      os << "  SDV (" << replay << "): ok, final memory " << sem::describeMemoryText(ir, out.final) << "\n";
      os << "  mimd, schedule";
      for (uint32_t t : rep.config.schedule) os << " " << t;
      os << ":\n";
      std::ostringstream ms;
      report::printVerdict(ms, source, ir, v);
      std::istringstream lines(ms.str());
      for (std::string line; std::getline(lines, line);) os << "    " << line << "\n";
      return finish(sem::VerdictKind::Discrepancy);
    }
  }
  j["configurations"] = configurations;
  j["excluded"] = excluded;
  j["mimd_states"] = mimdStates;
  os << fmt::format("verdict: ok: in all {} configurations where SDV reaches no error, every mimd execution is "
                    "race- and deadlock-free and reaches SDV's final memory\n", configurations);
  os << fmt::format("  {} configurations where SDV reports a violation were excluded; {} SDV states, {} mimd states\n",
                    excluded, r.states, mimdStates);
  return finish(sem::VerdictKind::Ok);
}

/// --mpi: whether every rank got as far as exploring. A rank that returns early (its
/// input could not be read, say) answers "not ready" from the destructor, so that no rank
/// waits for it in the exploration's first collective.
class MpiReady {
public:
  explicit MpiReady(explore::Communicator* comm) : comm_(comm) {}
  ~MpiReady() {
    if (comm_ && !asked_) agree(false);
  }
  /// The lowest rank that is not ready, or -1.
  int agree(bool ready) {
    asked_ = true;
    const uint8_t mine = ready;
    std::vector<uint8_t> all(size_t(comm_->size()));
    comm_->allGather(&mine, 1, all.data());
    for (size_t r = 0; r < all.size(); ++r)
      if (!all[r]) return int(r);
    return -1;
  }

private:
  explore::Communicator* comm_;
  bool asked_ = false;
};

/// --mpi: ranks other than 0 print nothing (rank 0 reports for all).
void silenceStreams() {
  static bool done = false;
  if (done) return;
  done = true;
  std::fflush(stdout);
  std::fflush(stderr);
  const int devnull = ::open("/dev/null", O_WRONLY);
  if (devnull >= 0) {
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
    ::close(devnull);
  }
}

/// The per-rank figures of a distributed run (--json).
json ranksJson(const explore::Result& r) {
  json ranks = json::array();
  for (size_t k = 0; k < r.ranks.size(); ++k) {
    const explore::RankFigures& f = r.ranks[k];
    ranks.push_back(json{{"rank", k},
                         {"states", f.states},
                         {"bytes_sent", f.bytesSent},
                         {"wait_seconds", f.waitSeconds},
                         {"peak_memory_bytes", f.peakMemoryBytes}});
  }
  return ranks;
}

/// The per-rank figures of a distributed run (text).
std::string ranksText(const explore::Result& r) {
  uint64_t largest = 0, sent = 0;
  double wait = 0;
  std::string states;
  for (const explore::RankFigures& f : r.ranks) {
    largest = std::max(largest, f.states);
    sent += f.bytesSent;
    wait = std::max(wait, f.waitSeconds);
    states += fmt::format(" {}", f.states);
  }
  const double mean = r.ranks.empty() ? 0 : double(r.states) / double(r.ranks.size());
  return fmt::format(
      "  {} rank{}, states per rank{} (imbalance {:.2f}); {} exchange rounds, {:.1f} MiB sent ({:.1f} bytes/state), "
      "at most {:.3f} s waiting\n",
      r.ranks.size(), r.ranks.size() == 1 ? "" : "s", states, mean > 0 ? double(largest) / mean : 1.0, r.rounds,
      double(sent) / 1048576.0, r.states ? double(sent) / double(r.states) : 0.0, wait);
}

/// check's verdict about races between the groups of a launch (issue 15), when the
/// exploration found nothing: `text` for the output, `json` for --json, and the race.
struct InterGroup {
  std::string text;
  json j;
  std::optional<Witnessed> race;
  std::string undecided;  ///< why it could not be decided (the verdict is then inconclusive)
};

/// Races between the groups 0 … G−1 of the launch, per configuration (group size,
/// parameters): from group `rep`'s accesses translated (a representative group), else by
/// running the launch as `sdvmc run` does; only where which cells a group accesses depends on
/// no input value (GroupPlan::accessesFixed), so that one concrete run decides it.
InterGroup interGroupRaces(const CheckOptions& o, const sem::Ir& ir, const sem::Bounds& bounds,
                           const sem::GroupPlan& plan, bool representative, sem::Word rep, uint32_t launch) {
  InterGroup out;
  out.j = json{{"checked", false}};
  if (!plan.accessesFixed) {
    const std::string where = plan.accessesAt.valid()
                                  ? fmt::format("line {}:{}: ", plan.accessesAt.line, plan.accessesAt.col)
                                  : std::string();
    out.text = fmt::format("not checked: which cells a group accesses depends on input values ({}{})", where,
                           plan.accessesWhy);
    out.j["why"] = out.text;
    return out;
  }
  const char* how = representative ? "group {}'s accesses translated to every group" : "the launch run group by group";
  out.j["how"] = representative ? "translation" : "launch";
  for (uint32_t n : bounds.threads)
    for (const std::vector<sem::Word>& params : bounds.params) {
      sem::Verdict v;
      if (representative) {
        v = sem::representativeGroupRace(ir, n, params, plan.offsets, rep, launch, bounds.benignWrites,
                                         bounds.raceOptions);
        if (v.kind == sem::VerdictKind::Discarded) continue;  // an assume fails for every input
        if (v.kind != sem::VerdictKind::Ok && v.kind != sem::VerdictKind::Inconclusive &&
            !(v.kind == sem::VerdictKind::Race && v.rule == sem::Rule::GroupRace)) {
          out.undecided = fmt::format("inter-group races: group {} of {} threads ends in {} when run", rep, n,
                                      sem::verdictName(v.kind));
          break;
        }
      } else {
        v = sem::runLaunch(ir, n, launch, sem::initialMemory(ir, 0), params, UINT64_MAX, nullptr, bounds.benignWrites,
                           true, std::nullopt, bounds.raceOptions)
                .verdict;
        if (v.kind == sem::VerdictKind::Discarded) continue;
        if (v.kind != sem::VerdictKind::Ok && v.rule != sem::Rule::GroupRace) {
          out.undecided = fmt::format("inter-group races: the launch of groups of {} threads ends in {} when run", n,
                                      sem::verdictName(v.kind));
          break;
        }
      }
      if (v.kind == sem::VerdictKind::Inconclusive) {
        out.undecided = v.message;
        break;
      }
      if (v.kind != sem::VerdictKind::Race) continue;
      Witnessed w;
      w.config.threads = n;
      w.config.group = static_cast<sem::Word>(v.accesses.back().group);
      w.config.params = params;
      w.replay = fmt::format("sdvmc run {} {}", o.file, report::launchReplayArgs(*ir.program, n));
      for (size_t k = 0; k < params.size() && k < ir.params.size(); ++k)
        w.replay += fmt::format(" --param {}={}", ir.params[k], params[k]);
      w.replay += raceReplayWords(o.races);
      // The launch, run as `sdvmc run` runs it, confirms the race (where it is small enough).
      w.confirmed = !representative;
      if (representative && uint64_t{n} * launch <= (uint64_t{1} << 22)) {
        sem::LaunchResult r = sem::runLaunch(ir, n, launch, sem::initialMemory(ir, 0), params, UINT64_MAX, nullptr,
                                             bounds.benignWrites, true, std::nullopt, bounds.raceOptions);
        w.confirmed = r.verdict.kind == sem::VerdictKind::Race && r.verdict.rule == sem::Rule::GroupRace;
        if (w.confirmed) v = r.verdict;
      } else if (representative) {
        w.notRun = fmt::format("not run: the launch has {} threads, more than 2^22", uint64_t{n} * launch);
      }
      w.verdict = std::move(v);
      out.race = std::move(w);
      out.j["checked"] = true;
      out.text = fmt::format("a race found ({})", fmt::format(fmt::runtime(how), rep));
      return out;
    }
  if (!out.undecided.empty()) {
    out.text = "not decided: " + out.undecided;
    out.j["why"] = out.text;
    return out;
  }
  out.j["checked"] = true;
  out.text = fmt::format("none ({}, every group size and parameter)", fmt::format(fmt::runtime(how), rep));
  return out;
}

/// Runs checkCommand with its standard output captured.
int captured(const CheckOptions& o, const CommandLine& cl, std::string& out) {
  std::ostringstream buffer;
  std::streambuf* old = std::cout.rdbuf(buffer.rdbuf());
  int status = 2;
  try {
    status = checkCommand(o, cl);
  } catch (...) {
    std::cout.rdbuf(old);
    throw;
  }
  std::cout.rdbuf(old);
  out = buffer.str();
  return status;
}

/// `--local-size X,Y,Z` (or `--block-dim`) where a dimension is a range A..B: every
/// combination, in order of total size, then x, y, z (lexicographically); each is checked
/// as `--local-size x,y,z` (the kernel lowered for it), and the first shape in that order
/// with a violation (or an inconclusive or vacuous end) is the verdict, reported in full.
int checkShapes(const CheckOptions& o, const CommandLine& cl, const std::string& option, const std::string& text) {
  std::string t = text;
  if (t.size() >= 2 && t.front() == '[' && t.back() == ']') t = t.substr(1, t.size() - 2);
  std::vector<std::pair<int64_t, int64_t>> dims;
  for (size_t at = 0;;) {
    const size_t comma = t.find(',', at);
    const std::string part = t.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    int64_t lo = 0, hi = 0;
    if (dims.size() == 3 || !support::parseRange(part, 1, 1 << 20, lo, hi))
      return cl.reject(option.substr(0, 7),
                       fmt::format("{}: each of at most three sizes is N or A..B with 1 <= A <= B <= {}, not '{}'",
                                   option, 1 << 20, text),
                       o.json);
    dims.emplace_back(lo, hi);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  while (dims.size() < 3) dims.emplace_back(1, 1);
  std::vector<std::array<int64_t, 3>> shapes;
  for (int64_t x = dims[0].first; x <= dims[0].second; ++x)
    for (int64_t y = dims[1].first; y <= dims[1].second; ++y)
      for (int64_t z = dims[2].first; z <= dims[2].second; ++z) {
        if (x * y * z > (1 << 20))
          return cl.reject(option.substr(0, 7),
                           fmt::format("{}: the group {}x{}x{} has more than {} threads", option, x, y, z, 1 << 20),
                           o.json);
        shapes.push_back({x, y, z});
        if (shapes.size() > 4096)
          return cl.reject(option.substr(0, 7), fmt::format("{}: more than 4096 group shapes", option), o.json);
      }
  std::sort(shapes.begin(), shapes.end(), [](const auto& a, const auto& b) {
    return std::tuple(a[0] * a[1] * a[2], a[0], a[1], a[2]) < std::tuple(b[0] * b[1] * b[2], b[0], b[1], b[2]);
  });
  if (o.mpi) return cl.reject("--mpi", "--mpi checks one group shape: not with a range of sizes per dimension", o.json);
  if (!o.compare.empty())
    return cl.reject("--compare", "--compare checks one group shape: not with a range of sizes per dimension", o.json);
  auto withShape = [&](const std::array<int64_t, 3>& shape) {
    CheckOptions so = o;
    std::string& size = option == "--local-size" ? so.launch.localSize : so.launch.blockDim;
    size = fmt::format("{},{},{}", shape[0], shape[1], shape[2]);
    return so;
  };
  // The scan: each shape as --json without output files, until the first that is not ok.
  json list = json::array();
  uint64_t states = 0, transitions = 0, terminal = 0, discarded = 0;
  size_t last = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    CheckOptions so = withShape(shapes[i]);
    so.json = true;
    so.sarif.clear();
    so.html.clear();
    std::string out;
    const int status = captured(so, cl, out);
    if (status == 2) {
      if (o.json) std::cout << out;
      return 2;
    }
    const json j = json::parse(out, nullptr, false);
    if (j.is_discarded()) return 2;
    list.push_back(json{{"local_size", shapes[i]}, {"verdict", j.value("verdict", "")}, {"states", j.value("states", 0)}});
    states += j.value("states", uint64_t{0});
    transitions += j.value("transitions", uint64_t{0});
    terminal += j.value("terminal_states", uint64_t{0});
    discarded += j.value("discarded", uint64_t{0});
    last = i;
    if (status != 0) break;
  }
  // The verdict's shape, in full, with the command's own options (output files included).
  std::string out;
  const int status = captured(withShape(shapes[last]), cl, out);
  const std::string order = "by total size, then x, y, z";
  if (o.json) {
    json j = json::parse(out, nullptr, false);
    if (j.is_discarded()) return 2;
    j["shapes"] = list;
    j["shape_order"] = order;
    j["local_size"] = shapes[last];
    j["states"] = states;
    j["transitions"] = transitions;
    j["terminal_states"] = terminal;
    j["discarded"] = discarded;
    std::cout << j.dump() << "\n";
    return status;
  }
  std::ostringstream os;
  os << fmt::format("sdvmc check {}: {} {}: {} group shapes, {}\n", o.file, option, text, shapes.size(), order);
  for (const json& x : list)
    os << fmt::format("  {},{},{}: {} ({} states)\n", x["local_size"][0].get<int64_t>(),
                      x["local_size"][1].get<int64_t>(), x["local_size"][2].get<int64_t>(),
                      x["verdict"].get<std::string>(), x["states"].get<uint64_t>());
  if (status == 0)
    os << fmt::format("verdict: ok: no violation for any of the {} group shapes ({} states in all); the last:\n",
                      shapes.size(), states);
  else
    os << fmt::format("the first shape in that order that is not ok, {},{},{}:\n", shapes[last][0], shapes[last][1],
                      shapes[last][2]);
  std::cout << os.str() << out;
  return status;
}

}  // namespace

int checkCommand(const CheckOptions& o, const CommandLine& cl) {
  if (!cl.outputWritable("--sarif", o.sarif, o.json) || !cl.outputWritable("--html", o.html, o.json)) return 2;
  // --mpi: every rank runs this function on the same command line; rank 0 speaks.
  explore::Communicator* comm = nullptr;
  if (o.mpi) {
    // Refused before MPI starts (every rank refuses; the launcher's rank variables let
    // only rank 0 say so).
    const char* launched = std::getenv("OMPI_COMM_WORLD_RANK");
    if (!launched) launched = std::getenv("PMIX_RANK");
    if (launched && std::string(launched) != "0") silenceStreams();
    for (const auto& [given, name] : {std::pair{!o.compare.empty(), "--compare"}, std::pair{o.dfs, "--dfs"},
                                      std::pair{o.exact, "--exact"}, std::pair{o.all, "--all"},
                                      std::pair{!o.sarif.empty(), "--sarif"}, std::pair{!o.html.empty(), "--html"}})
      if (given)
        return cl.reject(name, fmt::format("{} cannot be combined with --mpi (the distributed search is breadth-first "
                                           "with fingerprints, one exploration)", name), o.json);
    std::string error;
    comm = explore::mpiWorld(error);
    if (!comm) return cl.reject("--mpi", "--mpi: " + error, o.json);
    if (comm->rank() != 0) silenceStreams();
  }
  MpiReady ready(comm);
  // `--local-size A..B` (or `--block-dim A..B`, one dimension): every group size from A to
  // B, as `--threads A..B` for KPL. The kernel is lowered for B (sizes are `ldim(d)` in the
  // lowered program); each size n runs as a 1-D group of n (Evaluator::geometryFor).
  LaunchArgs launch = o.launch;
  for (const auto& [size, option] : {std::pair{&launch.localSize, "--local-size"}, std::pair{&launch.blockDim, "--block-dim"}})
    if (size->find("..") != std::string::npos && size->find(',') != std::string::npos)
      return checkShapes(o, cl, option, *size);
  std::optional<std::pair<int64_t, int64_t>> localRange;
  for (std::string* size : {&launch.localSize, &launch.blockDim})
    if (size->find("..") != std::string::npos) {
      int64_t lo = 0, hi = 0;
      if (size->find(',') != std::string::npos || !support::parseRange(*size, 1, 1 << 20, lo, hi))
        return cl.reject(size == &launch.localSize ? "--local" : "--block",
                         fmt::format("{}: a range of group sizes is one dimension, A..B with 1 <= A <= B <= {}, not '{}'",
                                     size == &launch.localSize ? "--local-size" : "--block-dim", 1 << 20, *size),
                         o.json);
      localRange = {lo, hi};
      *size = std::to_string(hi);
    }
  std::unique_ptr<kpl::SourceFile> source;
  std::unique_ptr<Kernel> k = loadKernelOrReport(o.file, o.json, source, &launch, &cl);
  if (!k) return 2;
  const sem::Ir& ir = k->ir;

  // The bounds.
  BoundsReader read(cl, o.json, Values::Range);
  read.kernelNames(k->program.kernelNames);
  sem::Bounds bounds;
  std::optional<Range> threads = read.threads(o.bounds.threads.value_or(std::to_string(k->program.threads)));
  if (!threads) return 2;
  if (localRange) threads = Range{localRange->first, localRange->second};
  bounds.threads.clear();
  for (int64_t n = threads->lo; n <= threads->hi; ++n) bounds.threads.push_back(static_cast<uint32_t>(n));
  // Several groups (groups: G): each group id is a configuration of its own (SDV within
  // the group), and races between groups are checked after the exploration; with a grid
  // barrier the launch's groups are explored together instead (LaunchModel).
  const bool gridLaunch = ir.firstGridBarrier && k->program.groups > 1;
  const std::optional<Range> groups = read.group(o.bounds.group.value_or(
      k->program.groups > 1 ? fmt::format("0..{}", k->program.groups - 1) : std::to_string(k->program.group)));
  if (!groups) return 2;
  bounds.groups.clear();
  for (int64_t g = groups->lo; g <= groups->hi; ++g) bounds.groups.push_back(static_cast<sem::Word>(g));
  const std::optional<Range> domain = read.domain(o.bounds.domain);
  if (!domain) return 2;
  bounds.domainLo = static_cast<sem::Word>(domain->lo);
  bounds.domainHi = static_cast<sem::Word>(domain->hi);
  bool benignWrites = false;
  const std::optional<sem::RaceOptions> raceOptions = read.races(o.races, ir, benignWrites);
  if (!raceOptions) return 2;
  bounds.benignWrites = benignWrites;
  bounds.raceOptions = *raceOptions;
  if (gridLaunch) {
    // A grid barrier orders the groups of the launch: only the SDV rules over the whole
    // launch (LaunchModel) explore it.
    if (o.model != "sdv" && refuseGridBarrier(*source, ir, "the " + o.model + " model", false, o.json)) return 2;
    if (!o.compare.empty() && refuseGridBarrier(*source, ir, "--compare", false, o.json)) return 2;
    std::string why;
    if (groups->lo != 0 || groups->hi != k->program.groups - 1)
      why = fmt::format("check explores a kernel with grid barriers as the whole launch (groups 0..{}), not --group {}",
                        k->program.groups - 1, rangeText(bounds.groups));
    else if (raceOptions->benignUnchanged)
      why = "check does not handle grid barriers with --benign-writes=gpuverify (its rule compares a written value "
            "with the launch's initial one)";
    if (!why.empty()) {
      kpl::DiagnosticEngine d(source.get());
      d.error(*ir.firstGridBarrier, "unsupported: " + why);
      d.render(std::cerr);
      if (o.json) std::cout << json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(d.diagnostics())}}.dump() << "\n";
      return 2;
    }
  }
  if ((benignWrites || o.races.onlyDivergence || !o.races.checkArrays.empty()) && o.model != "sdv")
    return cl.reject(benignWrites ? "--benign-writes" : o.races.onlyDivergence ? "--only-divergence" : "--check-arrays",
                     "--benign-writes, --only-divergence and --check-arrays apply to the sdv model only", o.json);
  // Kernel parameters: each ranges over --param NAME=LO..HI, by default over the whole
  // range the kernel's leading assumes (__requires) bound on both sides, else over 0..1 (or
  // two values next to its one bound); every combination is a configuration.
  std::vector<Range> defaults(ir.params.size(), Range{0, 1});
  std::vector<std::string> origin(ir.params.size(), "--param");
  const std::vector<sem::ParamBound> required = sem::paramBoundsFromAssumes(ir);
  for (size_t p = 0; p < defaults.size(); ++p) {
    const sem::ParamBound& b = required[p];
    int64_t plo = 0, phi = 1;
    origin[p] = "from __requires";
    if (b.lo && b.hi) {
      plo = *b.lo;
      phi = std::max(*b.lo, *b.hi);
    } else if (b.lo) {
      plo = *b.lo;
      phi = *b.lo + 1;
      origin[p] = "default: __requires bounds it below only";
    } else if (b.hi) {
      phi = std::min<int64_t>(*b.hi, 1);
      plo = std::min<int64_t>(0, phi - 1);
      origin[p] = "default: __requires bounds it above only";
    } else {
      origin[p] = "default: no __requires bound";
    }
    plo = std::clamp<int64_t>(plo, INT32_MIN, INT32_MAX);
    phi = std::clamp<int64_t>(phi, plo, INT32_MAX);
    defaults[p] = {plo, phi};
  }
  for (const std::string& given : o.bounds.params)
    for (size_t p = 0; p < ir.params.size(); ++p) {
      // (a 64-bit parameter's words NAME.lo and NAME.hi are given as NAME too)
      const std::string& n = ir.params[p];
      const bool word = n.ends_with(".lo") || n.ends_with(".hi");
      if (given.rfind(n + "=", 0) == 0 || (word && given.rfind(n.substr(0, n.size() - 3) + "=", 0) == 0))
        origin[p] = "--param";
    }
  if (o.bounds.kernelArgs)
    for (std::string& why : origin) why = "--kernel-args (or its default where it gives *)";
  std::optional<std::vector<Range>> ranges = read.params(o.bounds.params, ir.params, std::move(defaults));
  if (ranges) ranges = read.kernelArgs(o.bounds.kernelArgs, ir.params, std::move(*ranges));
  if (!ranges) return 2;
  // The data abstraction (not for --compare, which compares final memories value by value).
  if (o.dataAbstraction != "on" && o.dataAbstraction != "off")
    return cl.reject("--data-abstraction",
                     fmt::format("--data-abstraction expects on or off, not '{}'", o.dataAbstraction), o.json);
  const sem::DataAbstraction abstraction =
      // (GPUVerify's benign rule compares a written value with the cell's value at the last
      // barrier: any array's initial values may decide it, so nothing is abstracted.)
      sem::planDataAbstraction(ir, o.dataAbstraction == "on" && o.compare.empty() && !raceOptions->benignUnchanged,
                               benignWrites);
  bounds.abstractArrays = abstraction.abstractArrays;
  bounds.params = {{}};
  for (size_t p = 0; p < ranges->size(); ++p) {
    const Range& range = (*ranges)[p];
    // An abstract parameter: its lowest value stands for every one.
    const int64_t hi = abstraction.abstractParams[p] ? range.lo : range.hi;
    std::vector<std::vector<sem::Word>> next;
    for (const std::vector<sem::Word>& prefix : bounds.params)
      for (int64_t v = range.lo; v <= hi; ++v) {
        next.push_back(prefix);
        next.back().push_back(static_cast<sem::Word>(static_cast<uint32_t>(v)));
      }
    if (next.size() > 1'000'000)
      return cl.reject("--param", "the kernel parameters' ranges make more than 1000000 combinations", o.json);
    bounds.params = std::move(next);
  }
  // The representative group (issue 15): where the group id cannot change an intra-group
  // verdict, the first group of the range stands for all (GroupPlan).
  const std::vector<sem::Word> allGroups = bounds.groups;
  const sem::GroupPlan groupPlan = sem::planGroups(ir, benignWrites);
  const bool severalGroups = groups->hi > groups->lo;
  const bool representative = severalGroups && groupPlan.representative && o.dataAbstraction == "on" &&
                              o.compare.empty() && !raceOptions->benignUnchanged && !gridLaunch;
  std::string groupsText, groupsWhy = groupPlan.why;
  if (!groupPlan.representative && groupPlan.at.valid())
    groupsWhy = fmt::format("line {}:{}: {}", groupPlan.at.line, groupPlan.at.col, groupPlan.why);
  if (gridLaunch) {
    groupsWhy = fmt::format("line {}:{}: a grid barrier orders the groups", ir.firstGridBarrier->line,
                            ir.firstGridBarrier->col);
    groupsText = fmt::format("every group explored together: the launch's groups {}..{} ({})", groups->lo, groups->hi,
                             groupsWhy);
  } else if (representative) {
    bounds.groups = {static_cast<sem::Word>(groups->lo)};
    groupsText = fmt::format("representative group: group {} stands for groups {}..{} ({})", groups->lo, groups->lo,
                             groups->hi, groupsWhy);
  } else if (severalGroups) {
    groupsText = fmt::format("every group explored: groups {}..{} ({})", groups->lo, groups->hi,
                             !groupPlan.representative ? groupsWhy
                             : o.dataAbstraction != "on" ? std::string("--data-abstraction off")
                             : !o.compare.empty() ? std::string("--compare")
                                                  : std::string("--benign-writes=gpuverify"));
  }
  // Races between groups: for the launch's groups (the default range of a kernel of several).
  const uint32_t launchGroups = static_cast<uint32_t>(std::max<int64_t>(1, k->program.groups));
  const bool interGroupCheck = launchGroups > 1 && groups->lo == 0 && groups->hi == launchGroups - 1;
  if (o.symmetry != "on" && o.symmetry != "off")
    return cl.reject("--symmetry", fmt::format("--symmetry expects on or off, not '{}'", o.symmetry), o.json);
  if (o.transitionCache == "on")
    bounds.transitionCache = sem::CacheMode::On;
  else if (o.transitionCache == "off")
    bounds.transitionCache = sem::CacheMode::Off;
  else if (o.transitionCache == "check")
    bounds.transitionCache = sem::CacheMode::Check;
  else
    return cl.reject("--transition-cache",
                     fmt::format("--transition-cache expects on, off or check, not '{}'", o.transitionCache), o.json);

  explore::Options eo;
  eo.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  eo.depthFirst = o.dfs;
  eo.exact = o.exact;
  eo.maxStates = o.maxStates;
  eo.maxSeconds = o.maxSeconds;
  if (!o.maxMemory.empty() && !support::parseByteSize(o.maxMemory, eo.maxMemoryBytes))
    return cl.reject("--max-memory", fmt::format("--max-memory expects a size like 512M or 4G, not '{}'", o.maxMemory), o.json);
  eo.initialTableBits = 16;  // 768 KiB; the set grows between levels
  eo.progress = !o.noProgress && (o.progress || isatty(2));

  if (o.all && !o.compare.empty())
    return cl.reject("--all", "--all does not apply to --compare (which reports the first discrepancy)", o.json);
  if (o.all && o.model != "sdv")
    return cl.reject("--all", fmt::format("--all supports the sdv model only, not '{}' (a warp model's expansion "
                                          "stops at a state's first violating interleaving)", o.model), o.json);
  if (!o.compare.empty()) {
    if (refuseUnsupported(o.file, *source, ir, "--compare",
                          {.params = true, .groups = true, .floats = true, .conversions = true}, o.json)) return 2;
    if (o.compare != "sdv,mimd")
      return cl.reject("--compare", fmt::format("--compare supports sdv,mimd, not '{}'", o.compare), o.json);
    if (!o.html.empty())
      return cl.reject("--html", "--html shows an SDV witness replayed by the interpreter: not with --compare", o.json);
    return compareSdvMimd(o, cl, *k, *source, bounds, eo);
  }

  if (o.model != "sdv" && !o.html.empty())
    return cl.reject("--html", fmt::format("--html shows an SDV witness replayed by the interpreter, not a {} witness "
                                           "(`sdvmc run --model {} --html FILE` shows one {} execution)",
                                           o.model, o.model, o.model),
                     o.json);
  // (atomics, 32- and 64-bit, are modelled: semantics/models/WarpAtomic.cpp)
  if (o.model != "sdv" && refuseUnsupported(o.file, *source, ir, "the " + o.model + " model",
                                            {.atomics = true, .wideAtomics = true, .params = true, .groups = true,
                                             .floats = true, .conversions = true},
                                            o.json))
    return 2;
  std::string error;
  std::unique_ptr<sem::Model> model =
      gridLaunch ? std::unique_ptr<sem::Model>(std::make_unique<sem::LaunchModel>(ir, bounds, launchGroups))
                 : makeModel(o.model, ir, bounds, !o.noPor, o.symmetry == "on", error);
  if (!model) return cl.reject("--model", "--model: " + error, o.json);

  // --all: each violation reached is replayed (which, unlike the explored states, keeps
  // the statements of a race's accesses) and kept when its key is new: the first of each
  // distinct violation in the search's order, so the shortest.
  std::vector<sem::Replay> replays;  // of the kept violations, in order
  std::vector<sem::ViolationKey> keys;
  if (o.all) {
    eo.allViolations = true;
    eo.distinct = [&](const explore::FoundViolation& f) {
      auto seen = [&keys](const sem::ViolationKey& k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
      // A verdict whose key does not need the accesses' statements, or has them, is
      // recognised before it is replayed.
      const bool provenance = f.verdict.kind != sem::VerdictKind::Race ||
                              std::all_of(f.verdict.accesses.begin(), f.verdict.accesses.end(),
                                          [](const sem::RaceAccess& a) { return a.at != sem::kNone; });
      if (provenance && seen(sem::violationKey(ir, f.verdict))) return false;
      sem::Replay rep = model->replay(f.initial, f.path);
      const sem::ViolationKey key = sem::violationKey(ir, rep.violation ? *rep.violation : f.verdict);
      if (seen(key)) return false;
      keys.push_back(key);
      replays.push_back(std::move(rep));
      return true;
    };
  }
  if (comm) {
    if (const int r = ready.agree(true); r >= 0)
      return cl.reject("--mpi", fmt::format("--mpi: rank {} could not prepare the exploration (every rank must be able "
                                            "to read {} with the same options)", r, o.file), o.json);
  }
  explore::Result r = comm ? explore::exploreDistributed(*model, eo, *comm) : explore::explore(*model, eo);

  // The verdict, with a witness that replays; with --all, one per distinct violation (each
  // re-run recorded for --sarif and --html).
  const bool record = !o.sarif.empty() || !o.html.empty();
  sem::Verdict verdict;
  std::vector<Witnessed> found;
  if (r.status == explore::Result::Status::Violation) {
    if (o.all)
      for (size_t i = 0; i < r.violations.size(); ++i)
        found.push_back(witnessed(o, ir, bounds, replays[i], r.violations[i].verdict, record, gridLaunch ? launchGroups : 0));
    else
      found.push_back(witnessed(o, ir, bounds, model->replay(r.initial, r.path), *r.violation, record,
                                gridLaunch ? launchGroups : 0));
    verdict = found.front().verdict;
  } else if (r.status == explore::Result::Status::Inconclusive) {
    verdict.kind = sem::VerdictKind::Inconclusive;
    verdict.message = r.limit;
  } else if (r.terminalStates == 0 && r.discarded > 0) {
    // Every execution of every configuration failed an assume (__requires): nothing holds
    // vacuously true, so the verdict says nothing was checked.
    verdict.kind = sem::VerdictKind::Vacuous;
    verdict.message = fmt::format("every configuration was discarded by an assume ({} executions)", r.discarded);
  }
  // Races between the groups of the launch, once nothing else was found.
  std::optional<InterGroup> inter;
  if (launchGroups > 1 && !interGroupCheck) {
    inter.emplace();
    inter->text = fmt::format("not checked (groups {}..{} are not the launch's groups 0..{})", groups->lo, groups->hi,
                              launchGroups - 1);
    inter->j = json{{"checked", false}, {"why", inter->text}};
  } else if (gridLaunch) {
    inter.emplace();
    inter->text = raceOptions->check ? "checked in the exploration, phase by phase between grid barriers (the "
                                       "launch's groups explored together)"
                                     : std::string("not checked (--only-divergence)");
    inter->j = json{{"checked", raceOptions->check}};
    if (raceOptions->check) inter->j["how"] = "exploration";
    else inter->j["why"] = inter->text;
  } else if (interGroupCheck) {
    if (o.model != "sdv" || !raceOptions->check) {
      inter.emplace();
      inter->text = o.model != "sdv" ? fmt::format("not checked (model {})", o.model)
                                     : std::string("not checked (--only-divergence)");
      inter->j = json{{"checked", false}, {"why", inter->text}};
    } else if (r.status == explore::Result::Status::Complete && verdict.kind == sem::VerdictKind::Ok) {
      inter = interGroupRaces(o, ir, bounds, groupPlan, representative, bounds.groups.front(), launchGroups);
      if (inter->race) {
        found.push_back(*inter->race);
        verdict = found.front().verdict;
      } else if (!inter->undecided.empty()) {
        verdict.kind = sem::VerdictKind::Inconclusive;
        verdict.message = inter->undecided;
      }
    } else {
      inter.emplace();
      inter->text = "not checked (the exploration ended first)";
      inter->j = json{{"checked", false}, {"why", inter->text}};
    }
  }
  const int status = sem::verdictExitStatus(verdict.kind);
  {
    const std::string header =
        found.empty() ? fmt::format("sdvmc check {}: model {}, threads {}, group {}, domain {}..{}", o.file, o.model,
                                    rangeText(bounds.threads), rangeText(allGroups), bounds.domainLo,
                                    bounds.domainHi)
                      : fmt::format("sdvmc check {}: witness {}", o.file, witnessText(found.front().config));
    if (!writeOutputs(o, cl, *source, ir, verdict, header, found)) return 2;
  }

  if (o.json) {
    json j = found.empty() ? report::verdictJson(ir, verdict, o.file) : witnessedJson(o, ir, found.front());
    j["model"] = o.model;
    j["states"] = r.states;
    j["transitions"] = r.transitions;
    j["seconds"] = r.seconds;
    j["terminal_states"] = r.terminalStates;
    j["discarded"] = r.discarded;
    j["depth"] = r.depth;
    j["reductions"] = "data abstraction: " + abstraction.text() + "; " + (groupsText.empty() ? "" : groupsText + "; ") +
                      model->reductions();
    if (severalGroups) {
      j["groups_explored"] = json{{"groups", bounds.groups}, {"representative", representative}, {"why", groupsWhy}};
      if (gridLaunch)
        j["groups_explored"]["location"] =
            json{{"file", o.file}, {"line", ir.firstGridBarrier->line}, {"col", ir.firstGridBarrier->col}};
      else if (!groupPlan.representative && groupPlan.at.valid())
        j["groups_explored"]["location"] = json{{"file", o.file}, {"line", groupPlan.at.line}, {"col", groupPlan.at.col}};
    }
    if (inter) j["inter_group"] = inter->j;
    j["data_abstraction"] = json::array();
    for (const sem::DataAbstraction::Entry& e : abstraction.entries) {
      json x{{"source", e.name},
             {"kind", e.parameter ? "parameter" : "array"},
             {"abstract", e.abstract},
             {"why", e.why}};
      if (e.at.valid()) x["location"] = json{{"file", o.file}, {"line", e.at.line}, {"col", e.at.col}};
      j["data_abstraction"].push_back(std::move(x));
    }
    j["peak_memory_bytes"] = r.peakMemoryBytes;
    j["visited_bytes_per_state"] = r.visitedBytesPerState;
    if (!o.exact) j["omission_probability"] = r.omissionProbability;
    j["bounds"] = json{{"threads", bounds.threads},
                       {"groups", allGroups},
                       {"domain", json::array({bounds.domainLo, bounds.domainHi})}};
    for (size_t p = 0; p < ranges->size(); ++p) {
      j["bounds"]["params"][ir.params[p]] = json::array({(*ranges)[p].lo, (*ranges)[p].hi});
      j["bounds"]["params_origin"][ir.params[p]] = origin[p];
    }
    if (!r.limit.empty())
      j["limit"] = r.limit;
    else if (verdict.kind == sem::VerdictKind::Inconclusive)
      j["limit"] = verdict.message;
    if (comm) {
      j["ranks"] = ranksJson(r);
      j["rounds"] = r.rounds;
    }
    if (o.all) {
      j["violations"] = json::array();
      for (const Witnessed& w : found) j["violations"].push_back(witnessedJson(o, ir, w));
    }
    std::cout << j.dump() << "\n";
    return status;
  }

  std::ostringstream os;
  os << fmt::format("sdvmc check {}: model {}, threads {}, group {}, domain {}..{}, {}{} job{}{}\n", o.file, o.model,
                    rangeText(bounds.threads), rangeText(allGroups), bounds.domainLo, bounds.domainHi,
                    comm ? fmt::format("{} rank{} x ", comm->size(), comm->size() == 1 ? "" : "s") : "", eo.jobs,
                    eo.jobs == 1 ? "" : "s", o.model != "sdv" && o.noPor ? ", no partial-order reduction" : "");
  for (size_t p = 0; p < ranges->size(); ++p)
    os << fmt::format("  parameter {} in {}..{} ({}){}\n", ir.params[p], (*ranges)[p].lo, (*ranges)[p].hi, origin[p],
                      abstraction.abstractParams[p] ? fmt::format(", abstract: {} stands for every value", (*ranges)[p].lo)
                                                    : "");
  std::string abstractNote;
  switch (r.status) {
    case explore::Result::Status::Complete:
      if (!found.empty())  // an inter-group race
        printWitnessed(os, *source, ir, found.front());
      else if (verdict.kind == sem::VerdictKind::Inconclusive)
        os << "verdict: inconclusive: " << verdict.message << "\n";
      else if (verdict.kind == sem::VerdictKind::Vacuous)
        os << "verdict: vacuous: " << verdict.message << "; nothing was checked\n";
      else
        os << fmt::format("verdict: ok: no violation in any configuration within the bounds ({} states)\n", r.states);
      break;
    case explore::Result::Status::Violation:
      if (std::any_of(abstraction.entries.begin(), abstraction.entries.end(),
                      [](const sem::DataAbstraction::Entry& e) { return e.abstract; }))
        abstractNote = "  (abstract values are not in the witness: they hold what sdvmc run gives them, and no value of "
                       "theirs changes the verdict)\n";
      if (!o.all) {
        printWitnessed(os, *source, ir, found.front());
        os << abstractNote;
        break;
      }
      for (size_t i = 0; i < found.size(); ++i) {
        os << fmt::format("{}violation {} of {}:\n", i ? "\n" : "", i + 1, found.size());
        printWitnessed(os, *source, ir, found[i]);
      }
      os << "\n" << allSummary(found, r.limit) << "\n";
      os << abstractNote;
      break;
    case explore::Result::Status::Inconclusive:
      os << "verdict: inconclusive: " << r.limit << "\n";
      break;
  }
  os << fmt::format("  {} states, {} transitions, {} terminal, {} discarded, depth {}\n", r.states, r.transitions,
                    r.terminalStates, r.discarded, r.depth);
  os << "  reductions: data abstraction: " << abstraction.text() << "; " << (groupsText.empty() ? "" : groupsText + "; ")
     << model->reductions() << "\n";
  if (inter) os << "  inter-group races: " << inter->text << "\n";
  os << fmt::format("  {:.3f} s, {:.0f} states/s, peak memory {:.1f} MiB{}\n", r.seconds,
                    r.seconds > 0 ? r.states / r.seconds : 0.0, r.peakMemoryBytes / 1048576.0,
                    comm ? " (all ranks together)" : "");
  if (comm) os << ranksText(r);
  if (o.exact)
    os << fmt::format("  visited set: whole states, {:.1f} bytes/state\n", r.visitedBytesPerState);
  else
    os << fmt::format("  visited set: 95-bit fingerprints, {:.1f} bytes/state, probability a state was omitted {:.3g}\n",
                      r.visitedBytesPerState, r.omissionProbability);
  std::cout << os.str();
  return status;
}

}  // namespace sdvmc::tool
