// The explorer's two searches over a sem::Model.
//
// Breadth-first is level-synchronous and deterministic for every number of jobs: the
// next level holds the new states in discovery order, (parent, successor), and a state's
// parent is its first discoverer.
//  - With one job (or whole states, --exact) the frontier is expanded in order and each
//    successor is inserted into the visited set as soon as it is fingerprinted.
//  - With several, each level runs in rounds: the workers (each with its own clone of the
//    model) expand frontier states in parallel and claim every absent successor as
//    *pending* in the visited set with a record of its smallest discoverer so far, which
//    a worker meeting the pending state lowers to its own if smaller; the new states,
//    ordered by that discoverer, are the next level, and their slots are committed.
// Parent links (parent index, successor index) per level give the witness, which ends
// with the number of the violating transition (Expansion::violationIndex); the violation
// reported from a level is the one of the smallest frontier index, after the whole level
// was expanded, so counts do not depend on scheduling either. With allViolations a
// violating transition is a sink instead: the level's violations are offered, in frontier
// order, after its expansion, and the search goes on; the first of each distinct violation
// is at the smallest depth, and among those at the smallest frontier index.
//
// Depth-first uses one worker and an explicit stack; the path is the stack.
#include "explorer/Explorer.h"

#include "explorer/Limits.h"
#include "explorer/Monitor.h"
#include "explorer/Resources.h"
#include "explorer/SearchBase.h"
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

