// What two explorations of one model must agree on, whatever the jobs, order, hashing
// mode or number of ranks, and options with some jobs (ExplorerTest, DistributedTest).
#pragma once

#include "explorer/Explorer.h"

#include <catch2/catch.hpp>

namespace sdvmc::explore::test {

/// Default options with `jobs` workers.
inline Options withJobs(unsigned jobs) {
  Options o;
  o.jobs = jobs;
  return o;
}

/// What must not depend on jobs, order or hashing mode (for a complete run).
inline void requireSameCounts(const Result& a, const Result& b) {
  REQUIRE(a.status == b.status);
  REQUIRE(a.states == b.states);
  REQUIRE(a.transitions == b.transitions);
  REQUIRE(a.terminalStates == b.terminalStates);
  REQUIRE(a.discarded == b.discarded);
  REQUIRE(a.terminals == b.terminals);
}

}  // namespace sdvmc::explore::test
