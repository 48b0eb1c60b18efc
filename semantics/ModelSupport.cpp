// Support shared by the execution models (see ModelSupport.h).
#include "semantics/ModelSupport.h"

#include "semantics/StateCodec.h"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>

namespace sdvmc::sem {

Memory checkInitialMemory(const Ir& ir) {
  Memory m = initialMemory(ir, 0);
  m.unknown.resize(ir.arrays.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const ArrayInfo& info = ir.arrays[a];
    if (!info.bounded) continue;
    bool any = false;
    for (const auto& v : info.init) any |= !v.has_value();
    if (!any) continue;
    m.unknown[a].resize(info.size);
    for (uint32_t i = 0; i < info.size; ++i) m.unknown[a][i] = !info.init[i].has_value();
  }
  m.lazyUnbounded = true;
  return m;
}

std::vector<Address> unknownCellsRead(const Ir& ir, SdvMachine& m, const GroupState& s, const Memory& memory) {
  std::vector<Address> out;
  if (s.ss.empty()) return out;
  const Node& node = ir.nodes[s.ss.back().node];
  if (node.kind != NodeKind::Read) return out;
  const ArrayInfo& arr = ir.arrays[node.array];
  thread_local std::vector<uint8_t> mask;  // scratch: this runs once per thread and state
  mask.resize(s.n);
  m.evaluator().predicate(node.pred, s, mask.data());
  EvalError err;
  const Word* e = m.evaluator().eval(node.e0, s, mask.data(), err);
  if (err.any()) return out;
  for (uint32_t i = 0; i < s.n; ++i) {
    if (!mask[i]) continue;
    if (arr.bounded && (e[i] < 0 || static_cast<uint32_t>(e[i]) >= arr.size)) continue;
    const Address a{node.array, e[i]};
    if (!memory.isUnknown(ir, a)) continue;
    const auto& w = s.logs[i].writes;
    bool own = std::any_of(w.begin(), w.end(), [&](const LogEntry& x) { return x.addr == a; });
    if (!own) out.push_back(a);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<Address> unknownCellRead(const Ir& ir, SdvMachine& m, const GroupState& s,
                                       const Memory& memory) {
  std::vector<Address> all = unknownCellsRead(ir, m, s, memory);
  if (all.empty()) return std::nullopt;
  return all.front();
}

void chooseCell(const Ir& ir, Memory& memory, Address a, Word value) {
  memory.store(ir, a, value);
}

namespace {
constexpr uint32_t kErrorMarker = 0xFFFFFFFFu;
}

void encodeErrorState(const Verdict& v, uint32_t threads, Word group,
                      const std::vector<std::pair<Address, Word>>& choices, StateBytes& out) {
  ByteWriter w(out);
  w.u32(kErrorMarker);
  w.u8(static_cast<uint8_t>(v.kind));
  w.u8(static_cast<uint8_t>(v.rule));
  w.u32(v.at);
  w.u32(threads);
  w.i32(group);
  w.u32(static_cast<uint32_t>(choices.size()));
  for (const auto& [a, value] : choices) {
    w.u32(a.array);
    w.i32(a.index);
    w.i32(value);
  }
}

bool isErrorState(std::span<const uint8_t> bytes) {
  uint32_t first = 0;
  if (bytes.size() >= 4) std::memcpy(&first, bytes.data(), 4);
  return first == kErrorMarker;
}

TerminalOutcome decodeErrorState(std::span<const uint8_t> bytes) {
  TerminalOutcome o;
  ByteReader r(bytes);
  r.u32();
  o.error = true;
  o.kind = static_cast<VerdictKind>(r.u8());
  o.rule = static_cast<Rule>(r.u8());
  o.at = r.u32();
  o.threads = r.u32();
  o.group = r.i32();
  o.choices.resize(r.u32());
  for (auto& [a, value] : o.choices) {
    a.array = r.u32();
    a.index = r.i32();
    value = r.i32();
  }
  return o;
}

std::string describeMemoryText(const Ir& ir, const Memory& m) {
  std::string out;
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const ArrayInfo& info = ir.arrays[a];
    if (!out.empty()) out += "; ";
    out += info.name + " = {";
    if (info.bounded) {
      for (uint32_t i = 0; i < info.size; ++i) {
        if (i) out += ", ";
        bool unknown = !m.unknown.empty() && !m.unknown[a].empty() && m.unknown[a][i];
        out += unknown ? std::string("*") : std::to_string(m.bounded[a][i]);
      }
    } else {
      bool first = true;
      for (const auto& [addr, value] : m.cells(static_cast<ArrayId>(a))) {
        out += fmt::format("{}[{}] = {}", first ? "" : ", ", addr, value);
        first = false;
      }
    }
    out += "}";
  }
  return out;
}

}  // namespace sdvmc::sem
