// `sdvmc litmus FILE --model M[,M…]`: for a litmus kernel, the set of outcomes each
// execution model allows (vendor-behaviours.md), as a table with one column per model.
// With --emit / --run, the test on a real implementation instead (LitmusRun.h).
#pragma once

#include "explorer/Explorer.h"
#include "semantics/models/Model.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"
#include "tools/sdvmc/Kernel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct LitmusOptions {
  std::string file;
  LaunchArgs launch;  ///< (.cu/.cl) launch geometry, --kernel, --buffer (Launch.h)
  std::string models = "sdv,simt:32,simt-uniform-exit,mimd";
  std::optional<int64_t> threads;
  std::optional<int64_t> group;
  std::string domain = "0..1";
  std::vector<std::string> params;  ///< NAME=V: a kernel parameter's value (default 0)
  unsigned jobs = 0;
  bool noPor = false;
  std::string symmetry = "on";
  uint64_t maxStates = 0;
  double maxSeconds = 0;
  bool json = false;
  // Real implementations (LitmusRun.h, Emit.h).
  std::string emit;      ///< --emit opencl|cuda: write a standalone program instead
  std::string output;    ///< --output DIR for --emit (default: the current directory)
  std::string run;       ///< --run pocl|oclgrind|cuda: run it and compare with the models
  unsigned repeat = 20;  ///< --repeat N runs
  std::string require;   ///< --require M,…: exit 1 unless these models admit every observation
  double timeout = 300;  ///< --timeout S for all the runs together
  bool keep = false;     ///< --keep the temporary directory of --run
};

/// The terminal outcomes of one model.
struct ModelOutcomes {
  std::string model;
  std::vector<sem::TerminalOutcome> outcomes;
  uint64_t states = 0;
  double seconds = 0;
  std::string limit;  ///< non-empty when the exploration did not complete
};

/// Explores each model in outcome mode. Empty, with `error` set, for an unknown model.
std::vector<ModelOutcomes> litmusOutcomes(const Kernel& k, const std::vector<std::string>& models,
                                          const sem::Bounds& bounds, const explore::Options& eo, bool por,
                                          bool symmetry, std::string& error);

/// A row label: the final memory (`A = {…}`), or `error: VERDICT (RULE) at line L`.
std::string outcomeLabel(const sem::Ir& ir, const sem::TerminalOutcome& o);

int litmusCommand(const LitmusOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
