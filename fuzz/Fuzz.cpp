// The fuzzing campaign, saved findings and their replay and reduction (see Fuzz.h).
#include "fuzz/Fuzz.h"

#include "fuzz/Reducer.h"
#include "kpl/Printer.h"
#include "litmus/Emit.h"
#include "litmus/Run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sdvmc::fuzz {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

std::optional<std::string> readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Writes the program that runs `k` on `runtime` as BASE.cl and BASE-host.c (BASE.cu).
void writeEmitted(const fs::path& dir, const Loaded& k, const std::string& runtime,
                  const std::optional<kpl::BinaryOp>& plantBug, const std::string& base) {
  litmus::EmitOptions eo;
  eo.threads = k.program.threads;
  eo.group = static_cast<int32_t>(k.program.group);
  eo.plantBug = plantBug;
  const litmus::EmitResult r = litmus::emitProgram(
      k.program, k.ir, runtime == "cuda" ? litmus::EmitTarget::Cuda : litmus::EmitTarget::OpenCL, eo, base);
  for (const litmus::EmittedFile& f : r.files) writeFile(dir / f.name, f.content);
}

json savedJson(const Finding& f, const std::string& plantBug) {
  json j = findingJson(f);
  if (!plantBug.empty()) j["plant_bug"] = plantBug;
  return j;
}

/// Whether `text` still shows a finding of `kind` on `runtime`: the reference must prove
/// it defined, and the implementation must fail the same way.
bool stillFails(const std::string& text, const std::string& kind, const std::string& runtime,
                const std::optional<kpl::BinaryOp>& plantBug, double timeout) {
  std::string error;
  std::unique_ptr<Loaded> k = loadText("candidate.kpl", text, error);
  if (!k) return false;
  const Reference ref = reference(*k);
  if (!ref.defined) return false;
  return runImplementation(*k, runtime, ref.expected, plantBug, timeout).kind == kind;
}

/// Reduces the finding saved in `dir` (kernel.kpl), writing reduced.* and updating `f`.
void reduceSaved(const fs::path& dir, Finding& f, const std::string& plantName,
                 const std::optional<kpl::BinaryOp>& plantBug, double timeout, unsigned budget) {
  const std::optional<std::string> text = readFile(dir / "kernel.kpl");
  if (!text) return;
  // A hang costs the whole timeout per candidate: a short reduction only.
  if (f.kind == "hang") budget = std::min(budget, 20u);
  const Reduction red = reduceKernel(
      "reduced.kpl", *text,
      [&](const std::string& cand) { return stillFails(cand, f.kind, f.runtime, plantBug, timeout); }, budget);
  f.reduced = true;
  f.statements = red.before;
  f.reducedStatements = red.after;
  f.reduceTries = red.tries;
  writeFile(dir / "reduced.kpl", red.text);
  std::string error;
  if (std::unique_ptr<Loaded> k = loadText("reduced.kpl", red.text, error)) {
    writeEmitted(dir, *k, f.runtime, plantBug, "reduced");
    // The reduced kernel's own memories (the reduction kept the kind, not the values).
    const Reference ref = reference(*k);
    const DeviceResult now = runImplementation(*k, f.runtime, ref.expected, plantBug, timeout);
    json extra{{"expected", ref.expected}, {"observed", now.observed}, {"message", now.message}};
    writeFile(dir / "reduced.json", extra.dump(2) + "\n");
  }
  writeFile(dir / "finding.json", savedJson(f, plantName).dump(2) + "\n");
}

}  // namespace

json findingJson(const Finding& f) {
  json j{{"dir", f.dir},           {"index", f.index},         {"kernel_seed", f.kernelSeed},
         {"runtime", f.runtime},   {"kind", f.kind},           {"message", f.message},
         {"expected", f.expected}, {"observed", f.observed},   {"statements", f.statements},
         {"reduced", f.reduced}};
  if (f.reduced) {
    j["reduced_statements"] = f.reducedStatements;
    j["reduce_tries"] = f.reduceTries;
  }
  return j;
}

