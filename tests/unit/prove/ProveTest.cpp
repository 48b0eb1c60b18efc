// `sdvmc prove`'s engine (prover/Prover.h): the two-thread reduction with Z3 proves
// kernels for every group size, finds the smallest group size of a violation, and replays
// every witness with the interpreter.
#include "prover/ControlDependence.h"
#include "prover/Prover.h"
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
  o.induction = false;  // --loops unroll (with induction the loop is proved: InductionTest.cpp)
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

TEST_CASE("prove: the 64-bit integer builtins are encoded exactly", "[prove][wide]") {
  // Each value worked out from two's complement on 64 bits (hi = high Word, lo = low Word):
  // 0x00000000_FFFFFFFF + 1 = 0x1_00000000; 0 - 1 = all ones; 2^16 * 2^16 = 2^32;
  // -7 / 2 = -3 and -7 % 2 = -1 (truncation); (2^64 - 1) /u 2 = 0x7FFFFFFF_FFFFFFFF,
  // (2^64 - 1) %u 2 = 1; 1 << 32 = 0x1_00000000; INT64_MIN >> 63 = -1 (arithmetic), 1
  // (logical); -1 < 0 signed but 2^64 - 1 > 0 unsigned; INT64_MIN / -1 wraps to INT64_MIN,
  // INT64_MIN % -1 = 0.
  CHECK(proveText(R"(threads: 1;
group: 0;
main: {
  assert(ladd_hi(0, -1, 0, 1) == 1 && ladd_lo(0, -1, 0, 1) == 0);
  assert(lsub_hi(0, 0, 0, 1) == -1 && lsub_lo(0, 0, 0, 1) == -1);
  assert(lmul_hi(0, 65536, 0, 65536) == 1 && lmul_lo(0, 65536, 0, 65536) == 0);
  assert(ldiv_hi(-1, -7, 0, 2) == -1 && ldiv_lo(-1, -7, 0, 2) == -3);
  assert(lrem_hi(-1, -7, 0, 2) == -1 && lrem_lo(-1, -7, 0, 2) == -1);
  assert(ludiv_hi(-1, -1, 0, 2) == 2147483647 && ludiv_lo(-1, -1, 0, 2) == -1);
  assert(lurem_hi(-1, -1, 0, 2) == 0 && lurem_lo(-1, -1, 0, 2) == 1);
  assert(land_hi(-1, 12, 255, 10) == 255 && lor_lo(-1, 12, 255, 10) == 14 && lxor_lo(0, 12, 0, 10) == 6);
  assert(lshl_hi(0, 1, 32) == 1 && lshl_lo(0, 1, 32) == 0);
  assert(lashr_lo(-2147483647 - 1, 0, 63) == -1 && llshr_lo(-2147483647 - 1, 0, 63) == 1);
  assert(llt(-1, -1, 0, 0) == 1 && lult(-1, -1, 0, 0) == 0 && luge(-1, -1, 0, 0) == 1);
  assert(leq(1, 2, 1, 2) == 1 && lne(1, 2, 1, 3) == 1 && lge(0, 0, -1, -1) == 1);
  assert(ldiv_hi(-2147483647 - 1, 0, -1, -1) == -2147483647 - 1 && ldiv_lo(-2147483647 - 1, 0, -1, -1) == 0);
  assert(lrem_hi(-2147483647 - 1, 0, -1, -1) == 0 && lrem_lo(-2147483647 - 1, 0, -1, -1) == 0);
  barrier;
})").status == Status::Ok);
  // A wrong claim is refuted: 2^32 - 1 + 1 has low Word 0, not 1.
  prove::ProveResult wrong = proveText(R"(threads: 1;
group: 0;
main: {
  assert(ladd_lo(0, -1, 0, 1) == 1);
  barrier;
})");
  CHECK(wrong.status == Status::Violation);
  CHECK(wrong.claim.kind == sem::VerdictKind::Assertion);
}

TEST_CASE("prove: 64-bit division by zero and shifts outside 0..63 are errors", "[prove][wide]") {
  // Thread 3 divides by (0, lid - 3) = 0: needs 4 threads.
  prove::ProveResult d = proveText(R"(threads: 1;
group: 0;
main: {
  local x;
  x := ldiv_lo(0, 10, 0, lid - 3);
  barrier;
})");
  REQUIRE(d.status == Status::Violation);
  CHECK(d.claim.kind == sem::VerdictKind::DivisionByZero);
  CHECK(d.witness->threads == 4);
  CHECK(d.confirmed);
  // The divisor's high Word counts: (1, lid - 3) is never 0.
  CHECK(proveText(R"(threads: 1;
group: 0;
main: {
  local x;
  x := lurem_hi(0, 10, 1, lid - 3);
  barrier;
})").status == Status::Ok);
  // Thread 2 shifts by 64: needs 3 threads; 63 is fine.
  prove::ProveResult s = proveText(R"(threads: 1;
group: 0;
main: {
  local x;
  x := lshl_lo(0, 1, lid + 62);
  barrier;
})");
  REQUIRE(s.status == Status::Violation);
  CHECK(s.claim.kind == sem::VerdictKind::ShiftOutOfRange);
  CHECK(s.witness->threads == 3);
  CHECK(s.confirmed);
}

namespace {

prove::EquivResult equivText(const std::string& a, const std::string& b, const std::string& array,
                             prove::ProveOptions o = {}) {
  auto ka = semtest::compile(a), kb = semtest::compile(b);
  o.timeoutSeconds = 100;
  return prove::proveEquivalentEverySize(ka->ir, kb->ir, array, o);
}

const char* kCopyDouble = R"(threads: 4;
group: 0;
shared I[64];
shared O[64];
main: {
  local x;
  if (lid < 64) {
    x := rd(I, lid);
    wr(O, lid, x * 2);
  }
  barrier;
})";

}  // namespace

TEST_CASE("prove --equiv, every size: a difference only thread 12 makes is found and confirmed", "[prove][equiv]") {
  // O[12] = 2 * (I[12] + 1) against 2 * I[12]: different iff thread 12 exists (N >= 13).
  const char* lid12 = R"(threads: 4;
group: 0;
shared I[64];
shared O[64];
main: {
  local x;
  if (lid < 64) {
    x := rd(I, lid);
    if (lid == 12) { x := x + 1; }
    wr(O, lid, x * 2);
  }
  barrier;
})";
  auto ka = semtest::compile(kCopyDouble), kb = semtest::compile(lid12);
  prove::ProveOptions o;
  o.timeoutSeconds = 100;
  // The bounded search over 1..8 cannot see it.
  CHECK(prove::proveEquivalent(ka->ir, kb->ir, "O", 1, 8, o).status == prove::EquivResult::Status::Equivalent);
  prove::EquivResult r = prove::proveEquivalentEverySize(ka->ir, kb->ir, "O", o);
  REQUIRE(r.status == prove::EquivResult::Status::Different);
  CHECK(r.everySize);
  CHECK_FALSE(r.foundBounded);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 13);
  CHECK(r.cell == 12);
  CHECK(r.confirmed);
  // Reduced initial values: all 0, so O[12] ends 0 and 2.
  CHECK(r.witness->init.empty());
  CHECK(r.valueA == 0);
  CHECK(r.valueB == 2);
}

