// The visited set alone: membership, growth under parallel insertion, what is stored
// with fingerprints (95 bits) against exact states, and its bytes per state.
#include "explorer/VisitedSet.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstring>
#include <thread>

using namespace sdvmc::explore;

namespace {

std::vector<uint8_t> bytesOf(uint64_t i) {
  std::vector<uint8_t> b(sizeof i);
  std::memcpy(b.data(), &i, sizeof i);
  return b;
}

}  // namespace

TEST_CASE("Fingerprints depend on the bytes only", "[explorer][visited]") {
  std::vector<uint8_t> a{1, 2, 3}, b{1, 2, 3}, c{1, 2, 4};
  REQUIRE(fingerprint(a) == fingerprint(b));
  REQUIRE(fingerprint(a) != fingerprint(c));
}

TEST_CASE("The visited set grows under insertion and keeps every state", "[explorer][visited]") {
  for (bool exact : {false, true}) {
    CAPTURE(exact);
    VisitedSet set(exact, 16);
    const uint64_t n = 200000;
    for (uint64_t i = 0; i < n; ++i) {
      auto b = bytesOf(i);
      REQUIRE(set.insert({fingerprint(b), b}));
    }
    REQUIRE(set.size() == n);
    REQUIRE(double(set.size()) <= 0.85 * double(set.capacity()));
    for (uint64_t i = 0; i < n; ++i) {
      auto b = bytesOf(i);
      REQUIRE(set.contains({fingerprint(b), b}));
    }
    for (uint64_t i = n; i < n + 1000; ++i) {
      auto b = bytesOf(i);
      REQUIRE(!set.contains({fingerprint(b), b}));
    }
    if (!exact) REQUIRE(double(set.bytes()) / double(n) <= 16.0);
  }
}

TEST_CASE("Pending slots: each state claimed once by concurrent threads, met by the others, then committed",
          "[explorer][visited]") {
  // Four threads claim overlapping ranges of states (each state by two or three threads),
  // as the explorer's workers do within a level; a record per claim keeps the low bits,
  // which tell states with the same claim word apart (`same`). Also two states that share
  // their claim word but not their low bits: both must be claimed.
  VisitedSet set(false, 16);
  const uint64_t n = 40000, old = 1000;
  std::vector<Fingerprint> fps(n);
  for (uint64_t i = 0; i < n; ++i) fps[i] = fingerprint(bytesOf(i));
  fps[old + 1] = Fingerprint{fps[old].high, fps[old].low ^ 0xffff};  // state `old`'s claim word
  for (uint64_t i = 0; i < old; ++i) REQUIRE(set.insert({fps[i], {}}));  // visited before the level
  set.setConcurrent(true);
  set.reserve(n + 4 * 64);
  const unsigned kThreads = 4;
  std::vector<uint32_t> lows(4 * n + 1);           // by reference - 1
  std::vector<uint64_t> stateOf(4 * n + 1);
  std::atomic<uint32_t> nextRef{1};
  std::vector<std::vector<uint32_t>> claimed(kThreads), met(kThreads), visited(kThreads);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (uint64_t k = 0; k < n; ++k) {
        const uint64_t i = (k * 7919 + t * (n / 3)) % n;  // each thread its own order
        if ((i + t) % 4 == 0) continue;                    // not every thread meets every state
        const uint32_t ref = nextRef.fetch_add(1);
        auto same = [&](uint32_t r) { return lows[r - 1] == uint32_t(fps[i].low); };
        auto record = [&] {
          lows[ref - 1] = uint32_t(fps[i].low);
          stateOf[ref - 1] = i;
        };
        uint32_t owner = 0;
        switch (set.claimPending(fps[i], ref, same, record, &owner)) {
          case VisitedSet::Probe::Claimed: claimed[t].push_back(ref); break;
          case VisitedSet::Probe::Pending: met[t].push_back(owner); break;
          case VisitedSet::Probe::Visited: visited[t].push_back(uint32_t(i)); break;
        }
      }
    });
  for (std::thread& th : threads) th.join();
  std::vector<int> claims(n, 0);
  std::vector<uint32_t> refOf(n, 0);
  for (unsigned t = 0; t < kThreads; ++t) {
    for (uint32_t ref : claimed[t]) {
      ++claims[stateOf[ref - 1]];
      refOf[stateOf[ref - 1]] = ref;
    }
    for (uint32_t i : visited[t]) REQUIRE(i < old);
  }
  uint64_t fresh = 0;
  for (uint64_t i = 0; i < n; ++i) {
    CAPTURE(i);
    // Every state some thread met and that was not visited before was claimed exactly once.
    bool seen = false;
    for (unsigned t = 0; t < kThreads; ++t) seen = seen || (i + t) % 4 != 0;
    REQUIRE(claims[i] == (i >= old && seen ? 1 : 0));
    fresh += claims[i];
  }
  // A thread that met a pending state was given the reference of the one that claimed it.
  for (unsigned t = 0; t < kThreads; ++t)
    for (uint32_t owner : met[t]) REQUIRE(refOf[stateOf[owner - 1]] == owner);
  // Pending slots are not visited states until committed.
  REQUIRE(!set.contains({fps[n - 1], {}}));
  for (uint64_t i = old; i < n; ++i)
    if (claims[i]) set.commitPending(fps[i], refOf[i]);
  set.addCommitted(fresh);
  REQUIRE(set.size() == old + fresh);
  for (uint64_t i = 0; i < n; ++i) REQUIRE(set.contains({fps[i], {}}) == (i < old || claims[i] == 1));
}

TEST_CASE("insert adds a state once", "[explorer][visited]") {
  for (bool exact : {false, true}) {
    VisitedSet set(exact, 16);
    for (uint64_t i = 0; i < 1000; ++i) {
      auto b = bytesOf(i % 500);
      REQUIRE(set.insert({fingerprint(b), b}) == (i < 500));
    }
    REQUIRE(set.size() == 500);
  }
}

TEST_CASE("Exact states tell apart what fingerprints cannot", "[explorer][visited]") {
  // Two different states given the same fingerprint: only `exact` keeps both.
  std::vector<uint8_t> a{1, 2, 3}, b{4, 5};
  Fingerprint same = fingerprint(a);
  VisitedSet fingerprints(false, 16), exact(true, 16);
  REQUIRE(fingerprints.insert({same, a}));
  REQUIRE(!fingerprints.insert({same, b}));
  REQUIRE(exact.insert({same, a}));
  REQUIRE(exact.insert({same, b}));
  REQUIRE(exact.contains({same, a}));
  REQUIRE(exact.contains({same, b}));
  std::vector<uint8_t> empty;
  REQUIRE(exact.insert({fingerprint(empty), empty}));
  REQUIRE(exact.contains({fingerprint(empty), empty}));
}

TEST_CASE("The omission probability follows Murphi's estimate for 95 bits", "[explorer][visited]") {
  VisitedSet set(false, 16);
  REQUIRE(set.omissionProbability() == 0);
  for (uint64_t i = 0; i < 1000; ++i) {
    auto b = bytesOf(i);
    set.insert({fingerprint(b), b});
  }
  REQUIRE(set.omissionProbability() == Approx(1e6 / std::ldexp(1.0, 96)).epsilon(1e-9));
  VisitedSet exact(true, 16);
  auto b = bytesOf(1);
  exact.insert({fingerprint(b), b});
  REQUIRE(exact.omissionProbability() == 0);
}
