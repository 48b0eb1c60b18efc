// The KPL extensions the CUDA/OpenCL frontends lower to (specs/KPL.md, "Extensions for the
// CUDA and OpenCL frontends"): unsigned operators, unbounded and global arrays, kernel
// parameters, T-ATOMIC and its races, benign writes, several groups (semantics/rules/Launch.h),
// and the parameter bounds `check` reads from leading assumes.
#include "Helpers.h"

#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "semantics/rules/Launch.h"
#include "semantics/models/ModelSupport.h"

using namespace semtest;
using sdvmc::sem::Address;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using sdvmc::kpl::AtomicOp;
using W = std::vector<Word>;
using U = std::vector<uint32_t>;

namespace {

/// Runs `text` to the end with the given kernel-parameter values.
std::pair<std::unique_ptr<Sim>, Verdict> runWith(const std::string& text, const W& params = {},
                                                 bool benign = false) {
  auto sim = start(text);
  sim->m->setBenignWrites(benign);
  sim->s = sim->m->initialState(0, sdvmc::sem::initialMemory(sim->ir(), 0), params);
  Verdict v = sim->run();
  return {std::move(sim), v};
}

Word cell(const Sim& sim, const std::string& array, Word index) {
  return sim.s.base.load(sim.ir(), Address{sim.arrayId(array), index});
}

}  // namespace

SCENARIO("unsigned operators read Words as unsigned 32-bit numbers", "[semantics][extension][unsigned]") {
  auto [sim, v] = runWith(
      "threads: 1;\ngroup: 0;\nshared R[8];\nmain: {\n"
      "  wr(R, 0, udiv(-1, 2));\n"
      "  wr(R, 1, urem(-1, 10));\n"
      "  wr(R, 2, ult(-1, 0));\n"
      "  wr(R, 3, ugt(-1, 0));\n"
      "  wr(R, 4, lshr(-8, 1));\n"
      "  wr(R, 5, -8 >> 1);\n"
      "  wr(R, 6, ule(5, 5) + uge(4, 5));\n"
      "  barrier;\n}\n");
  REQUIRE(v.kind == VerdictKind::Ok);
  // 0xFFFFFFFF / 2 = 0x7FFFFFFF; 4294967295 % 10 = 5; -1 is the largest unsigned Word.
  CHECK(sim->array("R") == W{0x7FFFFFFF, 5, 0, 1, 0x7FFFFFFC, -4, 1, 0});
}

SCENARIO("unsigned division by zero and logical shifts out of range are errors", "[semantics][extension][unsigned]") {
  const std::string h = "threads: 2;\ngroup: 0;\nmain: {\n  local x;\n";
  auto [a, va] = runWith(h + "  x := udiv(7, lid);\n  barrier;\n}\n");
  CHECK(va.kind == VerdictKind::DivisionByZero);
  CHECK(va.threads == U{0});
  auto [b, vb] = runWith(h + "  x := lshr(7, 31 + lid);\n  barrier;\n}\n");
  CHECK(vb.kind == VerdictKind::ShiftOutOfRange);
  CHECK(vb.threads == U{1});
  CHECK(vb.value == 32);
}

SCENARIO("an unbounded array has a cell at every index", "[semantics][extension][arrays]") {
  auto [sim, v] = runWith("threads: 2;\ngroup: 0;\nshared S[4];\nglobal G[];\nmain: {\n  local x;\n"
                          "  wr(G, 1000000 * lid - 5, lid + 1);\n  barrier;\n"
                          "  x := rd(G, 1000000 * (1 - lid) - 5);\n  wr(S, lid, x);\n  barrier;\n}\n");
  REQUIRE(v.kind == VerdictKind::Ok);
  CHECK(cell(*sim, "G", -5) == 1);
  CHECK(cell(*sim, "G", 999995) == 2);
  CHECK(sim->array("S") == W{2, 1, 0, 0});
  CHECK(sim->ir().arrays[sim->arrayId("G")].global);
  CHECK_FALSE(sim->ir().arrays[sim->arrayId("G")].bounded);
}

