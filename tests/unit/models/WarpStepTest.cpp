// WarpModel's concrete run (WarpModel::step, WarpObserver; semantics/models/WarpModel.h):
// one rule application at a time, the observer's place in the race check, and SimtRun
// (semantics/models/SimtRun.h) as one of the executions the model explores.
#include "ModelHelpers.h"

#include "semantics/models/SimtRun.h"

#include <fstream>
#include <set>
#include <sstream>

using namespace modtest;
using semtest::lineOf;
using Kind = sem::WarpModel::StepKind;

namespace {

/// Steps warp w until it applies a rule of kind `kind` (failing on a verdict or after
/// 1000 rules).
void stepWarpUntil(sem::WarpModel& m, sem::WarpState& s, uint32_t w, Kind kind) {
  for (int i = 0; i < 1000; ++i) {
    std::optional<sem::Verdict> v;
    const Kind k = m.step(s, w, v);
    REQUIRE_FALSE(v);
    if (k == kind) return;
  }
  FAIL("warp " << w << " never applied the rule looked for");
}

/// Reports a race of its own at lane `lane` of every access to statement `at`.
class LaneRaceObserver : public sem::WarpObserver {
public:
  LaneRaceObserver(const sem::WarpModel& m, sem::NodeId at, uint32_t lane) : m_(m), at_(at), lane_(lane) {}
  std::optional<LaneRace> beforeRaceCheck(const sem::WarpState& s, uint32_t w, sem::NodeId id, const uint8_t*,
                                          const sem::Index* index) override {
    if (id != at_) return std::nullopt;
    const uint32_t t = static_cast<uint32_t>(s.warps[w].lidBase) + lane_;
    return LaneRace{lane_, m_.raceVerdict(id, sem::Address{0, index[lane_]}, t, true, id, t, true, "observer")};
  }
  void accessed(const sem::WarpState&, uint32_t w, sem::NodeId id, const uint8_t*, const sem::Index*, const sem::Index*) override {
    accesses.emplace_back(w, id);
  }
  void released(const sem::WarpState&, uint32_t w, sem::NodeId) override { releases.push_back(w); }
  std::vector<std::pair<uint32_t, sem::NodeId>> accesses;
  std::vector<uint32_t> releases;

private:
  const sem::WarpModel& m_;
  sem::NodeId at_;
  uint32_t lane_;
};

}  // namespace

TEST_CASE("WarpModel::step: one rule at a time; the last warp to arrive releases the barrier", "[models][simt]") {
  const std::string text = R"(threads: 4;
group: 0;
shared S[4];
main: {
  wr(S, lid, lid);
  barrier;
}
)";
  auto k = compile(text);
  sem::WarpModel m(k->ir, bounds({4}), sem::WarpOptions{2, false}, /*por=*/false, /*symmetry=*/false);
  sem::WarpState s = m.runState(4, 0, sem::initialMemory(k->ir, 0));
  REQUIRE(s.warps.size() == 2);
  LaneRaceObserver obs(m, sem::kNone, 0);  // no race of its own
  m.setObserver(&obs);
  stepWarpUntil(m, s, 0, Kind::Access);
  CHECK(s.memory.bounded[0] == std::vector<sem::Word>{0, 1, 0, 0});
  CHECK(s.warps[0].logs[1].writes.size() == 1);
  stepWarpUntil(m, s, 0, Kind::Arrive);
  CHECK(s.status[0] == sem::ThreadStatus::Waiting);
  CHECK(s.warps[0].logs[1].writes.size() == 1);
  stepWarpUntil(m, s, 1, Kind::Access);
  stepWarpUntil(m, s, 1, Kind::Arrive);
  // Warp 1 was the last: both pass (ss popped), the logs are cleared.
  CHECK(s.status == std::vector<sem::ThreadStatus>{sem::ThreadStatus::Running, sem::ThreadStatus::Running});
  CHECK(s.warps[0].logs[1].writes.empty());
  CHECK(obs.releases == std::vector<uint32_t>{0, 1});
  CHECK(obs.accesses.size() == 2);
  CHECK(s.memory.bounded[0] == std::vector<sem::Word>{0, 1, 2, 3});
  // Nothing left: finishing, all at once (no warp waits).
  std::optional<sem::Verdict> v;
  while (s.warps[0].ss.size()) {
    m.step(s, 0, v);
    REQUIRE_FALSE(v);
  }
  CHECK(m.step(s, 0, v) == Kind::Finish);
  CHECK_FALSE(v);
  CHECK(s.status == std::vector<sem::ThreadStatus>{sem::ThreadStatus::Done, sem::ThreadStatus::Done});
}

