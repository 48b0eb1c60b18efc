// The barrier rules G-NO-OP, G-DIVERGENCE, G-RACE and G-SYNC, and races(Σ) / merge(Σ)
// applied directly to hand-built group states (../shared/sdv-semantics.md, "Races and
// merge"; the selection of the reported conflict is the comment above `races` in Sdv.cpp).
#include "Helpers.h"

using namespace semtest;
using sdvmc::sem::Address;
using sdvmc::sem::logRead;
using sdvmc::sem::logWrite;
using sdvmc::sem::NodeId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::RaceAccess;
using sdvmc::sem::Rule;
using sdvmc::sem::Slot;
using sdvmc::sem::shadowLoad;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;
using U = std::vector<uint32_t>;

namespace {

std::string show(const RaceAccess& a) {
  return "{thread " + std::to_string(a.thread) + (a.write ? " write " : " read ") +
         std::to_string(a.addr.array) + "[" + std::to_string(a.addr.index) + "] at " +
         std::to_string(a.at) + "}";
}

bool same(const RaceAccess& a, const RaceAccess& b) {
  return a.thread == b.thread && a.write == b.write && a.addr == b.addr && a.at == b.at;
}

/// The pair races() reports equals (x, y).
void checkPair(const std::optional<std::pair<RaceAccess, RaceAccess>>& got, const RaceAccess& x,
               const RaceAccess& y) {
  REQUIRE(got);
  INFO("got " << show(got->first) << ", " << show(got->second) << "; expected " << show(x) << ", "
              << show(y));
  CHECK(same(got->first, x));
  CHECK(same(got->second, y));
}

/// Runs `src` (2 threads unless given) to its verdict.
std::pair<std::unique_ptr<Sim>, Verdict> runKernel(const std::string& src) {
  auto sim = start(src);
  Verdict v = sim->run();
  return {std::move(sim), v};
}

/// The source node of `kind` on the line containing `needle`.
NodeId nodeAt(const Sim& sim, NodeKind kind, const std::string& needle) {
  return findNode(sim.ir(), kind, sim.line(needle));
}

}  // namespace

// ---- G-NO-OP -----------------------------------------------------------------------------

SCENARIO("G-NO-OP: a barrier with every thread disabled changes nothing", "[semantics][G-NO-OP]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  wr(0, lid);\n"
      "  if (lid > 5) {\n"
      "    barrier; // inner\n"
      "  }\n"
      "  barrier; // last\n"
      "}\n";
  GIVEN("a pending write-write conflict and a barrier no thread reaches enabled") {
    auto sim = start(src);
    stepUntil(*sim, NodeKind::Barrier, sim->line("// inner"));
    auto before = sim->s;
    REQUIRE(before.logs[0].writes.size() == 1);
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("G-NO-OP: only the barrier is popped; the logs are not cleared, no race is judged") {
        CHECK(sim->m->lastRule() == Rule::GNoOp);
        before.ss.pop_back();
        CHECK(sameState(before, sim->s));
        AND_THEN("the final barrier, with every thread enabled, finds the race") {
          Verdict v = sim->run();
          CHECK(v.kind == VerdictKind::Race);
          CHECK(v.at == nodeAt(*sim, NodeKind::Barrier, "// last"));
        }
      }
    }
  }
}

// ---- G-DIVERGENCE ------------------------------------------------------------------------

SCENARIO("G-DIVERGENCE: a barrier reached by some threads enabled and some disabled is an error",
         "[semantics][G-DIVERGENCE]") {
  const std::string src =
      "threads: 4;\ngroup: 0;\n"
      "main: {\n"
      "  if (lid == 1 || lid == 3) {\n"
      "    barrier; // inner\n"
      "  }\n"
      "  barrier; // last\n"
      "}\n";
  GIVEN("threads 1 and 3 enabled at the barrier, 0 and 2 disabled") {
    auto sim = start(src);
    stepUntil(*sim, NodeKind::Barrier, sim->line("// inner"));
    const auto before = sim->s;
    WHEN("step") {
      auto v = sim->step();
      THEN("a divergence verdict naming the lowest enabled and lowest disabled thread") {
        REQUIRE(v);
        CHECK(sim->m->lastRule() == Rule::GDivergence);
        CHECK(v->kind == VerdictKind::Divergence);
        CHECK(v->rule == Rule::GDivergence);
        CHECK(v->threads == U{1, 0});
        CHECK(v->enabled == U{1, 3});
        CHECK(v->disabled == U{0, 2});
        CHECK(v->at == nodeAt(*sim, NodeKind::Barrier, "// inner"));
        CHECK(v->loc.line == sim->line("// inner"));
        CHECK(v->loc.col == colOf(src, "// inner", "barrier"));
        CHECK(sim->top().node == v->at);  // the error state keeps the barrier
        CHECK(sim->s.ss.size() == before.ss.size());
      }
    }
  }
}

