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

}  // namespace sdvmc::sem
