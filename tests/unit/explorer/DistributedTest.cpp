// The distributed search (explorer/Distributed.h) with ranks as threads of this process:
// for every number of ranks and jobs, the same status, counts, depth, witness and limit
// messages as one process with one job; every rank gets the same result; per-rank
// figures add up.
#include "SameResult.h"
#include "ToyModels.h"

#include "explorer/Distributed.h"
#include "explorer/Explorer.h"

#include <catch2/catch.hpp>

#include <mutex>

namespace sem = sdvmc::sem;
using namespace sdvmc::explore;
using namespace sdvmc::explore::test;
using Status = Result::Status;

namespace {

/// Every rank's result of a distributed search over `ranks` threads.
std::vector<Result> distributed(const sem::Model& model, const Options& options, int ranks) {
  std::vector<Result> results(static_cast<size_t>(ranks));
  runLocalRanks(ranks, [&](Communicator& comm) { results[size_t(comm.rank())] = exploreDistributed(model, options, comm); });
  return results;
}

/// The same with batches of about `batchBytes` bytes of records (at least 64 states).
std::vector<Result> distributed(const sem::Model& model, const Options& options, int ranks, uint64_t batchBytes) {
  std::vector<Result> results(static_cast<size_t>(ranks));
  runLocalRanks(ranks, [&](Communicator& comm) {
    results[size_t(comm.rank())] = exploreDistributed(model, options, comm, batchBytes);
  });
  return results;
}

/// What a distributed result must share with the serial one.
void requireSame(const Result& serial, const Result& d) {
  requireSameCounts(serial, d);
  REQUIRE(d.depth == serial.depth);
  REQUIRE(d.initial == serial.initial);
  REQUIRE(d.path == serial.path);
  REQUIRE(d.limit == serial.limit);
  REQUIRE(d.violation.has_value() == serial.violation.has_value());
  if (d.violation) REQUIRE(d.violation->message == serial.violation->message);
}

void requireSameEverywhere(const Result& serial, const std::vector<Result>& all) {
  uint64_t owned = 0;
  for (const Result& r : all) {
    requireSame(serial, r);
    REQUIRE(r.ranks.size() == all.size());
  }
  for (const RankFigures& f : all[0].ranks) owned += f.states;
  if (serial.status == Status::Complete) REQUIRE(owned == serial.states);
}

}  // namespace

TEST_CASE("Distributed: complete searches have the serial counts for 1-5 ranks", "[explorer][distributed]") {
  Grid grid(30, 20);
  Choices choices(25);
  Torus torus(7);
  for (const sem::Model* model : {static_cast<const sem::Model*>(&grid), static_cast<const sem::Model*>(&choices),
                                  static_cast<const sem::Model*>(&torus)}) {
    const Result serial = explore(*model, withJobs(1));
    REQUIRE(serial.status == Status::Complete);
    for (int ranks : {1, 2, 3, 5})
      for (unsigned j : {1u, 2u}) {
        CAPTURE(ranks, j);
        std::vector<Result> all = distributed(*model, withJobs(j), ranks);
        requireSameEverywhere(serial, all);
        if (ranks > 1) {
          uint64_t sent = 0;
          for (const RankFigures& f : all[0].ranks) sent += f.bytesSent;
          REQUIRE(sent > 0);
        }
      }
  }
}

TEST_CASE("Distributed: the shortest witness is the serial one (first discoverers across ranks)",
          "[explorer][distributed]") {
  for (auto target : {std::pair<uint32_t, uint32_t>{17, 23}, {40, 3}, {0, 39}, {29, 29}, {0, 0}}) {
    const uint32_t tx = target.first, ty = target.second;
    Grid grid(60, 60);
    grid.violates = [tx, ty](uint32_t x, uint32_t y) { return x == tx && y == ty; };
    const Result serial = explore(grid, withJobs(1));
    REQUIRE(serial.status == Status::Violation);
    for (int ranks : {1, 2, 4, 7})
      for (uint32_t bits : {20u, 4u}) {
        Options o = withJobs(ranks == 4 ? 2 : 1);
        o.initialTableBits = bits;  // 16 slots: the table grows between rounds
        CAPTURE(tx, ty, ranks, bits);
        std::vector<Result> all = distributed(grid, o, ranks);
        requireSameEverywhere(serial, all);
        Grid replayer = grid;
        REQUIRE(replayer.replay(all[0].initial, all[0].path).violation);
      }
  }
  // Several violating states in one level: the smallest global index wins.
  Grid grid(50, 50);
  grid.violates = [](uint32_t x, uint32_t y) { return x + y == 17 && x % 2 == 1; };
  const Result serial = explore(grid, withJobs(1));
  for (int ranks : {2, 3, 4}) requireSameEverywhere(serial, distributed(grid, withJobs(1), ranks));
}

