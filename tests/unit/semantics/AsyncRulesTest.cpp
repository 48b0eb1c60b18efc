// The asynchronous copies (specs/KPL.md, "Asynchronous copies"; semantics/rules/Async.cpp):
// G-ASYNC-COPY, G-ASYNC-WAIT, T-CP-ASYNC, T-CP-COMMIT, T-CP-WAIT and ASYNC-RACE, step by step
// where the moment matters, and the concrete syntax's round trip.
#include "Helpers.h"

#include "kpl/Parser.h"
#include "kpl/Printer.h"

using namespace semtest;
using sdvmc::sem::Rule;
using sdvmc::sem::Verdict;
using sdvmc::sem::VerdictKind;
using sdvmc::sem::Word;
using W = std::vector<Word>;

namespace {

/// Steps until the statement on top of ss is on the line containing `needle` (or the end).
void runTo(Sim& sim, const std::string& needle) {
  const uint32_t line = sim.line(needle);
  while (!sim.s.done() && !(sim.topNode().kind != sdvmc::sem::NodeKind::Seq &&
                            sim.topNode().kind != sdvmc::sem::NodeKind::Var && sim.topNode().loc.line == line)) {
    auto v = sim.step();
    REQUIRE(!v);
  }
  REQUIRE(!sim.s.done());
}

const std::string kHeader = "threads: 2;\ngroup: 0;\nshared S[4] = {1, 2, 3, 4};\nshared T[4] = {0, 0, 0, 0};\n";

}  // namespace

SCENARIO("the group's copy is done at its wait, not at its issue", "[semantics][async][G-ASYNC-COPY][G-ASYNC-WAIT]") {
  GIVEN("a copy of S[1..3] to T[0..2] and its wait") {
    auto sim = start(kHeader + "main: {\n  local e;\n  e := async_copy(T, 0, 1, S, 1, 1, 3, 0); // copy\n"
                               "  async_wait(e); // wait\n  barrier;\n}\n");
    runTo(*sim, "// wait");
    THEN("after the issue the copy is in flight and T unchanged; every thread has its event") {
      CHECK(sim->array("T") == W{0, 0, 0, 0});
      REQUIRE(sim->s.copies.size() == 1);
      CHECK(sim->s.copies[0].owner == sdvmc::sem::kNone);
      CHECK(sim->s.copies[0].event == 1);
      CHECK(sim->column(0) == W{1, 1});
    }
    WHEN("the wait applies") {
      REQUIRE(!sim->step());
      THEN("T holds the copy in the group's memory and nothing is in flight") {
        CHECK(sim->m->lastRule() == Rule::GAsyncWait);
        CHECK(sim->array("T") == W{2, 3, 4, 0});
        CHECK(sim->s.copies.empty());
        CHECK(sim->s.logs[0].writes.empty());
      }
    }
  }
}

SCENARIO("accesses that conflict with a copy in flight are races", "[semantics][async][ASYNC-RACE]") {
  WHEN("a thread writes a source cell while the copy is in flight") {
    auto sim = start(kHeader + "main: {\n  local e;\n  e := async_copy(T, 0, 1, S, 0, 1, 4, 0);\n"
                               "  wr(S, 3 - lid, 9); // write\n  async_wait(e);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("the write is a race with the copy's read, at the write, thread 0 first") {
      CHECK(v.kind == VerdictKind::Race);
      CHECK(v.rule == Rule::AsyncRace);
      CHECK(v.loc.line == sim->line("// write"));
      REQUIRE(v.accesses.size() == 2);
      CHECK(!v.accesses[0].write);
      CHECK(v.accesses[0].addr.index == 3);
      CHECK(v.accesses[1].write);
      CHECK(v.accesses[1].thread == 0);
    }
  }
  WHEN("a thread read a destination cell since the last barrier, before the issue") {
    auto sim = start(kHeader + "main: {\n  local e, x;\n  x := rd(T, lid);\n"
                               "  e := async_copy(T, 0, 1, S, 0, 1, 4, 0); // copy\n  async_wait(e);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("the issue is the race, the copy's write against the read") {
      CHECK(v.kind == VerdictKind::Race);
      CHECK(v.rule == Rule::AsyncRace);
      CHECK(v.loc.line == sim->line("// copy"));
      CHECK(v.accesses[0].write);
      CHECK(!v.accesses[1].write);
    }
  }
  WHEN("the same read is separated from the copy by a barrier, and reads of the source happen in flight") {
    auto sim = start(kHeader + "main: {\n  local e, x;\n  x := rd(T, lid);\n  barrier;\n"
                               "  e := async_copy(T, 0, 1, S, 0, 1, 4, 0);\n  x := rd(S, lid);\n  async_wait(e);\n"
                               "  x := rd(T, 3 - lid);\n  barrier;\n}\n");
    THEN("nothing conflicts") { CHECK(sim->run().kind == VerdictKind::Ok); }
  }
  WHEN("two copies in flight write one cell") {
    auto sim = start(kHeader + "main: {\n  local e, f;\n  e := async_copy(T, 0, 1, S, 0, 1, 2, 0);\n"
                               "  f := async_copy(T, 1, 1, S, 2, 1, 2, 0); // second\n  async_wait(e, f);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("the second issue is a write-write race on T[1]") {
      CHECK(v.rule == Rule::AsyncRace);
      CHECK(v.loc.line == sim->line("// second"));
      CHECK(v.accesses[0].addr.index == 1);
      CHECK(v.accesses[0].write);
      CHECK(v.accesses[1].write);
    }
  }
}

