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
      }
}

SCENARIO("votes under a branch see the lanes that execute them", "[frontends][clang][warp]") {
  // Lanes 0..9 enter; predicate t % 3 == 0 holds for lanes 0, 3, 6, 9.
  const W out = runWarp(R"(__global__ void k(int *out) {
  unsigned int t = threadIdx.x;
  if (t < 10) {
    unsigned int b = __ballot_sync(0xffffffff, t % 3 == 0);
    unsigned int a = __activemask();
    int any = __any_sync(a, t == 9);
    int all = __all_sync(a, t < 10);
    int none = __any_sync(0xfffffff0, t < 4);
    out[t] = (b == 0x249u) + 2 * (a == 0x3ffu) + 4 * any + 8 * all + 16 * none;
  }
})");
  W want(32, 0);
  for (int t = 0; t < 10; ++t) want[static_cast<size_t>(t)] = 1 + 2 + 4 + 8;  // lanes 0..3 are masked off in `none`
  CHECK(out == want);
}

TEST_CASE("under SDV a shuffle is the verdict warp-primitive; a width that is not a power of 2 is refused",
          "[frontends][clang][warp]") {
  Ran r = runText("__global__ void k(int *out) {\n  out[threadIdx.x] = __shfl_sync(0xffffffff, 5, 0);\n}\n",
                  fe::Language::Cuda, launch1d(4, {{"out", 4}}));
  CHECK(r.verdict == sem::VerdictKind::WarpPrimitive);
  Lowered bad = lowerText("__global__ void k(int *out, int w) {\n  out[0] = __shfl_sync(0xffffffff, 5, 0, 12);\n}\n",
                          fe::Language::Cuda, launch1d(4));
  CHECK(!bad.program);
  CHECK(firstError(bad).find("unsupported: a shuffle width that is not a constant power of 2") != std::string::npos);
}
