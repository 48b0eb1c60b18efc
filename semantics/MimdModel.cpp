// The mimd execution model (see MimdModel.h).
#include "semantics/MimdModel.h"

#include "semantics/ModelSupport.h"
#include "semantics/StateCodec.h"

#include <algorithm>
#include <cassert>
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
    case NodeKind::Assert: case NodeKind::Assume:
      return false;
  }
  return false;
}

const LogEntry* findEntry(const std::vector<LogEntry>& log, Address a) {
  for (const LogEntry& e : log)
    if (e.addr == a) return &e;
  return nullptr;
}
}  // namespace

MimdModel::MimdModel(const Ir& ir, Bounds bounds, bool por, bool symmetry)
    : ir_(ir), bounds_(std::move(bounds)), por_(por), symmetry_(symmetry), sym_(analyseSymmetry(ir)),
      lane_(ir, 1), mask_(1) {
  useThreads_ = symmetry_ && sym_.threads;
  useValues_ = symmetry_ && sym_.values;
}

std::unique_ptr<Model> MimdModel::clone() const {
  auto m = std::make_unique<MimdModel>(ir_, bounds_, por_, symmetry_);
  m->expected_ = expected_;
  return m;
}

std::string MimdModel::reductions() const {
  std::string out = por_ ? "partial-order reduction (invisible steps fused)" : "no partial-order reduction";
  if (!symmetry_) return out + "; symmetry off";
  out += useThreads_ ? "; thread symmetry (lid unused)" : "; no thread symmetry (" + sym_.threadsWhyNot + ")";
  out += useValues_ ? fmt::format("; value symmetry (the values of {}..{} other than 0 are interchangeable)",
                                  bounds_.domainLo, bounds_.domainHi)
                    : "; no value symmetry (" + sym_.valuesWhyNot + ")";
  return out;
}

std::pair<std::vector<uint32_t>, ValueRenaming> MimdModel::canonicalise(MimdState& s) const {
  std::vector<uint32_t> perm(s.n);
  for (uint32_t t = 0; t < s.n; ++t) perm[t] = t;
  ValueRenaming renaming(bounds_.domainLo, bounds_.domainHi);
  if (useValues_) {
    std::vector<GroupState*> threads;
    for (GroupState& T : s.threads) threads.push_back(&T);
    renaming = canonicaliseValues(ir_, sym_, bounds_.domainLo, bounds_.domainHi, s.memory, threads);
  } else {
    renaming.complete();
  }
  if (useThreads_) {
    std::vector<StateBytes> keys(s.n);
    for (uint32_t t = 0; t < s.n; ++t) {
      ByteWriter w(keys[t]);
      w.u8(static_cast<uint8_t>(s.status[t]));
      encodeThreads(ir_, s.threads[t], /*withValues=*/false, w);
    }
    auto less = [&](uint32_t a, uint32_t b) {
      const StateBytes &x = keys[a], &y = keys[b];
      const size_t n = std::min(x.size(), y.size());
      const int c = n ? std::memcmp(x.data(), y.data(), n) : 0;
      return c != 0 ? c < 0 : x.size() < y.size();
    };
    std::stable_sort(perm.begin(), perm.end(), less);
    std::vector<GroupState> threads(s.n);
    std::vector<ThreadStatus> status(s.n);
    for (uint32_t p = 0; p < s.n; ++p) {
      threads[p] = std::move(s.threads[perm[p]]);
      threads[p].lidBase = static_cast<Word>(p);
      status[p] = s.status[perm[p]];
    }
    s.threads = std::move(threads);
    s.status = std::move(status);
  }
  return {std::move(perm), std::move(renaming)};
}

void MimdModel::encode(const MimdState& s, StateBytes& out) const {
  ByteWriter w(out);
  w.u32(s.n);
  w.i32(s.gid);
  encodeMemory(ir_, s.memory, w);
  for (uint32_t t = 0; t < s.n; ++t) {
    w.u8(static_cast<uint8_t>(s.status[t]));
    encodeThreads(ir_, s.threads[t], /*withValues=*/false, w);
  }
}

