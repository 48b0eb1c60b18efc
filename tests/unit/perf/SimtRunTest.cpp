// SimtRun (semantics/models/SimtRun.h): GKLEE-style counters and race classification on small
// kernels. Every expected number is worked out by hand from the definitions in SimtRun.h.
#include "semantics/Helpers.h"
#include "semantics/models/SimtRun.h"

#include <vector>

using namespace semtest;

namespace {

struct Result {
  sem::Verdict verdict;
  sem::PerfCounters perf;
  sem::Memory memory;
};

Result simt(const Kernel& k, uint32_t threads, uint32_t warp, bool uniformExit = false, sem::Word gid = 0) {
  sem::SimtOptions o;
  o.warpSize = warp;
  o.uniformExit = uniformExit;
  sem::SimtRun run(k.ir, threads, gid, sem::initialMemory(k.ir, 0), o);
  Result r;
  r.verdict = run.run();
  r.perf = run.perf();
  r.memory = run.memory();
  return r;
}

uint64_t perLine(const sem::PerfCounters& p, uint32_t line, uint64_t sem::PerfLine::*field) {
  uint64_t total = 0;
  for (const auto& [key, l] : p.lines)
    if (key.first == line) total += l.*field;
  return total;
}

std::string strided(int stride, int size) {
  return "threads: 32;\ngroup: 0;\nshared S[" + std::to_string(size) + "];\nmain: {\n  local t;\n  t := rd(S, " +
         std::to_string(stride) + " * lid);\n  barrier;\n}\n";
}

}  // namespace

TEST_CASE("bank conflict degree: distinct cells per bank", "[perf]") {
  std::vector<sem::Index> idx(32);
  std::vector<uint8_t> all(32, 1);
  for (int i = 0; i < 32; ++i) idx[i] = i;  // one cell per bank
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 1);
  for (int i = 0; i < 32; ++i) idx[i] = 0;  // broadcast
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 1);
  for (int i = 0; i < 32; ++i) idx[i] = 2 * i;  // banks 0,2,…,30 twice each
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 2);
  for (int i = 0; i < 32; ++i) idx[i] = 4 * i;  // banks 0,4,…,28: 4 cells each
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 4);
  for (int i = 0; i < 32; ++i) idx[i] = 3 * i;  // 3 is odd: a permutation of the banks
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 1);
  for (int i = 0; i < 32; ++i) idx[i] = 32 * i;
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 32);
  // Only enabled lanes count: lanes 0 and 1 of stride 32 → 2 cells in bank 0.
  std::vector<uint8_t> two(32, 0);
  two[0] = two[1] = 1;
  CHECK(sem::bankConflictDegree(idx.data(), two.data(), 32) == 2);
  // Cells 0, 32 (bank 0) each read by 16 lanes: degree 2.
  for (int i = 0; i < 32; ++i) idx[i] = (i % 2) * 32;
  CHECK(sem::bankConflictDegree(idx.data(), all.data(), 32) == 2);
}

TEST_CASE("segments touched: 32-word segments, floor division for negative indices", "[perf]") {
  std::vector<sem::Index> idx(32);
  std::vector<uint8_t> all(32, 1);
  for (int i = 0; i < 32; ++i) idx[i] = i;
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 1);
  for (int i = 0; i < 32; ++i) idx[i] = i + 1;  // 1..32: segments 0 and 1
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 2);
  for (int i = 0; i < 32; ++i) idx[i] = 32 * i;
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 32);
  for (int i = 0; i < 32; ++i) idx[i] = i - 32;  // -32..-1: segment -1 only
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 1);
  for (int i = 0; i < 32; ++i) idx[i] = i - 1;  // -1..30: segments -1 and 0
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 2);
  for (int i = 0; i < 32; ++i) idx[i] = 2 * i;  // 0..62: segments 0, 1
  CHECK(sem::segmentsTouched(idx.data(), all.data(), 32) == 2);
}

TEST_CASE("SimtRun: bank conflicts of strided shared reads, per warp access", "[perf]") {
  // Stride s over 32 lanes: degree 32 / (32 / gcd(s, 32)) = gcd(s, 32) for s a power of 2.
  const std::pair<int, uint64_t> cases[] = {{1, 0}, {2, 1}, {3, 0}, {4, 3}, {8, 7}, {16, 15}, {32, 31}};
  for (auto [stride, conflicts] : cases) {
    auto k = compile(strided(stride, 32 * stride));
    Result r = simt(*k, 32, 32);
    INFO("stride " << stride);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
    CHECK(r.perf.bankConflicts == conflicts);
    CHECK(r.perf.sharedAccesses == 1);
    CHECK(perLine(r.perf, 6, &sem::PerfLine::bankConflicts) == conflicts);
  }
  // Stride 32 with warps of 4: 8 warp accesses, each 4 distinct cells of bank 0: 8 × 3.
  auto k = compile(strided(32, 1024));
  Result r = simt(*k, 32, 4);
  CHECK(r.perf.sharedAccesses == 8);
  CHECK(r.perf.bankConflicts == 24);
}

