// The data abstraction of `check` (semantics/models/DataAbstraction.h over
// semantics/rules/Dependence.h): which sources are abstract on small kernels, one per kind of
// dependence that forces enumeration, and that the abstracted exploration finds the same
// violation as the enumerated one.
#include "ModelHelpers.h"

#include "semantics/models/DataAbstraction.h"
#include "semantics/models/SdvModel.h"
#include "semantics/rules/Launch.h"

#include <fmt/format.h>

using namespace modtest;

namespace {

std::string kernel(const std::string& use, const std::string& decls = "") {
  return "threads: 2;\ngroup: 0;\nshared A[2];\nshared B[2] = {0, 0};\n" + decls +
         "main: {\n  local x, y;\n  x := rd(A, lid);\n" + use + "\n  barrier;\n}\n";
}

/// A's decision (A is array 0) and what made it matter.
std::pair<bool, std::string> decideA(const std::string& text, bool benign = false) {
  auto k = compile(text);
  sem::DataAbstraction d = sem::planDataAbstraction(k->ir, true, benign);
  REQUIRE(!d.entries.empty());
  REQUIRE(d.entries[0].name == "A");
  return {d.entries[0].abstract, d.entries[0].why};
}

}  // namespace

TEST_CASE("data abstraction: a value that only flows into memory is abstract", "[models][abstraction]") {
  auto [abstract, why] = decideA(kernel("  wr(B, lid, x + 1);"));
  CHECK(abstract);
  CHECK(decideA(kernel("  y := x * 3;\n  wr(B, lid, y);")).first);
}

TEST_CASE("data abstraction: each kind of dependence forces enumeration", "[models][abstraction]") {
  struct Case {
    const char* use;
    const char* what;
  } cases[] = {
      {"  if (x == 1) { skip; }", "a branch or loop condition"},
      {"  while (x > 5) { x := x - 1; }", "loop"},
      {"  y := rd(B, x % 2);", "an address"},
      {"  wr(B, x % 2, 1);", "an address"},
      {"  assert(x != 7);", "an assertion"},
      {"  assume(x != 7);", "an assumption"},
      {"  y := 8 / (x + 1);", "a divisor"},
      {"  y := 1 << x;", "a shift amount"},
      {"  y := x > 0 && 4 / lid > 1;", "a condition guarding a division or shift"},
  };
  for (const Case& c : cases) {
    INFO(c.use);
    auto [abstract, why] = decideA(kernel(c.use));
    CHECK_FALSE(abstract);
    CHECK(why.find(c.what) != std::string::npos);
  }
  // The dividend cannot fail: only the divisor is a sink.
  CHECK(decideA(kernel("  y := x / 2;\n  wr(B, lid, y);")).first);
}

TEST_CASE("data abstraction: dependence through memory, atomics and --benign-writes", "[models][abstraction]") {
  // A's values written to C, C read into an address: A matters.
  CHECK_FALSE(decideA(kernel("  wr(C, lid, x);\n  barrier;\n  y := rd(C, lid);\n  y := rd(B, y % 2);", "shared C[2];\n")).first);
  // An atomic's old value is the array's.
  CHECK_FALSE(decideA(kernel("  y := atomic_add(A, 0, 1);\n  y := rd(B, y % 2);")).first);
  // Written values are compared under --benign-writes only.
  CHECK(decideA(kernel("  wr(B, 0, x);")).first);
  CHECK_FALSE(decideA(kernel("  wr(B, 0, x);"), true).first);
}

TEST_CASE("data abstraction: parameters are sources of their own", "[models][abstraction]") {
  auto k = compile("threads: 2;\ngroup: 0;\nparam n;\nparam m;\nshared B[2];\nmain: {\n  wr(B, lid, n);\n"
                   "  if (m > 0) { skip; }\n  barrier;\n}\n");
  sem::DataAbstraction d = sem::planDataAbstraction(k->ir, true, false);
  REQUIRE(d.abstractParams.size() == 2);
  CHECK(d.abstractParams[0]);
  CHECK_FALSE(d.abstractParams[1]);
  sem::DataAbstraction off = sem::planDataAbstraction(k->ir, false, false);
  CHECK_FALSE(off.abstractParams[0]);
}

