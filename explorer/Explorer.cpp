// The explorer's two searches over a sem::Model.
//
// Breadth-first is level-synchronous, two phases per level, which makes it deterministic
// for every number of jobs:
//   A. in parallel over the frontier, each worker (with its own clone of the model)
//      expands states and looks each successor up in the visited set, which nobody
//      writes during this phase; unvisited successors become candidates
//      (fingerprint, parent index, successor index, bytes);
//   B. the candidates are put in discovery order, (parent, successor): each worker
//      records the frontier range each of its chunks covered, and the chunks are
//      concatenated by range; then one pass with a hash table keyed by the state keeps the
//      first of each state, so a state's parent is its smallest (parent, successor)
//      discoverer; the survivors, still in discovery order, are the next frontier in its
//      canonical order, and are inserted into the visited set (in parallel, lock-free).
// Parent links (parent index, successor index) per level give the witness, which ends
// with the number of the violating transition (Expansion::violationIndex); the violation
// reported from a level is the one of the smallest frontier index, after the whole level
// was expanded, so counts do not depend on scheduling either.
//
// With one job the two phases are one pass (expandLevelSerial): successors go into the
// visited set as they are found, in the same discovery order, so levels, links, counts and
// witnesses are the ones the two phases give.
//
// Depth-first uses one worker and an explicit stack; the path is the stack.
#include "explorer/Explorer.h"

#include "explorer/Monitor.h"
#include "explorer/Resources.h"
#include "explorer/VisitedSet.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

namespace sdvmc::explore {

namespace {

/// The memory the run may use, and whose limit it is (for the message).
struct MemoryLimit {
  uint64_t bytes = 0;  ///< 0: unknown, no check
  bool user = false;   ///< --max-memory, rather than the machine's
};

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

void finishResult(Result& result, const VisitedSet& visited, Monitor& monitor) {
  monitor.finish();
  result.seconds = monitor.elapsed();
  result.peakMemoryBytes = peakResidentBytes();
  result.visitedBytes = visited.bytes();
  result.visitedBytesPerState =
      result.states ? double(result.visitedBytes) / double(result.states) : 0;
  result.omissionProbability = visited.omissionProbability();
  // Lexicographic order of the bytes (spelled out: GCC 12 warns falsely on vector's <).
  auto less = [](const sem::StateBytes& a, const sem::StateBytes& b) {
    size_t n = std::min(a.size(), b.size());
    int c = n ? std::memcmp(a.data(), b.data(), n) : 0;
    return c != 0 ? c < 0 : a.size() < b.size();
  };
  std::sort(result.terminals.begin(), result.terminals.end(), less);
  result.terminals.erase(std::unique(result.terminals.begin(), result.terminals.end()),
                         result.terminals.end());
}

// ---------------------------------------------------------------------------------------
// Breadth-first

/// A growable array of a trivially copyable type whose new elements are left
/// uninitialised (no zero-filling of what is about to be overwritten) and whose capacity
/// is kept: the per-level buffers are reused from level to level.
template <typename T>
class RawBuffer {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
  RawBuffer() = default;
  ~RawBuffer() { std::free(data_); }
  RawBuffer(const RawBuffer&) = delete;
  RawBuffer& operator=(const RawBuffer&) = delete;
  void swap(RawBuffer& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
  }
  /// Elements [old size, n) are unspecified.
  void resize(size_t n) {
    if (n > capacity_) {
      const size_t c = std::max(n, capacity_ + capacity_ / 2);
      void* p = std::realloc(data_, c * sizeof(T));
      if (!p) throw std::bad_alloc();
      data_ = static_cast<T*>(p);
      capacity_ = c;
    }
    size_ = n;
  }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

private:
  T* data_ = nullptr;
  size_t size_ = 0, capacity_ = 0;
};

/// A level's states, back to back.
struct Level {
  RawBuffer<uint8_t> bytes;
  RawBuffer<uint64_t> offsets;  ///< size() + 1 entries (none when empty)
  size_t size() const { return offsets.size() ? offsets.size() - 1 : 0; }
  std::span<const uint8_t> state(size_t i) const {
    return {bytes.data() + offsets[i], size_t(offsets[i + 1] - offsets[i])};
  }
  void clear() {
    bytes.clear();
    offsets.clear();
  }
  void swap(Level& o) noexcept {
    bytes.swap(o.bytes);
    offsets.swap(o.offsets);
  }
};

/// How a state of a level was first reached: the index of its parent in the previous
/// level (level 0: the index in Model::initialStates) and the successor number.
struct Link {
  uint32_t parent;
  uint32_t successor;
};

/// An unvisited successor found in phase A; its bytes are in its owner's buffer.
struct Candidate {
  Fingerprint fp;
  uint32_t parent;
  uint32_t successor;
  uint64_t offset;
  uint32_t length;
  uint32_t owner;
};

/// The first violation (or stuck expansion) a worker met: the smallest frontier index.
template <typename T>
struct First {
  uint32_t index = std::numeric_limits<uint32_t>::max();
  std::optional<T> what;
  void offer(uint32_t i, const T& t) {
    if (!what || i < index) {
      index = i;
      what = t;
    }
  }
};

/// A violating transition: its verdict and its number (Expansion::violationIndex).
struct Violating {
  sem::Verdict verdict;
  uint32_t transition;
};

/// The candidates a worker found while expanding frontier states [begin, end): its
/// candidates [first, last), in discovery order.
struct Chunk {
  uint32_t begin;
  uint32_t owner;
  size_t first, last;
};

struct Worker {
  explicit Worker(std::unique_ptr<sem::Model> m) : model(std::move(m)) {}
  std::unique_ptr<sem::Model> model;
  sem::Expansion expansion;
  std::vector<Candidate> candidates;
  std::vector<Chunk> chunks;
  std::vector<uint8_t> bytes;
  std::vector<Fingerprint> fingerprints;  ///< of the successors of the state being expanded
  std::vector<sem::StateBytes> terminals;
  uint64_t transitions = 0, terminal = 0, discarded = 0, expanded = 0;
  First<Violating> violation;
  First<std::string> stuck;

