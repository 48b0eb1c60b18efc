// The errors beyond the paper (../shared/sdv-semantics.md, "Errors beyond the paper";
// kpl-language.md, "Meaning"): failed assert, failed assume, division and remainder by
// zero, shifts out of range, out-of-bounds accesses, and 32-bit Word arithmetic, plus the
// column-wise Evaluator used directly with masks.
#include "Helpers.h"

#include <climits>

using namespace semtest;
using sdvmc::sem::EOp;
using sdvmc::sem::EvalError;
using sdvmc::sem::Evaluator;
using sdvmc::sem::NodeKind;
using sdvmc::sem::Rule;
using sdvmc::sem::Slot;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;
using U = std::vector<uint32_t>;

namespace {

const std::string H4 = "threads: 4;\ngroup: 0;\n";

/// Runs a kernel whose main is `body` (4 threads, shared declarations in `decls`).
std::pair<std::unique_ptr<Sim>, Verdict> runBody(const std::string& body, const std::string& decls = "") {
  auto sim = start(H4 + decls + "main: {\n  local x, y, z;\n" + body + "  barrier;\n}\n");
  Verdict v = sim->run();
  return {std::move(sim), v};
}

}  // namespace

SCENARIO("assert: a false condition on an enabled thread fails, naming the lowest such thread",
         "[semantics][T-ASSERT]") {
  GIVEN("assert(lid < 2) on four threads") {
    auto [sim, v] = runBody("  assert(lid < 2);\n");
    THEN("assertion failure of thread 2 at the assert") {
      CHECK(v.kind == VerdictKind::Assertion);
      CHECK(v.rule == Rule::TAssert);
      CHECK(v.threads == U{2});
      CHECK(v.at == findNode(sim->ir(), NodeKind::Assert, sim->line("assert(lid < 2);")));
      CHECK(v.loc.line == sim->line("assert(lid < 2);"));
      CHECK(sim->m->lastRule() == Rule::GBasic);
    }
  }
  GIVEN("a false assert only in disabled threads") {
    auto [sim, v] = runBody("  if (lid == 0) {\n    assert(lid == 0);\n  }\n");
    THEN("ok") { CHECK(v.kind == VerdictKind::Ok); }
  }
}

SCENARIO("assume: a false condition on an enabled thread discards the execution",
         "[semantics][T-ASSUME]") {
  auto [sim, v] = runBody("  assume(lid != 3 && lid != 1);\n");
  CHECK(v.kind == VerdictKind::Discarded);
  CHECK(v.rule == Rule::TAssume);
  CHECK(v.threads == U{1});
  CHECK(v.at == findNode(sim->ir(), NodeKind::Assume, sim->line("assume(")));
}

SCENARIO("division and remainder by zero are errors of the lowest failing thread",
         "[semantics][T-ASSIGN][division]") {
  GIVEN("10 / (lid - 2)") {
    auto [sim, v] = runBody("  x := 10 / (lid - 2);\n");
    THEN("thread 2 divides by zero") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.rule == Rule::TAssign);
      CHECK(v.threads == U{2});
      CHECK(v.at == findNode(sim->ir(), NodeKind::Assign, sim->line("x := 10 /")));
    }
  }
  GIVEN("10 % (lid - 1)") {
    auto [sim, v] = runBody("  x := 10 % (lid - 1);\n");
    THEN("thread 1") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.threads == U{1});
    }
  }
  GIVEN("10 / (lid % 2): threads 0 and 2 divide by zero") {
    auto [sim, v] = runBody("  x := 10 / (lid % 2);\n");
    THEN("the lowest, thread 0") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.threads == U{0});
    }
  }
  GIVEN("a division by zero in a write's value") {
    auto [sim, v] = runBody("  wr(lid, 1 / (lid - 3));\n");
    THEN("T-WR reports it for thread 3") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.rule == Rule::TWr);
      CHECK(v.threads == U{3});
    }
  }
}

