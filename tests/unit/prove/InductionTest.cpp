// Loops proved by induction in `sdvmc prove` (prover/Induction.h): Houdini keeps the
// inductive candidates, the verdict is not bounded, violations past the unrolled iterations
// are still found, and a witness from too weak an invariant falls back to the cut.
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
