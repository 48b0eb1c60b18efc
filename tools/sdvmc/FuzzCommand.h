// `sdvmc fuzz --count N --seed S --run pocl,oclgrind[,cuda] [--out DIR]`: random kernels,
// each proved defined by the reference and run on every implementation named; differences,
// crashes, hangs and compile errors are saved and reduced (fuzz/Fuzz.h). `--replay DIR`
// runs a saved finding again, `--reduce DIR` reduces it again.
//
// Exit status: 0 no finding (--replay: it reproduces; --reduce: reduced), 1 findings (it
// does not reproduce), 2 bad command line, no runtime, or a folder that is no finding.
#pragma once

#include "tools/sdvmc/CommandLine.h"

#include <cstdint>
#include <string>

namespace sdvmc::tool {

struct FuzzOptions {
  uint64_t count = 100;
  uint64_t seed = 1;
  uint64_t first = 0;      ///< --first I: the index of the first kernel (batches of a long run)
  std::string run;         ///< --run pocl,oclgrind[,cuda]
  std::string out = "sdvmc-fuzz";
  double timeout = 60;     ///< per kernel and implementation
  bool noReduce = false;
  unsigned reduceBudget = 300;
  uint64_t maxFindings = 0;  ///< --max-findings N: stop after N findings
  std::string plantBug;    ///< (hidden, for tests) --plant-bug OP: the emitter miscompiles OP
  std::string reduce;      ///< --reduce DIR
  std::string replay;      ///< --replay DIR
  unsigned segments = 6;   ///< --segments N: top-level segments of a kernel's main
  bool json = false;
  bool progress = false;
  bool noProgress = false;
};

int fuzzCommand(const FuzzOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
