// The explicit-state explorer: breadth-first (default; witnesses are shortest) or
// depth-first search over the states of a sem::Model, with states identified by XXH3
// fingerprints (or stored whole with `exact`), TBB-parallel and deterministic.
//
// It knows queues, hashing and the visited set, nothing of KPL or of what a state means
// (../shared/style.md: Storm's ExplicitModelBuilder).
#pragma once

#include "semantics/models/Model.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::explore {

/// A violation reached by the search: the path to it (as Result::initial and Result::path)
/// and the verdict the model reported (which, the states keeping no provenance, may lack
/// the statements of a race's accesses: replay the path for those).
struct FoundViolation {
  uint32_t initial = 0;
  std::vector<uint32_t> path;
  sem::Verdict verdict;
};

struct Options {
  unsigned jobs = 1;                 ///< worker threads (TBB)
  bool depthFirst = false;           ///< depth-first instead of breadth-first (one worker)
  bool exact = false;                ///< store whole states instead of fingerprints (BFS: one worker)
  uint64_t maxStates = 0;            ///< 0: no limit
  double maxSeconds = 0;             ///< 0: no limit
  uint64_t maxMemoryBytes = 0;       ///< 0: no limit (besides the machine's)
  bool progress = false;             ///< a progress line on stderr, refreshed every second
  bool collectTerminals = false;     ///< keep the terminal states (outcomes)
  uint32_t initialTableBits = 20;    ///< the visited set starts with 2^bits slots
  /// Every violation, not only the first: a violating transition is a sink, the search goes
  /// on with the rest of the states, and each violation reached is offered to `distinct` in
  /// the order found (breadth-first: by depth, then by the index of the violating state in
  /// its level, the same order for every `jobs`; depth-first: in visiting order), on the
  /// calling thread, one at a time. Those it accepts are Result::violations.
  bool allViolations = false;
  /// (allViolations) Whether a violation is new (kept) or the same as one kept before;
  /// empty: every one is kept.
  std::function<bool(const FoundViolation&)> distinct;
};

/// A rank's figures in a distributed search (Distributed.h).
struct RankFigures {
  uint64_t states = 0;           ///< the states it owns
  uint64_t bytesSent = 0;        ///< to other ranks (states, keys, indices; not to itself)
  double waitSeconds = 0;        ///< in collective operations (waiting and transfer)
  uint64_t peakMemoryBytes = 0;  ///< its peak resident set
};

struct Result {
  enum class Status {
    Complete,      ///< every reachable state was explored, no violation
    Violation,     ///< a violation was reached (the first found; shortest with BFS). With
                   ///< allViolations: at least one was, and `limit` says if the search was cut
    Inconclusive,  ///< a limit was reached, or the model was stuck
  } status = Status::Complete;

  uint64_t states = 0;          ///< distinct states visited
  uint64_t transitions = 0;     ///< successors generated (duplicates included)
  uint64_t terminalStates = 0;  ///< states with every thread finished
  uint64_t discarded = 0;       ///< transitions discarded by a failed assume
  uint32_t depth = 0;           ///< BFS: levels completed; DFS: maximal stack depth
  double seconds = 0;
  uint64_t peakMemoryBytes = 0;     ///< peak resident set of the process
  uint64_t visitedBytes = 0;        ///< bytes held by the visited set
  double visitedBytesPerState = 0;
  double omissionProbability = 0;   ///< that a state was wrongly considered visited (fingerprints)
  std::string limit;                ///< Inconclusive (or Violation with allViolations): which
                                    ///< limit ended the search, and what was covered

  /// Violation: the path to it: the index of the initial state and, for each step, the
  /// index of the successor taken (as Model::expand orders them), the last entry being
  /// the violating transition's number (Expansion::violationIndex).
  uint32_t initial = 0;
  std::vector<uint32_t> path;
  std::optional<sem::Verdict> violation;

  /// allViolations: the violations `distinct` accepted, in the order found (the first is
  /// also initial/path/violation above).
  std::vector<FoundViolation> violations;

  /// collectTerminals: the terminal states, sorted by their bytes.
  std::vector<sem::StateBytes> terminals;

  /// A distributed search: each rank's figures, in rank order (peakMemoryBytes and
  /// visitedBytes above are then the sums over the ranks), and the exchange rounds.
  std::vector<RankFigures> ranks;
  uint64_t rounds = 0;
};

/// Explores every state reachable from `model`'s initial states. `model` is cloned for
/// each worker. Deterministic: the status, counts, path and terminals are the same for
/// every `jobs`.
Result explore(const sem::Model& model, const Options& options);

}  // namespace sdvmc::explore
