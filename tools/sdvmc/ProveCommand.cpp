// `sdvmc prove FILE` (see ProveCommand.h).
#include "tools/sdvmc/ProveCommand.h"

#include "frontends/clang/ClangFrontend.h"
#include "prover/Prover.h"
#include "report/Report.h"
#include "report/Sarif.h"
#include "report/Trace.h"
#include "tools/sdvmc/Bounds.h"
#include "tools/sdvmc/Kernel.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

/// `wholeLaunch` (a kernel with grid barriers in a launch of several groups): no group runs on
/// its own past a grid barrier, so every witness replays as the whole launch.
std::string replayCommand(const std::string& file, const prove::Witness& w, const kpl::Program& p,
                          bool wholeLaunch = false) {
  std::string size = fmt::format("--threads {}", w.threads);
  if (p.localSize[0] != 0) {  // a CUDA/OpenCL kernel: the witness's launch
    kpl::Program q;
    q.language = p.language;
    q.replayArgs = p.replayArgs;
    const sem::Evaluator::Geometry g = w.geometry();
    for (int d = 0; d < 3; ++d) {
      q.localSize[d] = g.localSize[d];
      q.numGroups[d] = g.numGroups[d];
    }
    size = report::launchReplayArgs(q, w.threads);
  }
  // A pair of two groups replays as the whole launch; one group as that group.
  std::string cmd = w.group2 != w.group || wholeLaunch ? fmt::format("sdvmc run {} {}", file, size)
                                        : fmt::format("sdvmc run {} {} --group {}", file, size, w.group);
  for (const auto& [name, value] : w.params) cmd += fmt::format(" --param {}={}", name, value);
  for (const auto& [array, cells] : w.init)
    for (const auto& [index, value] : cells) cmd += fmt::format(" --init {}[{}]={}", array, index, value);
  return cmd;
}

/// Reports name a CUDA/OpenCL thread by its coordinates in the program's launch shape, but a
/// witness has its own (prove ranges over group shapes): while one witness is reported, the
/// program takes the witness's shape, and gets its own back afterwards.
class WitnessShape {
 public:
  WitnessShape(kpl::Program& p, const prove::Witness* w) : p_(p) {
    std::copy(std::begin(p.localSize), std::end(p.localSize), savedLocal_);
    std::copy(std::begin(p.numGroups), std::end(p.numGroups), savedGroups_);
    if (!w || p.localSize[0] == 0) return;
    const sem::Evaluator::Geometry g = w->geometry();
    for (int d = 0; d < 3; ++d) {
      p.localSize[d] = g.localSize[d];
      p.numGroups[d] = g.numGroups[d];
    }
  }
  ~WitnessShape() {
    std::copy(std::begin(savedLocal_), std::end(savedLocal_), p_.localSize);
    std::copy(std::begin(savedGroups_), std::end(savedGroups_), p_.numGroups);
  }
  WitnessShape(const WitnessShape&) = delete;
  WitnessShape& operator=(const WitnessShape&) = delete;

 private:
  kpl::Program& p_;
  uint32_t savedLocal_[3];
  uint32_t savedGroups_[3];
};

json witnessJson(const prove::Witness& w) {
  json init = json::object();
  for (const auto& [array, cells] : w.init) {
    json list = json::array();
    for (const auto& [index, value] : cells) list.push_back(json::array({index, value}));
    init[array] = std::move(list);
  }
  json params = json::object();
  for (const auto& [name, value] : w.params) params[name] = value;
  return json{{"threads", w.threads}, {"group", w.group}, {"pair_groups", json::array({w.group, w.group2})},
              {"pair", w.pair}, {"init", std::move(init)},
              {"params", std::move(params)}};
}

std::string witnessText(const prove::Witness& w) {
  std::string out = fmt::format("{} threads, group {}, thread{} {}", w.threads, w.group,
                                w.pair.size() == 1 ? "" : "s", fmt::join(w.pair, " and "));
  if (w.group2 != w.group) out += fmt::format(" (thread {} of group {}, thread {} of group {})", w.pair.empty() ? 0 : w.pair[0], w.group, w.pair.size() > 1 ? w.pair[1] : 0, w.group2);
  for (const auto& [name, value] : w.params) out += fmt::format(", {} = {}", name, value);
  for (const auto& [array, cells] : w.init)
    for (const auto& [index, value] : cells) out += fmt::format(", {}[{}] = {}", array, index, value);
  return out;
}

