// MimdModel (semantics/models/WarpModel.h) on small kernels, counts worked out by hand from the
// header's definition. Thread positions in the derivations: a = at an executed
// assignment, r = at a read, w = at a write, b = at a barrier, W = waiting at a barrier,
// F = running with an empty ss (finishing is its next action), D = done.
#include "ModelHelpers.h"

#include <set>

using namespace modtest;
using semtest::lineOf;

namespace {

const char* kAssignWrite = R"(threads: 2;
group: 0;
shared A[2];
main: {
  local x;
  x := lid;
  wr(A, lid, x);
  barrier;
}
)";

const char* kTwoAssigns = R"(threads: 2;
group: 0;
shared A[2];
main: {
  local x, y;
  x := lid;
  y := x + 1;
  wr(A, lid, y);
  barrier;
}
)";

// Thread 0 passes two barriers, thread 1 one.
const char* kSkipBarrier = R"(threads: 2;
group: 0;
main: {
  if (lid == 0) {
    barrier;
  }
  barrier;
}
)";

const char* kWriteWrite = R"(threads: 2;
group: 0;
shared A[1] = {0};
main: {
  wr(A, 0, lid);
  barrier;
}
)";

// Thread 0 reads A[1], thread 1 writes it.
const char* kReadWrite = R"(threads: 2;
group: 0;
shared A[2] = {0, 0};
main: {
  local x;
  if (lid == 0) {
    x := rd(A, 1);
  } else {
    wr(A, 1, 5);
  }
  barrier;
}
)";

// Both threads read the arbitrary A[0].
const char* kLazyRead = R"(threads: 2;
group: 0;
shared A[1];
main: {
  local x;
  x := rd(A, 0);
  barrier;
}
)";

}  // namespace

TEST_CASE("mimd: counts with and without POR, one invisible statement first", "[models][mimd]") {
  auto k = compile(kAssignWrite);
  // Initial state: bookkeeping only, each thread at `x := lid` (a). Acting: a -> w (with or
  // without POR: nothing invisible follows the assignment), w -> b, b -> W when the other
  // runs; the second arrival releases both, whose ss are then empty: both done at once.
  // Positions (memory and locals follow from them): 9 pairs over {a, w, b}, 3 + 3 with one
  // waiting, (D, D): 16 states. Transitions: one per running thread, 9 x 2 + 6 x 1 = 24.
  // 3 + 3 actions per path: levels 0..6, depth 7. No race (A[0] vs A[1]).
  for (bool por : {true, false})
    for (bool symmetry : {true, false}) {  // lid and x := lid: no symmetry at all
      CAPTURE(por, symmetry);
      sem::MimdModel m(k->ir, bounds({2}), por, symmetry);
      ex::Result r = run(m);
      REQUIRE(r.status == Status::Complete);
      REQUIRE(r.states == 16);
      REQUIRE(r.transitions == 24);
      REQUIRE(r.terminalStates == 1);
      REQUIRE(r.discarded == 0);
      REQUIRE(r.depth == 7);
    }
}

TEST_CASE("mimd: counts with and without POR, a fused assignment", "[models][mimd]") {
  auto k = compile(kTwoAssigns);
  // POR: acting at a runs x := lid and fuses y := x + 1, stopping at the write: positions
  // a, w, b as above: 16 states, 24 transitions, depth 7.
  // No POR: y := x + 1 is a position of its own (a2): 4 x 4 = 16 running pairs, 4 + 4 with
  // one waiting, (D, D): 25 states; 16 x 2 + 8 x 1 = 40 transitions; 4 + 4 actions: depth 9.
  sem::MimdModel por(k->ir, bounds({2}), true);
  ex::Result r = run(por);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 16);
  REQUIRE(r.transitions == 24);
  REQUIRE(r.terminalStates == 1);
  REQUIRE(r.depth == 7);
  sem::MimdModel nopor(k->ir, bounds({2}), false);
  ex::Result n = run(nopor);
  REQUIRE(n.status == Status::Complete);
  REQUIRE(n.states == 25);
  REQUIRE(n.transitions == 40);
  REQUIRE(n.terminalStates == 1);
  REQUIRE(n.depth == 9);

  // The terminal memory: A = [1, 2].
  ex::Result c = run(por, /*collect=*/true);
  REQUIRE(c.terminals.size() == 1);
  sem::MimdState s;
  por.decode(c.terminals[0], s);
  REQUIRE(s.status == std::vector<sem::ThreadStatus>(2, sem::ThreadStatus::Done));
  const sem::ArrayId a = arrayId(k->ir, "A");
  REQUIRE(s.memory.bounded[a] == std::vector<sem::Word>{1, 2});
}

