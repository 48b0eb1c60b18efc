// The slice table of the transition cache (see TransitionCache.h).
#include "semantics/models/TransitionCache.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>

namespace sdvmc::sem {

uint64_t SliceTable::hashOf(uint32_t config, uint32_t warp, std::span<const uint8_t> slice) {
  return XXH3_64bits_withSeed(slice.data(), slice.size(), (uint64_t(config) << 32) ^ warp);
}

uint32_t SliceTable::findConfig(std::span<const uint8_t> prefix) {
  for (size_t i = 0; i < configs_.size(); ++i)
    if (configs_[i].size() == prefix.size() && std::equal(prefix.begin(), prefix.end(), configs_[i].begin()))
      return static_cast<uint32_t>(i);
  configs_.emplace_back(prefix.begin(), prefix.end());
  return static_cast<uint32_t>(configs_.size() - 1);
}

SliceInfo* SliceTable::add(uint32_t config, uint32_t warp, std::span<const uint8_t> slice, uint64_t hash) {
  const uint64_t cost = sizeof(SliceInfo) + 2 * sizeof(SliceInfo*) + slice.size();
  if (bytes_ + cost > maxBytes_) return nullptr;
  if (2 * (entries_.size() + 1) > slots_.size()) {  // load at most 1/2
    std::vector<SliceInfo*> grown(std::max<size_t>(64, 2 * slots_.size()), nullptr);
    const size_t mask = grown.size() - 1;
    for (SliceInfo* e : slots_)
      if (e) {
        size_t i = e->hash & mask;
        while (grown[i]) i = (i + 1) & mask;
        grown[i] = e;
      }
    bytes_ += (grown.size() - slots_.size()) * sizeof(SliceInfo*);
    slots_ = std::move(grown);
  }
  auto e = std::make_unique<SliceInfo>();
  e->config = config;
  e->warp = warp;
  e->hash = hash;
  e->bytes.assign(slice.begin(), slice.end());
  const size_t mask = slots_.size() - 1;
  size_t i = hash & mask;
  while (slots_[i]) i = (i + 1) & mask;
  slots_[i] = e.get();
  bytes_ += sizeof(SliceInfo) + slice.size();
  entries_.push_back(std::move(e));
  return entries_.back().get();
}

}  // namespace sdvmc::sem
