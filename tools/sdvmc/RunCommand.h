// `sdvmc run FILE`: one concrete SDV execution (../shared/cli-contract.md).
#pragma once

#include "tools/sdvmc/CommandLine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::tool {

struct RunOptions {
  std::string file;
  std::optional<int64_t> threads;
  std::optional<int64_t> group;
  std::vector<std::string> inits;   ///< NAME=v,v,…
  std::vector<std::string> params;  ///< NAME=V
  bool json = false;
  bool trace = false;
  bool stats = false;
  uint64_t maxSteps = 100'000'000;
};

/// Runs the command; returns the exit status (0, 1, 2 or 3).
int runCommand(const RunOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
