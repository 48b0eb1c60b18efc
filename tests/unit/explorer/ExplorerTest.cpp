// The explorer on toy models with hand-counted state spaces: exact counts, shortest
// witnesses that replay, limits, and the same verdict, counts, path and terminals for
// every number of jobs, for BFS and DFS, with fingerprints and with exact states.
#include "SameResult.h"
#include "ToyModels.h"

#include "explorer/Explorer.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace sem = sdvmc::sem;
using namespace sdvmc::explore;
using namespace sdvmc::explore::test;
using Status = Result::Status;

TEST_CASE("A grid has W*H states and 2((W-1)H + W(H-1)) transitions", "[explorer]") {
  Grid grid(30, 20);
  for (unsigned jobs : {1u, 2u, 4u}) {
    Result r = explore(grid, withJobs(jobs));
    CAPTURE(jobs);
    REQUIRE(r.status == Status::Complete);
    REQUIRE(r.states == 600);
    REQUIRE(r.transitions == 2 * (29 * 20 + 30 * 19));
    REQUIRE(r.depth == 29 + 19 + 1);  // levels 0 .. 48
    REQUIRE(r.terminalStates == 0);
    REQUIRE(r.limit.empty());
    REQUIRE(!r.violation);
  }
}

TEST_CASE("Counts agree for BFS and DFS, jobs 1/2/4, fingerprints and exact states", "[explorer]") {
  Choices model(40);
  Options base;
  base.collectTerminals = true;
  Result reference = explore(model, base);
  REQUIRE(reference.status == Status::Complete);
  REQUIRE(reference.states == 41 * 41);
  REQUIRE(reference.transitions == 3 * 40 * 40);
  // Values 0..80 after 40 steps: 17 divisible by 5 (their transition discarded), 64
  // terminal.
  REQUIRE(reference.discarded == 17);
  REQUIRE(reference.terminalStates == 64);
  REQUIRE(reference.terminals.size() == 64);
  REQUIRE(std::is_sorted(reference.terminals.begin(), reference.terminals.end()));
  for (bool dfs : {false, true})
    for (bool exact : {false, true})
      for (unsigned jobs : {1u, 2u, 4u}) {
        Options o = base;
        o.depthFirst = dfs;
        o.exact = exact;
        o.jobs = jobs;
        CAPTURE(dfs, exact, jobs);
        requireSameCounts(explore(model, o), reference);
      }
}

TEST_CASE("BFS finds a shortest violation, the same for every jobs, and it replays", "[explorer]") {
  Grid grid(50, 50);
  // Every state at depth 17 with odd x violates: several candidates, one canonical.
  grid.violates = [](uint32_t x, uint32_t y) { return x + y == 17 && x % 2 == 1; };
  Result first;
  for (unsigned jobs : {1u, 2u, 4u}) {
    for (bool exact : {false, true}) {
      Options o = withJobs(jobs);
      o.exact = exact;
      Result r = explore(grid, o);
      CAPTURE(jobs, exact);
      REQUIRE(r.status == Status::Violation);
      REQUIRE(r.violation);
      REQUIRE(r.violation->kind == sem::VerdictKind::Assertion);
      REQUIRE(r.path.size() == 17 + 1);  // 17 moves, then the violating transition
      REQUIRE(r.path.back() == 1);       // after +x
      // Every state at depth <= 17 was visited: 18*19/2.
      REQUIRE(r.states == 171);
      Grid replayer = grid;
      sem::Replay replay = replayer.replay(r.initial, r.path);
      REQUIRE(replay.violation);
      if (jobs == 1 && !exact) {
        first = r;
      } else {
        REQUIRE(r.path == first.path);
        REQUIRE(r.initial == first.initial);
        REQUIRE(r.transitions == first.transitions);
        REQUIRE(r.states == first.states);
      }
    }
  }
}

TEST_CASE("BFS parents are first discoverers for every jobs, also when the table grows mid-level", "[explorer]") {
  // In a grid every state but the border ones has two parents one level up; the witness
  // takes, at each step back, the parent with the smallest (index, successor). With several
  // jobs, workers meet states other workers claimed and must lower their keys; with a
  // 16-slot table the table grows between rounds of a level (states left for later).
  for (auto target : {std::pair<uint32_t, uint32_t>{17, 23}, {40, 3}, {0, 39}, {29, 29}}) {
    const uint32_t tx = target.first, ty = target.second;  // (clang 14 captures no bindings)
    Grid grid(60, 60);
    grid.violates = [tx, ty](uint32_t x, uint32_t y) { return x == tx && y == ty; };
    Result first;
    bool have = false;
    for (uint32_t bits : {20u, 4u})
      for (unsigned jobs : {1u, 2u, 3u, 4u, 8u}) {
        Options o = withJobs(jobs);
        o.initialTableBits = bits;
        Result r = explore(grid, o);
        CAPTURE(tx, ty, bits, jobs);
        REQUIRE(r.status == Status::Violation);
        REQUIRE(r.path.size() == tx + ty + 1);
        Grid replayer = grid;
        REQUIRE(replayer.replay(r.initial, r.path).violation);
        if (!have) {
          first = r;
          have = true;
          continue;
        }
        REQUIRE(r.path == first.path);
        REQUIRE(r.states == first.states);
        REQUIRE(r.transitions == first.transitions);
      }
  }
}