  void newLevel() {
    candidates.clear();
    chunks.clear();
    bytes.clear();
    transitions = terminal = discarded = expanded = 0;
    violation = {};
    stuck = {};
  }
};

unsigned jobsOf(const Options& options) {
  return options.jobs ? options.jobs : unsigned(tbb::info::default_concurrency());
}

class BreadthFirst {
public:
  BreadthFirst(const sem::Model& model, const Options& options)
      : model_(model),
        options_(options),
        control_(tbb::global_control::max_allowed_parallelism,
                 std::max<size_t>(jobsOf(options),
                                  tbb::global_control::active_value(
                                      tbb::global_control::max_allowed_parallelism))),
        limit_(memoryLimit(options)),
        monitor_(options.progress, options.maxSeconds, limit_.bytes, counters_),
        visited_(options.exact, uint64_t(1) << std::min<uint32_t>(options.initialTableBits, 40)),
        arena_(int(jobsOf(options))),
        workers_([&model] { return Worker(model.clone()); }) {
    serial_ = jobsOf(options) == 1;
    visited_.setConcurrent(!serial_);
  }

  Result run() {
    try {
      search();
    } catch (const std::bad_alloc&) {
      result_.status = Result::Status::Inconclusive;
      result_.limit = fmt::format("out of memory: {}", covered());
    }
    for (Worker& w : workers_)
      for (auto& t : w.terminals) result_.terminals.push_back(std::move(t));
    finishResult(result_, visited_, monitor_);
    return std::move(result_);
  }

private:
  /// What was covered, for a limit's message: levels 0..depth-1 fully expanded.
  std::string covered() const {
    if (result_.depth == 0) return fmt::format("no level completed ({} states)", result_.states);
    return fmt::format("every state at depth <= {} explored ({} states)", result_.depth - 1,
                       result_.states);
  }

  void stop(std::string why) {
    result_.status = Result::Status::Inconclusive;
    result_.limit = std::move(why);
  }

