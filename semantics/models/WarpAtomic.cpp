// Atomics under the warp models in a run (`sdvmc run --model simt[:W]`, WarpModel::step):
// T-ATOMIC (specs/KPL.md, "Atomics") for one warp's statement. The operands are evaluated
// for the warp in lock step; then the enabled lanes, in ascending order (the model's order
// within a warp, as SDV's within a group), each read the cell, store the new value in the
// shared memory at once and log the cell as an atomic access; a lane's result is the value
// it read. Races are the other warp models' rules for accesses, with an atomic counted as a
// write of its cell: an atomic and a plain read or write of the same cell by a thread of
// another warp since the last barrier race (both orders: access() finds the atomic logs of
// other warps too); two atomics never race; a warp's own accesses in earlier statements are
// ordered by lock step, as for plain accesses; in the two sides of a divergent branch they
// race with the plain accesses of the other side (SimtRun's warp-divergence race, the atomic
// a write there too), never with its atomics. The same function is `check`'s transition
// (WarpModel::act): an unknown cell it reads is chosen first (pendingChoices), the state
// carries the atomic logs (StateCodec), the expansion's race index counts them as writes,
// and partial-order reduction treats an atomic as visible. A 64-bit atomic (atomic64_OP) is
// T-ATOMIC's too: its high word is the next cell (nextCell: i + 1, exactly for an addr64
// index), each lane reads and stores both cells and logs both as atomic accesses, and each
// of the two cells races as a 32-bit atomic's cell does (lane by lane, the low cell first);
// the lane's result is the old high word (slot0) and low word (slot1).
#include "semantics/models/WarpModel.h"

#include <cassert>

