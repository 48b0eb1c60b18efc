// (extension) The asynchronous copies: OpenCL's async_work_group_copy and wait_group_events
// (the group's copies, rules G-ASYNC-COPY and G-ASYNC-WAIT) and CUDA's cp.async with its
// commit and wait (a thread's copies, T-CP-ASYNC, T-CP-COMMIT, T-CP-WAIT), and ASYNC-RACE,
// an access that conflicts with a copy in flight. specs/KPL.md ("Asynchronous copies") states
// the rules; this file applies them, one function each, as Sdv.cpp does for the paper's.
//
// A copy in flight (GroupState::copies) reads its source cells and writes its destination
// cells at some moment between its issue and its wait. SDV keeps no order between the
// threads' accesses since the last barrier, nor between them and such a copy, so:
//  - at the issue, the copy conflicts with every access logged since the last barrier (R, W
//    and the atomics of every thread; of a thread's copy, of every other thread: the
//    issuing thread's earlier accesses precede it in program order) and with every copy in
//    flight: a destination cell against any access, a source cell against a write;
//  - while it is in flight, each access (T-RD, T-WR, T-ATOMIC; the issuing thread's too) to
//    one of its destination cells, or write to one of its source cells, is a race;
//  - at the wait it is done at once: with no race, no source cell changed since the issue,
//    so reading it then gives what any moment in between would.
// A copy's offset whose operator is `addr64(h, l)` is the exact 64-bit cell (as an access's
// whole index, Evaluator::evalIndex): its cells are computed in 64 bits; any other offset is
// a Word, and its cells in Word arithmetic as before.
#include "semantics/rules/Sdv.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>

