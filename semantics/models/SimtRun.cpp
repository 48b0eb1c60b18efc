// One deterministic simt:W execution with warp analyses (see SimtRun.h).
#include "semantics/models/SimtRun.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>
#include <set>

namespace sdvmc::sem {

namespace {
bool anyEnabled(const uint8_t* mask, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i)
    if (mask[i]) return true;
  return false;
}

/// "thread 3 divides …" said by a warp's machine names lane 3: name the group's thread.
std::string shiftThreadInMessage(const std::string& msg, uint32_t base) {
  if (base == 0 || msg.rfind("thread ", 0) != 0) return msg;
  size_t end = 7;
  while (end < msg.size() && msg[end] >= '0' && msg[end] <= '9') ++end;
  if (end == 7) return msg;
  const uint64_t lane = std::stoull(msg.substr(7, end - 7));
  return "thread " + std::to_string(lane + base) + msg.substr(end);
}
}  // namespace

uint32_t bankConflictDegree(const Word* index, const uint8_t* mask, uint32_t lanes) {
  std::set<Word> cells;
  for (uint32_t i = 0; i < lanes; ++i)
    if (mask[i]) cells.insert(index[i]);
  uint32_t perBank[32] = {};
  uint32_t degree = 0;
  for (Word c : cells) {
    const uint32_t bank = static_cast<uint32_t>(c) % 32;  // c ≥ 0: bounded arrays are checked first
    degree = std::max(degree, ++perBank[bank]);
  }
  return degree;
}

uint32_t segmentsTouched(const Word* index, const uint8_t* mask, uint32_t lanes) {
  std::set<Word> segments;
  for (uint32_t i = 0; i < lanes; ++i)
    if (mask[i]) segments.insert(index[i] >> 5);  // arithmetic shift: floor(index / 32)
  return static_cast<uint32_t>(segments.size());
}

SimtRun::SimtRun(const Ir& ir, uint32_t threads, Word gid, Memory memory, SimtOptions options)
    : ir_(ir), opts_(options), n_(threads), memory_(std::move(memory)), ifOfFlag_(ir.nodes.size(), kNone) {
  for (size_t id = 0; id < ir.nodes.size(); ++id) {
    const Node& node = ir.nodes[id];
    if (node.kind == NodeKind::If && !node.children.empty()) ifOfFlag_[node.children[0]] = static_cast<NodeId>(id);
  }
  const uint32_t size = opts_.warpSize == 0 ? threads : opts_.warpSize;
  const uint32_t count = (threads + size - 1) / size;
  warps_.resize(count);
  for (uint32_t w = 0; w < count; ++w) {
    const uint32_t lanes = std::min(size, threads - w * size);
    auto& m = machines_[lanes];
    if (!m) {
      m = std::make_unique<SdvMachine>(ir, lanes);
      m->setUniformLoopExit(opts_.uniformExit);
    }
    Warp& W = warps_[w];
    W.machine = m.get();
    W.g = m->initialState(gid, Memory{});
    W.g.lidBase = static_cast<Word>(w * size);
  }
  mask_.resize(size);
  mask2_.resize(size);
  index_.resize(size);
  value_.resize(size);
}

SimtRun::~SimtRun() = default;

void SimtRun::setObserver(RuleObserver* o) {
  observer_ = o;
  for (auto& [lanes, m] : machines_) m->setObserver(o);
}

PerfLine& SimtRun::line(NodeId id) {
  const Node& node = ir_.nodes[id];
  PerfLine& l = perf_.lines[{node.loc.line, node.loc.col}];
  if (l.node == kNone) {
    l.node = id;
    l.loc = node.loc;
  }
  return l;
}

Verdict SimtRun::shifted(Verdict v, const GroupState& g) const {
  const uint32_t base = static_cast<uint32_t>(g.lidBase);
  for (uint32_t& x : v.threads) x += base;
  for (uint32_t& x : v.enabled) x += base;
  for (uint32_t& x : v.disabled) x += base;
  v.message = shiftThreadInMessage(v.message, base);
  return v;
}

