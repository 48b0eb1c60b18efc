// The distributed breadth-first search (Distributed.h).
//
// A level, on every rank at once:
//  1. Rounds. Each rank expands a batch of the frontier states it owns (in the order of
//     their global indices; TBB workers with --jobs > 1) and appends every successor to
//     the buffer of its owner as a record: fingerprint (16 bytes) and discoverer key (the
//     parent's global index << 32 | the successor's number: 8 bytes); a record the worker
//     has already sent in this level with a key no larger, or in an earlier level, is not
//     sent again (SentCache). The state's bytes stay in the sender's outbox: the owner
//     looks every record up in its visited set, claiming an absent state as pending with
//     the record's key, or lowering the key of a pending one to the record's if smaller,
//     and asks for the bytes of the states a record claimed (most successors of a state
//     are claimed first by their owner's own expansion, so few are asked for); the
//     request travels with the next round's message and the bytes with the one after. A
//     rank's last batch of a level sends the bytes with its records, so that a level ends
//     one round after its last requests. An all-gather before each exchange tells every
//     rank the sizes of its messages, whether anyone has states left, requests or records
//     to answer, a violation, a limit reached or a failure (out of memory), and feeds the
//     progress line.
//  2. Indices. A new state's global index in the next level is its rank among all new
//     states by key: the serial search's discovery order (Explorer.cpp). The keys go to
//     the rank that owns their parent's slice of [0, frontier size) (contiguous slices, one
//     per rank); that rank sorts what it got, an all-gather of the counts gives each slice
//     its first index, and the indices go back to the keys' owners.
//  3. The pending slots are committed; the new states, with their global indices and
//     links (parent, successor), are the next frontier.
// The witness is gathered link by link: for each level from the violating one up, the
// rank holding the state's link answers an all-gather. The violating state's bytes are
// sent to every rank, which expands it to learn the verdict (expansion is deterministic).
#include "explorer/Distributed.h"

#include "explorer/Limits.h"
#include "explorer/Monitor.h"
#include "explorer/RadixSort.h"
#include "explorer/Resources.h"
#include "explorer/SearchBase.h"
#include "explorer/SentCache.h"
#include "explorer/VisitedSet.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <unistd.h>

#include <algorithm>
#include <barrier>
#include <cassert>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <set>
#include <thread>

namespace sdvmc::explore {

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
/// The bytes of successors a rank gathers before an exchange round (all owners together),
/// unless the caller says otherwise (exploreDistributed).
constexpr uint64_t kBatchBytes = uint64_t(2) << 20;
/// A record: fingerprint and discoverer key (the state's bytes travel only when asked for),
/// or, in a rank's last round of a level, also the state's length (4 bytes) and bytes.
constexpr size_t kRecord = 16 + 8;
/// A round's message to a rank: the bytes of its records and of its requests, whether the
/// records carry their states' bytes, then the records, the requests (4 bytes each) and the
/// answers (each a length of 4 bytes and the bytes).
constexpr size_t kMessageHeader = 24;
/// A new state whose bytes have not arrived yet (New::offset).
constexpr uint64_t kMissing = std::numeric_limits<uint64_t>::max();

/// The rank that owns a state: from fingerprint bits the visited set does not use (its
/// home slot comes from the high word, it stores the low 32 bits).
uint32_t ownerOf(const Fingerprint& fp, uint32_t ranks) { return uint32_t(((fp.low >> 32) * ranks) >> 32); }

template <typename T>
void put(std::vector<uint8_t>& out, const T& x) {
  const size_t at = out.size();
  out.resize(at + sizeof(T));
  std::memcpy(out.data() + at, &x, sizeof(T));
}

template <typename T>
T get(const uint8_t*& p) {
  T x;
  std::memcpy(&x, p, sizeof(T));
  p += sizeof(T);
  return x;
}

/// What a rank gathers over a level's expansion.
struct Tally {
  uint64_t transitions = 0, terminal = 0, discarded = 0, expanded = 0;
  uint64_t records = 0;        ///< records sent (to other ranks, or to this one's buffer)
  uint32_t violation = kNone;  ///< the smallest global index whose expansion violates
  uint32_t stuck = kNone;      ///< … that is stuck
  void add(const Tally& o) {
    transitions += o.transitions;
    terminal += o.terminal;
    discarded += o.discarded;
    expanded += o.expanded;
    records += o.records;
    violation = std::min(violation, o.violation);
    stuck = std::min(stuck, o.stuck);
  }
};

/// What every rank tells every other after each round (all-gathered).
/// Followed by the sizes of its records for each rank, so the round's exchange needs no
/// other collective.
struct Status {
  uint64_t owned = 0;      ///< states it owns, this level's new ones included
  uint64_t remaining = 0;  ///< frontier states not yet expanded
  uint64_t memory = 0;     ///< resident bytes
  uint64_t transitions = 0, terminal = 0, discarded = 0, expanded = 0;  ///< the level's so far
  uint32_t violation = kNone, stuck = kNone;
  uint8_t stop = 0;        ///< Monitor::Reason of its monitor (time, memory), 0 none
  uint8_t failed = 0;      ///< Failure
  uint8_t compact = 0;     ///< it sent records without their bytes (requests follow)
  uint8_t requesting = 0;  ///< it sent requests (answers follow)
  uint8_t pad[4] = {};
};

static_assert(sizeof(Status) % 8 == 0);

/// Why a rank cannot go on.
enum Failure : uint8_t { kFine = 0, kOutOfMemory = 1, kWouldNotFit = 2 };

/// The bytes of the successors sent to one owner in a round, in the order of their records
/// (each a length of 4 bytes and the bytes), kept until the owner has asked for the new
/// ones; `at` is where each record's entry starts.
struct Outbox {
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> at;
  void clear() {
    bytes.clear();
    at.clear();
  }
};

/// One frontier state's successors, expanded by a worker.
struct Worker {
  std::unique_ptr<sem::Model> model;
  sem::Expansion expansion;
  std::vector<Fingerprint> fingerprints;
  SentCache sent;
};

/// A piece of a batch expanded by one worker: its records per owner, and its tally.
struct Piece {
  std::vector<std::vector<uint8_t>> out;
  std::vector<Outbox> kept;
  Tally tally;
};

/// A state claimed in this level (pending in the visited set, reference = index + 1).
struct New {
  Fingerprint fp;
  uint64_t key;     ///< the smallest discoverer met
  uint64_t offset;  ///< its bytes in newBytes_ (kMissing until they arrive)
  uint32_t length;
};

/// A level's states on this rank, in the order of their global indices.
/// Its bytes are where the records left them (no copy): `at` and `length` say where.
struct Frontier {
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> at;
  std::vector<uint32_t> length;
  std::vector<uint32_t> index;  ///< global indices, increasing
  size_t size() const { return index.size(); }
  std::span<const uint8_t> state(size_t i) const { return {bytes.data() + at[i], length[i]}; }
  /// Position of global index g, or size().
  size_t find(uint32_t g) const {
    auto it = std::lower_bound(index.begin(), index.end(), g);
    return it != index.end() && *it == g ? size_t(it - index.begin()) : size();
  }
};

/// A level's links on this rank: for each of its states (by global index) how it was
/// first reached (level 0: the index in Model::initialStates).
struct Links {
  std::vector<uint32_t> index;
  std::vector<uint32_t> parent;
  std::vector<uint32_t> successor;
};

class Distributed : SearchBase {
public:
  /// (Options::exact is refused by the caller; the progress line is this class's own.)
  Distributed(const sem::Model& model, const Options& options, Communicator& comm, uint64_t batchBytes)
      : SearchBase(model, options, /*progress=*/false),
        batchBytes_(batchBytes),
        comm_(comm),
        ranks_(uint32_t(comm.size())),
        me_(uint32_t(comm.rank())),
        workers_([&model] { return Worker{model.clone(), {}, {}, {}}; }),
        tty_(isatty(STDERR_FILENO) != 0) {
    visited_.setConcurrent(false);
  }

