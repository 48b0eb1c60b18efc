// Finding a kernel's symmetries and canonicalising states under them (see Symmetry.h).
#include "semantics/models/Symmetry.h"

#include "semantics/models/StateCodec.h"

#include <fmt/format.h>

namespace sdvmc::sem {

namespace {

/// The value-symmetry type of an expression: an integer the program computes with, a
/// value from memory ("data"), the constant 0 (fixed by every renaming used, so it
/// goes with either), or not known yet.
enum class VType { Unknown, Int, Data, Zero };

class ValueTyping {
public:
  explicit ValueTyping(const Ir& ir) : ir_(ir), slot_(ir.slotCount, VType::Unknown) {}

  /// Returns the reason value symmetry fails, or "" when it holds.
  std::string run() {
    for (size_t a = 0; a < ir_.arrays.size(); ++a)
      for (size_t i = 0; i < ir_.arrays[a].init.size(); ++i)
        if (ir_.arrays[a].init[i] && *ir_.arrays[a].init[i] != 0)
          return fmt::format("{}[{}] has the constant initial value {}", ir_.arrays[a].name, i,
                             *ir_.arrays[a].init[i]);
    // Slot types: propagate assignments to a fixpoint, then check every use.
    for (bool changed = true; changed;) {
      changed = false;
      for (const Node& n : ir_.nodes) {
        VType want = VType::Unknown;
        if (n.kind == NodeKind::Read) want = VType::Data;
        // The flags G-IF and G-ITER make (`v := e`) are only tested against 0, which every
        // renaming used fixes: they may hold data. break/continue/return flags hold 1.
        const bool copies = n.origin == Origin::Source || n.origin == Origin::IfFlag || n.origin == Origin::LoopGuard;
        if (n.kind == NodeKind::Assign) want = copies ? type(n.e0) : VType::Int;
        if (want == VType::Unknown || want == VType::Zero) continue;
        if (n.kind != NodeKind::Read && n.kind != NodeKind::Assign) continue;
        VType& s = slot_[n.slot0];
        if (s == VType::Unknown) {
          s = want;
          changed = true;
        } else if (s != want) {
          return fmt::format("line {}: a location holds both a value from memory and an integer", n.loc.line);
        }
      }
    }
    for (VType& s : slot_)
      if (s == VType::Unknown) s = VType::Int;
    for (const Node& n : ir_.nodes) {
      std::string why;
      switch (n.kind) {
        case NodeKind::Read:
          why = needInt(n.e0, "an address");
          break;
        case NodeKind::Atomic:
          why = "an atomic operation computes with a value from memory";
          break;
        case NodeKind::Async:
          why = "an asynchronous copy (check refuses it)";
          break;
        case NodeKind::Write:
          why = needInt(n.e0, "an address");
          if (why.empty() && type(n.e1) == VType::Int) why = "an integer other than 0 is written to memory";
          if (why.empty()) why = check(n.e1);
          break;
        case NodeKind::Assign:
          why = check(n.e0);
          if (why.empty() && slot_[n.slot0] == VType::Int && type(n.e0) == VType::Data)
            why = "a value from memory is assigned to an integer location";
          break;
        case NodeKind::If: case NodeKind::While: case NodeKind::Assert: case NodeKind::Assume:
          if (n.e0 != kNone) why = check(n.e0);  // conditions test != 0: symmetric
          break;
        case NodeKind::Seq: case NodeKind::Var: case NodeKind::Call: case NodeKind::Barrier:
        case NodeKind::Skip:
          break;
      }
      if (!why.empty()) return fmt::format("line {}: {}", n.loc.line, why);
    }
    return "";
  }

