// Support shared by the execution models (see ModelSupport.h).
#include "semantics/models/ModelSupport.h"

#include "semantics/models/StateCodec.h"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>

namespace sdvmc::sem {

Memory checkInitialMemory(const Ir& ir, const std::vector<uint8_t>& abstractArrays) {
  Memory m = initialMemory(ir, 0);
  m.unknown.resize(ir.arrays.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const ArrayInfo& info = ir.arrays[a];
    if (!info.bounded || (a < abstractArrays.size() && abstractArrays[a])) continue;
    bool any = false;
    for (const auto& v : info.init) any |= !v.has_value();
    if (!any) continue;
    m.unknown[a].resize(info.size);
    for (uint32_t i = 0; i < info.size; ++i) m.unknown[a][i] = !info.init[i].has_value();
  }
  m.lazyUnbounded = true;
  return m;
}

std::vector<Address> unknownCellsRead(const Ir& ir, SdvMachine& m, const GroupState& s, const Memory& memory,
                                      const std::vector<uint8_t>& abstractArrays) {
  std::vector<Address> out;
  if (s.ss.empty()) return out;
  const Node& node = ir.nodes[s.ss.back().node];
  // (extension) A wait, or a barrier (main's last completes every copy still in flight),
  // reads the source cells of the copies it completes: an unknown one is chosen first. Every
  // copy in flight counts (the cells of copies that stay in flight are chosen earlier than
  // read, which enumerates the same initial memories); a thread's copy reads the thread's view,
  // so not a cell it wrote.
  if (!s.copies.empty() && (node.kind == NodeKind::Barrier ||
                            (node.kind == NodeKind::Async &&
                             (node.asyncOp == kpl::AsyncOp::Wait || node.asyncOp == kpl::AsyncOp::ThreadWait)))) {
    for (const AsyncCopy& c : s.copies)
      for (const auto& cell : c.cells) {
        const Address& from = cell.second;  // (not a structured binding: Clang 14 cannot capture one)
        if (from.array < abstractArrays.size() && abstractArrays[from.array]) continue;
        if (!memory.isUnknown(ir, from)) continue;
        if (c.owner != kNone) {
          const auto& w = s.logs[c.owner].writes;
          if (std::any_of(w.begin(), w.end(), [&](const LogEntry& x) { return x.addr == from; })) continue;
        }
        out.push_back(from);
      }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  if (node.kind != NodeKind::Read && node.kind != NodeKind::Atomic) return out;
  if (node.array < abstractArrays.size() && abstractArrays[node.array]) return out;
  const ArrayInfo& arr = ir.arrays[node.array];
  // A 64-bit atomic reads the pair of cells i (low word) and i + 1 (high word).
  const bool wide = node.kind == NodeKind::Atomic && kpl::atomicIsWide(node.atomicOp);
  thread_local std::vector<uint8_t> mask;  // scratch: this runs once per thread and state
  mask.resize(s.n);
  m.evaluator().predicate(node.pred, s, mask.data());
  EvalError err;
  const Index* e = m.evaluator().evalIndex(node.e0, s, mask.data(), err);
  if (err.any()) return out;
  for (uint32_t i = 0; i < s.n; ++i) {
    if (!mask[i]) continue;
    if (arr.outside(e[i]) || (wide && arr.outside(nextCell(ir, node, e[i])))) continue;
    for (int k = 0; k < (wide ? 2 : 1); ++k) {
      const Address a{node.array, k == 0 ? e[i] : nextCell(ir, node, e[i])};
      if (!memory.isUnknown(ir, a)) continue;
      const auto& w = s.logs[i].writes;
      bool own = std::any_of(w.begin(), w.end(), [&](const LogEntry& x) { return x.addr == a; });
      if (!own) out.push_back(a);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<Address> unknownCellRead(const Ir& ir, SdvMachine& m, const GroupState& s,
                                       const Memory& memory, const std::vector<uint8_t>& abstractArrays) {
  std::vector<Address> all = unknownCellsRead(ir, m, s, memory, abstractArrays);
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
    w.i64(a.index);
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
    a.index = r.i64();
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

namespace sdvmc::sem {

namespace {
void boundsOf(const Ir& ir, ExprId id, std::vector<ParamBound>& out) {
  const ExprNode& e = ir.exprs[id];
  if (e.op == EOp::LogAnd) {
    boundsOf(ir, e.a, out);
    boundsOf(ir, e.b, out);
    return;
  }
  const ExprNode& a = ir.exprs[e.a == kNone ? id : e.a];
  const ExprNode& b = ir.exprs[e.b == kNone ? id : e.b];
  EOp op = e.op;
  const ExprNode* param = nullptr;
  int64_t k = 0;
  auto isParam = [&](const ExprNode& x) { return x.op == EOp::Local && x.slot < ir.params.size(); };
  if (isParam(a) && b.op == EOp::Const) {
    param = &a;
    k = b.imm;
  } else if (isParam(b) && a.op == EOp::Const) {
    param = &b;
    k = a.imm;
    switch (op) {  // k OP n  is  n OP' k
      case EOp::Lt: op = EOp::Gt; break;
      case EOp::Le: op = EOp::Ge; break;
      case EOp::Gt: op = EOp::Lt; break;
      case EOp::Ge: op = EOp::Le; break;
      case EOp::ULt: op = EOp::UGt; break;
      case EOp::ULe: op = EOp::UGe; break;
      case EOp::UGt: op = EOp::ULt; break;
      case EOp::UGe: op = EOp::ULe; break;
      default: break;
    }
  } else {
    return;
  }
  ParamBound& pb = out[param->slot];
  auto lower = [&](int64_t v) { pb.lo = pb.lo ? std::max(*pb.lo, v) : v; };
  auto upper = [&](int64_t v) { pb.hi = pb.hi ? std::min(*pb.hi, v) : v; };
  const bool unsignedOp = op == EOp::ULt || op == EOp::ULe || op == EOp::UGt || op == EOp::UGe;
  if (unsignedOp) {
    if (k < 0) return;  // a bound beyond INT32_MAX: not a signed range
    lower(0);
  }
  switch (op) {
    case EOp::Lt: case EOp::ULt: upper(k - 1); break;
    case EOp::Le: case EOp::ULe: upper(k); break;
    case EOp::Gt: case EOp::UGt: lower(k + 1); break;
    case EOp::Ge: case EOp::UGe: lower(k); break;
    case EOp::Eq: lower(k); upper(k); break;
    default: break;
  }
}

// Walks main's leading statements: sequences, scopes, assignments; stops at the first
// statement that touches memory, branches, loops, calls or synchronises.
bool leading(const Ir& ir, NodeId id, std::vector<ParamBound>& out) {
  const Node& n = ir.nodes[id];
  switch (n.kind) {
    case NodeKind::Seq:
      for (NodeId c : n.children)
        if (!leading(ir, c, out)) return false;
      return true;
    case NodeKind::Var:
      return leading(ir, n.children[0], out);
    case NodeKind::Assume:
      if (n.pred == 0) boundsOf(ir, n.e0, out);
      return true;
    case NodeKind::Assign: case NodeKind::Skip: case NodeKind::Assert:
      return true;
    default:
      return false;
  }
}
}  // namespace

std::vector<ParamBound> paramBoundsFromAssumes(const Ir& ir) {
  std::vector<ParamBound> out(ir.params.size());
  leading(ir, ir.main, out);
  return out;
}

}  // namespace sdvmc::sem