  Result run() {
    search();
    finish();
    return std::move(result_);
  }

private:
  // --- collectives, timed and counted -------------------------------------------------

  void exchange(const std::vector<std::vector<uint8_t>>& send, std::vector<std::span<const uint8_t>>& recv,
                const std::vector<uint64_t>* sizes) {
    for (uint32_t r = 0; r < ranks_; ++r)
      if (r != me_) bytesSent_ += send[r].size();
    const auto t0 = std::chrono::steady_clock::now();
    comm_.exchange(send, recv, sizes);
    waitSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  void gather(const void* mine, size_t bytes, void* all) {
    bytesSent_ += bytes * (ranks_ - 1);
    const auto t0 = std::chrono::steady_clock::now();
    comm_.allGather(mine, bytes, all);
    waitSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  template <typename T>
  std::vector<T> allGather(const T& mine) {
    static_assert(std::is_trivially_copyable_v<T>);
    std::vector<T> all(ranks_);
    gather(&mine, sizeof(T), all.data());
    return all;
  }

  // --- the search ------------------------------------------------------------------------

  std::string covered() const {
    if (result_.depth == 0) return fmt::format("no level completed ({} states)", result_.states);
    return fmt::format("every state at depth <= {} explored ({} states)", result_.depth - 1, result_.states);
  }

  void stop(std::string why) {
    result_.status = Result::Status::Inconclusive;
    result_.limit = std::move(why);
  }

  void search() {
    // Level 0: every rank computes the initial states; the first occurrence of each is
    // number k of level 0, kept by its owner.
    std::vector<sem::StateBytes> initial = workers_.local().model->initialStates();
    std::set<Fingerprint> seen;
    Links links;
    uint32_t g = 0;
    for (uint32_t i = 0; i < initial.size(); ++i) {
      const Fingerprint fp = fingerprint(initial[i]);
      if (!seen.insert(fp).second) continue;
      if (ownerOf(fp, ranks_) == me_ && visited_.insert({fp, initial[i]})) {
        appendState(frontier_, initial[i], g);
        links.index.push_back(g);
        links.parent.push_back(i);
        links.successor.push_back(0);
      }
      ++g;
    }
    if (!admit(g, std::move(links), /*first=*/true)) return;
    for (;;) {
      if (global_ == 0) return;  // Complete
      if (!expandLevel()) return;
    }
  }

  static void appendState(Frontier& f, std::span<const uint8_t> s, uint32_t g) {
    f.at.push_back(f.bytes.size());
    f.length.push_back(uint32_t(s.size()));
    f.bytes.insert(f.bytes.end(), s.begin(), s.end());
    f.index.push_back(g);
  }

  /// The m new states of a level (links: this rank's) become the frontier, unless the
  /// state limit says otherwise.
  bool admit(uint64_t m, Links links, bool first) {
    lastAdded_ = m;
    if (m == 0) {
      global_ = 0;
      return true;
    }
    const uint32_t nextLevel = first ? 0 : level_ + 1;
    if (options_.maxStates && result_.states + m > options_.maxStates)
      return stop(fmt::format("--max-states {} reached: {}; depth {} has {} more", options_.maxStates, covered(),
                              nextLevel, m)),
             false;
    if (!first) ++level_;
    links_.push_back(std::move(links));
    result_.states += m;
    owned_ += frontier_.size();
    global_ = m;
    return true;
  }

  /// Whether expanding this rank's frontier should fit in its memory, from the previous
  /// level's growth (as the serial search predicts it).
  bool levelFits() const {
    if (!limit_.bytes) return true;
    const size_t n = frontier_.size();
    const double ratio = level_ == 0 ? 4.0 : double(lastAdded_) / double(std::max<uint64_t>(1, lastGlobal_));
    const double length = double(frontier_.bytes.size()) / double(std::max<size_t>(1, n));  // (an upper bound)
    const double added = double(n) * ratio;
    uint64_t transient = 0;
    visited_.bytesAfterReserve(uint64_t(added), &transient);
    // A new state: its bytes, its record's header, its New record's key and offset, its links.
    const double perState = length + kRecord + 4 + 2 * sizeof(uint64_t) + 3 * sizeof(uint32_t);
    const double caches = double(jobsOf(options_)) * double(sentCacheEntries()) * double(SentCache::kEntryBytes);
    const double need = added * perState + double(transient) + caches;
    return double(residentBytes()) + need <= double(limit_.bytes);
  }

  /// The slots of each worker's SentCache this level: twice this rank's share of the
  /// frontier (about as many states as it sends records for when the level does not grow),
  /// a power of two, at least 2^10, at most 2^21 over all workers (64 MiB); 0 with one rank.
  /// Caches only grow (a larger one starts empty).
  size_t sentCacheEntries() const {
    if (ranks_ == 1) return 0;
    const size_t workers = jobsOf(options_);
    const size_t most = std::max<size_t>(size_t(1) << 10, (size_t(1) << 21) / std::bit_ceil(workers));
    const size_t want = std::bit_ceil(std::max<size_t>(1, 2 * frontier_.size() / workers));
    return std::clamp(want, size_t(1) << 10, most);
  }

  /// The lowest rank whose flag is set, or -1.
  template <typename F>
  static int firstRank(const std::vector<Status>& all, F flag) {
    for (size_t r = 0; r < all.size(); ++r)
      if (flag(all[r])) return int(r);
    return -1;
  }

  bool expandLevel() {
    counters_.depth.store(level_, std::memory_order_relaxed);
    lastGlobal_ = global_;
    newStates_.clear();
    newBytes_.clear();
    room_ = 0;
    cacheEntries_ = sentCacheEntries();
    Tally tally;
    size_t next = 0;     // the next frontier state to expand
    bool ended = false;  // a violation or stuck state is known: successors are not sent
    uint8_t failed = levelFits() ? kFine : kWouldNotFit;
    std::vector<std::vector<uint8_t>>& send = send_;
    send.resize(ranks_);
    const size_t words = sizeof(Status) / 8 + ranks_;  // a status and the sizes to each rank
    std::vector<uint64_t> mine(words), all;
    std::vector<uint64_t> sizes(ranks_);
    Status total;  // the level's counts, and which rank stopped or failed first
    int stopRank = -1, failedRank = -1;
    startFetching();
    for (round_ = 0;; ++round_) {
      ++result_.rounds;
      for (uint32_t r = 0; r < ranks_; ++r) send[r].assign(r == me_ ? 0 : kMessageHeader, 0);
      for (Outbox& o : outbox_[round_ % 2]) o.clear();
      Status s;
      s.failed = failed;
      if (monitor_.stopRequested()) s.stop = uint8_t(monitor_.reason());
      if (!s.stop && !s.failed) try {
          next = expandBatch(next, send, tally, ended);
          s.compact = !inline_ && std::any_of(send.begin(), send.end(), [](const auto& m) { return m.size() > kMessageHeader; });
          s.requesting = addRequestsAndAnswers(send);
        } catch (const std::bad_alloc&) {
          s.failed = failed = kOutOfMemory;
          for (auto& b : send) std::vector<uint8_t>().swap(b);
        }
      // This rank's own records bypass the exchange.
      own_.swap(send[me_]);
      send[me_].clear();
      s.owned = owned_ + newStates_.size();
      s.remaining = s.stop || s.failed ? 0 : frontier_.size() - next;
      s.memory = residentBytes();
      s.transitions = tally.transitions;
      s.terminal = tally.terminal;
      s.discarded = tally.discarded;
      s.expanded = tally.expanded;
      s.violation = tally.violation;
      s.stuck = tally.stuck;
      std::memcpy(mine.data(), &s, sizeof(Status));
      for (uint32_t r = 0; r < ranks_; ++r) {
        if (send[r].size() == kMessageHeader) send[r].clear();  // nothing for r
        // (Its own records: not sent, but they keep the level going.)
        mine[sizeof(Status) / 8 + r] = r == me_ ? own_.size() : send[r].size();
      }
      all.resize(words * ranks_);
      gather(mine.data(), words * 8, all.data());
      std::vector<Status> statuses(ranks_);
      for (uint32_t r = 0; r < ranks_; ++r) {
        std::memcpy(static_cast<void*>(&statuses[r]), all.data() + r * words, sizeof(Status));
        sizes[r] = all[r * words + sizeof(Status) / 8 + me_];
      }
      progress(statuses);
      // Another round after this one while states are left, or records without their bytes
      // were sent (requests follow in the next round), or requests (their answers follow).
      bool more = false, anything = false;
      for (uint32_t r = 0; r < ranks_; ++r)
        for (uint32_t to = 0; to < ranks_; ++to) anything = anything || all[r * words + sizeof(Status) / 8 + to] != 0;
      total = Status();
      for (const Status& x : statuses) {
        more = more || x.remaining > 0 || x.compact || x.requesting;
        total.transitions += x.transitions;
        total.terminal += x.terminal;
        total.discarded += x.discarded;
        total.expanded += x.expanded;
        total.violation = std::min(total.violation, x.violation);
        total.stuck = std::min(total.stuck, x.stuck);
      }
      if (total.violation != kNone || total.stuck != kNone) ended = true;
      stopRank = firstRank(statuses, [](const Status& x) { return x.stop != 0; });
      failedRank = firstRank(statuses, [](const Status& x) { return x.failed != kFine; });
      if (stopRank >= 0) total.stop = statuses[size_t(stopRank)].stop;
      if (failedRank >= 0) total.failed = statuses[size_t(failedRank)].failed;
      if (stopRank >= 0 || failedRank >= 0) break;
      if (anything) {
        exchange(send, recv_, &sizes);
        try {
          if (!ended) receive(recv_);
        } catch (const std::bad_alloc&) {
          failed = kOutOfMemory;  // told in the next round, or with the level's count
        }
      }
      if (!more) break;
    }

    counters_.expanded.fetch_add(tally.expanded, std::memory_order_relaxed);
    result_.transitions += total.transitions;
    result_.terminalStates += total.terminal;
    result_.discarded += total.discarded;
    // A violation is a verdict even when a limit interrupted the level (every shallower
    // level was complete: its path is still a shortest one).
    if (total.violation != kNone) {
      result_.depth = level_ + 1;
      sem::Expansion e = expandEverywhere(total.violation);
      result_.status = Result::Status::Violation;
      result_.violation = std::move(e.violation);
      reconstruct(total.violation);
      result_.path.push_back(e.violationIndex);
      return false;
    }
    if (total.stuck != kNone) {
      sem::Expansion e = expandEverywhere(total.stuck);
      return stop(e.stuck.value_or("stuck")), false;
    }
    const std::string stopped = stopRank >= 0 ? stopName(options_, Monitor::Reason(total.stop), limit_) : "";
    if (stopRank >= 0 && total.expanded == 0)
      return stop(fmt::format("{}: {}; the {} states at depth {} not expanded", stopped, covered(), global_, level_)),
             false;
    if (total.failed == kWouldNotFit)
      return stop(fmt::format("{} on rank {}: {}; expanding the {} states at depth {} would not fit",
                              memoryLimitName(limit_), failedRank, covered(), global_, level_)),
             false;
    if (total.failed == kOutOfMemory) return stop(outOfMemory(failedRank, total.expanded)), false;
    if (stopRank >= 0)
      return stop(fmt::format("{}: {}; {} of the {} states at depth {} expanded", stopped, covered(), total.expanded,
                              global_, level_)),
             false;
    result_.depth = level_ + 1;  // this level is complete
    return nextLevel(failed);
  }

  std::string outOfMemory(int rank, uint64_t expanded) const {
    return fmt::format("out of memory on rank {}: {}; {} of the {} states at depth {} expanded", rank, covered(),
                       expanded, global_, level_);
  }

  /// Expands frontier states from `next` on until about batchBytes_ of records are
  /// gathered; returns the next state left.
  size_t expandBatch(size_t next, std::vector<std::vector<uint8_t>>& send, Tally& tally, bool ended) {
    const size_t n = frontier_.size();
    inline_ = true;
    if (next >= n) return next;
    // How many states: from the bytes per state of the previous batches, records without
    // and with their states' bytes. This rank's last batch of the level sends the bytes with
    // the records (no requests to wait for after the level's last round); it is the last
    // when what is left fits in a batch with the bytes, and the batches before it leave it
    // that much.
    const double records = expandedStates_ ? double(sentRecords_ * kRecord) / double(expandedStates_) : 4096.0;
    const double full = expandedStates_ ? double(fullRecordBytes_) / double(expandedStates_) : 4096.0;
    const size_t last = std::max<size_t>(64, size_t(double(batchBytes_) / std::max(1.0, full)));
    const size_t left = n - next;
    size_t count = left;
    inline_ = left <= last;
    if (!inline_) count = std::clamp<size_t>(size_t(double(batchBytes_) / std::max(1.0, records)), 64, left - last);
    const size_t end = next + count;
    const uint64_t recordsBefore = tally.records;
    std::vector<Outbox>& kept = outbox_[round_ % 2];
    if (jobsOf(options_) == 1) {
      Worker& w = workers_.local();
      for (size_t i = next; i < end; ++i) expandOne(w, i, send, kept, tally, ended, /*direct=*/true);
    } else {
      constexpr size_t kPiece = 32;
      const size_t pieces = (count + kPiece - 1) / kPiece;
      std::vector<Piece> out(pieces);
      arena_.execute([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, pieces, 1), [&](const tbb::blocked_range<size_t>& r) {
          Worker& w = workers_.local();
          for (size_t p = r.begin(); p != r.end(); ++p) {
            out[p].out.resize(ranks_);
            out[p].kept.resize(ranks_);
            for (size_t i = next + p * kPiece; i < std::min(end, next + (p + 1) * kPiece); ++i)
              expandOne(w, i, out[p].out, out[p].kept, out[p].tally, ended, /*direct=*/false);
          }
        });
      });
      for (Piece& p : out) {
        tally.add(p.tally);
        for (uint32_t r = 0; r < ranks_; ++r) {
          send[r].insert(send[r].end(), p.out[r].begin(), p.out[r].end());
          const uint64_t base = kept[r].bytes.size();
          for (uint64_t at : p.kept[r].at) kept[r].at.push_back(base + at);
          kept[r].bytes.insert(kept[r].bytes.end(), p.kept[r].bytes.begin(), p.kept[r].bytes.end());
        }
      }
    }
    expandedStates_ += count;
    sentRecords_ += tally.records - recordsBefore;
    // (A record with its state's bytes is a record without them and its outbox entry.)
    for (uint32_t r = 0; r < ranks_; ++r) {
      const uint64_t bytes = send[r].size() - (r == me_ ? 0 : kMessageHeader);
      fullRecordBytes_ += bytes + (inline_ ? 0 : kept[r].bytes.size());
    }
    return end;
  }