/// (allViolations) Offers a violation to Options::distinct; keeps it if new (the first
/// kept is also the result's single violation).
void offerViolation(Result& result, const Options& options, FoundViolation&& f) {
  if (options.distinct && !options.distinct(f)) return;
  if (result.violations.empty()) {
    result.initial = f.initial;
    result.path = f.path;
    result.violation = f.verdict;
  }
  result.violations.push_back(std::move(f));
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
/// A level's states: back to back in `bytes` (one job), or where the workers that found
/// them keep them (`refs`, several jobs: those bytes stay put until the level after next).
struct Level {
  struct Ref {
    const uint8_t* data;
    uint64_t length;
  };
  RawBuffer<uint8_t> bytes;
  RawBuffer<uint64_t> offsets;  ///< size() + 1 entries (none when empty or with refs)
  RawBuffer<Ref> refs;
  uint64_t refBytes = 0;        ///< the states' bytes in all, with refs
  size_t size() const { return refs.size() ? refs.size() : offsets.size() ? offsets.size() - 1 : 0; }
  std::span<const uint8_t> state(size_t i) const {
    if (refs.size()) return {refs[i].data, size_t(refs[i].length)};
    return {bytes.data() + offsets[i], size_t(offsets[i + 1] - offsets[i])};
  }
  uint64_t byteCount() const { return refs.size() ? refBytes : bytes.size(); }
  void clear() {
    bytes.clear();
    offsets.clear();
    refs.clear();
    refBytes = 0;
  }
  void swap(Level& o) noexcept {
    bytes.swap(o.bytes);
    offsets.swap(o.offsets);
    refs.swap(o.refs);
    std::swap(refBytes, o.refBytes);
  }
};

/// How a state of a level was first reached: the index of its parent in the previous
/// level (level 0: the index in Model::initialStates) and the successor number.
struct Link {
  uint32_t parent;
  uint32_t successor;
};

/// The first violation (or stuck expansion) met: the smallest frontier index.
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

/// (parallel levels) A state a worker found first in this level and claimed as pending in
/// the visited set, with reference (its index in BreadthFirst::found_) + 1. What other
/// workers read while the level runs (the low fingerprint bits, to tell states apart as the
/// visited set does, and the key) is kept apart, in small arrays, for the cache's sake.
struct Worker;
struct Found {
  Fingerprint fp;
  uint64_t offset;       ///< its bytes in its worker's buffer
  uint32_t length;
  const Worker* worker;
};

/// What a level's expansion gathers (per worker, then summed).
struct LevelTally {
  uint64_t transitions = 0, terminal = 0, discarded = 0, expanded = 0;
  First<Violating> violation;
  /// (allViolations) every violating transition met, with its frontier index
  std::vector<std::pair<uint32_t, Violating>> every;
  First<std::string> stuck;
  bool aborted = false;
};

/// A worker's clone of the model, its expansion and fingerprints (reused from state to
/// state), and what it gathers over a parallel level.
struct Worker {
  std::unique_ptr<sem::Model> model;
  sem::Expansion expansion;
  std::vector<Fingerprint> fingerprints;
  /// Its Found states' bytes: those of this level (bytes[parity]) and of the frontier,
  /// which refers to them (bytes[1 - parity]).
  std::vector<uint8_t> bytes[2];
  std::vector<std::pair<uint64_t, uint64_t>> blocks;       ///< its ranges of found_: (first, used)
  uint64_t blockNext = 0, blockEnd = 0;                    ///< the free part of its last range
  std::vector<std::pair<uint32_t, uint32_t>> deferred;     ///< (state, successors) left for the next round
  LevelTally tally;
  std::vector<sem::StateBytes> terminals;

  void newLevel(unsigned parity) {
    bytes[parity].clear();
    blocks.clear();
    blockNext = blockEnd = 0;
    deferred.clear();
    tally = {};
  }
};

class BreadthFirst : SearchBase {
public:
  BreadthFirst(const sem::Model& model, const Options& options)
      : SearchBase(model, options, options.progress),
        workers_([&model] {
          Worker w;
          w.model = model.clone();
          return w;
        }) {
    // One job (or whole states): one thread inserts, with plain stores; else the table
    // grows in parallel (in the arena).
    visited_.setConcurrent(jobsOf(options) > 1 && !options.exact);
  }

  Result run() {
    try {
      search();
    } catch (const std::bad_alloc&) {
      result_.status = Result::Status::Inconclusive;
      result_.limit = fmt::format("out of memory: {}", covered());
    }
    for (auto& t : terminals_) result_.terminals.push_back(std::move(t));
    if (!result_.violations.empty()) result_.status = Result::Status::Violation;
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
    startLevel();
    for (uint32_t i = 0; i < initial.size(); ++i) add(fingerprint(initial[i]), initial[i], Link{i, 0});
    if (!admit()) return;
    for (;;) {
      if (frontier_.size() == 0) return;  // Complete
      if (monitor_.stopRequested())
        return stop(fmt::format("{}: {}; the {} states at depth {} not expanded",
                                stopName(options_, monitor_.reason(), limit_), covered(),
                                frontier_.size(), level_));
      if (!expandLevel()) return;
    }
  }

  /// The next level starts empty.
  void startLevel() {
    next_.clear();
    next_.offsets.resize(1);
    next_.offsets[0] = 0;
    links_next_.clear();
  }

  /// A state reached by `link`: added to the next level unless it was visited.
  void add(const Fingerprint& fp, std::span<const uint8_t> s, Link link) {
    if (!visited_.insert({fp, s})) return;
    Level& next = next_;
    const size_t at = next.bytes.size();
    next.bytes.resize(at + s.size());
    if (!s.empty()) std::memcpy(next.bytes.data() + at, s.data(), s.size());
    const size_t count = next.offsets.size();
    next.offsets.resize(count + 1);
    next.offsets[count] = at + s.size();
    links_next_.push_back(link);
  }

  /// Makes the states added since startLevel the frontier (checking the state limit).
  /// Returns false when the search ends here.
  bool admit() {
    const uint64_t m = links_next_.size();
    lastAdded_ = m;
    if (m == 0) {
      frontier_.clear();
      return true;
    }
    const uint32_t nextLevel = links_.empty() ? 0 : level_ + 1;
    if (options_.maxStates && result_.states + m > options_.maxStates)
      return stop(fmt::format("--max-states {} reached: {}; depth {} has {} more", options_.maxStates,
                              covered(), nextLevel, m)),
             false;
    std::unique_ptr<Link[]> links(new Link[m]);
    std::copy(links_next_.begin(), links_next_.end(), links.get());
    if (!links_.empty()) ++level_;
    links_.push_back(std::move(links));
    frontier_.swap(next_);
    result_.states += m;
    return true;
  }

  /// Whether expanding a frontier of n states will fit in memory, predicted from the
  /// previous level (its new states per state, their length, the visited set's growth);
  /// stops the search when not.
  bool levelFits(uint32_t n) {
    if (!limit_.bytes) return true;
    const Level& frontier = frontier_;
    const double ratio = level_ == 0 ? 4.0 : double(lastAdded_) / double(std::max<size_t>(1, lastFrontier_));
    const double length = double(frontier.byteCount()) / double(std::max<uint32_t>(1, n));
    const double added = double(n) * ratio;
    uint64_t transient = 0;
    visited_.bytesAfterReserve(uint64_t(added), &transient);
    const double need = added * (length + sizeof(uint64_t) + 2 * sizeof(Link)) + double(transient);
    if (double(residentBytes()) + need > double(limit_.bytes))
      return stop(fmt::format("{}: {}; expanding the {} states at depth {} would not fit", memoryLimitName(limit_),
                              covered(), n, level_)),
             false;
    return true;
  }


  /// With one job: the frontier in order, each successor inserted as soon as it is
  /// fingerprinted.
  bool expandLevelSerial(LevelTally& t) {
    const uint32_t n = uint32_t(frontier_.size());
    Worker& w = workers_.local();
    sem::Model& model = *w.model;
    std::vector<Fingerprint>& fps = w.fingerprints;
    uint32_t i = 0;
    for (; i < n; ++i) {
      if (monitor_.stopRequested()) break;
      std::span<const uint8_t> state = frontier_.state(i);
      sem::Expansion& e = w.expansion;
      model.expand(state, e);
      ++t.expanded;
      if ((i & 255) == 255) {
        counters_.expanded.fetch_add(256, std::memory_order_relaxed);
        counters_.queue.fetch_sub(256, std::memory_order_relaxed);
      }
      if (e.stuck) {
        t.stuck.offer(i, *e.stuck);
        continue;
      }
      t.transitions += e.successors.size();
      t.discarded += e.discarded;
      if (e.violation) {
        if (!options_.allViolations) {
          t.violation.offer(i, {*e.violation, e.violationIndex});
          continue;
        }
        t.every.emplace_back(i, Violating{*e.violation, e.violationIndex});  // a sink: go on
      }
      if (e.terminal) {
        ++t.terminal;
        if (options_.collectTerminals) terminals_.emplace_back(state.begin(), state.end());
      }
      if (t.violation.what || t.stuck.what) continue;
      // Every successor's fingerprint first, and its slot requested from memory, so that
      // the lookups wait for memory together rather than one after the other.
      fps.resize(e.successors.size());
      for (uint32_t j = 0; j < e.successors.size(); ++j) {
        fps[j] = fingerprint(e.successors[j]);
        visited_.prefetch(fps[j]);
      }
      for (uint32_t j = 0; j < e.successors.size(); ++j) add(fps[j], e.successors[j], Link{i, j});
    }
    counters_.expanded.fetch_add(i & 255, std::memory_order_relaxed);
    return i == n;
  }

  /// Expands the frontier: with one job (or whole states) in order, inserting each
  /// successor as it is found (expandLevelSerial); else in parallel (expandLevelParallel).
  /// Returns false when the search ends here.
  bool expandLevel() {
    const uint32_t n = uint32_t(frontier_.size());
    counters_.queue.store(n, std::memory_order_relaxed);
    counters_.depth.store(level_, std::memory_order_relaxed);
    if (!levelFits(n)) return false;
    lastFrontier_ = n;
    startLevel();
    LevelTally t;
    if (jobsOf(options_) == 1 || options_.exact) {
      t.aborted = !expandLevelSerial(t);
      return finishLevel(t, n);
    }
    return expandLevelParallel(n);
  }

  /// A parallel level, in rounds. In a round the workers expand their share of the states
  /// and look every successor up in the visited set, claiming each absent one as *pending*
  /// (VisitedSet::claimPending) with a Found record; a worker that meets a pending state
  /// lowers its record's key to its own (parent, successor) if smaller, so each new state
  /// ends with its smallest discoverer whatever the scheduling. A state whose successors
  /// might take the table past its maximal load is left for the next round, after the
  /// table grew. Then the new states, ordered by key, are the next level in discovery
  /// order (the serial search's order), and their slots are committed.
  bool expandLevelParallel(uint32_t n) {
    parity_ ^= 1;
    for (Worker& w : workers_) w.newLevel(parity_);
    found_.clear();
    foundMeet_.clear();
    foundNext_.store(0, std::memory_order_relaxed);
    foundLimit_ = 0;
    ended_.store(false, std::memory_order_relaxed);
    // Room for the new states predicted from the previous level (more come in rounds).
    const double ratio = level_ == 0 ? 4.0 : double(lastAdded_) / double(std::max<size_t>(1, lastFrontier_));
    arena_.execute([&] { visited_.reserve(uint64_t(double(n) * ratio * 1.25) + 1024); });
    std::vector<uint32_t> todo;  // the states of a later round
    const unsigned jobs = jobsOf(options_);
    uint64_t pending = 0;  // slots claimed in earlier rounds
    for (bool first = true;; first = false) {
      const uint64_t room = visited_.roomBelowMaxLoad();
      const uint64_t base = foundNext_.load(std::memory_order_relaxed);
      foundLimit_ = base + (room > pending ? room - pending : 0);
      found_.resize(foundLimit_);
      foundMeet_.resize(foundLimit_);
      const uint32_t count = first ? n : uint32_t(todo.size());
      arena_.execute([&] {
        tbb::parallel_for(tbb::blocked_range<uint32_t>(0, count, 16), [&](const tbb::blocked_range<uint32_t>& r) {
          Worker& w = workers_.local();
          for (uint32_t k = r.begin(); k != r.end(); ++k) {
            if (monitor_.stopRequested()) {
              w.tally.aborted = true;
              return;
            }
            expandOne(w, first ? k : todo[k]);
          }
          counters_.expanded.fetch_add(r.size(), std::memory_order_relaxed);
          counters_.queue.fetch_sub(r.size(), std::memory_order_relaxed);
        });
      });
      // The states left for another round, in frontier order, and the room they need.
      todo.clear();
      uint64_t need = 0;
      bool aborted = false;
      for (Worker& w : workers_) {
        for (auto [i, successors] : w.deferred) {
          todo.push_back(i);
          need += successors;
        }
        w.deferred.clear();
        aborted = aborted || w.tally.aborted;
      }
      if (todo.empty() || aborted) break;
      std::sort(todo.begin(), todo.end());
      pending = 0;
      for (Worker& w : workers_)
        for (auto [from, used] : w.blocks) pending += used;
      // Room for every successor of the states left, in blocks.
      arena_.execute([&] { visited_.reserve(pending + need + uint64_t(todo.size() + jobs) * kBlock); });
      for (Worker& w : workers_) w.blockNext = w.blockEnd = 0;  // a new round takes new blocks
      foundNext_.store(foundLimit_, std::memory_order_relaxed);
    }

    LevelTally t;
    for (Worker& w : workers_) {
      t.transitions += w.tally.transitions;
      t.terminal += w.tally.terminal;
      t.discarded += w.tally.discarded;
      t.expanded += w.tally.expanded;
      t.aborted = t.aborted || w.tally.aborted;
      if (w.tally.violation.what) t.violation.offer(w.tally.violation.index, *w.tally.violation.what);
      for (auto& x : w.tally.every) t.every.push_back(std::move(x));
      w.tally.every.clear();
      if (w.tally.stuck.what) t.stuck.offer(w.tally.stuck.index, *w.tally.stuck.what);
      for (auto& x : w.terminals) terminals_.push_back(std::move(x));
      w.terminals.clear();
    }
    if (t.violation.what || t.stuck.what || t.aborted) return finishLevel(t, n);

    // The new states in discovery order: by their smallest (parent, successor), which is
    // unique (one transition reaches one state). A counting sort by parent, then by
    // successor within a parent (a handful).
    const Found* const found = found_.data();
    const Meet* const meet = foundMeet_.data();
    std::vector<uint32_t>& start = parentStart_;
    start.assign(size_t(n) + 1, 0);
    uint64_t m = 0;
    for (Worker& w : workers_)
      for (auto [from, used] : w.blocks) {
        for (uint64_t x = from; x < from + used; ++x) ++start[(meet[x].key >> 32) + 1];
        m += used;
      }
    for (uint32_t p = 0; p < n; ++p) start[p + 1] += start[p];
    std::vector<uint64_t>& order = order_;
    order.resize(m);
    {
      std::vector<uint32_t> at(start.begin(), start.end() - 1);
      for (Worker& w : workers_)
        for (auto [from, used] : w.blocks)
          for (uint64_t x = from; x < from + used; ++x) order[at[meet[x].key >> 32]++] = x;
    }
    for (uint32_t p = 0; p < n; ++p)
      if (start[p + 1] - start[p] > 1)
        std::sort(order.begin() + start[p], order.begin() + start[p + 1],
                  [meet](uint64_t a, uint64_t b) { return meet[a].key < meet[b].key; });
    Level& next = next_;
    next.clear();
    next.refs.resize(m);
    links_next_.resize(m);
    const unsigned parity = parity_;
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<uint64_t>(0, m, 1024), [&](const tbb::blocked_range<uint64_t>& r) {
        constexpr uint64_t kAhead = 8;  // slots requested from memory ahead of their commit
        for (uint64_t k = r.begin(); k != r.end(); ++k) {
          if (k + kAhead < r.end()) visited_.prefetch(found[order[k + kAhead]].fp);
          const Found& f = found[order[k]];
          next.refs[k] = Level::Ref{f.worker->bytes[parity].data() + f.offset, f.length};
          links_next_[k] = Link{uint32_t(meet[order[k]].key >> 32), uint32_t(meet[order[k]].key)};
          visited_.commitPending(f.fp, uint32_t(order[k] + 1));
        }
      });
    });
    visited_.addCommitted(m);
    for (uint64_t k = 0; k < m; ++k) next.refBytes += next.refs[k].length;
    return finishLevel(t, n);
  }

  /// (parallel levels) Worker w expands frontier state i and claims its new successors.
  void expandOne(Worker& w, uint32_t i) {
    sem::Expansion& e = w.expansion;
    w.model->expand(frontier_.state(i), e);
    LevelTally& t = w.tally;
    const uint32_t s = uint32_t(e.successors.size());
    const bool sink = e.violation && !options_.allViolations;  // the violation ends the search
    if (!e.stuck && !sink && !ended_.load(std::memory_order_relaxed) && w.blockEnd - w.blockNext < s) {
      // Records for every successor (as if all were new), from a new block.
      const uint64_t take = std::max<uint64_t>(kBlock, s);
      const uint64_t from = foundNext_.fetch_add(take, std::memory_order_relaxed);
      if (from + take > foundLimit_) {
        w.deferred.emplace_back(i, s);  // counted when expanded again, in the next round
        return;
      }
      w.blocks.emplace_back(from, 0);
      w.blockNext = from;
      w.blockEnd = from + take;
    }
    ++t.expanded;
    if (e.stuck) {
      t.stuck.offer(i, *e.stuck);
      ended_.store(true, std::memory_order_relaxed);
      return;
    }
    t.transitions += s;
    t.discarded += e.discarded;
    if (e.violation) {
      if (!options_.allViolations) {
        t.violation.offer(i, {*e.violation, e.violationIndex});
        ended_.store(true, std::memory_order_relaxed);
        return;
      }
      t.every.emplace_back(i, Violating{*e.violation, e.violationIndex});  // a sink: go on
    }
    if (e.terminal) {
      ++t.terminal;
      if (options_.collectTerminals) {
        std::span<const uint8_t> state = frontier_.state(i);
        w.terminals.emplace_back(state.begin(), state.end());
      }
    }
    // The level ends in a violation: the rest of it is expanded for its counts only.
    if (ended_.load(std::memory_order_relaxed)) return;
    std::vector<Fingerprint>& fps = w.fingerprints;
    fps.resize(s);
    for (uint32_t j = 0; j < s; ++j) {
      fps[j] = fingerprint(e.successors[j]);
      visited_.prefetch(fps[j]);
    }
    Found* const found = found_.data();
    Meet* const meet = foundMeet_.data();
    for (uint32_t j = 0; j < s; ++j) {
      const uint64_t key = (uint64_t(i) << 32) | j;
      const uint64_t x = w.blockNext;
      const uint32_t low = uint32_t(fps[j].low);
      uint32_t owner = 0;
      // The claim words agree: the same state iff the low bits do (VisitedSet's 95 bits).
      auto same = [meet, low](uint32_t ref) { return meet[ref - 1].low == low; };
      auto claimed = [&] {  // before the slot's reference is published
        meet[x].low = low;
        meet[x].key = key;
      };
      switch (visited_.claimPending(fps[j], uint32_t(x + 1), same, claimed, &owner)) {
        case VisitedSet::Probe::Visited:
          break;
        case VisitedSet::Probe::Claimed: {
          const sem::StateBytes& bytes = e.successors[j];
          Found& f = found[x];
          f.fp = fps[j];
          std::vector<uint8_t>& into = w.bytes[parity_];
          f.offset = into.size();
          f.length = uint32_t(bytes.size());
          f.worker = &w;
          into.insert(into.end(), bytes.begin(), bytes.end());
          ++w.blockNext;
          ++w.blocks.back().second;
          break;
        }
        case VisitedSet::Probe::Pending: {
          std::atomic_ref<uint64_t> k(meet[owner - 1].key);
          uint64_t now = k.load(std::memory_order_relaxed);
          while (key < now && !k.compare_exchange_weak(now, key, std::memory_order_relaxed)) {
          }
          break;
        }
      }
    }
  }

  /// After a level's expansion: the verdict, or the limit, or the next level.
  bool finishLevel(LevelTally& t, uint32_t n) {
    counters_.queue.store(0, std::memory_order_relaxed);
    result_.transitions += t.transitions;
    result_.terminalStates += t.terminal;
    result_.discarded += t.discarded;
    // allViolations: the level's violations in frontier order (one per state at most).
    std::sort(t.every.begin(), t.every.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [index, v] : t.every) {
      FoundViolation f;
      reconstruct(index, f.initial, f.path);
      f.path.push_back(v.transition);
      f.verdict = std::move(v.verdict);
      offerViolation(result_, options_, std::move(f));
    }
    // A violation is a verdict even when a limit interrupted the level: every shallower
    // level was complete, so its path is still a shortest one.
    if (t.violation.what) {
      result_.depth = level_ + 1;
      result_.status = Result::Status::Violation;
      result_.violation = std::move(t.violation.what->verdict);
      reconstruct(t.violation.index, result_.initial, result_.path);
      result_.path.push_back(t.violation.what->transition);
      return false;
    }
    if (t.stuck.what) return stop(*t.stuck.what), false;
    if (t.aborted)
      return stop(fmt::format("{}: {}; {} of the {} states at depth {} expanded",
                              stopName(options_, monitor_.reason(), limit_), covered(), t.expanded, n, level_)),
             false;
    result_.depth = level_ + 1;  // this level is complete
    return admit();
  }

  /// The path to state `index` of the current level, from the parent links.
  void reconstruct(uint32_t index, uint32_t& initial, std::vector<uint32_t>& out) const {
    std::vector<uint32_t> path;
    for (size_t l = links_.size() - 1; l > 0; --l) {
      const Link& link = links_[l][index];
      path.push_back(link.successor);
      index = link.parent;
    }
    initial = links_[0][index].parent;
    std::reverse(path.begin(), path.end());
    out = std::move(path);
  }

  tbb::enumerable_thread_specific<Worker> workers_;
  Level frontier_;
  uint32_t level_ = 0;                          ///< the frontier's depth
  std::vector<std::unique_ptr<Link[]>> links_;  ///< per level, one per state
  Level next_;                                  ///< the level being found (swapped with frontier_)
  std::vector<Link> links_next_;                ///< its links
  size_t lastAdded_ = 0, lastFrontier_ = 0;
  /// (parallel levels) The Found records, with (in foundMeet_) the low 32 bits of their
  /// fingerprints and their keys (the smallest (parent << 32 | successor) reaching them, lowered with
  /// atomic_ref), and the next free one: each worker takes blocks of kBlock (or more); a
  /// round takes at most foundLimit_ (the table's room).
  static constexpr uint64_t kBlock = 64;
  RawBuffer<Found> found_;
  /// What a worker that meets a pending state reads and lowers, together.
  struct Meet {
    uint64_t key;
    uint32_t low;
  };
  RawBuffer<Meet> foundMeet_;
  std::atomic<uint64_t> foundNext_{0};
  uint64_t foundLimit_ = 0;
  std::atomic<bool> ended_{false};  ///< a violation or stuck expansion ends the search here
  unsigned parity_ = 0;             ///< which of each worker's byte buffers this level fills
  std::vector<uint32_t> parentStart_;  ///< the counting sort's buckets
  std::vector<uint64_t> order_;        ///< the new states (found_ indices) in discovery order
  std::vector<sem::StateBytes> terminals_;
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
    if (!result_.violations.empty()) result_.status = Result::Status::Violation;
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
    if (expansion_.violation && options_.allViolations) {
      FoundViolation f;
      f.initial = root_;
      for (const Frame& fr : stack_) f.path.push_back(fr.next - 1);
      f.path.push_back(expansion_.violationIndex);
      f.verdict = std::move(*expansion_.violation);
      offerViolation(result_, options_, std::move(f));  // a sink: go on
    } else if (expansion_.violation) {
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