Verdict SimtRun::deadlock(uint32_t finished, uint32_t waiting) const {
  const bool mimd = opts_.warpSize == 1;
  const uint32_t t = static_cast<uint32_t>(warps_[finished].g.lidBase);
  const uint32_t x = static_cast<uint32_t>(warps_[waiting].g.lidBase);
  Verdict d;
  d.kind = VerdictKind::Deadlock;
  d.rule = mimd ? Rule::MimdDeadlock : Rule::SimtDeadlock;
  d.at = warps_[waiting].g.ss.back().node;
  d.loc = ir_.nodes[d.at].loc;
  d.threads = {t, x};
  d.message = mimd ? fmt::format("thread {} finished while thread {} waits at a barrier", t, x)
                   : fmt::format("the warp of thread {} finished while the warp of thread {} waits at a barrier", t, x);
  return d;
}

Verdict SimtRun::race(NodeId id, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread,
                      bool write, const char* scope) const {
  const bool mimd = opts_.warpSize == 1;
  const Node& node = ir_.nodes[id];
  Verdict r;
  r.kind = VerdictKind::Race;
  r.rule = mimd ? Rule::MimdRace : Rule::SimtRace;
  r.at = id;
  r.loc = node.loc;
  r.accesses = {RaceAccess{other, otherWrote, a, otherAt}, RaceAccess{thread, write, a, id}};
  r.threads = {other, thread};
  if (!mimd) r.scope = scope;
  r.message = fmt::format("{}-{} race on {}[{}]: thread {} then thread {}{}", otherWrote ? "write" : "read",
                          write ? "write" : "read", ir_.arrays[a.array].name, a.index, other, thread,
                          mimd ? ", no barrier between" : fmt::format(" ({})", scope));
  return r;
}

Verdict SimtRun::run() {
  for (;;) {
    for (uint32_t w = 0; w < warps_.size(); ++w) {
      if (warps_[w].status != Status::Running) continue;
      if (auto v = runWarp(w)) return *v;
    }
    bool waiting = false;
    for (const Warp& W : warps_) waiting |= W.status == Status::Waiting;
    if (!waiting) break;
    release();
  }
  Verdict ok;
  ok.kind = VerdictKind::Ok;
  return ok;
}

void SimtRun::release() {
  interval_.clear();
  for (Warp& W : warps_) {
    if (W.status != Status::Waiting) continue;
    const NodeId id = W.g.ss.back().node;
    if (observer_) {
      W.machine->evaluator().predicate(ir_.nodes[id].pred, W.g, mask_.data());
      observer_->onRule(Rule::GSync, id, W.g, mask_.data());
    }
    W.g.ss.pop_back();
    W.status = Status::Running;
    afterStep(static_cast<uint32_t>(&W - warps_.data()), id);
  }
}

std::optional<Verdict> SimtRun::arrive(uint32_t w) {
  // A warp waits at a barrier after another finished: in another interleaving of this
  // interval, that warp finishes while this one waits.
  if (finished_) return deadlock(*finished_, w);
  warps_[w].status = Status::Waiting;
  return std::nullopt;
}