  /// Expands frontier state i: its counts into `tally`, its successors' records into
  /// `out` by owner (unless the level has ended in a violation).
  void expandOne(Worker& w, size_t i, std::vector<std::vector<uint8_t>>& out, std::vector<Outbox>& kept, Tally& tally,
                 bool ended, bool direct) {
    sem::Expansion& e = w.expansion;
    w.model->expand(frontier_.state(i), e);
    const uint32_t g = frontier_.index[i];
    ++tally.expanded;
    if (e.stuck) {
      tally.stuck = std::min(tally.stuck, g);
      return;
    }
    tally.transitions += e.successors.size();
    tally.discarded += e.discarded;
    if (e.violation) {
      tally.violation = std::min(tally.violation, g);
      return;
    }
    if (e.terminal) ++tally.terminal;
    if (ended || tally.violation != kNone || tally.stuck != kNone) return;
    if (w.sent.capacity() < cacheEntries_) w.sent.resize(cacheEntries_);
    std::vector<Fingerprint>& fps = w.fingerprints;
    fps.resize(e.successors.size());
    for (uint32_t j = 0; j < e.successors.size(); ++j) {
      fps[j] = fingerprint(e.successors[j]);
      if (direct && ownerOf(fps[j], ranks_) == me_)
        visited_.prefetch(fps[j]);
      else
        w.sent.prefetch(fps[j]);
    }
    for (uint32_t j = 0; j < e.successors.size(); ++j) {
      const sem::StateBytes& s = e.successors[j];
      const Fingerprint& fp = fps[j];
      const uint64_t key = (uint64_t(g) << 32) | j;
      const uint32_t owner = ownerOf(fp, ranks_);
      if (direct && owner == me_) {
        claim(fp, key, s);
        continue;
      }
      if (w.sent.redundant(fp, key, level_)) continue;
      ++tally.records;
      const uint32_t length = uint32_t(s.size());
      uint8_t record[kRecord + 4];
      std::memcpy(record, &fp.high, 8);
      std::memcpy(record + 8, &fp.low, 8);
      std::memcpy(record + 16, &key, 8);
      if (inline_) {
        std::memcpy(record + kRecord, &length, 4);
        out[owner].insert(out[owner].end(), record, record + kRecord + 4);  // (insert: no zero-filling)
        out[owner].insert(out[owner].end(), s.begin(), s.end());
        continue;
      }
      out[owner].insert(out[owner].end(), record, record + kRecord);
      // Its bytes stay here until the owner says whether it needs them.
      Outbox& o = kept[owner];
      o.at.push_back(o.bytes.size());
      o.bytes.insert(o.bytes.end(), reinterpret_cast<const uint8_t*>(&length),
                     reinterpret_cast<const uint8_t*>(&length) + 4);
      o.bytes.insert(o.bytes.end(), s.begin(), s.end());
    }
  }

