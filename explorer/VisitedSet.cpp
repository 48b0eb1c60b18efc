// The visited set: open addressing with linear probing, slots claimed by compare-and-swap
// on a 64-bit claim word (see VisitedSet.h for the phases that make this sufficient).
#include "explorer/VisitedSet.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
// XXH3 compiled into this file (the same function as the library's, inlined into
// `fingerprint`, which hashes every successor).
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>

namespace sdvmc::explore {

namespace {

constexpr double kMaxLoad = 0.85;   ///< grow when the load would pass this
constexpr double kGrownLoad = 0.76; ///< the load right after growing
constexpr uint64_t kMinSlots = 16;

template <typename T>
T* zeroed(uint64_t n) {
  void* p = std::calloc(n, sizeof(T));
  if (!p) throw std::bad_alloc();
  // Large blocks come as untouched pages that a read maps to the kernel's shared zero
  // page; the first write to such a page then replaces it, which flushes the TLB of every
  // core the process runs on (an interprocessor interrupt per page when several workers
  // probe the table). Writing each page once now makes it private at once.
  volatile uint8_t* bytes = static_cast<uint8_t*>(p);
  for (uint64_t i = 0; i < n * sizeof(T); i += 4096) bytes[i] = 0;
  return static_cast<T*>(p);
}

uint64_t capacityFor(uint64_t states) {
  return std::max<uint64_t>(kMinSlots, uint64_t(std::ceil(double(states) / kGrownLoad)));
}

}  // namespace

Fingerprint fingerprint(std::span<const uint8_t> bytes) {
  XXH128_hash_t h = XXH3_128bits(bytes.data(), bytes.size());
  return Fingerprint{h.high64, h.low64};
}

/// Append-only storage of whole states (exact mode): chunks that never move, so that a
/// reference (chunk index, offset) stays valid. A stored state is its 32-bit length and
/// its bytes.
class VisitedSet::Arena {
public:
  static constexpr unsigned kOffsetBits = 40;
  static constexpr uint64_t kMinChunk = uint64_t(1) << 20;

  ~Arena() {
    for (uint8_t* c : chunks_) std::free(c);
  }

  /// Reserves `n` contiguous bytes (one thread); returns the reference of the first.
  uint64_t allocate(uint64_t n) {
    if (chunks_.empty() || used_ + n > chunkSize_) {
      uint64_t size = std::max({n, kMinChunk, allocated_ / 8});
      auto* chunk = static_cast<uint8_t*>(std::malloc(size));
      if (!chunk) throw std::bad_alloc();
      chunks_.push_back(chunk);
      chunkSize_ = size;
      used_ = 0;
      allocated_ += size;
    }
    uint64_t ref = (uint64_t(chunks_.size() - 1) << kOffsetBits) | used_;
    used_ += n;
    return ref;
  }

  uint8_t* at(uint64_t ref) const {
    return chunks_[ref >> kOffsetBits] + (ref & ((uint64_t(1) << kOffsetBits) - 1));
  }

