// Whole runs of the SDV machine: determinism, the canonical form of states (slot reuse,
// ../shared/sdv-semantics.md "Fresh locations"), the step limit, and the barrier-divergence
// litmus kernel of paper figure 4 (kpl-language.md).
#include "Helpers.h"

#include "semantics/models/SdvModel.h"
#include "semantics/models/StateCodec.h"

using namespace semtest;
using sdvmc::sem::NodeId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Slot;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;
using U = std::vector<uint32_t>;

namespace {

const std::string kFigure4 =
    "threads: 4;\n"
    "group: 0;\n"
    "shared A[8] = {0, 1, 2, 3, 0, 0, 0, 0};   // A[0][*] = 0..3, A[1][*] = 0\n"
    "main: {\n"
    "  local buf, x, y, i, j, t;\n"
    "  x := lid == 0 ? 4 : 1;\n"
    "  y := lid == 0 ? 1 : 4;\n"
    "  buf := 0; i := 0;\n"
    "  while (i < x) {\n"
    "    j := 0;\n"
    "    while (j < y) {\n"
    "      barrier; // inner\n"
    "      t := rd(A, buf * 4 + (lid + 1) % 4);\n"
    "      wr(A, (1 - buf) * 4 + lid, t);\n"
    "      buf := 1 - buf;\n"
    "      j := j + 1;\n"
    "    }\n"
    "    i := i + 1;\n"
    "  }\n"
    "  barrier; // last\n"
    "}\n";

}  // namespace

SCENARIO("two runs of the same kernel give identical states at every step", "[semantics][determinism]") {
  const std::string src =
      "threads: 4;\ngroup: 2;\n"
      "shared A[8] = {1, 2, 3, 4, *, *, *, *};\n"
      "procedure f(a) {\n"
      "  local k, v;\n"
      "  while (k < a) {\n"
      "    k := k + 1;\n"
      "    if (k == 2) {\n"
      "      continue;\n"
      "    }\n"
      "    v := rd(A, (lid + k) % 4);\n"
      "    wr(A, 4 + lid, v + gid);\n"
      "    barrier;\n"
      "  }\n"
      "}\n"
      "main: {\n"
      "  local n;\n"
      "  n := 3;\n"
      "  f(n);\n"
      "  if (lid % 2 == 0) {\n"
      "    local q;\n"
      "    q := rd(A, 4 + lid);\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  auto a = start(src, {}, std::nullopt, 9);
  auto b = start(src, {}, std::nullopt, 9);
  uint64_t steps = 0;
  while (!a->s.done()) {
    REQUIRE(!b->s.done());
    auto va = a->step();
    auto vb = b->step();
    REQUIRE(!va);
    REQUIRE(!vb);
    REQUIRE(a->m->lastRule() == b->m->lastRule());
    REQUIRE(sameState(a->s, b->s));
    ++steps;
  }
  CHECK(b->s.done());
  CHECK(steps > 0);
  // Iterations k = 1 and k = 3 write A[4 + lid] = A[(lid + k) % 4] + gid (k = 2 continues,
  // its barrier is a G-NO-OP); the k = 3 write replaces the k = 1 write after G-SYNC.
  CHECK(a->array("A") == W{1, 2, 3, 4, 4 + 2, 1 + 2, 2 + 2, 3 + 2});
}

SCENARIO("after a loop finishes, a later local reusing its slots starts at 0",
         "[semantics][G-VAR][canonical]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  {\n"
      "    local i;\n"
      "    while (true) {\n"
      "      i := i + 1;\n"
      "      if (i == 3) {\n"
      "        break;\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "  {\n"
      "    local p, q, r, s, u;\n"
      "    wr(lid * 8 + 0, p);\n"
      "    wr(lid * 8 + 1, q);\n"
      "    wr(lid * 8 + 2, r);\n"
      "    wr(lid * 8 + 3, s);\n"
      "    wr(lid * 8 + 4, u);\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("the loop has left i = 3, break = 1, guard = 1 and the if flag = 1 in its slots") {
    auto sim = start(src, {}, std::nullopt, 99);
    const auto& ir = sim->ir();
    const NodeId w = findNode(ir, NodeKind::While, sim->line("while (true)"));
    const NodeId f = findNode(ir, NodeKind::If, sim->line("if (i == 3)"));
    const Slot i = declSlot(ir, sim->line("local i;"));
    const Slot p = declSlot(ir, sim->line("local p, q, r, s, u;"));
    // Stack discipline: the second scope starts where the first did and covers the
    // loop's break, guard and continue flags and the if's flag.
    REQUIRE(p == i);
    REQUIRE(ir.nodes[w].slot0 == i + 1);
    REQUIRE(ir.nodes[w].slot1 == i + 2);
    REQUIRE(ir.nodes[w].slot2 == i + 3);
    REQUIRE(ir.nodes[f].slot0 == i + 4);
    stepUntil(*sim, NodeKind::Var, sim->line("local p, q, r, s, u;"));
    REQUIRE(sim->column(i) == W{3, 3});
    REQUIRE(sim->column(i + 1) == W{1, 1});
    REQUIRE(sim->column(i + 2) == W{1, 1});
    REQUIRE(sim->column(i + 4) == W{1, 1});
    WHEN("the later scope opens and runs") {
      REQUIRE(!sim->step());
      THEN("every reused slot is 0") {
        for (Slot v = p; v < p + 5; ++v) CHECK(sim->column(v) == W{0, 0});
      }
      AND_THEN("the writes store 0") {
        REQUIRE(sim->run().kind == VerdictKind::Ok);
        sdvmc::sem::Memory::Cells expect;
        for (Word t = 0; t < 2; ++t)
          for (Word k = 0; k < 5; ++k) expect[t * 8 + k] = 0;
        CHECK(sim->s.base.cells(0) == expect);
      }
    }
  }
}