void MimdModel::decode(std::span<const uint8_t> bytes, MimdState& s) const {
  ByteReader r(bytes);
  s.n = r.u32();
  s.gid = r.i32();
  decodeMemory(ir_, s.memory, r);
  s.memory.lazyUnbounded = true;
  s.threads.resize(s.n);
  s.status.resize(s.n);
  slices_.resize(s.n);
  for (uint32_t t = 0; t < s.n; ++t) {
    slices_[t].first = r.position();
    s.status[t] = static_cast<ThreadStatus>(r.u8());
    GroupState& T = s.threads[t];
    T.n = 1;
    T.gid = s.gid;
    T.lidBase = static_cast<Word>(t);
    T.locals.resize(ir_.slotCount);
    decodeThreads(ir_, T, /*withValues=*/false, r);
    slices_[t].second = r.position();
  }
  assert(r.done() && "trailing bytes in a mimd state");
}

MimdModel::Outcome MimdModel::fail(std::optional<Verdict>& v, Verdict verdict, uint32_t t) const {
  // Verdicts of the one-thread machine name lane 0: it is thread t.
  for (uint32_t& x : verdict.threads) x += t;
  v = std::move(verdict);
  return v->kind == VerdictKind::Discarded ? Outcome::Discarded : Outcome::Violation;
}

std::vector<StateBytes> MimdModel::initialStates() {
  std::vector<StateBytes> out;
  for (uint32_t n : bounds_.threads)
    for (Word g : bounds_.groups) {
      MimdState s;
      s.n = n;
      s.gid = g;
      s.memory = (bounds_.initialMemory ? *bounds_.initialMemory : checkInitialMemory(ir_));
      s.threads.resize(n);
      s.status.assign(n, ThreadStatus::Running);
      for (uint32_t t = 0; t < n; ++t) {
        s.threads[t] = lane_.initialState(g, Memory{});
        s.threads[t].lidBase = static_cast<Word>(t);
      }
      // Only the bookkeeping rules here: executed statements, invisible or not, are
      // transitions of the initial state, so that their errors have a path.
      for (uint32_t t = 0; t < n; ++t) {
        std::optional<Verdict> v;
        Outcome o = normalise(s, t, v, /*fuse=*/false);
        if (o != Outcome::Successor) {
          // G-ITER's guard or a call's argument can fail before anything executes:
          // keep the thread where it is; its first transition reports the error.
          continue;
        }
      }
      canonicalise(s);
      out.emplace_back();
      encode(s, out.back());
    }
  return out;
}

std::optional<Address> MimdModel::pendingChoice(MimdState& s, uint32_t t) {
  if (s.status[t] != ThreadStatus::Running) return std::nullopt;
  return unknownCellRead(ir_, lane_, s.threads[t], s.memory);
}

MimdModel::Outcome MimdModel::normalise(MimdState& s, uint32_t t, std::optional<Verdict>& v, bool fuse) {
  GroupState& T = s.threads[t];
  for (uint64_t steps = 0;; ++steps) {
    if (T.ss.empty()) return Outcome::Successor;  // finishing is the thread's next action
    if (steps >= bounds_.stepCap) return Outcome::Stuck;
    const Node& node = ir_.nodes[T.ss.back().node];
    if (!isStructural(node.kind)) {
      lane_.evaluator().predicate(node.pred, T, mask_.data());
      if (mask_[0]) {
        const bool visible = node.kind == NodeKind::Barrier || node.kind == NodeKind::Read ||
                             node.kind == NodeKind::Write;
        if (visible || !fuse) return Outcome::Successor;
      }
    }
    // Bookkeeping, a disabled statement, or (POR) an invisible one: this thread alone.
    if (auto verdict = lane_.step(T)) return fail(v, std::move(*verdict), t);
  }
}