TEST_CASE("data abstraction: the abstracted exploration finds the enumerated one's violation", "[models][abstraction]") {
  // A race on B[0] whatever A holds (A abstract), and an assertion that needs A[1] = 1.
  for (const char* use : {"  wr(B, 0, x);", "  assert(x == 0);"}) {
    INFO(use);
    auto k = compile(kernel(use));
    sem::DataAbstraction d = sem::planDataAbstraction(k->ir, true, false);
    sem::Bounds on, off;
    on.threads = off.threads = {2};
    on.abstractArrays = d.abstractArrays;
    sem::SdvModel a(k->ir, on), b(k->ir, off);
    auto ra = run(a), rb = run(b);
    REQUIRE(ra.status == rb.status);
    REQUIRE(ra.violation.has_value());
    CHECK(ra.violation->kind == rb.violation->kind);
    CHECK(ra.violation->at == rb.violation->at);
    CHECK(ra.states <= rb.states);
  }
}

TEST_CASE("data abstraction: checked signed operations and 64-bit addresses can fail", "[models][abstraction]") {
  auto [abstract, why] = decideA(kernel("  wr(B, lid, nsw_add(x, 1));"));
  CHECK_FALSE(abstract);
  CHECK(why.find("signed operation that can overflow") != std::string::npos);
  CHECK(decideA(kernel("  wr(B, lid, x + 1);")).first);  // wrapping addition cannot fail
}

namespace {
/// The group plan of a kernel of 4 threads and 8 groups with global arrays G (unbounded), H[64].
sem::GroupPlan groupPlan(const std::string& body) {
  auto k = compile("threads: 4;\ngroup: 0;\ngroups: 8;\nglobal G[];\nglobal H[64];\nmain: {\n  local i, x;\n" + body +
                   "\n  barrier;\n}\n");
  return sem::planGroups(k->ir, false);
}
}  // namespace

TEST_CASE("representative group: the group id reaching addresses only as gid*k + r", "[models][abstraction][groups]") {
  sem::GroupPlan p = groupPlan("  i := gid * 4 + lid;\n  x := rd(G, i);\n  wr(G, i, x + 1);");
  CHECK(p.representative);
  REQUIRE(p.offsets.size() == 2);
  REQUIRE(p.offsets[0].terms.size() == 1);
  CHECK(p.offsets[0].terms[0].literal == 4);
  CHECK(p.accessesFixed);
  // gid << 2, a sum of two gid terms, and gid cancelled out all keep the form.
  CHECK(groupPlan("  wr(G, (gid << 2) + lid, 1);").representative);
  CHECK(groupPlan("  wr(G, gid * 3 + gid + lid, 1);").offsets[0].terms.at(0).literal == 4);
  CHECK(groupPlan("  wr(G, gid - gid + lid, 1);\n  wr(G, lid + 4, 1);").representative);
}

TEST_CASE("representative group: what makes the group id matter", "[models][abstraction][groups]") {
  struct Case {
    const char* body;
    const char* what;
  } cases[] = {
      {"  if (gid == 3) { skip; }", "a branch or loop condition"},
      {"  assert(gid < 100);", "an assertion"},
      {"  x := 8 / (gid + 1);", "a divisor"},
      {"  wr(G, gid * gid, 1);", "not of the form"},
      {"  wr(G, gid * 4 + lid, 1);\n  wr(G, gid % 2 + lid, 2);", "unlike another access"},
      {"  wr(H, gid * 4 + lid, 1);", "bounds-checked"},
      {"  wr(G, gid * 4 + lid, 1);\n  wr(G, lid, 2);", "unlike another access"},
      {"  wr(G, lid, gid);\n  barrier;\n  x := rd(G, lid);\n  wr(G, x, 1);", "not of the form"},
      {"  if (lid == 0) { i := gid * 4; }\n  wr(G, i, 1);", "not of the form"},
  };
  for (const Case& c : cases) {
    INFO(c.body);
    sem::GroupPlan p = groupPlan(c.body);
    CHECK_FALSE(p.representative);
    CHECK(p.why.find(c.what) != std::string::npos);
  }
}