std::optional<Verdict> SimtRun::runWarp(uint32_t w) {
  Warp& W = warps_[w];
  GroupState& g = W.g;
  SdvMachine& m = *W.machine;
  for (;;) {
    if (g.ss.empty()) {
      W.status = Status::Done;
      for (uint32_t u = 0; u < warps_.size(); ++u)
        if (warps_[u].status == Status::Waiting) return deadlock(w, u);
      if (!finished_) finished_ = w;
      return std::nullopt;
    }
    const Item top = g.ss.back();
    const Node& node = ir_.nodes[top.node];
    if (steps_ >= opts_.maxSteps) {
      Verdict v;
      v.kind = VerdictKind::Inconclusive;
      v.rule = m.lastRule();
      v.at = top.node;
      v.loc = node.loc;
      v.message = fmt::format("stopped after {} rule applications (--max-steps)", opts_.maxSteps);
      return v;
    }
    ++steps_;
    switch (node.kind) {
      case NodeKind::Barrier: {
        threadSteps_ += g.n;
        m.evaluator().predicate(node.pred, g, mask_.data());
        if (anyEnabled(mask_.data(), g.n)) return arrive(w);
        if (observer_) observer_->onRule(Rule::GNoOp, top.node, g, mask_.data());
        g.ss.pop_back();
        break;
      }
      case NodeKind::Read:
      case NodeKind::Write:
        if (auto v = access(w, top.node)) return v;
        break;
      case NodeKind::While:
        if (top.aux == 1) countLoop(w, top.node);
        [[fallthrough]];
      default: {
        --steps_;  // the machine counts its own
        const uint64_t before = m.steps(), threadBefore = m.threadSteps();
        auto v = m.step(g);
        steps_ += m.steps() - before;
        threadSteps_ += m.threadSteps() - threadBefore;
        if (v) return shifted(std::move(*v), g);
        break;
      }
    }
    afterStep(w, top.node);
  }
}

void SimtRun::countLoop(uint32_t w, NodeId id) {
  // Would G-ITER apply with some enabled lane's guard false?
  Warp& W = warps_[w];
  const Node& node = ir_.nodes[id];
  W.machine->evaluator().predicate(node.predOpen, W.g, mask_.data());
  EvalError err;
  const Word* e = W.machine->evaluator().eval(node.e0, W.g, mask_.data(), err);
  if (err.any()) return;  // the machine reports it
  bool any = false, someFalse = false;
  for (uint32_t i = 0; i < W.g.n; ++i) {
    any |= mask_[i] && e[i] != 0;
    someFalse |= mask_[i] && e[i] == 0;
  }
  if (any && someFalse && !opts_.uniformExit) {
    ++perf_.divergentBranches;
    ++line(id).divergentBranches;
  }
}

void SimtRun::afterStep(uint32_t w, NodeId stepped) {
  Warp& W = warps_[w];
  GroupState& g = W.g;
  // G-IF's `v := e` done: do the enabled lanes disagree?
  if (const NodeId ifId = ifOfFlag_[stepped]; ifId != kNone) {
    const Node& flag = ir_.nodes[stepped];
    const Node& ifNode = ir_.nodes[ifId];
    W.machine->evaluator().predicate(flag.pred, g, mask_.data());
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
      W.frames.push_back(std::move(fr));
    }
  }
  // Frames whose if is over end; the then-part is over when only the else-part is left.
  while (!W.frames.empty() && g.ss.size() <= W.frames.back().depth) W.frames.pop_back();
  for (Frame& fr : W.frames)
    if (!fr.inElse && g.ss.size() <= fr.depth + 1) fr.inElse = true;
}