SCENARIO("kernel parameters are uniform, read-only, visible in procedures", "[semantics][extension][params]") {
  const std::string text =
      "threads: 3;\ngroup: 0;\nparam n;\nparam m;\nshared R[3];\n"
      "procedure put(i) { wr(R, i, n * 10 + m); }\n"
      "main: {\n  if (lid < n) { put(lid); }\n  barrier;\n}\n";
  auto [sim, v] = runWith(text, W{2, 7});
  REQUIRE(v.kind == VerdictKind::Ok);
  CHECK(sim->array("R") == W{27, 27, 0});
  CHECK(sim->ir().params == std::vector<std::string>{"n", "m"});
  WHEN("main assigns a parameter") {
    sdvmc::kpl::SourceFile src("k.kpl", "threads: 1;\ngroup: 0;\nparam n;\nmain: {\n  n := 1;\n  barrier;\n}\n");
    sdvmc::kpl::DiagnosticEngine d(&src);
    auto p = sdvmc::kpl::parseProgram(src, d);
    REQUIRE(p);
    CHECK_FALSE(sdvmc::kpl::verifyProgram(*p, d));
    REQUIRE(d.diagnostics().size() == 1);
    CHECK(d.diagnostics()[0].loc.line == 5);
    CHECK(d.diagnostics()[0].message.find("kernel parameter 'n'") != std::string::npos);
  }
}

SCENARIO("T-ATOMIC: enabled threads apply the operation in ascending lid order", "[semantics][extension][T-ATOMIC]") {
  GIVEN("four threads incrementing one counter") {
    auto [sim, v] = runWith("threads: 4;\ngroup: 0;\nshared C[1];\nshared R[4];\nmain: {\n  local old;\n"
                            "  old := atomic_add(C, 0, 1);\n  wr(R, lid, old);\n  barrier;\n}\n");
    THEN("no race; the counter is 4 and the values read are 0, 1, 2, 3") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{4});
      CHECK(sim->array("R") == W{0, 1, 2, 3});
    }
  }
  GIVEN("an atomic counter, and a later plain read of it by another thread before the barrier") {
    const std::string text = "threads: 2;\ngroup: 0;\nshared C[1];\nmain: {\n  local x;\n"
                             "  if (lid == 1) { atomic_add(C, 0, 5); }\n  x := rd(C, 0);\n  barrier;\n}\n";
    auto [sim, v] = runWith(text);
    THEN("an atomic-read race: the atomic access of thread 1, the read of thread 0") {
      REQUIRE(v.kind == VerdictKind::Race);
      CHECK(v.rule == Rule::GRace);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].thread == 1);
      CHECK(v.accesses[0].atomic);
      CHECK(v.accesses[1].thread == 0);
      CHECK_FALSE(v.accesses[1].write);
      CHECK(v.accesses[1].at == findNode(sim->ir(), NodeKind::Read, sim->line("x := rd(C, 0)")));
      CHECK(v.message.find("atomic-read") != std::string::npos);
    }
  }
  GIVEN("the same thread writing plainly, then atomically") {
    auto [sim, v] = runWith("threads: 2;\ngroup: 0;\nshared C[2];\nmain: {\n"
                            "  wr(C, lid, 10);\n  atomic_add(C, lid, 1);\n  barrier;\n}\n");
    THEN("no race (one thread), and the atomic sees and updates the thread's own write") {
      REQUIRE(v.kind == VerdictKind::Ok);
      CHECK(sim->array("C") == W{11, 11});
    }
  }
  GIVEN("an atomic index outside a bounded array") {
    auto [sim, v] = runWith("threads: 2;\ngroup: 0;\nshared C[1];\nmain: {\n  atomic_or(C, lid, 1);\n  barrier;\n}\n");
    THEN("out-of-bounds by thread 1") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.rule == Rule::TAtomic);
      CHECK(v.threads == U{1});
    }
  }
}

