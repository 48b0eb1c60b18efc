// Candidate invariants and Houdini's pruning for loops proved by induction (see Induction.h).
#include "prover/Induction.h"

#include <fmt/format.h>

#include <algorithm>

namespace sdvmc::prove::induction {

using sem::EOp;
using sem::ExprId;
using sem::NodeId;
using sem::NodeKind;

namespace {

void walk(const sem::Ir& ir, NodeId id, Footprint& f) {
  const sem::Node& n = ir.nodes[id];
  auto mark = [&](sem::Slot s, uint32_t count) {
    for (uint32_t k = 0; k < count; ++k)
      if (s != sem::kNone && s + k < f.slot.size()) f.slot[s + k] = true;
  };
  switch (n.kind) {
    case NodeKind::Var: mark(n.slot0, n.count); break;
    case NodeKind::If: case NodeKind::Call: mark(n.slot0, 1); break;
    case NodeKind::While: mark(n.slot0, 3); break;
    case NodeKind::Assign: mark(n.slot0, 1); break;
    case NodeKind::Read:
      mark(n.slot0, 1);
      f.logged[n.array] = true;
      break;
    case NodeKind::Write:
      f.written[n.array] = true;
      f.logged[n.array] = true;
      break;
    case NodeKind::Atomic:
      mark(n.slot0, 1);
      mark(n.slot1, 1);
      f.written[n.array] = true;
      f.logged[n.array] = true;
      break;
    case NodeKind::Barrier: f.barrier = true; break;
    case NodeKind::Async:  // TwoThread.cpp cuts such a loop rather than inducting; havoc everything regardless
      f.barrier = true;
      f.async = true;
      if (n.asyncOp == kpl::AsyncOp::Copy) mark(n.slot0, 1);  // the event
      break;
    default: break;
  }
  for (NodeId c : n.children) walk(ir, c, f);
}

bool isLocal(const sem::Ir& ir, ExprId e, sem::Slot s) {
  return e != sem::kNone && ir.exprs[e].op == EOp::Local && ir.exprs[e].slot == s;
}
bool isConst(const sem::Ir& ir, ExprId e, sem::Word v) {
  return e != sem::kNone && ir.exprs[e].op == EOp::Const && ir.exprs[e].imm == v;
}

/// The shapes of the assignments x := … in the loop.
void shapes(const sem::Ir& ir, NodeId id, Footprint& f) {
  const sem::Node& n = ir.nodes[id];
  if (n.kind == NodeKind::Assign && n.e0 != sem::kNone) {
    const sem::ExprNode& x = ir.exprs[n.e0];
    const sem::Slot s = n.slot0;
    const bool add = x.op == EOp::Add || x.op == EOp::NswAdd;
    const bool sub = x.op == EOp::Sub || x.op == EOp::NswSub;
    if (add && isLocal(ir, x.a, s) && isLocal(ir, x.b, s)) {
      f.doubling.push_back(s);
    } else if (add && isLocal(ir, x.a, s) && invariant(ir, f, x.b)) {
      f.steps.push_back(Step{s, x.b, false});
    } else if (add && isLocal(ir, x.b, s) && invariant(ir, f, x.a)) {
      f.steps.push_back(Step{s, x.a, false});
    } else if (sub && isLocal(ir, x.a, s) && invariant(ir, f, x.b)) {
      f.steps.push_back(Step{s, x.b, true});
    } else if (isLocal(ir, x.a, s) && (((x.op == EOp::Div || x.op == EOp::UDiv) && isConst(ir, x.b, 2)) ||
                                       ((x.op == EOp::Shr || x.op == EOp::LShr) && isConst(ir, x.b, 1)))) {
      f.halving.push_back(s);
    } else if ((x.op == EOp::Mul || x.op == EOp::NswMul) &&
               ((isLocal(ir, x.a, s) && isConst(ir, x.b, 2)) || (isLocal(ir, x.b, s) && isConst(ir, x.a, 2)))) {
      f.doubling.push_back(s);
    } else if (x.op == EOp::Shl && isLocal(ir, x.a, s) && isConst(ir, x.b, 1)) {
      f.doubling.push_back(s);
    } else if ((x.op == EOp::LAddLo || x.op == EOp::LNswAddLo) && isLocal(ir, x.b, s) && x.a != sem::kNone &&
               ir.exprs[x.a].op == EOp::Local && ir.exprs[x.a].slot != s && invariant(ir, f, x.c) &&
               invariant(ir, f, x.d)) {
      f.pairSteps.push_back(PairStep{ir.exprs[x.a].slot, s, x.c, x.d});  // (extension) lo of hi:lo += c:d
    }
  }
  for (NodeId c : n.children) shapes(ir, c, f);
}

const char* opText(EOp op) {
  switch (op) {
    case EOp::Mul: case EOp::NswMul: return "*";
    case EOp::Div: case EOp::UDiv: return "/";
    case EOp::Rem: case EOp::URem: return "%";
    case EOp::Add: case EOp::NswAdd: return "+";
    case EOp::Sub: case EOp::NswSub: return "-";
    case EOp::Shl: return "<<";
    case EOp::Shr: case EOp::LShr: return ">>";
    case EOp::Lt: case EOp::ULt: return "<";
    case EOp::Le: case EOp::ULe: return "<=";
    case EOp::Gt: case EOp::UGt: return ">";
    case EOp::Ge: case EOp::UGe: return ">=";
    case EOp::Eq: return "==";
    case EOp::Ne: return "!=";
    case EOp::BitAnd: return "&";
    case EOp::BitXor: return "^";
    case EOp::BitOr: return "|";
    case EOp::LogAnd: return "&&";
    case EOp::LogOr: return "||";
    default: return nullptr;
  }
}


/// (extension) The access nodes (Read, Write, Atomic) of a loop, in program order.
void accesses(const sem::Ir& ir, NodeId id, std::vector<NodeId>& out) {
  const sem::Node& n = ir.nodes[id];
  if (n.kind == NodeKind::Read || n.kind == NodeKind::Write || n.kind == NodeKind::Atomic) out.push_back(id);
  for (NodeId c : n.children) accesses(ir, c, out);
}

/// (extension) `z` (the loop entry with an index variable's slots set to 0) advanced by the
/// assignments of the loop that come before `target`, in program order, but those to `keep`:
/// the state in which `target`'s index is its invariant part. True once `target` is met.
bool replay(const Context& ctx, NodeId id, NodeId target, const std::vector<sem::Slot>& keep, PairState& z) {
  if (id == target) return true;
  const sem::Node& n = ctx.ir.nodes[id];
  if (n.kind == NodeKind::Assign && n.e0 != sem::kNone &&
      std::find(keep.begin(), keep.end(), n.slot0) == keep.end()) {
    std::vector<z3::expr> v;
    for (int t = 0; t < 2; ++t) v.push_back(ctx.value(z, n.e0, t));
    for (int t = 0; t < 2; ++t) z[t].locals[n.slot0] = v[t];
  }
  for (NodeId c : n.children)
    if (replay(ctx, c, target, keep, z)) return true;
  return false;
}

/// (extension) A local stepped by an invariant, as a 64-bit value (see Induction.h).
struct IndexVar {
  std::string name, stepText, boundText;
  std::vector<sem::Slot> slots;                          ///< its slot, or hi and lo
  std::function<z3::expr(const PairState&, int)> at;     ///< its value (64 bits)
  std::function<z3::expr(const PairState&, int)> step;   ///< s (64 bits)
  std::function<z3::expr(const PairState&, int)> bound;  ///< b of a guard v < b / v <= b (empty: none)
  bool strict = false, uns = false;
  bool unitStep = false;  ///< s is the constant 1 (a modulus candidate would be trivially true)
};

/// A 64-bit value's words as text: `x` for x_hi:x_lo (a 64-bit local, x_hi_1:x_lo_1 `x_1`) or
/// x.hi:x.lo (a 64-bit kernel parameter), else hi:lo.
std::string pairText(const std::string& hi, const std::string& lo) {
  for (const char* w : {"_hi", ".hi"}) {
    const size_t at = hi.rfind(w);
    if (at == std::string::npos) continue;
    std::string asLo = hi;
    asLo.replace(at, 3, std::string(1, w[0]) + "lo");
    if (asLo == lo) return std::string(hi).erase(at, 3);
  }
  return fmt::format("{}:{}", hi, lo);
}

bool isBelow(EOp op) { return op == EOp::Lt || op == EOp::Le || op == EOp::ULt || op == EOp::ULe; }
bool isWideBelow(EOp op) { return op == EOp::LLt || op == EOp::LLe || op == EOp::LULt || op == EOp::LULe; }

/// (extension) The candidates of a kernel with 64-bit cell indices over its index variables
/// and its 64-bit logs (Induction.h).
void wideCandidates(const Context& ctx, const Footprint& f, std::vector<Candidate>& out) {
  const sem::Ir& ir = ctx.ir;
  const sem::Node& loop = ir.nodes[ctx.loop];
  const z3::expr two = ctx.two;
  const auto value = ctx.value;
  using PerThread = std::function<z3::expr(const PairState&, int)>;
  auto both = [two](PerThread p) {
    return [two, p](const PairState& s) { return p(s, 0) && z3::implies(two, p(s, 1)); };
  };
  auto named = [&](sem::Slot s) { return s < ctx.names.size() && !ctx.names[s].empty() && s < loop.depth; };
  const sem::ExprNode* guard = loop.e0 != sem::kNone ? &ir.exprs[loop.e0] : nullptr;
  std::vector<IndexVar> vars;
  for (const Step& st : f.steps) {  // 32-bit x := x + s
    if (st.subtract || !named(st.slot)) continue;
    IndexVar v;
    const sem::Slot s = st.slot;
    v.name = ctx.names[s];
    v.slots = {s};
    v.stepText = exprText(ir, st.step, ctx.names);
    v.unitStep = isConst(ir, st.step, 1);
    if (guard && isBelow(guard->op) && isLocal(ir, guard->a, s) && invariant(ir, f, guard->b)) {
      const ExprId b = guard->b;
      v.uns = guard->op == EOp::ULt || guard->op == EOp::ULe;
      v.strict = guard->op == EOp::Lt || guard->op == EOp::ULt;
      v.boundText = exprText(ir, b, ctx.names);
      const bool uns = v.uns;
      v.bound = [b, uns, value](const PairState& x, int t) {
        const z3::expr w = value(x, b, t);
        return uns ? z3::zext(w, 32) : z3::sext(w, 32);
      };
    }
    const bool uns = v.uns;
    const ExprId step = st.step;
    v.at = [s, uns](const PairState& x, int t) {
      return uns ? z3::zext(x[t].locals[s], 32) : z3::sext(x[t].locals[s], 32);
    };
    v.step = [step, uns, value](const PairState& x, int t) {
      const z3::expr w = value(x, step, t);
      return uns ? z3::zext(w, 32) : z3::sext(w, 32);
    };
    vars.push_back(std::move(v));
  }
  for (const PairStep& st : f.pairSteps) {  // 64-bit hi:lo := hi:lo + sHi:sLo
    if (!named(st.lo) || !named(st.hi)) continue;
    IndexVar v;
    v.name = pairText(ctx.names[st.hi], ctx.names[st.lo]);  // the frontend's x_hi, x_lo: x
    v.slots = {st.hi, st.lo};
    v.stepText = pairText(exprText(ir, st.stepHi, ctx.names), exprText(ir, st.stepLo, ctx.names));
    const sem::Slot hi = st.hi, lo = st.lo;
    const ExprId sh = st.stepHi, sl = st.stepLo;
    v.at = [hi, lo](const PairState& x, int t) { return z3::concat(x[t].locals[hi], x[t].locals[lo]); };
    v.step = [sh, sl, value](const PairState& x, int t) { return z3::concat(value(x, sh, t), value(x, sl, t)); };
    if (guard && isWideBelow(guard->op) && isLocal(ir, guard->a, hi) && isLocal(ir, guard->b, lo) &&
        invariant(ir, f, guard->c) && invariant(ir, f, guard->d)) {
      const ExprId bh = guard->c, bl = guard->d;
      v.uns = guard->op == EOp::LULt || guard->op == EOp::LULe;
      v.strict = guard->op == EOp::LLt || guard->op == EOp::LULt;
      v.boundText = pairText(exprText(ir, bh, ctx.names), exprText(ir, bl, ctx.names));
      v.bound = [bh, bl, value](const PairState& x, int t) { return z3::concat(value(x, bh, t), value(x, bl, t)); };
    }
    // The 64-bit value's own candidates (a 32-bit one's are candidates() 's).
    std::vector<z3::expr> v0;
    for (int t = 0; t < 2; ++t) v0.push_back(v.at(ctx.entry, t));
    const auto at = v.at, stepOf = v.step;
    const bool uns = v.uns;
    out.push_back({fmt::format("{} >= {}₀", v.name, v.name),
                   both([at, v0](const PairState& x, int t) { return at(x, t) >= v0[t]; })});
    out.push_back({fmt::format("({} - {}₀) % {} == 0", v.name, v.name, v.stepText),
                   both([at, v0, stepOf](const PairState& x, int t) {
                     return z3::urem(at(x, t) - v0[t], stepOf(x, t)) == 0;
                   })});
    if (v.bound) {
      const auto bound = v.bound;
      out.push_back({fmt::format("{} <={} {}", v.name, uns ? "(unsigned)" : "", v.boundText),
                     both([at, bound, uns](const PairState& x, int t) {
                       return uns ? z3::ule(at(x, t), bound(x, t)) : at(x, t) <= bound(x, t);
                     })});
    }
    vars.push_back(std::move(v));
  }
  std::vector<NodeId> nodes;
  for (NodeId c : loop.children) accesses(ir, c, nodes);
  for (const IndexVar& v : vars) {
    struct Seen {
      sem::ArrayId array;
      NodeKind kind;
      z3::expr off0, off1;
    };
    std::vector<Seen> seen;  // one candidate set per array, log and offset
    std::vector<z3::expr> v0;
    for (int t = 0; t < 2; ++t) v0.push_back(v.at(ctx.entry, t));
    for (NodeId a : nodes) {
      const sem::Node& n = ir.nodes[a];
      if (!f.logged[n.array]) continue;
      // off: the access's index with v = 0, the invariant part (row * hidden of row * hidden + col).
      PairState z = ctx.entry;
      for (int t = 0; t < 2; ++t)
        for (sem::Slot s : v.slots) z[t].locals[s] = ctx.c.bv_val(0, 32);
      bool met = false;
      for (NodeId c : loop.children)
        if ((met = replay(ctx, c, a, v.slots, z))) break;
      if (!met) continue;
      const std::vector<z3::expr> off = {ctx.accessIndex(z, a, 0).simplify(), ctx.accessIndex(z, a, 1).simplify()};
      if (std::any_of(seen.begin(), seen.end(), [&](const Seen& x) {
            return x.array == n.array && x.kind == n.kind && z3::eq(x.off0, off[0]) && z3::eq(x.off1, off[1]);
          }))
        continue;
      seen.push_back(Seen{n.array, n.kind, off[0], off[1]});
      std::vector<z3::expr> ThreadState::*ex = &ThreadState::wrEx;
      std::vector<z3::expr> ThreadState::*el = &ThreadState::wrEl;
      const char* what = "write";
      if (n.kind == NodeKind::Read) ex = &ThreadState::rdEx, el = &ThreadState::rdEl, what = "read";
      if (n.kind == NodeKind::Atomic) ex = &ThreadState::atEx, el = &ThreadState::atEl, what = "atomic";
      const sem::ArrayId arr = n.array;
      const std::string lead = fmt::format("every {} of {} since the last barrier is at off + d (off: the index "
                                           "at line {} with {} = 0) with",
                                           what, ir.arrays[arr].name, n.loc.line, v.name);
      const auto stepOf = v.step;
      if (!v.unitStep)
        out.push_back({fmt::format("{} (d - {}₀) % {} == 0", lead, v.name, v.stepText),
                       both([arr, ex, el, off, v0, stepOf](const PairState& x, int t) {
                         return z3::implies((x[t].*ex)[arr],
                                            z3::urem((x[t].*el)[arr] - off[t] - v0[t], stepOf(x, t)) == 0);
                       })});
      const bool uns = v.uns;
      out.push_back({fmt::format("{} d >={} {}₀", lead, uns ? "(unsigned)" : "", v.name),
                     both([arr, ex, el, off, v0, uns](const PairState& x, int t) {
                       const z3::expr d = (x[t].*el)[arr] - off[t];
                       return z3::implies((x[t].*ex)[arr], uns ? z3::uge(d, v0[t]) : d >= v0[t]);
                     })});
      if (v.bound) {
        const auto bound = v.bound;
        const bool strict = v.strict;
        out.push_back({fmt::format("{} d {}{} {}", lead, strict ? "<" : "<=", uns ? "(unsigned)" : "", v.boundText),
                       both([arr, ex, el, off, bound, uns, strict](const PairState& x, int t) {
                         const z3::expr d = (x[t].*el)[arr] - off[t], b = bound(x, t);
                         const z3::expr r = strict ? (uns ? z3::ult(d, b) : d < b) : (uns ? z3::ule(d, b) : d <= b);
                         return z3::implies((x[t].*ex)[arr], r);
                       })});
      }
    }
  }
}
}  // namespace

Footprint footprint(const sem::Ir& ir, NodeId loop) {
  Footprint f;
  f.slot.assign(ir.slotCount, false);
  f.written.assign(ir.arrays.size(), false);
  f.logged.assign(ir.arrays.size(), false);
  const sem::Node& n = ir.nodes[loop];
  for (sem::Slot s : {n.slot1, n.slot2})
    if (s < f.slot.size()) f.slot[s] = true;  // G-ITER makes them fresh in every iteration
  for (NodeId c : n.children) walk(ir, c, f);
  if (f.barrier) {  // a barrier havocs every array's shared state and resets its logs
    f.written.assign(ir.arrays.size(), true);
    f.logged.assign(ir.arrays.size(), true);
  }
  for (NodeId c : n.children) shapes(ir, c, f);
  return f;
}

bool invariant(const sem::Ir& ir, const Footprint& f, ExprId e) {
  if (e == sem::kNone) return true;
  const sem::ExprNode& x = ir.exprs[e];
  if (x.op == EOp::Local) return x.slot >= f.slot.size() || !f.slot[x.slot];
  switch (x.op) {  // values that are not a function of the operands
    case EOp::Shfl: case EOp::Ballot: case EOp::WarpSync: case EOp::Enabled: case EOp::Pairs:
    case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset:
      return false;
    default: break;
  }
  return invariant(ir, f, x.a) && invariant(ir, f, x.b) && invariant(ir, f, x.c) && invariant(ir, f, x.d);
}

std::string exprText(const sem::Ir& ir, ExprId e, const std::vector<std::string>& names) {
  if (e == sem::kNone) return "?";
  const sem::ExprNode& x = ir.exprs[e];
  switch (x.op) {
    case EOp::Const: return fmt::format("{}", x.imm);
    case EOp::Lid: return "lid";
    case EOp::Gid: return "gid";
    case EOp::LocalSize: return fmt::format("ldim({})", x.imm);
    case EOp::NumGroups: return fmt::format("ngroups({})", x.imm);
    case EOp::Local:
      return x.slot < names.size() && !names[x.slot].empty() ? names[x.slot] : fmt::format("slot#{}", x.slot);
    case EOp::Neg: return "-" + exprText(ir, x.a, names);
    case EOp::LogNot: return "!" + exprText(ir, x.a, names);
    case EOp::BitNot: return "~" + exprText(ir, x.a, names);
    default: break;
  }
  if (const char* op = opText(x.op))
    return fmt::format("({} {} {})", exprText(ir, x.a, names), op, exprText(ir, x.b, names));
  return "(…)";
}

std::vector<Candidate> candidates(const Context& ctx, const Footprint& f) {
  std::vector<Candidate> out;
  z3::context& c = ctx.c;
  const sem::Ir& ir = ctx.ir;
  const sem::Node& loop = ir.nodes[ctx.loop];
  auto bv = [&](int v) { return c.bv_val(v, 32); };
  const z3::expr two = ctx.two, same = ctx.same;
  const z3::expr tid0 = ctx.tid[0], tid1 = ctx.tid[1], N = ctx.N;
  // A property of each thread: thread 2's only where it exists.
  using PerThread = std::function<z3::expr(const PairState&, int)>;
  auto both = [two](PerThread p) {
    return [two, p](const PairState& s) { return p(s, 0) && z3::implies(two, p(s, 1)); };
  };
  auto name = [&](sem::Slot s) { return ctx.names[s]; };
  std::vector<z3::expr> entry[2];
  for (int t = 0; t < 2; ++t) entry[t] = ctx.entry[t].locals;

  for (sem::Slot s = 0; s < f.slot.size() && s < loop.depth; ++s) {
    if (!f.slot[s] || s >= ctx.names.size() || name(s).empty()) continue;
    out.push_back({fmt::format("{} is uniform", name(s)), [two, same, s](const PairState& st) {
                     return z3::implies(two && same, st[0].locals[s] == st[1].locals[s]);
                   }});
  }
  auto monotone = [&](sem::Slot s) {
    if (s >= loop.depth || s >= ctx.names.size() || name(s).empty()) return;
    const z3::expr e0 = entry[0][s], e1 = entry[1][s];
    auto cmp = [&](const char* text, std::function<z3::expr(const z3::expr&, const z3::expr&)> rel) {
      out.push_back({fmt::format("{} {} {}₀", name(s), text, name(s)),
                     both([s, e0, e1, rel](const PairState& st, int t) { return rel(st[t].locals[s], t ? e1 : e0); })});
    };
    cmp(">=", [](const z3::expr& a, const z3::expr& b) { return a >= b; });
    cmp("<=", [](const z3::expr& a, const z3::expr& b) { return a <= b; });
    cmp(">=(unsigned)", [](const z3::expr& a, const z3::expr& b) { return z3::uge(a, b); });
    cmp("<=(unsigned)", [](const z3::expr& a, const z3::expr& b) { return z3::ule(a, b); });
  };
  std::vector<sem::Slot> done;
  auto once = [&](sem::Slot s) {
    for (sem::Slot d : done)
      if (d == s) return false;
    done.push_back(s);
    return true;
  };
  const auto value = ctx.value;
  for (const Step& st : f.steps) {
    if (once(st.slot)) monotone(st.slot);
    if (st.slot >= loop.depth || name(st.slot).empty()) continue;
    const sem::Slot s = st.slot;
    const sem::ExprId step = st.step;
    const z3::expr e0 = entry[0][s], e1 = entry[1][s];
    const std::string stepText = exprText(ir, step, ctx.names);
    const sem::ExprNode& sx = ir.exprs[step];
    if (sx.op == EOp::Const && (sx.imm == 1 || sx.imm == -1 || sx.imm == 0)) continue;  // trivially true
    out.push_back({fmt::format("({} - {}₀) % {} == 0", name(s), name(s), stepText),
                   both([s, e0, e1, step, value](const PairState& x, int t) {
                     return z3::urem(x[t].locals[s] - (t ? e1 : e0), value(x, step, t)) == 0;
                   })});
    // The logs of the arrays accessed: at x₀ + a multiple of step (64-bit logs: wideCandidates).
    for (size_t a = 0; a < ir.arrays.size() && !ctx.wide; ++a) {
      if (!f.logged[a]) continue;
      const std::string an = ir.arrays[a].name;
      auto logAt = [&](const char* what, std::vector<z3::expr> ThreadState::*ex, std::vector<z3::expr> ThreadState::*el) {
        out.push_back({fmt::format("every {} of {} since the last barrier is at an index i with (i - {}₀) % {} == 0",
                                   what, an, name(s), stepText),
                       both([a, ex, el, s, e0, e1, step, value](const PairState& x, int t) {
                         return z3::implies((x[t].*ex)[a],
                                            z3::urem((x[t].*el)[a] - (t ? e1 : e0), value(x, step, t)) == 0);
                       })});
      };
      logAt("read", &ThreadState::rdEx, &ThreadState::rdEl);
      logAt("write", &ThreadState::wrEx, &ThreadState::wrEl);
      if (ctx.atomics) logAt("atomic", &ThreadState::atEx, &ThreadState::atEl);
    }
  }
  for (sem::Slot s : f.halving)
    if (once(s)) monotone(s);
  for (sem::Slot s : f.doubling)
    if (once(s)) monotone(s);
  for (const std::vector<sem::Slot>* v : {&f.halving, &f.doubling})
    for (sem::Slot s : *v) {
      if (s >= loop.depth || name(s).empty()) continue;
      out.push_back({fmt::format("{} is 0 or a power of 2", name(s)), both([s](const PairState& x, int t) {
                       const z3::expr& v = x[t].locals[s];
                       return (v & (v - 1)) == 0;
                     })});
    }
  // The guard's bound: x < b gives x <= b (the last iteration leaves x = b), and so on.
  if (loop.e0 != sem::kNone) {
    const sem::ExprNode& g = ir.exprs[loop.e0];
    ExprId xe = sem::kNone, b = sem::kNone;
    EOp op = g.op;
    auto flip = [](EOp o) {
      switch (o) {
        case EOp::Lt: return EOp::Gt; case EOp::Le: return EOp::Ge; case EOp::Gt: return EOp::Lt;
        case EOp::Ge: return EOp::Le; case EOp::ULt: return EOp::UGt; case EOp::ULe: return EOp::UGe;
        case EOp::UGt: return EOp::ULt; case EOp::UGe: return EOp::ULe; default: return o;
      }
    };
    const bool comparison = op == EOp::Lt || op == EOp::Le || op == EOp::Gt || op == EOp::Ge || op == EOp::ULt ||
                            op == EOp::ULe || op == EOp::UGt || op == EOp::UGe;
    if (comparison && g.a != sem::kNone && ir.exprs[g.a].op == EOp::Local && invariant(ir, f, g.b)) {
      xe = g.a;
      b = g.b;
    } else if (comparison && g.b != sem::kNone && ir.exprs[g.b].op == EOp::Local && invariant(ir, f, g.a)) {
      xe = g.b;
      b = g.a;
      op = flip(op);
    }
    if (xe != sem::kNone) {
      const sem::Slot s = ir.exprs[xe].slot;
      if (s < loop.depth && s < f.slot.size() && f.slot[s] && !name(s).empty()) {
        const bool below = op == EOp::Lt || op == EOp::Le || op == EOp::ULt || op == EOp::ULe;
        const bool uns = op == EOp::ULt || op == EOp::ULe || op == EOp::UGt || op == EOp::UGe;
        const std::string bt = exprText(ir, b, ctx.names);
        out.push_back({fmt::format("{} {}{} {}", name(s), below ? "<=" : ">=", uns ? "(unsigned)" : "", bt),
                       both([s, b, below, uns, value](const PairState& x, int t) {
                         const z3::expr v = x[t].locals[s], w = value(x, b, t);
                         return below ? (uns ? z3::ule(v, w) : v <= w) : (uns ? z3::uge(v, w) : v >= w);
                       })});
      }
    }
  }
  const auto continues = ctx.continues;
  out.push_back({"the loop condition is uniform", [two, same, continues](const PairState& x) {
                   return z3::implies(two && same, continues(x, 0) == continues(x, 1));
                 }});
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (!f.logged[a]) continue;
    const std::string an = ir.arrays[a].name;
    auto logs = [&](const char* what, std::vector<z3::expr> ThreadState::*ex, std::vector<z3::expr> ThreadState::*el) {
      out.push_back({fmt::format("no {} of {} since the last barrier", what, an),
                     both([a, ex](const PairState& x, int t) { return !(x[t].*ex)[a]; })});
      // 64-bit logs: lid and N zero-extended (both are below 2^31).
      const z3::expr l0 = ctx.wide ? z3::zext(tid0, 32) : tid0, l1 = ctx.wide ? z3::zext(tid1, 32) : tid1;
      const z3::expr n = ctx.wide ? z3::zext(N, 32) : N;
      out.push_back({fmt::format("every {} of {} since the last barrier is at lid", what, an),
                     both([a, ex, el, l0, l1](const PairState& x, int t) {
                       return z3::implies((x[t].*ex)[a], (x[t].*el)[a] == (t ? l1 : l0));
                     })});
      out.push_back({fmt::format("every {} of {} since the last barrier is at an index i with i % N == lid", what, an),
                     both([a, ex, el, l0, l1, n](const PairState& x, int t) {
                       return z3::implies((x[t].*ex)[a], z3::urem((x[t].*el)[a], n) == (t ? l1 : l0));
                     })});
    };
    logs("read", &ThreadState::rdEx, &ThreadState::rdEl);
    logs("write", &ThreadState::wrEx, &ThreadState::wrEl);
    if (ctx.atomics) logs("atomic", &ThreadState::atEx, &ThreadState::atEl);
    if (f.written[a] && a < ctx.equality.size() && ctx.equality[a])
      out.push_back({fmt::format("both threads see the same {}", an), [a, two, same](const PairState& x) {
                       return z3::implies(two && same, x[0].sh[a] == x[1].sh[a]);
                     }});
  }
  if (ctx.wide) wideCandidates(ctx, f, out);
  (void)bv;
  return out;
}

