// SdvModel (semantics/models/SdvModel.h) on small kernels. Every expected count is worked out by
// hand from the header's definition of states and transitions (derivations in comments):
//  - initial states: one per (size, id), sizes then ids, ss = <(main, true)>;
//  - Choice: a read on top whose enabled threads read an unknown cell: one successor per
//    domain value, increasing, for the smallest such cell;
//  - Segment: otherwise one transition, rules applied until a barrier rule, an empty ss, a
//    read that needs a choice (after at least one rule), an error or a failed assume.
#include "ModelHelpers.h"

#include <algorithm>
#include <set>

using namespace modtest;
using semtest::lineOf;

namespace {

// A write per thread, then the final barrier.
const char* kWrite = R"(threads: 2;
group: 0;
shared A[3];
main: {
  wr(A, lid, 1);
  barrier;
}
)";

// Each thread reads its own arbitrary cell and writes x + 1 back (no value symmetry: x + 1).
const char* kReadInc = R"(threads: 2;
group: 0;
shared A[2];
main: {
  local x;
  x := rd(A, lid);
  wr(A, lid, x + 1);
  barrier;
}
)";

// A write-write race on A[0] between threads 0 and 1.
const char* kRace = R"(threads: 2;
group: 0;
shared A[1];
main: {
  wr(A, 0, lid);
  barrier;
}
)";

// Inputs with A[0] = 1 are outside what the kernel handles.
const char* kAssume = R"(threads: 2;
group: 0;
shared A[1];
shared B[2];
main: {
  local x;
  x := rd(A, 0);
  assume(x != 1);
  wr(B, lid, x);
  barrier;
}
)";

// x's scope closes before the first barrier; A[0] is overwritten with 0 before the second,
// so after it only the dead slot of x remembers the value read.
const char* kDeadSlot = R"(threads: 1;
group: 0;
shared A[1];
main: {
  local x {
    x := rd(A, 0);
  }
  barrier;
  wr(A, 0, 0);
  barrier;
  local y;
  y := 0;
  barrier;
}
)";

sem::StateBytes only(const sem::Expansion& e) {
  REQUIRE(!e.violation);
  REQUIRE(!e.terminal);
  REQUIRE(!e.stuck);
  REQUIRE(e.discarded == 0);
  REQUIRE(e.successors.size() == 1);
  return e.successors[0];
}

}  // namespace

TEST_CASE("sdv: initial states, one per group size then group id", "[models][sdv]") {
  auto k = compile(kWrite);
  sem::SdvModel m(k->ir, bounds({1, 2, 3}, 0, 1, {0, 1}));
  std::vector<sem::StateBytes> init = m.initialStates();
  // 3 sizes x 2 ids = 6, in the order (1,0) (1,1) (2,0) (2,1) (3,0) (3,1).
  REQUIRE(init.size() == 6);
  const std::vector<std::pair<uint32_t, sem::Word>> order{{1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}};
  const sem::ArrayId a = arrayId(k->ir, "A");
  for (size_t i = 0; i < init.size(); ++i) {
    CAPTURE(i);
    sem::GroupState s = m.decode(init[i]);
    REQUIRE(s.n == order[i].first);
    REQUIRE(s.gid == order[i].second);
    REQUIRE(s.ss.size() == 1);
    REQUIRE(s.ss[0].node == k->ir.main);
    // Every arbitrary cell unknown (A has no initialiser).
    for (sem::Word j = 0; j < 3; ++j) REQUIRE(s.base.isUnknown(k->ir, {a, j}));
    for (uint32_t t = 0; t < s.n; ++t) REQUIRE(s.logs[t].writes.empty());
  }
  // Distinct configurations, distinct states.
  std::set<sem::StateBytes> distinct(init.begin(), init.end());
  REQUIRE(distinct.size() == 6);

  // Groups {0} only: 3 states, sizes ascending.
  sem::SdvModel m2(k->ir, bounds({1, 2, 3}));
  std::vector<sem::StateBytes> init2 = m2.initialStates();
  REQUIRE(init2.size() == 3);
  for (uint32_t i = 0; i < 3; ++i) REQUIRE(m2.decode(init2[i]).n == i + 1);
}

