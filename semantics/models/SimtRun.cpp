// One deterministic simt:W execution with warp analyses (see SimtRun.h).
#include "semantics/models/SimtRun.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>
#include <set>

namespace sdvmc::sem {

uint32_t bankConflictDegree(const Index* index, const uint8_t* mask, uint32_t lanes) {
  std::set<Index> cells;
  for (uint32_t i = 0; i < lanes; ++i)
    if (mask[i]) cells.insert(index[i]);
  uint32_t perBank[32] = {};
  uint32_t degree = 0;
  for (Index c : cells) {
    const uint32_t bank = static_cast<uint32_t>(static_cast<uint64_t>(c) % 32);  // c ≥ 0: bounded arrays are checked first
    degree = std::max(degree, ++perBank[bank]);
  }
  return degree;
}

uint32_t segmentsTouched(const Index* index, const uint8_t* mask, uint32_t lanes) {
  std::set<Index> segments;
  for (uint32_t i = 0; i < lanes; ++i)
    if (mask[i]) segments.insert(index[i] >> 5);  // arithmetic shift: floor(index / 32)
  return static_cast<uint32_t>(segments.size());
}

SimtRun::SimtRun(const Ir& ir, uint32_t threads, Word gid, Memory memory, SimtOptions options,
                 const std::vector<Word>& params)
    : ir_(ir), opts_(options),
      model_(ir, Bounds{}, WarpOptions{options.warpSize, options.uniformExit}, /*por=*/false, /*symmetry=*/false),
      ifOfFlag_(ir.nodes.size(), kNone) {
  for (size_t id = 0; id < ir.nodes.size(); ++id) {
    const Node& node = ir.nodes[id];
    if (node.kind == NodeKind::If && !node.children.empty()) ifOfFlag_[node.children[0]] = static_cast<NodeId>(id);
  }
  state_ = model_.runState(threads, gid, std::move(memory), params);
  model_.setObserver(this);
  frames_.resize(state_.warps.size());
  mask_.resize(state_.warps.front().n);
}

SimtRun::~SimtRun() = default;

PerfLine& SimtRun::line(NodeId id) {
  const Node& node = ir_.nodes[id];
  PerfLine& l = perf_.lines[{node.loc.line, node.loc.col}];
  if (l.node == kNone) {
    l.node = id;
    l.loc = node.loc;
  }
  return l;
}

// The schedule: rounds of warp 0, 1, …, each running until it waits at a barrier or has
// nothing left; the last one to arrive releases the barrier (WarpModel), and the next
// round starts. A warp with nothing left finishes when a warp waits (a deadlock) and
// otherwise is put off: the first warp to arrive at a barrier after it makes it finish
// then, a deadlock too (SimtRun.h: the verdict does not depend on the warp order), and
// when no warp has anything left they all finish.
Verdict SimtRun::run() {
  for (;;) {
    bool ran = false;
    for (uint32_t w = 0; w < state_.warps.size(); ++w) {
      if (state_.status[w] != ThreadStatus::Running) continue;
      ran |= !state_.warps[w].ss.empty();
      if (auto v = runWarp(w)) return *v;
    }
    if (!ran) break;
  }
  for (uint32_t w = 0; w < state_.warps.size(); ++w) {
    if (state_.status[w] != ThreadStatus::Running) continue;
    std::optional<Verdict> v;
    model_.step(state_, w, v);
    if (v) return *v;  // (no warp waits: none)
  }
  Verdict ok;
  ok.kind = VerdictKind::Ok;
  return ok;
}

std::optional<Verdict> SimtRun::runWarp(uint32_t w) {
  GroupState& g = state_.warps[w];
  SdvMachine& m = model_.warpMachine(g.n);
  std::optional<Verdict> v;
  for (;;) {
    if (g.ss.empty()) {
      bool waiting = false;
      for (ThreadStatus st : state_.status) waiting |= st == ThreadStatus::Waiting;
      if (waiting) {
        model_.step(state_, w, v);  // finishes while another waits: a deadlock
        return v;
      }
      if (!finishing_) finishing_ = w;
      return std::nullopt;
    }
    const Item top = g.ss.back();
    const Node& node = ir_.nodes[top.node];
    if (steps_ >= opts_.maxSteps) {
      v.emplace();
      v->kind = VerdictKind::Inconclusive;
      v->rule = m.lastRule();
      v->at = top.node;
      v->loc = node.loc;
      v->message = fmt::format("stopped after {} rule applications (--max-steps)", opts_.maxSteps);
      return v;
    }
    ++steps_;
    if (node.kind == NodeKind::While && top.aux == 1) countLoop(w, top.node);
    const uint64_t threadBefore = m.threadSteps();
    const WarpModel::StepKind kind = model_.step(state_, w, v);
    threadSteps_ += m.threadSteps() - threadBefore;
    if (kind == WarpModel::StepKind::Access || kind == WarpModel::StepKind::Arrive) threadSteps_ += g.n;
    if (v) return v;
    if (kind == WarpModel::StepKind::Arrive) {
      // A warp that has nothing left finishes now, leaving this one waiting.
      if (!finishing_) return std::nullopt;
      model_.step(state_, *finishing_, v);
      assert(v && v->kind == VerdictKind::Deadlock && "a warp finishing while another waits");
      return v;
    }
    afterStep(w, top.node);
  }
}

void SimtRun::countLoop(uint32_t w, NodeId id) {
  // Would G-ITER apply with some enabled lane's guard false?
  GroupState& g = state_.warps[w];
  Evaluator& ev = model_.warpMachine(g.n).evaluator();
  const Node& node = ir_.nodes[id];
  ev.predicate(node.predOpen, g, mask_.data());
  EvalError err;
  const Word* e = ev.eval(node.e0, g, mask_.data(), err);
  if (err.any()) return;  // the machine reports it
  bool any = false, someFalse = false;
  for (uint32_t i = 0; i < g.n; ++i) {
    any |= mask_[i] && e[i] != 0;
    someFalse |= mask_[i] && e[i] == 0;
  }
  if (any && someFalse && !opts_.uniformExit) {
    ++perf_.divergentBranches;
    ++line(id).divergentBranches;
  }
}

void SimtRun::afterStep(uint32_t w, NodeId stepped) {
  GroupState& g = state_.warps[w];
  std::vector<Frame>& frames = frames_[w];
  // G-IF's `v := e` done: do the enabled lanes disagree?
  if (const NodeId ifId = ifOfFlag_[stepped]; ifId != kNone) {
    const Node& flag = ir_.nodes[stepped];
    const Node& ifNode = ir_.nodes[ifId];
    model_.warpMachine(g.n).evaluator().predicate(flag.pred, g, mask_.data());
    const Word* v = g.column(ifNode.slot0);
    bool t = false, f = false;
    for (uint32_t i = 0; i < g.n; ++i) {
      t |= mask_[i] && v[i] != 0;
      f |= mask_[i] && v[i] == 0;
    }
    if (t && f) {
      ++perf_.divergentBranches;
      ++line(ifId).divergentBranches;
      // ss = … (S2, p ∧ ¬v) (S1, p ∧ v): the else-part's item is second from the top.
      assert(g.ss.size() >= 2);
      Frame fr;
      fr.ifNode = ifId;
      fr.depth = g.ss.size() - 2;
      frames.push_back(std::move(fr));
    }
  }
  // Frames whose if is over end; the then-part is over when only the else-part is left.
  while (!frames.empty() && g.ss.size() <= frames.back().depth) frames.pop_back();
  for (Frame& fr : frames)
    if (!fr.inElse && g.ss.size() <= fr.depth + 1) fr.inElse = true;
}

void SimtRun::released(const WarpState&, uint32_t w, NodeId id) { afterStep(w, id); }

std::optional<WarpObserver::LaneRace> SimtRun::beforeRaceCheck(const WarpState& s, uint32_t w, NodeId id,
                                                               const uint8_t* enabled, const Index* index) {
  // Warp divergence: the then-part of a divergent if of this warp touched the cell.
  const std::vector<Frame>& frames = frames_[w];
  if (std::none_of(frames.begin(), frames.end(), [](const Frame& fr) { return fr.inElse; })) return std::nullopt;
  const GroupState& g = s.warps[w];
  const Node& node = ir_.nodes[id];
  // An atomic is a write of its cell to plain accesses, and does not race with atomics.
  const bool atomic = node.kind == NodeKind::Atomic;
  const bool write = node.kind == NodeKind::Write || atomic;
  const uint32_t base = static_cast<uint32_t>(g.lidBase);
  for (uint32_t i = 0; i < g.n; ++i) {
    if (!enabled[i]) continue;
    const Address a{node.array, index[i]};
    for (const Frame& fr : frames) {
      if (!fr.inElse) continue;
      auto it = fr.thenAccesses.find(a);
      if (it == fr.thenAccesses.end()) continue;
      const CellUse& u = it->second;
      // The then-part's writes as this access sees them: plain ones, and atomics unless it is one.
      Access wrote = u.write;
      if (!atomic && u.atomic.thread < wrote.thread) wrote = u.atomic;
      const Access* other = nullptr;
      bool otherWrote = false;
      if (wrote.thread != UINT32_MAX && (!write || u.read.thread == UINT32_MAX || wrote.thread <= u.read.thread)) {
        other = &wrote;
        otherWrote = true;
      } else if (write && u.read.thread != UINT32_MAX) {
        other = &u.read;
      }
      if (other)
        return LaneRace{i, model_.raceVerdict(id, a, other->thread, otherWrote, other->at, base + i, write,
                                              "warp-divergence")};
    }
  }
  return std::nullopt;
}

void SimtRun::accessed(const WarpState& s, uint32_t w, NodeId id, const uint8_t* enabled, const Index* index,
                       const Index* high) {
  const GroupState& g = s.warps[w];
  const Node& node = ir_.nodes[id];
  const bool write = node.kind == NodeKind::Write;
  const uint32_t base = static_cast<uint32_t>(g.lidBase);
  // The then-parts being run remember it (beforeRaceCheck).
  for (Frame& fr : frames_[w]) {
    if (fr.inElse) continue;
    for (uint32_t i = 0; i < g.n; ++i) {
      if (!enabled[i]) continue;
      for (const Index* cells : {index, high}) {  // (high: a 64-bit atomic's second cell)
        if (!cells) continue;
        CellUse& u = fr.thenAccesses[Address{node.array, cells[i]}];
        Access& x = node.kind == NodeKind::Atomic ? u.atomic : write ? u.write : u.read;
        if (base + i < x.thread) x = Access{base + i, id};
      }
    }
  }
  if (ir_.arrays[node.array].bounded) {
    ++perf_.sharedAccesses;
    const uint32_t degree = bankConflictDegree(index, enabled, g.n);
    if (degree > 1) {
      perf_.bankConflicts += degree - 1;
      line(id).bankConflicts += degree - 1;
    }
  } else {
    ++perf_.globalAccesses;
    const uint32_t segs = segmentsTouched(index, enabled, g.n);
    if (segs > 1) {
      ++perf_.nonCoalesced;
      perf_.extraTransactions += segs - 1;
      PerfLine& l = line(id);
      ++l.nonCoalesced;
      l.extraTransactions += segs - 1;
    }
  }
}

}  // namespace sdvmc::sem
