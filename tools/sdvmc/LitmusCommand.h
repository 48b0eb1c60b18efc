// `sdvmc litmus FILE --model M[,M…]`: for a litmus kernel, the set of outcomes each
// execution model allows (vendor-behaviours.md), as a table with one column per model
// (litmus/Compare.h). With --emit, the test as a standalone OpenCL or CUDA program
// (litmus/Emit.h); with --run, that program run on a real implementation and its
// observations beside the models (litmus/Run.h).
//
// Exit status: 0, 1 when some model reaches an error or (--races continue) an outcome past
// a race, 3 when an exploration is incomplete.
// With --run: 0, or 1 when a model named by --require does not admit some observation; 2
// when the test cannot be emitted, compiled or run.
#pragma once

#include "tools/sdvmc/Bounds.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct LitmusOptions {
  std::string file;
  LaunchArgs launch;  ///< (.cu/.cl) launch geometry, --kernel, --buffer (Launch.h)
  std::string models = "sdv,simt:32,simt-uniform-exit,mimd";
  BoundsArgs bounds;  ///< --threads N, --group G, --domain LO..HI, --param NAME=V (Bounds.h)
  unsigned jobs = 0;
  bool noPor = false;
  std::string symmetry = "on";
  uint64_t maxStates = 0;
  double maxSeconds = 0;
  /// --races stop|continue: a race ends an execution as an error outcome (stop, the
  /// default), or the execution goes on past it and its outcome lists the races
  /// (Model::setRacesContinue; sdv cannot, and keeps its race errors).
  std::string races = "stop";
  bool json = false;
  // Real implementations (litmus/Emit.h, litmus/Run.h).
  std::string emit;      ///< --emit opencl|cuda: write a standalone program instead
  std::string output;    ///< --output DIR for --emit (default: the current directory)
  std::string run;       ///< --run pocl|oclgrind|cuda: run it and compare with the models
  unsigned repeat = 20;  ///< --repeat N runs
  std::string require;   ///< --require M,…: exit 1 unless these models admit every observation
  double timeout = 300;  ///< --timeout S for all the runs together
  bool keep = false;     ///< --keep the temporary directory of --run
};

int litmusCommand(const LitmusOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
