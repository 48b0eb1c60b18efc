// Warps interleaving on one shared memory: simt:W, simt-uniform-exit and mimd (see
// WarpModel.h).
#include "semantics/models/WarpModel.h"

#include "semantics/models/ModelSupport.h"
#include "semantics/models/StateCodec.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>

namespace sdvmc::sem {

namespace {
bool isStructural(NodeKind k) {
  switch (k) {
    case NodeKind::Seq: case NodeKind::Var: case NodeKind::If: case NodeKind::While:
    case NodeKind::Call: case NodeKind::Skip:
      return true;
    case NodeKind::Barrier: case NodeKind::Assign: case NodeKind::Read: case NodeKind::Write:
    case NodeKind::Assert: case NodeKind::Assume: case NodeKind::Atomic: case NodeKind::Async:
      return false;
  }
  return false;
}

const LogEntry* findEntry(const std::vector<LogEntry>& log, Address a) {
  // Logs are sorted by address (logRead, logWrite).
  auto it = std::lower_bound(log.begin(), log.end(), a, [](const LogEntry& e, const Address& x) { return e.addr < x; });
  return it != log.end() && it->addr == a ? &*it : nullptr;
}

bool anyEnabled(const uint8_t* mask, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i)
    if (mask[i]) return true;
  return false;
}

/// "thread 3 divides …" said by a warp's machine names lane 3: name the group's thread.
std::string shiftThreadInMessage(const std::string& msg, uint32_t base) {
  if (base == 0 || msg.rfind("thread ", 0) != 0) return msg;
  size_t end = 7;
  while (end < msg.size() && msg[end] >= '0' && msg[end] <= '9') ++end;
  if (end == 7) return msg;
  const uint64_t lane = std::stoull(msg.substr(7, end - 7));
  return "thread " + std::to_string(lane + base) + msg.substr(end);
}
}  // namespace

WarpModel::WarpModel(const Ir& ir, Bounds bounds, WarpOptions warp, bool por, bool symmetry)
    : ir_(ir), bounds_(std::move(bounds)), por_(por), symmetry_(symmetry), sym_(analyseSymmetry(ir)),
      warp_(warp) {
  useThreads_ = symmetry_ && sym_.threads;
  useValues_ = symmetry_ && sym_.values;
}

std::unique_ptr<Model> WarpModel::clone() const {
  auto m = std::make_unique<WarpModel>(ir_, bounds_, warp_, por_, symmetry_);
  m->expected_ = expected_;
  m->outcomes_ = outcomes_;
  m->setRacesContinue(racesContinue_);
  return m;
}

bool WarpModel::setRacesContinue(bool on) {
  racesContinue_ = on;
  // A race set names threads and is not renamed by the symmetries: off.
  useThreads_ = !on && symmetry_ && sym_.threads;
  useValues_ = !on && symmetry_ && sym_.values;
  return true;
}

void WarpModel::recordRace(WarpState& s, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread,
                           bool write, NodeId id) {
  if (!raced_) {
    savedRaces_ = s.races;  // (expand restores the decoded state's set after the transition)
    raced_ = true;
  }
  const PathRace r{a, other, otherWrote, otherAt, thread, write, id};
  auto it = std::lower_bound(s.races.begin(), s.races.end(), r);
  if (it == s.races.end() || *it != r) s.races.insert(it, r);
}

std::string WarpModel::name() const {
  if (warp_.uniformExit) return "simt-uniform-exit";
  if (warp_.warpSize == 1) return "mimd";
  return warp_.warpSize == 0 ? "simt" : fmt::format("simt:{}", warp_.warpSize);
}

std::string WarpModel::reductions() const {
  std::string out = por_ ? "partial-order reduction (invisible steps fused)" : "no partial-order reduction";
  if (!symmetry_) return out + "; symmetry off";
  out += useThreads_ ? (warp_.warpSize == 1 ? "; thread symmetry (lid unused)" : "; warp symmetry (lid unused)")
                     : "; no thread symmetry (" + sym_.threadsWhyNot + ")";
  out += useValues_ ? fmt::format("; value symmetry (the values of {}..{} other than 0 are interchangeable)",
                                  bounds_.domainLo, bounds_.domainHi)
                    : "; no value symmetry (" + sym_.valuesWhyNot + ")";
  return out;
}

uint32_t WarpModel::warpCount(uint32_t n) const {
  const uint32_t size = warp_.warpSize == 0 ? n : warp_.warpSize;
  return (n + size - 1) / size;
}

uint32_t WarpModel::lanes(uint32_t n, uint32_t w) const {
  const uint32_t size = warp_.warpSize == 0 ? n : warp_.warpSize;
  return std::min(size, n - w * size);
}

Evaluator::Geometry WarpModel::geometryOf(uint32_t lanes) const {
  // ldim and ngroups: the group's launch geometry (a warp is part of the group). wsize(): the
  // model's warp width (a whole-group warp: the group, one warp of `lanes`); shfl and ballot
  // act on the warp's lanes (Eval.h).
  Evaluator::Geometry g = Evaluator::geometryFor(ir_, groupN_ != 0 ? groupN_ : lanes);
  g.warpSize = warp_.warpSize == 0 ? lanes : warp_.warpSize;
  g.warps = true;
  return g;
}

void WarpModel::useGroupSize(uint32_t n) {
  if (n == groupN_) return;
  groupN_ = n;
  for (auto& [lanes, m] : machines_) m->evaluator().setGeometry(geometryOf(lanes));
}

SdvMachine& WarpModel::newMachine(uint32_t lanes) {
  auto& m = machines_[lanes];
  if (!m) {
    m = std::make_unique<SdvMachine>(ir_, lanes);
    m->evaluator().setGeometry(geometryOf(lanes));
    m->setUniformLoopExit(warp_.uniformExit);
    m->setObserver(ruleObserver_);
  }
  if (mask_.size() < lanes) {
    mask_.resize(lanes);
    mask2_.resize(lanes);
  }
  lastLanes_ = lanes;
  lastMachine_ = m.get();
  return *m;
}

// ---- encoding ----------------------------------------------------------------------------

void WarpModel::encode(const WarpState& s, StateBytes& out) const {
  ByteWriter w(out);
  // Variable-length: a state of fewer than 2^28 threads (any that can be explored) never
  // starts with the four 0xFF bytes of outcome mode's error states (isErrorState).
  w.var(s.n);
  w.svar(s.gid);
  encodeMemory(ir_, s.memory, w);
  for (size_t k = 0; k < s.warps.size(); ++k) {
    // A warp's slice: its status, the length of what follows, its threads (the length
    // lets the transition cache find slices without decoding them).
    uint8_t* o = w.room(1 + 5 + threadsBound(s.warps[k], /*withValues=*/false));
    uint8_t* const threads = o + 1 + 5;
    const size_t length = static_cast<size_t>(encodeThreadsTo(ir_, s.warps[k], /*withValues=*/false, threads) - threads);
    *o++ = static_cast<uint8_t>(s.status[k]);
    o = putVarint(o, static_cast<uint32_t>(length));
    std::memmove(o, threads, length);
    w.advance(o + length);
  }
  if (!racesContinue_) return;
  w.var(static_cast<uint32_t>(s.races.size()));
  for (const PathRace& r : s.races) {
    w.var(r.addr.array);
    w.svar(r.addr.index);
    w.var(r.firstThread);
    w.u8(r.firstWrite);
    w.var(r.firstAt);
    w.var(r.thread);
    w.u8(r.write);
    w.var(r.at);
  }
  // The statement of each log entry (provenance, which the slices leave out): the earlier
  // access a continued race names.
  for (const GroupState& W : s.warps)
    for (const ThreadLog& log : W.logs) {
      for (const LogEntry& e : log.reads) w.var(e.at);
      for (const LogEntry& e : log.writes) w.var(e.at);
    }
}

void WarpModel::readProvenance(ByteReader& r, GroupState& W) const {
  for (ThreadLog& log : W.logs) {
    for (LogEntry& e : log.reads) e.at = r.var();
    for (LogEntry& e : log.writes) e.at = r.var();
  }
}