  void search() {
    // Level 0: the initial states, first occurrence wins.
    std::vector<sem::StateBytes> initial = model_.clone()->initialStates();
    sources_.assign(1, {});
    std::vector<uint8_t>& source = sources_[0];
    all_.resize(initial.size());
    for (size_t i = 0; i < initial.size(); ++i) {
      all_[i] = Candidate{fingerprint(initial[i]), uint32_t(i), 0, source.size(), uint32_t(initial[i].size()), 0};
      source.insert(source.end(), initial[i].begin(), initial[i].end());
    }
    std::vector<const std::vector<uint8_t>*> owners{&source};
    if (!admit(owners)) return;

    for (;;) {
      if (frontier_.size() == 0) return;  // Complete
      if (monitor_.stopRequested())
        return stop(fmt::format("{}: {}; the {} states at depth {} not expanded",
                                stopName(options_, monitor_.reason(), limit_), covered(),
                                frontier_.size(), level_));
      if (serial_) {
        if (!expandLevelSerial()) return;
        continue;
      }
      if (!expandLevel()) return;
      result_.depth = level_ + 1;

      // Phase B: the workers' chunks in frontier order give the candidates in discovery
      // order.
      std::vector<const std::vector<uint8_t>*> sources;
      std::vector<Chunk> chunks;
      for (Worker& w : workers_) {
        const uint32_t owner = uint32_t(sources.size());
        sources.push_back(&w.bytes);
        for (Chunk c : w.chunks) {
          c.owner = owner;
          chunks.push_back(c);
        }
      }
      std::sort(chunks.begin(), chunks.end(), [](const Chunk& a, const Chunk& b) { return a.begin < b.begin; });
      std::vector<size_t> starts{0};
      for (const Chunk& c : chunks) starts.push_back(starts.back() + (c.last - c.first));
      const size_t total = starts.back();
      all_.resize(total);
      Candidate* const all = all_.data();
      std::vector<Worker*> owners;
      for (Worker& w : workers_) owners.push_back(&w);
      arena_.execute([&] {
        tbb::parallel_for(size_t(0), chunks.size(), [&](size_t k) {
          const Chunk& c = chunks[k];
          Candidate* out = all + starts[k];
          for (size_t i = c.first; i < c.last; ++i) {
            Candidate x = owners[c.owner]->candidates[i];
            x.owner = c.owner;
            *out++ = x;
          }
        });
      });
      lastCandidates_ = total;
      if (!admit(sources)) return;
    }
  }