  /// The slots of the fetching protocol, empty, at the start of a level.
  void startFetching() {
    requests_.resize(ranks_);
    answers_.resize(ranks_);
    for (uint32_t r = 0; r < ranks_; ++r) {
      requests_[r].clear();
      answers_[r].clear();
    }
    for (auto& f : fetch_) {
      f.resize(ranks_);
      for (auto& x : f) x.clear();
    }
    for (auto& o : outbox_) {
      o.resize(ranks_);
      for (Outbox& x : o) x.clear();
    }
  }

  /// Completes this round's messages (the records are in place): their headers, the
  /// requests for the bytes of the states that the previous round's records claimed, and
  /// the bytes the other ranks asked for in the previous round.
  /// Returns whether it asks for any.
  bool addRequestsAndAnswers(std::vector<std::vector<uint8_t>>& send) {
    bool asks = false;
    for (uint32_t r = 0; r < ranks_; ++r) {
      if (r == me_) continue;
      std::vector<uint8_t>& m = send[r];
      const uint64_t recordBytes = m.size() - kMessageHeader, requestBytes = requests_[r].size() * 4;
      const uint64_t withBytes = inline_;
      asks = asks || requestBytes != 0;
      std::memcpy(m.data(), &recordBytes, 8);
      std::memcpy(m.data() + 8, &requestBytes, 8);
      std::memcpy(m.data() + 16, &withBytes, 8);
      const auto* request = reinterpret_cast<const uint8_t*>(requests_[r].data());
      m.insert(m.end(), request, request + requestBytes);
      m.insert(m.end(), answers_[r].begin(), answers_[r].end());
      requests_[r].clear();
      answers_[r].clear();
    }
    return asks;
  }

