// 64-bit cell indices (semantics/rules/State.h, Address::index; specs/KPL.md, "64-bit
// addresses"): `addr64(h, l)` as an access's whole index is the exact cell h · 2^32 + l of an
// unbounded array, through T-RD / T-WR, the logs, G-RACE and G-SYNC's merge, and 64-bit atomics;
// nested in a larger expression it is a Word, an error beyond 32 bits. And the state codec
// carries such indices exactly, with the bytes of a 32-bit index for one that fits.
#include "Helpers.h"

#include "semantics/models/StateCodec.h"

#include <limits>

using namespace semtest;

namespace {
constexpr int64_t k2p32 = int64_t{1} << 32;
}

SCENARIO("addr64 as an access's index is the exact 64-bit cell of an unbounded array", "[semantics][T-WR][index64]") {
  GIVEN("two threads writing U at lid * 2^32 + 5 and reading it back") {
    const std::string text =
        "threads: 2;\ngroup: 0;\nshared U[];\nmain: {\n  local x;\n  wr(U, addr64(lid, 5), 7 + lid);\n"
        "  x := rd(U, addr64(lid, 5));\n  barrier;\n}\n";
    auto sim = start(text);
    const sem::Slot x = targetSlot(sim->ir(), sim->line("x := rd"));
    stepUntil(*sim, sem::NodeKind::Barrier, sim->line("barrier"));
    THEN("each thread's logs hold its exact cell, and it reads its own shadow value") {
      REQUIRE(sim->s.logs[0].writes.size() == 1);
      CHECK(sim->s.logs[0].writes[0].addr == sem::Address{0, 5});
      REQUIRE(sim->s.logs[1].writes.size() == 1);
      CHECK(sim->s.logs[1].writes[0].addr == sem::Address{0, k2p32 + 5});
      CHECK(sim->s.logs[1].reads[0].addr == sem::Address{0, k2p32 + 5});
      CHECK(sim->column(x) == std::vector<sem::Word>{7, 8});
    }
    THEN("G-SYNC merges each write at its own cell: the low word 5 is thread 0's only") {
      sem::Verdict v = sim->run();
      CHECK(v.kind == sem::VerdictKind::Ok);
      CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{5, 7}, {k2p32 + 5, 8}});
    }
  }
  GIVEN("a bounded array A[4] written at 2^32 + 2 (low word 2, inside A)") {
    auto sim = start("threads: 1;\ngroup: 0;\nshared A[4];\nmain: {\n  wr(A, addr64(1, 2), 1);\n  barrier;\n}\n");
    THEN("it is out-of-bounds at the exact index, not cell 2") {
      sem::Verdict v = sim->run();
      CHECK(v.kind == sem::VerdictKind::OutOfBounds);
      CHECK(v.value == k2p32 + 2);
      CHECK(v.message.find("A[4294967298], outside A[0..3]") != std::string::npos);
    }
  }
  GIVEN("a negative 64-bit index into a bounded array") {
    auto sim = start("threads: 1;\ngroup: 0;\nshared A[4];\nmain: {\n  wr(A, addr64(-2, 0), 1);\n  barrier;\n}\n");
    THEN("it is out-of-bounds with that index") {
      sem::Verdict v = sim->run();
      CHECK(v.kind == sem::VerdictKind::OutOfBounds);
      CHECK(v.value == -2 * k2p32);
    }
  }
}

SCENARIO("G-RACE names a conflict past 2^32 at its exact cell", "[semantics][G-RACE][index64]") {
  GIVEN("threads 0 and 1 write cell 2^32 + 9, and thread 1 writes its low word 9 alone") {
    const std::string text =
        "threads: 2;\ngroup: 0;\nshared U[];\nmain: {\n  wr(U, addr64(1, 9), lid);\n  wr(U, 9 * lid, 3);\n"
        "  barrier;\n}\n";
    auto sim = start(text);
    sem::Verdict v = sim->run();
    THEN("the race is on U[2^32 + 9], between threads 0 and 1; cell 9 (thread 1's) is no race") {
      REQUIRE(v.kind == sem::VerdictKind::Race);
      REQUIRE(v.accesses.size() == 2);
      CHECK(v.accesses[0].addr == sem::Address{0, k2p32 + 9});
      CHECK(v.accesses[1].addr == sem::Address{0, k2p32 + 9});
      CHECK(v.message.find("U[4294967305]") != std::string::npos);
    }
  }
}

