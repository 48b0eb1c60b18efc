// Atomics under the warp models in a run (semantics/models/WarpAtomic.cpp): lane by lane in
// ascending order within a warp, warp 0 first (SimtRun's schedule), each lane's result the
// value it read; an atomic and another warp's plain access of the cell race (the atomic a
// write), two atomics never; a barrier clears the atomic logs. Values worked out by hand.
#include "ModelHelpers.h"

#include "semantics/models/SimtRun.h"

#include <memory>

using namespace modtest;

namespace {
const char* kTickets = R"(threads: 4;
group: 0;
shared C[1];
shared T[4];
main: {
  local x;
  x := atomic_add(C, 0, 1);
  wr(T, lid, x);
  barrier;
}
)";

/// One concrete run of `text` under simt:`warp` (SimtRun's fixed schedule), group 0, from the
/// kernel's initial memory: its verdict and final memory.
struct SimtResult {
  std::unique_ptr<Kernel> kernel;
  sem::Verdict verdict;
  sem::Memory memory;
};
SimtResult simtRun(const std::string& text, uint32_t warp) {
  SimtResult r;
  r.kernel = compile(text);
  sem::SimtOptions o;
  o.warpSize = warp;
  sem::SimtRun simt(r.kernel->ir, r.kernel->program.threads, 0, sem::initialMemory(r.kernel->ir, 0), o);
  r.verdict = simt.run();
  r.memory = simt.memory();
  return r;
}

sem::Verdict runSimt(const std::string& text, uint32_t warp) { return simtRun(text, warp).verdict; }

std::vector<sem::Word> cells(const std::string& text, uint32_t warp, const char* array) {
  const SimtResult r = simtRun(text, warp);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
  for (size_t a = 0; a < r.kernel->ir.arrays.size(); ++a)
    if (r.kernel->ir.arrays[a].name == array) return r.memory.bounded[a];
  FAIL("no array " << array);
  return {};
}

/// `check` of a two-thread `text` explores an atomic and another warp's plain access of one
/// cell in both orders under warps of one thread (mimd): a race; one warp of two runs them in
/// lock step: ok.
void requireRaceAcrossWarpsOnly(const std::string& text) {
  auto k = compile(text);
  sem::Bounds b = bounds({2});
  b.initialMemory = sem::initialMemory(k->ir, 0);
  sem::WarpModel mimd(k->ir, b, sem::WarpOptions{1, false}, true, false);
  const ex::Result r = run(mimd);
  REQUIRE(r.status == Status::Violation);
  CHECK(r.violation->kind == sem::VerdictKind::Race);
  sem::WarpModel oneWarp(k->ir, b, sem::WarpOptions{2, false}, true, false);
  CHECK(run(oneWarp).status == Status::Complete);
}
}  // namespace

TEST_CASE("warp atomics: tickets in lane order, warp 0 first; the counter ends at the group size",
          "[models][simt][atomic]") {
  // One warp of 4 or 2 warps of 2 (warp 0 runs to the barrier first): lanes take 0, 1, 2, 3.
  for (uint32_t w : {0u, 4u, 2u, 1u}) {
    CAPTURE(w);
    CHECK(cells(kTickets, w, "T") == std::vector<sem::Word>{0, 1, 2, 3});
    CHECK(cells(kTickets, w, "C") == std::vector<sem::Word>{4});
  }
}

TEST_CASE("warp atomics race with another warp's plain accesses, not with atomics; a barrier orders them",
          "[models][simt][atomic]") {
  const std::string plainAfter = R"(threads: 2;
group: 0;
shared C[1];
main: {
  local x;
  if (lid == 0) {
    atomic_add(C, 0, 1);
  }
  if (lid == 1) {
    x := rd(C, 0);
  }
  barrier;
}
)";
  // Warps of one thread: thread 0's atomic, then thread 1's plain read: a race.
  const sem::Verdict v = runSimt(plainAfter, 1);
  CHECK(v.kind == sem::VerdictKind::Race);
  CHECK(v.threads == std::vector<uint32_t>{0, 1});
  // One warp: the read follows the atomic in lock step (different statements): ordered.
  CHECK(runSimt(plainAfter, 2).kind == sem::VerdictKind::Ok);
  // With a barrier between them, no race (the atomic log is cleared).
  std::string ordered = plainAfter;
  ordered.replace(ordered.find("  if (lid == 1)"), 0, "  barrier;\n");
  CHECK(runSimt(ordered, 1).kind == sem::VerdictKind::Ok);
  // Atomics of two warps on one cell: no race.
  const std::string both = R"(threads: 2;