void WarpModel::decode(std::span<const uint8_t> bytes, WarpState& s) const {
  ByteReader r(bytes);
  s.n = r.var();
  s.gid = r.svar();
  memorySlice_.first = r.position();
  decodeMemory(ir_, s.memory, r, &memoryLayout_);  // where each array's cells are, to patch them
  memorySlice_.second = r.position();
  s.memory.lazyUnbounded = true;
  const uint32_t count = warpCount(s.n);
  s.warps.resize(count);
  s.status.resize(count);
  slices_.resize(count);
  const uint32_t size = warp_.warpSize == 0 ? s.n : warp_.warpSize;
  for (uint32_t k = 0; k < count; ++k) {
    slices_[k].first = r.position();
    s.status[k] = static_cast<ThreadStatus>(r.u8());
    const uint32_t length = r.var();
    [[maybe_unused]] const size_t threads = r.position();
    GroupState& W = s.warps[k];
    W.n = lanes(s.n, k);
    W.gid = s.gid;
    W.lidBase = static_cast<Word>(k * size);
    W.locals.resize(static_cast<size_t>(ir_.slotCount) * W.n);
    decodeThreads(ir_, W, /*withValues=*/false, r);
    assert(r.position() - threads == length && "a warp slice's length disagrees with its contents");
    (void)length;
    slices_[k].second = r.position();
  }
  s.races.clear();
  if (racesContinue_) {
    s.races.resize(r.var());
    for (PathRace& x : s.races) {
      x.addr.array = r.var();
      x.addr.index = r.svar64();
      x.firstThread = r.var();
      x.firstWrite = r.u8() != 0;
      x.firstAt = r.var();
      x.thread = r.var();
      x.write = r.u8() != 0;
      x.at = r.var();
    }
    provenance_.resize(count);
    for (uint32_t k = 0; k < count; ++k) {
      provenance_[k] = r.position();
      readProvenance(r, s.warps[k]);
    }
  }
  assert(r.done() && "trailing bytes in a warp-model state");
}

void WarpModel::decodeForExpand(std::span<const uint8_t> bytes, WarpState& s) {
  decode(bytes, s);
  useGroupSize(s.n);
  const uint32_t count = static_cast<uint32_t>(s.warps.size());
  decoded_.assign(count, 1);
  ssEmpty_.resize(count);
  startRaceIndex(count <= 64);
  for (uint32_t k = 0; k < count; ++k) {
    ssEmpty_[k] = s.warps[k].ss.empty();
    if (!raceIndex_) continue;
    const uint64_t bit = uint64_t(1) << k;
    for (const ThreadLog& log : s.warps[k].logs) {
      for (const LogEntry& e : log.reads) markAccess(e.addr.array, e.addr.index, bit, false);
      for (const LogEntry& e : log.writes) markAccess(e.addr.array, e.addr.index, bit, true);
      for (const LogEntry& e : log.atomics) markAccess(e.addr.array, e.addr.index, bit, true);  // (WarpAtomic.cpp)
    }
  }
  lazyBytes_ = bytes;
  lazy_ = &s;
}

void WarpModel::decodeWarp(WarpState& s, uint32_t u) {
  ByteReader r(lazyBytes_.subspan(slices_[u].first, slices_[u].second - slices_[u].first));
  r.u8();   // the status
  r.var();  // the length
  decodeThreads(ir_, s.warps[u], /*withValues=*/false, r);
  assert(r.done());
  if (racesContinue_) {
    ByteReader p(lazyBytes_.subspan(provenance_[u]));
    readProvenance(p, s.warps[u]);
  }
  decoded_[u] = 1;
}

std::pair<std::vector<uint32_t>, ValueRenaming> WarpModel::canonicalise(WarpState& s) const {
  const uint32_t count = static_cast<uint32_t>(s.warps.size());
  std::vector<uint32_t> perm(count);
  for (uint32_t k = 0; k < count; ++k) perm[k] = k;
  ValueRenaming renaming(bounds_.domainLo, bounds_.domainHi);
  if (useValues_) {
    std::vector<GroupState*> warps;
    for (GroupState& W : s.warps) warps.push_back(&W);
    renaming = canonicaliseValues(ir_, sym_, bounds_.domainLo, bounds_.domainHi, s.memory, warps);
  } else {
    renaming.complete();
  }
  // Warps are interchangeable only when the kernel never reads lid and they are alike.
  if (useThreads_ && s.warps.front().n == s.warps.back().n) {
    std::vector<StateBytes> keys(count);
    for (uint32_t k = 0; k < count; ++k) {
      ByteWriter w(keys[k]);
      w.u8(static_cast<uint8_t>(s.status[k]));
      encodeThreads(ir_, s.warps[k], /*withValues=*/false, w);
    }
    auto less = [&](uint32_t a, uint32_t b) {
      const StateBytes &x = keys[a], &y = keys[b];
      const size_t n = std::min(x.size(), y.size());
      const int c = n ? std::memcmp(x.data(), y.data(), n) : 0;
      return c != 0 ? c < 0 : x.size() < y.size();
    };
    std::stable_sort(perm.begin(), perm.end(), less);
    std::vector<GroupState> warps(count);
    std::vector<ThreadStatus> status(count);
    for (uint32_t p = 0; p < count; ++p) {
      warps[p] = std::move(s.warps[perm[p]]);
      warps[p].lidBase = static_cast<Word>(p * warps[p].n);
      status[p] = s.status[perm[p]];
    }
    s.warps = std::move(warps);
    s.status = std::move(status);
  }
  return {std::move(perm), std::move(renaming)};
}

// ---- initial states ----------------------------------------------------------------------

std::vector<StateBytes> WarpModel::initialStates() {
  std::vector<StateBytes> out;
  for (uint32_t n : bounds_.threads)
    for (Word g : bounds_.groups)
    for (const std::vector<Word>& params : bounds_.params) {
      WarpState s;
      s.n = n;
      s.gid = g;
      s.memory = bounds_.initialMemory ? *bounds_.initialMemory : checkInitialMemory(ir_, bounds_.abstractArrays);
      const uint32_t count = warpCount(n);
      const uint32_t size = warp_.warpSize == 0 ? n : warp_.warpSize;
      useGroupSize(n);
      s.warps.resize(count);
      s.status.assign(count, ThreadStatus::Running);
      for (uint32_t k = 0; k < count; ++k) {
        s.warps[k] = machine(lanes(n, k)).initialState(g, Memory{}, params);
        s.warps[k].lidBase = static_cast<Word>(k * size);
      }
      // Only the bookkeeping rules here: executed statements, invisible or not, are
      // transitions of the initial state, so that their errors have a path. A rule that
      // fails here (a loop guard dividing by zero, say) leaves the warp where it is: its
      // first transition applies it again and reports the error.
      for (uint32_t k = 0; k < count; ++k) {
        std::optional<Verdict> v;
        normalise(s, k, v, /*fuse=*/false);
      }
      canonicalise(s);
      out.emplace_back();
      encode(s, out.back());
    }
  return out;
}

// ---- transitions -------------------------------------------------------------------------

WarpModel::Outcome WarpModel::fail(std::optional<Verdict>& v, Verdict verdict, const GroupState& warp) const {
  const uint32_t base = static_cast<uint32_t>(warp.lidBase);
  for (uint32_t& x : verdict.threads) x += base;
  for (uint32_t& x : verdict.enabled) x += base;
  for (uint32_t& x : verdict.disabled) x += base;
  verdict.message = shiftThreadInMessage(verdict.message, base);
  v = std::move(verdict);
  return v->kind == VerdictKind::Discarded ? Outcome::Discarded : Outcome::Violation;
}

std::vector<Address> WarpModel::pendingChoices(WarpState& s, uint32_t w) {
  if (s.status[w] != ThreadStatus::Running) return {};
  // Only a read or an atomic chooses (unknownCellsRead); most actions are something else.
  const GroupState& W = s.warps[w];
  if (W.ss.empty()) return {};
  const NodeKind top = ir_.nodes[W.ss.back().node].kind;
  if (top != NodeKind::Read && top != NodeKind::Atomic) return {};
  return unknownCellsRead(ir_, machine(s.warps[w].n), s.warps[w], s.memory, bounds_.abstractArrays);
}

