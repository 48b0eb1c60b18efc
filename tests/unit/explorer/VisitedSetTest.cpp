// The visited set alone: membership, growth under parallel insertion, what is stored
// with fingerprints (95 bits) against exact states, and its bytes per state.
#include "explorer/VisitedSet.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

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

TEST_CASE("The visited set grows under parallel insertion and keeps every state", "[explorer][visited]") {
  for (bool exact : {false, true}) {
    CAPTURE(exact);
    VisitedSet set(exact, 16);
    const uint64_t n = 200000;
    std::vector<std::vector<uint8_t>> states(n);
    std::vector<VisitedSet::Key> keys(n);
    for (uint64_t i = 0; i < n; ++i) {
      states[i] = bytesOf(i);
      keys[i] = {fingerprint(states[i]), states[i]};
    }
    // In batches, as the explorer inserts levels.
    for (uint64_t from = 0; from < n; from += 20000)
      set.insertAbsent(std::span<const VisitedSet::Key>(keys).subspan(from, 20000));
    REQUIRE(set.size() == n);
    REQUIRE(double(set.size()) <= 0.85 * double(set.capacity()));
    for (uint64_t i = 0; i < n; ++i) REQUIRE(set.contains(keys[i]));
    for (uint64_t i = n; i < n + 1000; ++i) {
      auto b = bytesOf(i);
      REQUIRE(!set.contains({fingerprint(b), b}));
    }
    if (!exact) REQUIRE(double(set.bytes()) / double(n) <= 16.0);
  }
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