std::optional<Verdict> SimtRun::access(uint32_t w, NodeId id) {
  Warp& W = warps_[w];
  GroupState& g = W.g;
  Evaluator& ev = W.machine->evaluator();
  const Node& node = ir_.nodes[id];
  const bool write = node.kind == NodeKind::Write;
  const Rule rule = write ? Rule::TWr : Rule::TRd;
  const uint32_t base = static_cast<uint32_t>(g.lidBase);
  uint8_t* p = mask_.data();
  ev.predicate(node.pred, g, p);
  if (observer_) observer_->onRule(rule, id, g, p);
  if (!anyEnabled(p, g.n)) {  // T-DISABLED for every lane
    g.ss.pop_back();
    return std::nullopt;
  }
  threadSteps_ += g.n;
  EvalError err;
  const Word* e0 = ev.eval(node.e0, g, p, err);
  std::copy(e0, e0 + g.n, index_.begin());
  if (!err.any() && write) {
    const Word* e1 = ev.eval(node.e1, g, p, err);
    std::copy(e1, e1 + g.n, value_.begin());
  }
  if (err.any()) {
    err.thread += base;
    return evalFailureVerdict(ir_, id, rule, err);
  }
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < g.n; ++i)
    if (p[i] && arr.bounded && (index_[i] < 0 || static_cast<uint32_t>(index_[i]) >= arr.size))
      return outOfBoundsVerdict(ir_, id, rule, base + i, index_[i], write);

  for (uint32_t i = 0; i < g.n; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, index_[i]};
    const uint64_t k = key(a);
    // Intra-warp: a lower lane of this warp writes the same cell in this statement.
    if (write)
      for (uint32_t j = 0; j < i; ++j)
        if (p[j] && index_[j] == index_[i]) return race(id, a, base + j, true, id, base + i, write, "intra-warp");
    // Warp divergence: the then-part of a divergent if of this warp touched the cell.
    for (const Frame& fr : W.frames) {
      if (!fr.inElse) continue;
      auto it = fr.thenAccesses.find(k);
      if (it == fr.thenAccesses.end()) continue;
      const CellUse& u = it->second;
      const Access* other = nullptr;
      bool otherWrote = false;
      if (u.write.thread != UINT32_MAX && (!write || u.read.thread == UINT32_MAX || u.write.thread <= u.read.thread)) {
        other = &u.write;
        otherWrote = true;
      } else if (write && u.read.thread != UINT32_MAX) {
        other = &u.read;
      }
      if (other) return race(id, a, other->thread, otherWrote, other->at, base + i, write, "warp-divergence");
    }
    // Inter-warp: a thread of another warp accessed the cell since the last release.
    if (auto it = interval_.find(k); it != interval_.end()) {
      const CellUse* best = nullptr;
      for (const CellUse& u : it->second) {
        if (u.warp == w) continue;
        const bool conflict = u.write.thread != UINT32_MAX || (write && u.read.thread != UINT32_MAX);
        if (conflict && (!best || u.warp < best->warp)) best = &u;
      }
      if (best) {
        const bool useWrite = best->write.thread != UINT32_MAX &&
                              (!write || best->read.thread == UINT32_MAX || best->write.thread <= best->read.thread);
        const Access& o = useWrite ? best->write : best->read;
        return race(id, a, o.thread, useWrite, o.at, base + i, write, "inter-warp");
      }
    }
  }

  // Performed: record it (interval and divergent frames) and count it.
  auto note = [&](CellUse& u, uint32_t thread) {
    Access& x = write ? u.write : u.read;
    if (thread < x.thread) x = Access{thread, id};
  };
  for (uint32_t i = 0; i < g.n; ++i) {
    if (!p[i]) continue;
    const uint64_t k = key(Address{node.array, index_[i]});
    std::vector<CellUse>& uses = interval_[k];
    auto it = std::find_if(uses.begin(), uses.end(), [&](const CellUse& u) { return u.warp == w; });
    if (it == uses.end()) {
      uses.push_back(CellUse{w});
      it = uses.end() - 1;
    }
    note(*it, base + i);
    for (Frame& fr : W.frames)
      if (!fr.inElse) note(fr.thenAccesses[k], base + i);
  }
  if (arr.bounded) {
    ++perf_.sharedAccesses;
    const uint32_t degree = bankConflictDegree(index_.data(), p, g.n);
    if (degree > 1) {
      perf_.bankConflicts += degree - 1;
      line(id).bankConflicts += degree - 1;
    }
  } else {
    ++perf_.globalAccesses;
    const uint32_t segs = segmentsTouched(index_.data(), p, g.n);
    if (segs > 1) {
      ++perf_.nonCoalesced;
      perf_.extraTransactions += segs - 1;
      PerfLine& l = line(id);
      ++l.nonCoalesced;
      l.extraTransactions += segs - 1;
    }
  }
  // Lock step: every enabled lane reads (or writes) at once.
  if (write) {
    for (uint32_t i = 0; i < g.n; ++i)
      if (p[i]) memory_.store(ir_, Address{node.array, index_[i]}, value_[i]);
  } else {
    Word* l = g.column(node.slot0);
    for (uint32_t i = 0; i < g.n; ++i)
      if (p[i]) l[i] = memory_.load(ir_, Address{node.array, index_[i]});
  }
  g.ss.pop_back();
  return std::nullopt;
}

}  // namespace sdvmc::sem