TEST_CASE("mimd: a thread that finishes while another waits is a deadlock", "[models][mimd]") {
  auto k = compile(kSkipBarrier);
  const uint32_t ifLine = lineOf(kSkipBarrier, "if (lid == 0)");
  const sem::NodeId finalBarrier = semtest::findNode(k->ir, sem::NodeKind::Barrier, ifLine + 3);
  // Thread 0: c (the if's flag), b1 (inner), b2 (final). Thread 1: c, then the inner barrier
  // is disabled (bookkeeping), b' (final).
  // Level 0: (c, c) -> (b1, c), (c, b')                                   2 transitions
  // Level 1: (b1, c) -> (W1, c), (b1, b'); (c, b') -> (b1, b'), (c, W')   4
  // Level 2: (W1, c) -> (W1, b'); (b1, b') -> (W1, b'), (b1, W');
  //          (c, W') -> (b1, W')                                          4
  // Level 3: (W1, b') and (b1, W'): the second arrival releases both; thread 0 runs on to
  //          b2, thread 1's ss is empty but thread 0 still runs: (b2, F)   2
  // Level 4: (b2, F) -> (W2, F) (thread 0 arrives, 1 still running), (b2, D)  2
  // Level 5: (W2, F): thread 1's only action, finishing, happens while thread 0 waits:
  //          the deadlock (index 0). (b2, D) -> (D, D): 1 transition in the same level.
  // States 1 + 2 + 3 + 2 + 1 + 2 = 11, transitions 2 + 4 + 4 + 2 + 2 + 1 = 15, depth 6, no
  // terminal state reached. Path: successor 0 at every step, then violation index 0.
  // The same without POR: the only invisible statement is the flag, a transition anyway.
  for (bool por : {true, false}) {
    CAPTURE(por);
    sem::MimdModel m(k->ir, bounds({2}), por);
    ex::Result r = run(m);
    REQUIRE(r.status == Status::Violation);
    REQUIRE(r.violation->kind == sem::VerdictKind::Deadlock);
    REQUIRE(r.violation->rule == sem::Rule::MimdDeadlock);
    REQUIRE(r.violation->threads == std::vector<uint32_t>{1, 0});  // finisher, waiter
    // At thread 0's final barrier (3 lines below the if).
    REQUIRE(r.violation->at == finalBarrier);
    REQUIRE(r.violation->loc.line == ifLine + 3);
    REQUIRE(r.states == 11);
    REQUIRE(r.transitions == 15);
    REQUIRE(r.terminalStates == 0);
    REQUIRE(r.depth == 6);
    REQUIRE(r.initial == 0);
    REQUIRE(r.path == std::vector<uint32_t>{0, 0, 0, 0, 0, 0});

    // The schedule: 0 (c), 0 (arrive b1), 1 (c), 1 (arrive b', release), 0 (arrive b2),
    // 1 (finish).
    sem::Replay rep = m.replay(r.initial, r.path);
    REQUIRE(rep.violation);
    REQUIRE(rep.violation->kind == sem::VerdictKind::Deadlock);
    REQUIRE(rep.config.threads == 2);
    REQUIRE(rep.config.group == 0);
    REQUIRE(rep.config.init.empty());
    REQUIRE(rep.config.schedule == std::vector<uint32_t>{0, 0, 1, 1, 0, 1});
    followSchedule(k->ir, rep.config, sem::VerdictKind::Deadlock, por);
  }
  // One thread: nobody waits; ok.
  sem::MimdModel one(k->ir, bounds({1}));
  REQUIRE(run(one).status == Status::Complete);
}

