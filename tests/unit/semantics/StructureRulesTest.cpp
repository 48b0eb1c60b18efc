// The structural group rules of ../shared/sdv-semantics.md: G-SEQ, G-VAR, G-IF, G-OPEN,
// G-ITER, G-DONE and G-CALL, each checked by standing right before the rule, applying
// `step`, and comparing the new (Σ, ss) with the rule's conclusion. Expected values are
// derived by hand from the rules.
#include "Helpers.h"

using namespace semtest;
using sdvmc::sem::Item;
using sdvmc::sem::Lit;
using sdvmc::sem::NodeId;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Origin;
using sdvmc::sem::Rule;
using sdvmc::sem::Slot;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;

// ---- G-SEQ -------------------------------------------------------------------------------

SCENARIO("G-SEQ pushes S1 on top of the rest of the sequence, Σ unchanged", "[semantics][G-SEQ]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  x := 1;\n"
      "  x := x + 1;\n"
      "  x := x * 5;\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a sequence S1; S2; … on top of ss") {
    auto sim = start(src);
    const uint32_t mainLine = sim->line("main: {");
    stepUntil(*sim, NodeKind::Seq, mainLine);
    const NodeId seq = sim->top().node;
    REQUIRE(sim->top().aux == 0);
    const auto before = sim->s;
    WHEN("step applies G-SEQ") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GSeq);
      THEN("ss grows by one: (S1, p) on top, then (S2; …, p), and Σ is unchanged") {
        REQUIRE(sim->s.ss.size() == before.ss.size() + 1);
        CHECK(sim->topNode().kind == NodeKind::Assign);
        CHECK(sim->topNode().loc.line == sim->line("x := 1;"));
        CHECK(sim->topNode().pred == sim->ir().nodes[seq].pred);
        const Item below = sim->s.ss[sim->s.ss.size() - 2];
        CHECK(below.node == seq);
        CHECK(below.aux == 1);
        CHECK(sim->ir().nodes[sim->ir().nodes[seq].children[1]].loc.line == sim->line("x := x + 1;"));
        CHECK(std::equal(before.ss.begin(), before.ss.end() - 1, sim->s.ss.begin()));
        CHECK(sim->s.locals == before.locals);
      }
      THEN("the rest of the sequence runs in order") {
        const Slot x = declSlot(sim->ir(), sim->line("local x;"));
        stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
        CHECK(sim->column(x) == W{10, 10});
      }
    }
  }
}

SCENARIO("G-SEQ on the last two statements leaves S2 itself below S1",
         "[semantics][G-SEQ]") {
  // (S1; S2, p) →g (S1, p)@(S2, p): when S2 is a single statement, the item below S1 is
  // (S2, p), not a one-statement sequence that would need another (non-rule) step.
  const std::string src =
      "threads: 1;\ngroup: 0;\n"
      "main: {\n"
      "  skip;\n"
      "  barrier;\n"
      "}\n";
  GIVEN("the sequence skip; barrier on top of ss") {
    auto sim = start(src);
    REQUIRE(sim->topNode().kind == NodeKind::Seq);
    WHEN("step applies G-SEQ") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GSeq);
      THEN("ss = (skip, p)@(barrier, p)") {
        REQUIRE(sim->s.ss.size() == 2);
        CHECK(sim->topNode().kind == NodeKind::Skip);
        CHECK(sim->ir().nodes[sim->s.ss[0].node].kind == NodeKind::Barrier);
      }
    }
  }
}

// ---- G-VAR -------------------------------------------------------------------------------