uint64_t WarpModel::choiceCount(size_t cells) const {
  const uint64_t d = static_cast<uint64_t>(static_cast<int64_t>(bounds_.domainHi) - bounds_.domainLo + 1);
  uint64_t count = 1;
  for (size_t i = 0; i < cells; ++i) {
    if (count > (uint64_t(1) << 24) / d) return 0;
    count *= d;
  }
  return count;
}

void WarpModel::choiceValues(uint64_t index, size_t cells, std::vector<Word>& values) const {
  const uint64_t d = static_cast<uint64_t>(static_cast<int64_t>(bounds_.domainHi) - bounds_.domainLo + 1);
  values.resize(cells);
  for (size_t i = cells; i-- > 0;) {
    values[i] = static_cast<Word>(bounds_.domainLo + static_cast<int64_t>(index % d));
    index /= d;
  }
}

WarpModel::Outcome WarpModel::normalise(WarpState& s, uint32_t w, std::optional<Verdict>& v, bool fuse,
                                        bool stopBeforeFailure) {
  GroupState& W = s.warps[w];
  SdvMachine& m = machine(W.n);
  for (uint64_t steps = 0;; ++steps) {
    if (W.ss.empty()) return Outcome::Successor;  // finishing is the warp's next action
    if (steps >= bounds_.stepCap) return Outcome::Stuck;
    const Node& node = ir_.nodes[W.ss.back().node];
    if (!isStructural(node.kind)) {
      m.evaluator().predicate(node.pred, W, mask_.data());
      if (anyEnabled(mask_.data(), W.n)) {
        const bool visible = node.kind == NodeKind::Barrier || node.kind == NodeKind::Read ||
                             node.kind == NodeKind::Write || node.kind == NodeKind::Atomic;
        if (visible || !fuse) return Outcome::Successor;
      }
    }
    // Bookkeeping, a statement no thread of the warp executes, or (POR) an invisible one.
    if (stopBeforeFailure) {
      // After a release every warp is normalised in one transition: a failure of one warp
      // must not decide it (another warp may have a violation of its own first). Leave the
      // failing statement on top; the warp's next transition applies it and reports.
      stopCopy_ = W;
      if (auto verdict = m.step(W)) {
        W = stopCopy_;
        return Outcome::Successor;
      }
      continue;
    }
    if (auto verdict = m.step(W)) return fail(v, std::move(*verdict), W);
  }
}

template <bool Run>
WarpModel::Outcome WarpModel::access(WarpState& s, uint32_t w, NodeId id, std::optional<Verdict>& v) {
  GroupState& W = s.warps[w];
  SdvMachine& m = machine(W.n);
  const Node& node = ir_.nodes[id];
  const bool write = node.kind == NodeKind::Write;
  const Rule rule = write ? Rule::TWr : Rule::TRd;
  const uint32_t base = static_cast<uint32_t>(W.lidBase);
  uint8_t* p = mask_.data();
  if constexpr (!Run) m.evaluator().predicate(node.pred, W, p);  // (a run's step() computed it)
  if constexpr (Run)
    if (ruleObserver_) ruleObserver_->onRule(rule, id, W, p);
  EvalError err;
  std::vector<Index>& index = indexBuf_;
  const Index* e0 = m.evaluator().evalIndex(node.e0, W, p, err);
  index.assign(e0, e0 + W.n);
  const Word* value = write && !err.any() ? m.evaluator().eval(node.e1, W, p, err) : nullptr;
  if (err.any()) return fail(v, evalFailureVerdict(ir_, id, rule, err), W);
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < W.n; ++i)
    if (p[i] && arr.outside(index[i]))
      return fail(v, outOfBoundsVerdict(ir_, id, rule, i, index[i], write), W);
  if (write)
    if (auto t = constantWriter(ir_, node, p, W.n)) return fail(v, constantWriteVerdict(ir_, id, rule, *t, index[*t]), W);

  // (a run) The observer's own race, at its lane.
  [[maybe_unused]] std::optional<WarpObserver::LaneRace> extra;
  if constexpr (Run)
    if (observer_) extra = observer_->beforeRaceCheck(s, w, id, p, index.data());
  // The race index's bits of the other warps (a run's index has aliases beyond 64 warps:
  // every bit then, a set bit only sending to the search).
  const uint64_t others = !Run || s.warps.size() <= 64 ? ~(uint64_t(1) << (w & 63)) : ~uint64_t(0);
  for (uint32_t i = 0; i < W.n; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, index[i]};
    auto race = [&](uint32_t other, bool otherWrote, NodeId otherAt, const char* scope) {
      v = raceVerdict(id, a, other, otherWrote, otherAt, base + i, write, scope);
      return Outcome::Violation;
    };
    // Intra-warp: an earlier thread of this warp writes the same cell in this statement.
    if (write)
      for (uint32_t k = 0; k < i; ++k)
        if (p[k] && index[k] == index[i]) return race(base + k, true, id, "intra-warp");
    if constexpr (Run) {
      if (extra && i == extra->lane) {
        v = std::move(extra->verdict);
        return Outcome::Violation;
      }
    }
    // Inter-warp: a thread of another warp accessed the cell since the last barrier.
    // The index (expand's common case, and a run's) answers "nobody else did" without a
    // search.
    if (raceIndex_ && (Run || arr.bounded)) {
      const CellAccess& c = arr.bounded ? cells_[static_cast<size_t>(cellBase_[node.array] + index[i])]
                                        : unboundedAccess(node.array, index[i]);
      if (c.stamp != stamp_ || ((c.writers | (write ? c.readers : 0)) & others) == 0) continue;
    }
    for (uint32_t u = 0; u < s.warps.size(); ++u) {
      if (u == w) continue;
      need(s, u);
      const GroupState& U = s.warps[u];
      for (uint32_t j = 0; j < U.n; ++j) {
        // (an atomic, WarpAtomic.cpp, counts as a write of its cell)
        const LogEntry* wr = findEntry(U.logs[j].writes, a);
        if (!wr) wr = findEntry(U.logs[j].atomics, a);
        const LogEntry* rd = write ? findEntry(U.logs[j].reads, a) : nullptr;
        if (!wr && !rd) continue;
        const uint32_t other = static_cast<uint32_t>(U.lidBase) + j;
        if (!racesContinue_) return race(other, wr != nullptr, (wr ? wr : rd)->at, "inter-warp");
        recordRace(s, a, other, wr != nullptr, (wr ? wr : rd)->at, base + i, write, id);
      }
    }
  }
  // Lock step: every enabled thread reads (or writes) at once.
  if (write) {
    for (uint32_t i = 0; i < W.n; ++i)
      if (p[i]) {
        const Address a{node.array, index[i]};
        store(s, a, value[i]);
        logWrite(W.logs[i], a, 0, id);
        if (recordAccess_) accessLog_.push_back({a, value[i]});
      }
  } else {
    Word* l = W.column(node.slot0);
    for (uint32_t i = 0; i < W.n; ++i)
      if (p[i]) {
        const Address a{node.array, index[i]};
        assert(!s.memory.isUnknown(ir_, a) && "a read of an unknown cell without a choice");
        l[i] = s.memory.load(ir_, a);
        logRead(W.logs[i], a, id);
        if (recordAccess_) accessLog_.push_back({a, l[i]});
      }
  }
  W.ss.pop_back();
  if constexpr (Run) {
    const uint64_t bit = uint64_t(1) << (w & 63);
    for (uint32_t i = 0; i < W.n; ++i)
      if (p[i]) markRunAccess(node.array, index[i], bit, write);
    if (observer_) observer_->accessed(s, w, id, p, index.data(), nullptr);
  }
  return Outcome::Successor;
}

