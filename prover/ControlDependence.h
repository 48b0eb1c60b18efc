// Which shared arrays' values may influence control flow (or addresses), so that
// `prove` gives them the equality abstraction and the others the cheaper adversarial one
// (GPUVerify, section 4.2).
//
// The kernel's control-flow graph is built over the lowered IR with Boost.Graph: one
// vertex per basic statement, barrier, loop head and rule that resets fresh locations
// (G-VAR, G-IF, G-OPEN, G-ITER, G-CALL), with the loops' back edges. In the IR, control
// dependence is explicit: a statement is control dependent exactly on the flags of its
// predicate (G-IF's v, a loop's guard u and break/continue flags, a call's return flag).
// A forward data-flow analysis (a fixpoint over the CFG) computes, per local slot, the
// set of arrays its value may depend on, through assignments, reads (the array read and
// the index), and implicitly through the predicate an assignment runs under. An array
// influences control when it reaches a predicate flag, a loop guard, an address, or an
// assert / assume. Values flowing into an array through `wr` are tracked too (the array
// then carries the writer's dependencies).
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