TEST_CASE("DFS finds a violation whose path replays", "[explorer]") {
  Grid grid(20, 20);
  grid.violates = [](uint32_t x, uint32_t y) { return x == 7 && y == 11; };
  Options o;
  o.depthFirst = true;
  Result r = explore(grid, o);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.path.size() >= 18 + 1);
  Grid replayer = grid;
  sem::Replay replay = replayer.replay(r.initial, r.path);
  REQUIRE(replay.violation);
  REQUIRE(coord(replay.last, 0) == 7);
  REQUIRE(coord(replay.last, 1) == 11);
}

TEST_CASE("Duplicate initial states are visited once and the witness names its root", "[explorer]") {
  Grid grid(10, 10);
  grid.initial = {encode({5, 5}), encode({0, 0}), encode({5, 5})};
  grid.violates = [](uint32_t x, uint32_t y) { return x == 0 && y == 1; };
  for (bool dfs : {false, true}) {
    Options o;
    o.depthFirst = dfs;
    Result r = explore(grid, o);
    CAPTURE(dfs);
    REQUIRE(r.status == Status::Violation);
    Grid replayer = grid;
    REQUIRE(replayer.replay(r.initial, r.path).violation);
    if (!dfs) {
      REQUIRE(r.initial == 1);
      // (0,0) --+y--> (0,1), then its transition after +x.
      REQUIRE(r.path == std::vector<uint32_t>{1, 1});
      REQUIRE(r.states == 2 + 4 + 2);             // level 0, then (5,5)'s 4 and (0,0)'s 2
    }
  }
  grid.violates = nullptr;
  Result all = explore(grid, Options());
  REQUIRE(all.states == 100);
}

TEST_CASE("A violation in an initial state has an empty path", "[explorer]") {
  Grid grid(4, 4);
  grid.violates = [](uint32_t x, uint32_t y) { return x == 0 && y == 0; };
  for (bool dfs : {false, true}) {
    Options o;
    o.depthFirst = dfs;
    Result r = explore(grid, o);
    REQUIRE(r.status == Status::Violation);
    REQUIRE(r.path == std::vector<uint32_t>{1});
    REQUIRE(r.initial == 0);
    REQUIRE(r.states == 1);
  }
}

TEST_CASE("--max-states ends the run inconclusive and says what was covered", "[explorer]") {
  Grid grid(100, 100);
  for (bool dfs : {false, true})
    for (unsigned jobs : {1u, 2u}) {
      Options o = withJobs(jobs);
      o.depthFirst = dfs;
      o.maxStates = 1000;
      Result r = explore(grid, o);
      CAPTURE(dfs, jobs, r.limit);
      REQUIRE(r.status == Status::Inconclusive);
      REQUIRE(r.states <= 1000);
      REQUIRE(r.limit.find("--max-states 1000") != std::string::npos);
      if (!dfs) {
        // Depth d has d+1 states; depths 0..43 make 990, depth 44 would pass 1000.
        REQUIRE(r.states == 990);
        REQUIRE(r.limit.find("depth <= 43") != std::string::npos);
      } else {
        REQUIRE(r.states == 1000);
      }
    }
}

TEST_CASE("--max-seconds ends a slow run inconclusive", "[explorer]") {
  Grid grid(1000, 1000);
  grid.delay = std::chrono::microseconds(200);
  for (bool dfs : {false, true}) {
    Options o = withJobs(2);
    o.depthFirst = dfs;
    o.maxSeconds = 0.3;
    Result r = explore(grid, o);
    CAPTURE(dfs, r.limit);
    REQUIRE(r.status == Status::Inconclusive);
    REQUIRE(r.limit.find("--max-seconds") != std::string::npos);
    REQUIRE(r.seconds < 3.0);
  }
}

TEST_CASE("--max-memory ends the run inconclusive instead of exceeding it", "[explorer]") {
  Grid grid(100, 100);
  for (bool dfs : {false, true}) {
    Options o;
    o.depthFirst = dfs;
    o.maxMemoryBytes = 1 << 20;  // less than the process already holds
    Result r = explore(grid, o);
    CAPTURE(dfs, r.limit);
    REQUIRE(r.status == Status::Inconclusive);
    REQUIRE(r.limit.find("--max-memory") != std::string::npos);
  }
}