SCENARIO("shifts by a negative amount or by 32 or more are errors", "[semantics][T-ASSIGN][shift]") {
  GIVEN("1 << 32") {
    auto [sim, v] = runBody("  x := 1 << 32;\n");
    THEN("shift out of range, amount 32, thread 0") {
      CHECK(v.kind == VerdictKind::ShiftOutOfRange);
      CHECK(v.value == 32);
      CHECK(v.threads == U{0});
    }
  }
  GIVEN("1 >> -1") {
    auto [sim, v] = runBody("  x := 1 >> -1;\n");
    THEN("amount -1") {
      CHECK(v.kind == VerdictKind::ShiftOutOfRange);
      CHECK(v.value == -1);
    }
  }
  GIVEN("shifts by lid * 11: 0, 11, 22 and 33") {
    auto [sim, v] = runBody("  x := 1 << (lid * 11);\n");
    THEN("thread 3 shifts by 33") {
      CHECK(v.kind == VerdictKind::ShiftOutOfRange);
      CHECK(v.threads == U{3});
      CHECK(v.value == 33);
    }
  }
}

SCENARIO("Word arithmetic is 32-bit two's complement", "[semantics][T-ASSIGN][word]") {
  GIVEN("the corner cases of / % + * << >>") {
    auto [sim, v] = runBody(
        "  x := (-2147483647 - 1) / -1;\n"
        "  y := (-2147483647 - 1) % -1;\n"
        "  z := 2147483647 + 1;\n"
        "  wr(0 + 4 * lid, x);\n"
        "  wr(1 + 4 * lid, y);\n"
        "  wr(2 + 4 * lid, z);\n"
        "  x := 65536 * 65536;\n"
        "  y := 65537 * 65537;\n"
        "  z := 1 << 31;\n"
        "  wr(3 + 4 * lid, x);\n"
        "  barrier;\n"
        "  wr(0 + 4 * lid, y);\n"
        "  wr(1 + 4 * lid, z);\n"
        "  x := -8 >> 1;\n"
        "  y := -7 / 2;\n"
        "  z := -7 % 2;\n"
        "  wr(2 + 4 * lid, x);\n"
        "  wr(3 + 4 * lid, y);\n"
        "  wr(16 + lid, z);\n"
        "  barrier;\n"
        "  x := -(-2147483647 - 1);\n"
        "  wr(20 + lid, x);\n");
    THEN("INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0, + and * wrap, / and % truncate, >> is signed") {
      REQUIRE(v.kind == VerdictKind::Ok);
      const auto& m = sim->s.base.cells(0);
      for (Word t = 0; t < 4; ++t) {
        // Second phase overwrote cells 0..3 of each thread.
        CHECK(m.at(0 + 4 * t) == 131073);    // 65537² = 2³² + 2·65536 + 1
        CHECK(m.at(1 + 4 * t) == INT_MIN);   // 1 << 31
        CHECK(m.at(2 + 4 * t) == -4);        // -8 >> 1, arithmetic
        CHECK(m.at(3 + 4 * t) == -3);        // -7 / 2 truncates toward 0
        CHECK(m.at(16 + t) == -1);           // -7 % 2
        CHECK(m.at(20 + t) == INT_MIN);      // -INT_MIN wraps
      }
    }
  }
  GIVEN("the first phase alone") {
    auto sim = start(H4 + "main: {\n  local x, y, z, w;\n"
                          "  x := (-2147483647 - 1) / -1;\n"
                          "  y := (-2147483647 - 1) % -1;\n"
                          "  z := 2147483647 + 1;\n"
                          "  w := 65536 * 65536;\n"
                          "  barrier;\n}\n");
    stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
    const uint32_t dl = sim->line("local x, y, z, w;");
    CHECK(sim->column(declSlot(sim->ir(), dl, 0)) == W(4, INT_MIN));
    CHECK(sim->column(declSlot(sim->ir(), dl, 1)) == W(4, 0));
    CHECK(sim->column(declSlot(sim->ir(), dl, 2)) == W(4, INT_MIN));
    CHECK(sim->column(declSlot(sim->ir(), dl, 3)) == W(4, 0));
  }
}

