// Several groups, one after another, with inter-group race detection (see Launch.h).
#include "semantics/rules/Launch.h"

#include <algorithm>
#include <optional>
#include <span>
#include <unordered_set>
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

namespace {
// Where a group stopped at the end of a phase: finished (barrier kNone), or waiting at a
// grid barrier with the rest of its program (ss) to run: two groups wait at the same
// instance of a grid barrier when both are equal.
struct Stop {
  NodeId barrier = kNone;
  std::vector<Item> ss;
};

// Moves the non-global arrays (each group's own) between the launch's memory and a group's
// store of them.
void swapOwn(const Ir& ir, Memory& memory, Memory& own) {
  if (own.bounded.size() < memory.bounded.size()) own.bounded.resize(memory.bounded.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a)
    if (!ir.arrays[a].global) {
      std::swap(memory.bounded[a], own.bounded[a]);
      std::swap(memory.cells(static_cast<ArrayId>(a)), own.cells(static_cast<ArrayId>(a)));
    }
}
}  // namespace

Verdict groupRaceVerdict(const Ir& ir, Address cell, const GroupAccess& first, const GroupAccess& second) {
  Verdict r;
  r.kind = VerdictKind::Race;
  r.rule = Rule::GroupRace;
  r.scope = "inter-group";
  r.at = second.at;
  if (second.at != kNone) r.loc = ir.nodes[second.at].loc;
  r.accesses = {RaceAccess{first.thread, first.kind != 0, cell, first.at, first.kind == 2, first.group},
                RaceAccess{second.thread, second.kind != 0, cell, second.at, second.kind == 2, second.group}};
  r.threads = {first.thread, second.thread};
  auto name = [](uint8_t k) { return k == 0 ? "read" : k == 1 ? "write" : "atomic"; };
  r.message = fmt::format("inter-group race on {}[{}]: {} by thread {} of group {}, {} by thread {} of group {}",
                          ir.arrays[cell.array].name, cell.index, name(first.kind), first.thread, first.group,
                          name(second.kind), second.thread, second.group);
  return r;
}