SCENARIO("atomic results follow CUDA's definitions", "[semantics][extension][T-ATOMIC]") {
  using sdvmc::sem::atomicResult;
  CHECK(atomicResult(AtomicOp::Add, INT32_MAX, 1, 0) == INT32_MIN);
  CHECK(atomicResult(AtomicOp::Sub, 3, 5, 0) == -2);
  CHECK(atomicResult(AtomicOp::Exch, 3, 5, 0) == 5);
  CHECK(atomicResult(AtomicOp::Min, -3, 5, 0) == -3);
  CHECK(atomicResult(AtomicOp::UMin, -3, 5, 0) == 5);
  CHECK(atomicResult(AtomicOp::Max, -3, 5, 0) == 5);
  CHECK(atomicResult(AtomicOp::UMax, -3, 5, 0) == -3);
  CHECK(atomicResult(AtomicOp::And, 6, 3, 0) == 2);
  CHECK(atomicResult(AtomicOp::Or, 6, 3, 0) == 7);
  CHECK(atomicResult(AtomicOp::Xor, 6, 3, 0) == 5);
  // atomicInc: old >= v ? 0 : old + 1 (unsigned).
  CHECK(atomicResult(AtomicOp::Inc, 2, 3, 0) == 3);
  CHECK(atomicResult(AtomicOp::Inc, 3, 3, 0) == 0);
  CHECK(atomicResult(AtomicOp::Inc, -1, 3, 0) == 0);
  // atomicDec: (old == 0 || old > v) ? v : old - 1 (unsigned).
  CHECK(atomicResult(AtomicOp::Dec, 0, 3, 0) == 3);
  CHECK(atomicResult(AtomicOp::Dec, 4, 3, 0) == 3);
  CHECK(atomicResult(AtomicOp::Dec, 2, 3, 0) == 1);
  // cas: old == compare ? new : old.
  CHECK(atomicResult(AtomicOp::Cas, 4, 4, 9) == 9);
  CHECK(atomicResult(AtomicOp::Cas, 4, 5, 9) == 4);
}

SCENARIO("benign writes: the same value written by two threads", "[semantics][extension][benign]") {
  const std::string same = "threads: 2;\ngroup: 0;\nshared A[1];\nmain: {\n  wr(A, 0, 7);\n  barrier;\n}\n";
  const std::string differ = "threads: 2;\ngroup: 0;\nshared A[1];\nmain: {\n  wr(A, 0, lid);\n  barrier;\n}\n";
  const std::string read = "threads: 2;\ngroup: 0;\nshared A[1];\nmain: {\n  local x;\n"
                           "  wr(A, 0, 7);\n  if (lid == 0) { x := rd(A, 0); }\n  barrier;\n}\n";
  CHECK(runWith(same).second.kind == VerdictKind::Race);  // SDV: off by default
  CHECK(runWith(same, {}, true).second.kind == VerdictKind::Ok);
  CHECK(runWith(differ, {}, true).second.kind == VerdictKind::Race);
  WHEN("one writer also reads: its read conflicts with the other writer") {
    auto [sim, v] = runWith(read, {}, true);
    REQUIRE(v.kind == VerdictKind::Race);
    CHECK(v.accesses[0].thread == 1);
    CHECK(v.accesses[0].write);
    CHECK(v.accesses[1].thread == 0);
    CHECK_FALSE(v.accesses[1].write);
  }
}

