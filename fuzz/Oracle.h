// The reference side of `sdvmc fuzz`: a generated (or reduced) kernel's text is parsed,
// verified and lowered, `check` must prove it race-, divergence- and error-free for its
// launch and inputs (every input is given, so that is one configuration), and `run` gives
// the final shared memory every correct implementation must reach, in the format the
// emitted host programs print (sem::describeMemoryText).
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"
#include "semantics/rules/Ir.h"

#include <cstdint>
#include <memory>
#include <string>

namespace sdvmc::fuzz {

/// A kernel ready to run: its text, AST and lowering (ir.program points at program).
struct Loaded {
  std::unique_ptr<kpl::SourceFile> source;
  kpl::Program program;
  sem::Ir ir;
};

/// Parses, verifies and lowers `text` (named `name` in diagnostics). nullptr, with the
/// first diagnostic in `error`, when the text is no well-formed kernel.
std::unique_ptr<Loaded> loadText(const std::string& name, const std::string& text, std::string& error);

/// What the reference semantics says about a kernel.
struct Reference {
  bool defined = false;  ///< check proved it free of violations, and run ended ok
  std::string rejected;  ///< when not: the verdict's name (race, divergence, …) or "inconclusive"
  std::string expected;  ///< defined: the final shared memory, as the hosts print it
  uint64_t states = 0;   ///< states check explored
};

/// Checks the kernel for its own launch (threads:, group:) and runs it. Bounded: a kernel
/// that does not finish within `maxSteps` rule applications is "inconclusive".
Reference reference(const Loaded& kernel, uint64_t maxSteps = 2'000'000);

}  // namespace sdvmc::fuzz