TEST_CASE("representative group: accesses fixed unless an array's values decide them", "[models][abstraction][groups]") {
  CHECK(groupPlan("  x := rd(G, lid);\n  wr(G, lid + 4, x);").accessesFixed);
  sem::GroupPlan p = groupPlan("  x := rd(G, lid);\n  if (x > 0) { wr(G, lid + 4, 1); }");
  CHECK_FALSE(p.accessesFixed);
  CHECK(p.accessesWhy.find("G's values reach") != std::string::npos);
  // An assertion on a value does not change which cells are accessed.
  CHECK(groupPlan("  x := rd(G, lid);\n  assert(x != 3);").accessesFixed);
}

TEST_CASE("representative group: translated accesses find exactly the launch's inter-group races",
          "[models][abstraction][groups]") {
  // Group g writes Out[g·K + lid·M] (and reads In at the same cells): every (K, M, threads,
  // groups) combination, the translation's answer against running the whole launch.
  int races = 0, checked = 0;
  for (int64_t K : {0LL, 1LL, 2LL, 3LL, 4LL, 8LL, 1LL << 30, -(1LL << 30), -1LL, -4LL})
    for (int M : {1, 2, 3})
      for (uint32_t n : {1u, 2u, 4u})
        for (uint32_t groups : {2u, 3u, 5u, 8u}) {
          const std::string text = fmt::format(
              "threads: {};\ngroup: 0;\ngroups: {};\nglobal In[];\nglobal Out[];\nmain: {{\n  local i, x;\n"
              "  i := gid * ({}) + lid * {};\n  x := rd(In, i);\n  wr(Out, i, x);\n  barrier;\n}}\n",
              n, groups, K, M);
          INFO(text);
          auto k = compile(text);
          sem::GroupPlan plan = sem::planGroups(k->ir, false);
          REQUIRE(plan.representative);
          REQUIRE(plan.accessesFixed);
          sem::SdvMachine m(k->ir, n);
          std::vector<sem::SdvMachine::FootprintEntry> footprint;
          m.setFootprint(&footprint);
          sem::GroupState s = m.initialState(0, sem::initialMemory(k->ir, 0), {});
          REQUIRE(m.run(s, UINT64_MAX).kind == sem::VerdictKind::Ok);
          std::vector<std::vector<sem::Word>> offsets(plan.offsets.size());
          for (size_t a = 0; a < plan.offsets.size(); ++a)
            for (uint32_t g = 0; g < groups; ++g)
              offsets[a].push_back(plan.offsets[a].value(k->ir, static_cast<sem::Word>(g), m.evaluator().geometry().localSize,
                                                         m.evaluator().geometry().numGroups));
          const sem::Verdict t = sem::translatedGroupRace(k->ir, m, footprint, offsets, 0, groups, false);
          const sem::LaunchResult l = sem::runLaunch(k->ir, n, groups, sem::initialMemory(k->ir, 0), {}, UINT64_MAX);
          CHECK(t.kind == l.verdict.kind);
          if (t.kind == sem::VerdictKind::Race) {
            CHECK(t.rule == sem::Rule::GroupRace);
            // The reported pair really meets: the same cell, reached from two different groups.
            REQUIRE(t.accesses.size() == 2);
            CHECK(t.accesses[0].group != t.accesses[1].group);
            ++races;
          }
          ++checked;
        }
  CHECK(races > 0);
  CHECK(races < checked);
}