SCENARIO("G-VAR gives a fresh location: 0 in every thread, whatever the slot held",
         "[semantics][G-VAR]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  {\n"
      "    local a;\n"
      "    a := lid + 7;\n"
      "  }\n"
      "  {\n"
      "    local b;\n"
      "    wr(4 + lid, b);\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a sibling scope whose slot held lid + 7") {
    auto sim = start(src, {}, std::nullopt, 99);
    const Slot a = declSlot(sim->ir(), sim->line("local a;"));
    const Slot b = declSlot(sim->ir(), sim->line("local b;"));
    REQUIRE(a == b);  // stack discipline: the closed scope's slot is reused
    stepUntil(*sim, NodeKind::Var, sim->line("local b;"));
    REQUIRE(sim->column(b) == W{7, 8, 9});
    const size_t depth = sim->s.ss.size();
    WHEN("step applies G-VAR") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GVar);
      THEN("the declared location reads 0 in every thread and S[x ↦ v] is on top") {
        CHECK(sim->column(b) == W{0, 0, 0});
        CHECK(sim->s.ss.size() == depth);
        CHECK(sim->topNode().loc.line == sim->line("wr(4 + lid, b);"));
        AND_THEN("the body writes that 0") {
          REQUIRE(sim->run().kind == VerdictKind::Ok);
          CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{4, 0}, {5, 0}, {6, 0}});
        }
      }
    }
  }
}

SCENARIO("G-VAR resets the location even in threads whose predicate is false",
         "[semantics][G-VAR]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  {\n"
      "    local a, c;\n"
      "    a := 5;\n"
      "    c := 6;\n"
      "  }\n"
      "  if (lid == 0) {\n"
      "    local z;\n"
      "    z := z + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a local in a then-branch only thread 0 runs, its slot holding 6 before") {
    auto sim = start(src);
    const Slot z = declSlot(sim->ir(), sim->line("local z;"));
    REQUIRE(z == declSlot(sim->ir(), sim->line("local a, c;"), 1));
    stepUntil(*sim, NodeKind::Var, sim->line("local z;"));
    REQUIRE(sim->column(z) == W{6, 6});
    WHEN("step applies G-VAR") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GVar);
      THEN("z is 0 in both threads, the disabled one included") {
        CHECK(sim->column(z) == W{0, 0});
        AND_THEN("only thread 0 increments it") {
          stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
          CHECK(sim->column(z) == W{1, 0});
        }
      }
    }
  }
}

SCENARIO("a local declared in a loop body is 0 again on each iteration", "[semantics][G-VAR]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local i;\n"
      "  while (i < 3) {\n"
      "    local t;\n"
      "    wr(lid * 4 + i, t);\n"
      "    t := i + 10;\n"
      "    i := i + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("the loop at the start of its second iteration") {
    auto sim = start(src, {}, std::nullopt, 99);
    const Slot t = declSlot(sim->ir(), sim->line("local t;"));
    stepUntil(*sim, NodeKind::Var, sim->line("local t;"), std::nullopt, 1);
    REQUIRE(sim->column(t) == W{10, 10});  // t := 0 + 10 in the first iteration
    WHEN("step applies G-VAR") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GVar);
      THEN("t is 0 again") { CHECK(sim->column(t) == W{0, 0}); }
    }
    WHEN("the kernel runs to the end") {
      REQUIRE(sim->run().kind == VerdictKind::Ok);
      THEN("every iteration wrote 0") {
        CHECK(sim->s.base.cells(0) ==
              sdvmc::sem::Memory::Cells{{0, 0}, {1, 0}, {2, 0}, {4, 0}, {5, 0}, {6, 0}});
      }
    }
  }
}

// ---- G-IF --------------------------------------------------------------------------------

