// CUDA's shuffles and votes as the frontend lowers them (LowerCudaLib.cpp) and the warp models
// run them (KPL's shfl and ballot): every lane's result against PTX's definition of
// shfl.sync, written out here from the PTX ISA's pseudo-code (segmask, maxLane, bval = b[4:0]),
// for each mode, several widths and lane offsets, in one warp of 32 (simt:32).
#include "FrontendHelpers.h"
#include "semantics/models/SimtRun.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fetest;

namespace {

enum class Mode { Idx, Up, Down, Bfly };

/// PTX ISA, shfl.sync: the lane lane reads, for operand b and width w (c = ((32 - w) << 8) |
/// clamp, clamp 0 for up, 0x1f otherwise), or lane itself when pval is false.
uint32_t ptxSource(Mode mode, uint32_t lane, uint32_t b, uint32_t w) {
  const uint32_t bval = b & 0x1f, segmask = (32 - w) & 0x1f, cval = mode == Mode::Up ? 0 : 0x1f;
  const int32_t maxLane = static_cast<int32_t>((lane & segmask) | (cval & ~segmask));
  const int32_t minLane = static_cast<int32_t>(lane & segmask);
  int32_t j = 0;
  bool pval = false;
  switch (mode) {
    case Mode::Up: j = static_cast<int32_t>(lane) - static_cast<int32_t>(bval); pval = j >= maxLane; break;
    case Mode::Down: j = static_cast<int32_t>(lane + bval); pval = j <= maxLane; break;
    case Mode::Bfly: j = static_cast<int32_t>(lane ^ bval); pval = j <= maxLane; break;
    case Mode::Idx: j = minLane | static_cast<int32_t>(bval & ~segmask); pval = j <= maxLane; break;
  }
  return pval ? static_cast<uint32_t>(j) : lane;
}

/// Lowers `src` for one block of 32 and runs it under simt:32; the final `out`.
W runWarp(const std::string& src) {
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(32, {{"out", 32}}));
  INFO(l.text);
  kpl::DiagnosticEngine diags(l.file.get());
  std::optional<sem::Ir> ir = sem::lower(*l.program, diags);
  REQUIRE(ir);
  sem::SimtOptions o;
  o.warpSize = 32;
  sem::SimtRun run(*ir, 32, 0, sem::initialMemory(*ir, 0), o);
  REQUIRE(run.run().kind == sem::VerdictKind::Ok);
  for (size_t a = 0; a < ir->arrays.size(); ++a)
    if (ir->arrays[a].name == "out") return run.memory().bounded[a];
  FAIL("no out");
  return {};
}

}  // namespace

SCENARIO("__shfl*_sync read the lane PTX's shfl.sync names", "[frontends][clang][warp]") {
  const std::pair<Mode, const char*> modes[] = {
      {Mode::Idx, "__shfl_sync"}, {Mode::Up, "__shfl_up_sync"}, {Mode::Down, "__shfl_down_sync"}, {Mode::Bfly, "__shfl_xor_sync"}};
  for (auto [mode, fn] : modes)
    for (uint32_t w : {32u, 16u, 8u, 1u})
      for (uint32_t b : {0u, 1u, 3u, 9u, 31u, 33u}) {
        const std::string src = "__global__ void k(int *out) {\n  int v = threadIdx.x * 7 + 1;\n  out[threadIdx.x] = " +
                                std::string(fn) + "(0xffffffff, v, " + std::to_string(b) + ", " + std::to_string(w) +
                                ");\n}\n";
        INFO(src);
        W want(32);
        for (uint32_t lane = 0; lane < 32; ++lane) want[lane] = static_cast<sem::Word>(ptxSource(mode, lane, b, w) * 7 + 1);
        CHECK(runWarp(src) == want);
        // The same width computed at run time (Clang cannot fold it): `wwidth`, the same lanes.
        std::string dyn = src;
        dyn.replace(dyn.rfind(", " + std::to_string(w) + ")"), 3 + std::to_string(w).size(),
                    ", (int)(threadIdx.x & 0u) + " + std::to_string(w) + ")");
        INFO(dyn);
        CHECK(runWarp(dyn) == want);
      }
}

SCENARIO("votes under a branch see the lanes that execute them", "[frontends][clang][warp]") {
  // Lanes 0..9 enter; predicate t % 3 == 0 holds for lanes 0, 3, 6, 9.
  const W out = runWarp(R"(__global__ void k(int *out) {
  unsigned int t = threadIdx.x;
  if (t < 10) {
    unsigned int a = __activemask();
    unsigned int b = __ballot_sync(a, t % 3 == 0);
    int any = __any_sync(a, t == 9);
    int all = __all_sync(a, t < 10);
    int none = 0;
    if (t >= 4) none = __any_sync(a & 0xfffffff0, t < 4);
    out[t] = (b == 0x249u) + 2 * (a == 0x3ffu) + 4 * any + 8 * all + 16 * none;
  }
})");
  W want(32, 0);
  for (int t = 0; t < 10; ++t) want[static_cast<size_t>(t)] = 1 + 2 + 4 + 8;  // lanes 4..9 vote in `none`: none < 4
  CHECK(out == want);
}