/// What a CUDA/OpenCL proof covers: the launch (GPUVerify's question), or every group shape of
/// some dimensions up to a limit.
struct Coverage {
  bool atLaunch = false;
  bool launchGiven = false;   ///< the user gave the group size (else: the kernel's dimensions)
  unsigned dims = 1;          ///< the dimensions that range (every-size mode)
  std::string limitWhy;       ///< where maxThreads comes from, when not --max-threads
  uint32_t localSize[3] = {1, 1, 1}, numGroups[3] = {1, 1, 1};
};

std::string shapeText(const uint32_t (&s)[3]) {
  if (s[2] > 1) return fmt::format("{}x{}x{}", s[0], s[1], s[2]);
  if (s[1] > 1) return fmt::format("{}x{}", s[0], s[1]);
  return fmt::format("{}", s[0]);
}

std::string coverageText(const Coverage& c, uint64_t maxThreads) {
  const uint64_t groups = uint64_t{c.numGroups[0]} * c.numGroups[1] * c.numGroups[2];
  const std::string grid =
      groups > 1 ? fmt::format("{} groups ({})", groups, shapeText(c.numGroups)) : std::string("one group");
  if (c.atLaunch)
    return fmt::format("at the launch: groups of {} threads ({}), {}", maxThreads, shapeText(c.localSize), grid);
  return fmt::format("every group shape of {} dimension{} up to {} threads{}, {}{}", c.dims, c.dims == 1 ? "" : "s",
                     maxThreads, c.limitWhy.empty() ? "" : " (" + c.limitWhy + ")", grid,
                     c.launchGiven ? "" : " (no launch given: the dimensions the kernel uses)");
}

std::string boundText(const prove::ProveResult& r, const std::optional<Coverage>& c) {
  std::string s = c ? coverageText(*c, r.maxThreads) : fmt::format("for every group size 1..{}", r.maxThreads);
  if (r.bounded) s += fmt::format(", loops unrolled {} times (longer executions not covered)", r.unroll);
  return s;
}

/// The highest dimension (1-3) whose size or id the kernel reads: lowered with every
/// dimension of the group free (size 2), get_local_id(d)/blockDim.d/... read ldim(d).
unsigned dimensionsUsed(const sem::Ir& ir) {
  unsigned dims = 1;
  for (const sem::ExprNode& x : ir.exprs)
    if ((x.op == sem::EOp::LocalSize || x.op == sem::EOp::NumGroups) && x.imm >= 0 && x.imm < 3)
      dims = std::max(dims, static_cast<unsigned>(x.imm) + 1);
  return dims;
}

/// A violation: the interpreter's verdict with its evidence (else the solver's claim), what
/// the solver found, the witness and its replay.
void printProved(std::ostream& os, const kpl::SourceFile& source, const sem::Ir& ir, const std::string& file,
                 const sem::Verdict& claim, const std::optional<sem::Verdict>& replayed, const prove::Witness& w,
                 const std::string& replay, const std::string& note, bool bounded, bool atLaunch) {
  if (replayed && (replayed->kind == claim.kind || replayed->kind != sem::VerdictKind::Ok)) {
    report::printVerdict(os, source, ir, *replayed);
  } else {
    os << fmt::format("verdict: {} ({}) at {}:{}:{}: {}\n", sem::verdictName(claim.kind), sem::ruleName(claim.rule),
                      file, claim.loc.line, claim.loc.col, claim.message);
  }
  os << "found: " << claim.message
     << (atLaunch  ? (bounded ? " (at the launch, within the loop bound)\n" : " (at the launch)\n")
         : bounded ? " (smallest group size within the loop bound)\n"
                   : " (smallest group size)\n");
  os << "witness: " << witnessText(w) << "\n";
  os << "replay: " << replay << "   (" << note << ")\n";
}

