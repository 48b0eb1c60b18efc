// The annotation builtins (specs/KPL.md, "Annotations"; semantics/rules/EvalAnnot.cpp):
// pairs/other over every ordered pair of threads, enabled(), rd_all/wr_all/log_offset on
// the thread's logs since the last barrier, and ghost_rd (a read that is not logged).
#include "Helpers.h"

using namespace semtest;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using U = std::vector<uint32_t>;

namespace {
Verdict runMain(const std::string& decls, const std::string& body) {
  auto sim = start("threads: 4;\ngroup: 0;\n" + decls + "main: {\n  local x, y;\n" + body + "  barrier;\n}\n");
  return sim->run();
}
}  // namespace

SCENARIO("pairs(e) holds when e holds for every ordered pair of distinct threads", "[semantics][annotations]") {
  CHECK(runMain("", "  x := lid;\n  assert(pairs(x != other(x)));\n").kind == VerdictKind::Ok);
  GIVEN("x = lid / 2: threads 0 and 1 share a value, so do 2 and 3") {
    Verdict v = runMain("", "  x := lid / 2;\n  assert(pairs(x != other(x)));\n");
    THEN("thread 0 fails (its pair with thread 1)") {
      CHECK(v.kind == VerdictKind::Assertion);
      CHECK(v.threads == U{0});
    }
  }
  GIVEN("a relation that is not symmetric: lid < other(lid) fails for the largest thread's pairs too") {
    Verdict v = runMain("", "  if (lid == 3) {\n    assert(pairs(lid > other(lid)));\n  }\n");
    THEN("thread 3 is above every other thread") { CHECK(v.kind == VerdictKind::Ok); }
    Verdict w = runMain("", "  if (lid == 2) {\n    assert(pairs(lid > other(lid)));\n  }\n");
    THEN("thread 2 is not above thread 3") {
      CHECK(w.kind == VerdictKind::Assertion);
      CHECK(w.threads == U{2});
    }
  }
}

SCENARIO("other(x) reads a disabled thread's local; enabled() says who runs the statement", "[semantics][annotations]") {
  // Threads 0, 1 run the assert; threads 2, 3 keep x = 0 from before.
  const std::string body = "  x := 7;\n  if (lid < 2) {\n    x := 1;\n    assert(pairs(other(enabled()) == (other(x) == 1)));\n  }\n";
  CHECK(runMain("", body).kind == VerdictKind::Ok);
  Verdict v = runMain("", "  if (lid < 2) {\n    assert(pairs(other(enabled())));\n  }\n");
  CHECK(v.kind == VerdictKind::Assertion);
  CHECK(v.threads == U{0});
  CHECK(runMain("", "  if (lid < 2) {\n    assert(enabled());\n  }\n").kind == VerdictKind::Ok);
}

SCENARIO("rd_all and wr_all range over the log since the last barrier", "[semantics][annotations]") {
  const std::string decls = "shared A[8];\n";
  GIVEN("each thread writes A[lid] and A[lid + 4] and reads A[lid]") {
    const std::string acc = "  wr(A, lid, 1);\n  wr(A, lid + 4, 2);\n  x := rd(A, lid);\n";
    CHECK(runMain(decls, acc + "  assert(wr_all(A, log_offset() == lid || log_offset() == lid + 4));\n").kind ==
          VerdictKind::Ok);
    CHECK(runMain(decls, acc + "  assert(rd_all(A, log_offset() == lid));\n").kind == VerdictKind::Ok);
    Verdict v = runMain(decls, acc + "  assert(wr_all(A, log_offset() < 4));\n");
    CHECK(v.kind == VerdictKind::Assertion);
    CHECK(v.threads == U{0});
    THEN("after a barrier the logs are empty: every rd_all holds, !rd_all(A, 0) does not") {
      CHECK(runMain(decls, acc + "  barrier;\n  assert(rd_all(A, 0) && wr_all(A, 0));\n").kind == VerdictKind::Ok);
      CHECK(runMain(decls, acc + "  barrier;\n  assert(!wr_all(A, 0));\n").kind == VerdictKind::Assertion);
    }
  }
}

