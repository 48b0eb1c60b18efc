// Helpers for the unit tests of the exploration models (semantics/models/SdvModel.h,
// semantics/models/WarpModel.h, semantics/models/Symmetry.h): bounds, exploration shortcuts, concrete
// memories for witnesses, and following a mimd schedule through a model.
#pragma once

#include "semantics/Helpers.h"

#include "explorer/Explorer.h"
#include "semantics/models/WarpModel.h"
#include "semantics/models/ModelSupport.h"
#include "semantics/models/SdvModel.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace modtest {

namespace sem = sdvmc::sem;
namespace ex = sdvmc::explore;
using semtest::compile;
using semtest::Kernel;
using Status = ex::Result::Status;

inline sem::Bounds bounds(std::vector<uint32_t> threads, sem::Word lo = 0, sem::Word hi = 1,
                          std::vector<sem::Word> groups = {0}) {
  sem::Bounds b;
  b.threads = std::move(threads);
  b.groups = std::move(groups);
  b.domainLo = lo;
  b.domainHi = hi;
  return b;
}

inline ex::Result run(const sem::Model& m, bool collect = false) {
  ex::Options o;
  o.collectTerminals = collect;
  return ex::explore(m, o);
}

inline sem::ArrayId arrayId(const sem::Ir& ir, const std::string& name) {
  for (size_t a = 0; a < ir.arrays.size(); ++a)
    if (ir.arrays[a].name == name) return static_cast<sem::ArrayId>(a);
  FAIL("no array " << name);
  return 0;
}

inline sem::Address addr(const sem::Ir& ir, const std::string& name, sem::Word index) {
  return sem::Address{arrayId(ir, name), index};
}

/// A concrete initial memory (no unknown cell): every arbitrary cell 0, except the
/// initial values the configuration names.
inline sem::Memory concreteMemory(const sem::Ir& ir, const sem::Configuration& c) {
  sem::Memory m = sem::initialMemory(ir, 0);
  for (const auto& [name, cells] : c.init)
    for (const auto& [index, value] : cells) m.store(ir, addr(ir, name, index), value);
  return m;
}

/// Follows `schedule` (thread ids) through a mimd model without symmetry over a memory
/// without unknown cells, so that the transition of thread t is number "running threads
/// before t". Requires the last step to be a violation of kind `kind`.
inline void followSchedule(const sem::Ir& ir, const sem::Configuration& c, sem::VerdictKind kind,
                           bool por = true) {
  sem::Bounds b = bounds({c.threads}, 0, 1, {c.group});
  b.initialMemory = concreteMemory(ir, c);
  sem::MimdModel m(ir, b, por, /*symmetry=*/false);
  std::vector<sem::StateBytes> init = m.initialStates();
  REQUIRE(init.size() == 1);
  sem::StateBytes state = init[0];
  REQUIRE(!c.schedule.empty());
  for (size_t i = 0; i < c.schedule.size(); ++i) {
    CAPTURE(i, c.schedule[i]);
    sem::MimdState ms;
    m.decode(state, ms);
    const uint32_t t = c.schedule[i];
    REQUIRE(t < ms.n);
    REQUIRE(ms.status[t] == sem::ThreadStatus::Running);
    uint32_t index = 0;
    for (uint32_t u = 0; u < t; ++u) index += ms.status[u] == sem::ThreadStatus::Running;
    sem::Expansion e;
    m.expand(state, e);
    REQUIRE(e.discarded == 0);
    if (i + 1 == c.schedule.size()) {
      REQUIRE(e.violation);
      REQUIRE(e.violationIndex == index);
      REQUIRE(e.violation->kind == kind);
      return;
    }
    REQUIRE(!e.violation);
    REQUIRE(index < e.successors.size());
    sem::StateBytes next = e.successors[index];
    state = std::move(next);
  }
}

/// A kernel (two threads) with a race only when the arbitrary A[0] is 1.
inline constexpr const char* kRaceByValue = R"(threads: 2;
group: 0;
shared A[1];
shared B[1];
main: {
  local x;
  x := rd(A, 0);
  if (x == 1) {
    wr(B, 0, lid);
  }
  barrier;
}
)";

}  // namespace modtest
