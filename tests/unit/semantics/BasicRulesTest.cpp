// G-BASIC with the thread rules T-ASSIGN, T-RD, T-WR and T-DISABLED
// (../shared/sdv-semantics.md): each thread's local store, shadow copy and R/W sets change
// exactly as the rule says, and disabled threads do not change at all.
#include "Helpers.h"

using namespace semtest;
using sdvmc::sem::Address;
using sdvmc::sem::NodeId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Slot;
using sdvmc::sem::shadowLoad;
using sdvmc::sem::Word;
using W = std::vector<Word>;
using A = std::vector<Address>;

SCENARIO("G-BASIC with T-ASSIGN and T-DISABLED: enabled threads assign e, the others are unchanged",
         "[semantics][G-BASIC][T-ASSIGN][T-DISABLED]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  x := 5;\n"
      "  if (lid != 1) {\n"
      "    x := lid * 10 + x + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("x = 5 everywhere, an assignment that thread 1 reaches disabled") {
    auto sim = start(src);
    const uint32_t al = sim->line("x := lid * 10 + x + 1;");
    const Slot x = targetSlot(sim->ir(), al);
    stepUntil(*sim, NodeKind::Assign, al);
    REQUIRE(sim->column(x) == W{5, 5, 5});
    const auto before = sim->s;
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("G-BASIC: x = e^σ in threads 0 and 2, thread 1 unchanged, ss popped, R/W untouched") {
        CHECK(sim->m->lastRule() == Rule::GBasic);
        CHECK(sim->column(x) == W{6, 5, 26});
        CHECK(sim->s.ss.size() == before.ss.size() - 1);
        CHECK(std::equal(sim->s.ss.begin(), sim->s.ss.end(), before.ss.begin()));
        for (uint32_t t = 0; t < 3; ++t) {
          CHECK(sim->s.logs[t].reads.empty());
          CHECK(sim->s.logs[t].writes.empty());
        }
      }
    }
  }
}

SCENARIO("T-ASSIGN changes only the assigned location", "[semantics][T-ASSIGN]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local x, y;\n"
      "  y := 7;\n"
      "  x := y + lid;\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src);
  const uint32_t al = sim->line("x := y + lid;");
  stepUntil(*sim, NodeKind::Assign, al);
  auto before = sim->s.locals;
  REQUIRE(!sim->step());
  const Slot x = targetSlot(sim->ir(), al);
  for (Slot v = 0; v < sim->ir().slotCount; ++v)
    for (uint32_t t = 0; t < 2; ++t)
      if (v == x)
        CHECK(sim->local(v, t) == 7 + static_cast<Word>(t));
      else
        CHECK(sim->local(v, t) == before[v * 2 + t]);
}

SCENARIO("T-RD reads the thread's own shadow copy and adds the address to R",
         "[semantics][G-BASIC][T-RD]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "shared A[4] = {10, 11, 12, 13};\n"
      "main: {\n"
      "  local v, w;\n"
      "  wr(A, lid, 20 + lid);\n"
      "  v := rd(A, lid);\n"
      "  w := rd(A, 1 - lid);\n"
      "  barrier;\n"
      "}\n";
  GIVEN("each thread wrote A[lid] := 20 + lid since the last barrier") {
    auto sim = start(src);
    const auto id = sim->arrayId("A");
    const uint32_t l1 = sim->line("v := rd(A, lid);");
    const uint32_t l2 = sim->line("w := rd(A, 1 - lid);");
    const Slot v = targetSlot(sim->ir(), l1);
    const Slot w = targetSlot(sim->ir(), l2);
    stepUntil(*sim, NodeKind::Read, l1);
    const auto writesBefore = sim->s.logs;
    WHEN("a thread reads its own write") {
      REQUIRE(!sim->step());
      THEN("it sees it (its shadow), and R = {lid}") {
        CHECK(sim->m->lastRule() == Rule::GBasic);
        CHECK(sim->column(v) == W{20, 21});
        CHECK(addrs(sim->s.logs[0].reads) == A{{id, 0}});
        CHECK(addrs(sim->s.logs[1].reads) == A{{id, 1}});
        CHECK(sim->s.logs[0].reads[0].at == findNode(sim->ir(), NodeKind::Read, l1));
        CHECK(sameLog(sim->s.logs[0].writes, writesBefore[0].writes));
        CHECK(sameLog(sim->s.logs[1].writes, writesBefore[1].writes));
      }
      AND_WHEN("a thread reads the other's written address") {
        stepUntil(*sim, NodeKind::Read, l2);
        REQUIRE(!sim->step());
        CHECK(sim->m->lastRule() == Rule::GBasic);
        THEN("it sees the value of the last barrier, not the other's write; R grows") {
          CHECK(sim->column(w) == W{11, 10});
          CHECK(addrs(sim->s.logs[0].reads) == A{{id, 0}, {id, 1}});
          CHECK(addrs(sim->s.logs[1].reads) == A{{id, 0}, {id, 1}});
          CHECK(sim->array("A") == W{10, 11, 12, 13});
        }
      }
    }
  }
}