  std::vector<uint8_t> dataSlots() const {
    std::vector<uint8_t> out(slot_.size());
    for (size_t i = 0; i < slot_.size(); ++i) out[i] = slot_[i] == VType::Data;
    return out;
  }

private:
  VType type(ExprId id) const {
    const ExprNode& e = ir_.exprs[id];
    switch (e.op) {
      case EOp::Const: return e.imm == 0 ? VType::Zero : VType::Int;
      case EOp::Local: return slot_[e.slot];
      case EOp::Cond: {
        VType a = type(e.b), b = type(e.c);
        if (a == VType::Zero) return b;
        if (b == VType::Zero) return a;
        if (a == VType::Unknown || b == VType::Unknown) return a == VType::Unknown ? b : a;
        return a == b ? a : VType::Int;
      }
      case EOp::Shfl: return type(e.a);  // another lane's value, or the own one
      case EOp::Ballot:  // a mask of lanes
      case EOp::WarpSync:  // its member mask
      case EOp::WarpWidth:
      case EOp::Lid: case EOp::Gid: case EOp::LocalSize: case EOp::NumGroups: case EOp::WarpSize: case EOp::Neg: case EOp::LogNot:
      case EOp::BitNot:
      case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub: case EOp::Shl:
      case EOp::Shr: case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge: case EOp::Eq: case EOp::Ne:
      case EOp::BitAnd: case EOp::BitXor: case EOp::BitOr: case EOp::LogAnd: case EOp::LogOr:
      case EOp::UDiv: case EOp::URem: case EOp::ULt: case EOp::ULe: case EOp::UGt: case EOp::UGe:
      case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul: case EOp::Addr64:
      case EOp::LShr: case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin:
      case EOp::FMax: case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
      case EOp::FToU:
      case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
      SDVMC_EOP_WIDE_CASES:
        return VType::Int;
    }
    return VType::Int;
  }

  std::string needInt(ExprId id, const char* what) const {
    if (type(id) == VType::Data) return fmt::format("a value from memory is used as {}", what);
    return check(id);
  }

  /// Every use of a data value inside `id` must commute with renamings that fix 0.
  std::string check(ExprId id) const {
    const ExprNode& e = ir_.exprs[id];
    switch (e.op) {
      case EOp::Const: case EOp::Lid: case EOp::Gid: case EOp::Local: case EOp::LocalSize: case EOp::NumGroups: case EOp::WarpSize:
        return "";
      case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
        return "an annotation builtin (pairs, other, enabled, rd_all, wr_all, at_taken) is used";  // kept simple: no value symmetry
      case EOp::Eq: case EOp::Ne: {
        VType a = type(e.a), b = type(e.b);
        bool data = a == VType::Data || b == VType::Data;
        bool other = a == VType::Int || b == VType::Int;
        if (data && other) return "a value from memory is compared with an integer other than 0";
        return join(check(e.a), check(e.b));
      }
      case EOp::LogNot:
      case EOp::Ballot:
        return check(e.a);  // !x is x == 0; ballot tests its operand against 0
      case EOp::WarpWidth:
        return needInt(e.a, "a shuffle width");
      case EOp::WarpSync:  // the mask names lanes; the second operand is tested against 0
        return join(needInt(e.a, "a member mask"), check(e.b));
      case EOp::Shfl:  // moves a value between lanes; the source lane is an integer
        return join(check(e.a), needInt(e.b, "a lane"));
      case EOp::LogAnd: case EOp::LogOr:
        return join(check(e.a), check(e.b));  // operands are tested against 0
      case EOp::Cond: {
        // `c ? d : 5` would carry a renamed value into an integer (or the reverse).
        VType b = type(e.b), c = type(e.c);
        if ((b == VType::Data && c == VType::Int) || (b == VType::Int && c == VType::Data))
          return "a value from memory and an integer other than 0 are mixed in ?:";
        return join(check(e.a), join(check(e.b), check(e.c)));
      }
      case EOp::Neg: case EOp::BitNot: case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF:
      case EOp::UToF: case EOp::FToI: case EOp::FToU:
        if (type(e.a) == VType::Data) return "a value from memory is computed with";
        return check(e.a);
      case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub: case EOp::Shl:
      case EOp::Shr: case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge: case EOp::BitAnd:
      case EOp::BitXor: case EOp::BitOr: case EOp::UDiv: case EOp::URem: case EOp::ULt: case EOp::ULe:
      case EOp::UGt: case EOp::UGe: case EOp::LShr: case EOp::FAdd: case EOp::FSub: case EOp::FMul:
      case EOp::FDiv: case EOp::FMin: case EOp::FMax: case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe:
      case EOp::FEq: case EOp::FNe: case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul:
      case EOp::Addr64:
        if (type(e.a) == VType::Data || type(e.b) == VType::Data)
          return "a value from memory is computed with or ordered";
        return join(check(e.a), check(e.b));
      SDVMC_EOP_WIDE_CASES: {
        // Halves of 64-bit values, float math: no renaming of Words commutes with these.
        std::string why;
        for (ExprId o : {e.a, e.b, e.c, e.d}) {
          if (o == kNone) continue;
          if (type(o) == VType::Data)
            return isFloatMath(e.op) ? "a value from memory is an operand of a float math builtin"
                                     : "a value from memory is an operand of a 64-bit builtin";
          why = join(why, check(o));
        }
        return why;
      }
    }
    return "";
  }

  static std::string join(std::string a, std::string b) { return a.empty() ? b : a; }

