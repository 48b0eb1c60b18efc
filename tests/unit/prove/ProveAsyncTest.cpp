// `sdvmc prove` on kernels with asynchronous copies (KPL extension: G-ASYNC-COPY, G-ASYNC-WAIT,
// T-CP-ASYNC, T-CP-COMMIT, T-CP-WAIT, ASYNC-RACE; specs/KPL.md): the copies in flight of the
// two-thread encoding (prover/AsyncCopies.cpp), their values at the wait, their events and
// batches, and their strides, constant or computed at run time.
#include "prover/Prover.h"
#include "prover/TwoThread.h"
#include "semantics/Helpers.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <optional>

namespace {

namespace prove = sdvmc::prove;
namespace sem = sdvmc::sem;
using Status = prove::ProveResult::Status;

prove::ProveResult proveKpl(const std::string& text, uint64_t maxThreads) {
  auto k = semtest::compile(text);
  prove::ProveOptions o;
  o.timeoutSeconds = 60;
  o.maxThreads = maxThreads;
  return prove::prove(k->ir, o);
}

/// `text` with its placeholder `hole` (once) replaced by `value`: one kernel, several variants.
std::string fill(std::string text, const std::string& hole, const std::string& value) {
  const size_t at = text.find(hole);
  REQUIRE(at != std::string::npos);
  return text.replace(at, hole.size(), value);
}

/// What a violation must be: its kind, and when given its rule and smallest group size.
struct Expected {
  sem::VerdictKind kind;
  std::optional<sem::Rule> rule;
  std::optional<uint32_t> threads;
};

/// `r` is a violation as `e` says, confirmed by the interpreter's replay.
void requireConfirmed(const prove::ProveResult& r, const Expected& e) {
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == e.kind);
  if (e.rule) CHECK(r.claim.rule == *e.rule);
  if (e.threads) {
    REQUIRE(r.witness);
    CHECK(r.witness->threads == *e.threads);
  }
  CHECK(r.confirmed);
}

}  // namespace

TEST_CASE("prove, async: the group's copy's values are every thread's after the wait", "[prove][async]") {
  // G starts {7, 9}; the copy G[0..1] -> T[0..1] is done at the wait, in the group's memory:
  // thread 1 reads T[1] = 9 without a barrier (exactly: the first barrier comes later).
  const std::string kernel = R"(threads: 2;
group: 0;
global G[2] = {7, 9};
shared T[2];
main: {
  local e, v;
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  async_wait(e);
  if (lid == 1) {
    v := rd(T, 1);
    assert(v == EXPECTED);
  }
  barrier;
})";
  CHECK(proveKpl(fill(kernel, "EXPECTED", "9"), 2).status == Status::Ok);
  // T[1] = 7 is wrong: the assertion fails for thread 1, from 2 threads, confirmed by run.
  requireConfirmed(proveKpl(fill(kernel, "EXPECTED", "7"), 2), {sem::VerdictKind::Assertion, {}, 2});
}

TEST_CASE("prove, async: a wait for another event leaves the copy in flight", "[prove][async]") {
  // Two group copies with events 1 and 2; waiting for the second only leaves the first in
  // flight, so reading its destination T[0] races (ASYNC-RACE) with one thread already.
  const std::string base = R"(threads: 1;
group: 0;
global G[4];
shared T[4];
main: {
  local e, f, v;
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  f := async_copy(T, 2, 1, G, 2, 1, 2, 0);
  WAIT
  v := rd(T, 0);
  barrier;
})";
  requireConfirmed(proveKpl(fill(base, "WAIT", "async_wait(f);"), 1), {sem::VerdictKind::Race, sem::Rule::AsyncRace, {}});
  CHECK(proveKpl(fill(base, "WAIT", "async_wait(e, f);"), 1).status == Status::Ok);
  // A copy joining e's event (its last operand e) is waited for with e.
  CHECK(proveKpl(R"(threads: 1;
group: 0;
global G[4];
shared T[4];
main: {
  local e, f, v;
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  f := async_copy(T, 2, 1, G, 2, 1, 2, e);
  async_wait(e);
  v := rd(T, 3);
  barrier;
})",
                 1)
            .status == Status::Ok);
}

