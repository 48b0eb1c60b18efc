// `sdvmc prove`'s engine (frontends/z3/Prover.h): the two-thread reduction with Z3 proves
// kernels for every group size, finds the smallest group size of a violation, and replays
// every witness with the interpreter.
#include "frontends/z3/ControlDependence.h"
#include "frontends/z3/Prover.h"
#include "semantics/Helpers.h"

#include <catch2/catch.hpp>

namespace {

namespace prove = sdvmc::prove;
namespace sem = sdvmc::sem;
using Status = prove::ProveResult::Status;

prove::ProveResult proveText(const std::string& text, prove::ProveOptions o = {}) {
  auto k = semtest::compile(text);
  o.timeoutSeconds = 60;
  prove::ProveResult r = prove::prove(k->ir, o);
  // The kernel (and its IR) die here; the result holds values only.
  return r;
}

}  // namespace

TEST_CASE("prove: a race-free kernel is proved for every group size", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  local x;
  x := rd(lid);
  wr(lid, x + 1);
  barrier;
  x := rd(lid + 1);
  barrier;
  wr(lid, x);
  barrier;
})");
  CHECK(r.status == Status::Ok);
  CHECK_FALSE(r.bounded);
  CHECK_FALSE(r.witness);
}

TEST_CASE("prove: a race between threads 0 and 32 needs 33 threads and is confirmed", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared A[64];
main: {
  if (lid == 0 || lid == 32) {
    wr(A, 0, lid);
  }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  CHECK(r.claim.rule == sem::Rule::GRace);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 33);
  std::vector<uint32_t> pair = r.witness->pair;
  std::sort(pair.begin(), pair.end());
  CHECK(pair == std::vector<uint32_t>{0, 32});
  CHECK(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->kind == sem::VerdictKind::Race);
}

TEST_CASE("prove: divergence at a barrier only thread 5 reaches needs 6 threads", "[prove]") {
  // With N <= 5 no thread is enabled at the inner barrier (G-NO-OP); with N = 6 thread 5
  // is enabled and threads 0-4 are not (G-DIVERGENCE).
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  if (lid == 5) {
    barrier;
  }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Divergence);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 6);
  CHECK(r.confirmed);
}

TEST_CASE("prove: an assertion that fails only for large groups", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  assert(lid < 1000);
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Assertion);
  CHECK(r.witness->threads == 1001);
  CHECK(r.witness->pair == std::vector<uint32_t>{1000});
  CHECK(r.confirmed);

  prove::ProveOptions o;
  o.maxThreads = 1000;
  CHECK(proveText(R"(threads: 4;
group: 0;
main: {
  assert(lid < 1000);
  barrier;
})", o).status == Status::Ok);
}

TEST_CASE("prove: single-thread errors are found with one thread", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  local x;
  x := 100 / (lid - gid);
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::DivisionByZero);
  CHECK(r.witness->threads == 1);
  CHECK(r.confirmed);
}

TEST_CASE("prove: out-of-bounds for some group sizes", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared A[100];
main: {
  if (lid < 60) { wr(A, lid * 2, 1); }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::OutOfBounds);
  CHECK(r.witness->threads == 51);
  CHECK(r.claim.value == 100);
  CHECK(r.confirmed);
}

TEST_CASE("prove: a loop with a constant trip count is unrolled exactly", "[prove]") {
  const char* kernel = R"(threads: 4;
group: 0;
main: {
  local i;
  i := 0;
  while (i < 4) {
    wr(lid * 4 + i, i);
    i := i + 1;
  }
  barrier;
})";
  prove::ProveOptions o;
  o.maxThreads = 4096;  // beyond 2^30 threads, lid * 4 wraps around: a real race
  prove::ProveResult r = proveText(kernel, o);
  CHECK(r.status == Status::Ok);
  CHECK_FALSE(r.bounded);
  CHECK(r.maxIterations == 4);
  // Unbounded: threads 0 and 2^30 write the same cell; too large to replay: inconclusive.
  prove::ProveResult big = proveText(kernel);
  CHECK(big.status == Status::Inconclusive);
  REQUIRE(big.witness);
  CHECK(big.witness->threads == (1u << 30) + 1);
  CHECK_FALSE(big.confirmed);
}

TEST_CASE("prove: a loop with a barrier and an input-dependent trip count is bounded by --unroll", "[prove]") {
  const char* kernel = R"(threads: 4;
group: 0;
shared A[1];
shared B[1024];
main: {
  local i, n;
  n := rd(A, 0);
  i := 0;
  while (i < n) {
    wr(B, lid, i);
    barrier;
    i := i + 1;
  }
  barrier;
})";
  prove::ProveOptions o;
  o.maxThreads = 1024;
  o.unroll = 3;
  prove::ProveResult r = proveText(kernel, o);
  CHECK(r.status == Status::Ok);
  CHECK(r.bounded);
  CHECK(r.unroll == 3);
  // A, read into the loop guard, gets the equality abstraction; B the adversarial one.
  REQUIRE(r.abstraction.size() == 2);
  CHECK(r.abstraction[0] == prove::Abstraction::Equality);
  CHECK(r.abstraction[1] == prove::Abstraction::Adversarial);
}