TEST_CASE("WarpModel::step: an observer's race is checked after its lane's intra-warp check", "[models][simt]") {
  const std::string text = R"(threads: 4;
group: 0;
shared S[4];
main: {
  wr(S, lid / 2, lid);
  barrier;
}
)";
  auto k = compile(text);
  const sem::NodeId wr = semtest::findNode(k->ir, sem::NodeKind::Write, lineOf(text, "wr(S"));
  auto firstVerdict = [&](uint32_t lane) {
    sem::WarpModel m(k->ir, bounds({4}), sem::WarpOptions{4, false}, false, false);
    sem::WarpState s = m.runState(4, 0, sem::initialMemory(k->ir, 0));
    LaneRaceObserver obs(m, wr, lane);
    m.setObserver(&obs);
    for (int i = 0; i < 100; ++i) {
      std::optional<sem::Verdict> v;
      m.step(s, 0, v);
      if (v) return *v;
    }
    FAIL("no verdict");
    return sem::Verdict{};
  };
  // Lanes 0 and 1 write S[0]: lane 1's intra-warp race comes before the observer's at lane 1,
  // the observer's at lane 0 before it.
  sem::Verdict at1 = firstVerdict(1);
  CHECK(at1.scope == "intra-warp");
  CHECK(at1.threads == std::vector<uint32_t>{0, 1});
  sem::Verdict at0 = firstVerdict(0);
  CHECK(at0.scope == "observer");
  CHECK(at0.threads == std::vector<uint32_t>{0, 0});
}

TEST_CASE("simt: verdict messages name the group's threads, in check as in run", "[models][simt]") {
  auto k = compile("threads: 8;\ngroup: 0;\nmain: {\n  local x;\n  x := 1 / (lid - 6);\n  barrier;\n}\n");
  sem::WarpModel m(k->ir, bounds({8}), sem::WarpOptions{4, false});
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.violation->kind == sem::VerdictKind::DivisionByZero);
  CHECK(r.violation->threads == std::vector<uint32_t>{6});
  CHECK(r.violation->message.rfind("thread 6 ", 0) == 0);
}

TEST_CASE("SimtRun: the run's final memory is one that WarpModel explores", "[models][simt][perf]") {
  // Race-free kernels whose outcome depends on the warp size or the model; the run is one
  // schedule of the model, so its final memory is among the explored ones.
  const std::string paper = std::string(SDVMC_SOURCE_DIR) + "/specs/litmus/fig4.kpl";
  const std::string rotate = R"(threads: 6;
group: 0;
shared S[6] = {1, 2, 3, 4, 5, 6};
main: {
  local t, i;
  i := 0;
  while (i < lid % 3) {
    t := rd(S, (lid + 1) % 6);
    barrier;
    wr(S, lid, t + i);
    barrier;
    i := i + 1;
  }
  barrier;
}
)";
  struct Case {
    std::string text;
    uint32_t warp;
    bool uniformExit;
  };
  std::vector<Case> cases;
  std::ifstream in(paper);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const std::string fig4 = text.str();
  for (uint32_t w : {0u, 1u, 2u, 4u}) cases.push_back({fig4, w, false});
  cases.push_back({fig4, 0, true});
  for (uint32_t w : {1u, 2u, 3u, 6u}) cases.push_back({rotate, w, false});
  for (const Case& c : cases) {
    CAPTURE(c.warp, c.uniformExit);
    auto k = compile(c.text);
    const uint32_t n = k->program.threads;
    sem::SimtOptions o;
    o.warpSize = c.warp;
    o.uniformExit = c.uniformExit;
    sem::SimtRun simt(k->ir, n, 0, sem::initialMemory(k->ir, 0), o);
    const sem::Verdict v = simt.run();
    sem::Bounds b = bounds({n});
    b.initialMemory = sem::initialMemory(k->ir, 0);
    sem::WarpModel m(k->ir, b, sem::WarpOptions{c.warp, c.uniformExit}, true, false);
    m.setOutcomeMode(true);
    ex::Result r = run(m, /*collect=*/true);
    REQUIRE(r.status == Status::Complete);
    std::set<std::string> finals, errors;
    for (const sem::StateBytes& t : r.terminals) {
      sem::TerminalOutcome out = m.outcome(t);
      if (out.error)
        errors.insert(sem::verdictName(out.kind));
      else
        finals.insert(sem::describeMemoryText(k->ir, out.final));
    }
    CAPTURE(finals, errors);
    if (v.kind == sem::VerdictKind::Ok)
      CHECK(finals.count(sem::describeMemoryText(k->ir, simt.memory())) == 1);
    else
      CHECK(errors.count(sem::verdictName(v.kind)) == 1);
  }
}
