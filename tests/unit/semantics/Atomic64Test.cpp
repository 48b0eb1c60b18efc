// T-ATOMIC on 64-bit values (specs/KPL.md, "Atomics"): `atomic64_OP(A, i, vh, vl)` reads and
// writes the cells A[i] (low word) and A[i+1] (high word) as one operation, and the 32-bit
// `atomic_fadd`. Every expected value below is worked out by hand.
#include "Helpers.h"

#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"
#include "semantics/models/ModelSupport.h"

using namespace semtest;
using sdvmc::kpl::AtomicOp;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;
using U = std::vector<uint32_t>;

namespace {

std::pair<std::unique_ptr<Sim>, Verdict> run64(const std::string& text) {
  auto sim = start(text);
  sim->s = sim->m->initialState(0, sdvmc::sem::initialMemory(sim->ir(), 0), {});
  Verdict v = sim->run();
  return {std::move(sim), v};
}

// Every thread stores the (high, low) pair it got at R[2·lid], R[2·lid + 1].
const char* kStore = "  wr(R, 2 * lid, h);\n  wr(R, 2 * lid + 1, l);\n  barrier;\n}\n";

}  // namespace

SCENARIO("64-bit T-ATOMIC: carries and borrows cross the words, threads go in ascending lid order",
         "[semantics][extension][T-ATOMIC][atomic64]") {
  GIVEN("two threads adding 1 to 0x00000000_FFFFFFFF") {
    auto [sim, v] = run64(std::string("threads: 2;\ngroup: 0;\nshared C[2] = {-1, 0};\nshared R[4];\nmain: {\n"
                                      "  local h, l;\n  h, l := atomic64_add(C, 0, 0, 1);\n") +
                          kStore);
    THEN("thread 0 reads (0, -1) and carries into the high word; thread 1 reads (1, 0)") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{1, 1});  // 0x00000001_00000001
      CHECK(sim->array("R") == W{0, -1, 1, 0});
    }
  }
  GIVEN("one thread subtracting 1 from 2^32") {
    auto [sim, v] = run64(
        "threads: 1;\ngroup: 0;\nshared C[2] = {0, 1};\nmain: {\n  atomic64_sub(C, 0, 0, 1);\n  barrier;\n}\n");
    THEN("the borrow leaves 0x00000000_FFFFFFFF") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{-1, 0});
    }
  }
  GIVEN("three threads exchanging (lid, 10 + lid) into a zero pair") {
    auto [sim, v] = run64(std::string("threads: 3;\ngroup: 0;\nshared C[2];\nshared R[6];\nmain: {\n"
                                      "  local h, l;\n  h, l := atomic64_exch(C, 0, lid, 10 + lid);\n") +
                          kStore);
    THEN("each thread gets its predecessor's pair; thread 2's pair stays") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{12, 2});
      CHECK(sim->array("R") == W{0, 0, 0, 10, 1, 11});
    }
  }
}

SCENARIO("64-bit cas succeeds only when both words match", "[semantics][extension][T-ATOMIC][atomic64]") {
  // C holds (hi 7, lo 5). Thread t compares with (T[4t], T[4t+1]) and stores (T[4t+2], T[4t+3]):
  // t0 (7, 5) matches, C := (1, 2); t1 (1, 9): high matches, low does not; t2 (9, 2): low
  // matches, high does not; t3 (1, 2) matches, C := (8, 6).
  auto [sim, v] = run64(std::string("threads: 4;\ngroup: 0;\nshared C[2] = {5, 7};\n"
                                    "shared T[16] = {7, 5, 1, 2, 1, 9, 3, 3, 9, 2, 4, 4, 1, 2, 8, 6};\n"
                                    "shared R[8];\nmain: {\n  local a, b, c, d, h, l;\n"
                                    "  a := rd(T, 4 * lid);\n  b := rd(T, 4 * lid + 1);\n"
                                    "  c := rd(T, 4 * lid + 2);\n  d := rd(T, 4 * lid + 3);\n"
                                    "  h, l := atomic64_cas(C, 0, a, b, c, d);\n") +
                        kStore);
  REQUIRE(v.kind == VerdictKind::Ok);
  CHECK(sim->array("C") == W{6, 8});
  CHECK(sim->array("R") == W{7, 5, 1, 2, 1, 2, 1, 2});
}

SCENARIO("64-bit min and max: signed and unsigned, decided by the high word first",
         "[semantics][extension][T-ATOMIC][atomic64]") {
  auto [sim, v] = run64(
      "threads: 1;\ngroup: 0;\nshared A[2];\nshared B[2];\nshared E[2] = {0, 1};\nshared F[2] = {5, 0};\n"
      "shared G[2] = {5, 0};\nmain: {\n"
      "  atomic64_min(A, 0, -1, -1);\n"   // min(0, -1) = -1
      "  atomic64_umin(B, 0, -1, -1);\n"  // umin(0, 2^64 - 1) = 0
      "  atomic64_max(E, 0, 0, -1);\n"    // max(2^32, 2^32 - 1) = 2^32
      "  atomic64_umax(F, 0, -1, 0);\n"   // umax(5, 0xFFFFFFFF_00000000) = the latter
      "  atomic64_max(G, 0, -1, 0);\n"    // max(5, -2^32) = 5
      "  barrier;\n}\n");
  REQUIRE(v.kind == VerdictKind::Ok);
  CHECK(sim->array("A") == W{-1, -1});
  CHECK(sim->array("B") == W{0, 0});
  CHECK(sim->array("E") == W{0, 1});
  CHECK(sim->array("F") == W{0, -1});
  CHECK(sim->array("G") == W{5, 0});
}

