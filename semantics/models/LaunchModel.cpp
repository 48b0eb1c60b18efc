// The whole launch as a model (see LaunchModel.h).
#include "semantics/models/LaunchModel.h"

#include "semantics/models/ModelSupport.h"
#include "semantics/models/StateCodec.h"
#include "semantics/rules/Launch.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>
#include <tuple>

namespace sdvmc::sem {

namespace {

/// Moves the global arrays (global = true) or the others between two memories.
void swapArrays(const Ir& ir, Memory& a, Memory& b, bool global) {
  for (Memory* m : {&a, &b}) {
    m->bounded.resize(ir.arrays.size());
    m->unknown.resize(ir.arrays.size());
    m->unbounded.resize(ir.arrays.size());
  }
  for (size_t k = 0; k < ir.arrays.size(); ++k)
    if (ir.arrays[k].global == global) {
      std::swap(a.bounded[k], b.bounded[k]);
      std::swap(a.unknown[k], b.unknown[k]);
      std::swap(a.unbounded[k], b.unbounded[k]);
    }
}

/// The blank form of the arrays a memory does not hold (global = true: the global ones), so
/// that the encoding is canonical: zero cells, none unknown, no unbounded cell.
void blank(const Ir& ir, Memory& m, bool global) {
  m.bounded.resize(ir.arrays.size());
  m.unknown.resize(ir.arrays.size());
  m.unbounded.resize(ir.arrays.size());
  for (size_t k = 0; k < ir.arrays.size(); ++k)
    if (ir.arrays[k].global == global) {
      m.bounded[k].assign(ir.arrays[k].bounded ? ir.arrays[k].size : 0, 0);
      m.unknown[k].clear();
      m.unbounded[k].clear();
    }
}

/// runLaunch's order of a group's footprint: by cell, writes and atomics before reads, then
/// by thread.
bool footprintOrder(const LaunchModel::Access& a, const LaunchModel::Access& b) {
  return a.addr != b.addr ? a.addr < b.addr : a.kind != b.kind ? a.kind > b.kind : a.thread < b.thread;
}

bool conflict(uint8_t a, uint8_t b) {
  if (a == 2 && b == 2) return false;  // atomics never race with each other
  return a != 0 || b != 0;
}

}  // namespace

LaunchModel::LaunchModel(const Ir& ir, Bounds bounds, uint32_t groups)
    : ir_(ir), bounds_(std::move(bounds)), groups_(groups) {}

std::unique_ptr<Model> LaunchModel::clone() const { return std::make_unique<LaunchModel>(ir_, bounds_, groups_); }

std::string LaunchModel::reductions() const {
  return fmt::format("symmetry off (the launch's {} groups explored together: a grid barrier orders them)", groups_);
}

SdvMachine& LaunchModel::machine(uint32_t n) {
  auto& m = machines_[n];
  if (!m) {
    m = std::make_unique<SdvMachine>(ir_, n);
    m->setBenignWrites(bounds_.benignWrites);
    m->setRaceOptions(bounds_.raceOptions);
  }
  return *m;
}

void LaunchModel::encode(const State& s, StateBytes& out) const {
  ByteWriter w(out);
  w.u32(s.n);
  w.var(s.cursor);
  encodeMemory(ir_, s.global, w);
  for (const GroupState& g : s.groups) {
    encodeMemory(ir_, g.base, w);
    encodeThreads(ir_, g, /*withValues=*/true, w);
    encodeCopies(ir_, g, w);
  }
  for (NodeId at : s.stops) w.var(at == kNone ? 0 : at + 1);
  for (const std::vector<Access>* list : {&s.seen, &s.pending}) {
    w.var(static_cast<uint32_t>(list->size()));
    for (const Access& a : *list) {
      w.var(a.addr.array);
      w.svar64(a.addr.index);
      w.var(a.group);
      w.u8(a.kind);
      w.var(a.thread);
      w.svar(a.value);
    }
  }
}

LaunchModel::State LaunchModel::decode(std::span<const uint8_t> bytes) const {
  State s;
  ByteReader r(bytes);
  s.n = r.u32();
  s.cursor = r.var();
  decodeMemory(ir_, s.global, r);
  s.global.lazyUnbounded = true;
  s.groups.resize(groups_);
  for (uint32_t g = 0; g < groups_; ++g) {
    GroupState& x = s.groups[g];
    x.n = s.n;
    x.gid = static_cast<Word>(g);
    decodeMemory(ir_, x.base, r);
    x.base.lazyUnbounded = true;
    x.locals.assign(static_cast<size_t>(ir_.slotCount) * s.n, 0);
    decodeThreads(ir_, x, /*withValues=*/true, r);
    decodeCopies(ir_, x, r);
  }
  s.stops.resize(std::min(s.cursor, groups_));
  for (NodeId& at : s.stops) {
    const uint32_t v = r.var();
    at = v == 0 ? kNone : v - 1;
  }
  for (std::vector<Access>* list : {&s.seen, &s.pending}) {
    list->resize(r.var());
    for (Access& a : *list) {
      a.addr.array = r.var();
      a.addr.index = r.svar64();
      a.group = r.var();
      a.kind = r.u8();
      a.thread = r.var();
      a.value = r.svar();
      a.at = kNone;
    }
  }
  assert(r.done() && "trailing bytes in a launch state");
  return s;
}

std::vector<StateBytes> LaunchModel::initialStates() {
  std::vector<StateBytes> out;
  for (uint32_t n : bounds_.threads)
    for (const std::vector<Word>& params : bounds_.params) {
      State s;
      s.n = n;
      const Memory start =
          bounds_.initialMemory ? *bounds_.initialMemory : checkInitialMemory(ir_, bounds_.abstractArrays);
      s.global = start;
      blank(ir_, s.global, /*global=*/false);
      for (uint32_t g = 0; g < groups_; ++g) {
        s.groups.push_back(machine(n).initialState(static_cast<Word>(g), start, params));
        blank(ir_, s.groups.back().base, /*global=*/true);
      }
      out.emplace_back();
      encode(s, out.back());
    }
  return out;
}

std::optional<Verdict> LaunchModel::stop(State& s, NodeId at) {
  const uint32_t g = s.cursor;
  SdvMachine& m = machine(s.n);
  // runLaunch's check of group g's phase footprint against the earlier groups'.
  std::vector<Access> fp = std::move(s.pending);
  s.pending.clear();
  std::stable_sort(fp.begin(), fp.end(), footprintOrder);
  for (const Access& e : fp) {
    if (!m.raceChecked(e.addr)) continue;
    for (const Access& prev : s.seen) {
      if (prev.addr != e.addr || !conflict(prev.kind, e.kind)) continue;
      if (bounds_.benignWrites && prev.kind == 1 && e.kind == 1 && prev.value == e.value) continue;
      return groupRaceVerdict(ir_, e.addr, GroupAccess{prev.thread, prev.group, prev.at, prev.kind},
                              GroupAccess{e.thread, static_cast<int64_t>(g), e.at, e.kind});
    }
  }
  for (const Access& e : fp) {
    bool have = false;
    for (const Access& a : s.seen)
      have |= a.addr == e.addr && a.kind == e.kind && (e.kind != 1 || !bounds_.benignWrites || a.value == e.value);
    if (have) continue;
    // runLaunch's lists keep, per cell, the groups' entries in the order added.
    auto pos = std::upper_bound(s.seen.begin(), s.seen.end(), e, [](const Access& x, const Access& y) {
      return std::tie(x.addr, x.group) < std::tie(y.addr, y.group);
    });
    s.seen.insert(pos, e);
  }
  s.stops.push_back(at);
  ++s.cursor;
  if (s.cursor < groups_) return std::nullopt;
  // The phase ends: every group at the same instance of a grid barrier, or all finished.
  for (uint32_t k = 1; k < groups_; ++k) {
    if (s.stops[k] == s.stops[0] && s.groups[k].ss == s.groups[0].ss) continue;
    const uint32_t w = s.stops[0] != kNone ? 0 : k;  // a group that waits at a grid barrier
    const uint32_t o = w == 0 ? k : 0;
    Verdict d;
    d.kind = VerdictKind::Divergence;
    d.rule = Rule::GDivergence;
    d.scope = "grid";
    d.at = s.stops[w];
    d.loc = ir_.nodes[d.at].loc;
    d.groups = {static_cast<Word>(w), static_cast<Word>(o)};
    d.message = s.stops[o] == kNone
                    ? fmt::format("grid barrier divergence: group {} waits at the grid barrier, group {} finished "
                                  "without reaching it", w, o)
                    : fmt::format("grid barrier divergence: group {} waits at this grid barrier, group {} at "
                                  "another one (line {})", w, o, ir_.nodes[s.stops[o]].loc.line);
    return d;
  }
  s.seen.clear();
  if (s.stops[0] == kNone) return std::nullopt;  // every group finished: cursor == groups (terminal)
  s.stops.clear();
  s.cursor = 0;
  return std::nullopt;
}

void LaunchModel::choose(State& s, Address cell, Word v) const {
  if (ir_.arrays[cell.array].global) {
    chooseCell(ir_, s.global, cell, v);
    return;
  }
  // A group's own array starts in every group as the launch's memory gives it (runLaunch;
  // `sdvmc run --init` sets it for all): the value is every group's where still unknown.
  for (GroupState& g : s.groups)
    if (g.base.isUnknown(ir_, cell)) chooseCell(ir_, g.base, cell, v);
}

LaunchModel::Step LaunchModel::transition(State& s, std::optional<Verdict>& verdict) {
  const uint32_t g = s.cursor;
  GroupState& x = s.groups[g];
  SdvMachine& m = machine(s.n);
  swapArrays(ir_, s.global, x.base, /*global=*/true);
  footprint_.clear();
  // (--only-divergence: no race is checked, between groups neither, as runLaunch)
  m.setFootprint(bounds_.raceOptions.check ? &footprint_ : nullptr);
  Step result = Step::Successor;
  bool stopped = false;
  NodeId at = kNone;
  for (uint64_t steps = 0;; ++steps) {
    if (x.ss.empty()) {
      stopped = true;  // (a group whose last statement was the grid barrier it waited at) finished
      break;
    }
    if (steps > 0 && unknownCellRead(ir_, m, x, x.base, bounds_.abstractArrays)) break;
    if (steps >= bounds_.stepCap) {
      result = Step::Stuck;
      break;
    }
    const NodeId top = x.ss.back().node;
    if (auto v = m.step(x)) {
      verdict = std::move(v);
      result = verdict->kind == VerdictKind::Discarded ? Step::Discarded : Step::Violation;
      break;
    }
    const bool synced = m.lastRule() == Rule::GSync;
    if (synced && ir_.nodes[top].kind == NodeKind::Barrier && ir_.nodes[top].grid) {
      stopped = true;  // past a grid barrier: the group waits for the others
      at = top;
      break;
    }
    if (x.ss.empty()) {
      stopped = true;  // finished
      break;
    }
    if (synced || m.lastRule() == Rule::GNoOp) break;
  }
  m.setFootprint(nullptr);
  swapArrays(ir_, s.global, x.base, /*global=*/true);
  for (const SdvMachine::FootprintEntry& e : footprint_)
    s.pending.push_back(Access{e.addr, g, e.kind, e.thread, e.value, e.at});
  // (the state keeps one entry per access, whatever statement made it)
  std::stable_sort(s.pending.begin(), s.pending.end(), [](const Access& a, const Access& b) {
    return std::tie(a.addr, a.kind, a.thread, a.value) < std::tie(b.addr, b.kind, b.thread, b.value);
  });
  s.pending.erase(std::unique(s.pending.begin(), s.pending.end(),
                              [](const Access& a, const Access& b) {
                                return std::tie(a.addr, a.kind, a.thread, a.value) ==
                                       std::tie(b.addr, b.kind, b.thread, b.value);
                              }),
                  s.pending.end());
  if (result != Step::Successor || !stopped) return result;
  if (auto v = stop(s, at)) {
    verdict = std::move(v);
    return Step::Violation;
  }
  return Step::Successor;
}

void LaunchModel::expand(std::span<const uint8_t> state, Expansion& out) {
  out.clear();
  State s = decode(state);
  if (s.cursor >= groups_) {
    out.terminal = true;
    return;
  }
  GroupState& x = s.groups[s.cursor];
  swapArrays(ir_, s.global, x.base, /*global=*/true);
  const std::optional<Address> cell = unknownCellRead(ir_, machine(s.n), x, x.base, bounds_.abstractArrays);
  swapArrays(ir_, s.global, x.base, /*global=*/true);
  if (cell) {
    for (Word v = bounds_.domainLo;; ++v) {  // Choice: one transition per value
      State next = s;
      choose(next, *cell, v);
      out.successors.emplace_back();
      encode(next, out.successors.back());
      if (v == bounds_.domainHi) break;
    }
    return;
  }
  std::optional<Verdict> verdict;
  switch (transition(s, verdict)) {
    case Step::Successor:
      out.successors.emplace_back();
      encode(s, out.successors.back());
      return;
    case Step::Violation:
      out.violation = std::move(verdict);
      out.violationIndex = 0;
      return;
    case Step::Discarded:
      out.discarded = 1;
      return;
    case Step::Stuck:
      out.stuck = "one SDV segment ran more than " + std::to_string(bounds_.stepCap) +
                  " rule applications without reaching a barrier";
      return;
  }
}

Replay LaunchModel::replay(uint32_t initial, std::span<const uint32_t> path) {
  Replay rep;
  std::vector<StateBytes> inits = initialStates();
  State s = decode(inits.at(initial));
  rep.config.threads = s.n;
  for (Slot k = 0; k < ir_.params.size(); ++k) rep.config.params.push_back(s.groups[0].local(k, 0));
  std::map<std::string, std::vector<std::pair<Index, Word>>> init;
  for (uint32_t k : path) {
    if (s.cursor >= groups_) break;
    GroupState& x = s.groups[s.cursor];
    rep.config.group = static_cast<Word>(s.cursor);
    swapArrays(ir_, s.global, x.base, /*global=*/true);
    const std::optional<Address> cell = unknownCellRead(ir_, machine(s.n), x, x.base, bounds_.abstractArrays);
    swapArrays(ir_, s.global, x.base, /*global=*/true);
    if (cell) {
      const Word v = bounds_.domainLo + static_cast<Word>(k);
      choose(s, *cell, v);
      init[ir_.arrays[cell->array].name].emplace_back(cell->index, v);
      continue;
    }
    std::optional<Verdict> verdict;
    const Step o = transition(s, verdict);
    if (o == Step::Violation || o == Step::Discarded) {
      if (verdict && verdict->kind == VerdictKind::Divergence && verdict->scope == "grid")
        rep.config.group = verdict->groups.front();
      rep.violation = std::move(verdict);
      break;
    }
  }
  for (const ArrayInfo& a : ir_.arrays)
    if (auto it = init.find(a.name); it != init.end()) rep.config.init.emplace_back(a.name, it->second);
  encode(s, rep.last);
  return rep;
}

std::string LaunchModel::describeMemory(std::span<const uint8_t> state) const {
  State s = decode(state);
  return describeMemoryText(ir_, s.global);
}

}  // namespace sdvmc::sem
