// The interface between an execution model (semantics/) and the explorer (explorer/),
// after Storm's NextStateGenerator / ExplicitModelBuilder split: a model turns a state
// into its successors; the explorer owns the queue, the visited set and the order, and
// never looks inside a state. A state is a canonical byte string: two states that agree
// on everything the semantics can observe have the same bytes (dead locations, access
// provenance and the like are left out), so that hashing the bytes identifies states.
//
// Models: `sdv` (SdvModel.h) and `mimd`, `simt:W`, `simt-uniform-exit` (WarpModel.h). What a state and a transition
// are in each is documented there, precisely enough to count states by hand.
#pragma once

#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace sdvmc::sem {

using StateBytes = std::vector<uint8_t>;

/// What expanding one state produced. Its transitions are numbered in a deterministic
/// order; each one leads to a successor, or to a violation, or is discarded (an `assume`
/// failed: the execution is outside what the kernel handles). A state without
/// transitions is terminal (every thread finished).
struct Expansion {
  std::vector<StateBytes> successors;   ///< the successors, in transition order
  /// The first transition that reaches a violation; expansion stops there. Its number
  /// `violationIndex` is the count of successors before it, so a path whose last entry is
  /// `violationIndex` names it unambiguously (no successor has that index).
  std::optional<Verdict> violation;
  uint32_t violationIndex = 0;
  uint32_t discarded = 0;               ///< transitions discarded by a failed assume
  bool terminal = false;
  /// The model could not finish expanding (a thread ran more than the model's step cap
  /// without reaching a point where the model stops): the result is inconclusive.
  std::optional<std::string> stuck;

  void clear() {
    successors.clear();
    violation.reset();
    violationIndex = 0;
    discarded = 0;
    terminal = false;
    stuck.reset();
  }
};

/// The warp models' transition cache (semantics/models/TransitionCache.h): off, on, or on with
/// every cached expansion checked against the interpreter's (for testing: a difference
/// stops the program with both expansions).
enum class CacheMode : uint8_t { Off, On, Check };

/// The configurations `check` explores: every group size, every group id, and every
/// arbitrary initial Word over [domainLo, domainHi] (chosen when first read), except
/// those of abstract arrays (abstractArrays).
struct Bounds {
  std::vector<uint32_t> threads{1};
  std::vector<Word> groups{0};
  Word domainLo = 0;
  Word domainHi = 1;
  /// Rule applications one expansion may take before the model reports itself stuck.
  uint64_t stepCap = 10'000'000;
  /// The initial shared memory, when not the kernel's own (arbitrary cells unknown).
  std::optional<Memory> initialMemory;
  /// The valuations of the kernel parameters explored, each one Word per parameter
  /// (Ir::params); one empty valuation when the kernel has none.
  std::vector<std::vector<Word>> params{{}};
  /// (data abstraction) By ArrayId: 1 where the array's arbitrary values reach no verdict
  /// (semantics/rules/Dependence.h), so its arbitrary cells are not chosen over the
  /// domain but hold one abstract value, represented by what `sdvmc run` gives them (0, or
  /// a `*V` cell's V). Empty: every array is enumerated.
  std::vector<uint8_t> abstractArrays;
  /// (sdv) Tolerate benign write-write conflicts (SdvMachine::setBenignWrites).
  bool benignWrites = false;
  /// (sdv) GPUVerify's race options (SdvMachine::setRaceOptions).
  RaceOptions raceOptions;
  /// (mimd, simt) The transition cache.
  CacheMode transitionCache = CacheMode::On;
};

/// One configuration of a run: what `sdvmc run` needs to reproduce it.
struct Configuration {
  uint32_t threads = 0;
  Word group = 0;
  std::vector<Word> params;  ///< the kernel parameters' values (Ir::params order)
  /// Initial values the execution depended on, by array name and index, in order.
  std::vector<std::pair<std::string, std::vector<std::pair<Index, Word>>>> init;
  /// (mimd) the thread of each transition, in order.
  std::vector<uint32_t> schedule;
};

/// A path from an initial state, and what the model says about it.
struct Replay {
  Configuration config;
  std::optional<Verdict> violation;  ///< the verdict the path ends in, if any
  StateBytes last;                   ///< the state the path ends in
};

/// What a terminal state says in outcome mode: an error the execution reached, or the
/// final shared memory; with the configuration (initial values recorded as chosen).
struct TerminalOutcome {
  bool error = false;
  VerdictKind kind = VerdictKind::Ok;
  Rule rule = Rule::GSync;
  NodeId at = kNone;
  uint32_t threads = 0;
  Word group = 0;
  std::vector<std::pair<Address, Word>> choices;  ///< initial values, in the order chosen
  Memory final;                                   ///< (no error) the final shared memory
  /// (no error, races continued: setRacesContinue) the races the execution went past, each
  /// a race verdict whose accesses are the earlier and the later one; sorted by cell, then
  /// by the earlier access (thread, write, statement), then the later one. Empty when the
  /// execution was race-free.
  std::vector<Verdict> races;
};

class Model {
public:
  virtual ~Model() = default;
  /// A copy for another worker (models keep scratch space and are not thread-safe).
  virtual std::unique_ptr<Model> clone() const = 0;
  /// "sdv", "mimd", …
  virtual std::string name() const = 0;
  /// The initial states, in a deterministic order.
  virtual std::vector<StateBytes> initialStates() = 0;
  /// Expands `state` into `out` (cleared first).
  virtual void expand(std::span<const uint8_t> state, Expansion& out) = 0;
  /// Re-executes a path: initial state `initial`, then successor number path[i] at each
  /// step; a last entry equal to the last state's violationIndex takes the violating
  /// transition. Returns the configuration that reproduces it and the verdict it ends in.
  virtual Replay replay(uint32_t initial, std::span<const uint32_t> path) = 0;
  /// Outcome mode (`--compare`, `litmus`): a transition that reaches a violation leads
  /// to a terminal *error state* instead of ending the search, so that the terminal
  /// states are every outcome, errors included.
  virtual void setOutcomeMode(bool on) { (void)on; }
  /// (outcome mode, `litmus --races continue`) A race does not end the execution: the
  /// accesses happen on the one shared memory as they would without it, the race is
  /// recorded on the path, and the terminal outcome lists the races it went past
  /// (TerminalOutcome::races). Returns whether the model can: the interleaving models
  /// can (WarpModel.h says which races they continue past), SDV cannot (its races are
  /// found at a barrier over the whole interval; its rules give no memory after one).
  virtual bool setRacesContinue(bool on) {
    (void)on;
    return false;
  }
  /// What a terminal state of outcome mode says.
  virtual TerminalOutcome outcome(std::span<const uint8_t> terminal) {
    (void)terminal;
    return {};
  }
  /// One line on the reductions in force (symmetries found, or why not; POR).
  virtual std::string reductions() const { return "none"; }
  /// The shared memory of a state as `{"A": [..]}` text, arbitrary cells not yet chosen
  /// as `*` (for outcomes and witnesses).
  virtual std::string describeMemory(std::span<const uint8_t> state) const = 0;
};

}  // namespace sdvmc::sem
