// What the process uses and what the machine has left, read from /proc (and the cgroup
// limit, where there is one), so that the explorer can stop before it runs out of memory
// instead of being killed, and report its peak resident set.
#pragma once

#include <cstdint>

namespace sdvmc::explore {

/// The resident set now (/proc/self/statm), in bytes; 0 where it cannot be read.
uint64_t residentBytes();

/// The peak resident set (VmHWM in /proc/self/status), in bytes; 0 where unknown.
uint64_t peakResidentBytes();

/// Memory the process may still take before the machine (or its cgroup) runs short:
/// MemAvailable, or what the cgroup's memory.max leaves, whichever is smaller. 0 where
/// neither can be read.
uint64_t availableBytes();

}  // namespace sdvmc::explore