SCENARIO("G-IF pushes (v := e, p)@(S1, p ∧ v)@(S2, p ∧ ¬v) with v fresh", "[semantics][G-IF]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  x := 3;\n"
      "  {\n"
      "    local junk;\n"
      "    junk := 9;\n"
      "  }\n"
      "  if (lid == 1) {\n"
      "    x := 10;\n"
      "  } else {\n"
      "    x := 20;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("an if whose flag slot held 9 (a closed scope's local)") {
    auto sim = start(src);
    const uint32_t ifLine = sim->line("if (lid == 1)");
    const NodeId ifId = findNode(sim->ir(), NodeKind::If, ifLine);
    const auto& node = sim->ir().nodes[ifId];
    const Slot v = node.slot0;
    const Slot x = declSlot(sim->ir(), sim->line("local x;"));
    REQUIRE(v == declSlot(sim->ir(), sim->line("local junk;")));
    stepUntil(*sim, NodeKind::If, ifLine);
    REQUIRE(sim->column(v) == W{9, 9, 9});
    const auto before = sim->s;
    WHEN("step applies G-IF") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GIf);
      THEN("three items are pushed in order and v is 0 in every thread") {
        const auto& ss = sim->s.ss;
        REQUIRE(ss.size() == before.ss.size() + 2);
        const auto& flag = sim->ir().nodes[ss[ss.size() - 1].node];
        const auto& thenS = sim->ir().nodes[ss[ss.size() - 2].node];
        const auto& elseS = sim->ir().nodes[ss[ss.size() - 3].node];
        CHECK(flag.kind == NodeKind::Assign);
        CHECK(flag.origin == Origin::IfFlag);
        CHECK(flag.slot0 == v);
        CHECK(lits(sim->ir(), flag.pred) == lits(sim->ir(), node.pred));
        CHECK(thenS.loc.line == sim->line("x := 10;"));
        CHECK(lits(sim->ir(), thenS.pred) == with(sim->ir(), node.pred, {Lit{v, false}}));
        CHECK(elseS.loc.line == sim->line("x := 20;"));
        CHECK(lits(sim->ir(), elseS.pred) == with(sim->ir(), node.pred, {Lit{v, true}}));
        CHECK(std::equal(before.ss.begin(), before.ss.end() - 1, ss.begin()));
        CHECK(sim->column(v) == W{0, 0, 0});
        CHECK(sim->column(x) == W{3, 3, 3});
      }
      AND_WHEN("the flag assignment runs") {
        REQUIRE(!sim->step());
        THEN("v = e per thread") { CHECK(sim->column(v) == W{0, 1, 0}); }
        AND_WHEN("the then-branch runs") {
          REQUIRE(!sim->step());
          THEN("only thread 1 (condition true) is affected") { CHECK(sim->column(x) == W{3, 10, 3}); }
          AND_WHEN("the else-branch runs") {
            REQUIRE(!sim->step());
            THEN("only threads 0 and 2 (condition false) are affected") {
              CHECK(sim->column(x) == W{20, 10, 20});
            }
          }
        }
      }
    }
  }
}

SCENARIO("G-IF: the flag is a copy of e, so the then-branch changing e does not run the else-branch",
         "[semantics][G-IF]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local c, y;\n"
      "  c := lid;\n"
      "  if (c == 0) {\n"
      "    c := 1;\n"
      "  } else {\n"
      "    y := 5;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("thread 0 takes the then-branch, which makes the condition false") {
    auto sim = start(src);
    WHEN("the if runs") {
      stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
      THEN("thread 0 does not also run the else-branch") {
        const Slot y = declSlot(sim->ir(), sim->line("local c, y;"), 1);
        CHECK(sim->column(y) == W{0, 5});
      }
    }
  }
}

// ---- G-OPEN ------------------------------------------------------------------------------

SCENARIO("G-OPEN opens the loop with a fresh break flag and p ∧ ¬v", "[semantics][G-OPEN]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local i;\n"
      "  {\n"
      "    local j1, j2, j3;\n"
      "    j1 := 5;\n"
      "    j2 := 6;\n"
      "    j3 := 7;\n"
      "  }\n"
      "  while (i < 2) {\n"
      "    i := i + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a while on top of ss whose flag slots held 5, 6, 7") {
    auto sim = start(src);
    const uint32_t wl = sim->line("while (i < 2)");
    const NodeId w = findNode(sim->ir(), NodeKind::While, wl);
    const auto& node = sim->ir().nodes[w];
    REQUIRE(node.slot0 == declSlot(sim->ir(), sim->line("local j1, j2, j3;")));
    stepUntil(*sim, NodeKind::While, wl, 0u);
    REQUIRE(sim->column(node.slot0) == W{5, 5});
    const size_t depth = sim->s.ss.size();
    WHEN("step applies G-OPEN") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GOpen);
      THEN("the item becomes while̲ (aux 1) with predicate p ∧ ¬v, v = 0 everywhere") {
        CHECK(sim->s.ss.size() == depth);
        CHECK(sim->top().node == w);
        CHECK(sim->top().aux == 1);
        CHECK(sim->column(node.slot0) == W{0, 0});
        CHECK(lits(sim->ir(), node.predOpen) == with(sim->ir(), node.pred, {Lit{node.slot0, true}}));
      }
    }
  }
}

// ---- G-ITER / G-DONE ---------------------------------------------------------------------

