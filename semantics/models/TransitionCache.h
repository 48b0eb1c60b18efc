// The warp models' transition cache: what one warp's next transition does, memoised on
// that warp's slice of the state (LTSmin's transition caching, in its simplest form).
//
// Under mimd and simt:W a warp's next action depends on its own slice of the state (its
// status, ss, live locals and logs), on the configuration (group size and id, which fix
// the warp's threads), on the values of the cells it reads, and on the other warps only
// through the race check (their logs) and, for a barrier, whether it releases (their
// statuses). So once the interpreter has applied a warp's read, write, local statement or
// non-releasing barrier arrival in one state, the outcome — the warp's new slice, the cells
// and values it wrote, the cells it read — is the outcome in every state where the warp
// has the same slice (and, for a read, the cells hold the same values). What remains per
// state is what depends on the other warps: the race check, redone here against their
// logs, and the release check. Anything else (a race, an error, an unknown cell, a release,
// finishing, a width change of an array's cells) sends the whole state to the interpreter.
//
// Entries are learned from the interpreter's own expansions (WarpModel::expand's reference
// path) and from nothing else, so the cache adds no semantics of its own; `--transition-cache
// check` expands every state both ways and stops at the first difference.
#pragma once

#include "semantics/rules/State.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace sdvmc::sem {

/// What the cache knows of one warp's slice (status byte, length, threads' bytes) at one
/// warp position of one configuration.
struct SliceInfo {
  enum class Action : uint8_t {
    Unknown,  ///< not learned (or not cacheable): the interpreter expands the state
    Local,    ///< (no POR) an assignment, assert or assume: `next`
    Write,    ///< writes `values` to `cells` (lane order): `next`
    Read,     ///< reads `cells`: the slice after depends on the values read (`afterRead`)
    Arrive,   ///< arrives at a barrier that does not release: `next`
  };
  uint32_t config = 0, warp = 0;
  uint64_t hash = 0;
  std::vector<uint8_t> bytes;
  /// The cells the warp's threads read and wrote since the last barrier (all lanes),
  /// sorted: what another warp's access races with.
  std::vector<Address> reads, writes;
  /// Bit (array · 977 + index) % 64 of each cell in `reads` and `writes`: a clear bit
  /// answers "not accessed" without a search.
  uint64_t readBits = 0, writeBits = 0;
  static uint64_t bit(Address a) {
    return uint64_t(1) << ((static_cast<uint32_t>(a.array) * 977u + static_cast<uint32_t>(a.index)) % 64);
  }
  Action action = Action::Unknown;
  std::vector<Address> cells;
  std::vector<Word> values;
  const SliceInfo* next = nullptr;
  std::vector<std::pair<std::vector<Word>, const SliceInfo*>> afterRead;

  uint8_t status() const { return bytes.front(); }
};

/// The slices of one worker's model, by (configuration, warp, bytes): an open-addressing
/// table of pointers to entries that never move. It stops growing at `maxBytes` (then
/// states whose slices are not in it go to the interpreter).
class SliceTable {
public:
  /// 64 MiB by default (per worker).
  explicit SliceTable(uint64_t maxBytes = uint64_t(64) << 20) : maxBytes_(maxBytes) {}
  static uint64_t hashOf(uint32_t config, uint32_t warp, std::span<const uint8_t> slice);
  /// The number of a configuration (the state's bytes before its memory).
  uint32_t configOf(std::span<const uint8_t> prefix) {
    if (!configs_.empty() && configs_[last_].size() == prefix.size() &&
        std::memcmp(configs_[last_].data(), prefix.data(), prefix.size()) == 0)
      return last_;
    return last_ = findConfig(prefix);
  }
  SliceInfo* find(uint32_t config, uint32_t warp, std::span<const uint8_t> slice, uint64_t hash) const {
    if (slots_.empty()) return nullptr;
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      SliceInfo* e = slots_[i];
      if (!e) return nullptr;
      if (e->hash == hash && e->warp == warp && e->config == config && e->bytes.size() == slice.size() &&
          std::memcmp(slice.data(), e->bytes.data(), slice.size()) == 0)
        return e;
    }
  }
  /// Adds an absent slice; nullptr when the table is full.
  SliceInfo* add(uint32_t config, uint32_t warp, std::span<const uint8_t> slice, uint64_t hash);
  uint64_t bytes() const { return bytes_; }
  /// Counts memory an entry holds beyond its bytes (its logs, its reads' table).
  void charge(uint64_t more) { bytes_ += more; }

private:
  uint64_t maxBytes_;
  uint64_t bytes_ = 0;
  std::vector<std::unique_ptr<SliceInfo>> entries_;
  std::vector<SliceInfo*> slots_;
  std::vector<std::vector<uint8_t>> configs_;
  uint32_t last_ = 0;
  uint32_t findConfig(std::span<const uint8_t> prefix);
};

}  // namespace sdvmc::sem