std::vector<std::string> readable(const std::vector<Candidate>& kept) {
  std::vector<std::string> out;
  auto has = [&](const std::string& t) {
    for (const Candidate& c : kept)
      if (c.text == t) return true;
    return false;
  };
  for (const Candidate& c : kept) {
    // "every W of A since the last barrier is …" is implied by "no W of A since the last barrier".
    const std::string& t = c.text;
    const size_t since = t.find(" since the last barrier");
    if (t.rfind("every ", 0) == 0 && since != std::string::npos &&
        has("no " + t.substr(6, since - 6) + " since the last barrier"))
      continue;
    out.push_back(t);
  }
  return out;
}

PairState havoc(z3::context& c, const PairState& base, const Footprint& f, const std::string& prefix,
                unsigned indexBits) {
  PairState out = base;
  const z3::sort arr = c.array_sort(c.bv_sort(indexBits), c.bv_sort(32));
  for (size_t t = 0; t < out.size(); ++t) {
    ThreadState& s = out[t];
    for (size_t k = 0; k < s.locals.size() && k < f.slot.size(); ++k)
      if (f.slot[k]) s.locals[k] = c.bv_const(fmt::format("{}t{}_x{}", prefix, t + 1, k).c_str(), 32);
    for (size_t a = 0; a < s.sh.size(); ++a) {
      if (f.written[a]) s.sh[a] = c.constant(fmt::format("{}t{}_sh{}", prefix, t + 1, a).c_str(), arr);
      if (!f.logged[a]) continue;
      auto b = [&](const char* what) { return c.bool_const(fmt::format("{}t{}_{}{}", prefix, t + 1, what, a).c_str()); };
      auto w = [&](const char* what) {
        return c.bv_const(fmt::format("{}t{}_{}{}", prefix, t + 1, what, a).c_str(), indexBits);
      };
      s.rdEx[a] = b("rdex");
      s.rdEl[a] = w("rdel");
      s.wrEx[a] = b("wrex");
      s.wrEl[a] = w("wrel");
      s.atEx[a] = b("atex");
      s.atEl[a] = w("atel");
    }
  }
  return out;
}