  /// What this rank received in a round from every other rank (and its own records, with
  /// several jobs, in own_): the records, each absent state claimed as pending and each
  /// pending one's key lowered to the smallest discoverer; the requests, answered in the
  /// next round; the bytes it asked for in the previous round.
  ///
  /// The bytes of a state travel only when a record claims it: the owner asks the rank
  /// that sent the record (in its next round's message: the record's number in the round),
  /// which answers from its outbox in the round after. So a rank keeps two rounds'
  /// outboxes, and the fetch lists of three: round t's records claim states after
  /// exchange t, the requests travel in exchange t + 1 and the bytes in t + 2.
  void receive(const std::vector<std::span<const uint8_t>>& recv) {
    for (uint32_t r = 0; r < ranks_; ++r) {
      if (r == me_) {
        claimRecords(own_.data(), own_.size(), r, inline_);
        continue;
      }
      const std::span<const uint8_t> m = recv[r];
      std::vector<uint32_t>& fetched = fetch_[(round_ + 1) % 3][r];  // asked for in round t - 2's records
      if (m.empty()) {
        assert(fetched.empty() && "every request is answered");
        continue;
      }
      uint64_t recordBytes, requestBytes, withBytes;
      std::memcpy(&recordBytes, m.data(), 8);
      std::memcpy(&requestBytes, m.data() + 8, 8);
      std::memcpy(&withBytes, m.data() + 16, 8);
      const uint8_t* p = m.data() + kMessageHeader;
      claimRecords(p, recordBytes, r, withBytes != 0);
      p += recordBytes;
      // Requests: the numbers of this rank's records of the previous round.
      const Outbox& kept = outbox_[(round_ + 1) % 2][r];
      for (const uint8_t* q = p; q < p + requestBytes; q += 4) {
        uint32_t k;
        std::memcpy(&k, q, 4);
        const uint8_t* entry = kept.bytes.data() + kept.at[k];
        uint32_t length;
        std::memcpy(&length, entry, 4);
        answers_[r].insert(answers_[r].end(), entry, entry + 4 + length);
      }
      p += requestBytes;
      // Answers: the bytes of the states this rank asked for, in the order asked.
      for (uint32_t x : fetched) {
        uint32_t length;
        std::memcpy(&length, p, 4);
        New& n = newStates_[x];
        n.offset = newBytes_.size();
        n.length = length;
        newBytes_.insert(newBytes_.end(), p + 4, p + 4 + length);
        p += 4 + length;
      }
      assert(p == m.data() + m.size() && "one answer per request");
      fetched.clear();
    }
  }

