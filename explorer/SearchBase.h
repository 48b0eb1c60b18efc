// What both breadth-first searches (one process: Explorer.cpp; over ranks: Distributed.cpp)
// own besides their levels: the model and options, the TBB parallelism and arena, the memory
// limit, the monitor with its counters, and the visited set. An internal header of explorer/.
#pragma once

#include "explorer/Explorer.h"
#include "explorer/Limits.h"
#include "explorer/Monitor.h"
#include "explorer/VisitedSet.h"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdint>

namespace sdvmc::explore {

/// The workers a search runs: --jobs, or every core.
inline unsigned jobsOf(const Options& options) {
  return options.jobs ? options.jobs : unsigned(tbb::info::default_concurrency());
}

struct SearchBase {
  /// `progress`: whether the monitor prints the progress line.
  SearchBase(const sem::Model& model, const Options& options, bool progress)
      : model_(model),
        options_(options),
        control_(tbb::global_control::max_allowed_parallelism,
                 std::max<size_t>(jobsOf(options),
                                  tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism))),
        limit_(memoryLimit(options)),
        monitor_(progress, options.maxSeconds, limit_.bytes, counters_),
        visited_(options.exact, uint64_t(1) << std::min<uint32_t>(options.initialTableBits, 40)),
        arena_(int(jobsOf(options))) {}

  const sem::Model& model_;
  const Options& options_;
  /// Lets `jobs` exceed the cores (TBB would otherwise cap the workers, with a warning).
  tbb::global_control control_;
  const MemoryLimit limit_;
  RunCounters counters_;
  Monitor monitor_;
  VisitedSet visited_;
  tbb::task_arena arena_;
};

}  // namespace sdvmc::explore
