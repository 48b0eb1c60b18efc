// `check`'s data abstraction (issue 15): which sources of arbitrary values are explored
// as one abstract value instead of every value of `--domain` (or of a parameter's range).
//
// Data independence (Wolper, POPL'86): a value that never reaches a branch or loop
// condition, a predicate, an address, an assertion or assumption, an operand that can
// make an expression fail, or (with --benign-writes) the comparison of two written
// values, cannot change a verdict, so one value stands for all. The dependence analysis
// (semantics/rules/Dependence.h) decides it per source: per array with arbitrary cells
// (`*`, no initialiser, the default memory; an atomic's old value is a read of the array)
// and per kernel parameter. An abstract array's arbitrary cells hold what `sdvmc run`
// gives them (0, or a `*V` cell's V), so a witness replays the explored execution
// exactly; an abstract parameter takes the lowest value of its range. Every other
// source is enumerated as before.
#pragma once

#include "semantics/rules/Dependence.h"
#include "semantics/rules/Ir.h"

#include <string>
#include <vector>

namespace sdvmc::sem {

struct DataAbstraction {
  /// One source of arbitrary values and the decision about it.
  struct Entry {
    std::string name;       ///< the array's or parameter's name
    bool parameter = false;
    bool abstract = false;
    std::string why;        ///< why abstract, or what made it matter
    kpl::SourceLoc at;      ///< (enumerated) the first statement that made it matter
  };
  std::vector<Entry> entries;          ///< arrays with arbitrary cells, then parameters
  std::vector<uint8_t> abstractArrays; ///< by ArrayId (Bounds::abstractArrays)
  std::vector<uint8_t> abstractParams; ///< by parameter

  /// `A abstract (…), B enumerated (line 12:3: …)`; "no arbitrary value" when none.
  std::string text() const;
};

/// `check`'s representative group (issue 15): whether one group's exploration decides the
/// intra-group verdicts of every group of the launch. It does when the group id reaches no
/// sink of the dependence analysis (a branch or loop condition, a predicate, an assertion
/// or assumption, an operand that can fail, with --benign-writes a written value), and
/// reaches addresses only as h(g) + r in unbounded arrays with one h per array
/// (Dependence.h): group g's executions are then group 0's with every array's cells
/// translated by its h(g) − h(0), so the same verdicts. Whatever other groups write, a group reads
/// only what the launch began with or its own writes unless two groups conflict on a
/// global cell, and that is an inter-group race, decided separately (`accessesFixed`).
struct GroupPlan {
  bool representative = false;
  std::string why;           ///< why one group stands for all, or what made the group id matter
  kpl::SourceLoc at;         ///< (not representative) where the group id first matters
  std::vector<GroupOffset> offsets;  ///< per array: h, every address of it is h(g) + r
  /// Whether which cells a group accesses depends on no array's values (no array value
  /// reaches a predicate, a branch or loop condition, an address or an assumption, nor,
  /// with --benign-writes, a written value): then one concrete run of a group gives its
  /// accesses for every input. Else `accessesWhy`/`accessesAt` say what decides them.
  bool accessesFixed = false;
  std::string accessesWhy;
  kpl::SourceLoc accessesAt;
};

GroupPlan planGroups(const Ir& ir, bool benignWrites);

/// Decides every source. `on` false (`--data-abstraction off`): every source enumerated,
/// each entry saying so.
DataAbstraction planDataAbstraction(const Ir& ir, bool on, bool benignWrites);

}  // namespace sdvmc::sem
