// Symmetry (semantics/models/Symmetry.h): what analyseSymmetry proves on small kernels, the
// ValueRenaming, hand-derived reduced counts, and soundness: the same verdict kind with
// symmetry on and off, and witnesses found under symmetry that replay concretely without it.
#include "ModelHelpers.h"

#include "semantics/models/Symmetry.h"

using namespace modtest;

namespace {

std::string kernel(const std::string& decls, const std::string& body, int threads = 2) {
  return "threads: " + std::to_string(threads) + ";\ngroup: 0;\n" + decls + "main: {\n" + body + "  barrier;\n}\n";
}

sem::SymmetryInfo analyse(const std::string& text) {
  auto k = compile(text);
  return sem::analyseSymmetry(k->ir);
}

const std::string kArrays = "shared A[2];\nshared B[2];\n";
const std::string kCopy = kernel(kArrays, "  local t;\n  t := rd(A, lid);\n  wr(B, lid, t);\n");

}  // namespace

TEST_CASE("symmetry: thread symmetry exactly for lid-free kernels", "[models][symmetry]") {
  sem::SymmetryInfo free = analyse(kernel(kArrays, "  local t;\n  t := rd(A, 0);\n  wr(B, 1, t);\n"));
  REQUIRE(free.threads);
  REQUIRE(free.threadsWhyNot.empty());
  sem::SymmetryInfo lid = analyse(kCopy);
  REQUIRE(!lid.threads);
  REQUIRE(lid.threadsWhyNot.find("lid") != std::string::npos);
  // lid in a condition only
  sem::SymmetryInfo cond = analyse(kernel(kArrays, "  if (lid == 1) {\n    skip;\n  }\n"));
  REQUIRE(!cond.threads);
  REQUIRE(!cond.threadsWhyNot.empty());
}

TEST_CASE("symmetry: value symmetry for copies and comparisons, not for computation", "[models][symmetry]") {
  SECTION("the copy kernel") {
    sem::SymmetryInfo s = analyse(kCopy);
    REQUIRE(s.values);
    REQUIRE(s.valuesWhyNot.empty());
    // t's slot holds data.
    bool any = false;
    for (uint8_t d : s.dataSlot) any = any || d;
    REQUIRE(any);
  }
  SECTION("allowed: ==, != between values, != 0") {
    for (const char* body : {"  local t, u;\n  t := rd(A, 0);\n  u := rd(A, 1);\n  if (t == u) {\n    wr(B, 0, t);\n  }\n",
                             "  local t, u;\n  t := rd(A, 0);\n  u := rd(A, 1);\n  assert(t != u);\n",
                             "  local t;\n  t := rd(A, 0);\n  if (t != 0) {\n    wr(B, 0, t);\n  }\n",
                             "  local t;\n  t := rd(A, 0);\n  wr(B, 0, 0);\n  wr(B, 1, t);\n"}) {
      CAPTURE(body);
      sem::SymmetryInfo s = analyse(kernel(kArrays, body));
      CAPTURE(s.valuesWhyNot);
      REQUIRE(s.values);
    }
  }
  SECTION("not allowed: arithmetic, ordering, constants written, values as addresses") {
    for (const char* body : {"  local t;\n  t := rd(A, 0);\n  wr(B, 0, t + 1);\n",
                             "  local t, u;\n  t := rd(A, 0);\n  u := t + 1;\n",
                             "  local t, u;\n  t := rd(A, 0);\n  u := rd(A, 1);\n  assert(t < u);\n",
                             "  wr(A, 0, 5);\n",
                             "  local t, u;\n  t := rd(A, 0);\n  u := rd(B, t);\n",
                             "  local t;\n  t := rd(A, 0);\n  wr(B, t, 0);\n",
                             "  local t;\n  t := rd(A, 0);\n  assert(t == 3);\n"}) {
      CAPTURE(body);
      sem::SymmetryInfo s = analyse(kernel(kArrays, body));
      REQUIRE(!s.values);
      REQUIRE(!s.valuesWhyNot.empty());
    }
    // A constant initial value other than 0.
    sem::SymmetryInfo init = analyse(kernel("shared A[2] = {0, 4};\n", "  local t;\n  t := rd(A, 0);\n"));
    REQUIRE(!init.values);
  }
}

