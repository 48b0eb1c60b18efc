// Recording an execution's rule applications (see Trace.h).
#include "report/Trace.h"

#include <algorithm>

namespace sdvmc::report {

std::string traceRuleName(sem::Rule rule) {
  switch (rule) {
    case sem::Rule::TAssign: case sem::Rule::TRd: case sem::Rule::TWr: case sem::Rule::TAssert:
    case sem::Rule::TPrivateIndex:
    case sem::Rule::TAssume: case sem::Rule::TSkip: case sem::Rule::TAtomic:
      return std::string("G-BASIC/") + sem::ruleName(rule);
    case sem::Rule::GBasic: case sem::Rule::GDivergence: case sem::Rule::GNoOp: case sem::Rule::GRace:
    case sem::Rule::GSync: case sem::Rule::GSeq: case sem::Rule::GVar: case sem::Rule::GIf: case sem::Rule::GOpen:
    case sem::Rule::GIter: case sem::Rule::GDone: case sem::Rule::GCall: case sem::Rule::TDisabled:
    case sem::Rule::MimdRace: case sem::Rule::MimdDeadlock: case sem::Rule::SimtRace: case sem::Rule::SimtDeadlock:
    case sem::Rule::Compare: case sem::Rule::GroupRace: case sem::Rule::GAsyncCopy: case sem::Rule::GAsyncWait:
    case sem::Rule::TCpAsync: case sem::Rule::TCpCommit: case sem::Rule::TCpWait: case sem::Rule::AsyncRace:
      break;
  }
  return sem::ruleName(rule);
}

TraceRecorder::TraceRecorder(const sem::Ir& ir, bool cellIndices, sem::RuleObserver* also, size_t keep)
    : ir_(ir), cellIndices_(cellIndices), also_(also), keep_(std::max<size_t>(keep, 2)) {}

TraceRecorder::~TraceRecorder() = default;

void TraceRecorder::onRule(sem::Rule rule, sem::NodeId node, const sem::GroupState& s, const uint8_t* enabled) {
  if (also_) also_->onRule(rule, node, s, enabled);
  if (total_ == 0) keep_ = std::clamp<size_t>(kLaneSteps / std::max(1u, s.n), 2, keep_);
  TraceStep step;
  step.number = ++total_;
  step.rule = rule;
  step.node = node;
  step.group = s.gid;
  step.lidBase = s.lidBase;
  step.enabled.assign(enabled, enabled + s.n);
  const sem::Node& n = ir_.nodes[node];
  const bool access = rule == sem::Rule::TRd || rule == sem::Rule::TWr || rule == sem::Rule::TAtomic;
  if (cellIndices_ && access && n.e0 != sem::kNone) {
    if (!eval_ || eval_->threads() != s.n) {
      eval_ = std::make_unique<sem::Evaluator>(ir_, s.n);
      if (geometry_) eval_->setGeometry(*geometry_);
    }
    sem::EvalError err;
    const sem::Index* cells = eval_->evalIndex(n.e0, s, enabled, err);
    // An index that fails to evaluate ends the run at this rule; it accessed nothing.
    if (!err.any()) step.cells.assign(cells, cells + s.n);
  }
  if (head_.size() < keep_ / 2) {
    head_.push_back(std::move(step));
  } else if (tail_.size() < keep_ - keep_ / 2) {
    tail_.push_back(std::move(step));
  } else {
    tail_[tailNext_] = std::move(step);
    tailNext_ = (tailNext_ + 1) % tail_.size();
  }
}

Trace TraceRecorder::trace() const {
  Trace t;
  t.total = total_;
  t.steps = head_;
  t.firstKept = head_.size();
  t.omitted = total_ - head_.size() - tail_.size();
  for (size_t i = 0; i < tail_.size(); ++i) t.steps.push_back(tail_[(tailNext_ + i) % tail_.size()]);
  return t;
}

namespace {

/// The lane of thread `lid` in a step's state, or -1 when the state does not hold it.
long laneOf(const TraceStep& s, uint32_t lid) {
  const int64_t lane = static_cast<int64_t>(lid) - s.lidBase;
  return lane >= 0 && lane < static_cast<int64_t>(s.enabled.size()) ? static_cast<long>(lane) : -1;
}

bool enabledFor(const TraceStep& s, uint32_t lid) {
  const long lane = laneOf(s, lid);
  return lane >= 0 && s.enabled[static_cast<size_t>(lane)];
}

/// The step of a race's access: SDV logs the first statement that made it since the last
/// barrier ordering the array, so the earliest matching step after that barrier.
long accessStep(const sem::Ir& ir, const Trace& trace, const sem::RaceAccess& a, sem::Word group) {
  long found = -1;
  for (long i = static_cast<long>(trace.steps.size()) - 1; i >= 0; --i) {
    const TraceStep& s = trace.steps[static_cast<size_t>(i)];
    if (s.group != group) continue;
    if (s.rule == sem::Rule::GSync && enabledFor(s, a.thread) && i + 1 < static_cast<long>(trace.steps.size()) &&
        sem::fenceOrders(ir.nodes[s.node].fence, ir.arrays[a.addr.array]))
      break;
    if (s.node != a.at || !enabledFor(s, a.thread)) continue;
    const bool isAccess = s.rule == sem::Rule::TRd || s.rule == sem::Rule::TWr || s.rule == sem::Rule::TAtomic;
    if (!isAccess) continue;
    if (!s.cells.empty() && s.cells[static_cast<size_t>(laneOf(s, a.thread))] != a.addr.index) continue;
    found = i;
  }
  return found;
}

}  // namespace

Evidence locateEvidence(const sem::Ir& ir, const Trace& trace, const sem::Verdict& v, sem::Word group) {
  Evidence e;
  for (const sem::RaceAccess& a : v.accesses)
    e.accessSteps.push_back(accessStep(ir, trace, a, a.group >= 0 ? static_cast<sem::Word>(a.group) : group));
  if (v.at != sem::kNone)
    for (long i = static_cast<long>(trace.steps.size()) - 1; i >= 0; --i)
      if (trace.steps[static_cast<size_t>(i)].node == v.at) {
        e.at = i;
        break;
      }
  return e;
}

std::vector<ThreadFlowStep> threadFlow(const sem::Ir& ir, const Trace& trace, uint32_t lid, sem::Word group,
                                       const sem::Verdict& v) {
  const Evidence ev = locateEvidence(ir, trace, v, group);
  std::vector<ThreadFlowStep> out;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    const TraceStep& s = trace.steps[i];
    if (s.group != group || !enabledFor(s, lid)) continue;
    ThreadFlowStep f;
    f.step = &s;
    if (!s.cells.empty()) f.cell = s.cells[static_cast<size_t>(laneOf(s, lid))];
    f.essential = static_cast<long>(i) == ev.at;
    for (size_t k = 0; k < v.accesses.size(); ++k)
      if (ev.accessSteps[k] == static_cast<long>(i) && v.accesses[k].thread == lid) f.essential = true;
    out.push_back(f);
  }
  return out;
}

}  // namespace sdvmc::report
