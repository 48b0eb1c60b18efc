// `sdvmc litmus FILE --model M[,M…]`: the set of outcomes (final shared memories and
// errors) each execution model allows, side by side (see LitmusCommand.h).
#include "tools/sdvmc/LitmusCommand.h"

#include "explorer/Explorer.h"
#include "litmus/Compare.h"
#include "litmus/Emit.h"
#include "litmus/Run.h"
#include "tools/sdvmc/Kernel.h"
#include "tools/sdvmc/ModelFactory.h"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace sdvmc::tool {

namespace {

using nlohmann::json;

/// Explores each model in outcome mode. Empty, with `error` set, for an unknown model.
std::vector<litmus::ModelOutcomes> litmusOutcomes(const Kernel& k, const std::vector<std::string>& models,
                                                  const sem::Bounds& bounds, const explore::Options& eo, bool por,
                                                  bool symmetry, bool racesContinue, std::string& error) {
  std::vector<litmus::ModelOutcomes> out;
  for (const std::string& name : models) {
    std::unique_ptr<sem::Model> model = makeModel(name, k.ir, bounds, por, symmetry, error);
    if (!model) return {};
    model->setOutcomeMode(true);
    std::optional<bool> continued;
    if (racesContinue) continued = model->setRacesContinue(true);
    explore::Options o = eo;
    o.collectTerminals = true;
    explore::Result r = explore::explore(*model, o);
    litmus::ModelOutcomes m;
    m.model = name;
    m.states = r.states;
    m.seconds = r.seconds;
    m.racesContinued = continued;
    if (r.status != explore::Result::Status::Complete) m.limit = r.limit.empty() ? "incomplete" : r.limit;
    for (const sem::StateBytes& t : r.terminals) m.outcomes.push_back(model->outcome(t));
    out.push_back(std::move(m));
  }
  return out;
}

/// `--emit`: writes the files and prints their paths. Exit status 0 or 2.
int litmusEmit(const LitmusOptions& o, const Kernel& k, const litmus::EmitOptions& options) {
  const litmus::EmitTarget t = o.emit == "cuda" ? litmus::EmitTarget::Cuda : litmus::EmitTarget::OpenCL;
  const litmus::EmitResult r = litmus::emitProgram(k.program, k.ir, t, options, litmus::emitBaseName(o.file));
  if (!r.ok) {
    const kpl::SourceLoc at = k.program.threadsRange.begin;  // whole-kernel limits: the header
    std::cerr << fmt::format("{}:{}:{}: error: litmus --emit {}: {}\n", o.file, at.line, at.col, o.emit, r.error);
    return 2;
  }
  namespace fs = std::filesystem;
  const fs::path dir = o.output.empty() ? fs::path(".") : fs::path(o.output);
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const litmus::EmittedFile& f : r.files) {
    const fs::path p = dir / f.name;
    std::ofstream out(p, std::ios::binary);
    out << f.content;
    if (!out) {
      std::cerr << fmt::format("sdvmc: litmus --emit: cannot write {}\n", p.string());
      return 2;
    }
    std::cout << p.string() << "\n";
  }
  return 0;
}

}  // namespace