// ---- G-RACE ------------------------------------------------------------------------------

SCENARIO("G-RACE: at a barrier with every thread enabled, a conflict is an error",
         "[semantics][G-RACE]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  wr(0, 1);\n"
      "  barrier;\n"
      "}\n";
  GIVEN("both threads wrote the same value to the same address (no error before the barrier)") {
    auto sim = start(src);
    stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
    WHEN("step") {
      auto v = sim->step();
      THEN("a write-write race, even with equal values") {
        REQUIRE(v);
        CHECK(sim->m->lastRule() == Rule::GRace);
        CHECK(v->kind == VerdictKind::Race);
        CHECK(v->rule == Rule::GRace);
        CHECK(v->at == nodeAt(*sim, NodeKind::Barrier, "barrier;"));
        CHECK(v->threads == U{0, 1});
        REQUIRE(v->accesses.size() == 2);
        const NodeId w = nodeAt(*sim, NodeKind::Write, "wr(0, 1);");
        CHECK(same(v->accesses[0], RaceAccess{0, true, {0, 0}, w}));
        CHECK(same(v->accesses[1], RaceAccess{1, true, {0, 0}, w}));
        CHECK(sim->top().node == v->at);
      }
    }
  }
}

SCENARIO("G-RACE: read-write and write-read conflicts", "[semantics][G-RACE]") {
  GIVEN("thread 0 reads what thread 1 writes") {
    const std::string src =
        "threads: 2;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid == 0) {\n"
        "    x := rd(5);\n"
        "  } else {\n"
        "    wr(5, 1);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("the writer first, then the reader, at their statements") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      const RaceAccess w{1, true, {0, 5}, nodeAt(*sim, NodeKind::Write, "wr(5, 1);")};
      const RaceAccess r{0, false, {0, 5}, nodeAt(*sim, NodeKind::Read, "x := rd(5);")};
      CHECK(same(v.accesses[0], w));
      CHECK(same(v.accesses[1], r));
      CHECK(sim->ir().nodes[v.accesses[0].at].loc.line == sim->line("wr(5, 1);"));
      CHECK(sim->ir().nodes[v.accesses[1].at].loc.line == sim->line("x := rd(5);"));
      CHECK(v.threads == U{1, 0});
    }
  }
  GIVEN("thread 0 writes what thread 1 reads") {
    const std::string src =
        "threads: 2;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid == 0) {\n"
        "    wr(5, 1);\n"
        "  } else {\n"
        "    x := rd(5);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("the writer first, then the reader") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(same(v.accesses[0], RaceAccess{0, true, {0, 5}, nodeAt(*sim, NodeKind::Write, "wr(5, 1);")}));
      CHECK(same(v.accesses[1], RaceAccess{1, false, {0, 5}, nodeAt(*sim, NodeKind::Read, "x := rd(5);")}));
    }
  }
}

SCENARIO("not races: a thread reading its own write, and two reads", "[semantics][G-RACE][G-SYNC]") {
  GIVEN("each thread writes then reads its own address") {
    auto [sim, v] = runKernel(
        "threads: 2;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  wr(lid, 7);\n"
        "  x := rd(lid);\n"
        "  barrier;\n"
        "}\n");
    THEN("ok") {
      CHECK(v.kind == VerdictKind::Ok);
      CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{0, 7}, {1, 7}});
    }
  }
  GIVEN("both threads read the same address") {
    auto [sim, v] = runKernel(
        "threads: 2;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  x := rd(3);\n"
        "  barrier;\n"
        "}\n");
    THEN("ok, memory unchanged") {
      CHECK(v.kind == VerdictKind::Ok);
      CHECK(sim->s.base.cells(0).empty());
    }
  }
}

