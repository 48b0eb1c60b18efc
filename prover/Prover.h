// `sdvmc prove`: race-, divergence- and error-freedom of a KPL kernel for every group
// size, with Z3, by the two-thread reduction (TwoThread.h); or the smallest group size at
// which it fails, with a witness replayed by the SDV interpreter.
#pragma once

#include "prover/ControlDependence.h"
#include "prover/TwoThread.h"
#include "semantics/rules/Eval.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::prove {

struct ProveOptions {
  /// Several groups: leave races between groups out (GPUVerify's --only-intra-group).
  bool onlyIntraGroup = false;
  /// "auto" (control-dependence analysis), "adversarial" or "equality".
  std::string abstraction = "auto";
  /// Iterations after which a loop that may still run is cut (nullopt: 8, and say so).
  std::optional<uint32_t> unroll;
  /// `--loops induction` (default): a loop that would be cut is proved by induction where
  /// Houdini finds inductive invariants (Induction.h); `--loops unroll`: always cut.
  bool induction = true;
  uint64_t maxThreads = 2147483647;
  /// Seconds per solver query (0: none).
  double timeoutSeconds = 120;
  /// Largest group size a witness is replayed at.
  uint32_t maxReplayThreads = 1u << 20;
  /// Every distinct violation (`prove --all`): after each counterexample, its check points
  /// (same kind, rule, statement and array) are excluded and the solver is asked again,
  /// until it answers unsat or unknown.
  bool all = false;
  /// A CUDA/OpenCL kernel: the group shape is the program's launch (kpl::Program::localSize),
  /// as GPUVerify's --local_size/--blockDim fix it; false: every shape of the launch's
  /// dimensions up to maxThreads threads.
  bool atLaunch = false;
};

/// A concrete configuration: what `sdvmc run` needs to replay it.
struct Witness {
  uint32_t threads = 0;
  int32_t group = 0;
  int32_t group2 = 0;  ///< the second thread's group (several groups: may differ from `group`)
  std::vector<uint32_t> pair;  ///< the two thread ids (one when N = 1 or the error is one thread's)
  /// array name -> index -> value: the initial values Z3 chose for the cells the pair reads.
  std::map<std::string, std::map<int64_t, int32_t>> init;  // index: a 64-bit cell
  std::map<std::string, int32_t> params;  ///< the kernel parameters' values, by name
  uint32_t localSize[3] = {0, 1, 1};      ///< (frontend kernels) the group's extents; [0] = 0: 1-D, threads
  uint32_t numGroups[3] = {1, 1, 1};

  sem::Evaluator::Geometry geometry() const {
    sem::Evaluator::Geometry g;
    g.localSize[0] = localSize[0] ? localSize[0] : threads;
    for (int d = 1; d < 3; ++d) g.localSize[d] = std::max(1u, localSize[d]);
    for (int d = 0; d < 3; ++d) g.numGroups[d] = std::max(1u, numGroups[d]);
    return g;
  }

  /// `params` in the order of `ir`'s parameters (0 for one not given).
  std::vector<int32_t> paramValues(const sem::Ir& ir) const {
    std::vector<int32_t> out;
    for (const std::string& name : ir.params) {
      auto it = params.find(name);
      out.push_back(it == params.end() ? 0 : it->second);
    }
    return out;
  }
};

/// (--all) One violation found: the solver's claim, its witness, and the interpreter's verdict
/// at the witness, which confirmed it.
struct ProvedViolation {
  sem::Verdict claim;
  Witness witness;
  sem::Verdict replayed;
  std::string replayNote;
};

struct ProveResult {
  enum class Status { Ok, Violation, Inconclusive } status = Status::Inconclusive;
  /// Violation / spurious: what the solver claims (kind, rule, statement, pair).
  sem::Verdict claim;
  std::optional<Witness> witness;
  /// The interpreter's verdict at the witness's configuration.
  std::optional<sem::Verdict> replayed;
  bool confirmed = false;
  std::string replayNote;           ///< why a witness is not confirmed, or how it was
  bool bounded = false;             ///< some loop was cut after `unroll` iterations
  /// How each loop (instance) was encoded by the final attempt: unrolled exactly, proved by
  /// induction (with the invariants kept) or cut.
  std::vector<LoopReport> loops;
  /// Induction was turned off after an unconfirmed witness from an induction-encoded loop.
  bool inductionFellBack = false;
  unsigned inductionQueries = 0;    ///< Houdini's solver queries, over every attempt
  uint32_t unroll = 8;
  bool unrollGiven = false;
  uint32_t maxIterations = 0;
  uint64_t maxThreads = 2147483647;
  std::vector<Abstraction> abstraction;  ///< per array, as used by the final attempt
  std::vector<std::string> abstractionWhy;
  std::string reason;               ///< inconclusive: why
  std::vector<std::string> notes;   ///< e.g. a refinement from adversarial to equality
  /// --all: every distinct confirmed violation (sem::ViolationKey of the interpreter's
  /// verdict), in the order found; the first is also claim/witness/replayed above.
  std::vector<ProvedViolation> violations;
  double seconds = 0;
  double solveSeconds = 0;
  unsigned queries = 0;
  size_t checkPoints = 0;
};

