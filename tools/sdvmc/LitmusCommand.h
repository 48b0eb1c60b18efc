// `sdvmc litmus FILE --model M[,M…]`: for a litmus kernel, the set of outcomes each
// execution model allows (vendor-behaviours.md), as a table with one column per model.
#pragma once

#include "explorer/Explorer.h"
#include "semantics/Model.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Kernel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct LitmusOptions {
  std::string file;
  std::string models = "sdv,simt:32,simt-uniform-exit,mimd";
  std::optional<int64_t> threads;
  std::optional<int64_t> group;
  std::string domain = "0..1";
  unsigned jobs = 0;
  bool noPor = false;
  std::string symmetry = "on";
  uint64_t maxStates = 0;
  double maxSeconds = 0;
  bool json = false;
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
