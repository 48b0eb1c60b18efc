// 64-bit offsets of the asynchronous copies (semantics/rules/Async.cpp; specs/KPL.md,
// "Asynchronous copies"): an `addr64(h, l)` offset of async_copy or cp_async is the exact
// 64-bit cell, the copy's cells offset + k·stride computed in 64 bits, through the copy in
// flight, the race check and the state codec; a Word offset keeps Word arithmetic (and the
// codec its bytes). And at_taken's addr64 index (semantics/rules/EvalAnnot.cpp), and the one
// inter-group race verdict (semantics/rules/Launch.cpp). Values worked out by hand.
#include "Helpers.h"

#include "semantics/models/StateCodec.h"
#include "semantics/rules/Launch.h"

using namespace semtest;

namespace {
constexpr int64_t k2p32 = int64_t{1} << 32;

std::vector<std::pair<int64_t, int64_t>> cellsOf(const sem::AsyncCopy& c) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (auto [d, from] : c.cells) out.emplace_back(d.index, from.index);
  return out;
}
}  // namespace

SCENARIO("an addr64 offset of a copy is the exact 64-bit cell; a Word offset wraps as before",
         "[semantics][async][index64][G-ASYNC-COPY][T-CP-ASYNC]") {
  GIVEN("the group's reverse copy of 3 cells from addr64(1, 0) = 2^32, stride -1") {
    auto sim = start("threads: 2;\ngroup: 0;\nshared G[];\nshared S[4];\nmain: {\n  local e;\n"
                     "  e := async_copy(S, 0, 1, G, addr64(1, 0), -1, 3, 0);\n  async_wait(e); // wait\n  barrier;\n}\n");
    stepUntil(*sim, sem::NodeKind::Async, sim->line("// wait"));
    THEN("its cells are 2^32, 2^32 - 1, 2^32 - 2 (not the Word cells 0, -1, -2)") {
      REQUIRE(sim->s.copies.size() == 1);
      CHECK(cellsOf(sim->s.copies[0]) ==
            std::vector<std::pair<int64_t, int64_t>>{{0, k2p32}, {1, k2p32 - 1}, {2, k2p32 - 2}});
    }
    THEN("the state codec carries the copy in flight exactly") {
      std::vector<uint8_t> bytes;
      {
        sem::ByteWriter w(bytes);
        sem::encodeCopies(sim->ir(), sim->s, w);
      }
      sem::GroupState back;
      sem::ByteReader r(bytes);
      sem::decodeCopies(sim->ir(), back, r);
      REQUIRE(back.copies.size() == 1);
      CHECK(cellsOf(back.copies[0]) == cellsOf(sim->s.copies[0]));
    }
  }
  GIVEN("a Word offset 2^31 - 1, stride 1, 2 cells of an unbounded array") {
    auto sim = start("threads: 1;\ngroup: 0;\nshared G[];\nshared S[4];\nmain: {\n  local e;\n"
                     "  e := async_copy(S, 0, 1, G, 2147483647, 1, 2, 0);\n  async_wait(e); // wait\n  barrier;\n}\n");
    stepUntil(*sim, sem::NodeKind::Async, sim->line("// wait"));
    THEN("the second cell wraps to INT_MIN (Word arithmetic), and the codec writes the bytes of 32-bit cells") {
      REQUIRE(sim->s.copies.size() == 1);
      CHECK(cellsOf(sim->s.copies[0]) == std::vector<std::pair<int64_t, int64_t>>{{0, 2147483647}, {1, INT32_MIN}});
      std::vector<uint8_t> bytes;
      {
        sem::ByteWriter w(bytes);
        sem::encodeCopies(sim->ir(), sim->s, w);
      }
      // copies 1; owner 0 (the group's); event 1 (zig-zag 2); batch 0; 2 cells: (array 1, 0),
      // (array 0, 2^31 - 1: zig-zag 2^32 - 2 = fe ff ff ff 0f), (1, 1), (0, -2^31: zig-zag 2^32 - 1);
      // commits 0; next event 2 (zig-zag 4): as with svar (32-bit) cells.
      CHECK(bytes == std::vector<uint8_t>{1, 0, 2, 0, 2, 1, 0, 0, 0xfe, 0xff, 0xff, 0xff, 0x0f,
                                          1, 2, 0, 0xff, 0xff, 0xff, 0xff, 0x0f, 0, 4});
    }
  }
  GIVEN("a thread's copy whose source offset differs per thread in the high word only") {
    auto sim = start("threads: 2;\ngroup: 0;\nshared G[];\nshared S[4];\nmain: {\n"
                     "  cp_async(S, 2 * lid, G, addr64(lid, 8), 2); // copy\n  cp_commit();\n  barrier;\n}\n");
    stepUntil(*sim, sem::NodeKind::Async, sim->line("cp_commit"));
    THEN("each thread copies its own exact cells: thread 1 from 2^32 + 8") {
      REQUIRE(sim->s.copies.size() == 2);
      CHECK(cellsOf(sim->s.copies[0]) == std::vector<std::pair<int64_t, int64_t>>{{0, 8}, {1, 9}});
      CHECK(cellsOf(sim->s.copies[1]) == std::vector<std::pair<int64_t, int64_t>>{{2, k2p32 + 8}, {3, k2p32 + 9}});
    }
  }
  GIVEN("a write of a 64-bit source cell while the group's copy is in flight") {
    auto sim = start("threads: 2;\ngroup: 0;\nshared G[];\nshared S[4];\nmain: {\n  local e;\n"
                     "  e := async_copy(S, 0, 1, G, addr64(1, 0), 1, 2, 0);\n"
                     "  if (lid == 1) { wr(G, addr64(1, 1), 5); }\n  async_wait(e);\n  barrier;\n}\n");
    const sem::Verdict v = sim->run();
    THEN("ASYNC-RACE at the exact cell 2^32 + 1, the copy's read by thread 0 and thread 1's write") {
      CHECK(v.kind == sem::VerdictKind::Race);
      CHECK(v.rule == sem::Rule::AsyncRace);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].addr.index == k2p32 + 1);
      CHECK(!v.accesses[0].write);
      CHECK(v.accesses[1].thread == 1);
      CHECK(v.accesses[1].write);
      CHECK(v.accesses[1].addr.index == k2p32 + 1);
    }
  }
  GIVEN("a destination addr64(1, 1) in a bounded array of 4") {
    auto sim = start("threads: 1;\ngroup: 0;\nshared G[];\nshared S[4];\nmain: {\n  local e;\n"
                     "  e := async_copy(S, addr64(1, 1), 1, G, 0, 1, 1, 0);\n  barrier;\n}\n");
    const sem::Verdict v = sim->run();
    THEN("out-of-bounds naming 2^32 + 1, not its low word 1 (a cell of S)") {
      CHECK(v.kind == sem::VerdictKind::OutOfBounds);
      CHECK(v.value == k2p32 + 1);
    }
  }
}