SCENARIO("G-RACE reports the conflict at the smallest address", "[semantics][G-RACE]") {
  GIVEN("conflicts at B[9] (write-write), B[4] (write-read) and B[7] (write-write)") {
    const std::string src =
        "threads: 4;\ngroup: 0;\n"
        "shared B[16];\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid < 2) {\n"
        "    wr(B, 9, lid);\n"
        "  }\n"
        "  if (lid == 2) {\n"
        "    wr(B, 4, 1);\n"
        "  }\n"
        "  if (lid == 3) {\n"
        "    x := rd(B, 4);\n"
        "  }\n"
        "  if (lid == 1 || lid == 3) {\n"
        "    wr(B, 7, 0);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("B[4]: thread 2's write and thread 3's read") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(same(v.accesses[0], RaceAccess{2, true, {0, 4}, nodeAt(*sim, NodeKind::Write, "wr(B, 4, 1);")}));
      CHECK(same(v.accesses[1], RaceAccess{3, false, {0, 4}, nodeAt(*sim, NodeKind::Read, "x := rd(B, 4);")}));
    }
  }
  GIVEN("a conflict on the second array at index 0 and one on the first array at index 3") {
    const std::string src =
        "threads: 4;\ngroup: 0;\n"
        "shared A[4];\n"
        "shared B[4];\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid == 1) {\n"
        "    wr(B, 0, 1);\n"
        "  }\n"
        "  if (lid == 2) {\n"
        "    wr(A, 3, 1);\n"
        "    x := rd(B, 0);\n"
        "  }\n"
        "  if (lid == 3) {\n"
        "    x := rd(A, 3);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("arrays are ordered by declaration: A[3] is reported") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(same(v.accesses[0], RaceAccess{2, true, {0, 3}, nodeAt(*sim, NodeKind::Write, "wr(A, 3, 1);")}));
      CHECK(same(v.accesses[1], RaceAccess{3, false, {0, 3}, nodeAt(*sim, NodeKind::Read, "x := rd(A, 3);")}));
    }
  }
  GIVEN("three writers and a reader at one address") {
    const std::string src =
        "threads: 4;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid != 0) {\n"
        "    wr(2, lid);\n"
        "  } else {\n"
        "    x := rd(2);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("the write-write pair of the two lowest writers") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      const NodeId w = nodeAt(*sim, NodeKind::Write, "wr(2, lid);");
      CHECK(same(v.accesses[0], RaceAccess{1, true, {0, 2}, w}));
      CHECK(same(v.accesses[1], RaceAccess{2, true, {0, 2}, w}));
    }
  }
  GIVEN("accesses repeated on two lines") {
    const std::string src =
        "threads: 2;\ngroup: 0;\n"
        "main: {\n"
        "  local x;\n"
        "  if (lid == 0) {\n"
        "    wr(6, 1);\n"
        "    wr(6, 2);\n"
        "  } else {\n"
        "    x := rd(6);\n"
        "    x := rd(6 + x);\n"
        "  }\n"
        "  barrier;\n"
        "}\n";
    auto [sim, v] = runKernel(src);
    THEN("each access is attributed to the first statement that made it") {
      REQUIRE(v.kind == VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(same(v.accesses[0], RaceAccess{0, true, {0, 6}, nodeAt(*sim, NodeKind::Write, "wr(6, 1);")}));
      CHECK(same(v.accesses[1], RaceAccess{1, false, {0, 6}, nodeAt(*sim, NodeKind::Read, "x := rd(6);")}));
    }
  }
}

// ---- G-SYNC ------------------------------------------------------------------------------

