// Which sources of arbitrary values can reach a verdict: the data and control dependence
// of the lowered program, shared by `prove` (which arrays get the equality abstraction,
// GPUVerify section 4.2; prover/ControlDependence.h) and `check` (which sources are one
// abstract value instead of `--domain` many: data independence, Wolper POPL'86).
//
// The kernel's control-flow graph is built over the lowered IR with Boost.Graph: one
// vertex per basic statement, barrier, loop head and rule that resets fresh locations
// (G-VAR, G-IF, G-OPEN, G-ITER, G-CALL), with the loops' back edges. In the IR, control
// dependence is explicit: a statement is control dependent exactly on the flags of its
// predicate (G-IF's v, a loop's guard u and break/continue flags, a call's return flag).
// A forward data-flow analysis (a fixpoint over the CFG) computes, per local slot, the
// set of sources its value may depend on, through assignments, reads (the array read and
// the index), atomics, and implicitly through the predicate a statement runs under.
// Values flowing into an array through `wr` (or an atomic) are tracked too: the array then
// carries the writer's dependencies, so a later read of it depends on them.
//
// Sources: each array (its arbitrary initial values, and whatever is written to it), and
// each kernel parameter (slot k holds parameter k from the start). A source *matters* when
// a value depending on it reaches a sink: a predicate flag, a loop guard, the predicate of
// any statement (a barrier's included), an address, an assert or assume, and with
// `Options::errorOperands` every operand whose value can make an expression fail (a
// divisor, a shift amount, a lane of `shfl`, the operands of annotation builtins, and the
// condition of `&&`, `||`, `?:` guarding such an operand), and with
// `Options::benignWrites` every written value (the tolerance compares two of them).
// A source that does not matter cannot change a verdict: every execution that differs
// only in its values takes the same rules, addresses and assertions.
#pragma once

#include "semantics/rules/Ir.h"

#include <string>
#include <vector>

namespace sdvmc::sem {

struct DependenceOptions {
  /// (check) The operands that can make an expression fail are sinks (EvalError).
  bool errorOperands = false;
  /// (check --benign-writes) Written values are sinks: the tolerance compares them.
  bool benignWrites = false;
  /// (check) An atomic's result is the cell's old value, so it depends on the array;
  /// (prove) it is a fresh arbitrary value (the encoding's), depending on nothing.
  bool atomicResultFromArray = false;
};

struct Dependence {
  /// One per source: arrays by ArrayId, then parameters (Ir::params order).
  struct Source {
    bool matters = false;
    /// Where a value depending on it first reaches a sink (by source position), or kNone.
    NodeId at = kNone;
    /// What it reaches there, e.g. "an address"; empty when it matters nowhere.
    std::string what;
  };
  std::vector<Source> sources;
  size_t arrays = 0;  ///< sources[0, arrays) are the arrays, the rest the parameters
  size_t cfgVertices = 0;
  size_t cfgEdges = 0;

  const Source& array(ArrayId a) const { return sources[a]; }
  const Source& param(size_t k) const { return sources[arrays + k]; }
};

Dependence analyseDependence(const Ir& ir, const DependenceOptions& options);

}  // namespace sdvmc::sem
