// Which shared arrays' values may influence control flow (or addresses), so that
// `prove` gives them the equality abstraction and the others the cheaper adversarial one
// (GPUVerify, section 4.2).
//
// The analysis is the one `check`'s data abstraction uses too
// (semantics/rules/Dependence.h: the CFG over the lowered IR, the data-flow fixpoint);
// here an array influences control when a value depending on it reaches a predicate
// flag, a loop guard, an address, or an assert / assume, and an atomic's result is a
// fresh value (as prove encodes it).
//
// The choice never affects soundness (both abstractions over-approximate G-SYNC), only
// precision and speed.
#pragma once

#include "semantics/rules/Ir.h"

#include <string>
#include <vector>

namespace sdvmc::prove {

struct ControlDependence {
  /// Per array: its values may influence control flow or addresses.
  std::vector<bool> influencesControl;
  /// Per array: one line saying why (where it reaches control), or empty.
  std::vector<std::string> why;
  size_t cfgVertices = 0;
  size_t cfgEdges = 0;
};

ControlDependence analyseControlDependence(const sem::Ir& ir);

}  // namespace sdvmc::prove