MimdModel::Outcome MimdModel::act(MimdState& s, uint32_t t, std::optional<Word> choice,
                                  std::optional<Verdict>& v) {
  GroupState& T = s.threads[t];
  if (T.ss.empty()) return finish(s, t, v);
  if (choice) {
    std::optional<Address> cell = pendingChoice(s, t);
    assert(cell && "a choice for a read that needs none");
    chooseCell(ir_, s.memory, *cell, *choice);
  }
  const NodeId id = T.ss.back().node;
  const Node& node = ir_.nodes[id];
  // Only a thread whose bookkeeping failed in the initial state (a loop guard that
  // divides by zero, say) has a bookkeeping rule on top: applying it reports the error.
  if (isStructural(node.kind)) return normalise(s, t, v, por_);
  mask_[0] = 1;
  switch (node.kind) {
    case NodeKind::Read:
    case NodeKind::Write: {
      const bool write = node.kind == NodeKind::Write;
      const Rule rule = write ? Rule::TWr : Rule::TRd;
      EvalError err;
      const Word index = lane_.evaluator().eval(node.e0, T, mask_.data(), err)[0];
      Word value = 0;
      if (write && !err.any()) value = lane_.evaluator().eval(node.e1, T, mask_.data(), err)[0];
      if (err.any()) return fail(v, evalFailureVerdict(ir_, id, rule, err), t);
      const ArrayInfo& arr = ir_.arrays[node.array];
      if (arr.bounded && (index < 0 || static_cast<uint32_t>(index) >= arr.size))
        return fail(v, outOfBoundsVerdict(ir_, id, rule, 0, index, write), t);
      const Address a{node.array, index};
      // A race: another thread accessed `a` since the last barrier, one of the two writes.
      for (uint32_t j = 0; j < s.n; ++j) {
        if (j == t) continue;
        const ThreadLog& other = s.threads[j].logs[0];
        const LogEntry* w = findEntry(other.writes, a);
        const LogEntry* r = write ? findEntry(other.reads, a) : nullptr;
        if (!w && !r) continue;
        Verdict race;
        race.kind = VerdictKind::Race;
        race.rule = Rule::MimdRace;
        race.at = id;
        race.loc = node.loc;
        race.accesses = {RaceAccess{j, w != nullptr, a, (w ? w : r)->at}, RaceAccess{t, write, a, id}};
        race.threads = {j, t};
        race.message = fmt::format("{}-{} race on {}[{}]: thread {} then thread {}, no barrier between",
                                   w ? "write" : "read", write ? "write" : "read", arr.name, index, j, t);
        v = std::move(race);
        return Outcome::Violation;
      }
      if (write) {
        s.memory.store(ir_, a, value);
        logWrite(T.logs[0], a, 0, id);
      } else {
        assert(!s.memory.isUnknown(ir_, a) && "a read of an unknown cell without a choice");
        T.column(node.slot0)[0] = s.memory.load(ir_, a);
        logRead(T.logs[0], a, id);
      }
      T.ss.pop_back();
      break;
    }
    case NodeKind::Barrier: {
      s.status[t] = ThreadStatus::Waiting;
      for (uint32_t u = 0; u < s.n; ++u)
        if (s.status[u] == ThreadStatus::Running) return Outcome::Successor;
      // Every thread that has not finished waits: all pass, and start a new interval.
      for (uint32_t u = 0; u < s.n; ++u) {
        s.threads[u].logs[0].reads.clear();
        s.threads[u].logs[0].writes.clear();
        if (s.status[u] != ThreadStatus::Waiting) continue;
        s.threads[u].ss.pop_back();
        s.status[u] = ThreadStatus::Running;
      }
      for (uint32_t u = 0; u < s.n; ++u) {
        if (s.status[u] != ThreadStatus::Running) continue;
        Outcome o = normalise(s, u, v, por_);
        if (o != Outcome::Successor) return o;
      }
      finishTogether(s);
      return checkFinal(s, t, id, v);
    }
    case NodeKind::Assign:
    case NodeKind::Assert:
    case NodeKind::Assume:
      if (auto verdict = lane_.step(T)) return fail(v, std::move(*verdict), t);
      break;
    case NodeKind::Seq: case NodeKind::Var: case NodeKind::If: case NodeKind::While:
    case NodeKind::Call: case NodeKind::Skip:
      assert(false && "handled above");
      break;
  }
  Outcome o = normalise(s, t, v, por_);
  if (o != Outcome::Successor) return o;
  finishTogether(s);
  return checkFinal(s, t, id, v);
}

