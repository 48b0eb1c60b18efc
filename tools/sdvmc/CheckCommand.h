// `sdvmc check FILE`: exhaustive exploration of every configuration within the bounds
// (../shared/cli-contract.md), under the SDV reference semantics or the mimd model; with
// `--all`, every distinct violation (sem::ViolationKey), each with its shortest witness.
#pragma once

#include "tools/sdvmc/Bounds.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct CheckOptions {
  std::string file;
  LaunchArgs launch;  ///< (.cu/.cl) launch geometry, --kernel, --buffer (Launch.h)
  BoundsArgs bounds;  ///< --threads A..B, --group A..B, --domain, --param NAME=LO..HI (Bounds.h)
  RaceArgs races;                  ///< --benign-writes[=MODE], --only-divergence, --check-arrays
  std::string model = "sdv";
  std::string compare;             ///< "sdv,mimd"
  unsigned jobs = 0;               ///< 0: all cores
  bool dfs = false;
  bool exact = false;
  bool noPor = false;
  std::string symmetry = "on";
  std::string dataAbstraction = "on";  ///< on, off (semantics/models/DataAbstraction.h)
  std::string transitionCache = "on";  ///< (mimd, simt) on, off, check
  uint64_t maxStates = 0;
  double maxSeconds = 0;
  std::string maxMemory;           ///< e.g. 512M, 4G
  bool all = false;                ///< every distinct violation (sem::ViolationKey), not only the first
  bool json = false;
  bool progress = false;
  bool noProgress = false;
  std::string sarif;               ///< --sarif FILE: the verdict as a SARIF 2.1.0 log
  std::string html;                ///< --html FILE: the witness's execution as one HTML page
  bool mpi = false;                ///< distributed exploration over the ranks of mpirun
};

int checkCommand(const CheckOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