Verdict WarpModel::raceVerdict(NodeId id, Address a, uint32_t other, bool otherWrote, NodeId otherAt, uint32_t thread,
                               bool write, const char* scope) const {
  const bool mimd = warp_.warpSize == 1;
  Verdict r;
  r.kind = VerdictKind::Race;
  r.rule = mimd ? Rule::MimdRace : Rule::SimtRace;
  r.at = id;
  r.loc = ir_.nodes[id].loc;
  r.accesses = {RaceAccess{other, otherWrote, a, otherAt}, RaceAccess{thread, write, a, id}};
  r.threads = {other, thread};
  if (!mimd) r.scope = scope;
  r.message = fmt::format("{}-{} race on {}[{}]: thread {} then thread {}{}", otherWrote ? "write" : "read",
                          write ? "write" : "read", ir_.arrays[a.array].name, a.index, other, thread,
                          mimd ? ", no barrier between" : fmt::format(" ({})", scope));
  return r;
}

bool WarpModel::arrive(WarpState& s, uint32_t w) {
  s.status[w] = ThreadStatus::Waiting;
  // Another warp still running? (The ones after w first: in a run, warps arrive in order.)
  const uint32_t count = static_cast<uint32_t>(s.warps.size());
  for (uint32_t u = w + 1; u < count; ++u)
    if (s.status[u] == ThreadStatus::Running) return false;
  for (uint32_t u = 0; u < w; ++u)
    if (s.status[u] == ThreadStatus::Running) return false;
  release(s);
  return true;
}

// Every warp's logs are emptied, except (extension: fence flags) that a warp waiting at a
// barrier that orders only some memory spaces keeps its accesses to the others, which can
// still race with accesses after the barrier (specs/KPL.md, "Barrier fences").
void WarpModel::release(WarpState& s) {
  needAll(s);
  bool partial = false;
  for (uint32_t u = 0; u < s.warps.size(); ++u) {
    GroupState& U = s.warps[u];
    const bool waiting = s.status[u] == ThreadStatus::Waiting;
    const uint8_t fence = waiting ? ir_.nodes[U.ss.back().node].fence : kpl::kFenceAll;
    partial |= fence != kpl::kFenceAll;
    for (ThreadLog& log : U.logs) {
      if (fence == kpl::kFenceAll) {
        log.reads.clear();
        log.writes.clear();
        log.atomics.clear();
        continue;
      }
      const auto ordered = [&](const LogEntry& e) { return fenceOrders(fence, ir_.arrays[e.addr.array]); };
      std::erase_if(log.reads, ordered);
      std::erase_if(log.writes, ordered);
      std::erase_if(log.atomics, ordered);
    }
    if (!waiting) continue;
    const NodeId id = U.ss.back().node;
    if (ruleObserver_) {
      SdvMachine& m = machine(U.n);
      m.evaluator().predicate(ir_.nodes[id].pred, U, mask_.data());
      ruleObserver_->onRule(Rule::GSync, id, U, mask_.data());
    }
    U.ss.pop_back();
    s.status[u] = ThreadStatus::Running;
    if (observer_) observer_->released(s, u, id);
  }
  if (runIndex_ && !partial) {  // (kept accesses stay in the index: a stale entry only sends to the search)
    clearRaceIndex();
    unboundedCells_.clear();
  }
}

WarpModel::Outcome WarpModel::act(WarpState& s, uint32_t w, const std::vector<Word>* choice, std::optional<Verdict>& v) {
  GroupState& W = s.warps[w];
  if (W.ss.empty()) return finish(s, w, v);
  if (choice) {  // choosing the values of the unknown cells this read reads
    std::vector<Address> cells = pendingChoices(s, w);
    assert(cells.size() == choice->size() && "a choice for a read that needs another");
    for (size_t i = 0; i < cells.size(); ++i) store(s, cells[i], (*choice)[i]);
  }
  const NodeId id = W.ss.back().node;
  const Node& node = ir_.nodes[id];
  // Only a warp whose bookkeeping failed in the initial state has a bookkeeping rule on
  // top: applying it reports the error.
  if (isStructural(node.kind)) return normalise(s, w, v, por_);
  switch (node.kind) {
    case NodeKind::Atomic: {
      Outcome o = atomic(s, w, id, v, /*run=*/false);
      if (o != Outcome::Successor) return o;
      break;
    }
    case NodeKind::Async:
      assert(false && "the warp models refuse kernels with asynchronous copies (tools/sdvmc/Kernel.cpp)");
      break;
    case NodeKind::Read:
    case NodeKind::Write: {
      Outcome o = access<false>(s, w, id, v);
      if (o != Outcome::Successor) return o;
      break;
    }
    case NodeKind::Barrier: {
      if (!arrive(s, w)) return Outcome::Successor;
      for (uint32_t u = 0; u < s.warps.size(); ++u) {
        if (s.status[u] != ThreadStatus::Running) continue;
        Outcome o = normalise(s, u, v, por_, /*stopBeforeFailure=*/true);
        if (o != Outcome::Successor) return o;
      }
      finishTogether(s);
      return checkFinal(s, w, id, v);
    }
    case NodeKind::Assign:
    case NodeKind::Assert:
    case NodeKind::Assume:
      if (auto verdict = machine(W.n).step(W)) return fail(v, std::move(*verdict), W);
      break;
    case NodeKind::Seq: case NodeKind::Var: case NodeKind::If: case NodeKind::While:
    case NodeKind::Call: case NodeKind::Skip:
      assert(false && "handled above");
      break;
  }
  Outcome o = normalise(s, w, v, por_);
  if (o != Outcome::Successor) return o;
  finishTogether(s);
  return checkFinal(s, w, id, v);
}

WarpModel::Outcome WarpModel::finish(WarpState& s, uint32_t w, std::optional<Verdict>& v) {
  // A barrier waits for every warp that has not finished: finishing while another warp
  // waits leaves it waiting forever.
  s.status[w] = ThreadStatus::Done;
  for (uint32_t u = 0; u < s.warps.size(); ++u)
    if (s.status[u] == ThreadStatus::Waiting) {
      need(s, u);
      const uint32_t t = static_cast<uint32_t>(s.warps[w].lidBase), x = static_cast<uint32_t>(s.warps[u].lidBase);
      Verdict d;
      d.kind = VerdictKind::Deadlock;
      d.rule = warp_.warpSize == 1 ? Rule::MimdDeadlock : Rule::SimtDeadlock;
      d.at = s.warps[u].ss.back().node;
      d.loc = ir_.nodes[d.at].loc;
      d.threads = {t, x};
      d.message = warp_.warpSize == 1
                      ? fmt::format("thread {} finished while thread {} waits at a barrier", t, x)
                      : fmt::format("the warp of thread {} finished while the warp of thread {} waits at a barrier", t, x);
      v = std::move(d);
      return Outcome::Violation;
    }
  finishTogether(s);
  return checkFinal(s, w, kNone, v);
}

void WarpModel::finishTogether(WarpState& s) const {
  // When every warp that has not finished is about to (empty ss), none can wait at a
  // barrier any more: their finishing steps are invisible and happen at once.
  for (uint32_t u = 0; u < s.warps.size(); ++u)
    if (s.status[u] != ThreadStatus::Done && (s.status[u] != ThreadStatus::Running || !ssEmpty(s, u)))
      return;
  for (ThreadStatus& st : s.status) st = ThreadStatus::Done;
}

WarpModel::Outcome WarpModel::checkFinal(WarpState& s, uint32_t w, NodeId id, std::optional<Verdict>& v) const {
  if (!expected_) return Outcome::Successor;
  for (ThreadStatus st : s.status)
    if (st != ThreadStatus::Done) return Outcome::Successor;
  std::string diff = differs(s.memory);
  if (diff.empty()) return Outcome::Successor;
  Verdict d;
  d.kind = VerdictKind::Discrepancy;
  d.rule = Rule::Compare;
  d.at = id;
  if (id != kNone) d.loc = ir_.nodes[id].loc;
  d.threads = {static_cast<uint32_t>(s.warps[w].lidBase)};
  d.message = "the final memory differs from the reference model's: " + diff;
  v = std::move(d);
  return Outcome::Violation;
}

