// `sdvmc crosscheck DIR` (see CrosscheckCommand.h): the options, then the corpus
// (crosscheck/Corpus.h) through the harness (crosscheck/Harness.h) into the reports
// (crosscheck/Report.h).
#include "tools/sdvmc/CrosscheckCommand.h"

#include "crosscheck/Corpus.h"
#include "crosscheck/Harness.h"
#include "crosscheck/Report.h"
#include "report/Sarif.h"
#include "support/Process.h"
#include "tools/sdvmc/Bounds.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <thread>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

std::string extensionOf(const std::string& file) {
  std::string ext = std::filesystem::path(file).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

int crosscheckCommand(const CrosscheckOptions& o, const CommandLine& cl) {
  if (!BoundsReader(cl, o.json, Values::Range).domain(o.domain)) return 2;
  if (!(o.timeout > 0) || !std::isfinite(o.timeout))
    return cl.reject("--timeout", "--timeout expects a positive number of seconds", o.json);
  if (!o.oracle.empty() && o.oracle != "oclgrind")
    return cl.reject("--oracle", fmt::format("--oracle expects oclgrind, not '{}'", o.oracle), o.json);
  if (o.oracle == "oclgrind" && !support::findProgram("oclgrind-kernel"))
    return cl.reject("--oracle", "--oracle oclgrind: oclgrind-kernel not found (install the Debian package oclgrind)", o.json);
  const std::string ext = extensionOf(o.report);
  if (!o.report.empty() && ext != ".md" && ext != ".json" && ext != ".html" && ext != ".htm")
    return cl.reject("--report", fmt::format("--report FILE: the extension picks the format: .md, .json or .html, not '{}'", o.report), o.json);

  if (!cl.outputWritable("--sarif", o.sarif, o.json)) return 2;
  nlohmann::json baseline;
  if (!o.baseline.empty()) {
    std::ifstream in(o.baseline, std::ios::binary);
    if (!in) return cl.reject("--baseline", fmt::format("--baseline: cannot read {}", o.baseline), o.json);
    baseline = nlohmann::json::parse(in, nullptr, false);
    if (baseline.is_discarded())
      return cl.reject("--baseline", fmt::format("--baseline: {} is not JSON", o.baseline), o.json);
  }

  std::vector<crosscheck::Entry> entries;
  std::vector<crosscheck::Skipped> skipped;
  std::string error;
  if (!crosscheck::readCorpus(o.dir, entries, skipped, error)) return cl.reject(o.dir, error, o.json);
  if (!o.filter.empty())
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const crosscheck::Entry& e) { return e.name.find(o.filter) == std::string::npos; }),
                  entries.end());

  crosscheck::RunInfo info;
  info.dir = o.dir;
  info.domain = o.domain;
  info.timeout = o.timeout;
  info.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  info.oracle = o.oracle;

  crosscheck::HarnessOptions harness;
  harness.sdvmc = support::selfExecutable("sdvmc");
  harness.timeout = o.timeout;
  harness.domain = o.domain;
  harness.oracle = o.oracle;
  harness.jobs = info.jobs;
  const bool progress = !o.json && isatty(2);
  auto show = [&](size_t done, const crosscheck::Entry& e) {
    std::cerr << fmt::format("\r[{}/{}] {:<60.60}", done, entries.size(), e.name) << std::flush;
  };
  const auto start = std::chrono::steady_clock::now();
  std::vector<crosscheck::Outcome> outcomes;
  if (!crosscheck::crosscheckAll(entries, harness, outcomes, progress ? crosscheck::Progress(show) : nullptr, error))
    return cl.reject("--oracle", error, o.json);
  if (progress && !entries.empty()) std::cerr << "\r" << std::string(72, ' ') << "\r" << std::flush;
  info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  crosscheck::BaselineDiff diff;
  if (!o.baseline.empty() && !crosscheck::diffBaseline(baseline, outcomes, diff, error))
    return cl.reject("--baseline", fmt::format("--baseline: {}: {}", o.baseline, error), o.json);
  auto withBaseline = [&](nlohmann::json j) {
    if (!o.baseline.empty()) j["baseline"] = crosscheck::baselineJson(diff);
    return j;
  };
  if (!o.report.empty()) {
    std::ofstream out(o.report, std::ios::binary);
    if (ext == ".json") out << withBaseline(crosscheck::reportJson(info, outcomes, skipped)).dump(2) << "\n";
    else if (ext == ".md") out << crosscheck::reportMarkdown(info, outcomes, skipped);
    else out << crosscheck::reportHtml(info, outcomes, skipped);
    if (!out) {
      std::cerr << fmt::format("sdvmc crosscheck: cannot write the report {}\n", o.report);
      return 2;
    }
  }
  // Exit 0 when every kernel agrees, found more than GPUVerify checks, or has no verdict to compare.
  const bool fine = std::all_of(outcomes.begin(), outcomes.end(), [](const crosscheck::Outcome& x) {
    return x.cls == "agree" || x.cls == "beyond" || x.cls == "not-comparable";
  });
  if (!o.sarif.empty()) {
    // One result per kernel where sdvmc found a violation, whatever its class: the
    // violation as sdvmc reported it, with the expectation and the class in the message.
    std::vector<report::SarifResult> results;
    for (const crosscheck::Outcome& x : outcomes) {
      if (x.sdvmc.status != "violation" || !x.sdvmc.verdict.is_object()) continue;
      report::SarifResult r;
      r.verdict = x.sdvmc.verdict;
      r.verdict["crosscheck"] = nlohmann::json{{"kernel", x.entry.name},
                                               {"class", x.cls},
                                               {"expected", x.entry.expected.text},
                                               {"reason", x.reason}};
      r.note = fmt::format("Kernel {}: {} (expected {}: {})", x.entry.name, x.cls, x.entry.expected.text, x.reason);
      results.push_back(std::move(r));
    }
    report::SarifInvocation inv{cl.args(), fine ? 0 : 1, fine ? "agree" : "disagree", ""};
    if (!cl.writeOutput("--sarif", o.sarif, report::sarifLog(inv, results).dump(2) + "\n", o.json)) return 2;
  }
  if (o.json) {
    std::cout << withBaseline(crosscheck::reportJson(info, outcomes, skipped)).dump() << "\n";
  } else {
    crosscheck::printText(std::cout, info, outcomes, skipped);
    if (!o.baseline.empty()) crosscheck::printBaseline(std::cout, diff);
  }
  return fine ? 0 : 1;
}

}  // namespace sdvmc::tool
