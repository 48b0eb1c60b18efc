// `sdvmc lower FILE`: prints the KPL program a .cu or .cl kernel lowers to (a .kpl file is
// printed back as parsed), after the same well-formedness checks as every other command.
#pragma once

#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Launch.h"

#include <string>

namespace sdvmc::tool {

struct LowerOptions {
  std::string file;
  LaunchArgs launch;
  bool json = false;
};

/// Runs the command; returns the exit status (0, or 2 for bad input).
int lowerCommand(const LowerOptions& opts, const CommandLine& cl);

}  // namespace sdvmc::tool