SCENARIO("T-RD on the default memory and with a disabled thread", "[semantics][T-RD][T-DISABLED]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local v;\n"
      "  v := 1;\n"
      "  if (lid != 2) {\n"
      "    v := rd(lid + 1000);\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src, {}, std::nullopt, 42);
  sim->s.base.cells(0)[1001] = 8;
  const uint32_t rl = sim->line("v := rd(lid + 1000);");
  stepUntil(*sim, NodeKind::Read, rl);
  REQUIRE(!sim->step());
  const Slot v = targetSlot(sim->ir(), rl);
  CHECK(sim->column(v) == W{42, 8, 1});
  CHECK(addrs(sim->s.logs[0].reads) == A{{0, 1000}});
  CHECK(addrs(sim->s.logs[1].reads) == A{{0, 1001}});
  CHECK(sim->s.logs[2].reads.empty());
}

SCENARIO("T-WR writes only the writer's shadow and adds the address to W",
         "[semantics][G-BASIC][T-WR][T-DISABLED]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "shared A[8] = {10, 11, 12, 13, 14, 15, 16, 17};\n"
      "main: {\n"
      "  if (lid != 1) {\n"
      "    wr(A, lid * 2, lid + 5);\n"
      "    wr(A, lid * 2, lid + 50);\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a write that thread 1 reaches disabled") {
    auto sim = start(src);
    const auto id = sim->arrayId("A");
    const uint32_t wl = sim->line("wr(A, lid * 2, lid + 5);");
    stepUntil(*sim, NodeKind::Write, wl);
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("W = {2·lid} for threads 0 and 2 with the value in their shadow; thread 1 unchanged") {
        CHECK(sim->m->lastRule() == Rule::GBasic);
        CHECK(addrs(sim->s.logs[0].writes) == A{{id, 0}});
        CHECK(sim->s.logs[0].writes[0].value == 5);
        CHECK(addrs(sim->s.logs[2].writes) == A{{id, 4}});
        CHECK(sim->s.logs[2].writes[0].value == 7);
        CHECK(sim->s.logs[1].writes.empty());
        for (uint32_t t = 0; t < 3; ++t) CHECK(sim->s.logs[t].reads.empty());
        CHECK(shadowLoad(sim->ir(), sim->s, 0, {id, 0}) == 5);
        CHECK(shadowLoad(sim->ir(), sim->s, 2, {id, 4}) == 7);
        // No other thread sees the write before a barrier; base is untouched.
        CHECK(shadowLoad(sim->ir(), sim->s, 1, {id, 0}) == 10);
        CHECK(shadowLoad(sim->ir(), sim->s, 2, {id, 0}) == 10);
        CHECK(shadowLoad(sim->ir(), sim->s, 0, {id, 4}) == 14);
        CHECK(sim->array("A") == W{10, 11, 12, 13, 14, 15, 16, 17});
      }
      AND_WHEN("the same address is written again") {
        stepUntil(*sim, NodeKind::Write, sim->line("wr(A, lid * 2, lid + 50);"));
        REQUIRE(!sim->step());
        THEN("W is unchanged as a set and the shadow holds the new value") {
          CHECK(addrs(sim->s.logs[0].writes) == A{{id, 0}});
          CHECK(shadowLoad(sim->ir(), sim->s, 0, {id, 0}) == 50);
          CHECK(shadowLoad(sim->ir(), sim->s, 2, {id, 4}) == 52);
        }
      }
    }
  }
}

SCENARIO("skip changes nothing", "[semantics][G-BASIC]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  x := lid + 3;\n"
      "  wr(lid, x);\n"
      "  skip;\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src);
  stepUntil(*sim, NodeKind::Skip, sim->line("skip;"));
  auto before = sim->s;
  REQUIRE(!sim->step());
  CHECK(sim->m->lastRule() == Rule::GBasic);
  before.ss.pop_back();
  CHECK(sameState(before, sim->s));
}