TEST_CASE("sdv: the initial state has one segment successor, then the terminal state", "[models][sdv]") {
  auto k = compile(kWrite);
  sem::SdvModel m(k->ir, bounds({2}));
  std::vector<sem::StateBytes> init = m.initialStates();
  REQUIRE(init.size() == 1);
  sem::Expansion e;
  m.expand(init[0], e);
  // Segment: G-SEQ, T-WR (A[lid] := 1), G-SYNC (stop: a barrier rule); main's sequence is
  // exhausted, so ss is empty and the successor is terminal.
  sem::StateBytes s1 = only(e);
  sem::GroupState g = m.decode(s1);
  REQUIRE(g.ss.empty());
  const sem::ArrayId a = arrayId(k->ir, "A");
  REQUIRE(g.base.bounded[a][0] == 1);
  REQUIRE(g.base.bounded[a][1] == 1);
  REQUIRE(!g.base.isUnknown(k->ir, {a, 0}));
  REQUIRE(!g.base.isUnknown(k->ir, {a, 1}));
  REQUIRE(g.base.isUnknown(k->ir, {a, 2}));  // never written, never read: still unknown
  REQUIRE(g.logs[0].writes.empty());          // G-SYNC cleared the logs
  m.expand(s1, e);
  REQUIRE(e.terminal);
  REQUIRE(e.successors.empty());
  REQUIRE(!e.violation);
  REQUIRE(e.discarded == 0);

  // No choices, 1 barrier: k + 1 = 2 states, 1 transition, 1 terminal, levels 0..1.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 2);
  REQUIRE(r.transitions == 1);
  REQUIRE(r.terminalStates == 1);
  REQUIRE(r.discarded == 0);
  REQUIRE(r.depth == 2);
}

TEST_CASE("sdv: a choice state has one successor per domain value, in increasing order", "[models][sdv]") {
  auto k = compile(kReadInc);
  const sem::ArrayId a = arrayId(k->ir, "A");
  for (auto [lo, hi] : {std::pair<sem::Word, sem::Word>{0, 2}, {-1, 1}, {5, 5}, {3, 6}}) {
    CAPTURE(lo, hi);
    sem::SdvModel m(k->ir, bounds({2}, lo, hi), /*symmetry=*/false);
    sem::Expansion e;
    // s0 (ss = main): no read on top: a segment, stopped (after G-SEQ, G-VAR) right before
    // `x := rd(A, lid)`, which reads the unknown A[0] and A[1].
    sem::StateBytes s1 = only((m.expand(m.initialStates()[0], e), e));
    sem::GroupState g1 = m.decode(s1);
    REQUIRE(!g1.ss.empty());
    REQUIRE(k->ir.nodes[g1.ss.back().node].kind == sem::NodeKind::Read);
    // s1: choice for the smallest unknown cell read, A[0]: hi - lo + 1 successors.
    m.expand(s1, e);
    REQUIRE(!e.violation);
    REQUIRE(!e.terminal);
    REQUIRE(e.successors.size() == static_cast<size_t>(hi - lo + 1));
    std::vector<sem::StateBytes> level2 = e.successors;
    for (size_t i = 0; i < level2.size(); ++i) {
      sem::GroupState g = m.decode(level2[i]);
      // Only A[0] chosen (value lo + i), nothing else: A[1] unknown, ss unchanged.
      REQUIRE(!g.base.isUnknown(k->ir, {a, 0}));
      REQUIRE(g.base.bounded[a][0] == lo + static_cast<sem::Word>(i));
      REQUIRE(g.base.isUnknown(k->ir, {a, 1}));
      REQUIRE(g.ss == g1.ss);
      // Then a choice for A[1], again in increasing order.
      sem::Expansion e2;
      m.expand(level2[i], e2);
      REQUIRE(e2.successors.size() == static_cast<size_t>(hi - lo + 1));
      for (size_t j = 0; j < e2.successors.size(); ++j) {
        sem::GroupState h = m.decode(e2.successors[j]);
        REQUIRE(h.base.bounded[a][0] == lo + static_cast<sem::Word>(i));
        REQUIRE(h.base.bounded[a][1] == lo + static_cast<sem::Word>(j));
        REQUIRE(!h.base.isUnknown(k->ir, {a, 1}));
        // Both cells known: one segment (T-RD, T-WR, G-SYNC) to the terminal state with
        // A = [a0 + 1, a1 + 1].
        sem::Expansion e3;
        m.expand(e2.successors[j], e3);
        sem::GroupState f = m.decode(only(e3));
        REQUIRE(f.ss.empty());
        REQUIRE(f.base.bounded[a][0] == lo + static_cast<sem::Word>(i) + 1);
        REQUIRE(f.base.bounded[a][1] == lo + static_cast<sem::Word>(j) + 1);
      }
    }
  }
}

