// Loops proved by induction in `sdvmc prove` (prover/Induction.h): Houdini keeps the
// inductive candidates, the verdict is not bounded, violations past the unrolled iterations
// are still found, and a witness from too weak an invariant falls back to the cut.
#include "prover/Induction.h"
#include "prover/Prover.h"
#include "semantics/Helpers.h"

#include <algorithm>
#include <catch2/catch.hpp>

namespace {

namespace prove = sdvmc::prove;
using Status = prove::ProveResult::Status;
using How = prove::LoopReport::How;

prove::ProveResult proveText(const std::string& text, prove::ProveOptions o = {}) {
  auto k = semtest::compile(text);
  o.timeoutSeconds = 60;
  return prove::prove(k->ir, o);
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("prove: an input-dependent loop with a barrier is proved by invariant, not bounded", "[prove][induction]") {
  // n is read from A[0] (equality abstraction: the same for both threads), so i and the loop
  // condition stay uniform and the barrier in the body never diverges; B[lid]: no race.
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
  CHECK_FALSE(r.bounded);
  REQUIRE(r.loops.size() == 1);
  CHECK(r.loops[0].how == How::Induction);
  CHECK(r.loops[0].iterations == 3);
  CHECK(has(r.loops[0].invariants, "i is uniform"));
  CHECK(has(r.loops[0].invariants, "the loop condition is uniform"));
  CHECK(has(r.loops[0].invariants, "no write of B since the last barrier"));
}

TEST_CASE("prove: a race in the 13th iteration is found by induction, missed by the cut", "[prove][induction]") {
  // Every thread writes B[0] in the iteration i = 12 (n > 12): a race at the barrier after the
  // loop for N >= 2. Cut at 8 iterations, that iteration is never encoded.
  const char* kernel = R"(threads: 4;
group: 0;
param n;
shared B[4];
main: {
  local i;
  while (i < n) {
    if (i == 12) { wr(B, 0, lid); }
    i := i + 1;
  }
  barrier;
})";
  prove::ProveOptions o;
  o.maxThreads = 64;
  prove::ProveResult r = proveText(kernel, o);
  CHECK(r.status == Status::Violation);
  CHECK(r.confirmed);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 2);
  CHECK(r.witness->params.at("n") >= 13);
  o.induction = false;
  prove::ProveResult cut = proveText(kernel, o);
  CHECK(cut.status == Status::Ok);
  CHECK(cut.bounded);
  REQUIRE(cut.loops.size() == 1);
  CHECK(cut.loops[0].how == How::Cut);
}

TEST_CASE("prove: a witness from too weak an invariant falls back to the cut", "[prove][induction]") {
  // offset == 4 * row always holds, but no candidate relates the two: the claim is spurious.
  const char* kernel = R"(threads: 4;
group: 0;
param n;
main: {
  local row, offset;
  while (row < n) {
    row := row + 1;
    offset := offset + 4;
  }
  assert(offset == 4 * row);
  barrier;
})";
  prove::ProveResult r = proveText(kernel);
  CHECK(r.status == Status::Ok);
  CHECK(r.inductionFellBack);
  CHECK(r.bounded);
  REQUIRE(r.loops.size() == 1);
  CHECK(r.loops[0].how == How::Cut);
}

namespace {

// A 64-bit loop counter i = i_hi:i_lo from 2^32 + lid, stepped by 4 while i < n (n a 64-bit
// parameter), writing U at the 64-bit cell i: an addr64 kernel, so 64-bit cells and logs.
const char* kStride4Kernel = R"(threads: 4;
group: 0;
param n_lo;
param n_hi;
shared U[];
main: {
  local i_lo, i_hi, t;
  i_lo := lid;
  i_hi := 1;
  while (llt(i_hi, i_lo, n_hi, n_lo)) {
    wr(U, addr64(i_hi, i_lo), 1);
    t := ladd_hi(i_hi, i_lo, 0, 4);
    i_lo := ladd_lo(i_hi, i_lo, 0, 4);
    i_hi := t;
  }
  barrier;
})";

}  // namespace

TEST_CASE("prove: a 64-bit loop counter over 64-bit cells is proved by induction (issue 20)", "[prove][induction]") {
  // Up to 4 threads: thread t writes only cells 2^32 + t + 4k, distinct per thread, for every n.
  prove::ProveOptions o;
  o.maxThreads = 4;
  prove::ProveResult r = proveText(kStride4Kernel, o);
  CHECK(r.status == Status::Ok);
  CHECK_FALSE(r.bounded);
  REQUIRE(r.loops.size() == 1);
  CHECK(r.loops[0].how == How::Induction);
  CHECK(r.loops[0].note.empty());
  // i >= i₀ is not inductive: ladd wraps, and i + 4 wraps past 2^63 - 1 for n close to it.
  CHECK_FALSE(has(r.loops[0].invariants, "i >= i₀"));
  CHECK(has(r.loops[0].invariants, "(i - i₀) % 0:4 == 0"));
  CHECK(has(r.loops[0].invariants, "every write of U since the last barrier is at off + d (off: the index at line "
                                   "11 with i = 0) with (d - i₀) % 0:4 == 0"));
}

TEST_CASE("prove: a 64-bit loop counter whose threads meet is a race at the 64-bit cell (issue 20)",
          "[prove][induction]") {
  // With 5 threads, threads 0 and 4 both write 2^32 + 4 (thread 0 in its second iteration).
  prove::ProveOptions o;
  o.maxThreads = 8;
  prove::ProveResult r = proveText(kStride4Kernel, o);
  CHECK(r.status == Status::Violation);
  CHECK(r.confirmed);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 5);
  CHECK(r.claim.kind == sdvmc::sem::VerdictKind::Race);
}

TEST_CASE("prove: a scoped resource limit gives Houdini's solver its previous limit back on every path out",
          "[prove][induction]") {
  z3::context c;
  prove::induction::BudgetedSolver s(c, "QF_AUFBV", 80000000);
  CHECK(s.rlimit() == 80000000);
  {
    const prove::induction::ScopedRlimit quick(s, 20000000);
    CHECK(s.rlimit() == 20000000);
    {
      const prove::induction::ScopedRlimit nested(s, 500);
      CHECK(s.rlimit() == 500);
    }
    CHECK(s.rlimit() == 20000000);
  }
  CHECK(s.rlimit() == 80000000);
  // An early exit (here an exception) restores it too.
  try {
    const prove::induction::ScopedRlimit quick(s, 20000000);
    throw std::runtime_error("out");
  } catch (const std::runtime_error&) {
  }
  CHECK(s.rlimit() == 80000000);
  // The solver still answers under it: a trivially unsatisfiable query is decided.
  s.solver.add(c.bool_val(false));
  CHECK(s.solver.check() == z3::unsat);
  // The limit is steps, honoured whatever the load: a query needing more is unknown.
  prove::induction::BudgetedSolver f(c, "QF_BV", 80000000);
  const z3::expr x = c.bv_const("x", 64), y = c.bv_const("y", 64);
  f.solver.add(x * y == c.bv_val(static_cast<uint64_t>(1234567), 64) && z3::ugt(x, 1) && z3::ugt(y, 1) &&
               x.extract(63, 16) == 0 && y.extract(63, 16) == 0);
  {
    const prove::induction::ScopedRlimit tiny(f, 1000);
    CHECK(f.solver.check() == z3::unknown);
    CHECK(f.solver.reason_unknown().find("resource") != std::string::npos);
  }
  CHECK(prove::induction::rlimitCount(f.solver) > 0);
}