int proveOne(const ProveOptions& o, const CommandLine& cl) {
  std::unique_ptr<kpl::SourceFile> source;
  // A CUDA/OpenCL kernel: at its launch when one is given (GPUVerify's question), else for
  // every group shape of the dimensions it uses (found by lowering it with all three free,
  // then lowered again with those only, so get_work_dim() and the unused ids are exact).
  std::optional<Coverage> coverage;
  LaunchArgs launch = o.launch;
  const bool cudaOrOpenCL = clangfe::languageOfPath(o.file).has_value();
  if (!cudaOrOpenCL && o.everySize)
    return cl.reject("--every-size", "--every-size applies to .cu and .cl kernels (prove covers every size of a KPL "
                                     "kernel)",
                     o.json);
  if (cudaOrOpenCL) {
    coverage.emplace();
    coverage->launchGiven = !launch.localSize.empty() || !launch.blockDim.empty() || !launch.globalSize.empty();
    coverage->atLaunch = coverage->launchGiven && !o.everySize;
    if (!coverage->launchGiven) {
      if (o.everySize)
        return cl.reject("--every-size", "--every-size needs the launch's dimensions (--local-size or --block-dim); "
                                         "without them prove ranges over the dimensions the kernel uses",
                         o.json);
      launch.localSize = "2,2,2";
      // Quietly: the lowering below reports the same diagnostics (and fails the same way).
      std::optional<clangfe::LaunchOptions> options = resolveLaunch(o.file, launch, cl, o.json);
      if (!options) return 2;
      std::vector<kpl::Diagnostic> diagnostics;
      std::string rendered;
      std::unique_ptr<Kernel> probe = loadKernel(o.file, source, diagnostics, rendered, *options);
      if (probe) coverage->dims = dimensionsUsed(probe->ir);
      launch.localSize = coverage->dims == 1 ? "2" : coverage->dims == 2 ? "2,2" : "2,2,2";
    }
  }
  std::unique_ptr<Kernel> k = loadKernelOrReport(o.file, o.json, source, &launch, &cl);
  if (!k) return 2;
  if (coverage) {
    for (int d = 0; d < 3; ++d) {
      coverage->localSize[d] = std::max(1u, k->program.localSize[d]);
      coverage->numGroups[d] = std::max(1u, k->program.numGroups[d]);
    }
    if (coverage->launchGiven) coverage->dims = coverage->localSize[2] > 1 ? 3 : coverage->localSize[1] > 1 ? 2 : 1;
  }
  const sem::Ir& ir = k->ir;
  // Floating point is uninterpreted (prover/TwoThread.h), --equiv still refuses it.
  if (refuseUnsupported(o.file, *source, ir, "prove",
                        {.atomics = true, .wideAtomics = true, .params = true, .groups = true, .floats = true,
                         .conversions = true, .asyncCopies = true},
                        o.json))
    return 2;
  // (grid barriers) prove encodes them (prover/TwoThread.cpp): a barrier of the whole launch.
  const bool gridLaunch = ir.firstGridBarrier && prove::interGroupLaunch(ir);

  prove::ProveOptions po;
  po.abstraction = o.abstraction;
  if (o.unroll >= 0) po.unroll = static_cast<uint32_t>(o.unroll);
  po.induction = o.loops == "induction";
  po.maxThreads = static_cast<uint64_t>(o.maxThreads);
  if (coverage && coverage->atLaunch) {
    po.atLaunch = true;
    po.maxThreads = uint64_t{coverage->localSize[0]} * coverage->localSize[1] * coverage->localSize[2];
  } else if (coverage && !o.maxThreadsGiven) {
    // Witnesses a platform can launch: CUDA's 1,024 threads per block; for OpenCL the
    // reference platform's CL_DEVICE_MAX_WORK_GROUP_SIZE (PoCL's CPU device: 4,096).
    const bool cuda = k->program.language == "cuda";
    po.maxThreads = cuda ? 1024 : 4096;
    coverage->limitWhy = cuda ? "CUDA's limit of threads per block; --max-threads N"
                              : "PoCL's CL_DEVICE_MAX_WORK_GROUP_SIZE; --max-threads N";
  }
  po.timeoutSeconds = o.timeout;
  po.onlyIntraGroup = o.onlyIntraGroup;
  po.all = o.all;
  prove::ProveResult r = prove::prove(ir, po);
  if (prove::interGroupLaunch(ir))
    r.notes.push_back(o.onlyIntraGroup
                          ? "several groups: --only-intra-group: races between groups are left out"
                          : "several groups: the pair may be two threads of two groups (races on global arrays "
                            "between groups are part of the proof)");

  const bool ok = r.status == prove::ProveResult::Status::Ok;
  const bool violation = r.status == prove::ProveResult::Status::Violation;
  const int status = ok ? 0 : violation ? 1 : 3;
  const std::string replay = r.witness ? replayCommand(o.file, *r.witness, k->program, gridLaunch) : "";

  // One violation's fields (verdict, rule, threads, location, accesses, …).
  auto violationJson = [&](const sem::Verdict& claim, const std::optional<sem::Verdict>& replayed,
                           const prove::Witness& w) {
    const WitnessShape shape(k->program, &w);
    // As the text shows it (printProved): the interpreter's verdict when the replay gives one,
    // with its location and message; what the solver found is "found".
    const bool replayShown = replayed && (replayed->kind == claim.kind || replayed->kind != sem::VerdictKind::Ok);
    const sem::Verdict& shown = replayShown ? *replayed : claim;
    json j = report::verdictJson(ir, shown, o.file);
    j["found"] = claim.message;
    if (replayed) {
      json rep = report::verdictJson(ir, *replayed, o.file);
      j["replayed"] = rep;
      if (replayed->kind == sem::VerdictKind::Race) j["accesses"] = rep["accesses"];
    }
    j["threads"] = w.pair;
    return j;
  };
  if (!o.sarif.empty()) {
    // A confirmed witness is replayed once more, recorded, for the code flow.
    std::vector<report::SarifResult> results;
    auto add = [&](const sem::Verdict& claim, const std::optional<sem::Verdict>& replayedVerdict,
                   const prove::Witness& w, bool confirmed, const std::string& note) {
      const WitnessShape shape(k->program, &w);
      const bool replayed = confirmed && replayedVerdict;
      report::TraceRecorder recorder(ir, /*cellIndices=*/true);
      recorder.setGeometry(w.geometry());
      if (replayed) prove::replayWitness(ir, w, prove::replaySteps(w.threads), &recorder);
      const report::Trace trace = recorder.trace();
      results.push_back(report::sarifResult(ir, replayed ? *replayedVerdict : claim, o.file,
                                            replayCommand(o.file, w, k->program, gridLaunch), replayed ? &trace : nullptr,
                                            w.group));
      results.back().verdict["witness"] = witnessJson(w);
      results.back().verdict["confirmed"] = confirmed;
      results.back().note = fmt::format("Found {} ({})", boundText(r, coverage), note);
    };
    if (violation && o.all)
      for (const prove::ProvedViolation& v : r.violations) add(v.claim, v.replayed, v.witness, true, v.replayNote);
    else if (violation)
      add(r.claim, r.replayed, *r.witness, r.confirmed, r.replayNote);
    report::SarifInvocation inv{cl.args(), status, ok ? "ok" : violation ? sem::verdictName(r.claim.kind) : "inconclusive",
                                status == 3 ? r.reason : ""};
    if (!cl.writeOutput("--sarif", o.sarif, report::sarifLog(inv, results).dump(2) + "\n", o.json)) return 2;
  }

  if (o.json) {
    json j;
    if (violation) {
      j = violationJson(r.claim, r.replayed, *r.witness);
    } else {
      j["verdict"] = ok ? "ok" : "inconclusive";
      if (!ok) j["reason"] = r.reason;
      if (!ok && r.witness) {
        const WitnessShape shape(k->program, &*r.witness);
        json spurious = report::verdictJson(ir, r.claim, o.file);
        j["spurious"] = spurious;
      }
    }
    j["bound"] = json{{"threads", coverage && coverage->atLaunch ? fmt::format("{}", r.maxThreads)
                                                                 : fmt::format("1..{}", r.maxThreads)},
                      {"unroll", r.bounded ? json(r.unroll) : json(nullptr)}};
    if (coverage) {
      j["bound"]["mode"] = coverage->atLaunch ? "launch" : "every-size";
      j["bound"]["dimensions"] = coverage->dims;
      j["bound"]["num_groups"] = coverage->numGroups;
      if (coverage->atLaunch) j["bound"]["local_size"] = coverage->localSize;
      j["bound"]["covers"] = coverageText(*coverage, r.maxThreads);
    }
    if (r.witness) {
      j["witness"] = witnessJson(*r.witness);
      j["replay"] = replay;
      j["confirmed"] = r.confirmed;
      j["replay_note"] = r.replayNote;
    }
    if (o.all) {
      if (violation && !r.reason.empty()) j["reason"] = r.reason;  // why the list may be incomplete
      j["violations"] = json::array();
      for (const prove::ProvedViolation& v : r.violations) {
        json x = violationJson(v.claim, v.replayed, v.witness);
        x["witness"] = witnessJson(v.witness);
        x["replay"] = replayCommand(o.file, v.witness, k->program, gridLaunch);
        x["confirmed"] = true;
        x["replay_note"] = v.replayNote;
        j["violations"].push_back(std::move(x));
      }
    }
    j["loops"] = json::array();
    for (const prove::LoopReport& l : r.loops)
      j["loops"].push_back(json{{"line", ir.nodes[l.node].loc.line}, {"col", ir.nodes[l.node].loc.col},
                                {"how", prove::loopHowName(l.how)}, {"iterations", l.iterations},
                                {"invariants", l.invariants}, {"note", l.note}});
    json abs = json::object();
    for (size_t a = 0; a < ir.arrays.size(); ++a) abs[ir.arrays[a].name] = prove::abstractionName(r.abstraction[a]);
    j["abstraction"] = abs;
    j["notes"] = r.notes;
    j["seconds"] = r.seconds;
    j["solver_seconds"] = r.solveSeconds;
    j["queries"] = r.queries;
    j["check_points"] = r.checkPoints;
    std::cout << j.dump() << "\n";
    return status;
  }

  std::ostringstream os;
  bool loops = false;
  for (const sem::Node& n : ir.nodes) loops |= n.kind == sem::NodeKind::While;
  if (coverage)
    os << fmt::format("sdvmc prove {}: two-thread reduction, {}", o.file, coverageText(*coverage, r.maxThreads));
  else
    os << fmt::format("sdvmc prove {}: two-thread reduction, group sizes 1..{}", o.file, r.maxThreads);
  if (loops)
    os << fmt::format(", loops unrolled while they may run, then {}at {} iterations{}",
                      o.loops == "induction" ? "proved by induction or cut " : "cut ", r.unroll,
                      r.unrollGiven ? "" : " (default; --unroll K)");
  os << "\n";
  for (const prove::LoopReport& l : r.loops) {
    const kpl::SourceLoc& at = ir.nodes[l.node].loc;
    os << fmt::format("  loop at {}:{}:{}: ", o.file, at.line, at.col);
    switch (l.how) {
      case prove::LoopReport::How::Unrolled:
        os << fmt::format("unrolled completely ({} iteration{} encoded, no more reachable)\n", l.iterations,
                          l.iterations == 1 ? "" : "s");
        break;
      case prove::LoopReport::How::Induction:
        os << fmt::format("proved by invariant after {} unrolled iteration{}; invariants kept: {}\n", l.iterations,
                          l.iterations == 1 ? "" : "s",
                          l.invariants.empty() ? std::string("none (the loop's footprint is arbitrary)")
                                               : fmt::format("{}", fmt::join(l.invariants, "; ")));
        break;
      case prove::LoopReport::How::Cut:
        os << fmt::format("cut at {} iterations (longer executions not covered){}\n", l.iterations,
                          l.note.empty() ? "" : " (" + l.note + ")");
        break;
    }
  }
  for (size_t a = 0; a < ir.arrays.size(); ++a)
    os << fmt::format("  {}: {} abstraction ({})\n", ir.arrays[a].name, prove::abstractionName(r.abstraction[a]),
                      r.abstractionWhy[a]);
  for (const std::string& n : r.notes) os << "  note: " << n << "\n";
  if (ok) {
    os << "verdict: ok: race- and divergence-free, no assertion, out-of-bounds, division or shift error, "
       << boundText(r, coverage) << "\n";
  } else if (violation && o.all) {
    for (size_t i = 0; i < r.violations.size(); ++i) {
      const prove::ProvedViolation& v = r.violations[i];
      os << fmt::format("{}violation {} of {}:\n", i ? "\n" : "", i + 1, r.violations.size());
      const WitnessShape shape(k->program, &v.witness);
      printProved(os, *source, ir, o.file, v.claim, v.replayed, v.witness,
                  replayCommand(o.file, v.witness, k->program, gridLaunch), v.replayNote, r.bounded, coverage && coverage->atLaunch);
    }
    std::vector<sem::Verdict> verdicts;
    for (const prove::ProvedViolation& v : r.violations) verdicts.push_back(v.replayed);
    os << "\nsummary: " << report::violationCount(verdicts)
       << (r.reason.empty() ? "; no other violation, " + boundText(r, coverage)
                            : "; the list may be incomplete: " + r.reason)
       << "\n";
  } else if (violation) {
    const WitnessShape shape(k->program, &*r.witness);
    printProved(os, *source, ir, o.file, r.claim, r.replayed, *r.witness, replay, r.replayNote, r.bounded, coverage && coverage->atLaunch);
  } else {
    os << "verdict: inconclusive: " << r.reason << "\n";
    if (r.witness) {
      os << fmt::format("unconfirmed witness: {} ({}) at {}:{}:{}: {}\n", sem::verdictName(r.claim.kind),
                        sem::ruleName(r.claim.rule), o.file, r.claim.loc.line, r.claim.loc.col, r.claim.message);
      os << "  configuration: " << witnessText(*r.witness) << "\n";
      os << "  replay: " << replay << "   (" << r.replayNote << ")\n";
    }
  }
  os << fmt::format("  {} check points, {} solver queries, {:.3f} s ({:.3f} s in the solver)\n", r.checkPoints,
                    r.queries, r.seconds, r.solveSeconds);
  std::cout << os.str();
  return status;
}

}  // namespace