TEST_CASE("prove --equiv, every size: transpose naive vs. tiled is proved for every group size", "[prove][equiv]") {
  // N = 4^k (k <= 2); thread (y << k) + x. Naive writes O[(x << k) + y] := I[(y << k) + x];
  // tiled goes through T and writes O[(y << k) + x] := T[(x << k) + y] = I[(x << k) + y]:
  // the same cell gets the same value.
  const char* naive = R"(threads: 4;
group: 0;
param k;
shared I[16];
shared O[16];
main: {
  local x, y, v;
  assume(k >= 0 && k <= 2 && (1 << (2 * k)) == ldim(0));
  x := lid & ((1 << k) - 1);
  y := lid >> k;
  v := rd(I, (y << k) + x);
  wr(O, (x << k) + y, v);
  barrier;
})";
  const char* tiled = R"(threads: 4;
group: 0;
param k;
shared I[16];
shared T[16];
shared O[16];
main: {
  local x, y, v;
  assume(k >= 0 && k <= 2 && (1 << (2 * k)) == ldim(0));
  x := lid & ((1 << k) - 1);
  y := lid >> k;
  v := rd(I, (y << k) + x);
  wr(T, (y << k) + x, v);
  barrier;
  v := rd(T, (x << k) + y);
  wr(O, (y << k) + x, v);
  barrier;
})";
  prove::EquivResult r = equivText(naive, tiled, "O");
  CHECK(r.status == prove::EquivResult::Status::Equivalent);
  CHECK(r.everySize);
  CHECK_FALSE(r.bounded);
  CHECK(r.snapshots[0] == 1);
  CHECK(r.snapshots[1] == 2);
  // Reading the tile at the cell the thread itself wrote is not a transpose: different
  // (k = 1, N = 4: O[1] gets I[1] instead of I[2]), found by the bounded search.
  std::string wrong = tiled;
  wrong.replace(wrong.find("v := rd(T, (x << k) + y);"), 25, "v := rd(T, (y << k) + x);");
  prove::EquivResult d = equivText(naive, wrong, "O");
  REQUIRE(d.status == prove::EquivResult::Status::Different);
  CHECK(d.confirmed);
  CHECK(d.witness->threads == 4);
}

