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
// only in its values takes the same rules, addresses and assertions. A checked signed
// operation (`nsw_add` …: integer overflow) and `addr64` (address range) can fail too: with
// errorOperands their operands are sinks.
//
// With `DependenceOptions::groupId` the group id (`gid`) is a source as well (`check`'s
// representative group, issue 15). Every sink above counts for it, addresses included,
// with one exception that keeps a group's executions isomorphic to group 0's: an address
// of the form h(g) + r, where r does not depend on the group id and h is the same function
// of the group for every access of the array (h(g) is then the same for every thread and
// statement of a group, and translating an array's cells by h(g) − h(0) maps group 0's
// executions one to one onto group g's: the same cells alias, the same unknown cells are
// chosen), in an array with no bound to check (an unbounded one: a translation could move a
// bounded array's access out of bounds). The form is recognised syntactically: h is a sum of
// literal × launch sizes × a group function (GroupTerm: gid, or gid and launch sizes under
// a division or remainder, a 2-D or 3-D launch's group coordinates); h and values not derived
// from the group id combine by +, −, unary −, × a literal (or a launch size) and << a literal;
// an assignment keeps the form only where it is unpredicated (a predicated one leaves other
// threads the slot's old value); a value read from memory derived from the group id is
// anything. `groupOffset` gives h per array.
#pragma once

#include "semantics/rules/Ir.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sdvmc::sem {

/// (groupId) One term of the group-dependent part of an address: a literal times launch
/// sizes (`ldim(d)`, `ngroups(d)`, constants of one configuration, each to a power) times a
/// group function: the group id itself, or an expression of the group id and launch sizes
/// alone whose last operation is a division or remainder (a 2-D or 3-D launch's group
/// coordinate: `gid % ngroups(0)`, `gid / ngroups(0)`), the same for every thread of a group.
struct GroupTerm {
  std::string key;                 ///< the group function's text ("gid" for the group id)
  ExprId atom = kNone;             ///< the group function (kNone: the group id)
  std::array<uint8_t, 6> sizes{};  ///< the powers of ldim(0..2), then of ngroups(0..2)
  Word literal = 0;
  bool operator==(const GroupTerm& o) const { return key == o.key && sizes == o.sizes && literal == o.literal; }
};

/// (groupId) h(g), the part of an address h(g) + r that depends on the group: a sum of
/// terms (sorted by function and sizes, literals nonzero; none: h = 0).
struct GroupOffset {
  std::vector<GroupTerm> terms;
  bool operator==(const GroupOffset&) const = default;
  bool zero() const { return terms.empty(); }
  /// h(g) for group g in a configuration of these launch sizes (Word arithmetic).
  Word value(const Ir& ir, Word g, const uint32_t localSize[3], const uint32_t numGroups[3]) const;
};

struct DependenceOptions {
  /// (check) The operands that can make an expression fail are sinks (EvalError).
  bool errorOperands = false;
  /// (check --benign-writes) Written values are sinks: the tolerance compares them.
  bool benignWrites = false;
  /// (check) An atomic's result is the cell's old value, so it depends on the array;
  /// (prove) it is a fresh arbitrary value (the encoding's), depending on nothing.
  bool atomicResultFromArray = false;
  /// (check) The group id is a source too (Dependence::group), addresses of the form
  /// h(g) + r excepted (see above).
  bool groupId = false;
  /// (check's inter-group races) Only what decides which cells a group accesses is a sink:
  /// predicates, branch and loop conditions, addresses, assumptions (and, with
  /// benignWrites, written values). errorOperands and assertions are not.
  bool accessesOnly = false;
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
  /// (groupId) per array, h such that every access's address is h(g) + r (zero: none depends
  /// on the group id); meaningful when the group id does not matter.
  std::vector<GroupOffset> groupOffset;
  size_t cfgVertices = 0;
  size_t cfgEdges = 0;

  const Source& array(ArrayId a) const { return sources[a]; }
  const Source& param(size_t k) const { return sources[arrays + k]; }
  /// (groupId) the group id: the last source.
  const Source& group() const { return sources.back(); }
};

Dependence analyseDependence(const Ir& ir, const DependenceOptions& options);

}  // namespace sdvmc::sem