/// Lowers `src` for one block of n threads and runs it under simt:W; the verdict.
sem::Verdict runSimt(const std::string& src, uint32_t n, uint32_t w) {
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(n, {{"out", n}}));
  INFO(l.text);
  kpl::DiagnosticEngine diags(l.file.get());
  std::optional<sem::Ir> ir = sem::lower(*l.program, diags);
  REQUIRE(ir);
  sem::SimtOptions o;
  o.warpSize = w;
  sem::SimtRun run(*ir, n, 0, sem::initialMemory(*ir, 0), o);
  return run.run();
}

TEST_CASE("under SDV a shuffle is the verdict warp-primitive; a width that is not a power of 2 is warp-width",
          "[frontends][clang][warp]") {
  Ran r = runText("__global__ void k(int *out) {\n  out[threadIdx.x] = __shfl_sync(0xffffffff, 5, 0);\n}\n",
                  fe::Language::Cuda, launch1d(4, {{"out", 4}}));
  CHECK(r.verdict == sem::VerdictKind::WarpPrimitive);
  for (const char* w : {"12", "0", "64", "-32", "(int)threadIdx.x + 3"}) {
    INFO(w);
    sem::Verdict v = runSimt(std::string("__global__ void k(int *out) {\n  out[0] = __shfl_sync(0xffffffff, 5, 0, ") + w +
                                 ");\n}\n", 4, 32);
    CHECK(v.kind == sem::VerdictKind::WarpWidth);
    CHECK(v.loc.line == 2);
    CHECK(v.threads == std::vector<uint32_t>{0});
  }
  // threadIdx.x + 1 is 1, 2, 3, 4: lane 2 (width 3) is the first that is not a power of 2.
  sem::Verdict v = runSimt("__global__ void k(int *out) {\n  out[0] = __shfl_xor_sync(0xffffffff, 5, 1, threadIdx.x + 1);\n}\n", 4, 32);
  CHECK(v.kind == sem::VerdictKind::WarpWidth);
  CHECK(v.threads == std::vector<uint32_t>{2});
  CHECK(v.value == 3);
}

TEST_CASE("member masks: the lanes executing a _sync call and the lanes it names", "[frontends][clang][warp]") {
  auto kernel = [](const std::string& body) { return "__global__ void k(int *out) {\n  unsigned int t = threadIdx.x;\n" + body + "}\n"; };
  // Every lane, full mask: ok; under simt:4 bits 4..31 name no lane: ok.
  CHECK(runSimt(kernel("  out[t] = __shfl_sync(0xffffffff, t, 0);\n"), 8, 8).kind == sem::VerdictKind::Ok);
  CHECK(runSimt(kernel("  out[t] = __shfl_sync(0xffffffff, t, 0);\n"), 8, 4).kind == sem::VerdictKind::Ok);
  // Lanes 0..2 in a branch, full mask: lane 0 names lane 3, which skipped the call.
  sem::Verdict v = runSimt(kernel("  if (t < 3) out[t] = __shfl_sync(0xffffffff, t, 0);\n"), 8, 8);
  CHECK(v.kind == sem::VerdictKind::WarpMask);
  CHECK(v.threads == std::vector<uint32_t>{0, 3});
  CHECK(v.value == -1);
  // The same lanes after the others returned: exited lanes may be named.
  CHECK(runSimt(kernel("  if (t >= 3) return;\n  out[t] = __shfl_sync(0xffffffff, t, 0);\n"), 8, 8).kind == sem::VerdictKind::Ok);
  // A return inside a helper is not an exit: lanes 3..7 are still running in the kernel.
  const std::string helper = "__device__ int f(unsigned int t) {\n  if (t >= 3) return 0;\n  return 1;\n}\n";
  v = runSimt(helper + kernel("  if (f(t)) out[t] = __ballot_sync(0xffffffff, 1);\n"), 8, 8);
  CHECK(v.kind == sem::VerdictKind::WarpMask);
  CHECK(v.threads == std::vector<uint32_t>{0, 3});
  // Lane 5 passes 0xff, the others 0xdf (lane 5 left out): lanes 0..4 pass (0xdf names
  // lanes that all pass 0xdf); lane 5 names lane 0, which passes another mask.
  v = runSimt(kernel("  out[t] = __ballot_sync(t == 5 ? 0xffu : 0xdfu, 1);\n"), 8, 8);
  CHECK(v.kind == sem::VerdictKind::WarpMask);
  CHECK(v.threads == std::vector<uint32_t>{5, 0});
  // Lanes are the model's: under simt:4 thread 4 is lane 0 of the second warp, named by 0xf.
  CHECK(runSimt(kernel("  out[t] = __ballot_sync(0xfu, 1);\n"), 8, 4).kind == sem::VerdictKind::Ok);
  CHECK(runSimt(kernel("  out[t] = __ballot_sync(0xfu, 1);\n"), 8, 8).kind == sem::VerdictKind::WarpMask);
}