SCENARIO("states that agree on live locations, ss, shadows and R/W have one representation",
         "[semantics][canonical]") {
  // The "fresh locations" implementation note: a dead location (here the if's flag, whose
  // scope closed) must not tell two states apart. With A[0] = 3 the flag ends 0, with
  // A[0] = 8 it ends 1; every live location, ss, shadow and R/W set is the same.
  const std::string src =
      "threads: 1;\ngroup: 0;\n"
      "shared A[1];\n"
      "main: {\n"
      "  local x;\n"
      "  x := rd(A, 0);\n"
      "  wr(A, 0, 0);\n"
      "  if (x > 5) {\n"
      "    x := 0;\n"
      "  } else {\n"
      "    x := 0;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  auto a = start(src, {{"A", {3}}});
  auto b = start(src, {{"A", {8}}});
  REQUIRE(a->run().kind == VerdictKind::Ok);
  REQUIRE(b->run().kind == VerdictKind::Ok);
  CHECK(a->array("A") == W{0});
  CHECK(b->array("A") == W{0});
  CHECK(a->s.ss == b->s.ss);
  CHECK(a->s.base.bounded == b->s.base.bounded);
  // The representation states are identified by is their canonical encoding
  // (semantics/models/StateCodec.h): it holds the live locations only. The in-memory slot of the
  // dead flag still holds its last value (0 after A[0] = 3, 1 after A[0] = 8); it is
  // reset when a scope takes the slot again, and never encoded.
  sdvmc::sem::SdvModel model(a->ir(), sdvmc::sem::Bounds{});
  sdvmc::sem::StateBytes ea, eb;
  model.encode(a->s, ea);
  model.encode(b->s, eb);
  CHECK(ea == eb);
  CHECK(sdvmc::sem::liveSlots(a->ir(), a->s.ss) == 0);
}

SCENARIO("run stops after maxSteps rule applications with Inconclusive", "[semantics][run]") {
  auto sim = start("threads: 2;\ngroup: 0;\nmain: {\n  while (true) {\n    skip;\n  }\n  barrier;\n}\n");
  Verdict v = sim->run(1000);
  CHECK(v.kind == VerdictKind::Inconclusive);
  CHECK(sim->m->steps() == 1000);
  CHECK(!sim->s.done());
}

SCENARIO("the figure-4 litmus kernel diverges at the inner barrier on the inner loop's second iteration",
         "[semantics][G-DIVERGENCE][figure4]") {
  GIVEN("the kernel of kpl-language.md") {
    WHEN("it runs") {
      auto sim = start(kFigure4);
      Verdict v = sim->run();
      THEN("divergence at the inner barrier: thread 0 disabled, 1-3 enabled") {
        CHECK(v.kind == VerdictKind::Divergence);
        CHECK(v.rule == Rule::GDivergence);
        CHECK(v.at == findNode(sim->ir(), NodeKind::Barrier, sim->line("// inner")));
        CHECK(v.loc.line == sim->line("// inner"));
        CHECK(v.loc.col == colOf(kFigure4, "// inner", "barrier"));
        CHECK(v.threads == U{1, 0});
        CHECK(v.enabled == U{1, 2, 3});
        CHECK(v.disabled == U{0});
      }
    }
    WHEN("it is stepped") {
      auto sim = start(kFigure4);
      const auto& ir = sim->ir();
      const NodeId outer = findNode(ir, NodeKind::While, sim->line("while (i < x)"));
      const NodeId inner = findNode(ir, NodeKind::While, sim->line("while (j < y)"));
      const NodeId bar = findNode(ir, NodeKind::Barrier, sim->line("// inner"));
      std::vector<std::pair<NodeId, Rule>> applied;
      std::optional<Verdict> v;
      while (!v && !sim->s.done()) {
        const NodeId at = sim->top().node;
        v = sim->step();
        if (at == outer || at == inner || at == bar) applied.emplace_back(at, sim->m->lastRule());
      }
      THEN("outer G-OPEN, G-ITER; inner G-OPEN, G-ITER, barrier G-SYNC, inner G-ITER, barrier G-DIVERGENCE") {
        REQUIRE(v);
        CHECK(v->kind == VerdictKind::Divergence);
        const std::vector<std::pair<NodeId, Rule>> expect = {
            {outer, Rule::GOpen}, {outer, Rule::GIter},
            {inner, Rule::GOpen}, {inner, Rule::GIter}, {bar, Rule::GSync},
            {inner, Rule::GIter}, {bar, Rule::GDivergence},
        };
        CHECK(applied == expect);
        // After the first inner iteration: thread i copied A[(i + 1) % 4] into A[4 + i].
        CHECK(sim->array("A") == W{0, 1, 2, 3, 0, 0, 0, 0});
        const Slot t = declSlot(ir, sim->line("local buf, x, y, i, j, t;"), 5);
        CHECK(sim->column(t) == W{1, 2, 3, 0});
        CHECK(sim->s.logs[1].writes.size() == 1);
        CHECK(sim->s.logs[1].writes[0].value == 2);
      }
    }
  }
}