namespace {
/// Steps to the end (no verdict allowed), counting the rules applied to node `id`.
std::map<Rule, int> countRulesAt(Sim& sim, NodeId id, int guardSteps = 100000) {
  std::map<Rule, int> counts;
  while (!sim.s.done() && guardSteps-- > 0) {
    const NodeId at = sim.top().node;
    auto v = sim.step();
    INFO((v ? v->message : ""));
    REQUIRE(!v);
    if (at == id) ++counts[sim.m->lastRule()];
  }
  return counts;
}
}  // namespace

SCENARIO("G-ITER pushes (u := e, p)@(celim(S, v), p ∧ u ∧ ¬v)@(while̲ e S, p) with u, v fresh",
         "[semantics][G-ITER]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local i, n;\n"
      "  n := lid;\n"
      "  while (i < n) {\n"
      "    i := i + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src);
  const uint32_t wl = sim->line("while (i < n)");
  const NodeId w = findNode(sim->ir(), NodeKind::While, wl);
  const auto& node = sim->ir().nodes[w];
  const Slot i = declSlot(sim->ir(), sim->line("local i, n;"));
  GIVEN("the opened loop, threads with trip counts 0, 1, 2, at its second test") {
    // First iteration: u := (i < n) = {0, 1, 1}; i = {0, 1, 1}.
    stepUntil(*sim, NodeKind::While, wl, 1u, 1);
    REQUIRE(sim->column(i) == W{0, 1, 1});
    REQUIRE(sim->column(node.slot1) == W{0, 1, 1});
    const auto before = sim->s;
    WHEN("step: (p ∧ e) holds for thread 2 only") {
      REQUIRE(!sim->step());
      THEN("G-ITER applies: three items, u and v fresh") {
        REQUIRE(sim->m->lastRule() == Rule::GIter);
        const auto& ss = sim->s.ss;
        REQUIRE(ss.size() == before.ss.size() + 2);
        const auto& guard = sim->ir().nodes[ss.back().node];
        CHECK(ss.back().node == node.children[0]);
        CHECK(guard.origin == Origin::LoopGuard);
        CHECK(guard.slot0 == node.slot1);
        CHECK(lits(sim->ir(), guard.pred) == lits(sim->ir(), node.predOpen));
        CHECK(ss[ss.size() - 2].node == node.children[1]);
        CHECK(lits(sim->ir(), sim->ir().nodes[node.children[1]].pred) ==
              with(sim->ir(), node.predOpen, {Lit{node.slot1, false}, Lit{node.slot2, true}}));
        CHECK(ss[ss.size() - 3] == Item{w, 1});
        CHECK(sim->column(node.slot1) == W{0, 0, 0});
        CHECK(sim->column(node.slot2) == W{0, 0, 0});
        CHECK(sim->column(i) == W{0, 1, 1});
      }
      AND_WHEN("the iteration runs") {
        stepUntil(*sim, NodeKind::While, wl, 1u);
        THEN("u = e per thread, and only thread 2 (u true) ran the body") {
          CHECK(sim->column(node.slot1) == W{0, 0, 1});
          CHECK(sim->column(i) == W{0, 1, 2});
        }
      }
    }
  }
  GIVEN("the whole loop") {
    WHEN("it runs") {
      auto counts = countRulesAt(*sim, w);
      THEN("it iterates while any thread's guard holds: G-OPEN, 2 × G-ITER, G-DONE") {
        CHECK(counts == std::map<Rule, int>{{Rule::GOpen, 1}, {Rule::GIter, 2}, {Rule::GDone, 1}});
        CHECK(sim->column(i) == W{0, 1, 2});
      }
    }
  }
}

SCENARIO("G-DONE pops the loop when no thread's p ∧ e holds", "[semantics][G-DONE]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "main: {\n"
      "  local i, n;\n"
      "  n := lid;\n"
      "  while (i < n) {\n"
      "    i := i + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("the opened loop after its last iteration (i = n in every thread)") {
    auto sim = start(src);
    const uint32_t wl = sim->line("while (i < n)");
    stepUntil(*sim, NodeKind::While, wl, 1u, 2);
    const auto before = sim->s;
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("G-DONE: ss loses the loop, Σ unchanged") {
        CHECK(sim->m->lastRule() == Rule::GDone);
        CHECK(sim->s.ss.size() == before.ss.size() - 1);
        CHECK(std::equal(sim->s.ss.begin(), sim->s.ss.end(), before.ss.begin()));
        CHECK(sim->s.locals == before.locals);
      }
    }
  }
}