SCENARIO("&&, || and ?: evaluate only the operand they need, per thread",
         "[semantics][T-ASSIGN][short-circuit]") {
  GIVEN("operands that divide by zero only in threads that do not evaluate them") {
    auto sim = start(H4 + "main: {\n  local x, y, z;\n"
                          "  x := lid != 0 && 10 / lid > 1;\n"
                          "  y := lid == 0 || 10 / lid > 4;\n"
                          "  z := lid == 0 ? 7 : 12 / lid;\n"
                          "  barrier;\n}\n");
    WHEN("they run") {
      stepUntil(*sim, NodeKind::Barrier, sim->line("barrier;"));
      THEN("no error, and C's values") {
        const uint32_t dl = sim->line("local x, y, z;");
        CHECK(sim->column(declSlot(sim->ir(), dl, 0)) == W{0, 1, 1, 1});
        CHECK(sim->column(declSlot(sim->ir(), dl, 1)) == W{1, 1, 1, 0});
        CHECK(sim->column(declSlot(sim->ir(), dl, 2)) == W{7, 12, 6, 4});
      }
    }
  }
  GIVEN("the division in the branch thread 0 does take") {
    auto [sim, v] = runBody("  x := lid == 0 ? 12 / lid : 7;\n");
    THEN("thread 0 divides by zero") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.threads == U{0});
    }
  }
  GIVEN("nested: lid > 1 && (lid > 2 || 1 / 0 == 0)") {
    auto [sim, v] = runBody("  x := lid > 1 && (lid > 2 || 1 / 0 == 0);\n");
    THEN("only thread 2 reaches the division") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.threads == U{2});
    }
  }
}

SCENARIO("out-of-bounds reads and writes of a named array", "[semantics][T-RD][T-WR][bounds]") {
  GIVEN("rd(A, lid + 2) with A[4]") {
    auto [sim, v] = runBody("  x := rd(A, lid + 2);\n", "shared A[4];\n");
    THEN("thread 2 reads A[4]") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.rule == Rule::TRd);
      CHECK(v.threads == U{2});
      CHECK(v.value == 4);
      CHECK(v.array == sim->arrayId("A"));
      CHECK(v.at == findNode(sim->ir(), NodeKind::Read, sim->line("x := rd(A, lid + 2);")));
    }
  }
  GIVEN("wr(A, lid - 1, 0)") {
    auto [sim, v] = runBody("  wr(A, lid - 1, 0);\n", "shared A[4];\n");
    THEN("thread 0 writes A[-1]") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.rule == Rule::TWr);
      CHECK(v.threads == U{0});
      CHECK(v.value == -1);
    }
  }
  GIVEN("wr(B, lid, 1) with B[2], the second array") {
    auto [sim, v] = runBody("  wr(B, lid, 1);\n", "shared A[4];\nshared B[2];\n");
    THEN("thread 2 writes B[2]") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.threads == U{2});
      CHECK(v.value == 2);
      CHECK(v.array == 1);
    }
  }
  GIVEN("an out-of-bounds index only in disabled threads") {
    auto [sim, v] = runBody("  if (lid < 2) {\n    x := rd(A, lid + 2);\n  }\n", "shared A[4];\n");
    THEN("ok") { CHECK(v.kind == VerdictKind::Ok); }
  }
}

SCENARIO("an erroring loop guard is reported by G-ITER", "[semantics][G-ITER]") {
  auto sim = start(H4 + "main: {\n  local i;\n  while (10 / lid > 100) {\n    i := i + 1;\n  }\n  barrier;\n}\n");
  const uint32_t wl = sim->line("while (10 / lid > 100)");
  stepUntil(*sim, NodeKind::While, wl, 1u);
  auto v = sim->step();
  REQUIRE(v);
  CHECK(sim->m->lastRule() == Rule::GIter);
  CHECK(v->rule == Rule::GIter);
  CHECK(v->kind == VerdictKind::DivisionByZero);
  CHECK(v->threads == U{0});
  CHECK(v->at == findNode(sim->ir(), NodeKind::While, wl));
  CHECK(v->loc.line == wl);
}