TEST_CASE("mimd: a write-write race is reported at the second access", "[models][mimd]") {
  auto k = compile(kWriteWrite);
  sem::MimdModel m(k->ir, bounds({2}));
  // Level 0: (w, w) -> (b, w) [thread 0 writes A[0]], (w, b) [thread 1]: 2 transitions.
  // Level 1: (b, w): thread 0 -> (W, w) (successor 0); thread 1 writes A[0], which thread 0
  // wrote: race, violation index 1. (w, b): thread 0's write conflicts: index 0.
  // States 1 + 2 = 3, transitions 2 + 1 + 0 = 3, depth 2, path [0, 1].
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  const sem::Verdict& v = *r.violation;
  REQUIRE(v.kind == sem::VerdictKind::Race);
  REQUIRE(v.rule == sem::Rule::MimdRace);
  REQUIRE(v.threads == std::vector<uint32_t>{0, 1});
  REQUIRE(v.accesses.size() == 2);
  REQUIRE(v.accesses[0].thread == 0);
  REQUIRE(v.accesses[0].write);
  REQUIRE(v.accesses[0].addr == addr(k->ir, "A", 0));
  REQUIRE(v.accesses[1].thread == 1);
  REQUIRE(v.accesses[1].write);
  REQUIRE(v.accesses[1].addr == addr(k->ir, "A", 0));
  REQUIRE(v.message.find("write-write race on A[0]") != std::string::npos);
  REQUIRE(r.states == 3);
  REQUIRE(r.transitions == 3);
  REQUIRE(r.depth == 2);
  REQUIRE(r.path == std::vector<uint32_t>{0, 1});
  sem::Replay rep = m.replay(r.initial, r.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.violation->kind == sem::VerdictKind::Race);
  REQUIRE(rep.config.schedule == std::vector<uint32_t>{0, 1});
  followSchedule(k->ir, rep.config, sem::VerdictKind::Race);
}

TEST_CASE("mimd: a read-write race names both accesses and their kinds", "[models][mimd]") {
  auto k = compile(kReadWrite);
  sem::MimdModel m(k->ir, bounds({2}));
  // Thread 0: a (flag) -> r (read A[1], fused past nothing) -> b. Thread 1: a -> w (the read
  // is disabled: bookkeeping) -> b.
  // L0: (a, a) -> (r, a), (a, w)                                     2 transitions
  // L1: (r, a) -> (b, a), (r, w); (a, w) -> (r, w), (a, b)           4
  // L2: (b, a) -> (W, a), (b, w); (r, w) -> (b, w), (r, b);
  //     (a, b) -> (r, b), (a, W)                                     6
  // L3: (W, a) -> (W, w); (b, w): thread 0 -> (W, w), thread 1 writes A[1] that thread 0
  //     read: race, index 1; (r, b): thread 0 reads A[1] that thread 1 wrote: index 0;
  //     (a, W) -> (r, W)                                             1 + 1 + 0 + 1 = 3
  // The first violation in frontier order: (b, w) (index 1 of L3). Path: (a, a) -0-> (r, a)
  // -0-> (b, a) -1-> (b, w) -1-> race. States 1 + 2 + 3 + 4 = 10, transitions 15, depth 4.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  const sem::Verdict& v = *r.violation;
  REQUIRE(v.kind == sem::VerdictKind::Race);
  REQUIRE(v.rule == sem::Rule::MimdRace);
  REQUIRE(v.accesses.size() == 2);
  REQUIRE(v.accesses[0].thread == 0);
  REQUIRE(!v.accesses[0].write);
  REQUIRE(v.accesses[0].addr == addr(k->ir, "A", 1));
  // (The explorer's verdict comes from a decoded state, whose logs have no provenance, so
  // the first access's statement is named by the replay below.)
  REQUIRE(v.accesses[1].thread == 1);
  REQUIRE(v.accesses[1].write);
  REQUIRE(v.accesses[1].addr == addr(k->ir, "A", 1));
  REQUIRE(v.accesses[1].at == semtest::findNode(k->ir, sem::NodeKind::Write, lineOf(kReadWrite, "wr(A, 1, 5)")));
  REQUIRE(v.at == v.accesses[1].at);  // reported at the second access
  REQUIRE(v.threads == std::vector<uint32_t>{0, 1});
  REQUIRE(v.message.find("read-write race on A[1]") != std::string::npos);
  REQUIRE(r.states == 10);
  REQUIRE(r.transitions == 15);
  REQUIRE(r.depth == 4);
  REQUIRE(r.path == std::vector<uint32_t>{0, 0, 1, 1});
  sem::Replay rep = m.replay(r.initial, r.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.violation->kind == sem::VerdictKind::Race);
  REQUIRE(rep.config.schedule == std::vector<uint32_t>{0, 0, 1, 1});
  REQUIRE(rep.violation->accesses.size() == 2);
  REQUIRE(rep.violation->accesses[0].thread == 0);
  REQUIRE(!rep.violation->accesses[0].write);
  REQUIRE(rep.violation->accesses[0].at ==
          semtest::findNode(k->ir, sem::NodeKind::Read, lineOf(kReadWrite, "rd(A, 1)")));
  REQUIRE(rep.violation->accesses[1].thread == 1);
  REQUIRE(rep.violation->accesses[1].write);
  REQUIRE(rep.violation->accesses[1].at == v.accesses[1].at);
  followSchedule(k->ir, rep.config, sem::VerdictKind::Race);
}