TEST_CASE("Distributed: levels of many rounds, whose records travel without their states, have the serial results",
          "[explorer][distributed]") {
  // With batches of 64 states (256 bytes of records: fewer than 64 states' worth), a rank
  // expands a level of more than 128 of its states in several rounds: the records of every
  // batch but the last carry no state, the owner asks for the bytes of the states they
  // claim (in the next round) and gets them in the round after. The 2-D grid's levels (its
  // diagonals, up to 60 states) stay single rounds below 2 ranks; the 4-D torus of side 9
  // (6,561 states, levels of up to 900 or so) and the violating 60 x 60 grid's largest
  // levels do not, so the rounds exceed those of 2 MiB batches.
  Torus torus(9);
  const Result serial = explore(torus, withJobs(1));
  REQUIRE(serial.status == Status::Complete);
  for (int ranks : {2, 3, 5})
    for (unsigned j : {1u, 2u}) {
      CAPTURE(ranks, j);
      std::vector<Result> small = distributed(torus, withJobs(j), ranks, 256);
      requireSameEverywhere(serial, small);
      const std::vector<Result> large = distributed(torus, withJobs(j), ranks);
      REQUIRE(small[0].rounds > large[0].rounds);
    }
  Grid grid(60, 60);
  grid.violates = [](uint32_t x, uint32_t y) { return x == 41 && y == 37; };
  const Result witness = explore(grid, withJobs(1));
  REQUIRE(witness.status == Status::Violation);
  for (int ranks : {1, 2, 3})
    for (unsigned j : {1u, 2u}) {
      CAPTURE(ranks, j);
      Options o = withJobs(j);
      o.initialTableBits = 4;  // the table grows between rounds too
      std::vector<Result> all = distributed(grid, o, ranks, 256);
      requireSameEverywhere(witness, all);
      Grid replayer = grid;
      REQUIRE(replayer.replay(all[0].initial, all[0].path).violation);
    }
}

TEST_CASE("Distributed: duplicate initial states, stuck states and the state limit", "[explorer][distributed]") {
  Grid grid(10, 10);
  grid.initial = {encode({5, 5}), encode({0, 0}), encode({5, 5})};
  grid.violates = [](uint32_t x, uint32_t y) { return x == 0 && y == 1; };
  Result serial = explore(grid, withJobs(1));
  for (int ranks : {1, 2, 3}) requireSameEverywhere(serial, distributed(grid, withJobs(1), ranks));

  Grid stuck(20, 20);
  stuck.stuckAt = [](uint32_t x, uint32_t y) { return x + y == 9 && x > 3; };
  serial = explore(stuck, withJobs(1));
  REQUIRE(serial.status == Status::Inconclusive);
  for (int ranks : {1, 2, 4}) requireSameEverywhere(serial, distributed(stuck, withJobs(1), ranks));

  Grid big(100, 100);
  Options limited = withJobs(1);
  limited.maxStates = 1000;
  serial = explore(big, limited);
  REQUIRE(serial.status == Status::Inconclusive);
  REQUIRE(serial.limit.find("--max-states 1000 reached") != std::string::npos);
  for (int ranks : {1, 2, 4}) requireSameEverywhere(serial, distributed(big, limited, ranks));
}

TEST_CASE("Distributed: --max-seconds ends every rank inconclusive", "[explorer][distributed]") {
  Grid slow(200, 200);
  slow.delay = std::chrono::microseconds(200);
  Options o = withJobs(1);
  o.maxSeconds = 0.3;
  for (int ranks : {1, 3}) {
    std::vector<Result> all = distributed(slow, o, ranks);
    for (const Result& r : all) {
      REQUIRE(r.status == Status::Inconclusive);
      REQUIRE(r.limit.find("--max-seconds 0.3 reached") != std::string::npos);
      REQUIRE(r.states == all[0].states);
      REQUIRE(r.limit == all[0].limit);
    }
  }
}

TEST_CASE("Distributed: a successor already sent to its owner is not sent again", "[explorer][distributed]") {
  // A 4-dimensional torus of side 12: 20,736 states, each reached by 4 transitions.
  // With 2 ranks, half of the 82,944 transitions lead to the other rank's states; a record
  // with its state's bytes is 28 bytes of header and the state's 8 bytes, so sending every
  // remote successor would cost 41,472 · 36 = 1.49 MB of records alone. A rank that sends
  // each of the other rank's states at most once sends at most its 10,368 states' records:
  // at most 40 bytes each (a record without the bytes, 24, its request, 4, and the answer,
  // 4 + 8, when it claims the state; 36 with the bytes), 0.41 MB per rank, 0.83 MB in all;
  // the numbering adds 12 bytes per state whose parent's slice is on the other rank
  // (≈ 0.12 MB) and the statuses 2 · 88 bytes a round (≈ 50 rounds: 9 kB). So ≈ 0.96 MB at
  // most against ≈ 1.62 MB: the bound 1.2 MB tells them apart. (With one
  // job per rank the volume does not depend on timing; with two, each worker has its own
  // cache and which one meets a state first varies, so only the results are compared.)
  Torus torus(12);
  const Result serial = explore(torus, withJobs(1));
  REQUIRE(serial.states == 20736);
  REQUIRE(serial.transitions == 4 * 20736);
  for (unsigned j : {1u, 2u}) {
    CAPTURE(j);
    std::vector<Result> all = distributed(torus, withJobs(j), 2);
    requireSameEverywhere(serial, all);
    uint64_t sent = 0;
    for (const RankFigures& f : all[0].ranks) sent += f.bytesSent;
    CAPTURE(sent);
    if (j == 1) REQUIRE(sent < 1'200'000);
  }
}