SCENARIO("G-SYNC: merge makes every write visible to every thread and clears R and W",
         "[semantics][G-SYNC]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "shared A[4] = {1, 2, 3, 4};\n"
      "main: {\n"
      "  local x, y;\n"
      "  wr(A, lid, lid * 10 + 5);\n"
      "  x := rd(A, 3);\n"
      "  barrier; // first\n"
      "  y := rd(A, (lid + 1) % 3);\n"
      "  barrier; // last\n"
      "}\n";
  GIVEN("each thread wrote A[lid]; everyone read A[3], which no one wrote") {
    auto sim = start(src);
    const auto id = sim->arrayId("A");
    stepUntil(*sim, NodeKind::Barrier, sim->line("// first"));
    const auto before = sim->s;
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("Σ'(i) = (lid, l, merge(Σ), ∅, ∅)") {
        CHECK(sim->m->lastRule() == Rule::GSync);
        CHECK(sim->array("A") == W{5, 15, 25, 4});  // A[3]: no writer, keeps base's value
        for (uint32_t t = 0; t < 3; ++t) {
          CHECK(sim->s.logs[t].reads.empty());
          CHECK(sim->s.logs[t].writes.empty());
          for (Word a = 0; a < 4; ++a)
            CHECK(shadowLoad(sim->ir(), sim->s, t, {id, a}) == sim->array("A")[static_cast<size_t>(a)]);
        }
        CHECK(sim->s.locals == before.locals);
        CHECK(sim->s.ss.size() == before.ss.size() - 1);
        CHECK(std::equal(sim->s.ss.begin(), sim->s.ss.end(), before.ss.begin()));
      }
      AND_WHEN("each thread reads its neighbour's cell") {
        stepUntil(*sim, NodeKind::Barrier, sim->line("// last"));
        THEN("it sees the neighbour's write") {
          const Slot y = declSlot(sim->ir(), sim->line("local x, y;"), 1);
          const Slot x = declSlot(sim->ir(), sim->line("local x, y;"), 0);
          CHECK(sim->column(x) == W{4, 4, 4});
          CHECK(sim->column(y) == W{15, 25, 5});
        }
      }
    }
  }
}

// ---- races(Σ) and merge(Σ) on hand-built states -------------------------------------------

SCENARIO("races(Σ) on hand-built logs", "[semantics][G-RACE][races]") {
  auto sim = start(
      "threads: 3;\ngroup: 0;\n"
      "shared A[4] = {1, 2, 3, 4};\n"
      "shared B[4] = {5, 6, 7, 8};\n"
      "main: {\n"
      "  barrier;\n"
      "}\n");
  const auto a = sim->arrayId("A"), b = sim->arrayId("B");
  auto& logs = sim->s.logs;
  auto races = [&] { return sim->m->races(sim->s); };
  GIVEN("empty logs") {
    THEN("no race") { CHECK(!races()); }
  }
  GIVEN("a thread that reads its own write") {
    logWrite(logs[0], {a, 1}, 5, 100);
    logRead(logs[0], {a, 1}, 101);
    THEN("no race") { CHECK(!races()); }
  }
  GIVEN("two threads that read one address") {
    logRead(logs[0], {a, 2}, 100);
    logRead(logs[1], {a, 2}, 101);
    logRead(logs[2], {a, 2}, 102);
    THEN("no race") { CHECK(!races()); }
  }
  GIVEN("two threads that write the same value to one address") {
    logWrite(logs[0], {a, 1}, 5, 100);
    logWrite(logs[2], {a, 1}, 5, 102);
    THEN("a write-write race") {
      checkPair(races(), RaceAccess{0, true, {a, 1}, 100}, RaceAccess{2, true, {a, 1}, 102});
    }
  }
  GIVEN("a writer that also reads the address, and two other readers") {
    logWrite(logs[1], {a, 0}, 3, 110);
    logRead(logs[1], {a, 0}, 111);
    logRead(logs[2], {a, 0}, 112);
    logRead(logs[0], {a, 0}, 113);
    THEN("the writer and the lowest other reader") {
      checkPair(races(), RaceAccess{1, true, {a, 0}, 110}, RaceAccess{0, false, {a, 0}, 113});
    }
  }
  GIVEN("a write-read conflict on B[0] and a write-write conflict on A[3]") {
    logRead(logs[1], {b, 0}, 120);
    logWrite(logs[2], {b, 0}, 1, 121);
    logWrite(logs[0], {a, 3}, 1, 122);
    logWrite(logs[1], {a, 3}, 2, 123);
    THEN("A[3], the smaller address") {
      checkPair(races(), RaceAccess{0, true, {a, 3}, 122}, RaceAccess{1, true, {a, 3}, 123});
    }
  }
  GIVEN("a write-write conflict on A[3] and a write-read conflict on A[2]") {
    logWrite(logs[0], {a, 3}, 1, 130);
    logWrite(logs[1], {a, 3}, 1, 131);
    logWrite(logs[2], {a, 2}, 1, 132);
    logRead(logs[1], {a, 2}, 133);
    logRead(logs[0], {a, 2}, 134);
    THEN("A[2]: the writer and the lowest reader") {
      checkPair(races(), RaceAccess{2, true, {a, 2}, 132}, RaceAccess{0, false, {a, 2}, 134});
    }
  }
  GIVEN("three writers of B[1]") {
    logWrite(logs[2], {b, 1}, 1, 140);
    logWrite(logs[1], {b, 1}, 1, 141);
    logWrite(logs[0], {b, 1}, 1, 142);
    THEN("the two lowest writers") {
      checkPair(races(), RaceAccess{0, true, {b, 1}, 142}, RaceAccess{1, true, {b, 1}, 141});
    }
  }
  GIVEN("disjoint writes and reads of unwritten cells") {
    logWrite(logs[0], {a, 0}, 1, 150);
    logWrite(logs[1], {a, 1}, 1, 151);
    logWrite(logs[2], {b, 0}, 1, 152);
    logRead(logs[0], {a, 2}, 153);
    logRead(logs[1], {b, 3}, 154);
    logRead(logs[2], {b, 0}, 155);
    THEN("no race") { CHECK(!races()); }
  }
}