TEST_CASE("SimtRun: mem accesses, coalesced and not", "[perf]") {
  const std::string text = R"(threads: 64;
group: 0;
main: {
  local t;
  t := rd(lid);
  t := rd(2 * lid);
  wr(64 * lid + 5, t);
  barrier;
}
)";
  auto k = compile(text);
  // simt:32, two warps. rd(lid): warp 0 cells 0..31 (seg 0), warp 1 32..63 (seg 1): coalesced.
  // rd(2*lid): warp 0 0..62 (segs 0, 1), warp 1 64..126 (segs 2, 3): 2 non-coalesced, 2 extra.
  // wr(64*lid+5): each lane its own segment (2 lid): 32 segments per warp, 2 × 31 extra.
  Result r = simt(*k, 64, 32);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
  CHECK(r.perf.globalAccesses == 6);
  CHECK(r.perf.nonCoalesced == 4);
  CHECK(r.perf.extraTransactions == 2 + 62);
  CHECK(perLine(r.perf, lineOf(text, "rd(lid)"), &sem::PerfLine::nonCoalesced) == 0);
  CHECK(perLine(r.perf, lineOf(text, "rd(2 * lid)"), &sem::PerfLine::extraTransactions) == 2);
  CHECK(perLine(r.perf, lineOf(text, "wr(64"), &sem::PerfLine::extraTransactions) == 62);
  CHECK(r.perf.bankConflicts == 0);
}

TEST_CASE("SimtRun: divergent ifs are counted per warp, breaks are not loop divergence", "[perf]") {
  const std::string text = R"(threads: 4;
group: 0;
shared S[4];
main: {
  local i;
  i := 0;
  while (i < 10) {
    if (i == lid) {
      break;
    }
    i := i + 1;
  }
  wr(S, lid, i);
  barrier;
}
)";
  auto k = compile(text);
  // One warp of 4. Iteration 1: guard true for all (not divergent); i == lid only for lane
  // 0: divergent if (1); lane 0 breaks. Iterations 2, 3: lanes 1..3, then 2..3 enabled, guard
  // true for all of them; the if is divergent (2, 3). Iteration 4: lane 3 alone, uniform.
  // Then no lane is enabled: G-DONE. Loop: 0, if: 3. S[k] = k.
  Result r = simt(*k, 4, 32);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
  CHECK(r.perf.divergentBranches == 3);
  CHECK(perLine(r.perf, lineOf(text, "if (i == lid)"), &sem::PerfLine::divergentBranches) == 3);
  CHECK(perLine(r.perf, lineOf(text, "while"), &sem::PerfLine::divergentBranches) == 0);
  CHECK(r.memory.bounded[0] == std::vector<sem::Word>{0, 1, 2, 3});
  // Warps of 2: warp 0 (lanes 0, 1): the if diverges at i = 0 (lane 0 breaks), then lane 1
  // alone; warp 1 (lanes 2, 3): i = 0, 1 uniform (false), i = 2 divergent, then lane 3 alone.
  Result r2 = simt(*k, 4, 2);
  CHECK(r2.perf.divergentBranches == 2);
}

TEST_CASE("SimtRun: a divergent loop counts each G-ITER with a false guard", "[perf]") {
  const std::string text = R"(threads: 8;
group: 0;
shared S[8];
main: {
  local i;
  i := 0;
  while (i < lid) {
    i := i + 1;
  }
  wr(S, lid, i);
  barrier;
}
)";
  auto k = compile(text);
  // One warp of 8: at i = 0..6 some lane (lid ≤ i) has a false guard and lane 7 a true
  // one: 7 divergent G-ITERs; at i = 7 all false: G-DONE.
  Result r = simt(*k, 8, 32);
  CHECK(r.perf.divergentBranches == 7);
  // Warps of 4: warp 0 (lids 0..3): i = 0, 1, 2 divergent (3); warp 1 (lids 4..7): i = 0..3
  // all true (uniform), i = 4, 5, 6 divergent (3).
  Result r4 = simt(*k, 8, 4);
  CHECK(r4.perf.divergentBranches == 6);
  // simt-uniform-exit: the loop ends at the first false guard: no G-ITER counted.
  Result u = simt(*k, 8, 0, true);
  CHECK(u.perf.divergentBranches == 0);
  CHECK(u.memory.bounded[0] == std::vector<sem::Word>(8, 0));
}