namespace sdvmc::sem {

namespace {

/// The most elements one copy may have; a larger one is beyond the model (inconclusive).
constexpr Word kMaxCopyElements = 1 << 20;

const char* operandName(kpl::AsyncOp op, size_t k) {
  static const char* const kCopy[] = {"destination offset", "destination stride", "source offset",
                                      "source stride",      "element count",      "event"};
  if (op == kpl::AsyncOp::Copy && k < 6) return kCopy[k];
  return "event";
}

std::string copyName(const AsyncCopy& c) {
  return c.owner == kNone ? std::string("the group's async copy") : fmt::format("thread {}'s async copy", c.owner);
}

bool contains(const std::vector<Address>& sorted, Address a) { return std::binary_search(sorted.begin(), sorted.end(), a); }

/// Whether operand k of a copy statement is an offset (`async_copy`'s doff and soff,
/// `cp_async`'s doff and soff).
bool isOffset(kpl::AsyncOp op, size_t k) {
  return (op == kpl::AsyncOp::Copy && (k == 0 || k == 2)) || (op == kpl::AsyncOp::ThreadCopy && k < 2);
}

/// Element k's cell of a copy from offset `off` with stride `stride`: in 64 bits for a
/// 64-bit offset (wrapping modulo 2^64, as the pair's own arithmetic does), else in Word
/// arithmetic (wrapping modulo 2^32, as before 64-bit offsets).
Index elementCell(bool wide, Index off, Word k, Word stride) {
  if (!wide) return word::add(static_cast<Word>(off), word::mul(k, stride));
  return static_cast<Index>(static_cast<uint64_t>(off) + static_cast<uint64_t>(int64_t{k} * int64_t{stride}));
}
}  // namespace

std::optional<Verdict> SdvMachine::gAsync(GroupState& s, Item it) {
  const Node& node = ir_.nodes[it.node];
  threadSteps_ += n_;
  const uint8_t* p = predicateMask(s, node.pred);
  std::optional<Verdict> v;
  auto thread = [&](Rule r) {
    lastRule_ = r;
    if (observer_) observer_->onRule(r, it.node, s, p);
  };
  switch (node.asyncOp) {
    case kpl::AsyncOp::Copy: v = gAsyncCopy(s, it, p); break;
    case kpl::AsyncOp::Wait: v = gAsyncWait(s, it, p); break;
    case kpl::AsyncOp::ThreadCopy:
      thread(Rule::TCpAsync);
      v = tCpAsync(s, node, p);
      break;
    case kpl::AsyncOp::Commit:
      thread(Rule::TCpCommit);
      tCpCommit(s, node, p);
      break;
    case kpl::AsyncOp::ThreadWait:
      thread(Rule::TCpWait);
      v = tCpWait(s, node, p);
      break;
  }
  if (v) {
    v->at = it.node;
    if (!v->loc.valid()) v->loc = node.loc;
    s.ss.push_back(it);  // the error state keeps the failing statement on top
  }
  return v;
}

// The premise the group rules share with G-DIVERGENCE / G-NO-OP: every thread enabled, or
// none (`none`: the statement is a no-op); then every operand the same in every thread
// (OpenCL C 1.2 §6.12.10: "encountered by all work-items in a work-group … with the same
// argument values"), else a divergence.
std::optional<Verdict> SdvMachine::uniformOperands(GroupState& s, NodeId id, Rule rule, const uint8_t* p,
                                                   std::vector<Index>& values, bool& none) {
  const Node& node = ir_.nodes[id];
  const char* name = node.asyncOp == kpl::AsyncOp::Copy ? "asynchronous copy" : "asynchronous wait";
  uint32_t on = 0;
  for (uint32_t i = 0; i < n_; ++i) on += p[i];
  none = on == 0;
  if (none) return std::nullopt;
  if (on != n_) {
    Verdict v = verdictAt(VerdictKind::Divergence, rule, id);
    for (uint32_t i = 0; i < n_; ++i) (p[i] ? v.enabled : v.disabled).push_back(i);
    v.threads = {v.enabled.front(), v.disabled.front()};
    v.message = fmt::format("{} divergence: thread {} reaches it enabled, thread {} disabled (every thread of the "
                            "group must reach it)",
                            name, v.enabled.front(), v.disabled.front());
    return v;
  }
  values.clear();
  std::vector<Index> words(n_);
  for (size_t k = 0; k < node.args.size(); ++k) {
    EvalError err;
    // An offset: its cell (a 64-bit one where it is an addr64); any other operand: its Word.
    const Index* e = isOffset(node.asyncOp, k) ? eval_.evalIndex(node.args[k], s, p, err) : nullptr;
    if (!e) {
      const Word* w = eval_.eval(node.args[k], s, p, err);
      words.assign(w, w + n_);
      e = words.data();
    }
    if (err.any()) return evalFailureVerdict(ir_, id, rule, err);
    for (uint32_t i = 1; i < n_; ++i)
      if (e[i] != e[0]) {
        Verdict v = verdictAt(VerdictKind::Divergence, rule, id);
        v.loc = ir_.exprs[node.args[k]].loc;
        for (uint32_t t = 0; t < n_; ++t) v.enabled.push_back(t);
        v.threads = {0, i};
        v.message = fmt::format("{} divergence: threads 0 and {} pass different values for the {} ({} and {}); every "
                                "thread of the group must pass the same",
                                name, i, operandName(node.asyncOp, k), e[0], e[i]);
        return v;
      }
    values.push_back(e[0]);
  }
  return std::nullopt;
}

// The cells of a copy of `count` elements, element k: destination doff + k·dstride, source
// soff + k·sstride (elementCell: 64 bits for an addr64 offset, else Word arithmetic); bounds
// and constant memory checked, for thread `who`.
std::optional<Verdict> SdvMachine::copyCells(NodeId id, Rule rule, uint32_t who, Index doff, Word dstride, Index soff,
                                             Word sstride, Word count, AsyncCopy& c) const {
  const Node& node = ir_.nodes[id];
  const bool thread = node.asyncOp == kpl::AsyncOp::ThreadCopy;
  const bool wideD = ir_.exprs[node.args[0]].op == EOp::Addr64;
  const bool wideS = ir_.exprs[node.args[thread ? 1 : 2]].op == EOp::Addr64;
  if (count < 0 || count > kMaxCopyElements) {
    Verdict v = verdictAt(VerdictKind::Inconclusive, rule, id);
    v.threads = {who};
    v.message = fmt::format("an asynchronous copy of {} elements (as unsigned): more than the {} the model copies",
                            static_cast<uint32_t>(count), kMaxCopyElements);
    return v;
  }
  const ArrayInfo& dst = ir_.arrays[node.array];
  const ArrayInfo& src = ir_.arrays[node.array2];
  for (Word k = 0; k < count; ++k) {
    const Address d{node.array, elementCell(wideD, doff, k, dstride)};
    const Address from{node.array2, elementCell(wideS, soff, k, sstride)};
    for (auto [a, info, write] : {std::tuple{from, &src, false}, std::tuple{d, &dst, true}})
      if (info->outside(a.index)) {
        Verdict v = verdictAt(VerdictKind::OutOfBounds, rule, id);
        v.threads = {who};
        v.value = a.index;
        v.array = a.array;
        v.message = fmt::format("{} {} {}[{}] (element {}), outside {}[0..{}]",
                                c.owner == kNone ? std::string("the group's async copy") : fmt::format("thread {}'s async copy", who),
                                write ? "writes" : "reads", info->name, a.index, k, info->name, info->extent() - 1);
        return v;
      }
    if (dst.constant) {
      Verdict v = verdictAt(VerdictKind::ConstantWrite, rule, id);
      v.threads = {who};
      v.value = d.index;
      v.array = node.array;
      v.message = fmt::format("an asynchronous copy writes {}[{}], which is constant memory", dst.name, d.index);
      return v;
    }
    c.cells.emplace_back(d, from);
  }
  return std::nullopt;
}

// The conflicts of a copy being issued: within itself (two elements writing one cell, or a
// cell both read and written), with the copies in flight, and with the accesses logged
// since the last barrier (of every thread; of a thread's copy, of every other thread).
std::optional<Verdict> SdvMachine::issueConflict(const GroupState& s, NodeId id, const AsyncCopy& c) const {
  if (!raceOptions_.check) return std::nullopt;  // --only-divergence
  std::vector<Address> dst, src;
  for (auto [d, from] : c.cells) {
    dst.push_back(d);
    src.push_back(from);
  }
  std::sort(dst.begin(), dst.end());
  std::sort(src.begin(), src.end());
  const uint32_t who = c.owner == kNone ? 0 : c.owner;
  auto race = [&](Address a, bool copyWrites, RaceAccess other, const std::string& with) {
    Verdict v = verdictAt(VerdictKind::Race, Rule::AsyncRace, id);
    v.accesses = {RaceAccess{who, copyWrites, a, c.at}, other};
    v.threads = {who, other.thread};
    v.message = fmt::format("{} race on {}[{}] between {} ({}) and {}", copyWrites && other.write ? "write-write" : "write-read",
                            ir_.arrays[a.array].name, a.index, copyName(c), copyWrites ? "writes it" : "reads it", with);
    return v;
  };
  for (size_t k = 0; k + 1 < dst.size(); ++k)
    if (dst[k] == dst[k + 1] && raceChecked(dst[k]))
      return race(dst[k], true, RaceAccess{who, true, dst[k], c.at}, "another element of the same copy (writes it)");
  for (Address a : src)
    if (contains(dst, a) && raceChecked(a))
      return race(a, true, RaceAccess{who, false, a, c.at}, "the same copy (reads it)");
  for (const AsyncCopy& o : s.copies)
    for (auto [d, from] : o.cells) {
      const uint32_t ow = o.owner == kNone ? 0 : o.owner;
      if (contains(dst, d) && raceChecked(d))
        return race(d, true, RaceAccess{ow, true, d, o.at}, copyName(o) + " in flight (writes it)");
      if (contains(dst, from) && raceChecked(from))
        return race(from, true, RaceAccess{ow, false, from, o.at}, copyName(o) + " in flight (reads it)");
      if (contains(src, d) && raceChecked(d))
        return race(d, false, RaceAccess{ow, true, d, o.at}, copyName(o) + " in flight (writes it)");
    }
  for (uint32_t t = 0; t < n_; ++t) {
    if (t == c.owner) continue;
    const ThreadLog& log = s.logs[t];
    auto check = [&](const std::vector<LogEntry>& entries, bool write, bool atomic) -> std::optional<Verdict> {
      for (const LogEntry& e : entries) {
        if (!raceChecked(e.addr)) continue;
        const bool hitsDst = contains(dst, e.addr), hitsSrc = write && contains(src, e.addr);
        if (!hitsDst && !hitsSrc) continue;
        Verdict v = race(e.addr, hitsDst, RaceAccess{t, write, e.addr, e.at, atomic},
                         fmt::format("thread {}'s {} since the last barrier", t, atomic ? "atomic" : write ? "write" : "read"));
        return v;
      }
      return std::nullopt;
    };
    if (auto v = check(log.writes, true, false)) return v;
    if (auto v = check(log.atomics, true, true)) return v;
    if (auto v = check(log.reads, false, false)) return v;
  }
  return std::nullopt;
}

// ASYNC-RACE at an access (see Sdv.h).
std::optional<Verdict> SdvMachine::asyncConflict(const GroupState& s, NodeId at, uint32_t tid, Address a,
                                                 bool write) const {
  if (!raceOptions_.check || !raceChecked(a)) return std::nullopt;  // --only-divergence, --check-arrays
  for (const AsyncCopy& c : s.copies)
    for (auto [d, from] : c.cells) {
      const bool hitsDst = d == a, hitsSrc = write && from == a;
      if (!hitsDst && !hitsSrc) continue;
      const uint32_t who = c.owner == kNone ? 0 : c.owner;
      Verdict v = verdictAt(VerdictKind::Race, Rule::AsyncRace, at);
      v.accesses = {RaceAccess{who, hitsDst, a, c.at}, RaceAccess{tid, write, a, at}};
      v.threads = {who, tid};
      v.message = fmt::format("{} race on {}[{}] between {} in flight ({}) and thread {}'s {} before the copy's wait",
                              hitsDst && write ? "write-write" : "write-read", ir_.arrays[a.array].name, a.index,
                              copyName(c), hitsDst ? "writes it" : "reads it", tid, write ? "write" : "read");
      return v;
    }
  return std::nullopt;
}

// G-ASYNC-COPY (see Sdv.h): the operands uniform, the copy in flight, the event returned.
std::optional<Verdict> SdvMachine::gAsyncCopy(GroupState& s, Item it, const uint8_t* p) {
  lastRule_ = Rule::GAsyncCopy;
  if (observer_) observer_->onRule(Rule::GAsyncCopy, it.node, s, p);
  const Node& node = ir_.nodes[it.node];
  std::vector<Index> op;
  bool none = false;
  if (auto v = uniformOperands(s, it.node, Rule::GAsyncCopy, p, op, none)) return v;
  if (none) return std::nullopt;  // as G-NO-OP: no thread reaches it
  AsyncCopy c;
  c.at = it.node;
  auto w = [&](size_t k) { return static_cast<Word>(op[k]); };  // an operand other than an offset: a Word
  if (auto v = copyCells(it.node, Rule::GAsyncCopy, 0, op[0], w(1), op[2], w(3), w(4), c)) return v;
  if (auto v = issueConflict(s, it.node, c)) return v;
  // A non-zero event operand: the copy joins that event (OpenCL's event argument).
  c.event = w(5) != 0 ? w(5) : s.nextEvent++;
  if (node.slot0 != kNone) std::fill(s.column(node.slot0), s.column(node.slot0) + n_, c.event);
  s.copies.push_back(std::move(c));
  return std::nullopt;
}

// The copy done: the group's in the group's memory (every thread sees it); a thread's as
// that thread's read of the source and write of the destination (its shadow copy).
void SdvMachine::completeCopy(GroupState& s, const AsyncCopy& c) {
  for (auto [d, from] : c.cells) {
    if (c.owner == kNone) {
      const Word value = s.base.load(ir_, from);
      s.base.store(ir_, d, value);
      if (footprint_) {  // (several groups) the group's accesses, named after thread 0
        if (ir_.arrays[from.array].global) footprint_->push_back(FootprintEntry{from, 0, c.at, 0, value});
        if (ir_.arrays[d.array].global) footprint_->push_back(FootprintEntry{d, 0, c.at, 1, value});
      }
    } else {
      const Word value = shadowLoad(ir_, s, c.owner, from);
      logRead(s.logs[c.owner], from, c.at);
      logWrite(s.logs[c.owner], d, value, c.at);
    }
  }
}

// G-ASYNC-WAIT (see Sdv.h). An event of no copy in flight (done already, or never issued)
// has nothing to wait for.
std::optional<Verdict> SdvMachine::gAsyncWait(GroupState& s, Item it, const uint8_t* p) {
  lastRule_ = Rule::GAsyncWait;
  if (observer_) observer_->onRule(Rule::GAsyncWait, it.node, s, p);
  std::vector<Index> events;  // Words (no operand of a wait is an offset)
  bool none = false;
  if (auto v = uniformOperands(s, it.node, Rule::GAsyncWait, p, events, none)) return v;
  if (none) return std::nullopt;
  auto waited = [&](const AsyncCopy& c) {
    return c.owner == kNone && std::find(events.begin(), events.end(), c.event) != events.end();
  };
  for (const AsyncCopy& c : s.copies)
    if (waited(c)) completeCopy(s, c);
  std::erase_if(s.copies, waited);
  return std::nullopt;
}

// T-CP-ASYNC (see Sdv.h): in ascending thread order, so that two threads' copies of one
// cell conflict.
std::optional<Verdict> SdvMachine::tCpAsync(GroupState& s, const Node& node, const uint8_t* p) {
  const NodeId id = nodeId(node);
  std::vector<Index> op[3];  // the offsets' cells (64-bit for an addr64), then the count
  for (size_t k = 0; k < 3; ++k) {
    EvalError err;
    if (k < 2) {
      const Index* e = eval_.evalIndex(node.args[k], s, p, err);
      op[k].assign(e, e + n_);
    } else {
      const Word* e = eval_.eval(node.args[k], s, p, err);
      op[k].assign(e, e + n_);
    }
    if (err.any()) return evalFailureVerdict(ir_, id, Rule::TCpAsync, err);
  }
  for (uint32_t i = 0; i < n_; ++i) {
    if (!p[i]) continue;
    AsyncCopy c;
    c.owner = i;
    c.at = id;
    if (auto v = copyCells(id, Rule::TCpAsync, i, op[0][i], 1, op[1][i], 1, static_cast<Word>(op[2][i]), c)) return v;
    if (auto v = issueConflict(s, id, c)) return v;
    s.copies.push_back(std::move(c));
  }
  return std::nullopt;
}

// T-CP-COMMIT (see Sdv.h); a commit with no copy makes an empty batch, which counts.
void SdvMachine::tCpCommit(GroupState& s, const Node&, const uint8_t* p) {
  if (s.commits.empty()) s.commits.assign(n_, 0);
  for (uint32_t i = 0; i < n_; ++i) {
    if (!p[i]) continue;
    for (AsyncCopy& c : s.copies)
      if (c.owner == i && c.batch == kNone) c.batch = s.commits[i];
    ++s.commits[i];
  }
}

// T-CP-WAIT(k) (see Sdv.h): batch b is done when b + k < commits (k read as unsigned); the
// uncommitted copies stay in flight.
std::optional<Verdict> SdvMachine::tCpWait(GroupState& s, const Node& node, const uint8_t* p) {
  EvalError err;
  const Word* e = eval_.eval(node.args[0], s, p, err);
  if (err.any()) return evalFailureVerdict(ir_, nodeId(node), Rule::TCpWait, err);
  const std::vector<Word> k(e, e + n_);
  if (s.commits.empty()) return std::nullopt;  // nothing committed yet
  auto done = [&](const AsyncCopy& c) {
    return c.owner != kNone && p[c.owner] && c.batch != kNone &&
           static_cast<uint64_t>(c.batch) + static_cast<uint32_t>(k[c.owner]) < s.commits[c.owner];
  };
  for (const AsyncCopy& c : s.copies)
    if (done(c)) completeCopy(s, c);
  std::erase_if(s.copies, done);
  return std::nullopt;
}

void SdvMachine::completeAllCopies(GroupState& s) {
  for (const AsyncCopy& c : s.copies) completeCopy(s, c);
  s.copies.clear();
}

}  // namespace sdvmc::sem