// ---- the Evaluator -----------------------------------------------------------------------

SCENARIO("the Evaluator computes e^σ for the masked threads only", "[semantics][eval]") {
  auto sim = start(
      "threads: 3;\ngroup: 5;\n"
      "main: {\n"
      "  local x;\n"
      "  x := 100 / (lid - 1);\n"
      "  x := lid << (lid * 16);\n"
      "  x := (1 / lid) + (1 << (lid - 1));\n"
      "  x := gid * 2 + x;\n"
      "  barrier;\n"
      "}\n");
  const auto& ir = sim->ir();
  Evaluator ev(ir, 3);
  auto exprOf = [&](const std::string& needle) {
    return ir.nodes[findNode(ir, NodeKind::Assign, sim->line(needle))].e0;
  };
  GIVEN("100 / (lid - 1)") {
    const auto e = exprOf("x := 100 / (lid - 1);");
    WHEN("thread 1 is masked out") {
      const uint8_t mask[3] = {1, 0, 1};
      EvalError err;
      const Word* out = ev.eval(e, sim->s, mask, err);
      THEN("no error; C's values") {
        CHECK(!err.any());
        CHECK(out[0] == -100);
        CHECK(out[2] == 100);
      }
    }
    WHEN("every thread is masked in") {
      const uint8_t mask[3] = {1, 1, 1};
      EvalError err;
      ev.eval(e, sim->s, mask, err);
      THEN("thread 1 divides by zero at the / operator") {
        CHECK(err.kind == EvalError::Kind::DivisionByZero);
        CHECK(err.thread == 1);
        CHECK(err.operand == 0);
        CHECK(ir.exprs[err.at].op == EOp::Div);
      }
    }
    WHEN("no thread is masked in") {
      const uint8_t mask[3] = {0, 0, 0};
      EvalError err;
      ev.eval(e, sim->s, mask, err);
      THEN("no error") { CHECK(!err.any()); }
    }
  }
  GIVEN("lid << (lid * 16)") {
    const auto e = exprOf("x := lid << (lid * 16);");
    const uint8_t all[3] = {1, 1, 1};
    const uint8_t low[3] = {1, 1, 0};
    EvalError err;
    WHEN("all threads") {
      ev.eval(e, sim->s, all, err);
      THEN("thread 2 shifts by 32") {
        CHECK(err.kind == EvalError::Kind::ShiftOutOfRange);
        CHECK(err.thread == 2);
        CHECK(err.operand == 32);
      }
    }
    WHEN("threads 0 and 1") {
      const Word* out = ev.eval(e, sim->s, low, err);
      THEN("0 << 0 and 1 << 16") {
        CHECK(!err.any());
        CHECK(out[0] == 0);
        CHECK(out[1] == 65536);
      }
    }
  }
  GIVEN("(1 / lid) + (1 << (lid - 1)): thread 0 fails twice") {
    const auto e = exprOf("x := (1 / lid) + (1 << (lid - 1));");
    const uint8_t all[3] = {1, 1, 1};
    EvalError err;
    ev.eval(e, sim->s, all, err);
    THEN("the leftmost failing operator of the lowest thread is reported") {
      CHECK(err.kind == EvalError::Kind::DivisionByZero);
      CHECK(err.thread == 0);
      CHECK(ir.exprs[err.at].op == EOp::Div);
    }
  }
  GIVEN("gid * 2 + x with x set by hand") {
    const auto e = exprOf("x := gid * 2 + x;");
    const Slot x = declSlot(ir, sim->line("local x;"));
    sim->s.column(x)[0] = 1;
    sim->s.column(x)[1] = -1;
    sim->s.column(x)[2] = 100;
    const uint8_t all[3] = {1, 1, 1};
    EvalError err;
    const Word* out = ev.eval(e, sim->s, all, err);
    THEN("gid is the group id of the state") {
      CHECK(sim->s.gid == 5);
      CHECK(out[0] == 11);
      CHECK(out[1] == 9);
      CHECK(out[2] == 110);
    }
  }
}

