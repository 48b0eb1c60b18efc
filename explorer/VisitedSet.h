// The visited set of the explorer: a preallocated open-addressing table with linear
// probing and lock-free insertion (a compare-and-swap claims a slot), as SPIN's and
// LTSmin's are, never a standard map behind a mutex.
//
// A state is identified by the XXH3-128 fingerprint of its canonical bytes. With
// fingerprints (the default) a slot keeps 96 of those bits: a 64-bit claim word (never
// 0, which marks an empty slot) and a 32-bit word, in two arrays, 12 bytes a slot; the
// home slot is derived from the claim word (multiply-shift, so the capacity need not be
// a power of two and the table can grow by small steps). With `exact` the second word is
// instead a reference into an append-only arena that holds the whole state, and lookups
// compare bytes.
//
// Phases, not locks: lookups (`contains`) may run concurrently with each other, and
// insertions (`insertAbsent`) concurrently with each other, but never the two together
// (the explorer separates them by the barrier that ends a parallel loop). That is why
// the second word may be written after the claim without further care.
//
// Growth keeps the load between 0.76 and 0.85, so once the table has grown, it holds at
// most 12 / 0.76 < 16 bytes per state with fingerprints.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <vector>

namespace sdvmc::explore {

/// XXH3-128 of a state's bytes: it depends on the bytes only.
struct Fingerprint {
  uint64_t high = 0;
  uint64_t low = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
  friend std::strong_ordering operator<=>(const Fingerprint&, const Fingerprint&) = default;
};

Fingerprint fingerprint(std::span<const uint8_t> bytes);

class VisitedSet {
public:
  /// A state as the set sees it: its fingerprint, and its bytes (read with `exact` only).
  struct Key {
    Fingerprint fp;
    std::span<const uint8_t> bytes;
  };

  /// The table starts with `initialSlots` slots (at least 16), allocated at once.
  VisitedSet(bool exact, uint64_t initialSlots);
  ~VisitedSet();
  VisitedSet(const VisitedSet&) = delete;
  VisitedSet& operator=(const VisitedSet&) = delete;

  /// Whether insertions may run on several threads at once (the default). With one
  /// writer, slots are claimed by plain stores instead of compare-and-swap.
  void setConcurrent(bool on) { concurrent_ = on; }

  bool exact() const { return exact_; }
  uint64_t size() const { return size_; }
  uint64_t capacity() const { return capacity_; }
  /// Bytes allocated: the table, and with `exact` the arena of states.
  uint64_t bytes() const;
  /// The table's bytes after `reserve(incoming)` (to check a memory limit before growing);
  /// while it grows the old and new tables coexist, hence `transient`.
  uint64_t bytesAfterReserve(uint64_t incoming, uint64_t* transient = nullptr) const;

  /// Whether the state is in the set. Thread-safe against other `contains` calls.
  bool contains(const Key& key) const;

  /// Starts loading the home slot of `fp` into the cache (a hint: no effect on the set),
  /// so that the lookups of several states can wait for memory at the same time.
  void prefetch(const Fingerprint& fp) const {
    __builtin_prefetch(claims_ + home(claimWord(fp), capacity_));
  }

  /// Grows the table (rehashing in parallel, in the calling thread's task arena) when
  /// `incoming` more states would take the load past 0.85; afterwards it is 0.76.
  void reserve(uint64_t incoming);

  /// Inserts states that are absent from the set and pairwise distinct, in parallel
  /// (each claims its slot with a compare-and-swap). Calls `reserve` first.
  void insertAbsent(std::span<const Key> keys);

  /// Inserts one state if it is absent (one thread); returns whether it was.
  bool insert(const Key& key);

  /// The probability that some state was wrongly taken for visited because the stored
  /// bits of two fingerprints agreed, as Murphi reports it: for k states and b = 96
  /// stored bits, 1 - exp(-k^2 / 2^(b+1)). 0 with `exact`.
  double omissionProbability() const;

private:
  class Arena;

  /// Multiply-shift (Lemire's fast range): uniform over [0, capacity) for any capacity.
  static uint64_t home(uint64_t claim, uint64_t capacity) { return uint64_t((unsigned __int128)claim * capacity >> 64); }
  static uint64_t claimWord(const Fingerprint& fp) { return fp.high ? fp.high : 1; }
  std::span<const uint8_t> stored(uint64_t ref) const;
  void grow(uint64_t newCapacity);
  void claimSlot(uint64_t claim, uint64_t second);

  bool exact_;
  bool concurrent_ = true;
  uint64_t capacity_ = 0;
  uint64_t size_ = 0;
  uint64_t* claims_ = nullptr;     ///< claim words; 0 = empty
  uint32_t* seconds32_ = nullptr;  ///< fingerprints: the low 32 bits of the fingerprint
  uint64_t* seconds64_ = nullptr;  ///< exact: the state's reference in the arena
  Arena* arena_ = nullptr;
};

}  // namespace sdvmc::explore