TEST_CASE("prove, async: a copy overlapping one in flight, or a plain write since the barrier, races", "[prove][async]") {
  // The second copy writes G[1], which the first (in flight) reads: ASYNC-RACE at its issue.
  prove::ProveResult r = proveKpl(R"(threads: 1;
group: 0;
global G[4];
shared T[4];
main: {
  local e, f;
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  f := async_copy(G, 1, 1, T, 2, 1, 2, 0);
  async_wait(e, f);
  barrier;
})",
                                  1);
  requireConfirmed(r, {sem::VerdictKind::Race, sem::Rule::AsyncRace, {}});
  // Thread 1 writes G[1], then the group copies G[0..1] with no barrier between: the copy's
  // read of G[1] conflicts with that write since the last barrier (ASYNC-RACE at the issue),
  // which needs a thread 1: two threads. With the barrier in between: ok for sizes 1..2.
  const std::string writeThenCopy = R"(threads: 2;
group: 0;
global G[2];
shared T[2];
main: {
  local e;
  if (lid == 1) {
    wr(G, 1, 5);
  }
  BARRIER
  e := async_copy(T, 0, 1, G, 0, 1, 2, 0);
  async_wait(e);
  barrier;
})";
  requireConfirmed(proveKpl(fill(writeThenCopy, "BARRIER", ""), 2), {sem::VerdictKind::Race, sem::Rule::AsyncRace, 2});
  CHECK(proveKpl(fill(writeThenCopy, "BARRIER", "barrier;"), 2).status == Status::Ok);
}

TEST_CASE("prove, async: cp_wait(1) leaves the newest batch in flight, cp_wait(0) none", "[prove][async]") {
  // Each thread stages two cells as two batches (b0: T[2t], b1: T[2t + 1]). After cp_wait(1)
  // batch 1 is still in flight: reading T[2t + 1] races with the thread's own copy; after
  // cp_wait(0) both are done and the thread's own cells read back G's values.
  const std::string base = R"(threads: 2;
group: 0;
global G[4] = {5, 6, 7, 8};
shared T[4];
main: {
  local v;
  cp_async(T, 2 * lid, G, 2 * lid, 1);
  cp_commit();
  cp_async(T, 2 * lid + 1, G, 2 * lid + 1, 1);
  cp_commit();
  cp_wait(K);
  v := rd(T, 2 * lid + 1);
  assert(v == 6 + 2 * lid);
  barrier;
})";
  requireConfirmed(proveKpl(fill(base, "K)", "1)"), 2), {sem::VerdictKind::Race, {}, 1});
  CHECK(proveKpl(fill(base, "K)", "0)"), 2).status == Status::Ok);
}

TEST_CASE("prove, async: a loop that issues copies with an input-dependent trip count is cut, not inducted",
          "[prove][async]") {
  prove::ProveResult r = proveKpl(R"(threads: 1;
group: 0;
global G[];
shared T[];
param n;
main: {
  local k, e;
  k := 0;
  while (k < n) {
    e := async_copy(T, 4 * k, 1, G, 4 * k, 1, 4, 0);
    async_wait(e);
    k := k + 1;
  }
  barrier;
})",
                                  4);
  CHECK(r.status == Status::Ok);
  CHECK(r.bounded);
  bool cut = false;
  for (const prove::LoopReport& l : r.loops)
    if (l.how == prove::LoopReport::How::Cut && l.note.find("asynchronous") != std::string::npos) cut = true;
  CHECK(cut);
}

namespace {
/// A two-thread kernel over G = {10, …, 17} and T[8] with `body` then `more` before its last
/// barrier (fmt::format: GCC 12's -Wrestrict misreads chains of std::string +).
std::string stridedKernel(const std::string& body, const std::string& more = "") {
  return fmt::format("threads: 2;\ngroup: 0;\nglobal G[8] = {{10, 11, 12, 13, 14, 15, 16, 17}};\nshared T[8];\n"
                     "main: {{\n  local e, f, v;\n{}{}\n  barrier;\n}}\n",
                     body, more);
}
}  // namespace