  /// Claims the states of `bytes` bytes of records from rank `from` (`withBytes`: records
  /// that carry their states' bytes; else, from this rank itself, its own records, whose
  /// bytes are in its outbox of this round); a record without its state's bytes that claims
  /// a state asks its sender for them.
  void claimRecords(const uint8_t* records, size_t bytes, uint32_t from, bool withBytes) {
    // Records in groups of 16: their slots requested from memory first, then claimed.
    constexpr size_t kGroup = 16;
    const uint8_t* at[kGroup];
    const Outbox& own = outbox_[round_ % 2][me_];
    const uint8_t* const end = records + bytes;
    uint32_t number = 0;  // the record's number in its round
    for (const uint8_t* p = records; p < end;) {
      size_t count = 0;
      for (; count < kGroup && p < end; ++count) {
        at[count] = p;
        Fingerprint fp;
        std::memcpy(&fp.high, p, 8);
        visited_.prefetch(fp);
        p += kRecord;
        if (withBytes) {
          uint32_t length;
          std::memcpy(&length, p, 4);
          p += 4 + length;
        }
      }
      for (size_t k = 0; k < count; ++k, ++number) {
        const uint8_t* q = at[k];
        Fingerprint fp;
        fp.high = get<uint64_t>(q);
        fp.low = get<uint64_t>(q);
        const uint64_t key = get<uint64_t>(q);
        if (withBytes) {
          const uint32_t length = get<uint32_t>(q);
          claim(fp, key, {q, length});
        } else if (from == me_) {
          const uint8_t* entry = own.bytes.data() + own.at[number];
          uint32_t length;
          std::memcpy(&length, entry, 4);
          claim(fp, key, {entry + 4, length});
        } else if (claim(fp, key, {}, /*have=*/false)) {
          requests_[from].push_back(number);
          fetch_[round_ % 3][from].push_back(uint32_t(newStates_.size() - 1));
        }
      }
    }
  }

  /// A successor owned by this rank: claimed as pending if absent, or its discoverer
  /// lowered if it is pending. Slots are claimed while the table has room below its
  /// maximal load; when it runs out it grows by a quarter of what it holds (at least 4096).
  /// Without its bytes (`have` false) a claimed state waits for them (New::offset).
  /// Returns whether the state was claimed.
  bool claim(const Fingerprint& fp, uint64_t key, std::span<const uint8_t> bytes, bool have = true) {
    if (room_ == 0) {
      visited_.reserve(newStates_.size() + std::max<uint64_t>(4096, (visited_.size() + newStates_.size()) / 4));
      const uint64_t room = visited_.roomBelowMaxLoad();
      room_ = room > newStates_.size() ? room - newStates_.size() : 0;
    }
    const uint32_t low = uint32_t(fp.low);
    auto same = [this, low](uint32_t ref) { return uint32_t(newStates_[ref - 1].fp.low) == low; };
    auto claimed = [&] {
      newStates_.push_back(New{fp, key, have ? newBytes_.size() : kMissing, uint32_t(bytes.size())});
      newBytes_.insert(newBytes_.end(), bytes.begin(), bytes.end());
      --room_;
    };
    uint32_t owner = 0;
    const VisitedSet::Probe p = visited_.claimPending(fp, uint32_t(newStates_.size() + 1), same, claimed, &owner);
    if (p == VisitedSet::Probe::Pending) newStates_[owner - 1].key = std::min(newStates_[owner - 1].key, key);
    return p == VisitedSet::Probe::Claimed;
  }