std::string WarpModel::differs(const Memory& m) const {
  const Memory& e = *expected_;
  for (size_t a = 0; a < ir_.arrays.size(); ++a) {
    const ArrayInfo& info = ir_.arrays[a];
    if (!info.bounded) {
      const Memory::Cells& mc = m.cells(static_cast<ArrayId>(a));
      const Memory::Cells& ec = e.cells(static_cast<ArrayId>(a));
      if (mc != ec) {
        for (const auto& [addr, value] : mc) {
          auto it = ec.find(addr);
          if (it == ec.end()) return fmt::format("{}[{}] is {} here, never set there", info.name, addr, value);
          if (it->second != value) return fmt::format("{}[{}] is {} here, {} there", info.name, addr, value, it->second);
        }
        for (const auto& [addr, value] : ec)
          if (!mc.count(addr)) return fmt::format("{}[{}] is never set here, {} there", info.name, addr, value);
      }
      continue;
    }
    for (uint32_t i = 0; i < info.size; ++i) {
      const Address x{static_cast<ArrayId>(a), static_cast<Word>(i)};
      const bool mu = m.isUnknown(ir_, x), eu = e.isUnknown(ir_, x);
      if (mu && eu) continue;
      if (mu != eu || m.load(ir_, x) != e.load(ir_, x))
        return fmt::format("{}[{}] is {} here, {} there", info.name, i, mu ? "*" : std::to_string(m.load(ir_, x)),
                           eu ? "*" : std::to_string(e.load(ir_, x)));
    }
  }
  return "";
}

void WarpModel::store(WarpState& s, Address a, Word value) {
  if (ir_.arrays[a.array].bounded) {  // the common case, without Memory::store's lookups
    const size_t i = static_cast<size_t>(a.index);
    Word& cell = s.memory.bounded[a.array][i];
    uint8_t* unknown = s.memory.unknown.empty() || s.memory.unknown[a.array].empty() ? nullptr
                                                                                    : &s.memory.unknown[a.array][i];
    if (recordUndo_) undo_.push_back(MemoryUndo{a, cell, static_cast<uint8_t>(unknown ? *unknown : 0), true});
    cell = value;
    if (unknown) *unknown = 0;
    return;
  }
  if (recordUndo_) {
    MemoryUndo u{a, 0, 0, true};
    if (ir_.arrays[a.array].bounded) {
      u.value = s.memory.bounded[a.array][static_cast<size_t>(a.index)];
      u.unknown = s.memory.isUnknown(ir_, a);
    } else {
      const Memory::Cells& cells = s.memory.cells(a.array);
      auto it = cells.find(a.index);
      u.existed = it != cells.end();
      if (u.existed) u.value = it->second;
    }
    undo_.push_back(u);
  }
  s.memory.store(ir_, a, value);
}

void WarpModel::undoMemory(WarpState& s) {
  for (auto it = undo_.rbegin(); it != undo_.rend(); ++it) {
    if (ir_.arrays[it->addr.array].bounded) {
      s.memory.bounded[it->addr.array][static_cast<size_t>(it->addr.index)] = it->value;
      if (!s.memory.unknown.empty() && !s.memory.unknown[it->addr.array].empty())
        s.memory.unknown[it->addr.array][static_cast<size_t>(it->addr.index)] = it->unknown;
    } else if (it->existed) {
      s.memory.cells(it->addr.array)[it->addr.index] = it->value;
    } else {
      s.memory.cells(it->addr.array).erase(it->addr.index);
    }
  }
  undo_.clear();
}

// ---- one concrete run (SimtRun) ----------------------------------------------------------

WarpState WarpModel::runState(uint32_t n, Word gid, Memory memory, const std::vector<Word>& params) {
  WarpState s;
  s.n = n;
  s.gid = gid;
  s.memory = std::move(memory);
  const uint32_t count = warpCount(n);
  const uint32_t size = warp_.warpSize == 0 ? n : warp_.warpSize;
  useGroupSize(n);
  s.status.assign(count, ThreadStatus::Running);
  for (uint32_t k = 0; k < count; ++k) {
    s.warps.push_back(machine(lanes(n, k)).initialState(gid, Memory{}, params));
    s.warps[k].lidBase = static_cast<Word>(k * size);
  }
  // The race index follows the run: access() marks, release() clears.
  runIndex_ = true;
  startRaceIndex(true);
  return s;
}

void WarpModel::setRuleObserver(RuleObserver* o) {
  ruleObserver_ = o;
  for (auto& [lanes, m] : machines_) m->setObserver(o);
}

WarpModel::StepKind WarpModel::step(WarpState& s, uint32_t w, std::optional<Verdict>& v) {
  assert(s.status[w] == ThreadStatus::Running && "a step of a warp that waits or is done");
  assert(!v && "a step after the run's verdict");
  GroupState& W = s.warps[w];
  if (W.ss.empty()) {
    finish(s, w, v);
    return StepKind::Finish;
  }
  const NodeId id = W.ss.back().node;
  const Node& node = ir_.nodes[id];
  SdvMachine& m = machine(W.n);
  switch (node.kind) {
    case NodeKind::Barrier:
    case NodeKind::Read:
    case NodeKind::Write:
      // With no thread enabled, G-NO-OP or T-DISABLED: the machine's.
      m.evaluator().predicate(node.pred, W, mask_.data());
      if (!anyEnabled(mask_.data(), W.n)) break;
      if (node.kind == NodeKind::Barrier) {
        arrive(s, w);
        return StepKind::Arrive;
      }
      access<true>(s, w, id, v);  // the mask is computed
      return StepKind::Access;
    case NodeKind::Atomic:
      // (a run only: check refuses atomics under the warp models)
      m.evaluator().predicate(node.pred, W, mask_.data());
      if (!anyEnabled(mask_.data(), W.n)) break;
      atomic(s, w, id, v, /*run=*/true);
      return StepKind::Access;
    case NodeKind::Async:
      assert(false && "the warp models refuse kernels with asynchronous copies (tools/sdvmc/Kernel.cpp)");
      break;
    case NodeKind::Assign: case NodeKind::Assert: case NodeKind::Assume:
    case NodeKind::Seq: case NodeKind::Var: case NodeKind::If: case NodeKind::While:
    case NodeKind::Call: case NodeKind::Skip:
      break;
  }
  if (auto verdict = m.step(W)) fail(v, std::move(*verdict), W);
  return StepKind::Rule;
}

// ---- expansion and replay ----------------------------------------------------------------

bool WarpModel::releases(const WarpState& s, uint32_t w) {
  const GroupState& W = s.warps[w];
  if (W.ss.empty() || ir_.nodes[W.ss.back().node].kind != NodeKind::Barrier) return false;
  for (uint32_t u = 0; u < s.warps.size(); ++u)
    if (u != w && s.status[u] == ThreadStatus::Running) return false;
  return true;
}

