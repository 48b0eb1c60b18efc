// (extension) Grid barriers, `barrier(grid);` (specs/KPL.md, "Grid barriers"): a launch of
// several groups runs in phases separated by them (semantics/rules/Launch.h); inter-group
// races are checked per phase; groups that do not all wait at the same instance of a grid
// barrier are grid barrier divergence. Parsed and printed as written.
#include "Helpers.h"

#include "kpl/Printer.h"
#include "semantics/rules/Launch.h"

using namespace semtest;
using sdvmc::sem::Rule;
using sdvmc::sem::VerdictKind;
using W = std::vector<sdvmc::sem::Word>;

namespace {
sdvmc::sem::LaunchResult launch(const Kernel& k, bool interGroup = true) {
  return sdvmc::sem::runLaunch(k.ir, k.program.threads, k.program.groups, sdvmc::sem::initialMemory(k.ir, 0), {},
                               1'000'000, nullptr, false, interGroup);
}

// Group g writes P[g]; after `sep`, it reads the other group's cell into Q[g].
std::string exchange(const std::string& sep) {
  return "threads: 1;\ngroup: 0;\ngroups: 2;\nglobal P[2];\nglobal Q[2];\nmain: {\n  local x;\n"
         "  wr(P, gid, 10 + gid); // write\n  " +
         sep + "\n  x := rd(P, 1 - gid);\n  wr(Q, gid, x);\n  barrier;\n}\n";
}
}  // namespace

SCENARIO("grid barriers: phases order the groups' accesses", "[semantics][extension][launch][grid]") {
  GIVEN("an exchange between two groups across barrier(grid);") {
    auto k = compile(exchange("barrier(grid);"));
    auto r = launch(*k);
    THEN("no inter-group race, and each group read the other's phase-0 write") {
      REQUIRE(r.verdict.kind == VerdictKind::Ok);
      CHECK(r.memory.bounded[0] == W{10, 11});
      CHECK(r.memory.bounded[1] == W{11, 10});
    }
    THEN("the printer writes it back as barrier(grid);") {
      CHECK(sdvmc::kpl::printProgram(k->program).find("barrier(grid);") != std::string::npos);
    }
  }
  GIVEN("the same exchange across a group barrier only") {
    auto k = compile(exchange("barrier;"));
    auto r = launch(*k);
    THEN("group 1's read of P[0] races with group 0's write of it (the smallest conflicting cell)") {
      REQUIRE(r.verdict.kind == VerdictKind::Race);
      CHECK(r.verdict.rule == Rule::GroupRace);
      REQUIRE(r.verdict.accesses.size() == 2);
      CHECK(r.verdict.accesses[0].group == 0);
      CHECK(r.verdict.accesses[0].write);
      CHECK(r.verdict.accesses[1].group == 1);
      CHECK_FALSE(r.verdict.accesses[1].write);
      CHECK(r.verdict.accesses[1].addr.index == 0);
    }
  }
  GIVEN("two groups writing one cell in the same phase, after a grid barrier") {
    const std::string text = "threads: 1;\ngroup: 0;\ngroups: 2;\nglobal P[2];\nmain: {\n  barrier(grid);\n"
                             "  wr(P, 0, gid); // same\n  barrier;\n}\n";
    auto k = compile(text);
    auto r = launch(*k);
    THEN("an inter-group race in the second phase") {
      REQUIRE(r.verdict.kind == VerdictKind::Race);
      CHECK(r.verdict.loc.line == lineOf(text, "// same"));
    }
  }
  GIVEN("a grid barrier only group 1 reaches") {
    const std::string text = "threads: 2;\ngroup: 0;\ngroups: 3;\nglobal P[2];\nmain: {\n"
                             "  if (gid == 1) { barrier(grid); } // only\n  barrier;\n}\n";
    auto k = compile(text);
    auto r = launch(*k, false);
    THEN("grid barrier divergence, even without the inter-group race check") {
      REQUIRE(r.verdict.kind == VerdictKind::Divergence);
      CHECK(r.verdict.scope == "grid");
      CHECK(r.verdict.groups == W{1, 0});
      CHECK(r.group == 1);
      CHECK(r.verdict.loc.line == lineOf(text, "// only"));
    }
  }
  GIVEN("main ending with barrier(grid);") {
    auto k = compile("threads: 2;\ngroup: 0;\ngroups: 2;\nglobal P[4];\nmain: {\n  wr(P, gid * 2 + lid, 1);\n"
                     "  barrier(grid);\n}\n");
    auto r = launch(*k);
    THEN("every group waits at it, then finishes with nothing left to run") {
      REQUIRE(r.verdict.kind == VerdictKind::Ok);
      CHECK(r.memory.bounded[0] == W{1, 1, 1, 1});
    }
  }
  GIVEN("a grid barrier some threads of a group reach") {
    auto k = compile("threads: 2;\ngroup: 0;\ngroups: 2;\nmain: {\n"
                     "  if (lid == 0) { barrier(grid); } // half\n  barrier;\n}\n");
    auto r = launch(*k);
    THEN("G-DIVERGENCE inside the group, as for any barrier") {
      REQUIRE(r.verdict.kind == VerdictKind::Divergence);
      CHECK(r.verdict.scope.empty());
      CHECK(r.verdict.enabled == std::vector<uint32_t>{0});
      CHECK(r.group == 0);
    }
  }
}