int proveEquiv(const ProveOptions& o, const CommandLine& cl);

int proveCommand(const ProveOptions& o, const CommandLine& cl) {
  if (o.abstraction != "auto" && o.abstraction != "adversarial" && o.abstraction != "equality")
    return cl.reject("--abstraction",
                     fmt::format("--abstraction expects adversarial or equality, not '{}'", o.abstraction), o.json);
  if (o.unroll != -1 && (o.unroll < 1 || o.unroll > 100000))
    return cl.reject("--unroll", fmt::format("--unroll expects 1..100000, not {}", o.unroll), o.json);
  if (o.loops != "induction" && o.loops != "unroll")
    return cl.reject("--loops", fmt::format("--loops expects induction or unroll, not '{}'", o.loops), o.json);
  if (o.maxThreads < 1 || o.maxThreads > 2147483647)
    return cl.reject("--max-threads", fmt::format("--max-threads expects 1..2147483647, not {}", o.maxThreads),
                     o.json);
  if (!(o.timeout >= 0) || o.timeout > 4000000)
    return cl.reject("--timeout", fmt::format("--timeout expects seconds >= 0, not {}", o.timeout), o.json);
  if (!cl.outputWritable("--sarif", o.sarif, o.json)) return 2;
  if (!o.equiv.empty()) {
    if (o.all) return cl.reject("--all", "--all does not apply to --equiv (which reports one difference)", o.json);
    if (!o.sarif.empty())
      return cl.reject("--sarif", "--sarif reports violations of one kernel: not with --equiv", o.json);
    if (o.equiv.size() != 2)
      return cl.reject("--equiv", "--equiv expects two kernels: --equiv A B --output ARRAY", o.json);
    if (o.output.empty()) return cl.reject("--equiv", "--equiv needs --output ARRAY", o.json);
    return proveEquiv(o, cl);
  }
  if (!o.output.empty()) return cl.reject("--output", "--output is only meaningful with --equiv A B", o.json);
  if (o.file.empty()) return cl.reject("prove", "prove expects a kernel file (or --equiv A B --output ARRAY)", o.json);
  return proveOne(o, cl);
}

}  // namespace sdvmc::tool

