// The watcher of a run: a background thread that, while the search works, checks the
// time and memory limits (raising a flag the workers poll) and refreshes the progress
// line on stderr: `states N  (R states/s)  queue Q  depth D  memory M MiB`, after the
// first second, every second with '\r' on a terminal, else a new line every 5 seconds.
//
// It only reads counters the search publishes; it never touches the search's data.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace sdvmc::explore {

/// What the search publishes for the monitor (relaxed atomics; approximate is fine).
struct RunCounters {
  std::atomic<uint64_t> expanded{0};  ///< states expanded so far
  std::atomic<uint64_t> queue{0};     ///< states waiting (BFS frontier left, DFS stack)
  std::atomic<uint32_t> depth{0};     ///< current BFS level or DFS stack depth
};

class Monitor {
public:
  enum class Reason { None, Time, Memory };

  /// Starts watching. `maxSeconds` 0 and `memoryLimit` 0 mean no limit.
  Monitor(bool progress, double maxSeconds, uint64_t memoryLimit, const RunCounters& counters);
  ~Monitor();
  Monitor(const Monitor&) = delete;
  Monitor& operator=(const Monitor&) = delete;

  /// Stops the thread and erases the progress line (idempotent).
  void finish();

  /// Whether a limit was passed; workers poll it and stop.
  bool stopRequested() const { return stop_.load(std::memory_order_relaxed); }
  Reason reason() const { return reason_.load(std::memory_order_relaxed); }
  /// Seconds since the monitor started.
  double elapsed() const;

private:
  void run();
  void printLine(double seconds, bool final);

  const bool progress_;
  const double maxSeconds_;
  const uint64_t memoryLimit_;
  const RunCounters& counters_;
  const bool tty_;
  const std::chrono::steady_clock::time_point start_;

  std::atomic<bool> stop_{false};
  std::atomic<Reason> reason_{Reason::None};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool quit_ = false;
  bool printed_ = false;
  double lastPrint_ = 0;
  uint64_t lastExpanded_ = 0;
  std::thread thread_;
};

}  // namespace sdvmc::explore