void WarpModel::encodeChanged(WarpState& s, uint32_t t, std::span<const uint8_t> original, StateBytes& out) {
  // The bytes are the original's with warp t's slice encoded anew and the cells this
  // transition set patched into the memory (bounded arrays have fixed-width cells),
  // unless a cell's new value changes its array's width (encodeMemory) or the default
  // memory changed: then the whole state is encoded anew.
  lastSlice_ = {};
  for (const MemoryUndo& u : undo_) {
    const bool patchable =
        ir_.arrays[u.addr.array].bounded &&
        (memoryLayout_[u.addr.array].width == 1
             ? narrowCell(s.memory.bounded[u.addr.array][static_cast<size_t>(u.addr.index)])
             : !narrowCells(s.memory.bounded[u.addr.array]));
    if (!patchable) {
      // Warps that acted in earlier transitions of this expansion are stale (undecoded):
      // decode them from `original` before encoding the whole state.
      needAll(s);
      return encode(s, out);
    }
  }
  const GroupState& W = s.warps[t];
  const size_t before = slices_[t].first, after = slices_[t].second;
  // Warp t's new slice goes to a scratch buffer first, so that `out` (a reused buffer,
  // expand's spare_) is sized exactly once and written once.
  // The threads go 6 bytes in (room for the status and the longest length), then the
  // status and the length just before them: the slice is [sliceAt, end).
  const size_t bound = 1 + 5 + threadsBound(W, /*withValues=*/false);
  if (warpBuf_.size() < bound) warpBuf_.resize(std::max(bound, 2 * warpBuf_.size()));
  uint8_t* const threads = warpBuf_.data() + 6;
  uint8_t* const end = encodeThreadsTo(ir_, W, /*withValues=*/false, threads);
  const uint32_t length = static_cast<uint32_t>(end - threads);
  uint8_t* sliceAt = threads - 1 - varintBytes(length);
  *sliceAt = static_cast<uint8_t>(s.status[t]);
  putVarint(sliceAt + 1, length);
  const size_t slice = static_cast<size_t>(end - sliceAt), tail = original.size() - after;
  lastSlice_ = std::span<const uint8_t>(sliceAt, slice);
  out.resize(before + slice + tail);
  uint8_t* const start = out.data();
  std::memcpy(start, original.data(), before);  // header, memory, warps before t
  uint8_t* const memory = start + memorySlice_.first;
  for (const MemoryUndo& u : undo_) {
    const ArrayBytes& at = memoryLayout_[u.addr.array];
    const size_t index = static_cast<size_t>(u.addr.index);
    const Word now = s.memory.bounded[u.addr.array][index];
    if (at.width == 1)
      memory[at.cells + index] = static_cast<uint8_t>(now);  // two's complement, now in [-128, 127]
    else
      std::memcpy(memory + at.cells + index * sizeof(Word), &now, sizeof(Word));
    if (at.flags) {
      uint8_t& b = memory[at.cells + ir_.arrays[u.addr.array].size * at.width + index / 8];
      const uint8_t bit = static_cast<uint8_t>(1u << (index % 8));
      b = s.memory.unknown[u.addr.array][index] ? b | bit : b & ~bit;
    }
  }
  std::memcpy(start + before, sliceAt, slice);
  if (tail) std::memcpy(start + before + slice, original.data() + after, tail);  // the warps after t
}

TerminalOutcome WarpModel::outcome(std::span<const uint8_t> bytes) {
  if (isErrorState(bytes)) return decodeErrorState(bytes);
  TerminalOutcome o;
  WarpState s;
  decode(bytes, s);
  o.threads = s.n;
  o.group = s.gid;
  o.final = s.memory;
  for (const PathRace& r : s.races)
    o.races.push_back(raceVerdict(r.at, r.addr, r.firstThread, r.firstWrite, r.firstAt, r.thread, r.write, "inter-warp"));
  return o;
}

void WarpModel::startRaceIndex(bool on) {
  raceIndex_ = on;
  if (!raceIndex_) return;
  if (cellBase_.empty()) {
    cellBase_.resize(ir_.arrays.size());
    uint32_t cells = 0;
    for (size_t a = 0; a < ir_.arrays.size(); ++a) {
      cellBase_[a] = ir_.arrays[a].bounded ? static_cast<int64_t>(cells) : -1;
      if (ir_.arrays[a].bounded) cells += ir_.arrays[a].size;
    }
    cells_.assign(cells, CellAccess{});
  }
  clearRaceIndex();
}

void WarpModel::clearRaceIndex() {
  // A new stamp empties the index without touching it (a wrap-around clears it for real).
  if (++stamp_ == 0) {
    for (CellAccess& c : cells_) c = CellAccess{};
    stamp_ = 1;
  }
}

StateBytes& WarpModel::nextBuffer(Expansion& out) {
  out.successors.emplace_back();
  if (!spare_.empty()) {
    out.successors.back() = std::move(spare_.back());
    spare_.pop_back();
  }
  return out.successors.back();
}

void WarpModel::expand(std::span<const uint8_t> state, Expansion& out) {
  ++expansions_;
  if (caching()) {
    if (bounds_.transitionCache == CacheMode::Check) {
      const bool cached = expandCached(state, checkOut_);
      expandReference(state, out);
      if (cached) {
        checkCached(state, checkOut_, out);
        ++cachedExpansions_;
      }
      return;
    }
    if (expandCached(state, out)) {
      ++cachedExpansions_;
      return;
    }
  }
  expandReference(state, out);
}

void WarpModel::expandReference(std::span<const uint8_t> state, Expansion& out) {
  // The previous successors' buffers are reused (their capacity), so that a successor
  // costs no allocation.
  for (StateBytes& b : out.successors) spare_.push_back(std::move(b));
  out.clear();
  if (isErrorState(state)) {  // (outcome mode) an error state ends its execution
    out.terminal = true;
    return;
  }
  auto buffer = [&]() -> StateBytes& { return nextBuffer(out); };
  const bool teach = caching();
  decodeForExpand(state, scratch_);  // sets lazy_ and the race index
  struct Done {
    WarpModel& m;
    ~Done() {
      m.raceIndex_ = false;
      m.lazy_ = nullptr;
    }
  } done{*this};
  if (symmetric()) needAll(scratch_);  // every transition copies the whole state
  savedStatus_.resize(scratch_.status.size());
  bool any = false;
  for (uint32_t w = 0; w < scratch_.warps.size(); ++w) {
    if (scratch_.status[w] != ThreadStatus::Running) continue;
    any = true;
    need(scratch_, w);
    const std::vector<Address> cells = pendingChoices(scratch_, w);
    const uint64_t count = cells.empty() ? 1 : choiceCount(cells.size());
    if (count == 0) {
      out.stuck = fmt::format("the warp of thread {} reads {} arbitrary cells at once: too many combinations of "
                              "--domain values to enumerate",
                              scratch_.warps[w].lidBase, cells.size());
      raceIndex_ = false;
      return;
    }
    // Most actions change warp w and the memory only: apply them to the decoded state and
    // restore those two afterwards (warp w by decoding its slice again, the memory from
    // the undo log). A barrier release changes every warp: copy the whole state.
    const bool whole = symmetric() || releases(scratch_, w);
    if (whole) needAll(scratch_);
    for (uint64_t index = 0; index < count; ++index) {
      std::optional<Verdict>& v = verdict_;
      if (v) v.reset();
      raced_ = false;
      const std::vector<Word>* choice = nullptr;
      if (!cells.empty()) {
        choiceValues(index, cells.size(), choiceBuf_);
        choice = &choiceBuf_;
      }
      Outcome o;
      if (whole) {
        work_ = scratch_;
        o = act(work_, w, choice, v);
        if (o == Outcome::Successor) {
          canonicalise(work_);
          encode(work_, buffer());
        }
      } else {
        std::memcpy(savedStatus_.data(), scratch_.status.data(), savedStatus_.size());
        need(scratch_, w);
        const std::vector<Item>& ss = scratch_.warps[w].ss;
        const NodeKind top = ss.empty() ? NodeKind::Skip : ir_.nodes[ss.back().node].kind;
        const bool learning = teach && !choice && !ss.empty() && !isStructural(top);
        recordUndo_ = true;
        recordAccess_ = learning;
        accessLog_.clear();
        o = act(scratch_, w, choice, v);
        recordUndo_ = false;
        recordAccess_ = false;
        if (o == Outcome::Successor) {
          // finishTogether may have marked the other warps done too: encode them all then.
          const ThreadStatus own = savedStatus_[w];
          savedStatus_[w] = scratch_.status[w];
          const bool others = std::memcmp(savedStatus_.data(), scratch_.status.data(), savedStatus_.size()) != 0;
          savedStatus_[w] = own;
          if (others || racesContinue_) {  // (the race set and provenance follow the warps)
            needAll(scratch_);
            encode(scratch_, buffer());
          } else {
            encodeChanged(scratch_, w, state, buffer());
            if (learning && !lastSlice_.empty() && !scratch_.warps[w].ss.empty()) learn(state, w, top);
          }
        }
        undoMemory(scratch_);
        if (raced_) scratch_.races = std::move(savedRaces_);
        std::memcpy(scratch_.status.data(), savedStatus_.data(), savedStatus_.size());
        decoded_[w] = 0;  // changed: decoded again from its slice when next needed
      }
      switch (o) {
        case Outcome::Successor:
          break;
        case Outcome::Violation:
          if (outcomes_) {
            encodeErrorState(*v, scratch_.n, scratch_.gid, {}, buffer());
            break;
          }
          out.violation = std::move(v);
          out.violationIndex = static_cast<uint32_t>(out.successors.size());
          raceIndex_ = false;
          return;
        case Outcome::Discarded:
          ++out.discarded;
          break;
        case Outcome::Stuck:
          out.stuck = fmt::format("the warp of thread {} ran more than {} rule applications without a read, write "
                                  "or barrier",
                                  scratch_.warps[w].lidBase, bounds_.stepCap);
          raceIndex_ = false;
          return;
      }
    }
  }
  raceIndex_ = false;
  if (!any) out.terminal = true;
}