SCENARIO("several groups: one launch, inter-group races on global arrays", "[semantics][extension][launch]") {
  auto launch = [](const std::string& text, uint32_t groups, bool benign = false) {
    auto k = compile(text);
    auto r = sdvmc::sem::runLaunch(k->ir, k->program.threads, groups, sdvmc::sem::initialMemory(k->ir, 0), {},
                                   1'000'000, nullptr, benign);
    return std::make_pair(std::move(k), std::move(r));
  };
  GIVEN("each group writing its own cells") {
    auto [k, r] = launch("threads: 2;\ngroup: 0;\ngroups: 3;\nglobal A[6];\nmain: {\n"
                         "  wr(A, gid * 2 + lid, gid * 10 + lid);\n  barrier;\n}\n", 3);
    THEN("ok, with every group's writes") {
      REQUIRE(r.verdict.kind == VerdictKind::Ok);
      CHECK(r.memory.bounded[0] == W{0, 1, 10, 11, 20, 21});
    }
  }
  GIVEN("group 1 reading a cell group 0 wrote") {
    auto [k, r] = launch("threads: 2;\ngroup: 0;\ngroups: 2;\nglobal A[2];\nmain: {\n  local x;\n"
                         "  if (gid == 0) { wr(A, lid, 1); } else { x := rd(A, 1 - lid); }\n  barrier;\n}\n", 2);
    THEN("an inter-group race on A[0]: the write of thread 0 of group 0, the read of thread 1 of group 1") {
      REQUIRE(r.verdict.kind == VerdictKind::Race);
      CHECK(r.verdict.rule == Rule::GroupRace);
      CHECK(r.verdict.scope == "inter-group");
      CHECK(r.group == 1);
      REQUIRE(r.verdict.accesses.size() == 2);
      CHECK(r.verdict.accesses[0].group == 0);
      CHECK(r.verdict.accesses[0].thread == 0);
      CHECK(r.verdict.accesses[0].write);
      CHECK(r.verdict.accesses[1].group == 1);
      CHECK(r.verdict.accesses[1].thread == 1);
      CHECK_FALSE(r.verdict.accesses[1].write);
      CHECK(r.verdict.accesses[1].addr.index == 0);
    }
  }
  GIVEN("every group incrementing one global counter atomically") {
    auto [k, r] = launch("threads: 2;\ngroup: 0;\ngroups: 3;\nglobal C[1];\nmain: {\n"
                         "  atomic_add(C, 0, 1);\n  barrier;\n}\n", 3);
    THEN("atomics never race: 6") {
      REQUIRE(r.verdict.kind == VerdictKind::Ok);
      CHECK(r.memory.bounded[0] == W{6});
    }
  }
  GIVEN("shared memory: each group's own") {
    auto [k, r] = launch("threads: 1;\ngroup: 0;\ngroups: 2;\nshared S[1];\nglobal A[2];\nmain: {\n  local x;\n"
                         "  x := rd(S, 0);\n  wr(A, gid, x);\n  wr(S, 0, 5);\n  barrier;\n}\n", 2);
    THEN("group 1 starts from the launch's S, not group 0's") {
      REQUIRE(r.verdict.kind == VerdictKind::Ok);
      CHECK(r.memory.bounded[1] == W{0, 0});
    }
  }
  GIVEN("two groups writing the same value to one global cell") {
    const std::string text = "threads: 1;\ngroup: 0;\ngroups: 2;\nglobal A[1];\nmain: {\n  wr(A, 0, 3);\n  barrier;\n}\n";
    CHECK(launch(text, 2).second.verdict.kind == VerdictKind::Race);
    CHECK(launch(text, 2, true).second.verdict.kind == VerdictKind::Ok);
  }
}

SCENARIO("check's parameter bounds come from the leading assumes", "[semantics][extension][params]") {
  auto k = compile("threads: 1;\ngroup: 0;\nparam n;\nparam m;\nparam u;\nparam z;\nmain: {\n  local t;\n"
                   "  t := lid;\n  assume(n >= 2 && 8 > n && m == 4);\n  assume(ult(u, 16));\n"
                   "  wr(mem, 0, 1);\n  assume(z < 3);\n  barrier;\n}\n");
  auto b = sdvmc::sem::paramBoundsFromAssumes(k->ir);
  REQUIRE(b.size() == 4);
  CHECK(b[0].lo == 2);
  CHECK(b[0].hi == 7);
  CHECK(b[1].lo == 4);
  CHECK(b[1].hi == 4);
  CHECK(b[2].lo == 0);
  CHECK(b[2].hi == 15);
  // After a memory access the assumes are no longer "leading".
  CHECK_FALSE(b[3].lo);
  CHECK_FALSE(b[3].hi);
}