TEST_CASE("SimtRun: race scopes", "[perf][race]") {
  SECTION("intra-warp: two lanes write one cell in one statement") {
    auto k = compile("threads: 4;\ngroup: 0;\nshared S[4];\nmain: {\n  wr(S, lid % 2 + 1, lid);\n  barrier;\n}\n");
    Result r = simt(*k, 4, 4);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Race);
    CHECK(r.verdict.scope == "intra-warp");
    CHECK(r.verdict.rule == sem::Rule::SimtRace);
    // Lane 2 writes S[1] like lane 0 (lane 1 writes S[2]): first lane with an earlier twin.
    CHECK(r.verdict.threads == std::vector<uint32_t>{0, 2});
    CHECK(r.verdict.accesses.at(0).addr.index == 1);
    // Warps of 2: each warp writes S[1] and S[2] once; warp 1's lane 0 (thread 2) meets
    // thread 0's write: inter-warp.
    Result r2 = simt(*k, 4, 2);
    REQUIRE(r2.verdict.kind == sem::VerdictKind::Race);
    CHECK(r2.verdict.scope == "inter-warp");
    CHECK(r2.verdict.threads == std::vector<uint32_t>{0, 2});
  }
  SECTION("reads of one cell by many warps are no race; a barrier separates intervals") {
    auto k = compile(
        "threads: 8;\ngroup: 0;\nshared S[8];\nmain: {\n  local t;\n  t := rd(S, 0);\n  barrier;\n"
        "  wr(S, lid, t + lid);\n  barrier;\n}\n");
    Result r = simt(*k, 8, 2);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
    CHECK(r.memory.bounded[0] == std::vector<sem::Word>{0, 1, 2, 3, 4, 5, 6, 7});
  }
  SECTION("warp divergence: then-part write, else-part write of the same cell") {
    const std::string text = R"(threads: 4;
group: 0;
shared S[4];
main: {
  if (lid < 2) {
    wr(S, 3, lid);
  } else {
    wr(S, 3, 10);
  }
  barrier;
}
)";
    auto k = compile(text);
    // Then-part: lanes 0 and 1 both write S[3]: intra-warp first (same statement).
    Result r = simt(*k, 4, 4);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Race);
    CHECK(r.verdict.scope == "intra-warp");
    CHECK(r.verdict.threads == std::vector<uint32_t>{0, 1});
    // With warps of 1 there is no divergence: thread 1 meets thread 0's write (mimd).
    Result m = simt(*k, 4, 1);
    CHECK(m.verdict.rule == sem::Rule::MimdRace);
    CHECK(m.verdict.scope.empty());
  }
  SECTION("warp divergence: a then-part read, an else-part write") {
    auto k = compile(
        "threads: 4;\ngroup: 0;\nshared S[4];\nmain: {\n  local t;\n  if (lid == 0) {\n    t := rd(S, 3);\n"
        "  } else {\n    wr(S, lid, 5);\n  }\n  barrier;\n}\n");
    // Then: lane 0 reads S[3]. Else: lanes 1..3 write S[1..3]; lane 3's write of S[3]
    // conflicts with lane 0's read: read-write, threads [0, 3].
    Result r = simt(*k, 4, 4);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Race);
    CHECK(r.verdict.scope == "warp-divergence");
    CHECK(r.verdict.threads == std::vector<uint32_t>{0, 3});
    CHECK_FALSE(r.verdict.accesses.at(0).write);
    CHECK(r.verdict.accesses.at(1).write);
    // Three threads: lane 3 is gone, no conflict.
    Result r3 = simt(*k, 3, 4);
    CHECK(r3.verdict.kind == sem::VerdictKind::Ok);
  }
  SECTION("warp divergence across nested ifs, and separate cells are fine") {
    const std::string text = R"(threads: 4;
group: 0;
shared S[8];
main: {
  local t;
  if (lid < 2) {
    if (lid == 0) {
      wr(S, 5, 1);
    }
    wr(S, lid, 7);
  } else {
    wr(S, lid, 8);
    t := rd(S, 5);
  }
  barrier;
}
)";
    auto k = compile(text);
    // Outer if divergent (lanes 0, 1 | 2, 3); inner if divergent (lane 0 | lane 1, empty
    // else). Then-part of the outer: lane 0 writes S[5], lanes 0, 1 write S[0], S[1]. Else:
    // lanes 2, 3 write S[2], S[3] (no conflict), then read S[5], written by lane 0 in the
    // then-part: warp-divergence race at the read, thread 0's write first, lane 2 reading.
    Result r = simt(*k, 4, 4);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Race);
    CHECK(r.verdict.scope == "warp-divergence");
    CHECK(r.verdict.threads == std::vector<uint32_t>{0, 2});
    CHECK(r.verdict.accesses.at(0).write);
    CHECK_FALSE(r.verdict.accesses.at(1).write);
    CHECK(r.verdict.loc.line == lineOf(text, "rd(S, 5)"));
    CHECK(r.verdict.accesses.at(0).at != sem::kNone);
    CHECK(k->ir.nodes[r.verdict.accesses.at(0).at].loc.line == lineOf(text, "wr(S, 5, 1)"));
    CHECK(r.perf.divergentBranches == 2);
    // Warps of 2: warp 0 (lanes 0, 1) takes the then-part only; warp 1 the else-part only:
    // no divergence of the outer if; warp 1 reads S[5], written by warp 0 since the last
    // barrier: inter-warp.
    Result r2 = simt(*k, 4, 2);
    REQUIRE(r2.verdict.kind == sem::VerdictKind::Race);
    CHECK(r2.verdict.scope == "inter-warp");
    CHECK(r2.verdict.threads == std::vector<uint32_t>{0, 2});
  }
  SECTION("the same lane in both parts is impossible; a read-read across parts is fine") {
    auto k = compile(
        "threads: 4;\ngroup: 0;\nshared S[4] = {9, 0, 0, 0};\nmain: {\n  local t;\n"
        "  if (lid % 2 == 0) {\n    t := rd(S, 0);\n  } else {\n    t := rd(S, 0);\n  }\n"
        "  wr(S, lid, t + lid);\n  barrier;\n}\n");
    Result r = simt(*k, 4, 4);
    REQUIRE(r.verdict.kind == sem::VerdictKind::Ok);
    CHECK(r.memory.bounded[0] == std::vector<sem::Word>{9, 10, 11, 12});
    CHECK(r.perf.divergentBranches == 1);
  }
}