std::string classifyFailure(const std::string& why) {
  auto has = [&](const char* s) { return why.find(s) != std::string::npos; };
  if (has("no OpenCL runtime") || has("no CUDA") || has("no C compiler") || has("cannot make a temporary"))
    return "environment";
  if (why.rfind("unsupported", 0) == 0) return "unsupported";
  if (has("did not finish within")) return "hang";
  if (has("crashed")) return "crash";
  if (has("did not build") || has("did not compile")) return "compile-error";
  return "error";
}

bool isFinding(const std::string& kind) {
  return kind == "mismatch" || kind == "crash" || kind == "hang" || kind == "compile-error" || kind == "error";
}

DeviceResult runImplementation(const Loaded& kernel, const std::string& runtime, const std::string& expected,
                               const std::optional<kpl::BinaryOp>& plantBug, double timeout) {
  DeviceResult d;
  litmus::RunRequest request;
  request.runtime = runtime;
  request.repeat = 1;
  request.timeout = timeout;
  request.baseName = "kernel";
  request.emit.threads = kernel.program.threads;
  request.emit.group = static_cast<int32_t>(kernel.program.group);
  request.emit.plantBug = plantBug;
  litmus::Observations obs;
  std::string why;
  if (!litmus::runOnDevice(kernel.program, kernel.ir, request, obs, why)) {
    d.kind = classifyFailure(why);
    d.message = why;
    return d;
  }
  d.platform = obs.platform;
  if (obs.discarded) {
    d.kind = "error";
    d.message = "the implementation reported a failed assume (the kernel has none)";
    return d;
  }
  d.observed = obs.outcomes.empty() ? "" : obs.outcomes.front().first;
  d.kind = d.observed == expected ? "pass" : "mismatch";
  if (d.kind == "mismatch") d.message = "the final memory differs from sdvmc's";
  return d;
}

Summary runFuzz(const FuzzOptions& o, const ProgressFn& progress) {
  Summary s;
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<kpl::BinaryOp> plantBug;
  if (!o.plantBug.empty()) plantBug = litmus::plantableOperator(o.plantBug);
  for (const std::string& r : o.runtimes) s.runtimes.push_back(RuntimeStats{r, "", 0, 0, 0, 0, 0});

  for (uint64_t n = 0; n < o.count && s.fatal.empty(); ++n) {
    if (o.maxFindings && s.findings.size() >= o.maxFindings) break;
    const uint64_t index = o.first + n;
    const uint64_t seed = kernelSeed(o.seed, index);
    const std::string name = fmt::format("fuzz-{}-{}.kpl", o.seed, index);
    const std::string text = kpl::printProgram(generateKernel(seed, name, o.gen));
    ++s.generated;
    std::string error;
    std::unique_ptr<Loaded> k = loadText(name, text, error);
    const Reference ref = k ? reference(*k) : Reference{false, "ill-formed", "", 0};
    if (!ref.defined) {
      ++s.rejected;
      ++s.rejectedWhy[ref.rejected];
      if (progress) progress(s);
      continue;
    }
    ++s.accepted;
    for (RuntimeStats& rs : s.runtimes) {
      const auto r0 = std::chrono::steady_clock::now();
      const DeviceResult d = runImplementation(*k, rs.runtime, ref.expected, plantBug, o.timeout);
      rs.seconds += since(r0);
      if (!d.platform.empty()) rs.platform = d.platform;
      if (d.kind == "environment") {
        s.fatal = fmt::format("{}: {}", rs.runtime, d.message);
        break;
      }
      ++rs.runs;
      if (d.kind == "pass") ++rs.passed;
      if (d.kind == "unsupported") ++rs.unsupported;
      if (!isFinding(d.kind)) continue;
      ++rs.findings;
      Finding f;
      f.index = index;
      f.kernelSeed = seed;
      f.runtime = rs.runtime;
      f.kind = d.kind;
      f.expected = ref.expected;
      f.observed = d.observed;
      f.message = d.message;
      f.statements = countStatements(k->program);
      const fs::path dir = fs::path(o.outDir) / fmt::format("finding-{}-{}", index, rs.runtime);
      std::error_code ec;
      fs::create_directories(dir, ec);
      f.dir = dir.string();
      if (ec || !writeFile(dir / "kernel.kpl", text) ||
          !writeFile(dir / "finding.json", savedJson(f, o.plantBug).dump(2) + "\n")) {
        s.fatal = fmt::format("cannot write the finding to {}", dir.string());
        break;
      }
      writeEmitted(dir, *k, rs.runtime, plantBug, "kernel");
      if (o.reduce) reduceSaved(dir, f, o.plantBug, plantBug, o.timeout, o.reduceBudget);
      s.findings.push_back(std::move(f));
    }
    s.seconds = since(t0);
    if (progress) progress(s);
  }
  s.seconds = since(t0);
  return s;
}