SCENARIO("G-DONE when e holds only in threads whose p is false", "[semantics][G-DONE]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local k;\n"
      "  if (lid == 0) {\n"
      "    while (lid == 1) {\n"
      "      k := 1;\n"
      "    }\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a loop inside a branch only thread 0 takes, whose guard only thread 1 satisfies") {
    auto sim = start(src);
    const uint32_t wl = sim->line("while (lid == 1)");
    stepUntil(*sim, NodeKind::While, wl, 1u);
    WHEN("step") {
      REQUIRE(!sim->step());
      THEN("G-DONE: ¬(p ∧ e) in both threads") { CHECK(sim->m->lastRule() == Rule::GDone); }
    }
  }
}

SCENARIO("break disables a thread for the rest of the loop; the loop ends when every thread broke",
         "[semantics][G-ITER][G-DONE][T-DISABLED]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local i, k;\n"
      "  while (i < 4) {\n"
      "    i := i + 1;\n"
      "    if (i == lid + 1) {\n"
      "      break;\n"
      "    }\n"
      "    k := k + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("thread 0 breaks in iteration 1, thread 1 in iteration 2, while i < 4 still holds") {
    auto sim = start(src);
    const NodeId w = findNode(sim->ir(), NodeKind::While, sim->line("while (i < 4)"));
    const Slot i = declSlot(sim->ir(), sim->line("local i, k;"), 0);
    const Slot k = declSlot(sim->ir(), sim->line("local i, k;"), 1);
    const NodeId brk = findNode(sim->ir(), NodeKind::Assign, sim->line("break;"), Origin::Break);
    CHECK(sim->ir().nodes[brk].slot0 == sim->ir().nodes[w].slot0);  // belim: v := true
    WHEN("the loop runs") {
      auto counts = countRulesAt(*sim, w);
      THEN("two iterations, then G-DONE; thread 0 skipped everything after its break") {
        CHECK(counts == std::map<Rule, int>{{Rule::GOpen, 1}, {Rule::GIter, 2}, {Rule::GDone, 1}});
        CHECK(sim->column(i) == W{1, 2});
        CHECK(sim->column(k) == W{0, 1});
      }
    }
  }
}

SCENARIO("continue disables a thread for the rest of the iteration only",
         "[semantics][G-ITER][T-DISABLED]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "main: {\n"
      "  local i, k;\n"
      "  while (i < 3) {\n"
      "    i := i + 1;\n"
      "    if (i == 2 && lid == 0) {\n"
      "      continue;\n"
      "    }\n"
      "    k := k + 1;\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  GIVEN("thread 0 continues in iteration 2") {
    auto sim = start(src);
    const NodeId w = findNode(sim->ir(), NodeKind::While, sim->line("while (i < 3)"));
    const Slot i = declSlot(sim->ir(), sim->line("local i, k;"), 0);
    const Slot k = declSlot(sim->ir(), sim->line("local i, k;"), 1);
    const NodeId cont = findNode(sim->ir(), NodeKind::Assign, sim->line("continue;"), Origin::Continue);
    CHECK(sim->ir().nodes[cont].slot0 == sim->ir().nodes[w].slot2);  // celim: v := true
    WHEN("the loop runs") {
      auto counts = countRulesAt(*sim, w);
      THEN("three iterations; thread 0 missed one increment of k") {
        CHECK(counts[Rule::GIter] == 3);
        CHECK(sim->column(i) == W{3, 3});
        CHECK(sim->column(k) == W{2, 3});
      }
    }
  }
}

// ---- G-CALL ------------------------------------------------------------------------------

