// The crosscheck harness (see Harness.h).
#include "crosscheck/Harness.h"

#include "crosscheck/Oracle.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace sdvmc::crosscheck {

using nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

bool has(const std::vector<std::string>& args, const char* name) {
  const std::string n = name;
  for (const std::string& a : args)
    if (a == n || a.rfind(n + "=", 0) == 0) return true;
  return false;
}

/// The --benign-writes mode among a spec case's words: "", "sdv" or the value given.
std::string benignMode(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--benign-writes") return "sdv";
    if (a.rfind("--benign-writes=", 0) == 0) return a.substr(16);
  }
  return "";
}

std::string oneLine(std::string s, size_t max = 400) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char& c : s)
    if (c == '\n') c = ' ';
  if (s.size() > max) s = s.substr(0, max) + "…";
  return s;
}

}  // namespace

void interpret(const support::ProcessResult& r, SdvmcResult& s, double limit) {
  s.commands.push_back(r.command);
  s.exit = r.status;
  s.verdict = nullptr;
  if (!r.out.empty()) {
    try {
      s.verdict = json::parse(r.out.substr(0, r.out.find('\n')));
    } catch (const json::exception&) {
    }
  }
  if (r.timedOut) {
    s.status = "timeout";
    s.kind = "timeout";
    s.diagnostic = fmt::format("killed after {:.0f} s (--timeout)", limit);
    return;
  }
  switch (r.status) {
    case 0:
      s.status = "ok";
      s.kind = s.verdict.is_object() ? s.verdict.value("verdict", "ok") : "ok";
      return;
    case 1:
      s.status = "violation";
      s.kind = s.verdict.is_object() ? s.verdict.value("verdict", "violation") : "violation";
      return;
    case 2: {
      s.status = "rejected";
      s.kind = "error";
      // The first diagnostic, as file:line:col: error: message.
      if (s.verdict.is_object() && s.verdict.contains("diagnostics") && !s.verdict["diagnostics"].empty()) {
        const json& d = s.verdict["diagnostics"][0];
        s.diagnostic = fmt::format("{}:{}:{}: {}: {}", d.value("file", "?"), d.value("line", 0), d.value("col", 0),
                                   d.value("severity", "error"), d.value("message", ""));
      } else {
        std::istringstream err(r.err);
        for (std::string line; std::getline(err, line);)
          if (line.find("error:") != std::string::npos) {
            s.diagnostic = line;
            break;
          }
        if (s.diagnostic.empty()) s.diagnostic = oneLine(r.err);
      }
      return;
    }
    case 3:
      s.status = "timeout";
      s.kind = "inconclusive";
      s.diagnostic = "inconclusive: " + (s.verdict.is_object() ? s.verdict.value("limit", std::string("a limit was reached"))
                                                                : std::string("a limit was reached"));
      return;
    default:
      s.status = "crash";
      s.kind = "crash";
      s.diagnostic = fmt::format("sdvmc exited with status {}: {}", r.status, oneLine(r.err));
  }
}