PairState merge(const z3::expr& cond, const PairState& a, const PairState& b) {
  PairState out = b;
  auto mix = [&](std::vector<z3::expr>& o, const std::vector<z3::expr>& x, const std::vector<z3::expr>& y) {
    for (size_t k = 0; k < o.size(); ++k)
      if (!z3::eq(x[k], y[k])) o[k] = z3::ite(cond, x[k], y[k]);
  };
  for (size_t t = 0; t < out.size(); ++t) {
    mix(out[t].locals, a[t].locals, b[t].locals);
    mix(out[t].sh, a[t].sh, b[t].sh);
    mix(out[t].rdEx, a[t].rdEx, b[t].rdEx);
    mix(out[t].rdEl, a[t].rdEl, b[t].rdEl);
    mix(out[t].wrEx, a[t].wrEx, b[t].wrEx);
    mix(out[t].wrEl, a[t].wrEl, b[t].wrEl);
    mix(out[t].atEx, a[t].atEx, b[t].atEx);
    mix(out[t].atEl, a[t].atEl, b[t].atEl);
  }
  return out;
}

uint64_t rlimitCount(z3::solver& solver) {
  const z3::stats st = solver.statistics();
  for (unsigned i = 0; i < st.size(); ++i)
    if (st.key(i) == "rlimit count") return st.is_uint(i) ? st.uint_value(i) : static_cast<uint64_t>(st.double_value(i));
  return 0;
}

