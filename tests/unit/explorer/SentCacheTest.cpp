// The cache of sent successors of the distributed search (explorer/SentCache.h): a record
// is redundant exactly when the same fingerprint was sent in an earlier level, or in this
// level with a key no larger; a slot taken by another fingerprint forgets the old one.
#include "explorer/SentCache.h"

#include <catch2/catch.hpp>

using namespace sdvmc::explore;

TEST_CASE("SentCache: redundant only for a state sent earlier with a key no larger", "[explorer][distributed]") {
  SentCache cache;
  const Fingerprint a{0x1111, 0x2205}, b{0x3333, 0x4405};
  // Empty (no slots): nothing is redundant, nothing remembered.
  REQUIRE_FALSE(cache.redundant(a, 7, 0));
  REQUIRE_FALSE(cache.redundant(a, 7, 0));
  cache.resize(16);
  REQUIRE(cache.capacity() == 16);
  // Level 3: the first record is sent; later ones with keys no larger than the smallest sent
  // are redundant (the owner keeps the smallest key).
  REQUIRE_FALSE(cache.redundant(a, 100, 3));
  REQUIRE(cache.redundant(a, 100, 3));
  REQUIRE(cache.redundant(a, 250, 3));
  // A smaller key (a worker that took a later piece first) is sent, and becomes the bound.
  REQUIRE_FALSE(cache.redundant(a, 40, 3));
  REQUIRE(cache.redundant(a, 70, 3));
  REQUIRE(cache.redundant(a, 40, 3));
  // A later level: the owner has committed the state, any key is redundant.
  REQUIRE(cache.redundant(a, 1, 4));
  REQUIRE(cache.redundant(a, 0, 9));
  // Another fingerprint with the same slot (the same low bits of `low`) takes it: `a` is
  // forgotten and sent again, with the level it is sent in.
  REQUIRE_FALSE(cache.redundant(b, 5, 9));
  REQUIRE_FALSE(cache.redundant(a, 8, 9));
  REQUIRE(cache.redundant(a, 8, 9));
  REQUIRE_FALSE(cache.redundant(a, 6, 9));
  // Fingerprints that differ in either word are different states.
  REQUIRE_FALSE(cache.redundant(Fingerprint{0x1112, 0x2205}, 1000, 9));
  REQUIRE_FALSE(cache.redundant(Fingerprint{0x1111, 0x3205}, 1000, 9));
  // Growing empties it.
  cache.resize(32);
  REQUIRE_FALSE(cache.redundant(Fingerprint{0x1111, 0x3205}, 1000, 9));
}