namespace {

/// The witness's concrete inputs (check's `witness`), for the oracle.
void inputsFromWitness(const json& v, SdvmcResult& s) {
  if (!v.is_object() || !v.contains("witness")) return;
  const json& w = v["witness"];
  if (w.contains("params") && w["params"].is_object())
    for (const auto& [name, value] : w["params"].items())
      if (value.is_number_integer()) s.params[name] = value.get<int64_t>();
  if (w.contains("init") && w["init"].is_object())
    for (const auto& [name, cells] : w["init"].items())
      for (const json& c : cells)
        if (c.is_array() && c.size() == 2 && c[0].is_number_integer() && c[1].is_number_integer())
          s.init[name][c[0].get<int64_t>()] = c[1].get<int64_t>();
}

/// The low end of each parameter's range in check's bounds: the inputs of the concrete
/// runs when check finds nothing.
void inputsFromBounds(const json& v, SdvmcResult& s) {
  if (!v.is_object() || !v.contains("bounds") || !v["bounds"].contains("params")) return;
  for (const auto& [name, r] : v["bounds"]["params"].items())
    if (r.is_array() && !r.empty() && r[0].is_number_integer()) s.params[name] = r[0].get<int64_t>();
}

/// `--param NAME=V` and `--init NAME=v,…` / `--init NAME[i]=v,…` of a spec case.
void inputsFromArgs(const std::vector<std::string>& args, SdvmcResult& s) {
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    const std::string& a = args[i + 1];
    const size_t eq = a.find('=');
    if (eq == std::string::npos) continue;
    if (args[i] == "--param") {
      try {
        s.params[a.substr(0, eq)] = std::stoll(a.substr(eq + 1), nullptr, 0);
      } catch (...) {
      }
    } else if (args[i] == "--init") {
      std::string name = a.substr(0, eq);
      int64_t first = 0;
      if (const size_t lb = name.find('['); lb != std::string::npos) {
        try {
          first = std::stoll(name.substr(lb + 1), nullptr, 0);
        } catch (...) {
        }
        name.resize(lb);
      }
      std::istringstream values(a.substr(eq + 1));
      int64_t index = first;
      for (std::string v; std::getline(values, v, ',');) {
        try {
          s.init[name][index] = std::stoll(v, nullptr, 0);
        } catch (...) {
        }
        ++index;
      }
    }
  }
}

/// What check's bounds cover, in words.
/// `benign`: "" (SDV's rule), "sdv" (equal writes tolerated) or "gpuverify".
std::string checkExplored(const json& v, const std::string& benign) {
  if (!v.is_object() || !v.contains("bounds")) return "";
  const json& b = v["bounds"];
  std::string out = "check: every arbitrary input value in " +
                    fmt::format("{}..{}", b["domain"][0].dump(), b["domain"][1].dump());
  if (b.contains("params") && b["params"].is_object())
    for (const auto& [name, r] : b["params"].items())
      out += fmt::format(", {} in {}..{}", name, r[0].dump(), r[1].dump());
  const json& g = b["groups"];
  if (g.size() > 1)
    out += fmt::format(", each of groups {}..{} on its own", g.front().dump(), g.back().dump());
  else if (g.size() == 1)
    out += fmt::format(", group {}", g.front().dump());
  if (b.contains("threads") && b["threads"].size() == 1) out += fmt::format(" ({} threads)", b["threads"][0].dump());
  if (benign == "sdv") out += "; benign write-write races tolerated";
  if (benign == "gpuverify")
    out += "; benign races tolerated (GPUVerify's rule: equal writes, and a write leaving its cell unchanged against reads)";
  return out;
}

std::string runExplored(const std::vector<std::string>& args) {
  std::string inputs;
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--param" || args[i] == "--init") inputs += (inputs.empty() ? "" : ", ") + args[i + 1];
  return "run: one concrete execution" + std::string(has(args, "--group") ? " of one group" : "") + " with " +
         (inputs.empty() ? "every arbitrary value 0" : inputs + ", other arbitrary values 0");
}

bool matches(const std::string& expected, const std::string& kind) {
  if (expected == "violation") return true;
  if (expected == "null") return kind == "assertion";  // sdvmc reports a null dereference as an assertion
  return expected == kind;
}

}  // namespace