bool prune(BudgetedSolver& timed, const z3::expr& assumption, const PairState& state, std::vector<Candidate>& cands,
           unsigned& queries, std::string& reason, bool oneByOne) {
  z3::solver& solver = timed.solver;
  if (oneByOne) {
    // (extension) One query per candidate under the same assumption: ¬(c₁ ∧ … ∧ cₙ) is
    // satisfiable iff some ¬cₖ is, so the candidates whose negation is unsatisfiable are
    // exactly those implied, in one pass (the assumption does not change within it). A
    // candidate the solver does not decide is dropped too: Houdini's next round checks the
    // others without it, so a proof stays a proof.
    // Each query gets a short budget (kCandidateQueryRlimit): one candidate alone is decided
    // in well under a second when it is decidable at all, and an undecided one is dropped, so
    // a loop with many candidates costs seconds, not the per-query limit times their number.
    // Steps, not time: which candidates are dropped does not depend on the machine's load.
    const ScopedRlimit quick(timed, kCandidateQueryRlimit);
    std::vector<Candidate> kept;
    solver.push();
    solver.add(assumption);
    for (const Candidate& c : cands) {
      solver.push();
      solver.add(!c.at(state));
      ++queries;
      const z3::check_result r = solver.check();
      solver.pop();
      // Unknown: dropped, as a refuted candidate (sound: the rest is checked again without it).
      if (r == z3::unsat) kept.push_back(c);
    }
    solver.pop();
    cands = std::move(kept);
    return true;
  }
  while (!cands.empty()) {
    z3::expr_vector vals(solver.ctx());
    for (const Candidate& c : cands) vals.push_back(c.at(state));
    solver.push();
    solver.add(assumption);
    solver.add(!z3::mk_and(vals));
    ++queries;
    const z3::check_result r = solver.check();
    if (r == z3::unsat) {
      solver.pop();
      return true;
    }
    if (r == z3::unknown) {
      reason = solver.reason_unknown();
      solver.pop();
      return false;
    }
    const z3::model m = solver.get_model();
    std::vector<Candidate> kept;
    for (unsigned k = 0; k < vals.size(); ++k)
      if (!m.eval(vals[k], true).is_false()) kept.push_back(cands[k]);
    solver.pop();
    if (kept.size() == cands.size()) {  // the model refutes none: give up (sound)
      reason = "no candidate refuted by the solver's model";
      return false;
    }
    cands = std::move(kept);
  }
  return true;
}

}  // namespace sdvmc::prove::induction
