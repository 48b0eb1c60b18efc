// `sdvmc fuzz`: options, the calls into fuzz/, progress and the summary (see FuzzCommand.h).
#include "tools/sdvmc/FuzzCommand.h"

#include "fuzz/Fuzz.h"
#include "litmus/Emit.h"

#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

void printFinding(std::ostream& os, const fuzz::Finding& f) {
  os << fmt::format("  {}: {} on {} (kernel {}, {} statements", f.dir, f.kind, f.runtime, f.index, f.statements);
  if (f.reduced) os << fmt::format(", reduced to {} in {} tries: {}/reduced.kpl", f.reducedStatements, f.reduceTries, f.dir);
  os << ")\n";
  if (!f.message.empty()) os << "    " << f.message << "\n";
  if (f.kind == "mismatch") os << "    sdvmc:    " << f.expected << "\n    observed: " << f.observed << "\n";
}

/// --replay and --reduce.
int savedCommand(const FuzzOptions& o, const CommandLine& cl) {
  const bool reducing = !o.reduce.empty();
  const std::string& path = reducing ? o.reduce : o.replay;
  const fuzz::SavedRun r =
      reducing ? fuzz::reduceFinding(path, o.timeout, o.reduceBudget) : fuzz::replayFinding(path, o.timeout);
  if (!r.error.empty()) return cl.reject(reducing ? "--reduce" : "--replay", r.error, o.json);
  const fuzz::Finding& f = r.finding;
  if (o.json) {
    json j{{"reproduces", r.reproduces},
           {"finding", fuzz::findingJson(f)},
           {"now", json{{"kind", r.now.kind}, {"observed", r.now.observed}, {"message", r.now.message}}}};
    if (!r.reference.defined) j["reference_rejects"] = r.reference.rejected;
    std::cout << j.dump() << "\n";
    return r.reproduces ? 0 : 1;
  }
  std::ostringstream os;
  os << fmt::format("sdvmc fuzz --{} {}: {} on {}\n", reducing ? "reduce" : "replay", path, f.kind, f.runtime);
  if (!r.reference.defined)
    os << "does not reproduce: the reference no longer proves the kernel defined (" << r.reference.rejected << ")\n";
  else if (!r.reproduces)
    os << fmt::format("does not reproduce: now {}{}\n", r.now.kind, r.now.message.empty() ? "" : ": " + r.now.message);
  else
    os << "reproduces\n";
  if (reducing && r.reproduces) printFinding(os, f);
  std::cout << os.str();
  return r.reproduces ? 0 : 1;
}

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

}  // namespace

