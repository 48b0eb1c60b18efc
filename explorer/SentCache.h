// The cache of the successors a worker of the distributed search has sent (Distributed.cpp).
#pragma once

#include "explorer/VisitedSet.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sdvmc::explore {

/// The successors a worker has already sent to their owners (other ranks; with several
/// jobs, this rank's own buffer too): a direct-mapped cache (lossy: a newer fingerprint
/// takes the slot of an older one; the slot is chosen by the low bits of the fingerprint's
/// low word) of fingerprints, each with the level it was last sent in and the smallest key
/// it was sent with in that level.
/// A record need not be sent again when its fingerprint was sent in an earlier level (every
/// record sent in a completed level left its state in the owner's visited set, so the owner
/// would find it visited) or in this level with a key no larger (the owner keeps the
/// smallest key it receives): the owners receive fewer records and claim the same states
/// with the same discoverers, so the levels, counts and witness do not change. A cache
/// miss only costs a record the owner did not need.
class SentCache {
public:
  size_t capacity() const { return entries_.size(); }
  /// Empties the cache and gives it `entries` slots (a power of two).
  void resize(size_t entries) {
    std::vector<Entry>().swap(entries_);
    entries_.resize(entries);
    mask_ = entries - 1;
  }
  /// Starts loading the slot of `fp` into the cache (as VisitedSet::prefetch).
  void prefetch(const Fingerprint& fp) const {
    if (!entries_.empty()) __builtin_prefetch(&entries_[fp.low & mask_]);
  }
  /// Whether the record (fp, key) of level `level` is redundant (see above); if it is not,
  /// the cache takes note that it is sent.
  bool redundant(const Fingerprint& fp, uint64_t key, uint32_t level) {
    if (entries_.empty()) return false;
    Entry& e = entries_[fp.low & mask_];
    const uint32_t stamp = level + 1;  // (0: an empty slot)
    if (e.stamp != 0 && e.high == fp.high && e.low == fp.low) {
      if (e.stamp < stamp || e.key <= key) return true;
      e.key = key;  // a smaller key this level (workers take pieces in any order)
      return false;
    }
    e = Entry{fp.high, fp.low, key, stamp, 0};
    return false;
  }

private:
  struct Entry {
    uint64_t high = 0, low = 0, key = 0;
    uint32_t stamp = 0, pad = 0;
  };

public:
  static constexpr size_t kEntryBytes = sizeof(Entry);

private:
  std::vector<Entry> entries_;
  uint64_t mask_ = 0;
};

}  // namespace sdvmc::explore