SCENARIO("64-bit bitwise atomics and the floating-point adds", "[semantics][extension][T-ATOMIC][atomic64]") {
  // 1.5 + 2.25 = 3.75: doubles 0x3FF80000_00000000 + 0x40020000_00000000 = 0x400E0000_00000000;
  // floats 0x3FC00000 + 0x40100000 = 0x40700000.
  auto [sim, v] = run64(
      "threads: 1;\ngroup: 0;\nshared D[2] = {0, 0x3FF80000};\nshared F[1] = {0x3FC00000};\n"
      "shared X[6] = {0xFF, 0xF0, 0xFF, 0xF0, 0xFF, 0xF0};\nmain: {\n"
      "  atomic64_fadd(D, 0, 0x40020000, 0);\n  atomic_fadd(F, 0, 0x40100000);\n"
      "  atomic64_and(X, 0, 0x3C, 0x0F);\n  atomic64_or(X, 2, 0x0F, 0x100);\n  atomic64_xor(X, 4, 0xFF, 0xFF);\n"
      "  barrier;\n}\n");
  REQUIRE(v.kind == VerdictKind::Ok);
  CHECK(sim->array("D") == W{0, 0x400E0000});
  CHECK(sim->array("F") == W{0x40700000});
  // (hi, lo): (0xF0, 0xFF) & (0x3C, 0x0F) = (0x30, 0x0F); | (0x0F, 0x100) = (0xFF, 0x1FF);
  // ^ (0xFF, 0xFF) = (0x0F, 0x00).
  CHECK(sim->array("X") == W{0x0F, 0x30, 0x1FF, 0xFF, 0x00, 0x0F});
}

SCENARIO("atomicResult64 on bit patterns", "[semantics][extension][T-ATOMIC][atomic64]") {
  using sdvmc::sem::atomicResult64;
  CHECK(atomicResult64(AtomicOp::Add64, UINT64_MAX, 2, 0) == 1);
  CHECK(atomicResult64(AtomicOp::Sub64, 0, 1, 0) == UINT64_MAX);
  CHECK(atomicResult64(AtomicOp::Min64, 1, UINT64_MAX, 0) == UINT64_MAX);   // -1 < 1
  CHECK(atomicResult64(AtomicOp::UMin64, 1, UINT64_MAX, 0) == 1);
  CHECK(atomicResult64(AtomicOp::Max64, 1, UINT64_MAX, 0) == 1);
  CHECK(atomicResult64(AtomicOp::UMax64, 1, UINT64_MAX, 0) == UINT64_MAX);
  CHECK(atomicResult64(AtomicOp::Cas64, 0x100000002, 0x100000002, 7) == 7);
  CHECK(atomicResult64(AtomicOp::Cas64, 0x100000002, 0x000000002, 7) == 0x100000002);
  CHECK(atomicResult64(AtomicOp::Cas64, 0x100000002, 0x100000003, 7) == 0x100000002);
  CHECK(atomicResult64(AtomicOp::FAdd64, 0x3FF8000000000000, 0x4002000000000000, 0) == 0x400E000000000000);
  CHECK(sdvmc::sem::atomicResult(AtomicOp::FAdd, 0x3FC00000, 0x40100000, 0) == 0x40700000);
}