TEST_CASE("sdv: explore counts of a kernel with two lazy inputs", "[models][sdv]") {
  auto k = compile(kReadInc);
  // d = domain size. States: s0, s1, d (A[0] chosen), d^2 (both chosen), d^2 terminals
  // (A = [a0+1, a1+1], distinct) = 2 + d + 2d^2. Transitions: 1 + d + d^2 + d^2 = 1 + d + 2d^2.
  // Terminal d^2. Levels 0..4: depth 5.
  struct Case {
    sem::Word lo, hi;
    uint64_t states, transitions, terminal;
  };
  for (Case c : {Case{0, 1, 12, 11, 4}, Case{0, 2, 23, 22, 9}, Case{7, 7, 5, 4, 1}}) {
    CAPTURE(c.lo, c.hi);
    for (bool symmetry : {false, true}) {  // x + 1: no value symmetry, so no difference
      sem::SdvModel m(k->ir, bounds({2}, c.lo, c.hi), symmetry);
      ex::Result r = run(m);
      REQUIRE(r.status == Status::Complete);
      REQUIRE(r.states == c.states);
      REQUIRE(r.transitions == c.transitions);
      REQUIRE(r.terminalStates == c.terminal);
      REQUIRE(r.discarded == 0);
      REQUIRE(r.depth == 5);
    }
  }
  // Two sizes: the configurations are independent. n = 1 (d = 2): s0, s1 (reads A[0]),
  // 2 choices, 2 terminals = 6 states, 1 + 2 + 2 = 5 transitions. n = 2: 12 and 11.
  sem::SdvModel m(k->ir, bounds({1, 2}));
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 6 + 12);
  REQUIRE(r.transitions == 5 + 11);
  REQUIRE(r.terminalStates == 2 + 4);
}