SCENARIO("a copy joins an event, and a wait does only its events' copies", "[semantics][async][G-ASYNC-WAIT]") {
  auto sim = start(kHeader + "main: {\n  local e, f, g;\n  e := async_copy(T, 0, 1, S, 0, 1, 1, 0);\n"
                             "  f := async_copy(T, 1, 1, S, 1, 1, 1, e);\n  g := async_copy(T, 2, 1, S, 2, 1, 1, 0);\n"
                             "  async_wait(e); // first\n  async_wait(g);\n  barrier;\n}\n");
  runTo(*sim, "// first");
  CHECK(sim->column(1) == W{1, 1});  // f joined e
  CHECK(sim->column(2) == W{2, 2});
  REQUIRE(!sim->step());
  CHECK(sim->array("T") == W{1, 2, 0, 0});
  REQUIRE(sim->s.copies.size() == 1);
  CHECK(sim->s.copies[0].event == 2);
  CHECK(sim->run().kind == VerdictKind::Ok);
  CHECK(sim->array("T") == W{1, 2, 3, 0});
}

SCENARIO("a thread's copies complete by batch, and the kernel's end completes the rest",
         "[semantics][async][T-CP-ASYNC][T-CP-COMMIT][T-CP-WAIT]") {
  GIVEN("batch 0 (S[lid] to T[lid]), an empty batch 1, then an uncommitted copy") {
    auto sim = start(kHeader + "main: {\n  cp_async(T, lid, S, lid, 1);\n  cp_commit();\n  cp_commit();\n"
                               "  cp_async(T, 2 + lid, S, 2 + lid, 1);\n  cp_wait(1); // wait\n  barrier; // end\n}\n");
    runTo(*sim, "// wait");
    REQUIRE(!sim->step());
    THEN("cp_wait(1) does batch 0 only (0 + 1 < 2 commits), as each thread's own write") {
      CHECK(sim->m->lastRule() == Rule::TCpWait);
      CHECK(sim->s.copies.size() == 2);  // the uncommitted ones
      CHECK(sim->s.commits == std::vector<uint32_t>{2, 2});
      REQUIRE(sim->s.logs[1].writes.size() == 1);
      CHECK(sim->s.logs[1].writes[0].value == 2);
      CHECK(sim->array("T") == W{0, 0, 0, 0});
    }
    THEN("the last barrier completes the uncommitted copies before merging") {
      CHECK(sim->run().kind == VerdictKind::Ok);
      CHECK(sim->array("T") == W{1, 2, 3, 4});
    }
  }
  GIVEN("a thread reading its own copy's destination before its wait") {
    auto sim = start(kHeader + "main: {\n  local x;\n  cp_async(T, lid, S, lid, 1);\n  cp_commit();\n"
                               "  x := rd(T, lid); // early\n  cp_wait(0);\n  barrier;\n}\n");
    Verdict v = sim->run();
    THEN("it is a race with its own copy") {
      CHECK(v.rule == Rule::AsyncRace);
      CHECK(v.loc.line == sim->line("// early"));
      CHECK(v.accesses[0].thread == 0);
      CHECK(v.accesses[1].thread == 0);
    }
  }
}

SCENARIO("the asynchronous statements print and parse back", "[kpl][async]") {
  const std::string text = kHeader + "main: {\n  local e;\n  e := async_copy(T, 0, 1, S, 1, 2, 2, 0);\n"
                                     "  async_copy(T, 2, 1, S, 0, 1, 1, e);\n  async_wait(e, 0);\n"
                                     "  cp_async(T, lid, S, lid, 1);\n  cp_commit();\n  cp_wait(0);\n  barrier;\n}\n";
  auto k = compile(text);
  const std::string printed = sdvmc::kpl::printProgram(k->program);
  CHECK(printed.find("e := async_copy(T, 0, 1, S, 1, 2, 2, 0);") != std::string::npos);
  CHECK(printed.find("cp_async(T, lid, S, lid, 1);") != std::string::npos);
  auto again = compile(printed);
  CHECK(sdvmc::kpl::sameAst(k->program, again->program));
}
