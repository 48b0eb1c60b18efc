// Atomics under the warp models in a run (semantics/models/WarpAtomic.cpp): lane by lane in
// ascending order within a warp, warp 0 first (SimtRun's schedule), each lane's result the
// value it read; an atomic and another warp's plain access of the cell race (the atomic a
// write), two atomics never; a barrier clears the atomic logs. Values worked out by hand.
#include "ModelHelpers.h"

#include "semantics/models/SimtRun.h"

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

sem::Verdict runSimt(const std::string& text, uint32_t warp, sem::Memory* final = nullptr) {
  auto k = compile(text);
  sem::SimtOptions o;
  o.warpSize = warp;
  sem::SimtRun simt(k->ir, k->program.threads, 0, sem::initialMemory(k->ir, 0), o);
  sem::Verdict v = simt.run();
  if (final) *final = simt.memory();
  return v;
}

std::vector<sem::Word> cells(const std::string& text, uint32_t warp, const char* array) {
  auto k = compile(text);
  sem::SimtOptions o;
  o.warpSize = warp;
  sem::SimtRun simt(k->ir, k->program.threads, 0, sem::initialMemory(k->ir, 0), o);
  REQUIRE(simt.run().kind == sem::VerdictKind::Ok);
  for (size_t a = 0; a < k->ir.arrays.size(); ++a)
    if (k->ir.arrays[a].name == array) return simt.memory().bounded[a];
  FAIL("no array " << array);
  return {};
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
  sem::Memory m;
  CHECK(runSimt(both, 1, &m).kind == sem::VerdictKind::Ok);
  CHECK(m.bounded[0] == std::vector<sem::Word>{3});
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
  auto k = compile(text);
  sem::Bounds b = bounds({2});
  b.initialMemory = sem::initialMemory(k->ir, 0);
  // Warps of one thread: thread 1's atomic can follow thread 0's plain read (or the other
  // way round): a race. One warp of two: lock step orders them: ok.
  sem::WarpModel mimd(k->ir, b, sem::WarpOptions{1, false}, true, false);
  const ex::Result r = run(mimd);
  REQUIRE(r.status == Status::Violation);
  CHECK(r.violation->kind == sem::VerdictKind::Race);
  sem::WarpModel oneWarp(k->ir, b, sem::WarpOptions{2, false}, true, false);
  CHECK(run(oneWarp).status == Status::Complete);
}
