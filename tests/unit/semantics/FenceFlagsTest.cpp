// (extension) Barriers with fence flags, `barrier(local);`, `barrier(global);`,
// `barrier(none);` (specs/KPL.md, "Barrier fences"): G-SYNC merges and empties the logs of
// the arrays of the spaces the barrier orders; the other arrays keep their logs (and each
// thread its unmerged writes), so accesses on either side of the barrier can race.
#include "Helpers.h"

using namespace semtest;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;

namespace {

/// Thread 0 writes S[0] (shared) and G[0] (global); after the barrier, thread 1 reads both.
std::string crossRead(const std::string& barrier) {
  return "threads: 2;\ngroup: 0;\nshared S[2];\nglobal G[2];\n"
         "main: {\n"
         "  local a, b;\n"
         "  if (lid == 0) { wr(S, 0, 5); wr(G, 0, 7); }\n"
         "  " + barrier + " // fence\n"
         "  if (lid == 1) { a := rd(S, 0); b := rd(G, 0); }\n"
         "  barrier; // last\n"
         "}\n";
}

}  // namespace

SCENARIO("fence flags: G-SYNC merges and empties only the logs of the spaces ordered", "[semantics][G-SYNC][fence]") {
  GIVEN("barrier(local); after writes to a shared and a global array") {
    auto sim = start(crossRead("barrier(local);"));
    stepUntil(*sim, NodeKind::Barrier, sim->line("// fence"));
    REQUIRE(sim->s.logs[0].writes.size() == 2);
    WHEN("the barrier is passed") {
      REQUIRE(!sim->step());
      THEN("S[0] is merged and its log emptied; G[0] stays in thread 0's log, unmerged") {
        CHECK(sim->m->lastRule() == Rule::GSync);
        CHECK(sim->array("S")[0] == 5);
        CHECK(sim->array("G")[0] == 0);
        REQUIRE(sim->s.logs[0].writes.size() == 1);
        CHECK(sim->s.logs[0].writes[0].addr.array == sim->arrayId("G"));
        CHECK(sdvmc::sem::shadowLoad(sim->ir(), sim->s, 0, {sim->arrayId("G"), 0}) == 7);
      }
    }
    WHEN("the kernel runs on") {
      Verdict v = sim->run();
      THEN("thread 1's read of G[0] races with thread 0's write across the local fence") {
        CHECK(v.kind == VerdictKind::Race);
        CHECK(v.loc.line == sim->line("// last"));
        REQUIRE(v.accesses.size() == 2);
        CHECK(v.accesses[0].addr.array == sim->arrayId("G"));
        CHECK(v.accesses[0].thread == 0);
        CHECK(v.accesses[1].thread == 1);
      }
    }
  }
  GIVEN("barrier(global);") {
    auto sim = start(crossRead("barrier(global);"));
    Verdict v = sim->run();
    THEN("the shared array races (the array of the smallest declaration)") {
      CHECK(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].addr.array == sim->arrayId("S"));
    }
  }
  GIVEN("barrier(none);") {
    auto sim = start(crossRead("barrier(none);"));
    stepUntil(*sim, NodeKind::Barrier, sim->line("// fence"));
    REQUIRE(!sim->step());
    THEN("nothing is merged, both writes stay logged") {
      CHECK(sim->s.logs[0].writes.size() == 2);
      CHECK(sim->array("S")[0] == 0);
      CHECK(sim->run().kind == VerdictKind::Race);
    }
  }
  GIVEN("barrier(local, global); (the same as barrier;)") {
    auto sim = start(crossRead("barrier(local, global);"));
    Verdict v = sim->run();
    THEN("no race, and thread 1 read both values") {
      CHECK(v.kind == VerdictKind::Ok);
      CHECK(sim->array("G")[0] == 7);
    }
  }
}

SCENARIO("fence flags: a thread reading its own unmerged write sees it; other threads' cells are not touched",
         "[semantics][G-SYNC][fence]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\nglobal G[2];\nshared S[2];\n"
      "main: {\n"
      "  local a;\n"
      "  wr(G, lid, lid + 10);\n"
      "  wr(S, lid, lid + 20);\n"
      "  barrier(local);\n"
      "  a := rd(G, lid);\n"
      "  wr(S, 1 - lid, a);  // each thread its neighbour's S cell: ordered by the local fence\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src);
  Verdict v = sim->run();
  THEN("no race: the global cells are each thread's own; S[1-i] = i + 10 after the last barrier") {
    CHECK(v.kind == VerdictKind::Ok);
    CHECK(sim->array("S")[1] == 10);
    CHECK(sim->array("S")[0] == 11);
    CHECK(sim->array("G")[1] == 11);
  }
}