namespace sdvmc::sem {

namespace {
const LogEntry* findIn(const std::vector<LogEntry>& log, Address a) {
  auto it = std::lower_bound(log.begin(), log.end(), a, [](const LogEntry& e, const Address& x) { return e.addr < x; });
  return it != log.end() && it->addr == a ? &*it : nullptr;
}
}  // namespace

WarpModel::Outcome WarpModel::atomic(WarpState& s, uint32_t w, NodeId id, std::optional<Verdict>& v, bool run) {
  GroupState& W = s.warps[w];
  SdvMachine& m = machine(W.n);
  const Node& node = ir_.nodes[id];
  const bool wide = kpl::atomicIsWide(node.atomicOp);
  const uint32_t base = static_cast<uint32_t>(W.lidBase);
  uint8_t* p = mask_.data();
  if (!run) m.evaluator().predicate(node.pred, W, p);  // (a run's step() computed it)
  if (run && ruleObserver_) ruleObserver_->onRule(Rule::TAtomic, id, W, p);
  EvalError err;
  // The index (a 64-bit cell: evalIndex), then the operand and cas's new value (64-bit: the
  // high and low word of each).
  const Index* ix = m.evaluator().evalIndex(node.e0, W, p, err);
  const std::vector<Index> idx(ix, ix + W.n);
  std::vector<Word> ops[5];
  const ExprId es[5] = {kNone, node.e1, node.e2, node.e3, node.e4};
  for (int k = 1; k < (wide ? 5 : 3); ++k) {  // (a 32-bit atomic allocates no more than before)
    ops[k].assign(W.n, 0);
    if (es[k] == kNone || err.any()) continue;
    const Word* e = m.evaluator().eval(es[k], W, p, err);
    std::copy(e, e + W.n, ops[k].begin());
  }
  if (err.any()) return fail(v, evalFailureVerdict(ir_, id, Rule::TAtomic, err), W);
  const ArrayInfo& arr = ir_.arrays[node.array];
  std::vector<Index> hi(wide ? W.n : 0, 0);  // a 64-bit atomic's high word's cell
  for (uint32_t i = 0; i < W.n; ++i) {
    if (!p[i]) continue;
    if (arr.outside(idx[i])) return fail(v, outOfBoundsVerdict(ir_, id, Rule::TAtomic, i, idx[i], true), W);
    if (!wide) continue;
    hi[i] = nextCell(ir_, node, idx[i]);
    if (arr.extent() && static_cast<uint64_t>(idx[i]) + 1 >= arr.extent())  // (as SdvMachine::tAtomic)
      return fail(v, outOfBoundsVerdict(ir_, id, Rule::TAtomic, i, idx[i] + 1, true), W);
  }
  if (auto t = constantWriter(ir_, node, p, W.n)) return fail(v, constantWriteVerdict(ir_, id, Rule::TAtomic, *t, idx[*t]), W);

  // The observer's own race (SimtRun's warp-divergence race), at its lane; then G-RACE
  // against the plain accesses of the other warps since the last barrier.
  // A 64-bit atomic's two cells: the observer's race at the least lane, the low cell's at a tie.
  std::optional<WarpObserver::LaneRace> extra;
  if (run && observer_) {
    extra = observer_->beforeRaceCheck(s, w, id, p, idx.data());
    if (wide)
      if (auto high = observer_->beforeRaceCheck(s, w, id, p, hi.data()); high && (!extra || high->lane < extra->lane))
        extra = std::move(high);
  }
  const uint64_t others = s.warps.size() <= 64 ? ~(uint64_t(1) << (w & 63)) : ~uint64_t(0);
  for (uint32_t k = 0; k < W.n * (wide ? 2 : 1); ++k) {
    const uint32_t i = wide ? k / 2 : k;  // lane by lane; a 64-bit atomic's low cell, then its high one
    if (!p[i]) continue;
    const Address a{node.array, wide && k % 2 ? hi[i] : idx[i]};
    if (extra && i == extra->lane) {
      v = std::move(extra->verdict);
      return Outcome::Violation;
    }
    if (raceIndex_ && (run || arr.bounded)) {  // nobody else touched the cell: no search
      const CellAccess& c = arr.bounded ? cells_[static_cast<size_t>(cellBase_[node.array] + a.index)]
                                        : unboundedAccess(node.array, a.index);
      if (c.stamp != stamp_ || ((c.writers | c.readers) & others) == 0) continue;
    }
    for (uint32_t u = 0; u < s.warps.size(); ++u) {
      if (u == w) continue;
      need(s, u);
      const GroupState& U = s.warps[u];
      for (uint32_t j = 0; j < U.n; ++j) {
        const LogEntry* wr = findIn(U.logs[j].writes, a);
        const LogEntry* rd = findIn(U.logs[j].reads, a);
        if (!wr && !rd) continue;
        const uint32_t other = static_cast<uint32_t>(U.lidBase) + j;
        if (!racesContinue_) {
          v = raceVerdict(id, a, other, wr != nullptr, (wr ? wr : rd)->at, base + i, true, "inter-warp");
          return Outcome::Violation;
        }
        recordRace(s, a, other, wr != nullptr, (wr ? wr : rd)->at, base + i, true, id);
      }
    }
  }
  // T-ATOMIC: lane by lane in ascending order, each seeing the previous lanes' stores.
  std::vector<Word> old(W.n, 0), oldHi(wide ? W.n : 0, 0);
  for (uint32_t i = 0; i < W.n; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, idx[i]};
    assert(!s.memory.isUnknown(ir_, a) && "an unknown cell without a choice (pendingChoices)");
    old[i] = s.memory.load(ir_, a);
    if (!wide) {
      store(s, a, atomicResult(node.atomicOp, old[i], ops[1][i], ops[2][i]));
      logAtomic(W.logs[i], a, id);
      continue;
    }
    const Address ah{node.array, hi[i]};
    assert(!s.memory.isUnknown(ir_, ah) && "an unknown cell without a choice (pendingChoices)");
    oldHi[i] = s.memory.load(ir_, ah);
    const uint64_t next = atomicResult64(node.atomicOp, word::pair(oldHi[i], old[i]), word::pair(ops[1][i], ops[2][i]),
                                         word::pair(ops[3][i], ops[4][i]));
    store(s, a, word::low(next));
    store(s, ah, word::high(next));
    logAtomic(W.logs[i], a, id);
    logAtomic(W.logs[i], ah, id);
  }
  // 32-bit: slot0 gets the old value; 64-bit: slot0 the old high word, slot1 the low one.
  auto result = [&](Slot slot, const std::vector<Word>& x) {
    if (slot == kNone) return;
    Word* l = W.column(slot);
    for (uint32_t i = 0; i < W.n; ++i)
      if (p[i]) l[i] = x[i];
  };
  result(node.slot0, wide ? oldHi : old);
  if (wide) result(node.slot1, old);
  W.ss.pop_back();
  if (!run) return Outcome::Successor;
  // In the race index an atomic is a write: a plain access after it searches the logs.
  const uint64_t bit = uint64_t(1) << (w & 63);
  for (uint32_t i = 0; i < W.n; ++i)
    if (p[i]) {
      markRunAccess(node.array, idx[i], bit, true);
      if (wide) markRunAccess(node.array, hi[i], bit, true);
    }
  // (--perf counts it as one access, at its low cells; the then-parts remember both cells)
  if (observer_) observer_->accessed(s, w, id, p, idx.data(), wide ? hi.data() : nullptr);
  return Outcome::Successor;
}

}  // namespace sdvmc::sem
