// The limits of a search, as both searches (Explorer.cpp, Distributed.cpp) state them:
// the memory a run may use (--max-memory or the machine's), and the names of the limits
// in the messages of an inconclusive result.
#pragma once

#include "explorer/Explorer.h"
#include "explorer/Monitor.h"

#include <cstdint>
#include <string>

namespace sdvmc::explore {

/// The memory the run may use, and whose limit it is (for the message).
struct MemoryLimit {
  uint64_t bytes = 0;  ///< 0: unknown, no check
  bool user = false;   ///< --max-memory, rather than the machine's
};

/// --max-memory, or what is resident now plus 90% of what the machine still has.
MemoryLimit memoryLimit(const Options& options);

/// "--max-memory N MiB reached" or "the machine's memory is nearly exhausted (N MiB)".
std::string memoryLimitName(const MemoryLimit& limit);

/// The limit the monitor stopped the search for.
std::string stopName(const Options& options, Monitor::Reason reason, const MemoryLimit& limit);

}  // namespace sdvmc::explore
