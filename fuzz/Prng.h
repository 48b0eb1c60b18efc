// The fuzzer's random numbers: xoshiro256** (Blackman and Vigna) seeded through
// splitmix64, with every draw derived by fixed integer arithmetic. No std::
// distribution is used: their algorithms differ between standard libraries, and the same
// seed must give the same kernels on any machine.
#pragma once

#include <cstdint>
#include <vector>

namespace sdvmc::fuzz {

/// splitmix64: one step of the seed sequence (also the seed of kernel k of a run).
inline uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// xoshiro256**, 256 bits of state filled from splitmix64(seed).
class Prng {
public:
  explicit Prng(uint64_t seed) {
    for (uint64_t& w : s_) w = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in [0, n) (n > 0), by rejection: no modulo bias.
  uint64_t below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    for (;;) {
      const uint64_t x = next();
      if (x < limit) return x % n;
    }
  }
  /// Uniform in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1)); }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }
  /// An index in [0, weights.size()) with probability weights[i] / sum.
  size_t weighted(const std::vector<unsigned>& weights) {
    uint64_t sum = 0;
    for (unsigned w : weights) sum += w;
    uint64_t x = below(sum);
    for (size_t i = 0; i < weights.size(); ++i) {
      if (x < weights[i]) return i;
      x -= weights[i];
    }
    return weights.size() - 1;
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace sdvmc::fuzz