  /// With one job, phases A and B in one pass: the frontier is expanded in order and each
  /// successor is inserted into the visited set as soon as it is found, so the first
  /// discoverer of a state in (parent, successor) order is its parent and the states of
  /// the next level come in discovery order — the same level, links and counts as the two
  /// phases give, without candidates. Returns false when the search ends here.
  bool expandLevelSerial() {
    const Level& frontier = frontier_;
    const uint32_t n = uint32_t(frontier.size());
    counters_.queue.store(n, std::memory_order_relaxed);
    counters_.depth.store(level_, std::memory_order_relaxed);
    if (!levelFits(n)) return false;
    lastFrontier_ = n;

    Worker& w = workers_.local();
    w.newLevel();
    Level& next = next_;
    next.clear();
    next.offsets.resize(1);
    next.offsets[0] = 0;
    std::vector<Link> links;
    bool aborted = false;
    uint32_t i = 0;
    for (; i < n; ++i) {
      if (monitor_.stopRequested()) {
        aborted = true;
        break;
      }
      std::span<const uint8_t> state = frontier.state(i);
      sem::Expansion& e = w.expansion;
      w.model->expand(state, e);
      ++w.expanded;
      if ((i & 255) == 255) {
        counters_.expanded.fetch_add(256, std::memory_order_relaxed);
        counters_.queue.fetch_sub(256, std::memory_order_relaxed);
      }
      if (e.stuck) {
        w.stuck.offer(i, *e.stuck);
        continue;
      }
      w.transitions += e.successors.size();
      w.discarded += e.discarded;
      if (e.violation) {
        w.violation.offer(i, {*e.violation, e.violationIndex});
        continue;
      }
      if (e.terminal) {
        ++w.terminal;
        if (options_.collectTerminals) w.terminals.emplace_back(state.begin(), state.end());
      }
      // The search ends with this level: the rest of it is expanded for its counts only.
      if (w.violation.what || w.stuck.what) continue;
      std::vector<Fingerprint>& fps = w.fingerprints;
      fps.resize(e.successors.size());
      for (uint32_t j = 0; j < e.successors.size(); ++j) {
        fps[j] = fingerprint(e.successors[j]);
        visited_.prefetch(fps[j]);
      }
      for (uint32_t j = 0; j < e.successors.size(); ++j) {
        const sem::StateBytes& s = e.successors[j];
        if (!visited_.insert({fps[j], s})) continue;
        const size_t at = next.bytes.size();
        next.bytes.resize(at + s.size());
        if (!s.empty()) std::memcpy(next.bytes.data() + at, s.data(), s.size());
        const size_t count = next.offsets.size();
        next.offsets.resize(count + 1);
        next.offsets[count] = at + s.size();
        links.push_back(Link{i, j});
      }
    }
    counters_.expanded.fetch_add(i & 255, std::memory_order_relaxed);
    counters_.queue.store(0, std::memory_order_relaxed);
    result_.depth = level_ + 1;
    result_.transitions += w.transitions;
    result_.terminalStates += w.terminal;
    result_.discarded += w.discarded;
    if (w.violation.what) {
      result_.status = Result::Status::Violation;
      result_.violation = std::move(w.violation.what->verdict);
      reconstruct(w.violation.index);
      result_.path.push_back(w.violation.what->transition);
      return false;
    }
    if (w.stuck.what) return stop(*w.stuck.what), false;
    if (aborted)
      return stop(fmt::format("{}: {}; {} of the {} states at depth {} expanded",
                              stopName(options_, monitor_.reason(), limit_), covered(), w.expanded, n, level_)),
             false;

    const uint64_t m = links.size();
    lastCandidates_ = m;
    if (m == 0) {
      frontier_.clear();
      return true;
    }
    if (options_.maxStates && result_.states + m > options_.maxStates)
      return stop(fmt::format("--max-states {} reached: {}; depth {} has {} more", options_.maxStates, covered(),
                              level_ + 1, m)),
             false;
    std::unique_ptr<Link[]> stored(new Link[m]);
    std::copy(links.begin(), links.end(), stored.get());
    ++level_;
    links_.push_back(std::move(stored));
    frontier_.swap(next);
    result_.states += m;
    return true;
  }

  /// Whether the candidates of expanding a frontier of n states will fit, predicted from
  /// the previous level's ratio of candidates; stops the search when not.
  bool levelFits(uint32_t n) {
    if (!limit_.bytes) return true;
    const Level& frontier = frontier_;
    double ratio = level_ == 0 ? 4.0 : double(lastCandidates_) / double(std::max<size_t>(1, lastFrontier_));
    double length = double(frontier.bytes.size()) / double(std::max<uint32_t>(1, n));
    double need = double(n) * ratio * (3.0 * sizeof(Candidate) + 2.0 * length + 48.0);
    if (double(residentBytes()) + need > double(limit_.bytes))
      return stop(fmt::format("{}: {}; expanding the {} states at depth {} would not fit", memoryLimitName(limit_),
                              covered(), n, level_)),
             false;
    return true;
  }