SCENARIO("a 64-bit atomic at a 64-bit index takes the next cell exactly", "[semantics][T-ATOMIC][index64]") {
  GIVEN("atomic64_add at 2^32 - 1 (its high word at 2^32) and at the 32-bit index -1 (high word: 0)") {
    const std::string text =
        "threads: 1;\ngroup: 0;\nshared U[];\nmain: {\n  atomic64_add(U, addr64(0, -1), 0, 5);\n"
        "  atomic64_add(U, -1, 0, 6);\n  barrier;\n}\n";
    auto sim = start(text);
    sem::Verdict v = sim->run();
    THEN("the first pair is cells 2^32 - 1 and 2^32; the second -1 and 0 (i + 1 wraps as a Word)") {
      CHECK(v.kind == sem::VerdictKind::Ok);
      CHECK(sim->s.base.cells(0) == sdvmc::sem::Memory::Cells{{-1, 6}, {0, 0}, {k2p32 - 1, 5}, {k2p32, 0}});
    }
  }
}

SCENARIO("addr64 nested in an expression is a Word: beyond 32 bits it is inconclusive", "[semantics][T-ASSIGN][index64]") {
  auto sim = start("threads: 2;\ngroup: 0;\nshared U[];\nmain: {\n  local o;\n  o := addr64(lid, 7) + 1;\n  wr(U, o, 1);\n  barrier;\n}\n");
  sem::Verdict v = sim->run();
  CHECK(v.kind == sem::VerdictKind::Inconclusive);
  CHECK(v.threads == std::vector<uint32_t>{1});
  CHECK(v.message.find("4294967303") != std::string::npos);
}

TEST_CASE("state codec: 64-bit indices in logs and memory round-trip; 32-bit ones keep their bytes", "[models][codec][index64]") {
  auto k = compile("threads: 2;\ngroup: 0;\nshared U[];\nshared A[2];\nmain: {\n  wr(U, lid, 1);\n  barrier;\n}\n");
  const sem::Ir& ir = k->ir;
  const int64_t big = std::numeric_limits<int64_t>::max(), small = std::numeric_limits<int64_t>::min();
  sem::Memory m = sem::initialMemory(ir, 0);
  for (int64_t i : {small, -k2p32, int64_t{-1}, int64_t{3}, k2p32 + 3, big}) m.cells(0)[i] = static_cast<sem::Word>(i & 0xff);
  std::vector<uint8_t> bytes;
  {
    sem::ByteWriter w(bytes);
    sem::encodeMemory(ir, m, w);
  }
  sem::Memory back;
  sem::ByteReader r(bytes);
  sem::decodeMemory(ir, back, r);
  CHECK(back.cells(0) == m.cells(0));
  CHECK(back.bounded[1] == m.bounded[1]);

  // Logs: sorted entries, deltas within 2^31 and jumps past it, in both directions of the sign.
  sem::GroupState s;
  s.n = 2;
  s.locals.assign(static_cast<size_t>(ir.slotCount) * 2, 0);
  s.ss.push_back(sem::Item{ir.main, 0});
  s.logs.resize(2);
  s.logs[0].writes = {sem::LogEntry{{0, small}, 1}, sem::LogEntry{{0, -1}, 2}, sem::LogEntry{{0, k2p32 + 1}, 3},
                      sem::LogEntry{{0, k2p32 + 2}, 4}, sem::LogEntry{{1, 1}, 5}};
  s.logs[1].reads = {sem::LogEntry{{0, 7}}, sem::LogEntry{{0, big}}};
  std::vector<uint8_t> tb;
  {
    sem::ByteWriter w(tb);
    sem::encodeThreads(ir, s, /*withValues=*/true, w);
  }
  CHECK(tb.size() <= sem::threadsBound(s, true));
  sem::GroupState t;
  t.n = 2;
  t.locals.assign(s.locals.size(), 0);
  sem::ByteReader tr(tb);
  sem::decodeThreads(ir, t, /*withValues=*/true, tr);
  for (uint32_t i = 0; i < 2; ++i) {
    REQUIRE(t.logs[i].writes.size() == s.logs[i].writes.size());
    for (size_t e = 0; e < s.logs[i].writes.size(); ++e) {
      CHECK(t.logs[i].writes[e].addr == s.logs[i].writes[e].addr);
      CHECK(t.logs[i].writes[e].value == s.logs[i].writes[e].value);
    }
    REQUIRE(t.logs[i].reads.size() == s.logs[i].reads.size());
    for (size_t e = 0; e < s.logs[i].reads.size(); ++e) CHECK(t.logs[i].reads[e].addr == s.logs[i].reads[e].addr);
  }

  // An index that fits 32 bits is written as the 32-bit zig-zag varint was.
  for (int32_t v : {0, 1, -1, 63, -64, 64, 1 << 20, INT32_MIN, INT32_MAX}) {
    std::vector<uint8_t> a, b;
    {
      sem::ByteWriter wa(a), wb(b);
      wa.svar(v);
      wb.svar64(v);
    }
    CHECK(a == b);
    sem::ByteReader rb(b);
    CHECK(rb.svar64() == v);
  }
}