void classify(Outcome& o) {
  const Entry& e = o.entry;
  const SdvmcResult& s = o.sdvmc;
  const std::string expected = [&] {
    std::string t;
    for (const std::string& k : e.expected.kinds) t += (t.empty() ? "" : " or ") + k;
    return t;
  }();
  if (e.format == Format::Spec) {
    if (s.exit == e.expected.exit && !(s.status == "timeout" && s.exit != 3) &&
        (e.expected.verdict.empty() || s.kind == e.expected.verdict)) {
      o.cls = "agree";
      o.reason = fmt::format("exit {}{}", s.exit, e.expected.verdict.empty() ? "" : ", verdict " + s.kind);
      return;
    }
  }
  if (s.status == "timeout") {
    o.cls = "timeout";
    o.reason = s.exit == 3 ? "sdvmc reached a limit (check's --max-seconds, just under --timeout) before a verdict: exit 3"
                           : "sdvmc was killed at the --timeout";
    return;
  }
  if (s.status == "crash") {
    o.cls = "disagree";
    o.reason = s.diagnostic;
    return;
  }
  const bool rejectExpected = std::find(e.expected.kinds.begin(), e.expected.kinds.end(), "reject") != e.expected.kinds.end();
  if (s.status == "rejected") {
    if (rejectExpected && e.format == Format::GpuVerify) {
      o.cls = "not-comparable";
      o.reason = fmt::format("GPUVerify's expectation is a tool error ({}), not a verdict; sdvmc rejects the kernel "
                             "too: {}",
                             e.expected.text, s.diagnostic);
    } else if (rejectExpected) {
      o.cls = "agree";
      o.reason = "rejected as expected: " + s.diagnostic;
    } else {
      o.cls = "unsupported";
      o.reason = "sdvmc rejects a kernel expected to be accepted (its diagnostic above)";
    }
    return;
  }
  if (e.format == Format::Spec) {
    o.cls = "disagree";
    o.reason = fmt::format("expected exit {}{}, sdvmc exits {} with verdict {}", e.expected.exit,
                           e.expected.verdict.empty() ? "" : " and verdict " + e.expected.verdict, s.exit, s.kind);
    return;
  }
  if (rejectExpected) {
    o.cls = "not-comparable";
    o.reason = fmt::format("GPUVerify's expectation is a tool error ({}), not a verdict; sdvmc accepts the kernel: {}",
                           e.expected.text, s.kind);
    return;
  }
  // Violations GPUVerify does not look for by default: sdvmc found more.
  const bool beyond = s.kind == "division-by-zero" || s.kind == "shift-out-of-range" ||
                      s.kind == "integer-overflow" || (s.kind == "out-of-bounds" && !e.checkArrayBounds);
  if (s.status == "violation" && beyond &&
      std::find(e.expected.kinds.begin(), e.expected.kinds.end(), s.kind) == e.expected.kinds.end()) {
    o.cls = "beyond";
    o.reason = fmt::format("sdvmc reports {}, which GPUVerify does not check{} ({} expected); the replay shows it",
                           s.kind, s.kind == "out-of-bounds" ? " without --check-array-bounds" : "", expected);
    return;
  }
  const bool passExpected = e.expected.kinds == std::vector<std::string>{"pass"};
  if (passExpected) {
    o.cls = s.status == "ok" ? "agree" : "disagree";
    o.reason = s.status == "ok" ? "no violation expected, none found in the explored inputs"
                                : "no violation expected; sdvmc reports " + s.kind;
    return;
  }
  if (s.status == "ok") {
    o.cls = "disagree";
    o.reason = fmt::format("{} expected; sdvmc finds no violation in the explored inputs", expected);
    return;
  }
  for (const std::string& k : e.expected.kinds)
    if (matches(k, s.kind)) {
      o.cls = "agree";
      o.reason = k == s.kind ? s.kind + " as expected"
                             : fmt::format("{} expected, sdvmc reports {}{}", k, s.kind,
                                           k == "null" ? " (sdvmc reports a null dereference as an assertion)" : "");
      return;
    }
  o.cls = "disagree";
  o.reason = fmt::format("{} expected; sdvmc reports {}", expected, s.kind);
}

