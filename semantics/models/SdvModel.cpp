// The SDV semantics as an explorable model (see SdvModel.h).
#include "semantics/models/SdvModel.h"

#include "semantics/models/ModelSupport.h"
#include "semantics/models/StateCodec.h"

#include <cassert>
#include <cstring>
#include <fmt/format.h>

namespace sdvmc::sem {

SdvModel::SdvModel(const Ir& ir, Bounds bounds, bool symmetry)
    : ir_(ir), bounds_(std::move(bounds)), symmetry_(symmetry), sym_(analyseSymmetry(ir)) {}

std::unique_ptr<Model> SdvModel::clone() const {
  auto m = std::make_unique<SdvModel>(ir_, bounds_, symmetry_);
  m->outcomes_ = outcomes_;
  return m;
}

std::string SdvModel::reductions() const {
  if (!symmetry_) return "symmetry off";
  if (sym_.values)
    return fmt::format("value symmetry: the values of {}..{} other than 0 are interchangeable", bounds_.domainLo,
                       bounds_.domainHi);
  return "no value symmetry (" + sym_.valuesWhyNot + ")";
}

void SdvModel::store(GroupState& s, StateBytes& out) {
  if (symmetry_ && sym_.values) {
    ValueRenaming r = canonicaliseValues(ir_, sym_, bounds_.domainLo, bounds_.domainHi, s.base, {&s});
    encode(s, out, &r);
    return;
  }
  encode(s, out);
}

SdvMachine& SdvModel::machine(uint32_t n) {
  auto& m = machines_[n];
  if (!m) {
    m = std::make_unique<SdvMachine>(ir_, n);
    m->setBenignWrites(bounds_.benignWrites);
    m->setRaceOptions(bounds_.raceOptions);
  }
  return *m;
}

TerminalOutcome SdvModel::outcome(std::span<const uint8_t> bytes) {
  if (isErrorState(bytes)) return decodeErrorState(bytes);
  TerminalOutcome o;
  GroupState s = decode(bytes);
  o.threads = s.n;
  o.group = s.gid;
  o.final = s.base;
  o.choices = choices_;
  return o;
}

void SdvModel::encode(const GroupState& s, StateBytes& out, const ValueRenaming* renaming) const {
  ByteWriter w(out);
  w.u32(s.n);
  w.i32(s.gid);
  encodeMemory(ir_, s.base, w);
  encodeThreads(ir_, s, /*withValues=*/true, w);
  encodeCopies(ir_, s, w);  // (extension) the asynchronous copies in flight
  if (!outcomes_) return;
  w.u32(static_cast<uint32_t>(choices_.size()));
  for (const auto& [a, value] : choices_) {
    w.u32(a.array);
    w.i64(a.index);
    w.i32(renaming ? (*renaming)(value) : value);
  }
}

GroupState SdvModel::decode(std::span<const uint8_t> bytes) {
  GroupState s;
  ByteReader r(bytes);
  s.n = r.u32();
  s.gid = r.i32();
  decodeMemory(ir_, s.base, r);
  s.base.lazyUnbounded = true;
  s.locals.assign(static_cast<size_t>(ir_.slotCount) * s.n, 0);
  decodeThreads(ir_, s, /*withValues=*/true, r);
  decodeCopies(ir_, s, r);
  choices_.clear();
  if (outcomes_) {
    choices_.resize(r.u32());
    for (auto& [a, value] : choices_) {
      a.array = r.u32();
      a.index = r.i64();
      value = r.i32();
    }
  }
  assert(r.done() && "trailing bytes in an SDV state");
  return s;
}

std::vector<StateBytes> SdvModel::initialStates() {
  std::vector<StateBytes> out;
  for (uint32_t n : bounds_.threads)
    for (Word g : bounds_.groups)
      for (const std::vector<Word>& params : bounds_.params) {
        GroupState s = machine(n).initialState(
            g, (bounds_.initialMemory ? *bounds_.initialMemory : checkInitialMemory(ir_, bounds_.abstractArrays)), params);
        out.emplace_back();
        store(s, out.back());
      }
  return out;
}

SdvModel::Step SdvModel::segment(GroupState& s, std::optional<Verdict>& verdict) {
  SdvMachine& m = machine(s.n);
  for (uint64_t steps = 0;; ++steps) {
    if (s.ss.empty()) return steps == 0 ? Step::Terminal : Step::Successor;
    if (steps > 0 && unknownCellRead(ir_, m, s, s.base, bounds_.abstractArrays)) return Step::Successor;
    if (steps >= bounds_.stepCap) return Step::Stuck;
    if (auto v = m.step(s)) {
      verdict = std::move(v);
      return verdict->kind == VerdictKind::Discarded ? Step::Discarded : Step::Violation;
    }
    if (m.lastRule() == Rule::GSync || m.lastRule() == Rule::GNoOp) return Step::Successor;
  }
}

void SdvModel::expand(std::span<const uint8_t> state, Expansion& out) {
  out.clear();
  if (isErrorState(state)) {  // (outcome mode) an error state ends its execution
    out.terminal = true;
    return;
  }
  scratch_ = decode(state);
  if (scratch_.ss.empty()) {
    out.terminal = true;
    return;
  }
  if (auto cell = unknownCellRead(ir_, machine(scratch_.n), scratch_, scratch_.base, bounds_.abstractArrays)) {
    for (Word v = bounds_.domainLo;; ++v) {  // Choice: one transition per value
      GroupState next = scratch_;
      chooseCell(ir_, next.base, *cell, v);
      if (outcomes_) choices_.emplace_back(*cell, v);
      out.successors.emplace_back();
      store(next, out.successors.back());
      if (outcomes_) choices_.pop_back();
      if (v == bounds_.domainHi) break;
    }
    return;
  }
  std::optional<Verdict> verdict;
  switch (segment(scratch_, verdict)) {
    case Step::Successor:
      out.successors.emplace_back();
      store(scratch_, out.successors.back());
      return;
    case Step::Terminal:
      out.terminal = true;
      return;
    case Step::Violation:
      if (outcomes_) {
        out.successors.emplace_back();
        encodeErrorState(*verdict, scratch_.n, scratch_.gid, choices_, out.successors.back());
        return;
      }
      out.violation = std::move(verdict);
      out.violationIndex = 0;
      return;
    case Step::Discarded:
      out.discarded = 1;
      return;
    case Step::Stuck:
      out.stuck = "one SDV segment ran more than " + std::to_string(bounds_.stepCap) +
                  " rule applications without reaching a barrier";
      return;
  }
}

Replay SdvModel::replay(uint32_t initial, std::span<const uint32_t> path) {
  Replay rep;
  std::vector<StateBytes> inits = initialStates();
  GroupState s = decode(inits.at(initial));
  rep.config.threads = s.n;
  rep.config.group = s.gid;
  for (Slot k = 0; k < ir_.params.size(); ++k) rep.config.params.push_back(s.local(k, 0));
  std::map<std::string, std::vector<std::pair<Index, Word>>> init;
  for (uint32_t k : path) {
    if (auto cell = unknownCellRead(ir_, machine(s.n), s, s.base, bounds_.abstractArrays)) {
      // Successor k of the canonical state chose label lo + k: the concrete value is its
      // preimage under the renaming that makes this state canonical.
      Word v = bounds_.domainLo + static_cast<Word>(k);
      if (symmetry_ && sym_.values) {
        GroupState c = s;
        v = canonicaliseValues(ir_, sym_, bounds_.domainLo, bounds_.domainHi, c.base, {&c}).inverse(v);
      }
      chooseCell(ir_, s.base, *cell, v);
      init[ir_.arrays[cell->array].name].emplace_back(cell->index, v);
      continue;
    }
    std::optional<Verdict> verdict;
    Step o = segment(s, verdict);
    if (o == Step::Violation || o == Step::Discarded) {
      rep.violation = std::move(verdict);
      break;
    }
  }
  // Arrays in declaration order, so the replay command is stable.
  for (const ArrayInfo& a : ir_.arrays)
    if (auto it = init.find(a.name); it != init.end()) rep.config.init.emplace_back(a.name, it->second);
  encode(s, rep.last);
  return rep;
}

std::string SdvModel::describeMemory(std::span<const uint8_t> state) const {
  if (isErrorState(state)) return "(an error state)";
  GroupState s = const_cast<SdvModel*>(this)->decode(state);
  return describeMemoryText(ir_, s.base);
}

}  // namespace sdvmc::sem