int litmusCommand(const LitmusOptions& o, const CommandLine& cl) {
  std::unique_ptr<kpl::SourceFile> source;
  std::unique_ptr<Kernel> k = loadKernelOrReport(o.file, o.json, source, &o.launch, &cl);
  if (!k) return 2;
  const sem::Ir& ir = k->ir;
  if (refuseUnsupported(o.file, *source, ir, "litmus",
                        {.params = true, .groups = true, .floats = true, .conversions = true}, o.json)) return 2;
  if (refuseGridBarrier(*source, ir, "litmus", true, o.json)) return 2;

  const std::optional<BoundsReader::Configuration> config =
      BoundsReader(cl, o.json, Values::One).kernelNames(k->program.kernelNames).configuration(o.bounds, k->program.threads, k->program.group, ir.params);
  if (!config) return 2;
  const int64_t threads = config->threads, group = config->group;
  sem::Bounds bounds;
  bounds.threads = {static_cast<uint32_t>(threads)};
  bounds.groups = {static_cast<sem::Word>(group)};
  bounds.domainLo = static_cast<sem::Word>(config->domain.lo);
  bounds.domainHi = static_cast<sem::Word>(config->domain.hi);
  litmus::EmitOptions emit;
  emit.threads = static_cast<uint32_t>(threads);
  emit.group = static_cast<int32_t>(group);
  for (uint32_t v : config->params) emit.params.push_back(static_cast<sem::Word>(v));
  bounds.params = {emit.params};

  if (!o.emit.empty() && !o.run.empty()) return cl.reject("--emit", "--emit and --run exclude each other", o.json);
  if (!o.emit.empty() && o.emit != "opencl" && o.emit != "cuda")
    return cl.reject("--emit", fmt::format("--emit expects opencl or cuda, not '{}'", o.emit), o.json);
  if (!o.run.empty() && o.run != "pocl" && o.run != "oclgrind" && o.run != "cuda")
    return cl.reject("--run", fmt::format("--run expects pocl, oclgrind or cuda, not '{}'", o.run), o.json);
  if (o.races != "stop" && o.races != "continue")
    return cl.reject("--races", fmt::format("--races expects stop or continue, not '{}'", o.races), o.json);
  if (!o.emit.empty()) return litmusEmit(o, *k, emit);

  std::vector<std::string> models = splitModels(o.models);
  for (const std::string& m : models) {
    std::string error;
    if (!makeModel(m, ir, bounds, true, true, error)) return cl.reject("--model", "--model: " + error, o.json);
  }

  const std::vector<std::string> required = o.require.empty() ? std::vector<std::string>{} : splitModels(o.require);
  for (const std::string& m : required)
    if (std::find(models.begin(), models.end(), m) == models.end())
      return cl.reject("--require", fmt::format("--require: {} is not among the --model list", m), o.json);
  if (!o.require.empty() && o.run.empty()) return cl.reject("--require", "--require needs --run", o.json);

  // The real runs first: when there is no runtime, nothing else is worth computing.
  litmus::Observations observed;
  if (!o.run.empty()) {
    litmus::RunRequest request{o.run, o.repeat, o.timeout, o.keep, litmus::emitBaseName(o.file), emit};
    std::string why;
    const bool ran = litmus::runOnDevice(k->program, ir, request, observed, why);
    if (!observed.keptDir.empty()) std::cerr << fmt::format("sdvmc: litmus --run: keeping {}\n", observed.keptDir);
    if (!ran) {
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
  std::vector<litmus::ModelOutcomes> results =
      litmusOutcomes(*k, models, bounds, eo, !o.noPor, o.symmetry == "on", o.races == "continue", error);
  const litmus::OutcomeTable table = litmus::tabulate(ir, o.file, results);
  // A race continued past is still a violation of the kernel: exit 1.
  const bool violation = table.anyError || table.anyRace;
  const sem::VerdictKind verdict = table.anyLimit ? sem::VerdictKind::Inconclusive
                                   : violation    ? sem::VerdictKind::Race  // any violation: exit 1
                                                  : sem::VerdictKind::Ok;
  int status = sem::verdictExitStatus(verdict);
  // With --run, the status says whether the --require models admit what was observed.
  if (!o.run.empty()) status = table.anyLimit ? 3 : 0;

  if (o.json) {
    json j;
    j["verdict"] = table.anyLimit ? "inconclusive" : violation ? "violation" : "ok";
    j["threads_in_group"] = threads;
    j["group"] = group;
    j["models"] = litmus::modelsJson(table, results);
    j["data_abstraction"] = "none: outcomes are final memories, so every arbitrary value is enumerated";
    if (!o.run.empty() && litmus::reportObservations(required, ir, results, observed, std::cout, &j) && status == 0)
      status = 1;
    std::cout << j.dump() << "\n";
    return status;
  }

  std::ostringstream os;
  os << fmt::format("sdvmc litmus {}: {} threads, group {}, domain {}..{} (every arbitrary value enumerated: "
                    "outcomes are final memories, so no data abstraction)\n\n",
                    o.file, threads, group, bounds.domainLo, bounds.domainHi);
  litmus::printTable(os, table, results);
  if (!o.run.empty() && litmus::reportObservations(required, ir, results, observed, os, nullptr) && status == 0)
    status = 1;
  std::cout << os.str();
  return status;
}

}  // namespace sdvmc::tool
