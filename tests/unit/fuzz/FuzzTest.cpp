// Unit tests of `sdvmc fuzz`'s parts that need no OpenCL runtime: the PRNG's fixed
// algorithm, the generator's determinism and what its kernels contain, the oracle's
// verdicts, the reducer on a predicate computed by the reference alone, and the emitter's
// atomics and planted bug. (CTests fuzz_real and fuzz_plant run PoCL and Oclgrind.)
#include "fuzz/Fuzz.h"
#include "fuzz/Generator.h"
#include "fuzz/Oracle.h"
#include "fuzz/Prng.h"
#include "fuzz/Reducer.h"
#include "kpl/Printer.h"
#include "litmus/Emit.h"

#include <catch2/catch.hpp>

using namespace sdvmc;

namespace {

std::string kernelText(uint64_t runSeed, uint64_t index) {
  return kpl::printProgram(fuzz::generateKernel(fuzz::kernelSeed(runSeed, index), "k.kpl"));
}

}  // namespace

TEST_CASE("the PRNG is splitmix64 and xoshiro256**, the same everywhere", "[fuzz][prng]") {
  uint64_t s = 0;
  CHECK(fuzz::splitmix64(s) == 0xe220a8397b1dcdafull);  // the published first output for seed 0
  // Pinned outputs: a change of algorithm changes every kernel of every seed.
  fuzz::Prng a(1), b(1);
  const uint64_t first = a.next();
  CHECK(first == b.next());
  fuzz::Prng c(1);
  std::vector<uint64_t> draws;
  for (int i = 0; i < 1000; ++i) draws.push_back(c.below(7));
  for (uint64_t d : draws) CHECK(d < 7);
  CHECK(std::count(draws.begin(), draws.end(), 0u) > 100);
  CHECK(fuzz::kernelSeed(1, 0) != fuzz::kernelSeed(1, 1));
  CHECK(fuzz::kernelSeed(1, 0) != fuzz::kernelSeed(2, 0));
}

TEST_CASE("the same seed gives the same kernel", "[fuzz][generator]") {
  for (uint64_t i = 0; i < 10; ++i) CHECK(kernelText(5, i) == kernelText(5, i));
  CHECK(kernelText(5, 0) != kernelText(5, 1));
  CHECK(kernelText(5, 0) != kernelText(6, 0));
}

TEST_CASE("generated kernels are well formed, mostly defined, and exercise what compilers get wrong",
          "[fuzz][generator][oracle]") {
  std::string all;
  unsigned defined = 0;
  const unsigned n = 40;
  for (uint64_t i = 0; i < n; ++i) {
    const std::string text = kernelText(11, i);
    std::string error;
    std::unique_ptr<fuzz::Loaded> k = fuzz::loadText("k.kpl", text, error);
    INFO(text);
    REQUIRE(k);
    CHECK((k->program.threads == 4 || k->program.threads == 8));
    const fuzz::Reference ref = fuzz::reference(*k);
    if (ref.defined) {
      ++defined;
      CHECK(ref.expected.rfind("In = {", 0) == 0);
    } else {
      CHECK(!ref.rejected.empty());
    }
    all += text;
  }
  CHECK(defined >= n * 8 / 10);
  for (const char* construct : {"while (", "barrier;", "atomic_", "procedure h", "udiv(", "urem(", "lshr(",
                                "_lo(", "_hi(", "lid ^ ", "? ", "<<", ">>", "0x80000000", "rd(S, ", "rd(R, 0)"})
    CHECK_THAT(all, Catch::Contains(construct));
}