  /// After a complete level: the new states' global indices, then the next frontier.
  bool nextLevel(uint8_t failed) {
    // This rank's new states by key (unique: one transition reaches one state).
    // (Pairs of key and index sorted, rather than indices compared through the records:
    // the passes stream through memory. A radix sort: the keys use few of their bits.)
    std::vector<std::pair<uint64_t, uint32_t>> byKey(newStates_.size()), scratch;
    for (uint32_t x = 0; x < byKey.size(); ++x) byKey[x] = {newStates_[x].key, x};
    radixSort(byKey, scratch, [](const std::pair<uint64_t, uint32_t>& p) { return p.first; });
    std::vector<std::pair<uint64_t, uint32_t>>().swap(scratch);
    std::vector<uint32_t> order(byKey.size());
    for (size_t k = 0; k < byKey.size(); ++k) order[k] = byKey[k].second;
    std::vector<std::pair<uint64_t, uint32_t>>().swap(byKey);
    // Keys to the rank of their parent's slice; each slice ranks its keys.
    const uint64_t n = global_;
    auto sliceOf = [n, this](uint64_t key) { return uint32_t((key >> 32) * ranks_ / n); };
    std::vector<std::vector<uint8_t>> send(ranks_);
    std::vector<std::span<const uint8_t>> recv;
    for (uint32_t x : order) put(send[sliceOf(newStates_[x].key)], newStates_[x].key);
    std::vector<uint64_t> replySizes(ranks_);
    for (uint32_t r = 0; r < ranks_; ++r) replySizes[r] = send[r].size() / 2;
    exchange(send, recv, nullptr);
    struct Got {
      uint64_t key;
      uint32_t from, at;
    };
    std::vector<Got> got;
    {
      size_t keys = 0;
      for (uint32_t r = 0; r < ranks_; ++r) keys += recv[r].size() / 8;
      got.reserve(keys);
    }
    for (uint32_t r = 0; r < ranks_; ++r) {
      const uint8_t* p = recv[r].data();
      for (uint32_t at = 0; at < recv[r].size() / 8; ++at) got.push_back(Got{get<uint64_t>(p), r, at});
    }
    {
      std::vector<Got> scratchGot;
      radixSort(got, scratchGot, [](const Got& x) { return x.key; });
    }
    struct Count {
      uint64_t keys, failed;
    };
    const std::vector<Count> counts = allGather(Count{got.size(), failed});
    uint64_t base = 0, m = 0;
    for (uint32_t r = 0; r < ranks_; ++r) {
      if (r < me_) base += counts[r].keys;
      m += counts[r].keys;
    }
    for (uint32_t r = 0; r < ranks_; ++r)
      if (counts[r].failed) return stop(outOfMemory(int(r), lastGlobal_)), false;
    for (uint32_t r = 0; r < ranks_; ++r) send[r].assign(recv[r].size() / 2, 0);
    for (uint64_t k = 0; k < got.size(); ++k) {
      const uint32_t index = uint32_t(base + k);
      std::memcpy(send[got[k].from].data() + size_t(got[k].at) * 4, &index, 4);
    }
    exchange(send, recv, &replySizes);
    // The answers, in the order the keys were sent: by slice, then by key, which is `order`.
    Frontier next;
    Links links;
    next.at.reserve(order.size());
    next.length.reserve(order.size());
    next.index.reserve(order.size());
    links.index.reserve(order.size());
    links.parent.reserve(order.size());
    links.successor.reserve(order.size());
    for (uint32_t r = 0; r < ranks_; ++r) {
      const uint8_t* p = recv[r].data();
      for (size_t a = 0; a < recv[r].size() / 4; ++a) {
        const New& s = newStates_[order[next.size()]];
        assert(s.offset != kMissing && "the bytes of every new state have arrived");
        const uint32_t index = get<uint32_t>(p);
        next.at.push_back(s.offset);
        next.length.push_back(s.length);
        next.index.push_back(index);
        links.index.push_back(index);
        links.parent.push_back(uint32_t(s.key >> 32));
        links.successor.push_back(uint32_t(s.key));
      }
    }
    next.bytes.swap(newBytes_);
    constexpr size_t kAhead = 8;  // slots requested from memory ahead of their commit
    for (size_t k = 0; k < order.size(); ++k) {
      if (k + kAhead < order.size()) visited_.prefetch(newStates_[order[k + kAhead]].fp);
      visited_.commitPending(newStates_[order[k]].fp, order[k] + 1);
    }
    visited_.addCommitted(order.size());
    newStates_.clear();
    newBytes_ = std::vector<uint8_t>();
    frontier_ = std::move(next);
    return admit(m, std::move(links), /*first=*/false);
  }

  /// Frontier state g of this level (held by one rank) expanded by every rank.
  sem::Expansion expandEverywhere(uint32_t g) {
    std::vector<std::vector<uint8_t>> send(ranks_);
    std::vector<std::span<const uint8_t>> recv;
    const size_t i = frontier_.find(g);
    if (i < frontier_.size())
      for (auto& s : send) s.assign(frontier_.state(i).begin(), frontier_.state(i).end());
    exchange(send, recv, nullptr);
    sem::Expansion e;
    for (const auto& b : recv)
      if (!b.empty()) {
        workers_.local().model->expand(b, e);
        break;
      }
    return e;
  }

  /// The path to state g of the current level: each level's link, from whichever rank
  /// holds it.
  void reconstruct(uint32_t g) {
    struct Answer {
      uint32_t found, parent, successor;
    };
    std::vector<uint32_t> path;
    for (size_t l = links_.size(); l-- > 0;) {
      const Links& links = links_[l];
      Answer a{0, 0, 0};
      auto it = std::lower_bound(links.index.begin(), links.index.end(), g);
      if (it != links.index.end() && *it == g) {
        const size_t k = size_t(it - links.index.begin());
        a = Answer{1, links.parent[k], links.successor[k]};
      }
      for (const Answer& x : allGather(a))
        if (x.found) a = x;
      if (l == 0) {
        result_.initial = a.parent;
      } else {
        path.push_back(a.successor);
        g = a.parent;
      }
    }
    std::reverse(path.begin(), path.end());
    result_.path = std::move(path);
  }

  /// Rank 0's progress line: the states (and their rate), the depth, each rank's states
  /// and the imbalance (the largest rank's share over the mean), the largest memory.
  void progress(const std::vector<Status>& all) {
    if (!options_.progress || me_ != 0) return;
    const double now = monitor_.elapsed();
    const double every = (!printed_ || tty_) ? 1.0 : 5.0;
    if (now < 1.0 || now - lastPrint_ < every) return;
    uint64_t states = 0, largest = 0, memory = 0;
    std::string each;
    for (const Status& s : all) {
      states += s.owned;
      largest = std::max(largest, s.owned);
      memory = std::max(memory, s.memory);
      each += fmt::format("{}{}", each.empty() ? "" : " ", s.owned);
    }
    const double rate = now > lastPrint_ ? double(states - lastStates_) / (now - lastPrint_) : 0;
    const double mean = double(states) / double(ranks_);
    std::fprintf(stderr,
                 "%sstates %llu  (%.0f states/s)  depth %u  ranks %s  (imbalance %.2f)  "
                 "memory %llu MiB (largest rank)%s",
                 tty_ ? "\r" : "", (unsigned long long)states, rate, level_, each.c_str(),
                 mean > 0 ? double(largest) / mean : 1.0, (unsigned long long)(memory >> 20), tty_ ? "\033[K" : "\n");
    std::fflush(stderr);
    printed_ = true;
    lastPrint_ = now;
    lastStates_ = states;
  }

