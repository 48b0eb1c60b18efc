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
// and partial-order reduction treats an atomic as visible. 64-bit atomics are refused before
// (tools/sdvmc/RunCommand.cpp, CheckCommand.cpp).
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
  assert(!kpl::atomicIsWide(node.atomicOp) && "64-bit atomics are refused under the warp models");
  const uint32_t base = static_cast<uint32_t>(W.lidBase);
  uint8_t* p = mask_.data();
  if (!run) m.evaluator().predicate(node.pred, W, p);  // (a run's step() computed it)
  if (run && ruleObserver_) ruleObserver_->onRule(Rule::TAtomic, id, W, p);
  EvalError err;
  // The index (a 64-bit cell: evalIndex), then the operand and cas's new value.
  const Index* ix = m.evaluator().evalIndex(node.e0, W, p, err);
  const std::vector<Index> idx(ix, ix + W.n);
  std::vector<Word> ops[3];
  const ExprId es[3] = {kNone, node.e1, node.e2};
  for (int k = 1; k < 3; ++k) {
    ops[k].assign(W.n, 0);
    if (es[k] == kNone || err.any()) continue;
    const Word* e = m.evaluator().eval(es[k], W, p, err);
    std::copy(e, e + W.n, ops[k].begin());
  }
  if (err.any()) return fail(v, evalFailureVerdict(ir_, id, Rule::TAtomic, err), W);
  const ArrayInfo& arr = ir_.arrays[node.array];
  for (uint32_t i = 0; i < W.n; ++i)
    if (p[i] && arr.outside(idx[i])) return fail(v, outOfBoundsVerdict(ir_, id, Rule::TAtomic, i, idx[i], true), W);
  if (auto t = constantWriter(ir_, node, p, W.n)) return fail(v, constantWriteVerdict(ir_, id, Rule::TAtomic, *t, idx[*t]), W);

  // The observer's own race (SimtRun's warp-divergence race), at its lane; then G-RACE
  // against the plain accesses of the other warps since the last barrier.
  std::optional<WarpObserver::LaneRace> extra;
  if (run && observer_) extra = observer_->beforeRaceCheck(s, w, id, p, idx.data());
  const uint64_t others = s.warps.size() <= 64 ? ~(uint64_t(1) << (w & 63)) : ~uint64_t(0);
  for (uint32_t i = 0; i < W.n; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, idx[i]};
    if (extra && i == extra->lane) {
      v = std::move(extra->verdict);
      return Outcome::Violation;
    }
    if (raceIndex_ && (run || arr.bounded)) {  // nobody else touched the cell: no search
      const CellAccess& c = arr.bounded ? cells_[static_cast<size_t>(cellBase_[node.array] + idx[i])]
                                        : unboundedAccess(node.array, idx[i]);
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
  std::vector<Word> old(W.n, 0);
  for (uint32_t i = 0; i < W.n; ++i) {
    if (!p[i]) continue;
    const Address a{node.array, idx[i]};
    assert(!s.memory.isUnknown(ir_, a) && "an unknown cell without a choice (pendingChoices)");
    old[i] = s.memory.load(ir_, a);
    store(s, a, atomicResult(node.atomicOp, old[i], ops[1][i], ops[2][i]));
    logAtomic(W.logs[i], a, id);
  }
  if (node.slot0 != kNone) {
    Word* l = W.column(node.slot0);
    for (uint32_t i = 0; i < W.n; ++i)
      if (p[i]) l[i] = old[i];
  }
  W.ss.pop_back();
  if (!run) return Outcome::Successor;
  // In the race index an atomic is a write: a plain access after it searches the logs.
  const uint64_t bit = uint64_t(1) << (w & 63);
  for (uint32_t i = 0; i < W.n; ++i)
    if (p[i]) markRunAccess(node.array, idx[i], bit, true);
  if (observer_) observer_->accessed(s, w, id, p, idx.data());  // (--perf counts it as an access)
  return Outcome::Successor;
}

}  // namespace sdvmc::sem