TEST_CASE("A stuck model makes the run inconclusive with the model's message", "[explorer]") {
  Grid grid(10, 10);
  grid.stuckAt = [](uint32_t x, uint32_t y) { return x == 3 && y == 3; };
  for (bool dfs : {false, true})
    for (unsigned jobs : {1u, 2u}) {
      Options o = withJobs(jobs);
      o.depthFirst = dfs;
      Result r = explore(grid, o);
      CAPTURE(dfs, jobs);
      REQUIRE(r.status == Status::Inconclusive);
      REQUIRE(r.limit == "toy: stuck at (3,3)");
      // (3,3) is at depth 6: levels 0..5 were complete, the level of depth 6 was not.
      if (!dfs) {
        REQUIRE(r.depth == 6);
        REQUIRE(r.states == 28);  // states at depth <= 6: 1 + 2 + ... + 7
      }
    }
}

TEST_CASE("The visited set grows from 16 slots without losing states", "[explorer]") {
  Grid grid(320, 320);
  for (bool exact : {false, true})
    for (bool dfs : {false, true}) {
      Options o = withJobs(2);
      o.initialTableBits = 4;
      o.exact = exact;
      o.depthFirst = dfs;
      Result r = explore(grid, o);
      CAPTURE(exact, dfs);
      REQUIRE(r.status == Status::Complete);
      REQUIRE(r.states == 320 * 320);
      REQUIRE(r.transitions == 2 * (319 * 320 + 320 * 319));
      if (!exact) {
        // Once grown, the load stays in [0.76, 0.85] at 12 bytes a slot.
        REQUIRE(r.visitedBytesPerState <= 16.0);
        REQUIRE(r.visitedBytesPerState >= 12.0 / 0.86);
        REQUIRE(r.omissionProbability > 0);
        REQUIRE(r.omissionProbability < 1e-18);
      } else {
        REQUIRE(r.omissionProbability == 0);
        REQUIRE(r.visitedBytes > r.states * 4);
      }
    }
}

TEST_CASE("Statistics are filled in", "[explorer]") {
  Result r = explore(Grid(64, 64), Options());
  REQUIRE(r.seconds > 0);
  REQUIRE(r.peakMemoryBytes > 0);
  REQUIRE(r.visitedBytes == (uint64_t(1) << 20) * 12);  // the preallocated 2^20 slots
  REQUIRE(r.visitedBytesPerState == Approx(double(r.visitedBytes) / 4096));
}

TEST_CASE("Explorer throughput on a million-state torus, 1 and 2 jobs", "[.][explorer-bench]") {
  for (uint32_t work : {0u, 2000u}) {
    Torus torus(32, work);
    double rate1 = 0;
    for (unsigned jobs : {1u, 2u}) {
      Options o = withJobs(jobs);
      Result r = explore(torus, o);
      REQUIRE(r.status == Status::Complete);
      REQUIRE(r.states == 32u * 32 * 32 * 32);
      REQUIRE(r.transitions == 4u * 32 * 32 * 32 * 32);
      double rate = double(r.states) / r.seconds;
      if (jobs == 1) rate1 = rate;
      std::printf("torus work %u jobs %u: %llu states in %.3f s = %.0f states/s (x%.2f), "
                  "%.2f visited bytes/state, peak %llu MiB, omission %.3g\n",
                  work, jobs, (unsigned long long)r.states, r.seconds, rate, rate / rate1,
                  r.visitedBytesPerState, (unsigned long long)(r.peakMemoryBytes >> 20),
                  r.omissionProbability);
    }
  }
}

// ---------------------------------------------------------------------------------------
// allViolations (`check --all`)

namespace {

/// The Grid below violates on the anti-diagonals x + y = 4 and 7; a violation's key is
/// "a" + y % 2 on the first, "b" + x % 2 on the second: two distinct violations at depth 4,
/// two at depth 7, and duplicates of each.
Grid diagonals() {
  Grid grid(12, 12);
  grid.violates = [](uint32_t x, uint32_t y) { return x + y == 4 || x + y == 7; };
  return grid;
}
std::string keyOf(const sem::Verdict& v) {
  const uint32_t x = uint32_t(v.value), y = uint32_t(v.array);
  return x + y == 4 ? fmt::format("a{}", y % 2) : fmt::format("b{}", x % 2);
}
Options allOptions(unsigned jobs, std::vector<std::string>& keys) {
  Options o = withJobs(jobs);
  o.allViolations = true;
  o.distinct = [&keys](const FoundViolation& f) {
    const std::string k = keyOf(f.verdict);
    if (std::find(keys.begin(), keys.end(), k) != keys.end()) return false;
    keys.push_back(k);
    return true;
  };
  return o;
}
std::vector<std::pair<uint32_t, uint32_t>> where(const Result& r) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (const FoundViolation& f : r.violations) out.emplace_back(uint32_t(f.verdict.value), uint32_t(f.verdict.array));
  return out;
}

}  // namespace