SCENARIO("at_taken with an addr64 index asks for the exact 64-bit cell", "[semantics][annotations][index64]") {
  for (uint32_t threads : {2u, 1u}) {  // 1: the scalar evaluator
    CAPTURE(threads);
    const std::string text = "threads: 2;\ngroup: 0;\nshared C[];\nmain: {\n  local x;\n"
                             "  x := atomic_add(C, addr64(1, 16), 1);\n  assert(at_taken(C, addr64(1, 16), x));\n"
                             "  assert(!at_taken(C, 16, x)); // low\n  barrier;\n}\n";
    auto sim = start(text, {}, threads);
    CHECK(sim->run().kind == sem::VerdictKind::Ok);
    CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{k2p32 + 16, static_cast<sem::Word>(threads)}});
  }
}

TEST_CASE("groupRaceVerdict: the one inter-group race verdict, located at the later access", "[semantics][launch]") {
  auto k = compile("threads: 1;\ngroup: 0;\ngroups: 2;\nglobal A[];\nmain: {\n  wr(A, 0, 1);\n  barrier;\n}\n");
  sem::NodeId wr = findNode(k->ir, sem::NodeKind::Write, 6);
  const sem::Verdict v = sem::groupRaceVerdict(k->ir, sem::Address{0, k2p32}, sem::GroupAccess{0, 0, wr, 2},
                                               sem::GroupAccess{0, 1, wr, 0});
  CHECK(v.kind == sem::VerdictKind::Race);
  CHECK(v.rule == sem::Rule::GroupRace);
  CHECK(v.scope == "inter-group");
  CHECK(v.at == wr);
  CHECK(v.loc.line == 6);
  REQUIRE(v.accesses.size() == 2);
  CHECK(v.accesses[0].atomic);
  CHECK(v.accesses[0].write);
  CHECK(v.accesses[1].group == 1);
  CHECK(!v.accesses[1].write);
  CHECK(v.threads == std::vector<uint32_t>{0, 0});
  CHECK(v.message == "inter-group race on A[4294967296]: atomic by thread 0 of group 0, read by thread 0 of group 1");
}
