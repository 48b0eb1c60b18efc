// `check` of the asynchronous copies (copies in flight in SdvModel's states, StateCodec's
// encodeCopies) and of grid barriers (LaunchModel: the launch's groups explored together),
// serial and distributed (ranks as threads: the distributed search moves the models' state
// bytes, so the copies and the launch must survive them). Every count is worked out by hand
// from SdvModel.h's and LaunchModel.h's definitions (derivations in comments).
#include "SameResult.h"
#include "models/ModelHelpers.h"

#include "explorer/Distributed.h"
#include "semantics/models/LaunchModel.h"
#include "semantics/models/StateCodec.h"

using namespace modtest;
using namespace sdvmc::explore::test;

namespace {

// The group's copy of G[0..1] into T, the wait, a branch on the copied value.
const char* kGroupCopy = R"(threads: 2;
group: 0;
global G[2];
shared T[2];
global O[2];
main: {
  local e, v;
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  async_wait(e);
  v := rd(T, lid);
  if (v == 0) {
    wr(O, lid, 1);
  }
  barrier;
}
)";

// Each thread's copy, in flight across a barrier, waited for, seen by the other thread.
const char* kThreadCopies = R"(threads: 2;
group: 0;
global G[2];
shared T[2];
global O[2];
main: {
  local v;
  cp_async(T, lid, G, lid, 1);
  cp_commit();
  barrier;
  cp_wait(0);
  barrier;
  v := rd(T, 1 - lid);
  if (v == 1) {
    wr(O, lid, v);
  }
  barrier;
}
)";

// Two groups of one thread: each writes its cell of P, the grid barrier, each reads the
// other's (different phases: no race), then both write T[0] when `race` is set.
const char* kGrid = R"(threads: 1;
group: 0;
groups: 2;
global P[2];
global T[1] = {0};
shared S[1];
main: {
  local x;
  wr(P, gid, gid + 1);
  barrier(grid);
  x := rd(P, 1 - gid);
  wr(S, 0, x);
  barrier;
}
)";

const char* kGridRace = R"(threads: 1;
group: 0;
groups: 2;
global P[2] = {0, 0};
global T[1] = {0};
main: {
  local x;
  wr(P, gid, gid + 1);
  barrier(grid);
  x := rd(P, 1 - gid);
  wr(T, 0, x + gid);
  barrier;
}
)";

}  // namespace

TEST_CASE("check, async: the group's copy in flight is in the state bytes and decodes back", "[explorer][async]") {
  auto k = compile(kGroupCopy);
  sem::SdvModel m(k->ir, bounds({2}), /*symmetry=*/true);
  REQUIRE(m.reductions().find("asynchronous copy") != std::string::npos);  // value symmetry off
  std::vector<sem::StateBytes> init = m.initialStates();
  REQUIRE(init.size() == 1);
  sem::Expansion e;
  m.expand(init[0], e);
  // One segment: the copy issued, stopped before the wait (its sources G[0..1] unknown).
  REQUIRE(e.successors.size() == 1);
  sem::GroupState s = m.decode(e.successors[0]);
  REQUIRE(s.copies.size() == 1);
  const sem::AsyncCopy& c = s.copies[0];
  REQUIRE(c.owner == sem::kNone);
  REQUIRE(c.event == 1);
  REQUIRE(s.nextEvent == 2);
  REQUIRE(c.cells.size() == 2);
  REQUIRE(c.cells[1].first == addr(k->ir, "T", 1));
  REQUIRE(c.cells[1].second == addr(k->ir, "G", 1));
  sem::StateBytes again;
  m.encode(s, again);
  REQUIRE(again == e.successors[0]);
  // The wait's choice: G[0] first, one successor per value.
  const sem::StateBytes s1 = e.successors[0];
  m.expand(s1, e);
  REQUIRE(e.successors.size() == 2);
  // s0, s1, 2 choices of G[0], 4 of G[1], 4 terminal (SdvModel.h): 12 states, 11 transitions.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 12);
  REQUIRE(r.transitions == 11);
  REQUIRE(r.terminalStates == 4);
}