SCENARIO("G-CALL pushes the instantiated body under p ∧ ¬v with v fresh", "[semantics][G-CALL]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "procedure f(a) {\n"
      "  if (lid == 0) {\n"
      "    return;\n"
      "  }\n"
      "  wr(lid, a);\n"
      "}\n"
      "main: {\n"
      "  local x;\n"
      "  {\n"
      "    local junk;\n"
      "    junk := 7;\n"
      "  }\n"
      "  x := lid + 100;\n"
      "  f(x * 2);\n"
      "  barrier;\n"
      "}\n";
  GIVEN("a call whose return-flag slot held 7") {
    auto sim = start(src, {}, std::nullopt, 99);
    const uint32_t cl = sim->line("f(x * 2);");
    const NodeId c = findNode(sim->ir(), NodeKind::Call, cl);
    const auto& node = sim->ir().nodes[c];
    REQUIRE(node.slot0 == declSlot(sim->ir(), sim->line("local junk;")));
    stepUntil(*sim, NodeKind::Call, cl);
    REQUIRE(sim->column(node.slot0) == W{7, 7, 7});
    const size_t depth = sim->s.ss.size();
    WHEN("step applies G-CALL") {
      REQUIRE(!sim->step());
      REQUIRE(sim->m->lastRule() == Rule::GCall);
      THEN("the body replaces the call, with p ∧ ¬v, and v = 0") {
        CHECK(sim->s.ss.size() == depth);
        CHECK(sim->top().node == node.children[0]);
        CHECK(lits(sim->ir(), sim->topNode().pred) == with(sim->ir(), node.pred, {Lit{node.slot0, true}}));
        CHECK(sim->column(node.slot0) == W{0, 0, 0});
      }
      AND_WHEN("thread 0 executes return (relim: v := true)") {
        const NodeId ret = findNode(sim->ir(), NodeKind::Assign, sim->line("return;"), Origin::Return);
        CHECK(sim->ir().nodes[ret].slot0 == node.slot0);
        stepUntil(*sim, NodeKind::Write, sim->line("wr(lid, a);"));
        THEN("v is set for thread 0 only") { CHECK(sim->column(node.slot0) == W{1, 0, 0}); }
        AND_WHEN("the rest of the procedure runs") {
          REQUIRE(sim->run().kind == VerdictKind::Ok);
          THEN("thread 0 is disabled for it; the others write the argument") {
            CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{1, 202}, {2, 204}});
          }
        }
      }
    }
  }
}

SCENARIO("G-CALL substitutes the argument expression: it is evaluated only where used",
         "[semantics][G-CALL]") {
  const std::string src =
      "threads: 3;\ngroup: 0;\n"
      "procedure g(a) {\n"
      "  if (lid == 0) {\n"
      "    return;\n"
      "  }\n"
      "  wr(lid, a);\n"
      "}\n"
      "main: {\n"
      "  g(100 / lid);\n"
      "  barrier;\n"
      "}\n";
  GIVEN("an argument that divides by zero in thread 0, which returns before using it") {
    auto sim = start(src, {}, std::nullopt, 99);
    WHEN("the kernel runs") {
      auto v = sim->run();
      THEN("no division by zero: call by name") {
        CHECK(v.kind == VerdictKind::Ok);
        CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{1, 100}, {2, 50}});
      }
    }
  }
}

SCENARIO("return inside a loop disables the rest of the loop and of the procedure",
         "[semantics][G-CALL][G-DONE]") {
  const std::string src =
      "threads: 2;\ngroup: 0;\n"
      "procedure h(a) {\n"
      "  local i;\n"
      "  while (i < 3) {\n"
      "    i := i + 1;\n"
      "    if (i == a) {\n"
      "      return;\n"
      "    }\n"
      "    wr(lid * 4 + i, i);\n"
      "  }\n"
      "  wr(lid * 4, 50);\n"
      "}\n"
      "main: {\n"
      "  h(lid + 1);\n"
      "  barrier;\n"
      "}\n";
  GIVEN("thread 0 returns in iteration 1, thread 1 in iteration 2") {
    auto sim = start(src, {}, std::nullopt, 99);
    const NodeId w = findNode(sim->ir(), NodeKind::While, sim->line("while (i < 3)"));
    WHEN("it runs") {
      auto counts = countRulesAt(*sim, w);
      THEN("the loop stops once both returned, and only thread 1's first write happened") {
        CHECK(counts[Rule::GIter] == 2);
        CHECK(counts[Rule::GDone] == 1);
        CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{5, 1}});
      }
    }
  }
}