SCENARIO("ghost_rd reads the thread's view without logging: no race, no rd_all entry", "[semantics][annotations]") {
  const std::string decls = "shared A[4];\n";
  GIVEN("thread t writes A[t] while every thread ghost-reads A[(t + 1) % 4] in the same interval") {
    Verdict v = runMain(decls, "  wr(A, lid, lid);\n  x := ghost_rd(A, (lid + 1) % 4);\n  assert(rd_all(A, 0));\n");
    THEN("no race, and the read log stays empty") { CHECK(v.kind == VerdictKind::Ok); }
  }
  GIVEN("the same with rd") {
    Verdict v = runMain(decls, "  wr(A, lid, lid);\n  x := rd(A, (lid + 1) % 4);\n");
    THEN("a race") { CHECK(v.kind == VerdictKind::Race); }
  }
  GIVEN("a ghost read sees the merged memory after a barrier") {
    Verdict v = runMain(decls, "  wr(A, lid, lid * 3);\n  barrier;\n  x := ghost_rd(A, (lid + 1) % 4);\n"
                               "  assert(x == (lid + 1) % 4 * 3);\n");
    THEN("ok") { CHECK(v.kind == VerdictKind::Ok); }
  }
  GIVEN("out of bounds") {
    THEN("out-of-bounds, as rd") {
      CHECK(runMain(decls, "  x := ghost_rd(A, lid + 1);\n").kind == VerdictKind::OutOfBounds);
    }
  }
}

SCENARIO("candidate(e): a candidate that does not hold is dropped, once, and the execution goes on",
         "[semantics][annotations]") {
  GIVEN("a candidate false for threads 2 and 3, evaluated twice, then a write") {
    auto sim = start("threads: 4;\ngroup: 0;\nshared A[4];\nmain: {\n  local i;\n  while (i < 2) {\n"
                     "    candidate(lid < 2);\n    i := i + 1;\n  }\n  wr(A, lid, i);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("ok, A written, and one dropped entry naming thread 2") {
      CHECK(v.kind == VerdictKind::Ok);
      CHECK(sim->array("A") == std::vector<sdvmc::sem::Word>{2, 2, 2, 2});
      REQUIRE(sim->m->droppedCandidates().size() == 1);
      CHECK(sim->m->droppedCandidates()[0].thread == 2);
      CHECK(sim->ir().nodes[sim->m->droppedCandidates()[0].at].loc.line == sim->line("candidate("));
    }
  }
  GIVEN("a candidate whose evaluation divides by zero in thread 0") {
    auto sim = start("threads: 2;\ngroup: 0;\nmain: {\n  local x;\n  candidate(1 / lid == 1);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("no division-by-zero verdict: dropped for thread 0") {
      CHECK(v.kind == VerdictKind::Ok);
      REQUIRE(sim->m->droppedCandidates().size() == 1);
      CHECK(sim->m->droppedCandidates()[0].thread == 0);
    }
  }
  GIVEN("a candidate that holds") {
    auto sim = start("threads: 2;\ngroup: 0;\nmain: {\n  candidate(lid < 2);\n  barrier;\n}\n");
    CHECK(sim->run().kind == VerdictKind::Ok);
    CHECK(sim->m->droppedCandidates().empty());
  }
}

SCENARIO("at_taken(A, i, v): the results this thread's atomics returned since the kernel started",
         "[semantics][annotations][at_taken]") {
  const std::string decls = "shared C[2];\n";
  GIVEN("every thread adds 1 to C[0] once (in lid order: thread t gets t)") {
    const std::string add = "  x := atomic_add(C, 0, 1);\n";
    THEN("each thread's own result is logged, at its cell") {
      CHECK(runMain(decls, add + "  assert(at_taken(C, 0, x));\n").kind == VerdictKind::Ok);
      CHECK(runMain(decls, add + "  assert(at_taken(C, 0, lid));\n").kind == VerdictKind::Ok);
    }
    THEN("not another thread's result, nor another cell") {
      Verdict v = runMain(decls, add + "  assert(!at_taken(C, 0, (lid + 1) % 4));\n");
      CHECK(v.kind == VerdictKind::Ok);
      Verdict w = runMain(decls, add + "  assert(at_taken(C, 1, x));\n");
      CHECK(w.kind == VerdictKind::Assertion);
      CHECK(w.threads == U{0});
    }
    THEN("a barrier does not empty the log") {
      CHECK(runMain(decls, add + "  barrier;\n  assert(at_taken(C, 0, lid));\n").kind == VerdictKind::Ok);
    }
    THEN("inside pairs, other() reads the other thread's log") {
      CHECK(runMain(decls, add + "  assert(pairs(other(at_taken(C, 0, lid)) && !at_taken(C, 0, other(lid))));\n").kind ==
            VerdictKind::Ok);
      Verdict o = runMain(decls, add + "  assert(pairs(!other(at_taken(C, 0, lid))));\n");
      CHECK(o.kind == VerdictKind::Assertion);
      CHECK(o.threads == U{0});
    }
  }
  GIVEN("two atomics of one thread at one cell (thread t gets t, then 4 + t)") {
    Verdict v = runMain(decls, "  x := atomic_add(C, 0, 1);\n  y := atomic_add(C, 0, 1);\n"
                               "  assert(at_taken(C, 0, lid) && at_taken(C, 0, lid + 4) && !at_taken(C, 0, lid + 8));\n");
    THEN("both are logged") { CHECK(v.kind == VerdictKind::Ok); }
  }
}