group: 0;
shared C[1];
main: {
  atomic_add(C, 0, lid + 1);
  barrier;
}
)";
  CHECK(cells(both, 1, "C") == std::vector<sem::Word>{3});
}

TEST_CASE("check under the warp models: atomics interleave with plain accesses of other warps, and race",
          "[models][simt][atomic]") {
  const std::string text = R"(threads: 2;
group: 0;
shared C[1];
main: {
  local x;
  atomic_add(C, 0, 1);
  x := rd(C, 0);
  barrier;
}
)";
  // Warps of one thread: thread 1's atomic can follow thread 0's plain read (or the other
  // way round): a race. One warp of two: lock step orders them: ok.
  requireRaceAcrossWarpsOnly(text);
}

TEST_CASE("warp 64-bit atomics: lane by lane on the pair of cells, the carry into the high word; each lane's old pair",
          "[models][simt][atomic][warp]") {
  const std::string text = R"(threads: 4;
group: 0;
shared C[2] = {-1, 0};
shared H[4];
shared L[4];
main: {
  local xh, xl;
  xh, xl := atomic64_add(C, 0, 0, 1);
  wr(H, lid, xh);
  wr(L, lid, xl);
  barrier;
}
)";
  // C starts at 0x00000000_FFFFFFFF; lanes add 1 in ascending order (warp 0 first): the old
  // pairs are 2^32 - 1, 2^32, 2^32 + 1, 2^32 + 2, and C ends at 2^32 + 3 = (high 1, low 3).
  for (uint32_t w : {0u, 4u, 2u, 1u}) {
    CAPTURE(w);
    CHECK(cells(text, w, "C") == std::vector<sem::Word>{3, 1});
    CHECK(cells(text, w, "H") == std::vector<sem::Word>{0, 1, 1, 1});
    CHECK(cells(text, w, "L") == std::vector<sem::Word>{-1, 0, 1, 2});
  }
}

TEST_CASE("warp 64-bit atomics race on their high word's cell with another warp's plain access, in run and check",
          "[models][simt][atomic][warp]") {
  const std::string text = R"(threads: 2;
group: 0;
shared C[2];
main: {
  local x;
  if (lid == 0) {
    atomic64_add(C, 0, 1, 0);
  }
  if (lid == 1) {
    x := rd(C, 1);
  }
  barrier;
}
)";
  // Warps of one thread: thread 0's atomic writes cells 0 and 1, thread 1 then reads cell 1.
  const sem::Verdict v = runSimt(text, 1);
  REQUIRE(v.kind == sem::VerdictKind::Race);
  CHECK(v.threads == std::vector<uint32_t>{0, 1});
  REQUIRE(v.accesses.size() == 2);
  CHECK(v.accesses[0].addr.index == 1);
  CHECK(v.accesses[1].addr.index == 1);
  // One warp: lock step orders the read after the atomic.
  CHECK(runSimt(text, 2).kind == sem::VerdictKind::Ok);
  // check explores the same under mimd (race) and one warp of two (ok).
  requireRaceAcrossWarpsOnly(text);
  // The high word's cell past a bounded array: out-of-bounds at the next cell.
  const std::string last = R"(threads: 1;
group: 0;
shared C[2];
main: {
  atomic64_add(C, 1, 0, 1);
  barrier;
}
)";
  const sem::Verdict o = runSimt(last, 1);
  CHECK(o.kind == sem::VerdictKind::OutOfBounds);
  CHECK(o.value == 2);
}