SCENARIO("the extensions print and re-parse to the same tree", "[kpl][extension][printer]") {
  const std::string text =
      "threads: 4;\ngroup: 1;\ngroups: 3;\nparam n;\nglobal A[];\nglobal B[2] = {1, *};\nshared S[];\nshared T[4];\n"
      "main: {\n  local x, y;\n  x := udiv(lid, n) + urem(lid, 3) * lshr(x, 1);\n"
      "  if (ult(x, 2) || uge(x, ule(1, ugt(2, 3)))) { y := atomic_cas(A, x, 0, 1); }\n"
      "  atomic_inc(S, 0, 7);\n  y := atomic_umax(T, 1, x);\n  barrier;\n}\n";
  sdvmc::kpl::SourceFile src("k.kpl", text);
  sdvmc::kpl::DiagnosticEngine d(&src);
  auto p = sdvmc::kpl::parseProgram(src, d);
  REQUIRE(p);
  REQUIRE(sdvmc::kpl::verifyProgram(*p, d));
  CHECK(p->groups == 3);
  CHECK(p->params.size() == 1);
  CHECK(p->arrays[0].global);
  CHECK(p->arrays[0].unbounded);
  CHECK(p->arrays[2].unbounded);
  CHECK_FALSE(p->arrays[2].global);
  const std::string printed = sdvmc::kpl::printProgram(*p);
  sdvmc::kpl::SourceFile src2("k2.kpl", printed);
  sdvmc::kpl::DiagnosticEngine d2(&src2);
  auto q = sdvmc::kpl::parseProgram(src2, d2);
  REQUIRE(q);
  CHECK(sdvmc::kpl::sameAst(*p, *q));
  CHECK(printed.find("atomic_cas(A, x, 0, 1)") != std::string::npos);
  CHECK(printed.find("udiv(lid, n)") != std::string::npos);
}

SCENARIO("bad uses of the extension syntax are diagnosed", "[kpl][extension][diagnostics]") {
  auto errorsOf = [](const std::string& text) {
    sdvmc::kpl::SourceFile src("k.kpl", text);
    sdvmc::kpl::DiagnosticEngine d(&src);
    auto p = sdvmc::kpl::parseProgram(src, d);
    if (p) sdvmc::kpl::verifyProgram(*p, d);
    std::string out;
    for (const auto& x : d.diagnostics()) out += std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) + " " + x.message + "\n";
    return out;
  };
  const std::string h = "threads: 1;\ngroup: 0;\n";
  CHECK(errorsOf(h + "main: {\n  local x;\n  x := udiv(1);\n  barrier;\n}\n").find("5:8 'udiv' takes 2 arguments") == 0);
  CHECK(errorsOf(h + "main: {\n  local x;\n  x := foo(1, 2);\n  barrier;\n}\n").find("5:8 'foo' is not a builtin") == 0);
  CHECK(errorsOf(h + "shared A[1];\nmain: {\n  atomic_add(A, 0);\n  barrier;\n}\n").find("5:3 'atomic_add' takes 3") == 0);
  CHECK(errorsOf(h + "shared A[] = {1};\nmain: {\n  barrier;\n}\n").find("3:12 an unbounded array") == 0);
  CHECK(errorsOf("threads: 1;\ngroup: 2;\ngroups: 2;\nmain: {\n  barrier;\n}\n").find("2:8 group id 2 is not one of the 2 groups") == 0);
}