SCENARIO("merge(Σ) applies every write log; unwritten cells keep base", "[semantics][G-SYNC][merge]") {
  GIVEN("bounded arrays") {
    auto sim = start(
        "threads: 3;\ngroup: 0;\n"
        "shared A[4] = {1, 2, 3, 4};\n"
        "shared B[2] = {5, 6};\n"
        "main: {\n"
        "  barrier;\n"
        "}\n");
    const auto a = sim->arrayId("A");
    logWrite(sim->s.logs[0], {a, 0}, 9, 1);
    logWrite(sim->s.logs[2], {a, 3}, 7, 2);
    logRead(sim->s.logs[1], {a, 1}, 3);
    sim->m->merge(sim->s);
    CHECK(sim->array("A") == W{9, 2, 3, 7});
    CHECK(sim->array("B") == W{5, 6});
  }
  GIVEN("the unbounded default memory") {
    auto sim = start("threads: 2;\ngroup: 0;\nmain: {\n  barrier;\n}\n", {}, std::nullopt, 4);
    logWrite(sim->s.logs[1], {0, 1000}, 3, 1);
    logWrite(sim->s.logs[0], {0, -5}, 8, 1);
    sim->m->merge(sim->s);
    CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{-5, 8}, {1000, 3}});
    CHECK(sim->s.base.load(sim->ir(), {0, 7}) == 4);
  }
}

SCENARIO("logRead / logWrite keep R and W as sorted sets, first statement kept", "[semantics][T-WR][T-RD]") {
  sdvmc::sem::ThreadLog log;
  logWrite(log, {0, 5}, 1, 10);
  logWrite(log, {0, 2}, 2, 11);
  logWrite(log, {0, 5}, 3, 12);
  REQUIRE(log.writes.size() == 2);
  CHECK(log.writes[0].addr == Address{0, 2});
  CHECK(log.writes[1].addr == Address{0, 5});
  CHECK(log.writes[1].value == 3);
  CHECK(log.writes[1].at == 10);
  logRead(log, {1, 0}, 20);
  logRead(log, {0, 9}, 21);
  logRead(log, {1, 0}, 22);
  REQUIRE(log.reads.size() == 2);
  CHECK(log.reads[0].addr == Address{0, 9});
  CHECK(log.reads[1].addr == Address{1, 0});
  CHECK(log.reads[1].at == 20);
}
