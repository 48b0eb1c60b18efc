// The limits' values and names (Limits.h).
#include "explorer/Limits.h"

#include "explorer/Resources.h"

#include <fmt/format.h>

namespace sdvmc::explore {

MemoryLimit memoryLimit(const Options& options) {
  MemoryLimit limit;
  // The machine's: what is resident now plus 90% of what is still available, so that the
  // run stops cleanly before the kernel would kill it.
  uint64_t available = availableBytes();
  if (available > 0) limit.bytes = residentBytes() + available / 10 * 9;
  if (options.maxMemoryBytes > 0 && (limit.bytes == 0 || options.maxMemoryBytes <= limit.bytes)) {
    limit.bytes = options.maxMemoryBytes;
    limit.user = true;
  }
  return limit;
}

std::string memoryLimitName(const MemoryLimit& limit) {
  if (limit.user) return fmt::format("--max-memory {:.0f} MiB reached", double(limit.bytes) / 1048576.0);
  return fmt::format("the machine's memory is nearly exhausted ({} MiB)", limit.bytes >> 20);
}

std::string stopName(const Options& options, Monitor::Reason reason, const MemoryLimit& limit) {
  if (reason == Monitor::Reason::Time) return fmt::format("--max-seconds {} reached", options.maxSeconds);
  return memoryLimitName(limit);
}

}  // namespace sdvmc::explore