TEST_CASE("representative group: 2-D group coordinates, translated accesses against the launch",
          "[models][abstraction][groups]") {
  // Group g = (g % 3, g / 3) writes Out[(g % 3)·A + (g / 3)·B + lid·M]: the translation's answer
  // against running the whole launch, for every combination.
  int races = 0, checked = 0;
  for (int A : {0, 1, 2, 4})
    for (int B : {0, 2, 3, 8, 12})
      for (int M : {1, 2})
        for (uint32_t n : {1u, 2u, 4u})
          for (uint32_t groups : {3u, 6u, 9u}) {
            const std::string text = fmt::format(
                "threads: {};\ngroup: 0;\ngroups: {};\nglobal Out[];\nmain: {{\n  local i;\n"
                "  i := (gid % 3) * {} + (gid / 3) * {} + lid * {};\n  wr(Out, i, lid);\n  barrier;\n}}\n",
                n, groups, A, B, M);
            INFO(text);
            auto k = compile(text);
            sem::GroupPlan plan = sem::planGroups(k->ir, false);
            REQUIRE(plan.representative);
            sem::SdvMachine m(k->ir, n);
            std::vector<sem::SdvMachine::FootprintEntry> footprint;
            m.setFootprint(&footprint);
            sem::GroupState s = m.initialState(0, sem::initialMemory(k->ir, 0), {});
            REQUIRE(m.run(s, UINT64_MAX).kind == sem::VerdictKind::Ok);
            std::vector<std::vector<sem::Word>> offsets(plan.offsets.size());
            for (size_t a = 0; a < plan.offsets.size(); ++a)
              for (uint32_t g = 0; g < groups; ++g)
                offsets[a].push_back(plan.offsets[a].value(k->ir, static_cast<sem::Word>(g),
                                                           m.evaluator().geometry().localSize,
                                                           m.evaluator().geometry().numGroups));
            const sem::Verdict t = sem::translatedGroupRace(k->ir, m, footprint, offsets, 0, groups, false);
            const sem::LaunchResult l = sem::runLaunch(k->ir, n, groups, sem::initialMemory(k->ir, 0), {}, UINT64_MAX);
            CHECK(t.kind == l.verdict.kind);
            if (t.kind == sem::VerdictKind::Race) {
              CHECK(t.accesses.at(0).group != t.accesses.at(1).group);
              ++races;
            }
            ++checked;
          }
  CHECK(races > 0);
  CHECK(races < checked);
}

TEST_CASE("representative group: 64-bit cells (addr64) are compared exactly, not on the 2^32 circle",
          "[models][abstraction][groups][index64]") {
  // Every group reads Out[5] and writes Out at H · 2^32 + 5 + lid · M (no group id in the
  // address: h is constant): a write-write race between groups 0 and 1 at H · 2^32 + 5, never a
  // read-write one at cell 5, the written cell's low word (which the 2^32 circle would confuse
  // with it, and report first for H > 0). Against the launch.
  for (int H : {1, -1, 7})
    for (int M : {1, 3})
      for (uint32_t n : {1u, 2u})
        for (uint32_t groups : {1u, 2u, 3u}) {
          const std::string text = fmt::format(
              "threads: {};\ngroup: 0;\ngroups: {};\nglobal Out[];\nmain: {{\n  local x;\n"
              "  x := rd(Out, 5);\n  wr(Out, addr64({}, 5 + lid * {}), x);\n  barrier;\n}}\n",
              n, groups, H, M);
          INFO(text);
          auto k = compile(text);
          sem::GroupPlan plan = sem::planGroups(k->ir, false);
          REQUIRE(plan.representative);
          REQUIRE(plan.accessesFixed);
          sem::SdvMachine m(k->ir, n);
          std::vector<sem::SdvMachine::FootprintEntry> footprint;
          m.setFootprint(&footprint);
          sem::GroupState s = m.initialState(0, sem::initialMemory(k->ir, 0), {});
          REQUIRE(m.run(s, UINT64_MAX).kind == sem::VerdictKind::Ok);
          std::vector<std::vector<sem::Word>> offsets(plan.offsets.size());
          for (size_t a = 0; a < plan.offsets.size(); ++a)
            for (uint32_t g = 0; g < groups; ++g)
              offsets[a].push_back(plan.offsets[a].value(k->ir, static_cast<sem::Word>(g), m.evaluator().geometry().localSize,
                                                         m.evaluator().geometry().numGroups));
          const sem::Verdict t = sem::translatedGroupRace(k->ir, m, footprint, offsets, 0, groups, false);
          const sem::LaunchResult l = sem::runLaunch(k->ir, n, groups, sem::initialMemory(k->ir, 0), {}, UINT64_MAX);
          CHECK(t.kind == l.verdict.kind);
          if (groups == 1) {
            CHECK(t.kind == sem::VerdictKind::Ok);
            continue;
          }
          REQUIRE(t.kind == sem::VerdictKind::Race);
          REQUIRE(t.accesses.size() == 2);
          CHECK(t.accesses[0].addr.index == int64_t{H} * (int64_t{1} << 32) + 5);
          CHECK(t.accesses[0].write);
          CHECK(t.accesses[1].write);
          CHECK(t.accesses[1].addr == t.accesses[0].addr);
          CHECK(t.accesses[0].group == 0);
          CHECK(t.accesses[1].group == 1);
        }
}