namespace {

SavedRun loadSaved(const std::string& path, fs::path& dir, std::string& plantName) {
  SavedRun r;
  dir = fs::path(path);
  if (!fs::is_directory(dir)) dir = dir.parent_path();
  const std::optional<std::string> meta = readFile(dir / "finding.json");
  const std::optional<std::string> text = readFile(dir / "kernel.kpl");
  if (!meta || !text) {
    r.error = fmt::format("{} is not a saved finding (it needs finding.json and kernel.kpl)", path);
    return r;
  }
  const json j = json::parse(*meta, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("runtime") || !j.contains("kind")) {
    r.error = fmt::format("{}: finding.json is not a finding (no runtime or kind)", (dir / "finding.json").string());
    return r;
  }
  Finding& f = r.finding;
  f.dir = dir.string();
  f.runtime = j.value("runtime", "");
  f.kind = j.value("kind", "");
  f.index = j.value("index", uint64_t{0});
  f.kernelSeed = j.value("kernel_seed", uint64_t{0});
  f.expected = j.value("expected", "");
  f.observed = j.value("observed", "");
  f.message = j.value("message", "");
  plantName = j.value("plant_bug", "");
  if (!plantName.empty() && !litmus::plantableOperator(plantName)) {
    r.error = fmt::format("{}: unknown plant_bug operator '{}'", (dir / "finding.json").string(), plantName);
    return r;
  }
  std::string error;
  std::unique_ptr<Loaded> k = loadText((dir / "kernel.kpl").string(), *text, error);
  if (!k) {
    r.error = error;
    return r;
  }
  f.statements = countStatements(k->program);
  return r;
}

}  // namespace

SavedRun replayFinding(const std::string& path, double timeout) {
  fs::path dir;
  std::string plantName;
  SavedRun r = loadSaved(path, dir, plantName);
  if (!r.error.empty()) return r;
  std::optional<kpl::BinaryOp> plantBug;
  if (!plantName.empty()) plantBug = litmus::plantableOperator(plantName);
  std::string error;
  std::unique_ptr<Loaded> k = loadText((dir / "kernel.kpl").string(), *readFile(dir / "kernel.kpl"), error);
  r.reference = reference(*k);
  if (!r.reference.defined) return r;  // not reproducible: the reference rejects it now
  r.now = runImplementation(*k, r.finding.runtime, r.reference.expected, plantBug, timeout);
  r.reproduces = r.now.kind == r.finding.kind && r.reference.expected == r.finding.expected &&
                 (r.finding.kind != "mismatch" || r.now.observed == r.finding.observed);
  return r;
}

SavedRun reduceFinding(const std::string& path, double timeout, unsigned budget) {
  SavedRun r = replayFinding(path, timeout);
  if (!r.error.empty() || !r.reproduces) return r;
  fs::path dir;
  std::string plantName;
  loadSaved(path, dir, plantName);
  std::optional<kpl::BinaryOp> plantBug;
  if (!plantName.empty()) plantBug = litmus::plantableOperator(plantName);
  reduceSaved(dir, r.finding, plantName, plantBug, timeout, budget);
  return r;
}

}  // namespace sdvmc::fuzz