TEST_CASE("--all: violating states are sinks, each distinct violation is kept at its first BFS occurrence, "
          "the same for every jobs",
          "[explorer][all]") {
  // BFS levels list a diagonal by decreasing x ((d,0) first: +x is every state's first
  // move), also after the sinks of diagonal 4 (which move +x only). So the first of each
  // key: a0 at (4,0), a1 at (3,1) (depth 4), then b1 at (7,0), b0 at (6,1) (depth 7). Every
  // state stays reachable around the sinks: all 144 are visited.
  Grid grid = diagonals();
  Result first;
  for (unsigned jobs : {1u, 2u, 4u})
    for (bool exact : {false, true}) {
      std::vector<std::string> keys;
      Options o = allOptions(jobs, keys);
      o.exact = exact;
      Result r = explore(grid, o);
      CAPTURE(jobs, exact);
      REQUIRE(r.status == Status::Violation);
      REQUIRE(r.limit.empty());
      REQUIRE(r.states == 144);
      REQUIRE(keys == std::vector<std::string>{"a0", "a1", "b1", "b0"});
      REQUIRE(where(r) == std::vector<std::pair<uint32_t, uint32_t>>{{4, 0}, {3, 1}, {7, 0}, {6, 1}});
      for (const FoundViolation& f : r.violations) {
        REQUIRE(f.path.size() == static_cast<size_t>(f.verdict.value) + f.verdict.array + 1);  // shortest: depth, then the violation
        Grid replayer = grid;
        sem::Replay rep = replayer.replay(f.initial, f.path);
        REQUIRE(rep.violation);
        REQUIRE(rep.violation->value == f.verdict.value);
        REQUIRE(rep.violation->array == f.verdict.array);
      }
      // The first is also the single-violation result.
      REQUIRE(r.path == r.violations.front().path);
      REQUIRE(r.violation->value == 4);
      if (jobs == 1 && !exact) {
        first = r;
        continue;
      }
      REQUIRE(r.transitions == first.transitions);
      for (size_t i = 0; i < r.violations.size(); ++i) REQUIRE(r.violations[i].path == first.violations[i].path);
    }
}

TEST_CASE("--all without a distinct rule keeps every violating transition, in BFS order", "[explorer][all]") {
  // Diagonal 4 has 5 states, diagonal 7 has 8, all reachable.
  Grid grid = diagonals();
  std::vector<std::pair<uint32_t, uint32_t>> expected;
  for (uint32_t x = 5; x-- > 0;) expected.emplace_back(x, 4 - x);
  Result first;
  for (unsigned jobs : {1u, 2u, 3u}) {
    Options o = withJobs(jobs);
    o.allViolations = true;
    Result r = explore(grid, o);
    CAPTURE(jobs);
    REQUIRE(r.violations.size() == 13);
    const auto w = where(r);
    REQUIRE(std::vector<std::pair<uint32_t, uint32_t>>(w.begin(), w.begin() + 5) == expected);
    if (jobs == 1)
      first = r;
    else
      REQUIRE(where(r) == where(first));
  }
}

TEST_CASE("--all with DFS finds the same distinct violations, with witnesses that replay", "[explorer][all]") {
  Grid grid = diagonals();
  std::vector<std::string> keys;
  Options o = allOptions(1, keys);
  o.depthFirst = true;
  Result r = explore(grid, o);
  REQUIRE(r.status == Status::Violation);
  REQUIRE(r.states == 144);
  std::sort(keys.begin(), keys.end());
  REQUIRE(keys == std::vector<std::string>{"a0", "a1", "b0", "b1"});
  for (const FoundViolation& f : r.violations) {
    Grid replayer = grid;
    REQUIRE(replayer.replay(f.initial, f.path).violation);
  }
}

TEST_CASE("--all cut by a limit reports what it found, with the limit", "[explorer][all]") {
  // Levels 0..4 hold 1 + 2 + 3 + 4 + 5 = 15 states; level 5 (the sinks' +x moves) 5 more: with
  // --max-states 17 the search stops after level 4, whose two distinct violations it found.
  for (unsigned jobs : {1u, 2u}) {
    Grid grid = diagonals();
    std::vector<std::string> keys;
    Options o = allOptions(jobs, keys);
    o.maxStates = 17;
    Result r = explore(grid, o);
    CAPTURE(jobs);
    REQUIRE(r.status == Status::Violation);
    REQUIRE(r.states == 15);
    REQUIRE(r.limit.find("--max-states 17") != std::string::npos);
    REQUIRE(where(r) == std::vector<std::pair<uint32_t, uint32_t>>{{4, 0}, {3, 1}});
  }
}
