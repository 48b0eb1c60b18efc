// `sdvmc run FILE`: one concrete SDV execution (../shared/cli-contract.md); with
// `--model simt:W` (or `simt-uniform-exit`, `mimd` = simt:1) one deterministic execution of
// that model (semantics/models/SimtRun.h), and with `--perf` its warp performance counters.
#pragma once

#include "tools/sdvmc/Bounds.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct RunOptions {
  std::string file;
  LaunchArgs launch;  ///< (.cu/.cl) launch geometry, --kernel, --buffer (Launch.h)
  BoundsArgs bounds;  ///< --threads N, --group G, --param NAME=V (Bounds.h)
  std::vector<std::string> inits;   ///< NAME=v,v,…
  bool json = false;
  bool trace = false;
  bool stats = false;
  uint64_t maxSteps = 100'000'000;
  std::string model = "sdv";      ///< sdv (default), simt:W, simt-uniform-exit, mimd
  bool perf = false;               ///< (simt models) divergent branches, bank conflicts, coalescing
  RaceArgs races;                  ///< --benign-writes[=MODE], --only-divergence, --check-arrays
  bool onlyIntraGroup = false;     ///< several groups: no inter-group race check
  std::string sarif;               ///< --sarif FILE: the verdict as a SARIF 2.1.0 log
  std::string html;                ///< --html FILE: the execution as one HTML page
};

/// Runs the command; returns the exit status (0, 1, 2 or 3).
int runCommand(const RunOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