TEST_CASE("check, async: threads' copies stay in flight across a barrier, batches and commits kept",
          "[explorer][async]") {
  auto k = compile(kThreadCopies);
  sem::SdvModel m(k->ir, bounds({2}), /*symmetry=*/false);
  // s0 -> s1 (before the first barrier, G unknown) -> 2 -> 4 (G chosen) -> 4 (after the
  // barrier, copies in flight) -> 4 (after the wait and the second barrier) -> 4 terminal.
  ex::Result r = run(m, /*collect=*/true);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 20);
  REQUIRE(r.transitions == 19);
  REQUIRE(r.terminalStates == 4);
  // Follow the first successor each time to a state past the first barrier.
  sem::StateBytes state = m.initialStates()[0];
  sem::Expansion e;
  for (int i = 0; i < 4; ++i) {
    m.expand(state, e);
    REQUIRE(!e.successors.empty());
    state = e.successors[0];
  }
  sem::GroupState s = m.decode(state);
  REQUIRE(s.copies.size() == 2);
  REQUIRE(s.copies[0].owner == 0);
  REQUIRE(s.copies[1].owner == 1);
  REQUIRE(s.copies[1].batch == 0);
  REQUIRE(s.commits == std::vector<uint32_t>{1, 1});
}

TEST_CASE("check, grid: the launch explored together, phase by phase", "[explorer][grid]") {
  auto k = compile(kGrid);
  sem::LaunchModel m(k->ir, bounds({1}), 2);
  // s0 -> group 0 to the grid barrier, which chooses nothing (P is written first) -> s1 ->
  // group 1 likewise, phase end -> s2; group 0 reads P[1] (known: written in phase 0),
  // writes its S, ends -> s3; group 1 -> s4 terminal: 1 + 2·2 states.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 5);
  REQUIRE(r.transitions == 4);
  REQUIRE(r.terminalStates == 1);

  auto race = compile(kGridRace);
  sem::LaunchModel mr(race->ir, bounds({1}), 2);
  ex::Result rr = run(mr);
  REQUIRE(rr.status == Status::Violation);
  REQUIRE(rr.violation->rule == sem::Rule::GroupRace);
  REQUIRE(rr.states == 4);  // found expanding s3 (group 1's second phase)
  const sem::Replay rep = mr.replay(rr.initial, rr.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.config.group == 1);
  REQUIRE(rep.violation->accesses.size() == 2);
  REQUIRE(rep.violation->accesses[0].group == 0);
  REQUIRE(rep.violation->accesses[1].group == 1);
  REQUIRE(rep.violation->at != sem::kNone);  // the replay keeps the statements
}

TEST_CASE("check, async and grid: the distributed search has the serial counts", "[explorer][distributed][async]") {
  auto copies = compile(kThreadCopies);
  auto grid = compile(kGrid);
  sem::SdvModel sdv(copies->ir, bounds({2}, 0, 2), /*symmetry=*/false);
  sem::LaunchModel launch(grid->ir, bounds({1}, 0, 1), 2);
  for (const sem::Model* model : {static_cast<const sem::Model*>(&sdv), static_cast<const sem::Model*>(&launch)}) {
    const ex::Result serial = ex::explore(*model, withJobs(1));
    REQUIRE(serial.status == Status::Complete);
    for (int ranks : {1, 2, 3}) {
      CAPTURE(ranks);
      std::vector<ex::Result> all(static_cast<size_t>(ranks));
      ex::runLocalRanks(ranks, [&](ex::Communicator& comm) {
        all[size_t(comm.rank())] = ex::exploreDistributed(*model, withJobs(2), comm);
      });
      for (const ex::Result& d : all) requireSameCounts(serial, d);
    }
  }
}