LaunchResult runLaunch(const Ir& ir, uint32_t threads, uint32_t groups, Memory memory,
                       const std::vector<Word>& params, uint64_t maxSteps, RuleObserver* observer,
                       bool benignWrites, bool interGroup, std::optional<Evaluator::Geometry> geometry,
                       RaceOptions races) {
  LaunchResult out;
  SdvMachine machine(ir, threads);
  if (geometry) machine.evaluator().setGeometry(*geometry);
  machine.setBenignWrites(benignWrites);
  machine.setRaceOptions(races);
  machine.setGridPhases(true);
  interGroup = interGroup && races.check;
  machine.setObserver(observer);
  std::vector<SdvMachine::FootprintEntry> footprint;
  if (interGroup) machine.setFootprint(&footprint);
  // Every group has shared (non-global) memory of its own, starting as the launch's.
  const Memory start = memory;
  // (grid barriers) The launch runs in phases: every group runs to its next grid barrier
  // (or its end), and only then does any group go past it. Each waiting group's state, its
  // own arrays kept apart from the launch's memory (which holds the global arrays).
  std::vector<GroupState> waiting(groups);
  std::vector<Memory> own(groups);
  std::vector<Stop> stops(groups);
  std::vector<uint8_t> finished(groups, 0);
  for (uint32_t phase = 0;; ++phase) {
    // Every earlier group's accesses to each global cell in this phase (the first of each
    // kind per group is enough to report a conflict); accesses in different phases are
    // ordered by the grid barrier between them.
    std::map<Address, std::vector<Access>> seen;
    for (uint32_t g = 0; g < groups; ++g) {
      footprint.clear();
      GroupState s;
      if (phase == 0) {
        if (g > 0)
          for (size_t a = 0; a < ir.arrays.size(); ++a)
            if (!ir.arrays[a].global) {
              memory.bounded[a] = start.bounded[a];
              memory.cells(static_cast<ArrayId>(a)) = start.cells(static_cast<ArrayId>(a));
            }
        s = machine.initialState(static_cast<Word>(g), std::move(memory), params);
      } else {
        s = std::move(waiting[g]);
        swapOwn(ir, memory, own[g]);
        s.base = std::move(memory);
      }
      const uint64_t budget = maxSteps - std::min(maxSteps, out.steps);
      Verdict v = machine.run(s, budget);
      // The group's run was given what the launch had left of --max-steps, and says so; the
      // limit the user gave is the launch's.
      if (v.kind == VerdictKind::Inconclusive &&
          v.message == fmt::format("stopped after {} rule applications (--max-steps)", budget))
        v.message = fmt::format("stopped after {} rule applications of the launch (--max-steps), in group {}",
                                maxSteps, g);
      out.steps = machine.steps();
      out.threadSteps = machine.threadSteps();
      memory = std::move(s.base);
      out.group = static_cast<Word>(g);
      if (v.kind != VerdictKind::Ok) {
        out.verdict = std::move(v);
        out.memory = std::move(memory);
        return out;
      }
      stops[g] = Stop{machine.gridStop(), machine.gridStop() == kNone ? std::vector<Item>{} : s.ss};
      finished[g] = machine.gridStop() == kNone;
      if (!finished[g]) {
        // Keep the group's own arrays and its state for the next phase; the next group
        // starts from the launch's own arrays (phase 0) or its own (swapped in).
        own[g].bounded.assign(memory.bounded.size(), {});
        own[g].unbounded.clear();
        swapOwn(ir, memory, own[g]);
        waiting[g] = std::move(s);
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
          Verdict r = groupRaceVerdict(ir, e.addr, GroupAccess{prev.thread, prev.group, prev.at, prev.kind},
                                       GroupAccess{e.thread, static_cast<int64_t>(g), e.at, e.kind});
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
    // Grid barrier divergence: the groups did not all stop at the same instance of a grid
    // barrier (or some finished while others wait at one).
    for (uint32_t g = 1; g < groups; ++g) {
      if (stops[g].barrier == stops[0].barrier && stops[g].ss == stops[0].ss) continue;
      const uint32_t w = stops[0].barrier != kNone ? 0 : g;  // a group that waits at a grid barrier
      const uint32_t o = w == 0 ? g : 0;
      Verdict d;
      d.kind = VerdictKind::Divergence;
      d.rule = Rule::GDivergence;
      d.scope = "grid";
      d.at = stops[w].barrier;
      d.loc = ir.nodes[d.at].loc;
      d.groups = {static_cast<Word>(w), static_cast<Word>(o)};
      d.message = stops[o].barrier == kNone
                      ? fmt::format("grid barrier divergence: group {} waits at the grid barrier, group {} finished "
                                    "without reaching it", w, o)
                      : fmt::format("grid barrier divergence: group {} waits at this grid barrier, group {} at "
                                    "another one (line {})", w, o, ir.nodes[stops[o].barrier].loc.line);
      out.verdict = std::move(d);
      out.group = static_cast<Word>(w);
      out.memory = std::move(memory);
      return out;
    }
    if (stops[0].barrier == kNone) break;  // every group finished
  }
  out.verdict.kind = VerdictKind::Ok;
  out.memory = std::move(memory);
  return out;
}


Verdict translatedGroupRace(const Ir& ir, const SdvMachine& machine, std::vector<SdvMachine::FootprintEntry> footprint,
                            const std::vector<std::vector<Word>>& offsets, Word rep, uint32_t groups, bool benignWrites,
                            uint64_t workLimit) {
  Verdict ok;
  ok.kind = VerdictKind::Ok;
  auto tooMuch = [&](ArrayId array, size_t accesses) {
    Verdict v;
    v.kind = VerdictKind::Inconclusive;
    v.message = fmt::format("inter-group races on {}: {} distinct accesses per group in {} groups, too many shifts to "
                            "compare", ir.arrays[array].name, accesses, groups);
    return v;
  };
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
    std::span<const SdvMachine::FootprintEntry> e(footprint.data() + lo, hi - lo);
    lo = hi;
    if (!machine.raceChecked(e.front().addr)) continue;
    // Reads never conflict with reads: an array only read has no race.
    if (std::all_of(e.begin(), e.end(), [](const auto& x) { return x.kind == 0; })) continue;
    // Group g's cells are group rep's moved by rel(g) = h(g) − h(rep).
    const std::vector<Word>& h = offsets.at(array);
    auto rel = [&](uint32_t g) { return static_cast<uint32_t>(h.at(g)) - static_cast<uint32_t>(h.at(rep)); };
    // (64-bit cells) The translation below computes on the 2^32 circle of 32-bit indices. An
    // access at a cell beyond 32 bits (addr64) is one whose index the group id does not reach
    // (it would be a failing operand's), so h is the same for every group (h is one function
    // for every access of an array): each group accesses the same cells, and two groups race
    // at the first cell with two conflicting accesses (the same one included), compared in 64 bits.
    if (std::any_of(e.begin(), e.end(), [](const auto& x) { return !fitsWord(x.addr.index); })) {
      for (uint32_t g = 0; g < groups; ++g)
        if (rel(g) != 0) {
          Verdict v;
          v.kind = VerdictKind::Inconclusive;
          v.message = fmt::format("inter-group races on {}: 64-bit cells moved by the group id, which the translation to "
                                  "other groups does not compute", ir.arrays[array].name);
          return v;
        }
      if (groups < 2) continue;
      const uint32_t g1 = 0, g2 = 1;  // the two least groups: a in g1, b in g2
      for (size_t j = 0; j < e.size(); ++j)
        for (size_t k = 0; k < e.size(); ++k) {
          const auto& a = e[k];
          const auto& b = e[j];
          if (a.addr != b.addr || !conflict(a.kind, b.kind)) continue;
          if (benignWrites && a.kind == 1 && b.kind == 1 && a.value == b.value) continue;
          return groupRaceVerdict(ir, a.addr, GroupAccess{a.thread, g1, a.at, a.kind}, GroupAccess{b.thread, g2, b.at, b.kind});
        }
      continue;
    }
    // The cells lie on an arc of the 2^32 circle of length L (the circle less its largest
    // gap); two groups whose shifts differ by more than L (circularly) cannot meet.
    std::vector<uint32_t> byCell(e.size());
    for (uint32_t i = 0; i < e.size(); ++i) byCell[i] = i;
    auto cellOf = [&](uint32_t i) { return static_cast<uint32_t>(e[i].addr.index); };
    std::sort(byCell.begin(), byCell.end(), [&](uint32_t x, uint32_t y) { return cellOf(x) < cellOf(y); });
    uint64_t gap = (uint64_t{1} << 32) - cellOf(byCell.back()) + cellOf(byCell.front());
    for (size_t i = 1; i < byCell.size(); ++i) gap = std::max<uint64_t>(gap, uint64_t{cellOf(byCell[i])} - cellOf(byCell[i - 1]));
    const uint64_t arc = (uint64_t{1} << 32) - gap;
    // The groups by shift; for each group g1 (in order), the least group g2 > g1 of each
    // shift within the arc of g1's: the difference s = rel(g2) − rel(g1) is tried once.
    std::vector<std::pair<uint32_t, uint32_t>> order(groups);
    for (uint32_t g = 0; g < groups; ++g) order[g] = {rel(g), g};
    std::sort(order.begin(), order.end());
    std::unordered_set<uint32_t> tried;
    uint64_t work = 0;
    for (uint32_t g1 = 0; g1 < groups; ++g1) {
      const uint32_t v1 = rel(g1);
      std::vector<uint32_t> candidates;
      auto scan = [&](uint32_t from, uint32_t to) {
        auto it = std::lower_bound(order.begin(), order.end(), std::pair<uint32_t, uint32_t>{from, 0});
        while (it != order.end() && it->first <= to) {
          const auto run = std::upper_bound(it, order.end(), std::pair<uint32_t, uint32_t>{it->first, UINT32_MAX});
          const auto next = std::upper_bound(it, run, std::pair<uint32_t, uint32_t>{it->first, g1});
          if (next != run) candidates.push_back(next->second);
          ++work;
          if (it->first == UINT32_MAX) break;
          it = run;
        }
      };
      if (arc >= (uint64_t{1} << 31)) {
        scan(0, UINT32_MAX);
      } else {
        const uint32_t from = v1 - static_cast<uint32_t>(arc), to = v1 + static_cast<uint32_t>(arc);
        if (from <= to) {
          scan(from, to);
        } else {
          scan(from, UINT32_MAX);
          scan(0, to);
        }
      }
      std::sort(candidates.begin(), candidates.end());
      for (uint32_t g2 : candidates) {
        const uint32_t shift = rel(g2) - v1;
        if (!tried.insert(shift).second) continue;
        work += e.size();
        if (work > workLimit) return tooMuch(array, e.size());
        // b in group g2 at its cell cb + rel(g2) is a in group g1 at ca + rel(g1): ca = cb + s.
        for (size_t j = 0; j < e.size(); ++j) {
          const auto& b = e[j];
          const uint32_t target = static_cast<uint32_t>(b.addr.index) + shift;
          auto it = std::lower_bound(byCell.begin(), byCell.end(), target,
                                     [&](uint32_t x, uint32_t t) { return cellOf(x) < t; });
          for (; it != byCell.end() && cellOf(*it) == target; ++it) {
            const auto& a = e[*it];
            if (!conflict(a.kind, b.kind)) continue;
            if (benignWrites && a.kind == 1 && b.kind == 1 && a.value == b.value) continue;
            const Address cell{array, static_cast<Word>(target + v1)};
            return groupRaceVerdict(ir, cell, GroupAccess{a.thread, g1, a.at, a.kind}, GroupAccess{b.thread, g2, b.at, b.kind});
          }
        }
      }
      if (work > workLimit) return tooMuch(array, e.size());
    }
  }
  return ok;
}

Verdict representativeGroupRace(const Ir& ir, uint32_t threads, const std::vector<Word>& params,
                                const std::vector<GroupOffset>& offsets, Word rep, uint32_t groups, bool benignWrites,
                                const RaceOptions& races) {
  SdvMachine m(ir, threads);
  m.setBenignWrites(benignWrites);
  m.setRaceOptions(races);
  std::vector<SdvMachine::FootprintEntry> footprint;
  m.setFootprint(&footprint);
  GroupState s = m.initialState(rep, initialMemory(ir, 0), params);
  const Verdict own = m.run(s, UINT64_MAX);
  if (own.kind != VerdictKind::Ok) return own;
  const Evaluator::Geometry& geo = m.evaluator().geometry();
  std::vector<std::vector<Word>> h(offsets.size());
  for (size_t a = 0; a < offsets.size(); ++a)
    if (ir.arrays[a].global) {
      h[a].resize(groups);
      for (uint32_t g = 0; g < groups; ++g) h[a][g] = offsets[a].value(ir, static_cast<Word>(g), geo.localSize, geo.numGroups);
    }
  return translatedGroupRace(ir, m, std::move(footprint), h, rep, groups, benignWrites);
}

}  // namespace sdvmc::sem