TEST_CASE("prove --equiv, every size: a racy kernel makes the verdict inconclusive", "[prove][equiv]") {
  const char* racy = R"(threads: 4;
group: 0;
shared I[64];
shared O[64];
main: {
  local x;
  if (lid < 64) {
    x := rd(I, lid);
    wr(O, 0, x);
  }
  barrier;
})";
  prove::EquivResult r = equivText(kCopyDouble, racy, "O");
  CHECK(r.status == prove::EquivResult::Status::Inconclusive);
  CHECK(r.preFailed == 1);
  CHECK(r.pre[1].status == prove::ProveResult::Status::Violation);
  CHECK(r.pre[1].claim.kind == sem::VerdictKind::Race);
  CHECK(r.pre[1].confirmed);
  CHECK_FALSE(r.witness);
}

TEST_CASE("prove --equiv, every size: the writes a thread reads back, and barriers not taken", "[prove][equiv]") {
  // A: each thread writes B[lid] twice and reads its own last write back before the
  // barrier (it sees 5, not the old value), then O[lid] := that plus B[lid] after the
  // barrier (5 + 5). A barrier inside `if (ldim(0) > 100)` is uniform; whether taken or not,
  // nothing changes for memory. B: writes O[lid] := 10 directly. Equivalent for every N.
  const char* a = R"(threads: 4;
group: 0;
shared B[];
shared O[];
main: {
  local x, y;
  wr(B, lid, 3);
  wr(B, lid, 5);
  x := rd(B, lid);
  if (ldim(0) > 100) { barrier; }
  barrier;
  y := rd(B, lid);
  wr(O, lid, x + y);
  barrier;
})";
  const char* b = R"(threads: 4;
group: 0;
shared O[];
main: {
  wr(O, lid, 10);
  barrier;
})";
  prove::EquivResult r = equivText(a, b, "O");
  CHECK(r.status == prove::EquivResult::Status::Equivalent);
  // A third kernel that reads the neighbour's cell after the barrier: O[lid] = 5 + B[lid + 1],
  // which is 5 + 5 except at the last thread (B[N] keeps its initial value).
  std::string c = a;
  c.replace(c.find("y := rd(B, lid);"), 16, "y := rd(B, lid + 1);");
  prove::EquivResult d = equivText(c, b, "O");
  REQUIRE(d.status == prove::EquivResult::Status::Different);
  CHECK(d.confirmed);
  CHECK(d.cell == static_cast<int32_t>(d.witness->threads) - 1);
}

TEST_CASE("prove --equiv, every size: a spurious model of the first ground round is not reported", "[prove][equiv]") {
  // A: thread lid writes O[N - 1 - lid] := I[lid]; B: thread lid writes O[lid] := I[N - 1 - lid].
  // Both give O[c] = I[N - 1 - c] for c < N and leave the rest: equivalent. The writer of O[c]
  // in A is thread N - 1 - c, a term the first round of instances does not have (only c and
  // the writers' names), so its model is replayed, not confirmed, and the second round
  // (instances at N - 1 - sigma(c)) refutes it.
  const char* a = R"(threads: 4;
group: 0;
shared I[];
shared O[];
main: {
  local x;
  x := rd(I, lid);
  wr(O, ldim(0) - 1 - lid, x);
  barrier;
})";
  const char* b = R"(threads: 4;
group: 0;
shared I[];
shared O[];
main: {
  local x;
  x := rd(I, ldim(0) - 1 - lid);
  wr(O, lid, x);
  barrier;
})";
  prove::EquivResult r = equivText(a, b, "O");
  CHECK(r.status == prove::EquivResult::Status::Equivalent);
  CHECK(r.method == "ground instances, 2 rounds");
  CHECK_FALSE(r.witness);
  bool spurious = false;
  for (const std::string& n : r.notes) spurious |= n.find("does not reproduce") != std::string::npos;
  CHECK(spurious);
}

