// Several groups, one after another, with inter-group race detection (see Launch.h).
#include "semantics/rules/Launch.h"

#include <algorithm>
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
      Verdict v = machine.run(s, maxSteps - std::min(maxSteps, out.steps));
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
                                  ir.arrays[e.addr.array].name, e.addr.index, name(prev.kind), prev.thread,
                                  prev.group, name(e.kind), e.thread, g);
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

}  // namespace sdvmc::sem