void oracleAgreement(Outcome& o) {
  OracleResult& r = o.oracle;
  const auto& kinds = o.entry.expected.kinds;
  auto wants = [&](const char* k) { return std::find(kinds.begin(), kinds.end(), k) != kinds.end(); };
  if (wants("reject")) {
    // GPUVerify's xfail:CODE says the kernel is not valid (its front end fails), which
    // Oclgrind's compiler can confirm; a spec case's exit 2 is about sdvmc only.
    if (o.entry.format == Format::GpuVerify && (r.buildFailed || r.ran)) r.agrees = r.buildFailed;
    return;
  }
  if (!r.ran) return;
  const bool invalidWanted = wants("out-of-bounds") || wants("null");
  if (wants("violation"))
    r.agrees = r.race || r.divergence || r.invalid;
  else if (wants("race") || wants("divergence") || invalidWanted)
    r.agrees = (wants("race") && r.race) || (wants("divergence") && r.divergence) || (invalidWanted && r.invalid);
  else if (wants("pass"))
    r.agrees = !r.race && !r.divergence && !r.invalid;
}

namespace {

/// check's own --max-seconds: a little under the timeout, so that check stops itself and
/// says what it covered before the deadline kills it.
std::string checkSeconds(double timeout) {
  return fmt::format("{:.1f}", std::max(0.1, timeout - std::max(0.5, 0.1 * timeout)));
}

/// Whether `prove` can be asked a GPUVerify-format kernel's question: every flag it was
/// given means the same to prove (the launch, the frontend's options, --only-intra-group).
/// Fixed scalar arguments, warps in lock step, races left unchecked or checked on some
/// arrays only are check's and run's options, not prove's.
bool proveFits(const Entry& e) {
  for (const char* f : {"--kernel-args", "--model", "--only-divergence", "--check-arrays"})
    if (has(e.args, f)) return false;
  return true;
}

/// The `run` of a confirmed prove witness at the entry's launch (prove answers at the
/// launch, so the witness's geometry is the launch's), with the witness's inputs.
std::vector<std::string> witnessRun(const Entry& e, const HarnessOptions& opts, const json& w) {
  std::vector<std::string> run = {opts.sdvmc, "run", e.path};
  run.insert(run.end(), e.args.begin(), e.args.end());
  if (w.contains("pair_groups") && w["pair_groups"].size() == 2 && w["pair_groups"][0] == w["pair_groups"][1])
    run.insert(run.end(), {"--group", w["pair_groups"][0].dump()});
  if (w.contains("params") && w["params"].is_object())
    for (const auto& [name, value] : w["params"].items()) run.insert(run.end(), {"--param", name + "=" + value.dump()});
  if (w.contains("init") && w["init"].is_object())
    for (const auto& [name, cells] : w["init"].items())
      for (const json& c : cells)
        if (c.is_array() && c.size() == 2)
          run.insert(run.end(), {"--init", fmt::format("{}[{}]={}", name, c[0].dump(), c[1].dump())});
  return run;
}

}  // namespace

