// KPL's warp extensions (specs/KPL.md, "Warps"): wsize(), shfl(e, src) and ballot(p) under SDV
// (the verdict warp-primitive; wsize() is 32), under simt:W (lane i of warp w is thread
// w * W + i; a source lane outside the warp or not evaluating gives the own value) and under
// mimd (warps of one thread). Every expected memory is worked out by hand in the comments.
#include "kpl/Printer.h"
#include "semantics/Helpers.h"
#include "semantics/models/SimtRun.h"

#include <vector>

using namespace semtest;
using W = std::vector<sem::Word>;

namespace {

/// Runs `text` on `threads` threads in warps of `warp` (SimtRun, a fixed schedule over WarpModel).
std::pair<sem::Verdict, sem::Memory> simt(const std::string& text, uint32_t threads, uint32_t warp) {
  auto k = compile(text);
  sem::SimtOptions o;
  o.warpSize = warp;
  sem::SimtRun run(k->ir, threads, 0, sem::initialMemory(k->ir, 0), o);
  sem::Verdict v = run.run();
  return {v, run.memory()};
}

const std::string kRotate =
    "threads: 8;\ngroup: 0;\nshared A[8];\nshared B[8];\nshared C[8];\nshared D[8];\n"
    "main: {\n  local x, y, z;\n"
    "  x := shfl(lid * 10, (lid % wsize() + 1) % wsize());\n"  // rotate by one lane within the warp
    "  wr(A, lid, x);\n"
    "  if (lid % 2 == 0) { y := ballot(1); }\n"                  // only the even lanes evaluate it
    "  wr(B, lid, y);\n"
    "  z := ballot(lid > 5);\n"
    "  wr(C, lid, z);\n"
    "  wr(D, lid, wsize());\n"
    "  barrier;\n}\n";

}  // namespace

SCENARIO("shfl and ballot act on the warp under simt:W", "[models][warp][shfl]") {
  GIVEN("8 threads in warps of 4") {
    auto [v, mem] = simt(kRotate, 8, 4);
    REQUIRE(v.kind == sem::VerdictKind::Ok);
    THEN("shfl reads the next lane of the same warp, wrapping within it") {
      // Lane i of warp w takes lane (i + 1) % 4's lid * 10: warp 0 lids 1, 2, 3, 0; warp 1 lids 5, 6, 7, 4.
      CHECK(mem.bounded[0] == W{10, 20, 30, 0, 50, 60, 70, 40});
    }
    THEN("ballot(1) under an if has the bits of the lanes that evaluate it") {
      // Even lids are lanes 0 and 2 of each warp: 0b101 = 5; odd lanes keep y = 0.
      CHECK(mem.bounded[1] == W{5, 0, 5, 0, 5, 0, 5, 0});
    }
    THEN("ballot(p) is the same word in every lane of a warp") {
      // Warp 0 (lids 0..3): no lid > 5. Warp 1: lids 6 and 7 are lanes 2 and 3: 0b1100 = 12.
      CHECK(mem.bounded[2] == W{0, 0, 0, 0, 12, 12, 12, 12});
    }
    THEN("wsize() is the warp width") { CHECK(mem.bounded[3] == W(8, 4)); }
  }
  GIVEN("one warp of 8 (simt:8)") {
    auto [v, mem] = simt(kRotate, 8, 8);
    REQUIRE(v.kind == sem::VerdictKind::Ok);
    // One warp: lane i takes lid (i + 1) % 8; even lanes 0b01010101 = 85; lids 6, 7: 0b11000000 = 192.
    CHECK(mem.bounded[0] == W{10, 20, 30, 40, 50, 60, 70, 0});
    CHECK(mem.bounded[1] == W{85, 0, 85, 0, 85, 0, 85, 0});
    CHECK(mem.bounded[2] == W(8, 192));
    CHECK(mem.bounded[3] == W(8, 8));
  }
  GIVEN("mimd: warps of one thread") {
    auto [v, mem] = simt(kRotate, 8, 1);
    REQUIRE(v.kind == sem::VerdictKind::Ok);
    // wsize() = 1: the source lane (0 + 1) % 1 = 0 is the thread itself; ballot(p) is p != 0 at bit 0.
    CHECK(mem.bounded[0] == W{0, 10, 20, 30, 40, 50, 60, 70});
    CHECK(mem.bounded[1] == W{1, 0, 1, 0, 1, 0, 1, 0});
    CHECK(mem.bounded[2] == W{0, 0, 0, 0, 0, 0, 1, 1});
    CHECK(mem.bounded[3] == W(8, 1));
  }
}