// `if (t)` is `t != 0` (0 is fixed by every renaming used), so the brief counts it as
// symmetric. The lowering turns it into the flag assignment `c := t`, and the analysis
// types the flag's slot as an integer: "a value from memory is assigned to an integer
// location". (Symmetry.h's own summary lists "a condition" among the excluded uses.)
TEST_CASE("symmetry: `if (t)` keeps value symmetry", "[models][symmetry]") {
  sem::SymmetryInfo s = analyse(kernel(kArrays, "  local t;\n  t := rd(A, 0);\n  if (t) {\n    wr(B, 0, t);\n  }\n"));
  CAPTURE(s.valuesWhyNot);
  REQUIRE(s.values);
}

TEST_CASE("symmetry: ValueRenaming by first appearance, 0 fixed, with its inverse", "[models][symmetry]") {
  sem::ValueRenaming r(0, 3);  // labels 1, 2, 3
  r.see(3);                     // 3 -> 1
  r.see(0);                     // 0 is fixed: no label used
  r.see(3);                     // already seen
  r.see(1);                     // 1 -> 2
  r.see(7);                     // outside the domain: ignored
  r.complete();                 // 2 (never seen) -> 3
  REQUIRE(r(0) == 0);
  REQUIRE(r(3) == 1);
  REQUIRE(r(1) == 2);
  REQUIRE(r(2) == 3);
  REQUIRE(r(7) == 7);
  REQUIRE(r(-1) == -1);
  for (sem::Word v = -2; v <= 8; ++v) REQUIRE(r.inverse(r(v)) == v);
  REQUIRE(r.inverse(1) == 3);
  REQUIRE(r.inverse(2) == 1);
  REQUIRE(r.inverse(3) == 2);

  sem::ValueRenaming n(-1, 1);  // labels -1, 1
  n.see(1);                     // 1 -> -1
  n.complete();                 // -1 -> 1
  REQUIRE(n(1) == -1);
  REQUIRE(n(-1) == 1);
  REQUIRE(n(0) == 0);
  REQUIRE(n.inverse(-1) == 1);
  REQUIRE(n.inverse(1) == -1);

  sem::ValueRenaming id(1, 3);
  id.complete();  // nothing seen: the identity
  for (sem::Word v = 0; v <= 4; ++v) REQUIRE(id(v) == v);
}

TEST_CASE("symmetry: reduced counts of the copy kernel (sdv) and of a lid-free read (mimd)", "[models][symmetry]") {
  SECTION("sdv copy kernel, 2 threads, domain 1..3") {
    auto k = compile(kCopy);
    // Off: s0, s1 (before the read), 3 (A[0] chosen), 9 (both), 9 terminals (A = B = [a0, a1]):
    //   23 states; 1 + 3 + 9 + 9 = 22 transitions; 9 terminal; depth 5.
    // On (0 is not in 1..3: all three values interchangeable; memory order A[0], A[1], B):
    //   the 3 choices for A[0] all become A = [1, *]: 1 state; its 3 choices for A[1] give
    //   [1, 1] and [1, 2] (3 renamed to 2): 2 states; 2 terminals. States 1 + 1 + 1 + 2 + 2 = 7,
    //   transitions 1 + 3 + 3 + 2 = 9, terminal 2, depth 5.
    sem::SdvModel off(k->ir, bounds({2}, 1, 3), false);
    ex::Result r = run(off);
    REQUIRE(r.status == Status::Complete);
    REQUIRE(r.states == 23);
    REQUIRE(r.transitions == 22);
    REQUIRE(r.terminalStates == 9);
    REQUIRE(r.depth == 5);
    sem::SdvModel on(k->ir, bounds({2}, 1, 3), true);
    REQUIRE(on.reductions().find("value symmetry") == 0);
    ex::Result s = run(on);
    REQUIRE(s.status == Status::Complete);
    REQUIRE(s.states == 7);
    REQUIRE(s.transitions == 9);
    REQUIRE(s.terminalStates == 2);
    REQUIRE(s.depth == 5);
  }
  SECTION("mimd lid-free read, 2 threads: thread and value symmetry") {
    auto k = compile(kernel("shared A[1];\n", "  local x;\n  x := rd(A, 0);\n"));
    REQUIRE(sem::analyseSymmetry(k->ir).threads);
    REQUIRE(sem::analyseSymmetry(k->ir).values);
    // Off, domain 1..3: 1 + 8 x 3 = 25 states, 2 x 3 + 10 x 3 = 36 transitions, 3 terminal
    // (see MimdModelTest). On: every value becomes 1 and threads are sorted, so states are
    // multisets of positions: s0, {b, r}, {b, b}, {W, r}, {W, b}, {D, D} = 6. Transitions:
    // s0: 2 threads x 3 values = 6; {b, r}: 2; {b, b}: 2; {W, r}: 1; {W, b}: 1 = 12. 1 terminal.
    sem::MimdModel off(k->ir, bounds({2}, 1, 3), true, false);
    ex::Result r = run(off);
    REQUIRE(r.status == Status::Complete);
    REQUIRE(r.states == 25);
    REQUIRE(r.transitions == 36);
    REQUIRE(r.terminalStates == 3);
    REQUIRE(r.depth == 5);
    sem::MimdModel on(k->ir, bounds({2}, 1, 3), true, true);
    ex::Result s = run(on);
    REQUIRE(s.status == Status::Complete);
    REQUIRE(s.states == 6);
    REQUIRE(s.transitions == 12);
    REQUIRE(s.terminalStates == 1);
    REQUIRE(s.depth == 5);
    // Domain 0..2: 0 is fixed, 1 and 2 interchangeable: two value classes, 1 + 5 x 2 = 11
    // states, 6 + 6 x 2 = 18 transitions, 2 terminal.
    sem::MimdModel on0(k->ir, bounds({2}, 0, 2), true, true);
    ex::Result z = run(on0);
    REQUIRE(z.status == Status::Complete);
    REQUIRE(z.states == 11);
    REQUIRE(z.transitions == 18);
    REQUIRE(z.terminalStates == 2);
  }
}