int fuzzCommand(const FuzzOptions& o, const CommandLine& cl) {
  if (o.timeout <= 0) return cl.reject("--timeout", "--timeout must be positive", o.json);
  if (!o.reduce.empty() || !o.replay.empty()) {
    if (!o.reduce.empty() && !o.replay.empty())
      return cl.reject("--replay", "--reduce and --replay exclude each other", o.json);
    if (!o.run.empty())
      return cl.reject("--run", "--run does not apply to --reduce and --replay (the finding names its implementation)",
                       o.json);
    return savedCommand(o, cl);
  }
  if (o.run.empty()) return cl.reject("fuzz", "fuzz needs --run pocl, oclgrind or cuda (comma-separated)", o.json);
  fuzz::FuzzOptions f;
  std::set<std::string> seen;
  for (const std::string& r : splitList(o.run)) {
    if (r != "pocl" && r != "oclgrind" && r != "cuda")
      return cl.reject("--run", fmt::format("--run expects pocl, oclgrind or cuda, not '{}'", r), o.json);
    if (!seen.insert(r).second) return cl.reject("--run", fmt::format("--run names {} twice", r), o.json);
    f.runtimes.push_back(r);
  }
  if (o.count < 1) return cl.reject("--count", "--count must be at least 1", o.json);
  if (o.segments < 1 || o.segments > 64) return cl.reject("--segments", "--segments must be in 1..64", o.json);
  if (!o.plantBug.empty() && !litmus::plantableOperator(o.plantBug))
    return cl.reject("--plant-bug", fmt::format("--plant-bug expects an operator name (add, sub, mul, div, rem, shl, "
                                                "shr, lt, le, gt, ge, eq, ne, and, or, xor, land, lor, udiv, urem, "
                                                "lshr, ult, ule, ugt, uge), not '{}'", o.plantBug),
                     o.json);
  f.count = o.count;
  f.seed = o.seed;
  f.first = o.first;
  f.outDir = o.out;
  f.plantBug = o.plantBug;
  f.timeout = o.timeout;
  f.reduce = !o.noReduce;
  f.reduceBudget = o.reduceBudget;
  f.maxFindings = o.maxFindings;
  f.gen.segments = o.segments;

  const bool progress = !o.noProgress && (o.progress || isatty(2));
  const bool tty = isatty(2);
  const fuzz::ProgressFn onKernel = [&](const fuzz::Summary& s) {
    if (!progress) return;
    const std::string line = fmt::format("fuzz: {}/{} kernels ({} rejected by check), {:.2f} kernels/s, {} finding{}",
                                         s.generated, o.count, s.rejected, s.seconds > 0 ? s.generated / s.seconds : 0.0,
                                         s.findings.size(), s.findings.size() == 1 ? "" : "s");
    // On a terminal one line redrawn; elsewhere a line every 10 kernels.
    if (tty)
      std::cerr << "\r" << line << "\x1b[K" << std::flush;
    else if (s.generated % 10 == 0 || s.generated == o.count)
      std::cerr << line << "\n";
  };
  const fuzz::Summary s = fuzz::runFuzz(f, onKernel);
  if (progress && tty) std::cerr << "\n";
  if (!s.fatal.empty()) {
    std::cerr << fmt::format("sdvmc: fuzz: error: {}\n", s.fatal);
    if (o.json) std::cout << json{{"error", s.fatal}}.dump() << "\n";
    return 2;
  }

  if (o.json) {
    json j{{"seed", o.seed},          {"first", o.first},       {"count", o.count},
           {"generated", s.generated}, {"accepted", s.accepted}, {"rejected", s.rejected},
           {"rejected_why", s.rejectedWhy}, {"seconds", s.seconds},
           {"kernels_per_second", s.seconds > 0 ? s.generated / s.seconds : 0.0}};
    json runs = json::object();
    for (const fuzz::RuntimeStats& r : s.runtimes)
      runs[r.runtime] = json{{"platform", r.platform}, {"runs", r.runs},     {"passed", r.passed},
                             {"findings", r.findings}, {"unsupported", r.unsupported}, {"seconds", r.seconds}};
    j["runs"] = runs;
    j["findings"] = json::array();
    for (const fuzz::Finding& fd : s.findings) j["findings"].push_back(fuzz::findingJson(fd));
    if (!o.plantBug.empty()) j["plant_bug"] = o.plantBug;
    std::cout << j.dump() << "\n";
    return s.findings.empty() ? 0 : 1;
  }
  std::ostringstream os;
  os << fmt::format("sdvmc fuzz: seed {}, kernels {}..{}, on {}\n", o.seed, o.first, o.first + o.count - 1, o.run);
  std::string why;
  for (const auto& [k, n] : s.rejectedWhy) why += fmt::format("{}{} {}", why.empty() ? "" : ", ", k, n);
  os << fmt::format("  {} generated, {} proved defined by check, {} rejected{}\n", s.generated, s.accepted, s.rejected,
                    why.empty() ? "" : " (" + why + ")");
  for (const fuzz::RuntimeStats& r : s.runtimes)
    os << fmt::format("  {}{}: {} runs, {} agree with sdvmc, {} findings{}, {:.1f} s\n", r.runtime,
                      r.platform.empty() ? "" : " (" + r.platform + ")", r.runs, r.passed, r.findings,
                      r.unsupported ? fmt::format(", {} unsupported by the emitter", r.unsupported) : "", r.seconds);
  os << fmt::format("findings: {}\n", s.findings.size());
  for (const fuzz::Finding& fd : s.findings) printFinding(os, fd);
  os << fmt::format("  {:.1f} s, {:.2f} kernels/s\n", s.seconds, s.seconds > 0 ? s.generated / s.seconds : 0.0);
  std::cout << os.str();
  return s.findings.empty() ? 0 : 1;
}

}  // namespace sdvmc::tool