  /// Phase A over the current frontier. Returns false when the search ends here.
  bool expandLevel() {
    const Level& frontier = frontier_;
    const uint32_t n = uint32_t(frontier.size());
    counters_.queue.store(n, std::memory_order_relaxed);
    counters_.depth.store(level_, std::memory_order_relaxed);

    if (!levelFits(n)) return false;
    lastFrontier_ = n;

    for (Worker& w : workers_) w.newLevel();
    std::atomic<bool> aborted{false};
    const bool collect = options_.collectTerminals;
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<uint32_t>(0, n, 16), [&](const tbb::blocked_range<uint32_t>& r) {
        Worker& w = workers_.local();
        const size_t first = w.candidates.size();
        for (uint32_t i = r.begin(); i != r.end(); ++i) {
          if (monitor_.stopRequested()) {
            aborted.store(true, std::memory_order_relaxed);
            return;
          }
          std::span<const uint8_t> state = frontier.state(i);
          sem::Expansion& e = w.expansion;
          w.model->expand(state, e);
          ++w.expanded;
          if (e.stuck) {
            w.stuck.offer(i, *e.stuck);
            continue;
          }
          w.transitions += e.successors.size();
          w.discarded += e.discarded;
          if (e.violation) {
            // The search ends with this level: the successors need no visiting.
            w.violation.offer(i, {*e.violation, e.violationIndex});
            continue;
          }
          if (e.terminal) {
            ++w.terminal;
            if (collect) w.terminals.emplace_back(state.begin(), state.end());
          }
          // Every successor's fingerprint first, and its slot requested from memory, so that
          // the lookups below wait for memory together rather than one after the other.
          std::vector<Fingerprint>& fps = w.fingerprints;
          fps.resize(e.successors.size());
          for (uint32_t j = 0; j < e.successors.size(); ++j) {
            fps[j] = fingerprint(e.successors[j]);
            visited_.prefetch(fps[j]);
          }
          for (uint32_t j = 0; j < e.successors.size(); ++j) {
            const sem::StateBytes& s = e.successors[j];
            const Fingerprint fp = fps[j];
            if (visited_.contains({fp, s})) continue;
            w.candidates.push_back(Candidate{fp, i, j, w.bytes.size(), uint32_t(s.size()), 0});
            w.bytes.insert(w.bytes.end(), s.begin(), s.end());
          }
        }
        if (w.candidates.size() > first) w.chunks.push_back(Chunk{r.begin(), 0, first, w.candidates.size()});
        counters_.expanded.fetch_add(r.size(), std::memory_order_relaxed);
        counters_.queue.fetch_sub(r.size(), std::memory_order_relaxed);
      });
    });

    First<Violating> violation;
    First<std::string> stuck;
    uint64_t expanded = 0;
    for (Worker& w : workers_) {
      result_.transitions += w.transitions;
      result_.terminalStates += w.terminal;
      result_.discarded += w.discarded;
      expanded += w.expanded;
      if (w.violation.what) violation.offer(w.violation.index, *w.violation.what);
      if (w.stuck.what) stuck.offer(w.stuck.index, *w.stuck.what);
    }

