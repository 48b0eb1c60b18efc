// A least-significant-digit radix sort by a 64-bit key, for the distributed search's
// numbering of new states (Distributed.cpp): a level's keys (the parent's global index in
// the high word, the successor's number in the low one) use few of their 64 bits, so the
// sort makes one linear pass per 11-bit digit that varies (typically three: the successor
// numbers, the parents' indices) instead of std::sort's n log n comparisons.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sdvmc::explore {

/// Sorts `items` by `keyOf(item)` (a uint64_t), stably, using `scratch` (resized) as the
/// second buffer of the passes. Digits on which every key agrees cost no pass.
template <typename T, typename KeyOf>
void radixSort(std::vector<T>& items, std::vector<T>& scratch, KeyOf keyOf) {
  constexpr unsigned kBits = 11;
  constexpr size_t kBuckets = size_t(1) << kBits;
  const size_t n = items.size();
  if (n < 2) return;
  // The bits that vary: set in some key and clear in another.
  uint64_t any = 0, all = ~uint64_t(0);
  for (const T& x : items) {
    const uint64_t k = keyOf(x);
    any |= k;
    all &= k;
  }
  const uint64_t varying = any & ~all;
  scratch.resize(n);
  std::vector<size_t> start(kBuckets);
  for (unsigned shift = 0; shift < 64; shift += kBits) {
    const uint64_t mask = kBuckets - 1;
    if (((varying >> shift) & mask) == 0) continue;
    std::fill(start.begin(), start.end(), 0);
    for (const T& x : items) ++start[(keyOf(x) >> shift) & mask];
    size_t sum = 0;
    for (size_t& s : start) sum += std::exchange(s, sum);
    for (const T& x : items) scratch[start[(keyOf(x) >> shift) & mask]++] = x;
    items.swap(scratch);
  }
}

}  // namespace sdvmc::explore