namespace sdvmc::tool {

int proveEquiv(const ProveOptions& o, const CommandLine& cl) {
  // --threads N or A..B: the bounded search only; otherwise every group size.
  const bool everySize = o.equivThreads.empty();
  Range sizes{1, 8};
  if (!everySize) {
    const std::optional<Range> given = BoundsReader(cl, o.json, Values::Range).threads(o.equivThreads, 64);
    if (!given) return 2;
    sizes = *given;
  }
  // With a kernel FILE also given, relative paths after --equiv are taken from FILE's folder
  // (so that a spec can name its partner kernel).
  std::string files[2] = {o.equiv[0], o.equiv[1]};
  if (!o.file.empty()) {
    const std::filesystem::path dir = std::filesystem::path(o.file).parent_path();
    for (std::string& f : files)
      if (std::filesystem::path(f).is_relative() && !dir.empty()) f = (dir / f).string();
  }
  std::unique_ptr<kpl::SourceFile> srcA, srcB;
  std::unique_ptr<Kernel> a = loadKernelOrReport(files[0], o.json, srcA, &o.launch, &cl);
  if (!a) return 2;
  std::unique_ptr<Kernel> b = loadKernelOrReport(files[1], o.json, srcB, &o.launch, &cl);
  if (!b) return 2;
  if (refuseGridBarrier(*srcA, a->ir, "prove --equiv", true, o.json) ||
      refuseGridBarrier(*srcB, b->ir, "prove --equiv", true, o.json) ||
      refuseUnsupported(files[0], *srcA, a->ir, "prove --equiv", {.params = true}, o.json) ||
      refuseUnsupported(files[1], *srcB, b->ir, "prove --equiv", {.params = true}, o.json) ||
      refuseAddr64(*srcA, a->ir, "prove --equiv", o.json) || refuseAddr64(*srcB, b->ir, "prove --equiv", o.json))
    return 2;
  for (int k = 0; k < 2; ++k) {
    const Kernel& kk = k == 0 ? *a : *b;
    if (prove::interGroupLaunch(kk.ir)) {
      kpl::DiagnosticEngine d(k == 0 ? srcA.get() : srcB.get());
      d.error(kpl::SourceLoc{1, 1}, "unsupported: prove --equiv compares one group; this launch has several "
                                    "(give a launch of one group)");
      d.render(std::cerr);
      if (o.json) std::cout << json{{"verdict", "error"}, {"diagnostics", report::diagnosticsJson(d.diagnostics())}}.dump() << "\n";
      return 2;
    }
  }
  prove::ProveOptions po;
  if (o.unroll >= 0) po.unroll = static_cast<uint32_t>(o.unroll);
  po.induction = o.loops == "induction";
  po.timeoutSeconds = o.timeout;
  po.maxThreads = static_cast<uint64_t>(o.maxThreads);
  po.abstraction = o.abstraction;
  prove::EquivResult r = everySize ? prove::proveEquivalentEverySize(a->ir, b->ir, o.output, po)
                                   : prove::proveEquivalent(a->ir, b->ir, o.output, static_cast<uint32_t>(sizes.lo),
                                                            static_cast<uint32_t>(sizes.hi), po);
  if (r.status == prove::EquivResult::Status::Inconclusive && !r.witness && r.reason.rfind("no array", 0) == 0)
    return cl.reject("--output", "--output: " + r.reason, o.json);
  const bool eq = r.status == prove::EquivResult::Status::Equivalent;
  const bool diff = r.status == prove::EquivResult::Status::Different;
  const int status = eq ? 0 : diff ? 1 : 3;
  const std::string bound = fmt::format("{}..{}", r.minThreads, r.maxThreads);
  const sem::Ir* irs[2] = {&a->ir, &b->ir};
  if (o.json) {
    json j{{"verdict", eq ? "equivalent" : diff ? "different" : "inconclusive"},
           {"output", o.output},
           {"method", everySize ? "every-size" : "bounded"},
           {"bound", json{{"threads", bound}, {"unroll", r.bounded ? json(r.unroll) : json(nullptr)}}},
           {"seconds", r.seconds}};
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (everySize) {
      json pre = json::array();
      for (int k = 0; k < 2; ++k) {
        if (!r.preChecked[k]) continue;
        const prove::ProveResult& p = r.pre[k];
        const char* v = p.status == prove::ProveResult::Status::Ok          ? "ok"
                        : p.status == prove::ProveResult::Status::Violation ? sem::verdictName(p.claim.kind)
                                                                            : "inconclusive";
        json e{{"kernel", files[k]}, {"verdict", v}, {"unroll", p.bounded ? json(p.unroll) : json(nullptr)},
               {"seconds", p.seconds}};
        if (p.status != prove::ProveResult::Status::Ok) {
          if (!p.reason.empty()) e["reason"] = p.reason;
          if (p.witness) {
            e["found"] = report::verdictJson(*irs[k], p.replayed && p.confirmed ? *p.replayed : p.claim, files[k]);
            e["witness"] = witnessJson(*p.witness);
            e["confirmed"] = p.confirmed;
            e["replay"] = replayCommand(files[k], *p.witness, k == 0 ? a->program : b->program);
          }
        }
        pre.push_back(std::move(e));
      }
      j["precondition"] = std::move(pre);
      if (r.preFailed >= 0) j["precondition_failed"] = files[r.preFailed];
      j["bounded_search"] = r.boundedUpTo ? json(fmt::format("1..{}", r.boundedUpTo)) : json(nullptr);
      j["found_by"] = !r.witness ? json(nullptr) : json(r.foundBounded ? "bounded" : "every-size");
      j["snapshots"] = json::array({r.snapshots[0], r.snapshots[1]});
      j["axioms"] = r.axioms;
      j["instances"] = r.instances;
      j["solved_by"] = r.method.empty() ? json(nullptr) : json(r.method);
      j["solver_seconds"] = r.solveSeconds;
      j["queries"] = r.queries;
      j["notes"] = r.notes;
    }
    if (r.witness) {
      j["witness"] = witnessJson(*r.witness);
      j["cell"] = r.cell;
      j["values"] = json::array({r.valueA, r.valueB});
      j["replay"] = json::array({replayCommand(files[0], *r.witness, a->program), replayCommand(files[1], *r.witness, b->program)});
      j["confirmed"] = r.confirmed;
      j["replay_note"] = r.replayNote;
    }
    std::cout << j.dump() << "\n";
    return status;
  }
  std::ostringstream os;
  const std::string loopBound = r.bounded ? fmt::format(", loops unrolled at most {} times (longer executions "
                                                        "not covered)", r.unroll)
                                          : "";
  if (everySize) {
    os << fmt::format("sdvmc prove --equiv {} {} --output {}: every group size 1..{}, one generic thread per "
                      "kernel, memory per barrier interval\n",
                      files[0], files[1], o.output, r.maxThreads);
    for (int k = 0; k < 2; ++k) {
      if (!r.preChecked[k]) continue;
      const prove::ProveResult& p = r.pre[k];
      os << fmt::format("  precondition, {}: {}\n", files[k],
                        p.status == prove::ProveResult::Status::Ok
                            ? std::string("race- and divergence-free, no errors") +
                                  (p.bounded ? fmt::format(" (loops unrolled {} times)", p.unroll) : "")
                        : p.status == prove::ProveResult::Status::Violation
                            ? fmt::format("{}: {} ({})", sem::verdictName(p.claim.kind), p.claim.message, p.replayNote)
                            : "inconclusive: " + p.reason);
      if (p.status != prove::ProveResult::Status::Ok && p.witness)
        os << "    replay: " << replayCommand(files[k], *p.witness, k == 0 ? a->program : b->program) << "\n";
    }
    for (const std::string& n : r.notes) os << "  note: " << n << "\n";
  } else {
    os << fmt::format("sdvmc prove --equiv {} {} --output {}: whole groups of {} threads, exact memory, every input\n",
                      files[0], files[1], o.output, bound);
  }
  if (eq && everySize)
    os << fmt::format("verdict: equivalent: the final {} is the same in both kernels for every group size 1..{}, "
                      "every input and group id{}\n",
                      o.output, r.maxThreads, loopBound);
  else if (eq)
    os << fmt::format("verdict: equivalent: the final {} is the same in both kernels for group sizes {} and every "
                      "input and group id{} (executions where a kernel reaches an error are not compared; larger "
                      "groups are not covered)\n",
                      o.output, bound, r.bounded ? fmt::format(", loops unrolled {} times", r.unroll) : "");
  else if (diff)
    os << fmt::format("verdict: different: {}[{}] ends {} in {} and {} in {}{}\n", o.output, r.cell, r.valueA,
                      files[0], r.valueB, files[1],
                      everySize ? (r.foundBounded ? " (smallest group size, bounded search)"
                                                  : " (found for every group size; smallest group size found)")
                                : "");
  else
    os << "verdict: inconclusive: " << r.reason << "\n";
  if (r.witness) {
    os << "witness: " << fmt::format("{} threads, group {}", r.witness->threads, r.witness->group);
    for (const auto& [name, value] : r.witness->params) os << fmt::format(", {} = {}", name, value);
    for (const auto& [arr, cells] : r.witness->init)
      for (const auto& [index, value] : cells) os << fmt::format(", {}[{}] = {}", arr, index, value);
    os << "\n  " << replayCommand(files[0], *r.witness, a->program) << "\n  "
       << replayCommand(files[1], *r.witness, b->program) << "\n  (" << r.replayNote << ")\n";
  }
  if (everySize)
    os << fmt::format("  {} + {} barrier instances, {} quantified formulas, {} ground formulas, {} solver queries{}, "
                      "{:.3f} s ({:.3f} s in the parameterized solver)\n",
                      r.snapshots[0], r.snapshots[1], r.axioms, r.instances, r.queries,
                      r.method.empty() ? ""
                      : fmt::format(" ({} the {})", eq || diff ? "decided with" : "last tried", r.method), r.seconds, r.solveSeconds);
  else
    os << fmt::format("  {:.3f} s\n", r.seconds);
  std::cout << os.str();
  return status;
}

}  // namespace sdvmc::tool
