// Several groups, one after another, with inter-group race detection (see Launch.h).
#include "semantics/rules/Launch.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <span>
#include <fmt/format.h>
#include <map>

namespace sdvmc::sem {

namespace {
struct Access {
  Word group;
  uint32_t thread;
  NodeId at;
  uint8_t kind;  // 0 read, 1 write, 2 atomic
  Word value;    // writes: the value written
};

bool conflict(uint8_t a, uint8_t b) {
  if (a == 2 && b == 2) return false;  // atomics never race with each other
  return a != 0 || b != 0;             // a write or an atomic against anything but a read-read pair
}
}  // namespace

LaunchResult runLaunch(const Ir& ir, uint32_t threads, uint32_t groups, Memory memory,
                       const std::vector<Word>& params, uint64_t maxSteps, RuleObserver* observer,
                       bool benignWrites, bool interGroup, std::optional<Evaluator::Geometry> geometry,
                       RaceOptions races) {
  LaunchResult out;
  SdvMachine machine(ir, threads);
  if (geometry) machine.evaluator().setGeometry(*geometry);
  machine.setBenignWrites(benignWrites);
  machine.setRaceOptions(races);
  interGroup = interGroup && races.check;
  machine.setObserver(observer);
  std::vector<SdvMachine::FootprintEntry> footprint;
  if (interGroup) machine.setFootprint(&footprint);
  // Every earlier group's accesses to each global cell (the first of each kind per group
  // is enough to report a conflict).
  std::map<Address, std::vector<Access>> seen;
  // Every group has shared (non-global) memory of its own, starting as the launch's.
  const Memory start = memory;
  for (uint32_t g = 0; g < groups; ++g) {
    footprint.clear();
    if (g > 0)
      for (size_t a = 0; a < ir.arrays.size(); ++a)
        if (!ir.arrays[a].global) {
          memory.bounded[a] = start.bounded[a];
          memory.cells(static_cast<ArrayId>(a)) = start.cells(static_cast<ArrayId>(a));
        }
    GroupState s = machine.initialState(static_cast<Word>(g), std::move(memory), params);
    const uint64_t before = machine.steps();
    Verdict v = machine.run(s, maxSteps - std::min(maxSteps, out.steps));
    out.steps = machine.steps();
    out.threadSteps = machine.threadSteps();
    (void)before;
    memory = std::move(s.base);
    out.group = static_cast<Word>(g);
    if (v.kind != VerdictKind::Ok) {
      out.verdict = std::move(v);
      out.memory = std::move(memory);
      return out;
    }
    // Conflicts with earlier groups: the smallest address, then the earliest group.
    std::sort(footprint.begin(), footprint.end(), [](const auto& a, const auto& b) {
      return a.addr != b.addr ? a.addr < b.addr : a.kind != b.kind ? a.kind > b.kind : a.thread < b.thread;
    });
    for (const SdvMachine::FootprintEntry& e : footprint) {
      auto it = seen.find(e.addr);
      if (it == seen.end() || !machine.raceChecked(e.addr)) continue;
      for (const Access& prev : it->second) {
        if (!conflict(prev.kind, e.kind)) continue;
        if (benignWrites && prev.kind == 1 && e.kind == 1 && prev.value == e.value) continue;
        // (--benign-writes=gpuverify) a write that left the cell as the launch began, against a read
        if (races.benignUnchanged && prev.kind + e.kind == 1 &&
            (prev.kind == 1 ? prev.value : e.value) == start.load(ir, e.addr))
          continue;
        Verdict r;
        r.kind = VerdictKind::Race;
        r.rule = Rule::GroupRace;
        r.scope = "inter-group";
        r.at = e.at;
        r.loc = ir.nodes[e.at].loc;
        RaceAccess first{prev.thread, prev.kind != 0, e.addr, prev.at, prev.kind == 2, prev.group};
        RaceAccess second{e.thread, e.kind != 0, e.addr, e.at, e.kind == 2, static_cast<int64_t>(g)};
        r.accesses = {first, second};
        r.threads = {prev.thread, e.thread};
        auto name = [](uint8_t k) { return k == 0 ? "read" : k == 1 ? "write" : "atomic"; };
        r.message = fmt::format("inter-group race on {}[{}]: {} by thread {} of group {}, {} by thread {} of group {}",
                                ir.arrays[e.addr.array].name, e.addr.index, name(prev.kind), prev.thread, prev.group,
                                name(e.kind), e.thread, g);
        out.verdict = std::move(r);
        out.memory = std::move(memory);
        return out;
      }
    }
    for (const SdvMachine::FootprintEntry& e : footprint) {
      std::vector<Access>& list = seen[e.addr];
      bool have = false;
      for (const Access& a : list) have |= a.kind == e.kind && (e.kind != 1 || !benignWrites || a.value == e.value);
      if (!have) list.push_back(Access{static_cast<Word>(g), e.thread, e.at, e.kind, e.value});
    }
  }
  out.verdict.kind = VerdictKind::Ok;
  out.memory = std::move(memory);
  return out;
}

namespace {
/// The circular distance of x from 0 modulo 2^32.
uint64_t circular(uint32_t x) { return std::min<uint64_t>(x, (uint64_t{1} << 32) - x); }
}  // namespace

Verdict translatedGroupRace(const Ir& ir, const SdvMachine& machine, std::vector<SdvMachine::FootprintEntry> footprint,
                            const std::vector<Word>& strides, Word rep, uint32_t groups, bool benignWrites,
                            uint64_t pairLimit) {
  Verdict ok;
  ok.kind = VerdictKind::Ok;
  std::sort(footprint.begin(), footprint.end(), [](const auto& a, const auto& b) {
    return a.addr != b.addr ? a.addr < b.addr : a.kind != b.kind ? a.kind > b.kind : a.thread < b.thread;
  });
  // One kind per (cell, kind, value): the rest adds no pair.
  footprint.erase(std::unique(footprint.begin(), footprint.end(),
                              [&](const auto& a, const auto& b) {
                                return a.addr == b.addr && a.kind == b.kind && (a.kind != 1 || a.value == b.value);
                              }),
                  footprint.end());
  for (size_t lo = 0; lo < footprint.size();) {
    const ArrayId array = footprint[lo].addr.array;
    size_t hi = lo;
    while (hi < footprint.size() && footprint[hi].addr.array == array) ++hi;
    const uint32_t k = static_cast<uint32_t>(strides.at(array));
    std::span<const SdvMachine::FootprintEntry> e(footprint.data() + lo, hi - lo);
    lo = hi;
    if (!machine.raceChecked(e.front().addr)) continue;
    // The cells lie on an arc of the 2^32 circle of length L (the circle less its largest
    // gap); no shift k·d of circular distance above L makes two of them meet.
    std::vector<uint32_t> cells;
    for (const auto& x : e) cells.push_back(static_cast<uint32_t>(x.addr.index));
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    uint64_t gap = (uint64_t{1} << 32) - cells.back() + cells.front();
    for (size_t i = 1; i < cells.size(); ++i) gap = std::max<uint64_t>(gap, uint64_t{cells[i]} - cells[i - 1]);
    const uint64_t arc = (uint64_t{1} << 32) - gap;
    // Group g's cells are group 0's moved by k·g: group g1 + d meets group g1 where a cell of
    // group 0's moved by k·d is one of group 0's. Each distinct shift k·d (0 < d < groups,
    // the least d first) within the arc is tried once.
    std::vector<uint32_t> byCell(e.size());
    for (uint32_t i = 0; i < e.size(); ++i) byCell[i] = i;
    auto cellOf = [&](uint32_t i) { return static_cast<uint32_t>(e[i].addr.index); };
    std::sort(byCell.begin(), byCell.end(), [&](uint32_t x, uint32_t y) { return cellOf(x) < cellOf(y); });
    // k·d repeats with period 2^(32 − t), k = 2^t·u (u odd); d = the period is the shift 0.
    const uint64_t period = k == 0 ? 1 : uint64_t{1} << (32 - std::countr_zero(k));
    const uint64_t last = std::min<uint64_t>(groups - 1, period);
    uint64_t work = 0;
    uint32_t shift = 0;
    for (uint64_t d = 1; d <= last; ++d) {
      shift += k;
      if (circular(shift) > arc) continue;
      work += e.size();
      if (work > pairLimit) {
        Verdict v;
        v.kind = VerdictKind::Inconclusive;
        v.message = fmt::format("inter-group races on {}: {} distinct accesses per group, too many shifts to compare",
                                ir.arrays[array].name, e.size());
        return v;
      }
      // b in group d at group 0's cell cb + k·d = ca, the cell of a in group 0.
      for (size_t j = 0; j < e.size(); ++j) {
        const auto& b = e[j];
        const uint32_t target = static_cast<uint32_t>(b.addr.index) + shift;
        auto it = std::lower_bound(byCell.begin(), byCell.end(), target,
                                   [&](uint32_t x, uint32_t t) { return cellOf(x) < t; });
        for (; it != byCell.end() && cellOf(*it) == target; ++it) {
          const auto& a = e[*it];
          if (!conflict(a.kind, b.kind)) continue;
          if (benignWrites && a.kind == 1 && b.kind == 1 && a.value == b.value) continue;
          const int64_t g2 = static_cast<int64_t>(d);
          // Group 0's cell ca is the launch's cell ca + k·(0 − rep).
          const Address cell{array, static_cast<Word>(target - k * static_cast<uint32_t>(rep))};
          Verdict r;
          r.kind = VerdictKind::Race;
          r.rule = Rule::GroupRace;
          r.scope = "inter-group";
          r.at = b.at;
          r.loc = ir.nodes[b.at].loc;
          r.accesses = {RaceAccess{a.thread, a.kind != 0, cell, a.at, a.kind == 2, 0},
                        RaceAccess{b.thread, b.kind != 0, cell, b.at, b.kind == 2, g2}};
          r.threads = {a.thread, b.thread};
          auto name = [](uint8_t x) { return x == 0 ? "read" : x == 1 ? "write" : "atomic"; };
          r.message = fmt::format("inter-group race on {}[{}]: {} by thread {} of group 0, {} by thread {} of group {}",
                                  ir.arrays[array].name, cell.index, name(a.kind), a.thread, name(b.kind), b.thread, g2);
          return r;
        }
      }
    }
  }
  return ok;
}

}  // namespace sdvmc::sem
