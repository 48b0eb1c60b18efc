// `sdvmc prove FILE`: race- and divergence-freedom (and freedom from assertion,
// out-of-bounds, division and shift errors) for every group size, with Z3
// (prover/Prover.h); or the smallest configuration that breaks it, replayed by the
// interpreter. `--equiv A B --output ARRAY`: final contents of ARRAY agree for every group
// size (prove::proveEquivalentEverySize; both kernels must prove race- and divergence-free),
// or, with `--threads N|A..B`, for those group sizes only (whole groups). With a FILE also
// given, relative paths after --equiv are taken from FILE's folder (specs name their partner).
// Atomics are encoded by prove (TwoThread.h); --equiv refuses them (refuseUnsupported).
#pragma once

#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct ProveOptions {
  std::string file;
  LaunchArgs launch;  ///< (.cu/.cl) launch geometry, --kernel, --buffer (Launch.h)
  std::string abstraction = "auto";  ///< auto, adversarial, equality
  int64_t unroll = -1;               ///< -1: not given
  std::string loops = "induction";   ///< --loops: induction (a loop that would be cut is proved by induction) or unroll
  int64_t maxThreads = 2147483647;
  double timeout = 120;              ///< seconds per solver query (0: none)
  std::vector<std::string> equiv;    ///< A B
  std::string output;                ///< --equiv: the array compared
  std::string equivThreads;          ///< --equiv: N or A..B: the bounded search only (empty: every size)
  bool all = false;                  ///< every distinct violation, each with its witness
  bool json = false;
  bool onlyIntraGroup = false;       ///< several groups: no races between groups
  std::string sarif;                 ///< --sarif FILE: the verdict as a SARIF 2.1.0 log
  /// A .cu/.cl kernel given its launch: every group shape of the launch's dimensions instead
  /// of that launch (the default without launch flags).
  bool everySize = false;
  bool maxThreadsGiven = false;      ///< --max-threads was given (else the platform's limit)
};

int proveCommand(const ProveOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