Replay WarpModel::replay(uint32_t initial, std::span<const uint32_t> path) {
  // `x` is the concrete execution; `c`, its canonical form, is what the explorer saw, so
  // transitions are numbered on `c` and mapped back to `x`: the warp at position p of `c`
  // is perm[p] of `x`, a value label l of `c` is renaming.inverse(l) of `x`.
  Replay rep;
  WarpState x;
  decode(initialStates().at(initial), x);
  useGroupSize(x.n);
  rep.config.threads = x.n;
  rep.config.group = x.gid;
  for (Slot k = 0; k < ir_.params.size(); ++k) rep.config.params.push_back(x.warps[0].local(k, 0));
  std::map<std::string, std::vector<std::pair<Index, Word>>> init;
  for (uint32_t k : path) {
    WarpState c = x;
    auto [perm, renaming] = canonicalise(c);
    uint32_t count = 0;
    std::optional<std::pair<uint32_t, std::vector<Word>>> pick;  // (position, labels)
    bool ended = false;
    for (uint32_t p = 0; p < c.warps.size() && !pick && !ended; ++p) {
      if (c.status[p] != ThreadStatus::Running) continue;
      const std::vector<Address> cells = pendingChoices(c, p);
      const uint64_t choices = cells.empty() ? 1 : choiceCount(cells.size());
      for (uint64_t index = 0; index < choices; ++index) {
        WarpState next = c;
        std::optional<Verdict> v;
        std::vector<Word> labels;
        if (!cells.empty()) choiceValues(index, cells.size(), labels);
        Outcome o = act(next, p, cells.empty() ? nullptr : &labels, v);
        if (o == Outcome::Successor || o == Outcome::Violation) {
          if (count == k) {
            pick = std::make_pair(p, labels);
            break;
          }
          if (o == Outcome::Violation) {
            ended = true;  // expand numbers no transition after a violation
            break;
          }
          ++count;
        }
      }
    }
    if (!pick) break;
    const uint32_t w = perm[pick->first];
    std::vector<Word> values;
    for (Word label : pick->second) values.push_back(renaming.inverse(label));
    const std::vector<Address> cells = pendingChoices(x, w);
    for (size_t i = 0; i < values.size() && i < cells.size(); ++i)
      init[ir_.arrays[cells[i].array].name].emplace_back(cells[i].index, values[i]);
    std::optional<Verdict> v;
    Outcome o = act(x, w, values.empty() ? nullptr : &values, v);
    rep.config.schedule.push_back(static_cast<uint32_t>(x.warps[w].lidBase));
    if (o == Outcome::Violation) {
      rep.violation = std::move(v);
      break;
    }
  }
  for (const ArrayInfo& a : ir_.arrays)
    if (auto it = init.find(a.name); it != init.end()) rep.config.init.emplace_back(a.name, it->second);
  encode(x, rep.last);
  return rep;
}

std::string WarpModel::describeMemory(std::span<const uint8_t> state) const {
  if (isErrorState(state)) return "(an error state)";
  WarpState s;
  decode(state, s);
  return describeMemoryText(ir_, s.memory);
}

}  // namespace sdvmc::sem

// ---- the transition cache (TransitionCache.h) ----------------------------------------------