TEST_CASE("prove: a divergent loop with a barrier is found and confirmed", "[prove]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  local i, n;
  n := rd(lid);
  i := 0;
  while (i < n) {
    barrier;
    i := i + 1;
  }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Divergence);
  CHECK(r.witness->threads == 2);
  CHECK(r.confirmed);
  CHECK_FALSE(r.witness->init.empty());
}

TEST_CASE("prove: a witness made by the abstraction is reported unconfirmed, not as a violation", "[prove]") {
  // Every thread reads 7 after the barrier, so nobody writes B; the equality abstraction
  // forgets the value thread 0 wrote, and the solver finds a write-write race on B[0].
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared A[1];
shared B[4];
main: {
  local x;
  if (lid == 0) { wr(A, 0, 7); }
  barrier;
  x := rd(A, 0);
  if (x != 7) { wr(B, 0, lid); }
  barrier;
})");
  CHECK(r.status == Status::Inconclusive);
  REQUIRE(r.witness);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  CHECK_FALSE(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->kind == sem::VerdictKind::Ok);
}

TEST_CASE("prove: the adversarial abstraction is refined to equality after a spurious witness", "[prove]") {
  // Forced adversarial, threads disagree on A[0] after the barrier: spurious divergence.
  const char* kernel = R"(threads: 4;
group: 0;
shared A[1];
main: {
  local x;
  barrier;
  x := rd(A, 0);
  if (x == 1) { barrier; }
  barrier;
})";
  prove::ProveOptions adv;
  adv.abstraction = "adversarial";
  prove::ProveResult r = proveText(kernel, adv);
  CHECK(r.status == Status::Inconclusive);
  CHECK_FALSE(r.confirmed);
  prove::ProveResult a = proveText(kernel);  // auto: A reaches a branch -> equality
  CHECK(a.status == Status::Ok);
  CHECK(a.abstraction[0] == prove::Abstraction::Equality);
}

TEST_CASE("prove: 32-bit wrap-around and division follow the interpreter", "[prove]") {
  // INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0 (no error); a shift by 32 is an error.
  CHECK(proveText(R"(threads: 1;
group: 0;
main: {
  local x;
  x := -2147483647 - 1;
  assert(x / -1 == x);
  assert(x % -1 == 0);
  assert(x - 1 == 2147483647);
  assert(-7 / 2 == -3 && -7 % 2 == -1 && (-8 >> 1) == -4);
  barrier;
})").status == Status::Ok);
  prove::ProveResult r = proveText(R"(threads: 1;
group: 0;
main: {
  local x;
  x := 1 << (lid + 30);
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::ShiftOutOfRange);
  CHECK(r.witness->threads == 3);
  CHECK(r.confirmed);
}

TEST_CASE("prove: control dependence picks the arrays that reach control flow", "[prove]") {
  auto k = semtest::compile(R"(threads: 4;
group: 0;
shared A[4];
shared B[4];
shared C[4];
main: {
  local x, y;
  x := rd(A, lid);
  y := rd(B, lid);
  wr(C, lid, y);
  if (x > 0) { skip; }
  barrier;
})");
  prove::ControlDependence cd = prove::analyseControlDependence(k->ir);
  REQUIRE(cd.influencesControl.size() == 3);
  CHECK(cd.influencesControl[0]);
  CHECK_FALSE(cd.influencesControl[1]);
  CHECK_FALSE(cd.influencesControl[2]);
  CHECK(cd.cfgVertices > 0);
}

TEST_CASE("prove --equiv: bounded equivalence of two kernels' output array", "[prove]") {
  const char* a = R"(threads: 4;
group: 0;
shared A[64];
shared O[64];
main: {
  local x;
  x := rd(A, lid % 64);
  wr(O, lid % 64, x * 2);
  barrier;
})";
  const char* b = R"(threads: 4;
group: 0;
shared A[64];
shared O[64];
main: {
  local x;
  x := rd(A, lid % 64);
  wr(O, lid % 64, x + x);
  barrier;
})";
  const char* c = R"(threads: 4;
group: 0;
shared A[64];
shared O[64];
main: {
  local x;
  x := rd(A, lid % 64);
  if (lid != 5) { wr(O, lid % 64, x << 1); }
  barrier;
})";
  auto ka = semtest::compile(a), kb = semtest::compile(b), kc = semtest::compile(c);
  prove::ProveOptions o;
  o.timeoutSeconds = 60;
  prove::EquivResult same = prove::proveEquivalent(ka->ir, kb->ir, "O", 1, 8, o);
  CHECK(same.status == prove::EquivResult::Status::Equivalent);
  prove::EquivResult diff = prove::proveEquivalent(ka->ir, kc->ir, "O", 1, 8, o);
  REQUIRE(diff.status == prove::EquivResult::Status::Different);
  CHECK(diff.witness->threads == 6);
  CHECK(diff.cell == 5);
  CHECK(diff.confirmed);
}