SCENARIO("a 64-bit atomic races with plain accesses of either cell", "[semantics][extension][T-ATOMIC][atomic64]") {
  GIVEN("thread 1's atomic add, and thread 0 reading the high word plainly before the barrier") {
    auto [sim, v] = run64(
        "threads: 2;\ngroup: 0;\nshared C[2];\nmain: {\n  local x;\n"
        "  if (lid == 1) { atomic64_add(C, 0, 0, 1); }\n  x := rd(C, 1);\n  barrier;\n}\n");
    THEN("an atomic-read race on C[1]") {
      REQUIRE(v.kind == VerdictKind::Race);
      CHECK(v.rule == Rule::GRace);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].thread == 1);
      CHECK(v.accesses[0].atomic);
      CHECK(v.accesses[0].addr.index == 1);
      CHECK(v.accesses[1].thread == 0);
      CHECK_FALSE(v.accesses[1].write);
      CHECK(v.message.find("atomic-read") != std::string::npos);
    }
  }
  GIVEN("thread 0's atomic exch, and thread 1 writing the low word plainly") {
    auto [sim, v] = run64(
        "threads: 2;\ngroup: 0;\nshared C[2];\nmain: {\n"
        "  if (lid == 0) { atomic64_exch(C, 0, 1, 1); } else { wr(C, 0, 3); }\n  barrier;\n}\n");
    THEN("an atomic-write race on C[0]") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].thread == 0);
      CHECK(v.accesses[0].atomic);
      CHECK(v.accesses[0].addr.index == 0);
      CHECK(v.accesses[1].thread == 1);
      CHECK(v.accesses[1].write);
      CHECK(v.message.find("atomic-write") != std::string::npos);
    }
  }
  GIVEN("a 64-bit atomic on cells 0, 1 and a 32-bit atomic on cell 1 by another thread") {
    auto [sim, v] = run64(
        "threads: 2;\ngroup: 0;\nshared C[2] = {-1, 0};\nmain: {\n"
        "  if (lid == 0) { atomic64_add(C, 0, 0, 1); } else { atomic_add(C, 1, 4); }\n  barrier;\n}\n");
    THEN("atomics never race: 0x00000000_FFFFFFFF + 1, then 4 added to the high word") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{0, 5});
    }
  }
  GIVEN("one thread writing the high word plainly, then adding atomically") {
    auto [sim, v] = run64(
        "threads: 1;\ngroup: 0;\nshared C[2];\nmain: {\n  wr(C, 1, 2);\n  atomic64_add(C, 0, 1, 0);\n  barrier;\n}\n");
    THEN("the atomic sees the thread's own shadow and updates it") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{0, 3});
    }
  }
}

SCENARIO("a 64-bit atomic whose high word is outside a bounded array", "[semantics][extension][T-ATOMIC][atomic64]") {
  auto [sim, v] =
      run64("threads: 2;\ngroup: 0;\nshared C[2];\nmain: {\n  atomic64_or(C, lid, 0, 1);\n  barrier;\n}\n");
  CHECK(v.kind == VerdictKind::OutOfBounds);
  CHECK(v.rule == Rule::TAtomic);
  CHECK(v.threads == U{1});
  CHECK(sim->array("C") == W{0, 0});  // checked before any thread applies the operation
}

SCENARIO("64-bit atomics in KPL: printing round-trips, bad forms are diagnosed", "[kpl][extension][atomic64]") {
  const std::string text =
      "threads: 2;\ngroup: 0;\nshared C[4];\nmain: {\n  local h, l;\n"
      "  h, l := atomic64_cas(C, 2 * lid, 0, 0, h, l + 1);\n  atomic64_fadd(C, 0, 1, 2);\n"
      "  l := atomic_fadd(C, 3, l);\n  barrier;\n}\n";
  sdvmc::kpl::SourceFile src("k.kpl", text);
  sdvmc::kpl::DiagnosticEngine d(&src);
  auto p = sdvmc::kpl::parseProgram(src, d);
  REQUIRE(p);
  REQUIRE(sdvmc::kpl::verifyProgram(*p, d));
  const std::string printed = sdvmc::kpl::printProgram(*p);
  CHECK(printed.find("h, l := atomic64_cas(C, 2 * lid, 0, 0, h, l + 1);") != std::string::npos);
  CHECK(printed.find("atomic64_fadd(C, 0, 1, 2);") != std::string::npos);
  sdvmc::kpl::SourceFile src2("k2.kpl", printed);
  sdvmc::kpl::DiagnosticEngine d2(&src2);
  auto q = sdvmc::kpl::parseProgram(src2, d2);
  REQUIRE(q);
  CHECK(sdvmc::kpl::sameAst(*p, *q));

  auto errorsOf = [](const std::string& body) {
    sdvmc::kpl::SourceFile s("k.kpl", "threads: 1;\ngroup: 0;\nshared C[4];\nmain: {\n  local h, l;\n" + body +
                                          "\n  barrier;\n}\n");
    sdvmc::kpl::DiagnosticEngine e(&s);
    auto r = sdvmc::kpl::parseProgram(s, e);
    if (r) sdvmc::kpl::verifyProgram(*r, e);
    std::string all;
    for (const auto& x : e.diagnostics()) all += x.message + "\n";
    return all;
  };
  CHECK(errorsOf("  h, h := atomic64_add(C, 0, 0, 1);").find("must differ") != std::string::npos);
  CHECK(errorsOf("  h := atomic64_add(C, 0, 0, 1);").find("returns a 64-bit value") != std::string::npos);
  CHECK(errorsOf("  h, l := atomic_add(C, 0, 1);").find("64-bit atomic") != std::string::npos);
  CHECK(errorsOf("  atomic64_cas(C, 0, 1, 2);").find("takes 6 arguments") != std::string::npos);
  CHECK(errorsOf("  atomic64_add(C, 0, 1);").find("takes 4 arguments") != std::string::npos);
  CHECK(errorsOf("  h, x := atomic64_add(C, 0, 0, 1);").find("undeclared local 'x'") != std::string::npos);
}