namespace {

struct Sample {
  const char* name;
  std::string text;
  sem::VerdictKind sdv, mimd;  // the verdict for threads {1, 2}, domain 0..2
};

std::vector<Sample> samples() {
  const std::string ab = "shared A[2];\nshared B[2];\n";
  using K = sem::VerdictKind;
  return {
      {"copy", kCopy, K::Ok, K::Ok},
      {"lid-free read", kernel(ab, "  local x;\n  x := rd(A, 0);\n"), K::Ok, K::Ok},
      // Both threads write B[0] (only with 2 threads).
      {"lid-free race", kernel(ab, "  local t;\n  t := rd(A, 0);\n  wr(B, 0, t);\n"), K::Race, K::Race},
      // Both write B[0] when A[0] != A[1].
      {"race by value", kernel(ab, "  local t, u;\n  t := rd(A, 1);\n  u := rd(A, 0);\n  if (t != u) {\n    wr(B, 0, t);\n  }\n"),
       K::Race, K::Race},
      // SDV: an inner barrier enabled for some threads only (A[0] = 0, A[1] != 0). mimd: the
      // thread with t != 0 passes one barrier more: the other finishes while it waits.
      {"divergence by value", kernel(ab, "  local t;\n  t := rd(A, lid);\n  if (t != 0) {\n    barrier;\n  }\n"),
       K::Divergence, K::Deadlock},
      {"divergence by lid", kernel("", "  if (lid == 0) {\n    barrier;\n  }\n"), K::Divergence, K::Deadlock},
      {"assertion", kernel(ab, "  local t;\n  t := rd(A, 0);\n  assert(t == 0);\n"), K::Assertion, K::Assertion},
      {"assume", kernel(ab, "  local t;\n  t := rd(A, lid);\n  assume(t != 0);\n  wr(B, lid, t);\n"), K::Ok, K::Ok},
  };
}

sem::VerdictKind verdictOf(const ex::Result& r) {
  if (r.status == Status::Violation) return r.violation->kind;
  REQUIRE(r.status == Status::Complete);
  return sem::VerdictKind::Ok;
}

}  // namespace

TEST_CASE("symmetry: the same verdict with symmetry on and off", "[models][symmetry]") {
  for (const Sample& sample : samples()) {
    CAPTURE(sample.name);
    auto k = compile(sample.text);
    for (auto [lo, hi] : {std::pair<sem::Word, sem::Word>{0, 2}, {1, 3}}) {
      CAPTURE(lo, hi);
      sem::SdvModel sdvOn(k->ir, bounds({1, 2}, lo, hi), true), sdvOff(k->ir, bounds({1, 2}, lo, hi), false);
      ex::Result a = run(sdvOn), b = run(sdvOff);
      REQUIRE(a.status == b.status);
      REQUIRE(verdictOf(a) == verdictOf(b));
      sem::MimdModel mimdOn(k->ir, bounds({1, 2}, lo, hi), true, true);
      sem::MimdModel mimdOff(k->ir, bounds({1, 2}, lo, hi), true, false);
      ex::Result c = run(mimdOn), d = run(mimdOff);
      REQUIRE(c.status == d.status);
      REQUIRE(verdictOf(c) == verdictOf(d));
      if (lo == 0) {  // the verdicts worked out for 0..2 in samples()
        REQUIRE(verdictOf(a) == sample.sdv);
        REQUIRE(verdictOf(c) == sample.mimd);
      }
    }
  }
}