    // A violation is a verdict even when a limit interrupted the level: every shallower
    // level was complete, so its path is still a shortest one.
    if (violation.what) {
      result_.status = Result::Status::Violation;
      result_.violation = std::move(violation.what->verdict);
      result_.depth = level_ + 1;
      reconstruct(violation.index);
      result_.path.push_back(violation.what->transition);
      return false;
    }
    if (stuck.what) return stop(*stuck.what), false;
    if (aborted.load()) {
      return stop(fmt::format("{}: {}; {} of the {} states at depth {} expanded",
                              stopName(options_, monitor_.reason(), limit_), covered(), expanded,
                              n, level_)),
             false;
    }
    return true;
  }

  /// The path to state `index` of the current level, from the parent links.
  void reconstruct(uint32_t index) {
    std::vector<uint32_t> path;
    for (size_t l = links_.size() - 1; l > 0; --l) {
      const Link& link = links_[l][index];
      path.push_back(link.successor);
      index = link.parent;
    }
    result_.initial = links_[0][index].parent;
    std::reverse(path.begin(), path.end());
    result_.path = std::move(path);
  }

  /// Phase B: deduplicates the candidates (all_), which are in discovery order (the first
  /// of each state is kept), and makes the survivors the next level (checking the limits
  /// first). Returns false when the search ends here.
  bool admit(const std::vector<const std::vector<uint8_t>*>& sources) {
    const RawBuffer<Candidate>& all = all_;
    const bool exact = options_.exact;
    auto bytesOf = [&sources](const Candidate& c) {
      return std::span<const uint8_t>(sources[c.owner]->data() + c.offset, c.length);
    };
    auto sameState = [&](const Candidate& a, const Candidate& b) {
      if (a.fp != b.fp) return false;
      if (!exact) return true;
      return a.length == b.length && (a.length == 0 || std::memcmp(bytesOf(a).data(), bytesOf(b).data(), a.length) == 0);
    };
    // Deterministic and parallel: candidates are stably partitioned by fingerprint bits,
    // each partition is deduplicated on its own in candidate order (so the first of each
    // state is kept, whichever worker sees it), then the survivors are compacted in order.
    constexpr uint32_t kEmpty = std::numeric_limits<uint32_t>::max();
    if (all.size() >= kEmpty)
      return stop(fmt::format("a level of 2^32 or more candidate states: {}", covered())), false;
    const size_t n = all.size();
    constexpr size_t kParts = 256;
    const size_t blocks = std::max<size_t>(1, std::min<size_t>(64, n / 4096 + 1));
    auto partOf = [](const Candidate& c) { return size_t(c.fp.low >> 56) & (kParts - 1); };
    auto blockBegin = [&](size_t b) { return n * b / blocks; };
    std::vector<uint32_t> counts(blocks * kParts, 0);
    order_.resize(n);
    keep_.resize(n);  // every entry is set by the partition pass
    uint32_t* const order = order_.data();
    uint8_t* const keep = keep_.data();
    std::vector<size_t> offsets(blocks * kParts), partStart(kParts + 1), survivors(blocks + 1, 0);
    arena_.execute([&] {
      tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
        uint32_t* count = counts.data() + b * kParts;
        for (size_t i = blockBegin(b); i < blockBegin(b + 1); ++i) ++count[partOf(all[i])];
      });
    });
    size_t at = 0;
    for (size_t p = 0; p < kParts; ++p) {
      partStart[p] = at;
      for (size_t b = 0; b < blocks; ++b) {
        offsets[b * kParts + p] = at;
        at += counts[b * kParts + p];
      }
    }
    partStart[kParts] = at;
    arena_.execute([&] {
      tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
        size_t* next = offsets.data() + b * kParts;
        for (size_t i = blockBegin(b); i < blockBegin(b + 1); ++i) order[next[partOf(all[i])]++] = uint32_t(i);
      });
      tbb::parallel_for(size_t(0), kParts, [&](size_t p) {
        const size_t begin = partStart[p], end = partStart[p + 1];
        if (begin == end) return;
        std::vector<uint32_t>& table = dedupTables_.local();
        size_t capacity = 16;
        while (capacity < 2 * (end - begin)) capacity *= 2;
        table.assign(capacity, kEmpty);
        const size_t mask = capacity - 1;
        for (size_t k = begin; k < end; ++k) {  // candidate order within the partition
          const uint32_t i = order[k];
          size_t h = size_t(all[i].fp.low) & mask;
          bool seen = false;
          for (;; h = (h + 1) & mask) {
            const uint32_t j = table[h];
            if (j == kEmpty) break;
            if (sameState(all[j], all[i])) {
              seen = true;
              break;
            }
          }
          keep[i] = !seen;
          if (!seen) table[h] = i;
        }
      });
      tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
        size_t c = 0;
        for (size_t i = blockBegin(b); i < blockBegin(b + 1); ++i) c += keep[i];
        survivors[b + 1] = c;
      });
    });
    for (size_t b = 0; b < blocks; ++b) survivors[b + 1] += survivors[b];
    RawBuffer<Candidate>& kept = kept_;
    kept.resize(survivors[blocks]);
    arena_.execute([&] {
      tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
        size_t out = survivors[b];
        for (size_t i = blockBegin(b); i < blockBegin(b + 1); ++i)
          if (keep[i]) kept[out++] = all[i];
      });
    });
    const uint64_t m = kept.size();
    if (m == 0) {
      frontier_.clear();
      return true;
    }
    if (m > std::numeric_limits<uint32_t>::max())
      return stop(fmt::format("a level of more than 2^32 states: {}", covered())), false;

    const uint32_t nextLevel = links_.empty() ? 0 : level_ + 1;
    if (options_.maxStates && result_.states + m > options_.maxStates) {
      return stop(fmt::format("--max-states {} reached: {}; depth {} has {} more", options_.maxStates,
                              covered(), nextLevel, m)),
             false;
    }
    uint64_t length = 0;
    for (const Candidate& c : kept) length += c.length;
    if (limit_.bytes) {
      uint64_t transient = 0;
      visited_.bytesAfterReserve(m, &transient);
      uint64_t need = length + m * (sizeof(uint64_t) + sizeof(Link) + sizeof(VisitedSet::Key)) + transient;
      if (residentBytes() + need > limit_.bytes)
        return stop(fmt::format("{}: {}; the {} states at depth {} would not fit",
                                memoryLimitName(limit_), covered(), m, nextLevel)),
               false;
    }

    // The next level goes into the buffers of the level before the frontier (reused).
    Level& level = next_;
    level.offsets.resize(m + 1);
    level.offsets[0] = 0;
    for (uint64_t i = 0; i < m; ++i) level.offsets[i + 1] = level.offsets[i] + kept[i].length;
    level.bytes.resize(length);
    std::unique_ptr<Link[]> links(new Link[m]);  // every entry is set below
    keys_.resize(m);
    VisitedSet::Key* const keys = keys_.data();
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<uint64_t>(0, m, 1024), [&](const tbb::blocked_range<uint64_t>& r) {
        for (uint64_t i = r.begin(); i != r.end(); ++i) {
          const Candidate& c = kept[i];
          if (c.length) std::memcpy(level.bytes.data() + level.offsets[i], bytesOf(c).data(), c.length);
          links[i] = Link{c.parent, c.successor};
          keys[i] = VisitedSet::Key{c.fp, level.state(i)};
        }
      });
      visited_.insertAbsent(std::span<const VisitedSet::Key>(keys, m));
    });
    if (!links_.empty()) ++level_;
    links_.push_back(std::move(links));
    frontier_.swap(level);
    result_.states += m;
    return true;
  }

  const sem::Model& model_;
  const Options& options_;
  /// Lets `jobs` exceed the cores (TBB would otherwise cap the workers, with a warning).
  tbb::global_control control_;
  const MemoryLimit limit_;
  RunCounters counters_;
  Monitor monitor_;
  VisitedSet visited_;
  tbb::task_arena arena_;
  tbb::enumerable_thread_specific<Worker> workers_;
  std::vector<std::vector<uint8_t>> sources_;  ///< level 0's bytes
  Level frontier_;
  bool serial_ = false;                         ///< one job: expandLevelSerial
  uint32_t level_ = 0;                          ///< the frontier's depth
  std::vector<std::unique_ptr<Link[]>> links_;  ///< per level, one per state
  Level next_;                                  ///< admit's output buffers (swapped with frontier_)
  RawBuffer<Candidate> all_, kept_;             ///< a level's candidates, and the survivors
  RawBuffer<uint32_t> order_;                   ///< admit: candidates by partition
  RawBuffer<uint8_t> keep_;                     ///< admit: first of its state
  RawBuffer<VisitedSet::Key> keys_;             ///< admit: the survivors' keys
  size_t lastCandidates_ = 0, lastFrontier_ = 0;
  tbb::enumerable_thread_specific<std::vector<uint32_t>> dedupTables_;  ///< admit's per-partition tables
  Result result_;
};