TEST_CASE("mimd: a read of an unknown cell branches over the domain", "[models][mimd]") {
  auto k = compile(kLazyRead);
  const sem::Slot x = semtest::declSlot(k->ir, lineOf(kLazyRead, "local x;"));
  const sem::ArrayId a = arrayId(k->ir, "A");
  sem::MimdModel m(k->ir, bounds({2}, 0, 2), true, /*symmetry=*/false);
  std::vector<sem::StateBytes> init = m.initialStates();
  REQUIRE(init.size() == 1);
  sem::MimdState s0;
  m.decode(init[0], s0);
  REQUIRE(s0.memory.isUnknown(k->ir, {a, 0}));
  sem::Expansion e;
  m.expand(init[0], e);
  // Thread 0: one transition per value 0, 1, 2; then thread 1: the same.
  REQUIRE(e.successors.size() == 6);
  REQUIRE(!e.violation);
  for (uint32_t i = 0; i < 6; ++i) {
    CAPTURE(i);
    const uint32_t t = i / 3;
    const sem::Word value = static_cast<sem::Word>(i % 3);
    sem::MimdState s;
    m.decode(e.successors[i], s);
    REQUIRE(!s.memory.isUnknown(k->ir, {a, 0}));
    REQUIRE(s.memory.bounded[a][0] == value);
    REQUIRE(s.warps[t].local(x, 0) == value);
    REQUIRE(s.warps[t].logs[0].reads.size() == 1);
    REQUIRE(s.warps[1 - t].logs[0].reads.empty());
    REQUIRE(s.status == std::vector<sem::ThreadStatus>(2, sem::ThreadStatus::Running));
    // The other thread's read is of a known cell now: one transition each.
    sem::Expansion e2;
    m.expand(e.successors[i], e2);
    REQUIRE(e2.successors.size() == 2);
  }
  // Counts, d = 3 values, symmetry off: s0, then per value v: (b, r), (r, b), (b, b),
  // (W, r), (r, W), (W, b), (b, W), (D, D) = 8: 1 + 8d = 25 states. Transitions: s0 has 2d;
  // per v, 3 running pairs x 2 + 4 one-waiting x 1 = 10: 2d + 10d = 36. Terminal d = 3.
  // Read and barrier per thread: levels 0..4, depth 5.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 25);
  REQUIRE(r.transitions == 36);
  REQUIRE(r.terminalStates == 3);
  REQUIRE(r.depth == 5);
}

TEST_CASE("mimd: a barrier with fence flags keeps the accesses to the space it does not order", "[models][mimd][fence]") {
  // Thread 0 writes G[0] (global) and S[0] (shared); after barrier(local), thread 1 reads both.
  auto kernel = [](const std::string& fence) {
    return "threads: 2;\ngroup: 0;\nshared S[2];\nglobal G[2];\nmain: {\n  local a, b;\n"
           "  if (lid == 0) { wr(S, 0, 5); wr(G, 0, 7); }\n  " + fence +
           "\n  if (lid == 1) { a := rd(S, 0); b := rd(G, 0); }\n  barrier;\n}\n";
  };
  auto verdictOf = [&](const std::string& fence, sem::ArrayId* raced) {
    auto k = compile(kernel(fence));
    sem::MimdModel m(k->ir, bounds({2}));
    ex::Result r = run(m);
    if (r.status != Status::Violation) return sem::VerdictKind::Ok;
    if (raced && !r.violation->accesses.empty()) *raced = r.violation->accesses[0].addr.array;
    return r.violation->kind;
  };
  sem::ArrayId raced = 99;
  // barrier(local): S is ordered, G's write stays logged and races with thread 1's read.
  CHECK(verdictOf("barrier(local);", &raced) == sem::VerdictKind::Race);
  CHECK(raced == 1);  // G
  CHECK(verdictOf("barrier(global);", &raced) == sem::VerdictKind::Race);
  CHECK(raced == 0);  // S
  CHECK(verdictOf("barrier(none);", nullptr) == sem::VerdictKind::Race);
  CHECK(verdictOf("barrier;", nullptr) == sem::VerdictKind::Ok);
  CHECK(verdictOf("barrier(local, global);", nullptr) == sem::VerdictKind::Ok);
}