TEST_CASE("SimtRun: verdicts name the group's threads", "[perf]") {
  auto k = compile("threads: 8;\ngroup: 0;\nmain: {\n  local x;\n  x := 1 / (lid - 6);\n  barrier;\n}\n");
  Result r = simt(*k, 8, 4);
  REQUIRE(r.verdict.kind == sem::VerdictKind::DivisionByZero);
  CHECK(r.verdict.threads == std::vector<uint32_t>{6});
  CHECK(r.verdict.message.rfind("thread 6 ", 0) == 0);
}

TEST_CASE("SimtRun: deadlock when a warp finishes while another waits", "[perf]") {
  auto k = compile(
      "threads: 8;\ngroup: 0;\nmain: {\n  if (lid < 4) {\n    barrier;\n    barrier;\n  }\n  barrier;\n}\n");
  // Warps of 4: warp 0 passes 3 barriers, warp 1 one. Round 1: warp 0 waits (inner 1),
  // warp 1 waits (last): release. Round 2: warp 0 waits (inner 2); warp 1 finishes while
  // it waits: deadlock, threads [4, 0].
  Result r = simt(*k, 8, 4);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Deadlock);
  CHECK(r.verdict.rule == sem::Rule::SimtDeadlock);
  CHECK(r.verdict.threads == std::vector<uint32_t>{4, 0});
  // One warp: every barrier has enabled lanes; the warp waits alone and passes: ok.
  Result one = simt(*k, 8, 8);
  CHECK(one.verdict.kind == sem::VerdictKind::Ok);
  CHECK(one.perf.divergentBranches == 1);
}

TEST_CASE("SimtRun: kernel parameters reach every warp's lanes", "[perf]") {
  auto k = compile(
      "threads: 4;\ngroup: 0;\nparam n;\nparam c;\nshared S[4];\nmain: {\n  wr(S, lid, n * lid + c);\n"
      "  barrier;\n}\n");
  sem::SimtOptions o;
  o.warpSize = 2;  // two warps: both get the values
  sem::SimtRun run(k->ir, 4, 0, sem::initialMemory(k->ir, 0), o, {3, 5});
  REQUIRE(run.run().kind == sem::VerdictKind::Ok);
  // S[t] = 3 t + 5.
  CHECK(run.memory().bounded[0] == std::vector<sem::Word>{5, 8, 11, 14});
  // Without values the parameters' slots start at 0, as SdvMachine::initialState leaves them.
  Result zero = simt(*k, 4, 2);
  REQUIRE(zero.verdict.kind == sem::VerdictKind::Ok);
  CHECK(zero.memory.bounded[0] == std::vector<sem::Word>{0, 0, 0, 0});
}