  /// The per-rank figures, the sums, the time.
  void finish() {
    monitor_.finish();
    if (printed_ && tty_) {
      std::fputs("\r\033[K", stderr);
      std::fflush(stderr);
    }
    struct Figures {
      uint64_t states, bytesSent, peak, visitedBytes;
      double waitSeconds, omission;
    };
    const Figures mine{owned_, 0, peakResidentBytes(), visited_.bytes(), 0, visited_.omissionProbability()};
    Figures withTraffic = mine;
    withTraffic.bytesSent = bytesSent_ + sizeof(Figures) * (ranks_ - 1);
    withTraffic.waitSeconds = waitSeconds_;
    const std::vector<Figures> all = allGather(withTraffic);
    for (const Figures& f : all) {
      result_.ranks.push_back(RankFigures{f.states, f.bytesSent, f.waitSeconds, f.peak});
      result_.peakMemoryBytes += f.peak;
      result_.visitedBytes += f.visitedBytes;
      result_.omissionProbability += f.omission;  // (a union bound: 1 - product underflows)
    }
    result_.visitedBytesPerState = result_.states ? double(result_.visitedBytes) / double(result_.states) : 0;
    result_.seconds = monitor_.elapsed();
  }

  const uint64_t batchBytes_;
  Communicator& comm_;
  const uint32_t ranks_, me_;
  tbb::enumerable_thread_specific<Worker> workers_;
  const bool tty_;

  Frontier frontier_;
  uint64_t global_ = 0;      ///< the frontier's size over all ranks
  uint64_t lastGlobal_ = 0;  ///< the previous level's
  uint64_t lastAdded_ = 0;
  uint32_t level_ = 0;
  uint64_t owned_ = 0;       ///< committed states on this rank
  std::vector<Links> links_;
  /// A round's buffers, kept from round to round (no page faults on fresh memory).
  std::vector<std::vector<uint8_t>> send_;
  std::vector<std::span<const uint8_t>> recv_;
  std::vector<uint8_t> own_;  ///< this rank's records to itself (several jobs)
  size_t cacheEntries_ = 0;   ///< each worker's SentCache slots this level
  uint64_t round_ = 0;        ///< this level's round
  bool inline_ = false;       ///< this round's records carry their states' bytes (its last batch)
  /// The bytes of the successors sent in the last two rounds (by round parity), by owner.
  std::vector<Outbox> outbox_[2];
  /// By round modulo 3, by rank: the new states whose bytes were asked of that rank, in order.
  std::vector<std::vector<uint32_t>> fetch_[3];
  /// By rank: what goes with the next round's message: the numbers of its records whose
  /// bytes this rank asks for, and the bytes it asked for.
  std::vector<std::vector<uint32_t>> requests_;
  std::vector<std::vector<uint8_t>> answers_;
  uint64_t room_ = 0;         ///< pending slots the visited set takes before it must grow
  std::vector<New> newStates_;
  std::vector<uint8_t> newBytes_;
  /// For the batch size: states expanded, their records without their states' bytes, and
  /// the bytes of their records as if all carried the states' bytes.
  uint64_t expandedStates_ = 0, sentRecords_ = 0, fullRecordBytes_ = 0;
  uint64_t bytesSent_ = 0;
  double waitSeconds_ = 0;
  bool printed_ = false;
  double lastPrint_ = 0;
  uint64_t lastStates_ = 0;
  Result result_;
};

// ---------------------------------------------------------------------------------------
// Ranks as threads

struct LocalGroup {
  explicit LocalGroup(int n) : ranks(n), sync(n), sends(size_t(n)), gathers(size_t(n)) {}
  int ranks;
  std::barrier<> sync;
  std::vector<const std::vector<std::vector<uint8_t>>*> sends;
  std::vector<const void*> gathers;
};

class LocalCommunicator : public Communicator {
public:
  LocalCommunicator(LocalGroup& group, int rank) : group_(group), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return group_.ranks; }
  void exchange(const std::vector<std::vector<uint8_t>>& send, std::vector<std::span<const uint8_t>>& recv,
                const std::vector<uint64_t>* /*sizes*/) override {
    group_.sends[size_t(rank_)] = &send;
    group_.sync.arrive_and_wait();
    got_.resize(size_t(group_.ranks));
    recv.resize(size_t(group_.ranks));
    for (int r = 0; r < group_.ranks; ++r) {
      got_[size_t(r)] = (*group_.sends[size_t(r)])[size_t(rank_)];
      recv[size_t(r)] = got_[size_t(r)];
    }
    group_.sync.arrive_and_wait();
  }
  void allGather(const void* mine, size_t bytes, void* all) override {
    group_.gathers[size_t(rank_)] = mine;
    group_.sync.arrive_and_wait();
    for (int r = 0; r < group_.ranks; ++r)
      std::memcpy(static_cast<uint8_t*>(all) + size_t(r) * bytes, group_.gathers[size_t(r)], bytes);
    group_.sync.arrive_and_wait();
  }

private:
  LocalGroup& group_;
  int rank_;
  std::vector<std::vector<uint8_t>> got_;
};

}  // namespace

Result exploreDistributed(const sem::Model& model, const Options& options, Communicator& comm) {
  return Distributed(model, options, comm, kBatchBytes).run();
}

Result exploreDistributed(const sem::Model& model, const Options& options, Communicator& comm, uint64_t batchBytes) {
  return Distributed(model, options, comm, batchBytes).run();
}

void runLocalRanks(int ranks, const std::function<void(Communicator&)>& run) {
  LocalGroup group(ranks);
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&group, &run, r] {
      LocalCommunicator comm(group, r);
      run(comm);
    });
  for (std::thread& t : threads) t.join();
}

}  // namespace sdvmc::explore