TEST_CASE("symmetry: witnesses found under symmetry are concrete", "[models][symmetry]") {
  int checked = 0;
  for (const Sample& sample : samples()) {
    CAPTURE(sample.name);
    auto k = compile(sample.text);
    for (auto [lo, hi] : {std::pair<sem::Word, sem::Word>{0, 2}, {1, 3}}) {
      CAPTURE(lo, hi);
      // sdv: replay the path, then run the machine on the concrete initial values.
      sem::SdvModel sdv(k->ir, bounds({1, 2}, lo, hi), true);
      ex::Result r = run(sdv);
      if (r.status == Status::Violation) {
        sem::Replay rep = sdv.replay(r.initial, r.path);
        REQUIRE(rep.violation);
        REQUIRE(rep.violation->kind == r.violation->kind);
        for (const auto& [name, cells] : rep.config.init)
          for (const auto& [index, value] : cells) {
            REQUIRE(value >= lo);  // a value of the domain, not a label out of it
            REQUIRE(value <= hi);
          }
        sem::SdvMachine machine(k->ir, rep.config.threads);
        sem::GroupState s = machine.initialState(rep.config.group, concreteMemory(k->ir, rep.config));
        sem::Verdict v = machine.run(s, 1'000'000);
        REQUIRE(v.kind == r.violation->kind);
        ++checked;
      }
      // mimd: follow the replayed schedule on the concrete values, symmetry off.
      sem::MimdModel mimd(k->ir, bounds({1, 2}, lo, hi), true, true);
      ex::Result q = run(mimd);
      if (q.status == Status::Violation) {
        sem::Replay rep = mimd.replay(q.initial, q.path);
        REQUIRE(rep.violation);
        REQUIRE(rep.violation->kind == q.violation->kind);
        followSchedule(k->ir, rep.config, q.violation->kind);
        ++checked;
      }
    }
  }
  // sdv: race, race by value, 2 divergences, assertion at 0..2 (5) and at 1..3 (race, race
  // by value, divergence by lid, assertion: 4); mimd the same with deadlocks: 9 + 9.
  REQUIRE(checked == 18);
}

TEST_CASE("symmetry: a witness whose values the canonical form renamed", "[models][symmetry]") {
  // Race when A[1] != A[0], read A[1] first. Domain 1..3, 2 threads, value symmetry.
  // sdv: s0 -> s1 (before reading A[1]) -> choices for A[1]: all become A = [*, 1], the first
  // (value 1) kept; a segment reads t and stops before reading the unknown A[0] (a choice
  // chooses and nothing else, so the read of A[1] is the next segment's). Choices for A[0]: 1 -> [1, 1] (no race), 2 -> [2, 1],
  // canonically [1, 2] (memory order: A[0] first), 3 -> the same. The race path takes
  // successor 1 (value 2), then the segment to the race: path [0, 0, 0, 1, 0]. The
  // concrete run keeps A = [2, 1].
  const std::string text = kernel("shared A[2];\nshared B[2];\n",
                                  "  local t, u;\n  t := rd(A, 1);\n  u := rd(A, 0);\n  if (t != u) {\n    wr(B, 0, t);\n  }\n");
  auto k = compile(text);
  sem::SdvModel sdv(k->ir, bounds({2}, 1, 3), true);
  ex::Result r = run(sdv);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.violation->kind == sem::VerdictKind::Race);
  REQUIRE(r.path == std::vector<uint32_t>{0, 0, 0, 1, 0});
  sem::Replay rep = sdv.replay(r.initial, r.path);
  REQUIRE(rep.violation);
  REQUIRE(rep.config.init.size() == 1);
  REQUIRE(rep.config.init[0].first == "A");
  // In the order chosen: A[1] = 1, then A[0] = 2.
  REQUIRE(rep.config.init[0].second == std::vector<std::pair<sem::Index, sem::Word>>{{1, 1}, {0, 2}});
  sem::SdvMachine machine(k->ir, 2);
  sem::GroupState s = machine.initialState(0, concreteMemory(k->ir, rep.config));
  REQUIRE(machine.run(s, 1'000'000).kind == sem::VerdictKind::Race);
}