ProveResult prove(const sem::Ir& ir, const ProveOptions& options);

/// A Z3 solver with a per-query timeout in seconds (0: none); `logic` nullptr: Z3's
/// default (quantifiers, lambdas), else e.g. "QF_AUFBV".
z3::solver makeSolver(z3::context& ctx, double timeoutSeconds, const char* logic = nullptr);

/// Whether the kernel is a launch of several groups (the pair may span two groups).
bool interGroupLaunch(const sem::Ir& ir);

/// Replays `w` with the SDV interpreter (sem::SdvMachine). `steps`: rule applications.
/// `observer` (may be null) is told every rule application (`prove --sarif` records them).
sem::Verdict replayWitness(const sem::Ir& ir, const Witness& w, uint64_t steps, sem::RuleObserver* observer = nullptr);
/// The rule applications replayWitness allows a witness of `threads` threads.
uint64_t replaySteps(uint32_t threads);

}  // namespace sdvmc::prove

namespace sdvmc::prove {

/// `prove --equiv A B --output ARRAY`: do both kernels leave the same final ARRAY, over the
/// same symbolic inputs (initial memory of arrays with the same name, parameters with the
/// same name, group id, group size)? Executions in which a kernel fails an assume or needs
/// more loop iterations than `unroll` are not compared.
struct EquivResult {
  enum class Status { Equivalent, Different, Inconclusive } status = Status::Inconclusive;
  /// true: every group size 1..maxThreads (proveEquivalentEverySize); false: the bounded
  /// search over minThreads..maxThreads only.
  bool everySize = false;
  uint64_t minThreads = 1, maxThreads = 8;
  std::optional<Witness> witness;
  int32_t cell = 0;
  int32_t valueA = 0, valueB = 0;   ///< the solver's final values
  bool confirmed = false;
  std::string replayNote;
  bool bounded = false;
  uint32_t unroll = 8;
  std::string reason;
  /// every size: each kernel's race/divergence proof (the method's precondition)
  ProveResult pre[2];
  bool preChecked[2] = {false, false};
  int preFailed = -1;               ///< 0 / 1: that kernel is not proved free of races, divergence, errors
  /// every size: found by the bounded search over 1..boundedUpTo first (0: not run)
  uint32_t boundedUpTo = 0;
  bool foundBounded = false;
  uint32_t snapshots[2] = {0, 0};   ///< barrier instances encoded per kernel
  size_t axioms = 0;                ///< quantified formulas
  size_t instances = 0;             ///< ground formulas (instances included)
  std::string method;               ///< every size: "ground instances" or "quantified"
  std::vector<std::string> notes;
  double seconds = 0;
  double solveSeconds = 0;          ///< in the parameterized query (and its minimisation)
  unsigned queries = 0;
};

/// Bounded in the group size: for each N in [minThreads, maxThreads], both kernels are
/// encoded as whole groups of N threads (G-SYNC's merge exact, no abstraction); the final
/// ARRAY is compared at a symbolic cell. Executions in which either kernel reaches an error
/// are not compared.
EquivResult proveEquivalent(const sem::Ir& a, const sem::Ir& b, const std::string& array, uint32_t minThreads,
                            uint32_t maxThreads, const ProveOptions& options);

/// Every group size 1..options.maxThreads (after PUGpara): both kernels must first be proved
/// race-, divergence- and error-free by `prove` (else inconclusive, with what was found).
/// Then each is encoded as one generic thread with a symbolic id and memory snapshots per
/// barrier instance, the writer of each cell Skolemised (EncodeOptions::generic); the final
/// ARRAY is compared at a symbolic cell, N symbolic. A difference is reported only when the
/// interpreter reproduces it at the solver's configuration (smallest N found); the bounded
/// search over 1..8 runs first, as a quick way to small witnesses.
EquivResult proveEquivalentEverySize(const sem::Ir& a, const sem::Ir& b, const std::string& array,
                                     const ProveOptions& options);

}  // namespace sdvmc::prove
