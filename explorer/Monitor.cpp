// The monitor thread: wakes every 50 ms, checks the limits, and prints progress.
#include "explorer/Monitor.h"

#include "explorer/Resources.h"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace sdvmc::explore {

Monitor::Monitor(bool progress, double maxSeconds, uint64_t memoryLimit,
                 const RunCounters& counters)
    : progress_(progress),
      maxSeconds_(maxSeconds),
      memoryLimit_(memoryLimit),
      counters_(counters),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()) {
  thread_ = std::thread([this] { run(); });
}

Monitor::~Monitor() { finish(); }

double Monitor::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Monitor::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (quit_) return;
    quit_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (printed_ && tty_) std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

void Monitor::printLine(double seconds, bool /*final*/) {
  uint64_t expanded = counters_.expanded.load(std::memory_order_relaxed);
  double interval = seconds - lastPrint_;
  double rate = interval > 0 ? double(expanded - lastExpanded_) / interval : 0;
  lastPrint_ = seconds;
  lastExpanded_ = expanded;
  std::fprintf(stderr, "%sstates %llu  (%.0f states/s)  queue %llu  depth %u  memory %llu MiB%s",
               tty_ ? "\r" : "", (unsigned long long)expanded, rate,
               (unsigned long long)counters_.queue.load(std::memory_order_relaxed),
               counters_.depth.load(std::memory_order_relaxed),
               (unsigned long long)(residentBytes() >> 20), tty_ ? "\033[K" : "\n");
  std::fflush(stderr);
  printed_ = true;
}

void Monitor::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!quit_) {
    wake_.wait_for(lock, std::chrono::milliseconds(50));
    if (quit_) break;
    double seconds = elapsed();
    if (!stop_.load(std::memory_order_relaxed)) {
      if (maxSeconds_ > 0 && seconds >= maxSeconds_) {
        reason_.store(Reason::Time, std::memory_order_relaxed);
        stop_.store(true, std::memory_order_relaxed);
      } else if (memoryLimit_ > 0 && residentBytes() > memoryLimit_) {
        reason_.store(Reason::Memory, std::memory_order_relaxed);
        stop_.store(true, std::memory_order_relaxed);
      }
    }
    // The first line after one second, then every second on a terminal, else every 5.
    double every = (!printed_ || tty_) ? 1.0 : 5.0;
    if (progress_ && seconds >= 1.0 && seconds - lastPrint_ >= every) printLine(seconds, false);
  }
}

}  // namespace sdvmc::explore