// ---------------------------------------------------------------------------------------
// Depth-first

class DepthFirst {
public:
  DepthFirst(const sem::Model& model, const Options& options)
      : model_(model.clone()),
        options_(options),
        limit_(memoryLimit(options)),
        monitor_(options.progress, options.maxSeconds, limit_.bytes, counters_),
        visited_(options.exact, uint64_t(1) << std::min<uint32_t>(options.initialTableBits, 40)) {
    visited_.setConcurrent(false);
  }

  Result run() {
    try {
      search();
    } catch (const std::bad_alloc&) {
      stop(fmt::format("out of memory: {}", covered()));
    }
    finishResult(result_, visited_, monitor_);
    return std::move(result_);
  }

private:
  struct Frame {
    std::vector<sem::StateBytes> successors;
    uint32_t next = 0;
  };

  std::string covered() const {
    return fmt::format("depth-first, {} states visited (maximal depth {})", result_.states,
                       result_.depth);
  }

  void stop(std::string why) {
    result_.status = Result::Status::Inconclusive;
    result_.limit = std::move(why);
  }

  enum class Step { Seen, Leaf, Pushed, End };

  void search() {
    std::vector<sem::StateBytes> initial = model_->initialStates();
    for (uint32_t i = 0; i < initial.size(); ++i) {
      root_ = i;
      Step s = enter(initial[i]);
      if (s == Step::End) return;
      while (!stack_.empty()) {
        Frame& top = stack_.back();
        if (top.next == top.successors.size()) {
          stack_.pop_back();
          continue;
        }
        sem::StateBytes state = std::move(top.successors[top.next++]);
        if (enter(state) == Step::End) return;
      }
    }
  }

