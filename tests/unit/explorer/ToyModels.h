// Small sem::Model implementations whose reachable states, transitions, terminals and
// violations can be counted by hand, for the explorer's tests.
#pragma once

#include "semantics/models/Model.h"

#include <chrono>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <thread>

namespace sdvmc::explore::test {

/// Coordinates as a state: each a little-endian uint16.
inline sem::StateBytes encode(std::initializer_list<uint32_t> coords) {
  sem::StateBytes s;
  for (uint32_t c : coords) {
    s.push_back(uint8_t(c));
    s.push_back(uint8_t(c >> 8));
  }
  return s;
}
inline uint32_t coord(std::span<const uint8_t> s, size_t i) {
  return uint32_t(s[2 * i]) | uint32_t(s[2 * i + 1]) << 8;
}

inline sem::Verdict assertionFailed(std::string message) {
  sem::Verdict v;
  v.kind = sem::VerdictKind::Assertion;
  v.message = std::move(message);
  return v;
}

/// What every toy shares: replay by re-expanding, no memory to describe.
template <typename Derived>
class Toy : public sem::Model {
public:
  std::unique_ptr<sem::Model> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  std::string name() const override { return "toy"; }
  sem::Replay replay(uint32_t initial, std::span<const uint32_t> path) override {
    sem::StateBytes s = initialStates().at(initial);
    sem::Expansion e;
    sem::Replay r;
    for (size_t i = 0; i < path.size(); ++i) {
      expand(s, e);
      if (i + 1 == path.size() && e.violation && path[i] == e.violationIndex) {
        r.violation = e.violation;
        break;
      }
      if (path[i] >= e.successors.size()) throw std::out_of_range("replay: no such successor");
      s = e.successors[path[i]];
    }
    r.last = s;
    return r;
  }
  std::string describeMemory(std::span<const uint8_t>) const override { return "{}"; }
};

/// A W×H grid walked from its corner (0,0) by the moves +x, -x, +y, -y (those that stay
/// inside, in that order): W·H states, 2((W-1)H + W(H-1)) transitions, a state at
/// depth x+y. `violates` marks states whose second transition (after +x) violates (the
/// verdict's `value` and `array` say x and y);
/// `stuckAt` a state whose expansion is stuck; `initial` replaces the initial states;
/// `delay` slows every expansion.
class Grid : public Toy<Grid> {
public:
  Grid(uint32_t w, uint32_t h) : w_(w), h_(h) {}
  std::function<bool(uint32_t, uint32_t)> violates;
  std::function<bool(uint32_t, uint32_t)> stuckAt;
  std::vector<sem::StateBytes> initial{encode({0, 0})};
  std::chrono::microseconds delay{0};

  std::vector<sem::StateBytes> initialStates() override { return initial; }
  void expand(std::span<const uint8_t> state, sem::Expansion& out) override {
    out.clear();
    if (delay.count()) std::this_thread::sleep_for(delay);
    uint32_t x = coord(state, 0), y = coord(state, 1);
    if (stuckAt && stuckAt(x, y)) {
      out.stuck = "toy: stuck at (" + std::to_string(x) + "," + std::to_string(y) + ")";
      return;
    }
    if (x + 1 < w_) out.successors.push_back(encode({x + 1, y}));
    if (violates && violates(x, y)) {
      // The transition after +x violates; expansion stops there.
      out.violation = assertionFailed("bad corner");
      out.violation->value = sem::Word(x);  // where, for tests that tell violations apart
      out.violation->array = sem::ArrayId(y);
      out.violationIndex = uint32_t(out.successors.size());
      return;
    }
    if (x > 0) out.successors.push_back(encode({x - 1, y}));
    if (y + 1 < h_) out.successors.push_back(encode({x, y + 1}));
    if (y > 0) out.successors.push_back(encode({x, y - 1}));
  }

private:
  uint32_t w_, h_;
};

/// K steps, each adding 0, 1 or 2 to a value: (K+1)^2 states, 3K^2 transitions; after K
/// steps a value divisible by 5 is discarded (a failed assume), any other is terminal.
class Choices : public Toy<Choices> {
public:
  explicit Choices(uint32_t k) : k_(k) {}
  std::vector<sem::StateBytes> initialStates() override { return {encode({0, 0})}; }
  void expand(std::span<const uint8_t> state, sem::Expansion& out) override {
    out.clear();
    uint32_t step = coord(state, 0), value = coord(state, 1);
    if (step == k_) {
      if (value % 5 == 0)
        out.discarded = 1;  // one transition, discarded: not terminal
      else
        out.terminal = true;
      return;
    }
    for (uint32_t c = 0; c < 3; ++c) out.successors.push_back(encode({step + 1, value + c}));
  }

private:
  uint32_t k_;
};

/// A 4-dimensional torus of side N, each step adding 1 to one coordinate (mod N): N^4
/// states, 4·N^4 transitions. `work` adds busy work per expansion, like a real model's.
class Torus : public Toy<Torus> {
public:
  explicit Torus(uint32_t n, uint32_t work = 0) : n_(n), work_(work) {}
  std::vector<sem::StateBytes> initialStates() override { return {encode({0, 0, 0, 0})}; }
  void expand(std::span<const uint8_t> state, sem::Expansion& out) override {
    out.clear();
    uint32_t c[4];
    for (size_t i = 0; i < 4; ++i) c[i] = coord(state, i);
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < work_; ++i) sink = sink * 31 + i;
    for (size_t i = 0; i < 4; ++i) {
      uint32_t d[4] = {c[0], c[1], c[2], c[3]};
      d[i] = (d[i] + 1) % n_;
      out.successors.push_back(encode({d[0], d[1], d[2], d[3]}));
    }
  }

private:
  uint32_t n_, work_;
};

}  // namespace sdvmc::explore::test