SCENARIO("Evaluator::predicate computes a conjunction of flag literals", "[semantics][eval]") {
  const std::string src =
      "threads: 4;\ngroup: 0;\n"
      "main: {\n"
      "  local x;\n"
      "  if (lid > 0) {\n"
      "    if (lid > 1) {\n"
      "      skip;\n"
      "    } else {\n"
      "      x := 1;\n"
      "    }\n"
      "  }\n"
      "  barrier;\n"
      "}\n";
  auto sim = start(src);
  const auto& ir = sim->ir();
  const auto& outer = ir.nodes[findNode(ir, NodeKind::If, sim->line("if (lid > 0)"))];
  const auto& inner = ir.nodes[findNode(ir, NodeKind::If, sim->line("if (lid > 1)"))];
  const auto& elseNode = ir.nodes[findNode(ir, NodeKind::Assign, sim->line("x := 1;"))];
  // p ∧ v_outer ∧ ¬v_inner
  REQUIRE(lits(ir, elseNode.pred) ==
          std::vector<sdvmc::sem::Lit>{{outer.slot0, false}, {inner.slot0, true}});
  const Word vo[4] = {0, 1, 1, 0}, vi[4] = {1, 0, 1, 0};
  for (uint32_t t = 0; t < 4; ++t) {
    sim->s.column(outer.slot0)[t] = vo[t] * 7;  // any non-zero is true
    sim->s.column(inner.slot0)[t] = vi[t] * -3;
  }
  Evaluator ev(ir, 4);
  uint8_t mask[4];
  ev.predicate(elseNode.pred, sim->s, mask);
  CHECK(std::vector<uint8_t>(mask, mask + 4) == std::vector<uint8_t>{0, 1, 0, 0});
  ev.predicate(0, sim->s, mask);
  CHECK(std::vector<uint8_t>(mask, mask + 4) == std::vector<uint8_t>{1, 1, 1, 1});
}

SCENARIO("private_index: an index outside 0..N-1 is out-of-bounds naming the private array, the index and N",
         "[semantics][T-PRIVATE-INDEX][private_index]") {
  GIVEN("private_index(buf, lid + 1, 4) on four threads") {
    auto [sim, v] = runBody("  private_index(buf, lid + 1, 4);\n");
    THEN("thread 3 indexes buf at 4: out-of-bounds, rule T-PRIVATE-INDEX, no shared array") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.rule == Rule::TPrivateIndex);
      CHECK(v.threads == U{3});
      CHECK(v.value == 4);
      CHECK(v.array == sdvmc::sem::kNone);
      CHECK(v.privateName == "buf");
      CHECK(v.privateSize == 4);
      CHECK(v.message == "thread 3 indexes the private array buf (4 elements) at 4");
      CHECK(v.loc.line == sim->line("private_index("));
    }
  }
  GIVEN("a negative index") {
    auto [sim, v] = runBody("  private_index(acc, lid - 2, 1);\n");
    THEN("the lowest failing thread, 0, at -2") {
      CHECK(v.kind == VerdictKind::OutOfBounds);
      CHECK(v.threads == U{0});
      CHECK(v.value == -2);
      CHECK(v.message == "thread 0 indexes the private array acc (1 element) at -2");
    }
  }
  GIVEN("indices inside, and a failing index only in disabled threads") {
    auto [sim, v] = runBody("  private_index(buf, lid, 4);\n  if (lid == 0) {\n    private_index(buf, lid + 9, 10);\n  }\n");
    THEN("ok") { CHECK(v.kind == VerdictKind::Ok); }
  }
  GIVEN("an error in the index") {
    auto [sim, v] = runBody("  x := 0;\n  private_index(buf, 1 / x, 4);\n");
    THEN("that error, as for assert") {
      CHECK(v.kind == VerdictKind::DivisionByZero);
      CHECK(v.rule == Rule::TPrivateIndex);
    }
  }
}