namespace {

/// prove first, for a GPUVerify-format kernel: a proof (no loop cut) or a confirmed
/// witness decides it, with `s` set to prove's result (phase "prove"); a confirmed race
/// under GPUVerify's benign tolerance decides only when the witness's run with that
/// tolerance still reports a violation (phase "prove, run"). Otherwise false, with
/// s.explored saying why prove did not decide (and s.commands what ran), and `dfs` set when
/// check had better search depth first (prove's race was tolerated in its witness: races
/// the benign rule does not tolerate then need other inputs, which breadth-first search
/// reaches only after every input of the levels above). prove gets at most half of the
/// kernel's time. A confirmed violation GPUVerify does not look for (class beyond) goes to
/// `beyond` (status set), for when check finds nothing.
template <typename Deadline, typename Sdvmc>
bool decideByProve(const Entry& e, const HarnessOptions& opts, Deadline deadline, Sdvmc&& sdvmc,
                   SdvmcResult& s, bool& dfs, SdvmcResult& beyond) {
  if (!proveFits(e)) return false;
  const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
  const double share = std::max(0.05, left / 2);
  std::vector<std::string> argv = {opts.sdvmc, "prove", e.path};
  argv.insert(argv.end(), e.args.begin(), e.args.end());
  if (!e.interGroup) argv.push_back("--only-intra-group");
  argv.insert(argv.end(), {"--json", "--timeout", fmt::format("{:.1f}", share)});
  support::ProcessOptions po;
  po.seconds = share;
  SdvmcResult p;
  interpret(support::runProcess(argv, po), p, share);
  s.commands = p.commands;
  const json& v = p.verdict;
  const std::string covers =
      v.is_object() && v.contains("bound") ? v["bound"].value("covers", std::string("the launch")) : "the launch";
  const bool benign = e.benignWrites && !e.warpSync;
  if (p.status == "ok" && v.is_object() && v["bound"].value("unroll", json(nullptr)).is_null()) {
    s = p;
    s.phase = "prove";
    s.explored = "prove: every input, " + covers + " (a proof)";
    return true;
  }
  if (p.status == "violation" && v.is_object() && v.value("confirmed", false) && v.contains("witness")) {
    const bool notGpuVerifys = p.kind == "division-by-zero" || p.kind == "shift-out-of-range" ||
                               p.kind == "integer-overflow" || (p.kind == "out-of-bounds" && !e.checkArrayBounds);
    if (notGpuVerifys) {
      // GPUVerify does not look for it, so it says nothing of GPUVerify's verdict: check
      // answers that; prove's finding stands if check finds nothing.
      beyond = p;
      beyond.phase = "prove";
      beyond.explored = "prove: every input, " + covers + "; the witness confirmed by sdvmc run";
      inputsFromWitness(v, beyond);
      s.explored = fmt::format("prove: {} (which GPUVerify does not look for), so check decides", p.kind);
      return false;
    }
    if (p.kind != "race" || !benign) {
      s = p;
      s.phase = "prove";
      s.explored = "prove: every input, " + covers + "; the witness confirmed by sdvmc run";
      inputsFromWitness(v, s);
      return true;
    }
    // The race may be one GPUVerify tolerates: run the witness with its rule.
    std::vector<std::string> run = witnessRun(e, opts, v["witness"]);
    run.insert(run.end(), {"--benign-writes=gpuverify", "--json"});
    SdvmcResult r;
    r.commands = s.commands;
    interpret(sdvmc(run), r, opts.timeout);
    if (r.status == "violation") {
      s = r;
      s.phase = "prove, run";
      s.explored = "prove: every input, " + covers + "; its witness run with benign races tolerated (GPUVerify's rule)";
      inputsFromWitness(v, s);
      return true;
    }
    s.commands = r.commands;
    s.explored = "prove: a race whose witness GPUVerify's benign rule tolerates, so check decides (depth first: "
                 "a racing execution is likely deep)";
    dfs = true;
    return false;
  }
  if (p.status == "rejected") {
    s.explored = "prove: not encodable (" + p.diagnostic + "), so check decides";
  } else if (p.status == "ok") {
    s.explored = "prove: ok with loops cut (not a proof), so check decides";
  } else if (p.status == "timeout" && p.kind == "timeout") {
    s.explored = fmt::format("prove: no answer in {:.1f} s, so check decides", share);
  } else {
    s.explored = "prove: inconclusive" +
                 (v.is_object() && v.contains("reason") ? " (" + v["reason"].get<std::string>() + ")" : std::string()) +
                 ", so check decides";
  }
  return false;
}

}  // namespace