TEST_CASE("sdv: a violation's expansion, and the explorer's path to it", "[models][sdv]") {
  auto k = compile(kRace);
  sem::SdvModel m(k->ir, bounds({2}));
  sem::Expansion e;
  m.expand(m.initialStates()[0], e);
  // Segment: T-WR by both threads on A[0], then the barrier with both enabled and
  // W_0 ∩ W_1 = {A[0]}: G-RACE, the first (and only) transition.
  REQUIRE(e.violation);
  REQUIRE(e.violationIndex == 0);
  REQUIRE(e.successors.empty());
  REQUIRE(!e.terminal);
  REQUIRE(e.discarded == 0);
  REQUIRE(e.violation->kind == sem::VerdictKind::Race);
  REQUIRE(e.violation->rule == sem::Rule::GRace);
  REQUIRE(e.violation->accesses.size() == 2);
  std::set<uint32_t> threads;
  for (const sem::RaceAccess& x : e.violation->accesses) {
    REQUIRE(x.write);
    REQUIRE(x.addr == addr(k->ir, "A", 0));
    threads.insert(x.thread);
  }
  REQUIRE(threads == std::set<uint32_t>{0, 1});

  // Explored: level 0 only (1 state, no successor), path = [violationIndex].
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.states == 1);
  REQUIRE(r.transitions == 0);
  REQUIRE(r.depth == 1);
  REQUIRE(r.initial == 0);
  REQUIRE(r.path == std::vector<uint32_t>{0});
  REQUIRE(r.violation->kind == sem::VerdictKind::Race);
  sem::Replay rep = m.replay(r.initial, r.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.violation->kind == sem::VerdictKind::Race);
  REQUIRE(rep.config.threads == 2);
  REQUIRE(rep.config.group == 0);
  REQUIRE(rep.config.init.empty());

  // One thread: no race; 2 states (k + 1 with k = 1).
  sem::SdvModel one(k->ir, bounds({1}));
  ex::Result r1 = run(one);
  REQUIRE(r1.status == Status::Complete);
  REQUIRE(r1.states == 2);
}

TEST_CASE("sdv: a race that depends on an input value", "[models][sdv]") {
  auto k = compile(kRaceByValue);
  sem::SdvModel m(k->ir, bounds({2}, 0, 1));
  // Level 0: s0 -> s1 (before the read of the unknown A[0]), 1 transition.
  // Level 1: s1 -> A[0] = 0, A[0] = 1: 2 transitions.
  // Level 2: A[0] = 0: segment (read, flag, write disabled, else skip, G-SYNC) -> terminal,
  //   1 transition; A[0] = 1: both write B[0], G-RACE: the violation (successor 1 of s1).
  // States 1 + 1 + 2 = 4 (the level with the violation is not admitted), transitions
  // 1 + 2 + 1 = 4, depth 3, path [0, 1, 0].
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.violation->kind == sem::VerdictKind::Race);
  REQUIRE(r.states == 4);
  REQUIRE(r.transitions == 4);
  REQUIRE(r.depth == 3);
  REQUIRE(r.path == std::vector<uint32_t>{0, 1, 0});
  sem::Replay rep = m.replay(r.initial, r.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.violation->kind == sem::VerdictKind::Race);
  REQUIRE(rep.config.init.size() == 1);
  REQUIRE(rep.config.init[0].first == "A");
  REQUIRE(rep.config.init[0].second == std::vector<std::pair<sem::Index, sem::Word>>{{0, 1}});
}

TEST_CASE("sdv: a failed assume discards the transition", "[models][sdv]") {
  auto k = compile(kAssume);
  sem::SdvModel m(k->ir, bounds({2}, 0, 2));
  // s0 -> s1 -> A[0] = 0, 1, 2. A[0] = 1: the segment's assume fails: discarded (no
  // successor). A[0] = 0, 2: a terminal state each (B = [v, v]).
  // States 1 + 1 + 3 + 2 = 7, transitions 1 + 3 + 2 = 6, terminal 2, discarded 1, depth 4.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 7);
  REQUIRE(r.transitions == 6);
  REQUIRE(r.terminalStates == 2);
  REQUIRE(r.discarded == 1);
  REQUIRE(r.depth == 4);

  // The expansion itself: the state with A[0] = 1 (successor 1 of s1).
  sem::Expansion e;
  m.expand(m.initialStates()[0], e);
  sem::StateBytes s1 = only(e);
  m.expand(s1, e);
  REQUIRE(e.successors.size() == 3);
  sem::StateBytes one = e.successors[1];
  m.expand(one, e);
  REQUIRE(e.successors.empty());
  REQUIRE(e.discarded == 1);
  REQUIRE(!e.violation);
  REQUIRE(!e.terminal);
}

