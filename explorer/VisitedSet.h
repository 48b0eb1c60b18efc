// The visited set of the explorer: a preallocated open-addressing table with linear
// probing and lock-free insertion (a compare-and-swap claims a slot), as SPIN's and
// LTSmin's are, never a standard map behind a mutex.
//
// A state is identified by the XXH3-128 fingerprint of its canonical bytes. With
// fingerprints (the default) a slot keeps 95 of those bits: a 64-bit claim word (never
// 0, which marks an empty slot; bit 0 marks a pending slot) and a 32-bit word, in two arrays, 12 bytes a slot; the
// home slot is derived from the claim word (multiply-shift, so the capacity need not be
// a power of two and the table can grow by small steps). With `exact` the second word is
// instead a reference into an append-only arena that holds the whole state, and lookups
// compare bytes.
//
// Insertion: `insert` by one thread (one job, depth-first search), or, with several
// threads, `claimPending` — which looks up and claims in one probe, lock-free — during a
// level and `commitPending` after it (the explorer separates the phases by the barrier
// that ends a parallel loop; growth happens between them).
//
// Growth keeps the load between 0.76 and 0.85, so once the table has grown, it holds at
// most 12 / 0.76 < 16 bytes per state with fingerprints.
#pragma once

#include <atomic>
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
    const uint64_t i = home(claimWord(fp), capacity_);
    __builtin_prefetch(claims_ + i);
    if (seconds32_) __builtin_prefetch(seconds32_ + i);
  }

  /// Grows the table (rehashing in parallel, in the calling thread's task arena) when
  /// `incoming` more states (or pending slots) would take the load past 0.85; afterwards
  /// it is 0.76.
  void reserve(uint64_t incoming);

  /// Inserts one state if it is absent (one thread); returns whether it was.
  bool insert(const Key& key);

  // Pending slots (fingerprints only), for a level explored by several threads at once:
  // a state absent from the set is claimed as *pending* with a reference chosen by the
  // caller (its claim word with bit 0 set, the reference in place of the low bits), so that
  // the threads that meet it again during the level can find its claimer; at the end of the
  // level every pending slot is committed. Lookups of committed states ignore pending slots.

  enum class Probe { Visited, Claimed, Pending };
  /// Looks `fp` up. Visited: it is committed. Otherwise, when a pending slot has its claim
  /// word and `same(reference)` says it is this state, Pending (with `*owner` the slot's
  /// reference); else the first empty slot is claimed as pending with `ref` (never 0):
  /// Claimed, after calling `claimed()` (what it writes is visible to the threads that
  /// then find the slot and call `same`). Thread-safe against other claimPending calls
  /// (not against insertion or growth). The caller keeps the load below 1.
  template <typename Same, typename Claimed>
  Probe claimPending(const Fingerprint& fp, uint32_t ref, Same same, Claimed claimed, uint32_t* owner) {
    const uint64_t claim = claimWord(fp);
    const uint32_t low = uint32_t(fp.low);
    uint64_t i = home(claim, capacity_);
    for (;;) {
      std::atomic_ref<uint64_t> slot(claims_[i]);
      uint64_t c = slot.load(std::memory_order_acquire);
      if (c == 0) {
        if (slot.compare_exchange_strong(c, claim | 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
          claimed();
          std::atomic_ref<uint32_t>(seconds32_[i]).store(ref, std::memory_order_release);
          return Probe::Claimed;
        }
        // c now holds the word another thread claimed the slot with: examine it.
      }
      if (c == claim) {
        if (seconds32_[i] == low) return Probe::Visited;
      } else if (c == (claim | 1)) {
        // Claimed a moment ago, perhaps: its reference follows the claim.
        std::atomic_ref<uint32_t> second(seconds32_[i]);
        uint32_t r;
        while ((r = second.load(std::memory_order_acquire)) == 0) {
        }
        if (same(r)) {
          *owner = r;
          return Probe::Pending;
        }
      }
      if (++i == capacity_) i = 0;
    }
  }
  /// Makes the pending slot of `fp` claimed with `ref` a committed one (one call per
  /// pending slot; concurrent calls for different slots are fine).
  void commitPending(const Fingerprint& fp, uint32_t ref);
  /// Counts `n` committed states that were pending (the set's size excludes pending slots).
  void addCommitted(uint64_t n) { size_ += n; }
  /// How many more slots (committed or pending) the table takes before the maximal load.
  uint64_t roomBelowMaxLoad() const;

  /// The probability that some state was wrongly taken for visited because the stored
  /// bits of two fingerprints agreed, as Murphi reports it: for k states and b = 95
  /// stored bits, 1 - exp(-k^2 / 2^(b+1)). 0 with `exact`.
  double omissionProbability() const;

private:
  class Arena;

  /// Multiply-shift (Lemire's fast range): uniform over [0, capacity) for any capacity.
  static uint64_t home(uint64_t claim, uint64_t capacity) { return uint64_t((unsigned __int128)claim * capacity >> 64); }
  /// The claim word of a fingerprint: its high 64 bits with bit 0 cleared (bit 0 marks a
  /// pending slot, see claimPending), never 0.
  static uint64_t claimWord(const Fingerprint& fp) {
    const uint64_t w = fp.high & ~uint64_t(1);
    return w ? w : 2;
  }
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