MimdModel::Outcome MimdModel::finish(MimdState& s, uint32_t t, std::optional<Verdict>& v) {
  // A barrier waits for every thread that has not finished: finishing while another
  // thread waits leaves it waiting forever.
  s.status[t] = ThreadStatus::Done;
  for (uint32_t u = 0; u < s.n; ++u)
    if (s.status[u] == ThreadStatus::Waiting) {
      Verdict d;
      d.kind = VerdictKind::Deadlock;
      d.rule = Rule::MimdDeadlock;
      d.at = s.threads[u].ss.back().node;
      d.loc = ir_.nodes[d.at].loc;
      d.threads = {t, u};
      d.message = fmt::format("thread {} finished while thread {} waits at a barrier", t, u);
      v = std::move(d);
      return Outcome::Violation;
    }
  finishTogether(s);
  return checkFinal(s, t, kNone, v);
}

void MimdModel::finishTogether(MimdState& s) const {
  // When every thread that has not finished is about to (empty ss), none can wait at a
  // barrier any more: their finishing steps are invisible and happen at once.
  for (uint32_t u = 0; u < s.n; ++u)
    if (s.status[u] != ThreadStatus::Done && (s.status[u] != ThreadStatus::Running || !s.threads[u].ss.empty()))
      return;
  for (uint32_t u = 0; u < s.n; ++u) s.status[u] = ThreadStatus::Done;
}

MimdModel::Outcome MimdModel::checkFinal(MimdState& s, uint32_t t, NodeId id, std::optional<Verdict>& v) const {
  Outcome o = Outcome::Successor;
  if (!expected_) return o;
  for (uint32_t u = 0; u < s.n; ++u)
    if (s.status[u] != ThreadStatus::Done) return o;
  std::string diff = differs(s.memory);
  if (diff.empty()) return o;
  Verdict d;
  d.kind = VerdictKind::Discrepancy;
  d.rule = Rule::Compare;
  d.at = id;
  if (id != kNone) d.loc = ir_.nodes[id].loc;
  d.threads = {t};
  d.message = "the final memory differs from the reference model's: " + diff;
  v = std::move(d);
  return Outcome::Violation;
}