TEST_CASE("the oracle rejects races and divergence and gives run's memory otherwise", "[fuzz][oracle]") {
  std::string error;
  auto check = [&](const std::string& body) {
    std::unique_ptr<fuzz::Loaded> k =
        fuzz::loadText("t.kpl", "threads: 4;\ngroup: 0;\nshared A[4] = {1, 2, 3, 4};\nmain: {\n" + body + "}\n", error);
    REQUIRE(k);
    return fuzz::reference(*k);
  };
  const fuzz::Reference race = check("  local t;\n  t := rd(A, (lid + 1) % 4);\n  wr(A, lid, t);\n  barrier;\n");
  CHECK_FALSE(race.defined);
  CHECK(race.rejected == "race");
  const fuzz::Reference div = check("  if (lid < 2) { barrier; }\n  barrier;\n");
  CHECK_FALSE(div.defined);
  CHECK(div.rejected == "divergence");
  const fuzz::Reference ok =
      check("  local t;\n  t := rd(A, (lid + 1) % 4);\n  barrier;\n  wr(A, lid, t * 2);\n  barrier;\n");
  CHECK(ok.defined);
  CHECK(ok.expected == "A = {4, 6, 8, 2}");
  CHECK_FALSE(fuzz::loadText("t.kpl", "main: { barrier; }", error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("the reducer keeps the predicate and shrinks the kernel", "[fuzz][reducer]") {
  // Predicate without a device: the kernel stays defined and still computes an xor whose
  // two operands share a set bit (what the planted bug `xor as or` would change).
  const std::string text = kernelText(2, 4);
  auto interesting = [](const std::string& cand) {
    std::string error;
    std::unique_ptr<fuzz::Loaded> k = fuzz::loadText("c.kpl", cand, error);
    if (!k || !fuzz::reference(*k).defined) return false;
    return cand.find(" ^ ") != std::string::npos;
  };
  REQUIRE(interesting(text));
  const fuzz::Reduction r = fuzz::reduceKernel("c.kpl", text, interesting, 2000);
  INFO(r.text);
  CHECK(interesting(r.text));
  CHECK(r.after < r.before);
  CHECK(r.after <= 4);
  CHECK_FALSE(r.budgetSpent);
  // Deterministic.
  CHECK(fuzz::reduceKernel("c.kpl", text, interesting, 2000).text == r.text);
}

TEST_CASE("emit: atomics, and the planted miscompilation", "[fuzz][litmus][emit]") {
  std::string error;
  std::unique_ptr<fuzz::Loaded> k = fuzz::loadText(
      "a.kpl",
      "threads: 4;\ngroup: 0;\nshared C[2] = {0, 0};\nmain: {\n  atomic_umax(C, lid & 1, lid ^ 3);\n"
      "  atomic_inc(C, 0, 9);\n  barrier;\n}\n",
      error);
  REQUIRE(k);
  litmus::EmitOptions eo;
  eo.threads = 4;
  const litmus::EmitResult cl = litmus::emitProgram(k->program, k->ir, litmus::EmitTarget::OpenCL, eo, "a");
  REQUIRE(cl.ok);
  CHECK_THAT(cl.files[0].content, Catch::Contains("atomic_max((volatile K_LOCAL unsigned*)p"));
  CHECK_THAT(cl.files[0].content, Catch::Contains("atomic_cmpxchg(p, o, (unsigned)o >= (unsigned)v"));
  CHECK_THAT(cl.files[0].content, Catch::Contains("k_lid ^ 3"));
  const litmus::EmitResult cu = litmus::emitProgram(k->program, k->ir, litmus::EmitTarget::Cuda, eo, "a");
  REQUIRE(cu.ok);
  CHECK_THAT(cu.files[0].content, Catch::Contains("atomicInc((unsigned*)p, (unsigned)v)"));

  eo.plantBug = litmus::plantableOperator("xor");
  REQUIRE(eo.plantBug == kpl::BinaryOp::BitXor);
  const litmus::EmitResult bug = litmus::emitProgram(k->program, k->ir, litmus::EmitTarget::OpenCL, eo, "a");
  REQUIRE(bug.ok);
  CHECK_THAT(bug.files[0].content, Catch::Contains("k_lid | 3"));
  CHECK_FALSE(litmus::plantableOperator("nand"));
  CHECK(litmus::plantedOperator(kpl::BinaryOp::Div) == kpl::BinaryOp::UDiv);
}

TEST_CASE("the runner's failures are findings of a kind, or no finding", "[fuzz][classify]") {
  using fuzz::classifyFailure;
  CHECK(classifyFailure("no OpenCL runtime: oclgrind not found (install the Debian package oclgrind)") ==
        "environment");
  CHECK(classifyFailure("no CUDA: nvcc not found (install the CUDA toolkit, or add it to PATH)") == "environment");
  CHECK(classifyFailure("unsupported: an atomic operation on constant memory (line 3)") == "unsupported");
  CHECK(classifyFailure("the runs did not finish within 60 s (a hang: divergent barriers can deadlock a real device)") ==
        "hang");
  CHECK(classifyFailure("the implementation crashed running the kernel (signal 11): …") == "crash");
  CHECK(classifyFailure("the host program failed (exit status 2): error: the kernel did not build: …") ==
        "compile-error");
  CHECK(classifyFailure("the host program failed (exit status 2): OCLGRIND FATAL ERROR …") == "error");
  for (const char* kind : {"mismatch", "crash", "hang", "compile-error", "error"}) CHECK(fuzz::isFinding(kind));
  for (const char* kind : {"pass", "environment", "unsupported"}) CHECK_FALSE(fuzz::isFinding(kind));
}