  const Ir& ir_;
  std::vector<VType> slot_;
};

}  // namespace

SymmetryInfo analyseSymmetry(const Ir& ir) {
  SymmetryInfo info;
  info.threads = true;
  for (const ExprNode& e : ir.exprs)
    if (e.op == EOp::Lid) {
      info.threads = false;
      info.threadsWhyNot = fmt::format("the kernel reads lid (line {})", e.loc.line);
      break;
    }
  ValueTyping typing(ir);
  info.valuesWhyNot = typing.run();
  if (!ir.params.empty()) info.valuesWhyNot = "the kernel has parameters";
  for (const Node& n : ir.nodes)
    if (n.kind == NodeKind::Atomic) {
      info.valuesWhyNot = fmt::format("the kernel has an atomic operation (line {})", n.loc.line);
      break;
    }
  // (extension) An asynchronous copy's event is a value that names the copy (1, 2, … in
  // issue order) and a copy belongs to its issuing thread: renaming values or threads would
  // change which copy a wait completes.
  for (const Node& n : ir.nodes)
    if (n.kind == NodeKind::Async) {
      info.valuesWhyNot = fmt::format("the kernel has an asynchronous copy (line {}): its events are values", n.loc.line);
      info.threads = false;
      info.threadsWhyNot = fmt::format("the kernel has an asynchronous copy (line {})", n.loc.line);
      break;
    }
  info.values = info.valuesWhyNot.empty();
  if (info.values) info.dataSlot = typing.dataSlots();
  return info;
}

ValueRenaming::ValueRenaming(Word lo, Word hi) : lo_(lo), hi_(hi) {
  const size_t size = static_cast<size_t>(static_cast<int64_t>(hi) - lo + 1);
  map_.assign(size, 0);
  inv_.assign(size, 0);
  seen_.assign(size, 0);
  for (int64_t v = lo; v <= hi; ++v)
    if (v != 0) labels_.push_back(static_cast<Word>(v));
}

Word ValueRenaming::operator()(Word v) const {
  if (v < lo_ || v > hi_ || v == 0) return v;
  return map_[static_cast<size_t>(static_cast<int64_t>(v) - lo_)];
}

Word ValueRenaming::inverse(Word label) const {
  if (label < lo_ || label > hi_ || label == 0) return label;
  return inv_[static_cast<size_t>(static_cast<int64_t>(label) - lo_)];
}

void ValueRenaming::see(Word v) {
  if (v < lo_ || v > hi_ || v == 0) return;
  const size_t i = static_cast<size_t>(static_cast<int64_t>(v) - lo_);
  if (seen_[i]) return;
  seen_[i] = 1;
  map_[i] = labels_[next_++];
}

void ValueRenaming::complete() {
  for (int64_t v = lo_; v <= hi_; ++v) see(static_cast<Word>(v));
  for (int64_t v = lo_; v <= hi_; ++v) {
    const Word w = static_cast<Word>(v);
    if (w == 0) continue;
    inv_[static_cast<size_t>(static_cast<int64_t>((*this)(w)) - lo_)] = w;
  }
}

ValueRenaming canonicaliseValues(const Ir& ir, const SymmetryInfo& sym, Word lo, Word hi, Memory& memory,
                                 std::vector<GroupState*> threads) {
  ValueRenaming r(lo, hi);
  // Every data position, in one fixed order: memory, then each thread's data locations
  // (live ones) and written values.
  auto visit = [&](auto&& f) {
    for (size_t a = 0; a < ir.arrays.size(); ++a) {
      if (!ir.arrays[a].bounded) {
        for (auto& [addr, value] : memory.cells(static_cast<ArrayId>(a))) f(value);
        continue;
      }
      const bool hasUnknown = !memory.unknown.empty() && !memory.unknown[a].empty();
      for (size_t i = 0; i < memory.bounded[a].size(); ++i)
        if (!hasUnknown || !memory.unknown[a][i]) f(memory.bounded[a][i]);
    }
    for (GroupState* s : threads) {
      const uint32_t live = liveSlots(ir, s->ss);
      for (Slot slot = 0; slot < live; ++slot)
        if (sym.dataSlot[slot])
          for (uint32_t i = 0; i < s->n; ++i) f(s->column(slot)[i]);
      for (ThreadLog& log : s->logs)
        for (LogEntry& e : log.writes) f(e.value);
    }
  };
  visit([&](Word& v) { r.see(v); });
  r.complete();
  visit([&](Word& v) { v = r(v); });
  return r;
}

}  // namespace sdvmc::sem
