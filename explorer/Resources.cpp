// Reads /proc and the cgroup files; every reader returns 0 where the file is missing, so
// that the explorer degrades to no memory checks rather than failing.
#include "explorer/Resources.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>

namespace sdvmc::explore {

namespace {

/// The value, in kB, of the line `key: N kB` of a /proc file.
uint64_t procKilobytes(const char* path, const char* key) {
  std::ifstream in(path);
  std::string line;
  const size_t n = std::strlen(key);
  while (std::getline(in, line)) {
    if (line.compare(0, n, key) == 0 && line.size() > n && line[n] == ':')
      return std::strtoull(line.c_str() + n + 1, nullptr, 10);
  }
  return 0;
}

/// A number in a cgroup file; "max" or a missing file is "no limit".
uint64_t cgroupValue(const char* path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word) || word == "max") return std::numeric_limits<uint64_t>::max();
  return std::strtoull(word.c_str(), nullptr, 10);
}

}  // namespace

uint64_t residentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  int n = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  if (n != 2) return 0;
  return uint64_t(resident) * uint64_t(sysconf(_SC_PAGESIZE));
}

uint64_t peakResidentBytes() { return procKilobytes("/proc/self/status", "VmHWM") * 1024; }

uint64_t availableBytes() {
  uint64_t available = procKilobytes("/proc/meminfo", "MemAvailable") * 1024;
  uint64_t max = cgroupValue("/sys/fs/cgroup/memory.max");
  if (max != std::numeric_limits<uint64_t>::max()) {
    uint64_t current = cgroupValue("/sys/fs/cgroup/memory.current");
    uint64_t left = current < max ? max - current : 0;
    available = available ? std::min(available, left) : left;
  }
  return available;
}

}  // namespace sdvmc::explore