  /// Visits a state reached by the current stack: records it and expands it.
  Step enter(const sem::StateBytes& state) {
    VisitedSet::Key key{fingerprint(state), state};
    if (visited_.contains(key)) return Step::Seen;
    if (options_.maxStates && result_.states >= options_.maxStates)
      return stop(fmt::format("--max-states {} reached: {}", options_.maxStates, covered())), Step::End;
    if ((result_.states & 1023) == 0) {
      counters_.queue.store(stack_.size(), std::memory_order_relaxed);
      if (monitor_.stopRequested())
        return stop(fmt::format("{}: {}", stopName(options_, monitor_.reason(), limit_), covered())),
               Step::End;
      uint64_t transient = 0;
      visited_.bytesAfterReserve(1024, &transient);
      if (limit_.bytes && residentBytes() + transient > limit_.bytes)
        return stop(fmt::format("{}: {}", memoryLimitName(limit_), covered())), Step::End;
    }
    visited_.insert(key);
    ++result_.states;
    result_.depth = std::max<uint32_t>(result_.depth, uint32_t(stack_.size() + 1));
    counters_.depth.store(uint32_t(stack_.size()), std::memory_order_relaxed);

    model_->expand(state, expansion_);
    counters_.expanded.fetch_add(1, std::memory_order_relaxed);
    if (expansion_.stuck) return stop(*expansion_.stuck), Step::End;
    result_.transitions += expansion_.successors.size();
    result_.discarded += expansion_.discarded;
    if (expansion_.violation) {
      result_.status = Result::Status::Violation;
      result_.violation = std::move(expansion_.violation);
      result_.initial = root_;
      for (const Frame& f : stack_) result_.path.push_back(f.next - 1);
      result_.path.push_back(expansion_.violationIndex);
      return Step::End;
    }
    if (expansion_.terminal) {
      ++result_.terminalStates;
      if (options_.collectTerminals) result_.terminals.push_back(state);
    }
    if (expansion_.successors.empty()) return Step::Leaf;
    stack_.push_back(Frame{std::move(expansion_.successors), 0});
    expansion_.successors.clear();
    return Step::Pushed;
  }

  std::unique_ptr<sem::Model> model_;
  const Options& options_;
  const MemoryLimit limit_;
  RunCounters counters_;
  Monitor monitor_;
  VisitedSet visited_;
  sem::Expansion expansion_;
  std::vector<Frame> stack_;
  uint32_t root_ = 0;
  Result result_;
};

}  // namespace

Result explore(const sem::Model& model, const Options& options) {
  if (options.depthFirst) return DepthFirst(model, options).run();
  return BreadthFirst(model, options).run();
}

}  // namespace sdvmc::explore