namespace sdvmc::sem {

namespace {
constexpr size_t kReadOutcomes = 64;                   ///< values remembered per cached read

bool contains(const std::vector<Address>& cells, Address a) {
  if (cells.size() <= 8) {
    for (const Address& c : cells)
      if (c == a) return true;
    return false;
  }
  return std::binary_search(cells.begin(), cells.end(), a);
}
}  // namespace

SliceInfo* WarpModel::sliceInfo(uint32_t config, uint32_t n, uint32_t w, std::span<const uint8_t> slice) {
  const uint64_t hash = SliceTable::hashOf(config, w, slice);
  if (SliceInfo* e = cache_.find(config, w, slice, hash)) return e;
  SliceInfo* e = cache_.add(config, w, slice, hash);
  if (!e) return nullptr;
  // The logs, for other warps' race checks: decoded from the slice as decode() would.
  GroupState& W = sliceScratch_;
  W.n = lanes(n, w);
  W.lidBase = static_cast<Word>(w * (warp_.warpSize == 0 ? n : warp_.warpSize));
  W.locals.resize(static_cast<size_t>(ir_.slotCount) * W.n);
  ByteReader r(slice);
  r.u8();
  r.var();
  decodeThreads(ir_, W, /*withValues=*/false, r);
  for (const ThreadLog& log : W.logs) {
    for (const LogEntry& x : log.reads) e->reads.push_back(x.addr);
    for (const LogEntry& x : log.writes) e->writes.push_back(x.addr);
  }
  for (std::vector<Address>* v : {&e->reads, &e->writes}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
    cache_.charge(v->size() * sizeof(Address));
  }
  for (const Address& a : e->reads) e->readBits |= SliceInfo::bit(a);
  for (const Address& a : e->writes) e->writeBits |= SliceInfo::bit(a);
  return e;
}

void WarpModel::learn(std::span<const uint8_t> state, uint32_t w, NodeKind top) {
  const uint32_t config = cache_.configOf(state.first(memorySlice_.first));
  const uint32_t n = scratch_.n;
  SliceInfo* from = sliceInfo(config, n, w, state.subspan(slices_[w].first, slices_[w].second - slices_[w].first));
  if (!from) return;
  // The new slice is in warpBuf_, which sliceInfo does not touch.
  const SliceInfo* to = sliceInfo(config, n, w, lastSlice_);
  if (!to) return;
  using Action = SliceInfo::Action;
  Action action = Action::Unknown;
  switch (top) {
    case NodeKind::Read: action = Action::Read; break;
    case NodeKind::Write: action = Action::Write; break;
    case NodeKind::Barrier: action = Action::Arrive; break;
    case NodeKind::Assign: case NodeKind::Assert: case NodeKind::Assume: action = Action::Local; break;
    default: return;
  }
  std::vector<Address> cells;
  std::vector<Word> values;
  for (const AccessRecord& x : accessLog_) {
    if (!ir_.arrays[x.addr.array].bounded) return;  // the default memory is not patched in place
    cells.push_back(x.addr);
    values.push_back(x.value);
  }
  auto clash = [&](const char* what) {
    // The cache's premise (a warp's transition is a function of its slice, and of the
    // values it reads) failed: a defect of sdvmc, not of the kernel.
    if (bounds_.transitionCache == CacheMode::Check) {
      std::fprintf(stderr, "sdvmc: internal error: the transition cache learned two outcomes for one slice of warp %u (%s)\n",
                   w, what);
      std::abort();
    }
  };
  if (from->action == Action::Unknown) {
    from->action = action;
    from->cells = cells;
    cache_.charge(cells.size() * (sizeof(Address) + sizeof(Word)));
    if (action != Action::Read) {
      from->values = values;
      from->next = to;
    }
  } else if (from->action != action || from->cells != cells ||
             (action != Action::Read && (from->values != values || from->next != to))) {
    return clash("action, cells, values or next slice");
  }
  if (action == Action::Read) {
    for (const auto& [seen, after] : from->afterRead)
      if (seen == values) return after == to ? void() : clash("slice after a read");
    if (from->afterRead.size() < kReadOutcomes) {
      from->afterRead.emplace_back(values, to);
      cache_.charge(sizeof(from->afterRead.back()) + values.size() * sizeof(Word));
    }
  }
}

bool WarpModel::expandCached(std::span<const uint8_t> state, Expansion& out) {
  for (StateBytes& b : out.successors) spare_.push_back(std::move(b));
  out.clear();
  if (isErrorState(state)) return false;
  const uint8_t* const base = state.data();
  const uint8_t* p = base;
  const uint32_t n = getVarint(p);
  skipVarint(p);  // the group id
  const uint32_t config = cache_.configOf(state.first(static_cast<size_t>(p - base)));
  // The memory: where each bounded array's cells are.
  const size_t arrays = ir_.arrays.size();
  fastLayout_.resize(arrays);
  for (size_t a = 0; a < arrays; ++a) {
    const ArrayInfo& info = ir_.arrays[a];
    if (info.bounded) {
      const uint8_t header = *p++;
      ArrayBytes& at = fastLayout_[a];
      at = ArrayBytes{static_cast<size_t>(p - base), header & 2 ? 4u : 1u, (header & 1) != 0};
      p += static_cast<size_t>(info.size) * at.width + (at.flags ? unknownBytes(info.size) : 0);
    } else {
      const uint32_t count = getVarint(p);
      for (uint32_t i = 0; i < 2 * count; ++i) skipVarint(p);
    }
  }
  // The warps' slices and their entries.
  const uint32_t count = warpCount(n);
  fastSlices_.resize(count);
  fastInfos_.resize(count);
  if (lastInfos_.size() < count) lastInfos_.resize(count, nullptr);
  for (uint32_t k = 0; k < count; ++k) {
    const uint8_t* q = p + 1;
    const uint32_t length = getVarint(q);
    const size_t begin = static_cast<size_t>(p - base), end = static_cast<size_t>(q - base) + length;
    fastSlices_[k] = {begin, end};
    // Consecutive states share most slices: try the entry warp k had last time first.
    const SliceInfo* e = lastInfos_[k];
    if (!e || e->config != config || e->bytes.size() != end - begin || std::memcmp(e->bytes.data(), p, end - begin) != 0) {
      e = sliceInfo(config, n, k, state.subspan(begin, end - begin));
      if (!e) return false;
      lastInfos_[k] = e;
    }
    fastInfos_[k] = e;
    p = base + end;
  }
  assert(p == base + state.size() && "trailing bytes in a warp-model state");

  auto raced = [&](uint32_t w, Address a, bool write) {
    const uint64_t bit = SliceInfo::bit(a);
    for (uint32_t u = 0; u < count; ++u) {
      if (u == w) continue;
      const SliceInfo& U = *fastInfos_[u];
      if ((U.writeBits & bit) && contains(U.writes, a)) return true;
      if (write && (U.readBits & bit) && contains(U.reads, a)) return true;
    }
    return false;
  };
  using Action = SliceInfo::Action;
  const auto running = static_cast<uint8_t>(ThreadStatus::Running);
  bool any = false;
  for (uint32_t w = 0; w < count; ++w) {
    const SliceInfo& e = *fastInfos_[w];
    if (e.status() != running) continue;
    any = true;
    const SliceInfo* next = e.next;
    switch (e.action) {
      case Action::Unknown:
        return false;
      case Action::Local:
        break;
      case Action::Arrive: {
        bool another = false;  // another warp still running: the barrier does not release
        for (uint32_t u = 0; u < count && !another; ++u) another = u != w && fastInfos_[u]->status() == running;
        if (!another) return false;  // the last to arrive releases it: every warp changes
        break;
      }
      case Action::Write:
        for (const Address& a : e.cells)
          if (raced(w, a, true)) return false;
        break;
      case Action::Read: {
        readValues_.clear();
        for (const Address& a : e.cells) {
          if (raced(w, a, false)) return false;
          const ArrayBytes& at = fastLayout_[a.array];
          const size_t i = static_cast<size_t>(a.index);
          if (at.flags && (base[at.cells + ir_.arrays[a.array].size * at.width + i / 8] >> (i % 8) & 1))
            return false;  // an arbitrary cell not chosen yet: the interpreter enumerates its values
          Word v;
          if (at.width == 1) {
            v = static_cast<int8_t>(base[at.cells + i]);
          } else {
            std::memcpy(&v, base + at.cells + i * sizeof(Word), sizeof(Word));
          }
          readValues_.push_back(v);
        }
        next = nullptr;
        for (const auto& [seen, after] : e.afterRead)
          if (seen == readValues_) {
            next = after;
            break;
          }
        if (!next) return false;
        break;
      }
    }
    // The successor: this state's bytes with warp w's slice replaced and the written cells
    // patched (encodeChanged's layout).
    const auto [before, after] = fastSlices_[w];
    const size_t slice = next->bytes.size(), tail = state.size() - after;
    StateBytes& b = nextBuffer(out);
    b.resize(before + slice + tail);
    uint8_t* const o = b.data();
    std::memcpy(o, base, before);
    std::memcpy(o + before, next->bytes.data(), slice);
    if (tail) std::memcpy(o + before + slice, base + after, tail);
    if (e.action == Action::Write) {
      for (size_t k = 0; k < e.cells.size(); ++k) {
        const Address& a = e.cells[k];
        const Word v = e.values[k];
        const ArrayBytes& at = fastLayout_[a.array];
        const size_t i = static_cast<size_t>(a.index);
        if (at.width == 1) {
          if (!narrowCell(v)) return false;  // the array's cells widen: encoded anew
          o[at.cells + i] = static_cast<uint8_t>(v);
        } else {
          std::memcpy(o + at.cells + i * sizeof(Word), &v, sizeof(Word));
        }
        if (at.flags) o[at.cells + ir_.arrays[a.array].size * at.width + i / 8] &= static_cast<uint8_t>(~(1u << (i % 8)));
      }
      // A wide array whose cells all became narrow is encoded narrow.
      for (const Address& a : e.cells) {
        const ArrayBytes& at = fastLayout_[a.array];
        if (at.width != 4) continue;
        bool wide = false;
        for (uint32_t i = 0; i < ir_.arrays[a.array].size && !wide; ++i) {
          Word v;
          std::memcpy(&v, o + at.cells + i * sizeof(Word), sizeof(Word));
          wide = !narrowCell(v);
        }
        if (!wide) return false;
      }
    }
  }
  if (!any) out.terminal = true;
  return true;
}

void WarpModel::checkCached(std::span<const uint8_t> state, const Expansion& cached, const Expansion& reference) const {
  const bool same = cached.successors == reference.successors && !reference.violation && !reference.stuck &&
                    reference.discarded == 0 && cached.terminal == reference.terminal;
  if (same) return;
  auto hex = [](std::span<const uint8_t> b) {
    std::string s;
    for (uint8_t x : b) s += fmt::format("{:02x}", x);
    return s;
  };
  std::fprintf(stderr, "sdvmc: internal error: the transition cache's expansion differs from the interpreter's\n");
  std::fprintf(stderr, "  state     %s\n", hex(state).c_str());
  std::fprintf(stderr, "  cache     %zu successors%s\n", cached.successors.size(), cached.terminal ? ", terminal" : "");
  for (const StateBytes& b : cached.successors) std::fprintf(stderr, "    %s\n", hex(b).c_str());
  std::fprintf(stderr, "  reference %zu successors%s%s, %u discarded\n", reference.successors.size(),
               reference.terminal ? ", terminal" : "", reference.violation ? ", a violation" : "", reference.discarded);
  for (const StateBytes& b : reference.successors) std::fprintf(stderr, "    %s\n", hex(b).c_str());
  std::abort();
}

}  // namespace sdvmc::sem