Outcome crosscheckOne(const Entry& e, const HarnessOptions& opts, const std::string& tmp) {
  Outcome o;
  o.entry = e;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(opts.timeout);
  // One sdvmc subprocess, within what is left of the kernel's time.
  auto sdvmc = [&](const std::vector<std::string>& argv) {
    support::ProcessOptions po;
    po.seconds = std::max(0.05, std::chrono::duration<double>(deadline - Clock::now()).count());
    return support::runProcess(argv, po);
  };
  SdvmcResult& s = o.sdvmc;
  SdvmcResult proveBeyond;  // GPUVerify-format: prove's finding GPUVerify does not look for

  if (e.format == Format::Spec) {
    std::vector<std::string> argv = {opts.sdvmc, e.subcommand};
    argv.insert(argv.end(), e.args.begin(), e.args.end());
    if (e.subcommand == "check") {
      if (!has(e.args, "--jobs")) argv.insert(argv.end(), {"--jobs", "1"});
      if (!has(e.args, "--progress")) argv.push_back("--no-progress");
      if (!has(e.args, "--max-seconds"))
        argv.insert(argv.end(), {"--max-seconds", checkSeconds(opts.timeout)});
    }
    argv.insert(argv.end(), {"--json", e.path});
    interpret(sdvmc(argv), s, opts.timeout);
    s.phase = e.subcommand;
    s.explored = e.subcommand == "check" ? checkExplored(s.verdict, benignMode(e.args)) : runExplored(e.args);
    if (s.status == "violation" && s.verdict.is_object() && s.verdict.contains("witness")) {
      inputsFromWitness(s.verdict, s);
    } else {
      if (e.subcommand == "check") inputsFromBounds(s.verdict, s);
      inputsFromArgs(e.args, s);
    }
  } else if (bool dfs = false; decideByProve(e, opts, deadline, sdvmc, s, dfs, proveBeyond)) {
    // prove answered GPUVerify's question (every input at the launch).
  } else {
    const std::string proveNote = s.explored;  // why prove did not decide, if it ran
    const std::vector<std::string> proveCommands = s.commands;
    s = SdvmcResult{};
    s.commands = proveCommands;
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    std::vector<std::string> argv = {opts.sdvmc, "check", e.path};
    argv.insert(argv.end(), e.args.begin(), e.args.end());
    argv.insert(argv.end(), {"--domain", opts.domain});
    if (e.benignWrites && !e.warpSync) argv.push_back("--benign-writes=gpuverify");
    argv.insert(argv.end(), {"--json", "--jobs", "1", "--no-progress", "--max-seconds", checkSeconds(left)});
    if (dfs) argv.push_back("--dfs");
    interpret(sdvmc(argv), s, opts.timeout);
    s.phase = "check";
    s.explored = checkExplored(s.verdict, e.benignWrites && !e.warpSync ? "gpuverify" : "");
    if (!proveNote.empty()) s.explored = proveNote + "; " + s.explored;
    if (s.status == "violation") inputsFromWitness(s.verdict, s);
    else inputsFromBounds(s.verdict, s);
    const json checkVerdict = s.verdict;
    const size_t groups = checkVerdict.is_object() && checkVerdict.contains("bounds")
                              ? checkVerdict["bounds"]["groups"].size()
                              : 1;
    if (s.status == "ok" && groups > 1 && !e.interGroup) {
      s.explored += "; inter-group races not checked (--only-intra-group)";
    } else if (s.status == "ok" && groups > 1) {
      // The whole launch, for races between groups: parameters at the low end of their
      // range, then at the high end; memory 0.
      std::vector<std::vector<std::string>> inputs(1);
      std::vector<std::string> high;
      bool differs = false;
      if (checkVerdict["bounds"].contains("params"))
        for (const auto& [name, r] : checkVerdict["bounds"]["params"].items()) {
          inputs[0].push_back(fmt::format("{}={}", name, r[0].dump()));
          high.push_back(fmt::format("{}={}", name, r[1].dump()));
          differs |= r[0] != r[1];
        }
      if (differs) inputs.push_back(high);
      std::string described;
      for (const auto& in : inputs) {
        std::string words;
        for (const std::string& p : in) words += (words.empty() ? "" : ", ") + p;
        described += (described.empty() ? "" : "; then ") + (words.empty() ? std::string("no parameters") : words);
      }
      s.explored += fmt::format("; inter-group: run of the whole launch ({} groups) with memory 0 and {}", groups,
                                described);
      if (e.benignWrites && !e.warpSync) s.explored += ", benign races tolerated";
      for (const auto& in : inputs) {
        std::vector<std::string> run = {opts.sdvmc, "run", e.path};
        run.insert(run.end(), e.args.begin(), e.args.end());
        if (e.benignWrites && !e.warpSync) run.push_back("--benign-writes=gpuverify");
        for (const std::string& p : in) run.insert(run.end(), {"--param", p});
        run.push_back("--json");
        SdvmcResult r;
        r.commands = s.commands;
        interpret(sdvmc(run), r, opts.timeout);
        if (r.status == "ok") {
          s.commands = r.commands;
          continue;
        }
        r.phase = "run (inter-group)";
        r.explored = s.explored;
        for (const std::string& p : in) {
          const size_t eq = p.find('=');
          r.params[p.substr(0, eq)] = std::stoll(p.substr(eq + 1));
        }
        s = r;
        break;
      }
    }
  }

  // A proof names no inputs; Oclgrind runs the kernel with the low end of each parameter's
  // range (what __requires allows), as after check: check's bounds, without exploring.
  if (s.phase == "prove" && s.status == "ok" && opts.oracle == "oclgrind" && e.language == "opencl") {
    std::vector<std::string> argv = {opts.sdvmc, "check", e.path};
    argv.insert(argv.end(), e.args.begin(), e.args.end());
    argv.insert(argv.end(), {"--domain", opts.domain, "--max-states", "1", "--json", "--no-progress"});
    SdvmcResult b;
    interpret(sdvmc(argv), b, opts.timeout);
    inputsFromBounds(b.verdict, s);
  }

  if (!proveBeyond.status.empty() && s.status == "ok") {
    const std::vector<std::string> ran = s.commands;
    const std::string checked = s.explored;
    s = proveBeyond;
    s.commands = ran;
    s.explored += "; check found nothing (" + checked + ")";
  }

  if (opts.oracle == "oclgrind" && e.language == "opencl" && has(e.args, "--group")) {
    o.entry.notes.push_back("oclgrind not run: the case runs one group (--group), Oclgrind runs the whole launch");
  } else if (opts.oracle == "oclgrind" && e.language == "opencl" && !e.oracleUnfit.empty()) {
    o.entry.notes.push_back("oclgrind not run: " + e.oracleUnfit);
  } else if (opts.oracle == "oclgrind" && e.language == "opencl") {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    const fs::path dir = tmp;
    std::error_code ec;
    fs::create_directories(dir, ec);
    const bool benign = e.format == Format::GpuVerify ? e.benignWrites : has(e.args, "--benign-writes");
    if (left < 0.5) {
      o.oracle.requested = true;
      o.oracle.error = "timeout: no time left for oclgrind-kernel";
    } else {
      o.oracle = runOclgrind(e, s, benign, dir.string(), left);
    }
    fs::remove_all(dir, ec);
    oracleAgreement(o);
  }
  o.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  classify(o);
  return o;
}

bool crosscheckAll(const std::vector<Entry>& entries, const HarnessOptions& options, std::vector<Outcome>& outcomes,
                   const Progress& progress, std::string& error) {
  std::string tmp;
  if (options.oracle == "oclgrind") {
    std::string tmpl = (fs::temp_directory_path() / "sdvmc-crosscheck-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
      error = "cannot make a temporary directory";
      return false;
    }
    tmp = tmpl;
  }
  outcomes.assign(entries.size(), Outcome{});
  std::atomic<size_t> next{0}, done{0};
  std::mutex progressMutex;
  auto worker = [&] {
    for (size_t i; (i = next++) < entries.size();) {
      outcomes[i] = crosscheckOne(entries[i], options, tmp.empty() ? "" : (fs::path(tmp) / fmt::format("k{}", i)).string());
      const size_t d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progressMutex);
        progress(d, entries[i]);
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < std::min<size_t>(std::max(1u, options.jobs), entries.size()); ++j) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  if (!tmp.empty()) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
  }
  return true;
}

}  // namespace sdvmc::crosscheck
