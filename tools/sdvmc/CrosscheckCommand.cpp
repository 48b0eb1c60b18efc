// `sdvmc crosscheck DIR` (see CrosscheckCommand.h).
#include "tools/sdvmc/CrosscheckCommand.h"

#include "support/Numbers.h"
#include "support/Process.h"
#include "tools/sdvmc/Crosscheck.h"
#include "tools/sdvmc/CrosscheckCorpus.h"
#include "tools/sdvmc/CrosscheckOracle.h"
#include "tools/sdvmc/CrosscheckReport.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

using namespace crosscheck;
using nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

bool has(const std::vector<std::string>& args, const char* name) {
  const std::string n = name;
  for (const std::string& a : args)
    if (a == n || a.rfind(n + "=", 0) == 0) return true;
  return false;
}

std::string oneLine(std::string s, size_t max = 400) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char& c : s)
    if (c == '\n') c = ' ';
  if (s.size() > max) s = s.substr(0, max) + "…";
  return s;
}

/// Reads one sdvmc subprocess into `s` (status, exit, kind, verdict, diagnostic).
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
std::string checkExplored(const json& v, bool benign) {
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
  if (benign) out += "; benign write-write races tolerated";
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
    if (rejectExpected) {
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
    o.cls = "disagree";
    o.reason = fmt::format("GPUVerify's front end rejects the kernel ({}); sdvmc accepts it: {}", e.expected.text, s.kind);
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

/// check's own --max-seconds: a little under the timeout, so that check stops itself and
/// says what it covered before the deadline kills it.
std::string checkSeconds(double timeout) {
  return fmt::format("{:.1f}", std::max(0.1, timeout - std::max(0.5, 0.1 * timeout)));
}

struct Context {
  const CrosscheckOptions& opts;
  std::string self;
  std::string tmp;  ///< the oracle's temporary root
};

Outcome crosscheckOne(const Entry& e, const Context& cx, size_t index) {
  Outcome o;
  o.entry = e;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(cx.opts.timeout);
  // One sdvmc subprocess, within what is left of the kernel's time.
  auto sdvmc = [&](const std::vector<std::string>& argv) {
    support::ProcessOptions po;
    po.seconds = std::max(0.05, std::chrono::duration<double>(deadline - Clock::now()).count());
    return support::runProcess(argv, po);
  };
  SdvmcResult& s = o.sdvmc;

  if (e.format == Format::Spec) {
    std::vector<std::string> argv = {cx.self, e.subcommand};
    argv.insert(argv.end(), e.args.begin(), e.args.end());
    if (e.subcommand == "check") {
      if (!has(e.args, "--jobs")) argv.insert(argv.end(), {"--jobs", "1"});
      if (!has(e.args, "--progress")) argv.push_back("--no-progress");
      if (!has(e.args, "--max-seconds"))
        argv.insert(argv.end(), {"--max-seconds", checkSeconds(cx.opts.timeout)});
    }
    argv.insert(argv.end(), {"--json", e.path});
    interpret(sdvmc(argv), s, cx.opts.timeout);
    s.phase = e.subcommand;
    s.explored = e.subcommand == "check" ? checkExplored(s.verdict, has(e.args, "--benign-writes")) : runExplored(e.args);
    if (s.status == "violation" && s.verdict.is_object() && s.verdict.contains("witness")) {
      inputsFromWitness(s.verdict, s);
    } else {
      if (e.subcommand == "check") inputsFromBounds(s.verdict, s);
      inputsFromArgs(e.args, s);
    }
  } else {
    std::vector<std::string> argv = {cx.self, "check", e.path};
    argv.insert(argv.end(), e.args.begin(), e.args.end());
    argv.insert(argv.end(), {"--domain", cx.opts.domain});
    if (e.benignWrites) argv.push_back("--benign-writes");
    argv.insert(argv.end(), {"--json", "--jobs", "1", "--no-progress", "--max-seconds",
                             checkSeconds(cx.opts.timeout)});
    interpret(sdvmc(argv), s, cx.opts.timeout);
    s.phase = "check";
    s.explored = checkExplored(s.verdict, e.benignWrites);
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
      if (e.benignWrites) s.explored += ", benign writes tolerated";
      for (const auto& in : inputs) {
        std::vector<std::string> run = {cx.self, "run", e.path};
        run.insert(run.end(), e.args.begin(), e.args.end());
        if (e.benignWrites) run.push_back("--benign-writes");
        for (const std::string& p : in) run.insert(run.end(), {"--param", p});
        run.push_back("--json");
        SdvmcResult r;
        r.commands = s.commands;
        interpret(sdvmc(run), r, cx.opts.timeout);
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

  if (cx.opts.oracle == "oclgrind" && e.language == "opencl" && has(e.args, "--group")) {
    o.entry.notes.push_back("oclgrind not run: the case runs one group (--group), Oclgrind runs the whole launch");
  } else if (cx.opts.oracle == "oclgrind" && e.language == "opencl") {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    const fs::path dir = fs::path(cx.tmp) / fmt::format("k{}", index);
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

std::string extensionOf(const std::string& file) {
  std::string ext = fs::path(file).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

int crosscheckCommand(const CrosscheckOptions& o, const CommandLine& cl) {
  int64_t lo = 0, hi = 0;
  if (!support::parseRange(o.domain, INT32_MIN, INT32_MAX, lo, hi) || hi - lo > 65535)
    return cl.reject("--domain", fmt::format("--domain expects LO..HI (32-bit, at most 65536 values), not '{}'", o.domain), o.json);
  if (!(o.timeout > 0) || !std::isfinite(o.timeout))
    return cl.reject("--timeout", "--timeout expects a positive number of seconds", o.json);
  if (!o.oracle.empty() && o.oracle != "oclgrind")
    return cl.reject("--oracle", fmt::format("--oracle expects oclgrind, not '{}'", o.oracle), o.json);
  if (o.oracle == "oclgrind" && !support::findProgram("oclgrind-kernel"))
    return cl.reject("--oracle", "--oracle oclgrind: oclgrind-kernel not found (install the Debian package oclgrind)", o.json);
  const std::string ext = extensionOf(o.report);
  if (!o.report.empty() && ext != ".md" && ext != ".json" && ext != ".html" && ext != ".htm")
    return cl.reject("--report", fmt::format("--report FILE: the extension picks the format: .md, .json or .html, not '{}'", o.report), o.json);

  std::vector<Entry> entries;
  std::vector<Skipped> skipped;
  std::string error;
  if (!readCorpus(o.dir, entries, skipped, error)) return cl.reject(o.dir, error, o.json);
  if (!o.filter.empty())
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const Entry& e) { return e.name.find(o.filter) == std::string::npos; }),
                  entries.end());

  Context cx{o, support::selfExecutable("sdvmc"), ""};
  if (o.oracle == "oclgrind") {
    std::string tmpl = (fs::temp_directory_path() / "sdvmc-crosscheck-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) return cl.reject("--oracle", "cannot make a temporary directory", o.json);
    cx.tmp = tmpl;
  }
  RunInfo info;
  info.dir = o.dir;
  info.domain = o.domain;
  info.timeout = o.timeout;
  info.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  info.oracle = o.oracle;

  const auto start = Clock::now();
  std::vector<Outcome> outcomes(entries.size());
  std::atomic<size_t> next{0}, done{0};
  std::mutex progressMutex;
  const bool progress = !o.json && isatty(2);
  auto worker = [&] {
    for (size_t i; (i = next++) < entries.size();) {
      outcomes[i] = crosscheckOne(entries[i], cx, i);
      const size_t d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progressMutex);
        std::cerr << fmt::format("\r[{}/{}] {:<60.60}", d, entries.size(), entries[i].name) << std::flush;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < std::min<size_t>(info.jobs, entries.size()); ++j) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  if (progress && !entries.empty()) std::cerr << "\r" << std::string(72, ' ') << "\r" << std::flush;
  info.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!cx.tmp.empty()) {
    std::error_code ec;
    fs::remove_all(cx.tmp, ec);
  }

  if (!o.report.empty()) {
    std::ofstream out(o.report, std::ios::binary);
    if (ext == ".json") out << reportJson(info, outcomes, skipped).dump(2) << "\n";
    else if (ext == ".md") out << reportMarkdown(info, outcomes, skipped);
    else out << reportHtml(info, outcomes, skipped);
    if (!out) {
      std::cerr << fmt::format("sdvmc crosscheck: cannot write the report {}\n", o.report);
      return 2;
    }
  }
  if (o.json) std::cout << reportJson(info, outcomes, skipped).dump() << "\n";
  else printText(std::cout, info, outcomes, skipped);
  const bool allAgree = std::all_of(outcomes.begin(), outcomes.end(), [](const Outcome& x) { return x.cls == "agree"; });
  return allAgree ? 0 : 1;
}

}  // namespace sdvmc::tool
