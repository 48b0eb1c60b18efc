// The radix sort of the distributed search's numbering (explorer/RadixSort.h): the order
// of std::stable_sort by the same key, for keys shaped as the search's (parent << 32 |
// successor), for keys that vary in every digit, and for keys that do not vary at all.
#include "explorer/RadixSort.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace sdvmc::explore;

namespace {

struct Item {
  uint64_t key;
  uint32_t tag;  // the position before sorting: checks stability
};

void checkAgainstStableSort(std::vector<Item> items) {
  std::vector<Item> expected = items;
  std::stable_sort(expected.begin(), expected.end(), [](const Item& a, const Item& b) { return a.key < b.key; });
  std::vector<Item> scratch;
  radixSort(items, scratch, [](const Item& x) { return x.key; });
  REQUIRE(items.size() == expected.size());
  for (size_t i = 0; i < items.size(); ++i) {
    REQUIRE(items[i].key == expected[i].key);
    REQUIRE(items[i].tag == expected[i].tag);
  }
}

}  // namespace

TEST_CASE("radixSort: the order of a stable sort by the key", "[explorer][distributed]") {
  std::mt19937_64 random(20261126);
  SECTION("discoverer keys: parents below 10^6, successors below 40, with repeats") {
    std::vector<Item> items;
    for (uint32_t i = 0; i < 50000; ++i)
      items.push_back(Item{(uint64_t(random() % 1000000) << 32) | (random() % 40), i});
    checkAgainstStableSort(items);
  }
  SECTION("keys that vary in every digit, the top bit included") {
    std::vector<Item> items;
    for (uint32_t i = 0; i < 20000; ++i) items.push_back(Item{random() | (i % 2 ? uint64_t(1) << 63 : 0), i});
    items.push_back(Item{0, 20000});
    items.push_back(Item{~uint64_t(0), 20001});
    checkAgainstStableSort(items);
  }
  SECTION("equal keys keep their order; empty and single inputs") {
    std::vector<Item> items;
    for (uint32_t i = 0; i < 100; ++i) items.push_back(Item{42, i});
    checkAgainstStableSort(items);
    checkAgainstStableSort({});
    checkAgainstStableSort({Item{7, 0}});
    checkAgainstStableSort({Item{9, 0}, Item{3, 1}});
  }
}