SCENARIO("shfl from a lane that does not evaluate it gives the own value", "[models][warp][shfl]") {
  const std::string text =
      "threads: 4;\ngroup: 0;\nshared A[4];\nshared B[4];\nmain: {\n  local x, y;\n"
      "  if (lid < 2) { x := shfl(lid + 100, 3); }\n"  // lane 3 is disabled
      "  y := shfl(lid + 100, 7);\n"                   // lane 7 is outside a warp of 4
      "  wr(A, lid, x);\n  wr(B, lid, y);\n  barrier;\n}\n";
  auto [v, mem] = simt(text, 4, 4);
  REQUIRE(v.kind == sem::VerdictKind::Ok);
  CHECK(mem.bounded[0] == W{100, 101, 0, 0});
  CHECK(mem.bounded[1] == W{100, 101, 102, 103});
}

SCENARIO("under SDV a warp-level primitive is the verdict warp-primitive; wsize() is 32", "[semantics][warp]") {
  GIVEN("shfl evaluated by threads 1..3 only") {
    auto sim = start("threads: 4;\ngroup: 0;\nmain: {\n  local x;\n  if (lid > 0) { x := shfl(lid, 0); }\n  barrier;\n}\n");
    sem::Verdict v = sim->run();
    THEN("the verdict names the lowest enabled thread, at the statement, and exits 3") {
      CHECK(v.kind == sem::VerdictKind::WarpPrimitive);
      CHECK(v.threads == std::vector<uint32_t>{1});
      CHECK(v.loc.line == 5);
      CHECK(sem::verdictExitStatus(v.kind) == 3);
      CHECK(std::string(sem::verdictName(v.kind)) == "warp-primitive");
    }
  }
  GIVEN("ballot on one thread (the scalar evaluator)") {
    auto sim = start("threads: 1;\ngroup: 0;\nmain: {\n  local x;\n  x := ballot(1);\n  barrier;\n}\n");
    CHECK(sim->run().kind == sem::VerdictKind::WarpPrimitive);
  }
  GIVEN("wsize() and no primitive") {
    auto sim = start("threads: 2;\ngroup: 0;\nmain: {\n  assert(wsize() == 32);\n  barrier;\n}\n");
    CHECK(sim->run().kind == sem::VerdictKind::Ok);
  }
}

TEST_CASE("wsize, shfl and ballot parse and print back", "[kpl][warp]") {
  auto k = compile("threads: 2;\ngroup: 0;\nmain: {\n  local a, b;\n  a := shfl(a + 1, wsize() - 1);\n"
                   "  b := ballot(a > 0) & 3;\n  barrier;\n}\n");
  const std::string printed = sdvmc::kpl::printProgram(k->program);
  CHECK(printed.find("a := shfl(a + 1, wsize() - 1);") != std::string::npos);
  CHECK(printed.find("b := ballot(a > 0) & 3;") != std::string::npos);
  auto again = compile(printed);
  CHECK(sdvmc::kpl::sameAst(k->program, again->program));
}

SCENARIO("under the warp models ldim is the group's size, not the warp's", "[models][warp]") {
  // 8 threads in warps of 4: every thread reads ldim(0) = 8 (the group) and wsize() = 4.
  auto [v, mem] = simt("threads: 8;\ngroup: 0;\nshared A[8];\nmain: {\n  wr(A, lid, ldim(0) * 100 + wsize());\n  barrier;\n}\n", 8, 4);
  REQUIRE(v.kind == sem::VerdictKind::Ok);
  CHECK(mem.bounded[0] == W(8, 804));
}