TEST_CASE("sdv: decode(encode(s)) round trip", "[models][sdv]") {
  auto k = compile(kReadInc);
  sem::SdvModel m(k->ir, bounds({2}, 0, 2), /*symmetry=*/false);
  // Every state of the exploration, walked by hand: decode then encode gives the bytes back.
  std::vector<sem::StateBytes> todo = m.initialStates();
  size_t seen = 0;
  while (!todo.empty()) {
    sem::StateBytes s = todo.back();
    todo.pop_back();
    ++seen;
    sem::GroupState g = m.decode(s);
    sem::StateBytes again;
    m.encode(g, again);
    REQUIRE(again == s);
    sem::GroupState g2 = m.decode(again);
    REQUIRE(semtest::sameState(g, g2));
    sem::Expansion e;
    m.expand(s, e);
    for (auto& x : e.successors) todo.push_back(x);
  }
  // Paths (not states): 1 + 1 + 3 + 9 + 9 = 23 (a tree: no two paths meet).
  REQUIRE(seen == 23);
}

TEST_CASE("sdv: states that differ only in dead locations encode identically", "[models][sdv]") {
  auto k = compile(kDeadSlot);
  const sem::Ir& ir = k->ir;
  // Run the machine from A[0] = 1 and A[0] = 2 to `local y;`: x (dead since its block
  // closed) still holds 1 or 2, A[0] has been overwritten with 0 in both.
  const uint32_t yLine = lineOf(kDeadSlot, "local y;");
  auto runTo = [&](sem::Word a0) {
    sem::SdvMachine machine(ir, 1);
    sem::Memory mem = sem::initialMemory(ir, 0);
    mem.store(ir, addr(ir, "A", 0), a0);
    sem::GroupState s = machine.initialState(0, mem);
    for (int i = 0; i < 1000; ++i) {
      REQUIRE(!s.ss.empty());
      const sem::Node& n = ir.nodes[s.ss.back().node];
      if (n.kind == sem::NodeKind::Var && n.loc.line == yLine) return s;
      REQUIRE(!machine.step(s));
    }
    FAIL("never reached local y");
    return s;
  };
  sem::GroupState s1 = runTo(1), s2 = runTo(2);
  REQUIRE(s1.locals != s2.locals);  // different histories, in a dead slot
  REQUIRE(s1.ss == s2.ss);
  REQUIRE(s1.base.bounded == s2.base.bounded);
  sem::SdvModel m(ir, bounds({1}, 0, 2), /*symmetry=*/false);
  sem::StateBytes b1, b2;
  m.encode(s1, b1);
  m.encode(s2, b2);
  REQUIRE(b1 == b2);

  // In the exploration the histories merge. Symmetry off, domain 0..2: s0, s1 (before the
  // read), 3 choices (A = [v]), 3 after the first barrier (A = [v], x dead), 1 after the
  // second (A = [0], x dead: the 3 merge), 1 terminal. States 1 + 1 + 3 + 3 + 1 + 1 = 10,
  // transitions 1 + 3 + 3 + 3 + 1 = 11, terminal 1, levels 0..5: depth 6.
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 10);
  REQUIRE(r.transitions == 11);
  REQUIRE(r.terminalStates == 1);
  REQUIRE(r.depth == 6);
  // With value symmetry (x only copied; 0 written; y, which reuses x's slot, only gets 0 —
  // `y := 1` would make that slot hold an integer too, and the analysis, per slot, would
  // give value symmetry up): 1 and 2 are interchangeable, so the
  // choices give A = [0] and A = [1]: 1 + 1 + 2 + 2 + 1 + 1 = 8 states, 1 + 3 + 2 + 2 + 1 = 9
  // transitions.
  REQUIRE(sem::analyseSymmetry(ir).values);
  sem::SdvModel ms(ir, bounds({1}, 0, 2), /*symmetry=*/true);
  ex::Result rs = run(ms);
  REQUIRE(rs.status == Status::Complete);
  REQUIRE(rs.states == 8);
  REQUIRE(rs.transitions == 9);
  REQUIRE(rs.terminalStates == 1);
  REQUIRE(rs.depth == 6);
}