  uint64_t bytes() const { return allocated_ + chunks_.capacity() * sizeof(uint8_t*); }

private:
  std::vector<uint8_t*> chunks_;
  uint64_t chunkSize_ = 0;
  uint64_t used_ = 0;
  uint64_t allocated_ = 0;
};

VisitedSet::VisitedSet(bool exact, uint64_t initialSlots) : exact_(exact) {
  capacity_ = std::max(initialSlots, kMinSlots);
  claims_ = zeroed<uint64_t>(capacity_);
  if (exact_) {
    seconds64_ = zeroed<uint64_t>(capacity_);
    arena_ = new Arena();
  } else {
    seconds32_ = zeroed<uint32_t>(capacity_);
  }
}

VisitedSet::~VisitedSet() {
  std::free(claims_);
  std::free(seconds32_);
  std::free(seconds64_);
  delete arena_;
}

uint64_t VisitedSet::bytes() const {
  uint64_t slot = sizeof(uint64_t) + (exact_ ? sizeof(uint64_t) : sizeof(uint32_t));
  return capacity_ * slot + (arena_ ? arena_->bytes() : 0);
}

uint64_t VisitedSet::bytesAfterReserve(uint64_t incoming, uint64_t* transient) const {
  uint64_t slot = sizeof(uint64_t) + (exact_ ? sizeof(uint64_t) : sizeof(uint32_t));
  uint64_t need = size_ + incoming;
  uint64_t capacity = capacity_;
  if (double(need) > kMaxLoad * double(capacity_)) capacity = capacityFor(need);
  if (transient) *transient = (capacity == capacity_ ? 0 : capacity_ * slot) + capacity * slot;
  return capacity * slot;
}

std::span<const uint8_t> VisitedSet::stored(uint64_t ref) const {
  const uint8_t* p = arena_->at(ref);
  uint32_t length;
  std::memcpy(&length, p, sizeof length);
  return {p + sizeof length, length};
}

bool VisitedSet::contains(const Key& key) const {
  const uint64_t claim = claimWord(key.fp);
  const uint32_t low = uint32_t(key.fp.low);
  uint64_t i = home(claim, capacity_);
  for (;;) {
    uint64_t c = claims_[i];
    if (c == 0) return false;
    if (c == claim) {
      if (exact_) {
        auto s = stored(seconds64_[i]);
        if (s.size() == key.bytes.size() &&
            (s.empty() || std::memcmp(s.data(), key.bytes.data(), s.size()) == 0))
          return true;
      } else if (seconds32_[i] == low) {
        return true;
      }
    }
    if (++i == capacity_) i = 0;
  }
}

void VisitedSet::claimSlot(uint64_t claim, uint64_t second) {
  uint64_t i = home(claim, capacity_);
  if (!concurrent_) {
    while (claims_[i] != 0)
      if (++i == capacity_) i = 0;
    claims_[i] = claim;
    if (exact_)
      seconds64_[i] = second;
    else
      seconds32_[i] = uint32_t(second);
    return;
  }
  for (;;) {
    std::atomic_ref<uint64_t> slot(claims_[i]);
    uint64_t expected = 0;
    if (slot.load(std::memory_order_relaxed) == 0 &&
        slot.compare_exchange_strong(expected, claim, std::memory_order_relaxed)) {
      if (exact_)
        seconds64_[i] = second;
      else
        seconds32_[i] = uint32_t(second);
      return;
    }
    if (++i == capacity_) i = 0;
  }
}

void VisitedSet::grow(uint64_t newCapacity) {
  uint64_t* oldClaims = claims_;
  uint32_t* old32 = seconds32_;
  uint64_t* old64 = seconds64_;
  const uint64_t oldCapacity = capacity_;

  claims_ = zeroed<uint64_t>(newCapacity);
  try {
    if (exact_)
      seconds64_ = zeroed<uint64_t>(newCapacity);
    else
      seconds32_ = zeroed<uint32_t>(newCapacity);
  } catch (...) {
    std::free(claims_);
    claims_ = oldClaims;
    throw;
  }
  capacity_ = newCapacity;

  // Home slots are monotone in the claim word for every capacity, so a block of old
  // slots lands in a block of new ones: the rehash streams through memory.
  if (!concurrent_) {
    for (uint64_t i = 0; i < oldCapacity; ++i)
      if (oldClaims[i] != 0) claimSlot(oldClaims[i], exact_ ? old64[i] : old32[i]);
  } else {
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, oldCapacity, 1 << 14),
                      [&](const tbb::blocked_range<uint64_t>& r) {
                        for (uint64_t i = r.begin(); i != r.end(); ++i) {
                          uint64_t c = oldClaims[i];
                          if (c != 0) claimSlot(c, exact_ ? old64[i] : old32[i]);
                        }
                      });
  }
  std::free(oldClaims);
  std::free(old32);
  std::free(old64);
}

void VisitedSet::reserve(uint64_t incoming) {
  uint64_t need = size_ + incoming;
  if (double(need) > kMaxLoad * double(capacity_)) grow(capacityFor(need));
}

bool VisitedSet::insert(const Key& key) {
  if (contains(key)) return false;
  reserve(1);
  if (exact_) {
    uint32_t length = uint32_t(key.bytes.size());
    uint64_t ref = arena_->allocate(sizeof length + length);
    uint8_t* p = arena_->at(ref);
    std::memcpy(p, &length, sizeof length);
    if (length) std::memcpy(p + sizeof length, key.bytes.data(), length);
    claimSlot(claimWord(key.fp), ref);
  } else {
    claimSlot(claimWord(key.fp), uint32_t(key.fp.low));
  }
  ++size_;
  return true;
}

uint64_t VisitedSet::roomBelowMaxLoad() const {
  const uint64_t most = uint64_t(kMaxLoad * double(capacity_));
  return most > size_ ? most - size_ : 0;
}

void VisitedSet::commitPending(const Fingerprint& fp, uint32_t ref) {
  const uint64_t claim = claimWord(fp);
  uint64_t i = home(claim, capacity_);
  for (;;) {
    std::atomic_ref<uint64_t> slot(claims_[i]);
    if (slot.load(std::memory_order_relaxed) == (claim | 1) && seconds32_[i] == ref) {
      seconds32_[i] = uint32_t(fp.low);
      slot.store(claim, std::memory_order_relaxed);
      return;
    }
    assert(slot.load(std::memory_order_relaxed) != 0 && "commitPending: no such pending slot");
    if (++i == capacity_) i = 0;
  }
}

double VisitedSet::omissionProbability() const {
  if (exact_) return 0;
  // Murphi's estimate for hash compaction with b = 95 stored bits (bit 0 of the claim word
  // marks pending slots): 1 - exp(-k^2/2^(b+1)), through expm1 so that tiny values do not
  // round to 0.
  long double k = (long double)size_;
  long double x = k * k / std::ldexp(1.0L, 96);
  return double(-std::expm1(-x));
}

}  // namespace sdvmc::explore