std::string MimdModel::differs(const Memory& m) const {
  const Memory& e = *expected_;
  for (size_t a = 0; a < ir_.arrays.size(); ++a) {
    const ArrayInfo& info = ir_.arrays[a];
    if (!info.bounded) {
      if (m.unbounded != e.unbounded) {
        for (const auto& [addr, value] : m.unbounded) {
          auto it = e.unbounded.find(addr);
          if (it == e.unbounded.end()) return fmt::format("{}[{}] is {} here, never set there", info.name, addr, value);
          if (it->second != value) return fmt::format("{}[{}] is {} here, {} there", info.name, addr, value, it->second);
        }
        for (const auto& [addr, value] : e.unbounded)
          if (!m.unbounded.count(addr)) return fmt::format("{}[{}] is never set here, {} there", info.name, addr, value);
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

bool MimdModel::releases(const MimdState& s, uint32_t t) {
  const GroupState& T = s.threads[t];
  if (T.ss.empty() || ir_.nodes[T.ss.back().node].kind != NodeKind::Barrier) return false;
  for (uint32_t u = 0; u < s.n; ++u)
    if (u != t && s.status[u] == ThreadStatus::Running) return false;
  return true;
}

void MimdModel::encodeChanged(const MimdState& s, uint32_t t, std::span<const uint8_t> original,
                              StateBytes& out) const {
  ByteWriter w(out);
  w.u32(s.n);
  w.i32(s.gid);
  encodeMemory(ir_, s.memory, w);
  for (uint32_t u = 0; u < s.n; ++u) {
    if (u == t) {
      w.u8(static_cast<uint8_t>(s.status[t]));
      encodeThreads(ir_, s.threads[t], /*withValues=*/false, w);
    } else {
      w.raw(original.data() + slices_[u].first, slices_[u].second - slices_[u].first);
    }
  }
}

void MimdModel::expand(std::span<const uint8_t> state, Expansion& out) {
  out.clear();
  decode(state, scratch_);
  bool any = false;
  for (uint32_t t = 0; t < scratch_.n; ++t) {
    if (scratch_.status[t] != ThreadStatus::Running) continue;
    any = true;
    std::optional<Address> cell = pendingChoice(scratch_, t);
    const Word lo = cell ? bounds_.domainLo : 0, hi = cell ? bounds_.domainHi : 0;
    // Most actions change thread t and the memory only: apply them to the decoded state
    // and restore those two afterwards. A barrier release changes every thread: copy.
    const bool whole = symmetric() || releases(scratch_, t);
    for (Word value = lo;; ++value) {
      std::optional<Verdict> v;
      std::optional<Word> choice;
      if (cell) choice = value;
      Outcome o;
      if (whole) {
        work_ = scratch_;
        o = act(work_, t, choice, v);
        if (o == Outcome::Successor) {
          canonicalise(work_);
          encode(work_, buf_);
        }
      } else {
        savedThread_ = scratch_.threads[t];
        savedMemory_ = scratch_.memory;
        const ThreadStatus savedStatus = scratch_.status[t];
        o = act(scratch_, t, choice, v);
        if (o == Outcome::Successor) encodeChanged(scratch_, t, state, buf_);
        std::swap(scratch_.threads[t], savedThread_);
        std::swap(scratch_.memory, savedMemory_);
        scratch_.status[t] = savedStatus;
      }
      switch (o) {
        case Outcome::Successor:
          out.successors.emplace_back(buf_.begin(), buf_.end());
          break;
        case Outcome::Violation:
          out.violation = std::move(v);
          out.violationIndex = static_cast<uint32_t>(out.successors.size());
          return;
        case Outcome::Discarded:
          ++out.discarded;
          break;
        case Outcome::Stuck:
          out.stuck = fmt::format("thread {} ran more than {} rule applications without a read, write or barrier",
                                  t, bounds_.stepCap);
          return;
      }
      if (value == hi) break;
    }
  }
  if (!any) out.terminal = true;
}

Replay MimdModel::replay(uint32_t initial, std::span<const uint32_t> path) {
  // `x` is the concrete execution; `c`, its canonical form, is what the explorer saw, so
  // transitions are numbered on `c` and mapped back to `x`: the thread at position p of
  // `c` is perm[p] of `x`, a value label l of `c` is renaming.inverse(l) of `x`.
  Replay rep;
  MimdState x;
  decode(initialStates().at(initial), x);
  rep.config.threads = x.n;
  rep.config.group = x.gid;
  std::map<std::string, std::vector<std::pair<Word, Word>>> init;
  for (uint32_t k : path) {
    MimdState c = x;
    auto [perm, renaming] = canonicalise(c);
    uint32_t count = 0;
    std::optional<std::pair<uint32_t, std::optional<Word>>> pick;  // (position, label)
    bool ended = false;
    for (uint32_t p = 0; p < c.n && !pick && !ended; ++p) {
      if (c.status[p] != ThreadStatus::Running) continue;
      std::optional<Address> cell = pendingChoice(c, p);
      const Word lo = cell ? bounds_.domainLo : 0, hi = cell ? bounds_.domainHi : 0;
      for (Word value = lo;; ++value) {
        MimdState next = c;
        std::optional<Verdict> v;
        std::optional<Word> choice;
        if (cell) choice = value;
        Outcome o = act(next, p, choice, v);
        if (o == Outcome::Successor || o == Outcome::Violation) {
          if (count == k) {
            pick = std::make_pair(p, choice);
            break;
          }
          if (o == Outcome::Violation) {
            ended = true;  // expand numbers no transition after a violation
            break;
          }
          ++count;
        }
        if (value == hi) break;
      }
    }
    if (!pick) break;
    const uint32_t t = perm[pick->first];
    std::optional<Word> value;
    if (pick->second) value = renaming.inverse(*pick->second);
    if (value) {
      const Address cell = *pendingChoice(x, t);
      init[ir_.arrays[cell.array].name].emplace_back(cell.index, *value);
    }
    std::optional<Verdict> v;
    Outcome o = act(x, t, value, v);
    rep.config.schedule.push_back(t);
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

std::string MimdModel::describeMemory(std::span<const uint8_t> state) const {
  MimdState s;
  decode(state, s);
  return describeMemoryText(ir_, s.memory);
}

}  // namespace sdvmc::sem