TEST_CASE("prove: 64-bit addresses (addr64) and 64-bit signed overflow (lnsw_*)", "[prove][overflow]") {
  // lid * 2^32 + 7 fits 32 bits only for lid 0: as an access's index it is the exact 64-bit
  // cell, encoded with 64-bit indices (every cell has the low word 7).
  SECTION("cells beyond 32 bits in an unbounded array: exact 64-bit cells, race-free") {
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared U[];
main: {
  wr(U, addr64(lid, 7), 9);
  barrier;
})");
    CHECK(r.status == Status::Ok);
    CHECK_FALSE(r.bounded);
  }
  SECTION("two threads on one cell beyond 2^32: a race there, confirmed") {
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared U[];
main: {
  wr(U, addr64(1 + (lid >> 1), 7), 9);
  barrier;
})");
    REQUIRE(r.status == Status::Violation);
    CHECK(r.claim.kind == sem::VerdictKind::Race);
    CHECK(r.confirmed);
    REQUIRE(r.witness);
    CHECK(r.witness->threads == 2);
    REQUIRE(r.replayed);
    REQUIRE_FALSE(r.replayed->accesses.empty());
    CHECK(r.replayed->accesses[0].addr.index == (sem::Index{1} << 32) + 7);
  }
  SECTION("an address beyond 32 bits used as a value (not an index): inconclusive, not a violation") {
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared U[];
main: {
  local x;
  x := addr64(lid, 7);
  wr(U, x, 9);
  barrier;
})");
    CHECK(r.status == Status::Inconclusive);
    CHECK(r.reason.find("64-bit address beyond 32 bits") != std::string::npos);
  }
  SECTION("the same in a bounded array: out-of-bounds, confirmed by the replay") {
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared A[8];
main: {
  wr(A, addr64(lid, 7), 9);
  barrier;
})");
    REQUIRE(r.status == Status::Violation);
    CHECK(r.confirmed);
    REQUIRE(r.replayed);
    CHECK(r.replayed->kind == sem::VerdictKind::OutOfBounds);
    REQUIRE(r.witness);
    CHECK(r.witness->threads == 2);
    // prove's own claim names the exact 64-bit index: thread 1's 2^32 + 7.
    CHECK(r.claim.kind == sem::VerdictKind::OutOfBounds);
    CHECK(r.claim.value == (int64_t{1} << 32) + 7);
  }
  SECTION("addresses that always fit (high word the low word's sign): proved") {
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared U[];
main: {
  wr(U, addr64(lid >> 31, lid), 9);
  barrier;
})");
    CHECK(r.status == Status::Ok);
  }
  SECTION("an overflow computing an index is the verdict, not the address beyond 32 bits it leads to") {
    // lid * 2^62 overflows for lid >= 2 (its first statement, for every thread at once); for
    // lid = 1 it is 2^62, whose address (third statement) is beyond 32 bits. Violations are
    // looked for first: 3 threads, thread 2's overflow, which the interpreter reaches too. (In
    // one statement, thread 1's address would come first: the run's lowest thread.)
    prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
shared U[];
main: {
  local h, l;
  h := lnsw_mul_hi(0, lid, 0x40000000, 0);
  l := lnsw_mul_lo(0, lid, 0x40000000, 0);
  wr(U, addr64(h, l), 9);
  barrier;
})");
    REQUIRE(r.status == Status::Violation);
    CHECK(r.claim.kind == sem::VerdictKind::IntegerOverflow);
    CHECK(r.confirmed);
    REQUIRE(r.witness);
    CHECK(r.witness->threads == 3);
  }
}

TEST_CASE("prove: private_index is an out-of-bounds check point, its witness replayed to the same verdict",
          "[prove][private_index]") {
  prove::ProveResult r = proveText(R"(threads: 4;
group: 0;
main: {
  local i;
  i := lid * 3;
  private_index(acc, i, 100);
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::OutOfBounds);
  CHECK(r.claim.rule == sem::Rule::TPrivateIndex);
  CHECK(r.claim.privateName == "acc");
  CHECK(r.claim.privateSize == 100);
  CHECK(r.claim.value == 102);  // thread 34, the first with lid * 3 >= 100: 35 threads
  CHECK(r.claim.threads == std::vector<uint32_t>{34});
  CHECK(r.witness->threads == 35);
  CHECK(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->kind == sem::VerdictKind::OutOfBounds);
  CHECK(r.replayed->privateName == "acc");
  CHECK(r.replayed->value == 102);
  prove::ProveResult ok = proveText(R"(threads: 4;
group: 0;
main: {
  local i;
  i := lid % 5;
  private_index(acc, i, 5);
  barrier;
})");
  CHECK(ok.status == Status::Ok);
}
