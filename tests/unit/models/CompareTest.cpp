// The `--compare` machinery: MimdModel::expectFinal (every mimd execution must reach the
// expected final memory) and SdvModel's outcome mode (errors become terminal states that
// name their configuration).
#include "ModelHelpers.h"

#include <map>

using namespace modtest;

namespace {

const char* kFill = R"(threads: 2;
group: 0;
shared A[2] = {0, 0};
main: {
  wr(A, lid, lid + 1);
  barrier;
}
)";

const char* kCopy = R"(threads: 2;
group: 0;
shared A[2];
shared B[2];
main: {
  local t;
  t := rd(A, lid);
  wr(B, lid, t);
  barrier;
}
)";

sem::Memory filled(const sem::Ir& ir, sem::Word a0, sem::Word a1) {
  sem::Memory m = sem::checkInitialMemory(ir);
  m.store(ir, addr(ir, "A", 0), a0);
  m.store(ir, addr(ir, "A", 1), a1);
  return m;
}

}  // namespace

TEST_CASE("compare: mimd with the right final memory", "[models][compare]") {
  auto k = compile(kFill);
  // Every interleaving ends with A = [1, 2]. Positions w, b, W, D: 4 running pairs over
  // {w, b}, 2 + 2 with one waiting, (D, D): 9 states, 4 x 2 + 4 x 1 = 12 transitions.
  sem::MimdModel m(k->ir, bounds({2}));
  m.expectFinal(filled(k->ir, 1, 2));
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 9);
  REQUIRE(r.transitions == 12);
  REQUIRE(r.terminalStates == 1);
}

// Every execution of kFill ends when the second thread to arrive at the final barrier
// releases it: both ss are then empty and both finish at once, inside the barrier action.
// MimdModel::act's barrier case returns right after finishTogether without checkFinal, so
// the expected memory is never compared: the search ends Complete.
TEST_CASE("compare: mimd with one cell altered is a discrepancy naming the cell", "[models][compare]") {
  auto k = compile(kFill);
  sem::MimdModel m(k->ir, bounds({2}));
  m.expectFinal(filled(k->ir, 1, 3));
  ex::Result r = run(m);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.violation->kind == sem::VerdictKind::Discrepancy);
  REQUIRE(r.violation->rule == sem::Rule::Compare);
  REQUIRE(r.violation->message.find("A[1]") != std::string::npos);
  REQUIRE(r.violation->message.find("is 2 here, 3 there") != std::string::npos);
}

TEST_CASE("compare: sdv outcome mode turns a race into an error terminal", "[models][compare]") {
  auto k = compile(kRaceByValue);
  sem::SdvModel m(k->ir, bounds({2}, 0, 1), /*symmetry=*/false);
  m.setOutcomeMode(true);
  // s0 -> s1 (before the read of A[0]) -> A[0] = 0, A[0] = 1. A[0] = 0: a segment to a
  // terminal (B untouched). A[0] = 1: the segment's G-RACE leads to an error state, terminal.
  // States 1 + 1 + 2 + 2 = 6, transitions 1 + 2 + 1 + 1 = 5, terminal 2, Complete.
  ex::Result r = run(m, /*collect=*/true);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.states == 6);
  REQUIRE(r.transitions == 5);
  REQUIRE(r.terminalStates == 2);
  REQUIRE(r.terminals.size() == 2);
  const sem::Address a0 = addr(k->ir, "A", 0);
  int errors = 0, oks = 0;
  for (const sem::StateBytes& t : r.terminals) {
    sem::TerminalOutcome o = m.outcome(t);
    REQUIRE(o.threads == 2);
    REQUIRE(o.group == 0);
    REQUIRE(o.choices.size() == 1);
    REQUIRE(o.choices[0].first == a0);
    if (o.error) {
      ++errors;
      REQUIRE(o.kind == sem::VerdictKind::Race);
      REQUIRE(o.rule == sem::Rule::GRace);
      REQUIRE(o.choices[0].second == 1);
    } else {
      ++oks;
      REQUIRE(o.choices[0].second == 0);
      REQUIRE(o.final.load(k->ir, a0) == 0);
      REQUIRE(o.final.isUnknown(k->ir, addr(k->ir, "B", 0)));
    }
  }
  REQUIRE(errors == 1);
  REQUIRE(oks == 1);

  // The same kernel without outcome mode stops at the race.
  sem::SdvModel plain(k->ir, bounds({2}, 0, 1), false);
  REQUIRE(run(plain).status == Status::Violation);
}

TEST_CASE("compare: sdv outcome mode, a race-free kernel's final memories and choices", "[models][compare]") {
  auto k = compile(kCopy);
  sem::SdvModel m(k->ir, bounds({2}, 0, 1), /*symmetry=*/false);
  m.setOutcomeMode(true);
  // One terminal per (A[0], A[1]) in 0..1 x 0..1, with B = A: 4.
  ex::Result r = run(m, /*collect=*/true);
  REQUIRE(r.status == Status::Complete);
  REQUIRE(r.terminals.size() == 4);
  std::map<std::pair<sem::Word, sem::Word>, int> seen;
  for (const sem::StateBytes& t : r.terminals) {
    sem::TerminalOutcome o = m.outcome(t);
    REQUIRE(!o.error);
    REQUIRE(o.threads == 2);
    // Chosen in order: A[0] (thread 0's read, the smallest cell), then A[1].
    REQUIRE(o.choices.size() == 2);
    REQUIRE(o.choices[0].first == addr(k->ir, "A", 0));
    REQUIRE(o.choices[1].first == addr(k->ir, "A", 1));
    const sem::Word a0 = o.choices[0].second, a1 = o.choices[1].second;
    ++seen[{a0, a1}];
    REQUIRE(o.final.load(k->ir, addr(k->ir, "A", 0)) == a0);
    REQUIRE(o.final.load(k->ir, addr(k->ir, "A", 1)) == a1);
    REQUIRE(o.final.load(k->ir, addr(k->ir, "B", 0)) == a0);
    REQUIRE(o.final.load(k->ir, addr(k->ir, "B", 1)) == a1);
  }
  REQUIRE(seen.size() == 4);

  // The mimd model reaches the same final memory from each configuration.
  for (const auto& [values, count] : seen) {
    CAPTURE(values.first, values.second);
    REQUIRE(count == 1);
    sem::Memory init = sem::checkInitialMemory(k->ir);
    init.store(k->ir, addr(k->ir, "A", 0), values.first);
    init.store(k->ir, addr(k->ir, "A", 1), values.second);
    sem::Memory final = init;
    final.store(k->ir, addr(k->ir, "B", 0), values.first);
    final.store(k->ir, addr(k->ir, "B", 1), values.second);
    sem::Bounds b = bounds({2});
    b.initialMemory = init;
    sem::MimdModel mimd(k->ir, b);
    mimd.expectFinal(final);
    REQUIRE(run(mimd).status == Status::Complete);
  }
}
