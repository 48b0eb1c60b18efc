// An execution's rule applications kept as data, for the views that show an execution
// after it ran: the HTML page of `run --html` / `check --html` (TraceHtml.h) and the code
// flows of SARIF results (Sarif.h). `run --trace` prints the same events as they happen;
// TraceRecorder records them by observing the rules (sem::RuleObserver) and passes each on
// to that printer when there is one.
#pragma once

#include "semantics/rules/Eval.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Sdv.h"
#include "semantics/rules/State.h"
#include "semantics/rules/Verdict.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::report {

/// One rule application.
struct TraceStep {
  uint64_t number = 0;  ///< 1-based, as `--trace` numbers them
  sem::Rule rule = sem::Rule::GSeq;
  sem::NodeId node = sem::kNone;
  sem::Word group = 0;    ///< the group id of the state the rule was applied to
  sem::Word lidBase = 0;  ///< lid of the state's lane 0 (warp models: the warp's first thread)
  std::vector<uint8_t> enabled;  ///< one entry per lane of the state
  /// T-RD, T-WR, T-ATOMIC when cell indices are recorded: the index each enabled lane
  /// accesses (evaluated on the state before the rule, as the rule evaluates it).
  std::vector<sem::Index> cells;
};

/// A recorded execution: the first and the last `keep / 2` rule applications of a longer one.
struct Trace {
  std::vector<TraceStep> steps;
  uint64_t total = 0;     ///< rule applications observed
  uint64_t omitted = 0;   ///< left out between steps[firstKept - 1] and steps[firstKept]
  size_t firstKept = 0;   ///< index in `steps` of the first step after the omitted ones
};

/// "G-BASIC/T-WR" for the thread rules a G-BASIC applies, else the rule's name (as `--trace`).
std::string traceRuleName(sem::Rule rule);

class TraceRecorder : public sem::RuleObserver {
public:
  /// `cellIndices`: evaluate the index of each access (the SDV machine's states; not the
  /// warp models', whose lanes evaluate under a warp's geometry). `also` (may be null) is
  /// told every rule application too. At most `keep` steps are kept, and at most
  /// kLaneSteps / (threads of the first state) — a page of n columns has n cells a row.
  TraceRecorder(const sem::Ir& ir, bool cellIndices, sem::RuleObserver* also = nullptr, size_t keep = 20000);
  ~TraceRecorder() override;
  void onRule(sem::Rule rule, sem::NodeId node, const sem::GroupState& s, const uint8_t* enabled) override;
  /// The recorded execution, in order.
  Trace trace() const;
  /// The launch geometry the machine evaluates under, when it is not the default one
  /// (sem::Evaluator::geometryFor), so that cell indices evaluate alike.
  void setGeometry(const sem::Evaluator::Geometry& g) { geometry_ = g; }

  static constexpr size_t kLaneSteps = 1'000'000;

private:
  const sem::Ir& ir_;
  bool cellIndices_;
  sem::RuleObserver* also_;
  size_t keep_;
  uint64_t total_ = 0;
  std::vector<TraceStep> head_;
  std::vector<TraceStep> tail_;  ///< a ring of the last keep_/2 steps once head_ is full
  size_t tailNext_ = 0;
  std::unique_ptr<sem::Evaluator> eval_;
  std::optional<sem::Evaluator::Geometry> geometry_;
};

/// One thread's part of a trace: the steps where it was enabled, for a code flow.
struct ThreadFlowStep {
  const TraceStep* step = nullptr;
  sem::Index cell = 0;    ///< the cell accessed (when step->cells is set)
  bool essential = false; ///< one of the verdict's accesses or its statement
};
/// The steps of `trace` where thread `lid` of group `group` was enabled (as a lane of the
/// state); `v` marks which of them are the verdict's evidence.
std::vector<ThreadFlowStep> threadFlow(const sem::Ir& ir, const Trace& trace, uint32_t lid, sem::Word group,
                                       const sem::Verdict& v);

/// Where in `trace.steps` each piece of the verdict's evidence is: for a race, the step of
/// each access (the first matching access after the last barrier the thread passed, as
/// SDV logs it), else -1; `at` is the last step at the verdict's statement.
struct Evidence {
  std::vector<long> accessSteps;  ///< parallel to v.accesses
  long at = -1;
};
Evidence locateEvidence(const sem::Ir& ir, const Trace& trace, const sem::Verdict& v, sem::Word group);

}  // namespace sdvmc::report