TEST_CASE("prove, async: constant strides, positive, negative and zero", "[prove][async]") {
  // T[k] := G[1 + 2k], k < 3: T[2] = G[5] = 15 after the wait (14 is wrong: confirmed).
  const std::string copy = "  e := async_copy(T, 0, 1, G, 1, 2, 3, 0);\n  async_wait(e);\n  v := rd(T, 2);\n";
  CHECK(proveKpl(stridedKernel(copy, "  assert(v == 15);"), 2).status == Status::Ok);
  requireConfirmed(proveKpl(stridedKernel(copy, "  assert(v == 14);"), 2), {sem::VerdictKind::Assertion, {}, {}});
  // Stride -1: T[k] := G[7 - k], so T[5] = G[2] = 12.
  CHECK(proveKpl(stridedKernel("  e := async_copy(T, 0, 1, G, 7, -1, 8, 0);\n  async_wait(e);\n  v := rd(T, 5);\n"
                               "  assert(v == 12);"),
                 2)
            .status == Status::Ok);
  // Destination stride 0 with two elements: both write T[0], a race within the copy.
  requireConfirmed(proveKpl(stridedKernel("  e := async_copy(T, 0, 0, G, 1, 1, 2, 0);\n  async_wait(e);"), 2),
                   {sem::VerdictKind::Race, sem::Rule::AsyncRace, {}});
  // Destination stride 2 (T[0], T[2], T[4]) in flight: thread t reads T[1 + t], a destination
  // cell for t = 1 only: the smallest breaking group size is 2.
  requireConfirmed(
      proveKpl(stridedKernel("  e := async_copy(T, 0, 2, G, 0, 1, 3, 0);\n  v := rd(T, 1 + lid);\n  async_wait(e);"), 2),
      {sem::VerdictKind::Race, sem::Rule::AsyncRace, 2});
  // Source stride 3, 4 elements: G[0], G[3], G[6], G[9]: the last is outside G[0..7].
  requireConfirmed(proveKpl(stridedKernel("  e := async_copy(T, 0, 1, G, 0, 3, 4, 0);\n  async_wait(e);"), 2),
                   {sem::VerdictKind::OutOfBounds, {}, {}});
  // T[0], T[2], T[4] and T[5], T[4] (stride -1) share T[4]; with stride -2 (T[5], T[3]) none.
  const std::string first = "  e := async_copy(T, 0, 2, G, 0, 1, 3, 0);\n";
  requireConfirmed(proveKpl(stridedKernel(first, "  f := async_copy(T, 5, -1, G, 0, 1, 2, 0);\n  async_wait(e, f);"), 2),
                   {sem::VerdictKind::Race, sem::Rule::AsyncRace, {}});
  CHECK(proveKpl(stridedKernel(first, "  f := async_copy(T, 5, -2, G, 0, 1, 2, 0);\n  async_wait(e, f);"), 2).status ==
        Status::Ok);
}

TEST_CASE("prove, async: 64-bit cells (addr64): a copy's cells are the Words' sign-extended cells", "[prove][async]") {
  // T is unbounded: T[2^32 + lid] is another cell than the copy's T[lid] (no race while in
  // flight); T[lid] itself is one of them (a race). After the wait T[lid] = G[2 + lid].
  const std::string kernel = R"(threads: 2;
group: 0;
global G[8] = {10, 11, 12, 13, 14, 15, 16, 17};
shared T[];
main: {
  local e, v;
  e := async_copy(T, 0, 1, G, 2, 1, 4, 0);
  v := rd(T, addr64(HIGH, lid));
  async_wait(e);
  v := rd(T, addr64(0, lid));
  assert(v == 12 + lid);
  barrier;
})";
  CHECK(proveKpl(fill(kernel, "HIGH", "1"), 2).status == Status::Ok);
  requireConfirmed(proveKpl(fill(kernel, "HIGH", "0"), 2), {sem::VerdictKind::Race, sem::Rule::AsyncRace, {}});
}

TEST_CASE("prove, async: a stride computed at run time is encoded exactly", "[prove][async]") {
  // The destination stride is the parameter s: cells 0, s, 2s, 3s. After the wait T[2s] holds
  // G[2] = 12 for every s the assume allows (the element of cell 2s is 2 for s = 1, 3, 5, 6:
  // odd strides and one with a factor 2); reading T[5] before the wait is a race exactly when
  // 5 is a destination cell, s = 1 or 5 (T is unbounded).
  const std::string kernel = R"(threads: 2;
group: 0;
global G[4] = {10, 11, 12, 13};
shared T[];
param s;
main: {
  local e, v;
  assume(s == 1 || s == 3 || s == 5 || s == 6);
  e := async_copy(T, 0, s, G, 0, 1, 4, 0);
  EARLY
  async_wait(e);
  v := rd(T, 2 * s);
  assert(v == EXPECTED);
  barrier;
})";
  const std::string late = fill(kernel, "EARLY", "");
  CHECK(proveKpl(fill(late, "EXPECTED", "12"), 2).status == Status::Ok);
  requireConfirmed(proveKpl(fill(late, "EXPECTED", "11"), 2), {sem::VerdictKind::Assertion, {}, 1});
  prove::ProveResult r = proveKpl(fill(fill(kernel, "EARLY", "v := rd(T, 5);"), "EXPECTED", "12"), 2);
  requireConfirmed(r, {sem::VerdictKind::Race, sem::Rule::AsyncRace, 1});
  REQUIRE(r.witness);
  REQUIRE(r.witness->params.count("s") == 1);
  const int32_t s = r.witness->params.at("s");
  CHECK((s == 1 || s == 5));
}
