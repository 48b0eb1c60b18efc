// Data and control dependence of sources of arbitrary values over the IR's CFG (see
// Dependence.h).
#include "semantics/rules/Dependence.h"

#include "semantics/rules/Eval.h"

#include <boost/dynamic_bitset.hpp>
#include <boost/graph/adjacency_list.hpp>

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <optional>
#include <tuple>

namespace sdvmc::sem {

namespace {

using Taint = boost::dynamic_bitset<>;

enum class VKind { Entry, Reset, Stmt, LoopHead };

struct Vertex {
  VKind kind = VKind::Entry;
  NodeId node = kNone;
  Slot first = 0;
  uint32_t count = 0;
};

using Cfg = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Vertex>;
using V = boost::graph_traits<Cfg>::vertex_descriptor;

class Builder {
public:
  explicit Builder(const Ir& ir) : ir_(ir) {}

  Cfg g;

  V add(Vertex v, const std::vector<V>& from) {
    V x = boost::add_vertex(v, g);
    for (V f : from) boost::add_edge(f, x, g);
    return x;
  }

  /// Adds `id` after the vertices `from`; returns the vertices control leaves it by.
  std::vector<V> build(NodeId id, std::vector<V> from) {
    const Node& n = ir_.nodes[id];
    switch (n.kind) {
      case NodeKind::Seq:
        for (NodeId c : n.children) from = build(c, std::move(from));
        return from;
      case NodeKind::Var:
        from = {add(Vertex{VKind::Reset, id, n.slot0, n.count}, from)};
        return build(n.children[0], std::move(from));
      case NodeKind::If:
      case NodeKind::Call:
        from = {add(Vertex{VKind::Reset, id, n.slot0, 1}, from)};
        for (NodeId c : n.children) from = build(c, std::move(from));
        return from;
      case NodeKind::While: {
        V open = add(Vertex{VKind::Reset, id, n.slot0, 1}, from);
        V head = add(Vertex{VKind::LoopHead, id, 0, 0}, {open});
        V iter = add(Vertex{VKind::Reset, id, n.slot1, 2}, {head});
        std::vector<V> body = build(n.children[0], {iter});
        body = build(n.children[1], std::move(body));
        for (V b : body) boost::add_edge(b, head, g);
        return {head};
      }
      case NodeKind::Skip:
        return from;
      case NodeKind::Barrier: case NodeKind::Assign: case NodeKind::Read: case NodeKind::Write:
      case NodeKind::Assert: case NodeKind::Assume: case NodeKind::Atomic: case NodeKind::Async:
        return {add(Vertex{VKind::Stmt, id, 0, 0}, from)};
    }
    return from;
  }

private:
  const Ir& ir_;
};

/// Whether evaluating `id` can fail (EvalError): a division, a shift, a 64-bit one.
bool canFail(const Ir& ir, ExprId id) {
  if (id == kNone) return false;
  const ExprNode& x = ir.exprs[id];
  switch (x.op) {
    case EOp::Div: case EOp::Rem: case EOp::UDiv: case EOp::URem: case EOp::Shl: case EOp::Shr: case EOp::LShr:
    case EOp::LDivLo: case EOp::LDivHi: case EOp::LRemLo: case EOp::LRemHi: case EOp::LUDivLo: case EOp::LUDivHi:
    case EOp::LURemLo: case EOp::LURemHi: case EOp::LShlLo: case EOp::LShlHi: case EOp::LAShrLo: case EOp::LAShrHi:
    case EOp::LLShrLo: case EOp::LLShrHi: case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul: case EOp::Addr64:
    case EOp::LNswAddLo: case EOp::LNswAddHi: case EOp::LNswSubLo: case EOp::LNswSubHi: case EOp::LNswMulLo:
    case EOp::LNswMulHi: case EOp::WarpSync: case EOp::WarpWidth: case EOp::FCvtChk: case EOp::DCvtChk:
      return true;
    default:
      break;
  }
  for (ExprId c : {x.a, x.b, x.c, x.d})
    if (canFail(ir, c)) return true;
  return false;
}

/// How a value depends on the group id (DependenceOptions::groupId): not at all (Free),
/// as h(g) + r with r independent of it (Trans; h a GroupOffset), or otherwise (Top); Bot:
/// no path yet.
struct Off {
  enum Kind : uint8_t { Bot, Free, Trans, Top } kind = Bot;
  GroupOffset k;
  bool operator==(const Off&) const = default;
};

Off join(Off a, Off b) {
  if (a.kind == Off::Bot) return b;
  if (b.kind == Off::Bot) return a;
  return a == b ? a : Off{Off::Top, {}};
}

Off trans(GroupOffset k) { return Off{Off::Trans, std::move(k)}; }

/// Terms in canonical order, equal ones added, zero ones dropped.
GroupOffset normal(std::vector<GroupTerm> terms) {
  std::sort(terms.begin(), terms.end(), [](const GroupTerm& x, const GroupTerm& y) {
    return std::tie(x.key, x.sizes) < std::tie(y.key, y.sizes);
  });
  GroupOffset out;
  for (GroupTerm& t : terms) {
    if (!out.terms.empty() && out.terms.back().key == t.key && out.terms.back().sizes == t.sizes)
      out.terms.back().literal = word::add(out.terms.back().literal, t.literal);
    else
      out.terms.push_back(std::move(t));
  }
  std::erase_if(out.terms, [](const GroupTerm& t) { return t.literal == 0; });
  return out;
}

GroupOffset sum(const GroupOffset& a, const GroupOffset& b, bool minus) {
  std::vector<GroupTerm> terms = a.terms;
  for (GroupTerm t : b.terms) {
    if (minus) t.literal = word::neg(t.literal);
    terms.push_back(std::move(t));
  }
  return normal(std::move(terms));
}

GroupOffset scaled(GroupOffset a, uint32_t c) {
  for (GroupTerm& t : a.terms) t.literal = word::mul(t.literal, static_cast<Word>(c));
  return normal(std::move(a.terms));
}

/// The data-flow state at a vertex: each slot's sources and its form in the group id.
struct St {
  std::vector<Taint> t;
  std::vector<Off> o;
  bool operator==(const St&) const = default;
};

class Analysis {
public:
  Analysis(const Ir& ir, const Cfg& g, const DependenceOptions& o)
      : ir_(ir), g_(g), o_(o), nA_(ir.arrays.size()),
        nS_(ir.arrays.size() + ir.params.size() + (o.groupId ? 1 : 0)), gidBit_(nS_ - 1) {
    arrayTaint_.assign(nA_, Taint(nS_));
    result_.sources.assign(nS_, {});
    result_.arrays = nA_;
    accessOff_.assign(ir.nodes.size(), Off{});
  }

  Dependence run() {
    const size_t nv = boost::num_vertices(g_);
    std::vector<St> out(nv);
    std::vector<bool> seen(nv, false);
    // Iterate to a fixpoint; array taints are global, so repeat until nothing changes.
    for (bool changed = true; changed;) {
      changed = false;
      std::deque<V> work;
      std::vector<bool> queued(nv, false);
      for (V v = 0; v < nv; ++v) {
        work.push_back(v);
        queued[v] = true;
      }
      while (!work.empty()) {
        V v = work.front();
        work.pop_front();
        queued[v] = false;
        St state{std::vector<Taint>(ir_.slotCount, Taint(nS_)), std::vector<Off>(ir_.slotCount)};
        auto [pb, pe] = boost::in_edges(v, g_);
        for (auto e = pb; e != pe; ++e) {
          V u = boost::source(*e, g_);
          if (!seen[u]) continue;
          for (size_t s = 0; s < state.t.size(); ++s) {
            state.t[s] |= out[u].t[s];
            state.o[s] = join(state.o[s], out[u].o[s]);
          }
        }
        changed |= transfer(g_[v], state);
        if (seen[v] && state == out[v]) continue;
        seen[v] = true;
        out[v] = std::move(state);
        auto [ob, oe] = boost::out_edges(v, g_);
        for (auto e = ob; e != oe; ++e) {
          V w = boost::target(*e, g_);
          if (!queued[w]) {
            queued[w] = true;
            work.push_back(w);
          }
        }
      }
    }
    if (o_.groupId) strides();
    result_.cfgVertices = nv;
    result_.cfgEdges = boost::num_edges(g_);
    return result_;
  }

private:
  /// The sources `id`'s value depends on; the operands that can make it fail are sinks
  /// of statement `at` (Options::errorOperands).
  Taint expr(ExprId id, const St& st, NodeId at) {
    Taint t(nS_);
    if (id == kNone) return t;
    const ExprNode& x = ir_.exprs[id];
    if (x.op == EOp::Local) return st.t[x.slot];
    if (x.op == EOp::Gid && o_.groupId) t.set(gidBit_);
    // at_taken: the results of the thread's atomics so far, whatever they depended on (every
    // source, kept simple: no abstraction where it reaches a sink).
    if (x.op == EOp::AtTaken) t.set();
    Taint ops[4] = {Taint(nS_), Taint(nS_), Taint(nS_), Taint(nS_)};
    const ExprId kids[4] = {x.a, x.b, x.c, x.d};
    for (int k = 0; k < 4; ++k)
      if (kids[k] != kNone) {
        ops[k] = expr(kids[k], st, at);
        t |= ops[k];
      }
    if (!o_.errorOperands) return t;
    switch (x.op) {
      case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul: case EOp::LNswAddLo: case EOp::LNswAddHi:
      case EOp::LNswSubLo: case EOp::LNswSubHi: case EOp::LNswMulLo: case EOp::LNswMulHi:
        sink(t, at, "an operand of a signed operation that can overflow");
        break;
      case EOp::FCvtChk: case EOp::DCvtChk:
        sink(t, at, "a floating value converted to an integer (an error outside the integer's range)");
        break;
      case EOp::Addr64:
        sink(t, at, "a 64-bit address (an error where its high word is not its low word's sign)");
        break;
      case EOp::Div: case EOp::Rem: case EOp::UDiv: case EOp::URem:
        sink(ops[1], at, "a divisor");
        break;
      case EOp::Shl: case EOp::Shr: case EOp::LShr:
        sink(ops[1], at, "a shift amount");
        break;
      case EOp::LDivLo: case EOp::LDivHi: case EOp::LRemLo: case EOp::LRemHi: case EOp::LUDivLo: case EOp::LUDivHi:
      case EOp::LURemLo: case EOp::LURemHi:
        sink(ops[2] | ops[3], at, "a divisor");
        break;
      case EOp::LShlLo: case EOp::LShlHi: case EOp::LAShrLo: case EOp::LAShrHi: case EOp::LLShrLo: case EOp::LLShrHi:
        sink(ops[2], at, "a shift amount");
        break;
      case EOp::Shfl:
        sink(ops[1], at, "a lane of shfl");
        break;
      case EOp::WarpSync:
        sink(ops[0] | ops[1], at, "a member mask of wsync");
        break;
      case EOp::WarpWidth:
        sink(ops[0], at, "a shuffle width");
        break;
      case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset: case EOp::AtTaken:
        sink(t, at, "an annotation builtin");
        break;
      case EOp::LogAnd: case EOp::LogOr:
        if (canFail(ir_, x.b)) sink(ops[0], at, "a condition guarding a division or shift");
        break;
      case EOp::Cond:
        if (canFail(ir_, x.b) || canFail(ir_, x.c)) sink(ops[0], at, "a condition guarding a division or shift");
        break;
      default:
        break;
    }
    return t;
  }

  Taint pred(PredId p, const St& st) const {
    Taint t(nS_);
    for (const Lit& l : ir_.preds[p]) t |= st.t[l.slot];
    return t;
  }

  /// A literal, or a negated one (`-4` is Neg(4) in the IR).
  std::optional<uint32_t> literal(ExprId id) const {
    if (id == kNone) return std::nullopt;
    const ExprNode& x = ir_.exprs[id];
    if (x.op == EOp::Const) return static_cast<uint32_t>(x.imm);
    if (x.op == EOp::Neg)
      if (const std::optional<uint32_t> v = literal(x.a)) return 0u - *v;
    return std::nullopt;
  }

  /// Whether `id` is a function of the group id and launch sizes alone (`hasGid`: it reads
  /// the group id), built by + − × / %.
  bool groupFunction(ExprId id, bool& hasGid) const {
    if (id == kNone) return true;
    const ExprNode& x = ir_.exprs[id];
    switch (x.op) {
      case EOp::Gid: hasGid = true; return true;
      case EOp::Const: case EOp::LocalSize: case EOp::NumGroups: return true;
      case EOp::Add: case EOp::Sub: case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::UDiv: case EOp::URem:
      case EOp::Neg:
        return groupFunction(x.a, hasGid) && groupFunction(x.b, hasGid);
      default: return false;
    }
  }

  /// A group function's text (GroupTerm::key): equal texts, equal functions.
  std::string text(ExprId id) const {
    const ExprNode& x = ir_.exprs[id];
    switch (x.op) {
      case EOp::Gid: return "gid";
      case EOp::Const: return std::to_string(x.imm);
      case EOp::LocalSize: return fmt::format("ldim({})", x.imm);
      case EOp::NumGroups: return fmt::format("ngroups({})", x.imm);
      case EOp::Neg: return fmt::format("(-{})", text(x.a));
      default: return fmt::format("({} #{} {})", text(x.a), static_cast<int>(x.op), text(x.b));
    }
  }

  /// The form of `id`'s value in the group id (Off).
  Off off(ExprId id, const St& st) const {
    const Off free{Off::Free, {}}, top{Off::Top, {}};
    if (id == kNone) return free;
    const ExprNode& x = ir_.exprs[id];
    switch (x.op) {
      case EOp::Gid: return trans(GroupOffset{{GroupTerm{"gid", kNone, {}, 1}}});
      case EOp::Local: return st.o[x.slot].kind == Off::Bot ? free : st.o[x.slot];
      case EOp::Div: case EOp::Rem: case EOp::UDiv: case EOp::URem: {
        // A group coordinate (gid % ngroups(0), gid / ngroups(0) …): a term of its own.
        bool hasGid = false;
        if (groupFunction(id, hasGid) && hasGid) return trans(GroupOffset{{GroupTerm{text(id), id, {}, 1}}});
        break;
      }
      default: break;
    }
    const ExprId kids[4] = {x.a, x.b, x.c, x.d};
    Off ops[4] = {free, free, free, free};
    bool any = false;
    for (int k = 0; k < 4; ++k) {
      ops[k] = off(kids[k], st);
      any |= ops[k].kind != Off::Free;
    }
    if (!any) return free;
    // h + r ± h' + r', × or << a literal, × a launch size.
    auto linear = [](const Off& o) { return o.kind == Off::Free || o.kind == Off::Trans; };
    auto times = [&](const Off& a, ExprId by) {
      if (a.kind != Off::Trans || by == kNone) return top;
      const ExprNode& f = ir_.exprs[by];
      if (const std::optional<uint32_t> c = literal(by)) return trans(scaled(a.k, *c));
      if ((f.op == EOp::LocalSize || f.op == EOp::NumGroups) && f.imm >= 0 && f.imm < 3) {
        GroupOffset k = a.k;
        for (GroupTerm& t : k.terms) {
          uint8_t& e = t.sizes[static_cast<size_t>(f.imm) + (f.op == EOp::NumGroups ? 3 : 0)];
          if (e == 255) return top;
          ++e;
        }
        return trans(normal(std::move(k.terms)));
      }
      return top;
    };
    switch (x.op) {
      case EOp::Add: case EOp::Sub:
        if (linear(ops[0]) && linear(ops[1])) return trans(sum(ops[0].k, ops[1].k, x.op == EOp::Sub));
        return top;
      case EOp::Neg:
        if (linear(ops[0])) return trans(sum(GroupOffset{}, ops[0].k, true));
        return top;
      case EOp::Mul:
        if (ops[1].kind == Off::Free) return times(ops[0], x.b);
        if (ops[0].kind == Off::Free) return times(ops[1], x.a);
        return top;
      case EOp::Shl:
        if (ops[0].kind == Off::Trans && ops[1].kind == Off::Free && ir_.exprs[x.b].op == EOp::Const &&
            ir_.exprs[x.b].imm >= 0 && ir_.exprs[x.b].imm < 32)
          return trans(scaled(ops[0].k, 1u << ir_.exprs[x.b].imm));
        return top;
      default:
        return top;
    }
  }

  /// An address `t` (with form `o`) of `array` at `at`: its sources matter, except the group
  /// id where the address is gid·k + r (checked against the array's other accesses at the end).
  void address(const Taint& t, const Off& o, ArrayId array, NodeId at) {
    if (!o_.groupId || !t[gidBit_]) {
      sink(t, at, "an address");
      if (o_.groupId) accessOff_[at] = Off{Off::Free, {}};
      return;
    }
    Taint rest = t;
    rest.reset(gidBit_);
    sink(rest, at, "an address");
    accessOff_[at] = o.kind == Off::Free ? trans(GroupOffset{}) : o;
    if (o.kind == Off::Top) {
      Taint g(nS_);
      g.set(gidBit_);
      sink(g, at, "an address (not of the form gid*k + r)");
    }
    (void)array;
  }

  /// (groupId) Every access of an array must have the same stride k, and a nonzero one is
  /// allowed only where no bound is checked.
  void strides() {
    result_.groupOffset.assign(nA_, GroupOffset{});
    std::vector<std::optional<GroupOffset>> first(nA_);
    Taint g(nS_);
    g.set(gidBit_);
    for (NodeId at = 0; at < ir_.nodes.size(); ++at) {
      const Node& n = ir_.nodes[at];
      const Off o = accessOff_[at];
      if (o.kind != Off::Free && o.kind != Off::Trans) continue;  // not reached, or Top (a sink)
      // (extension) an asynchronous copy accesses its destination and its source, at cells
      // that do not move with the group (its operands depending on the group id are sinks)
      const bool copy = n.kind == NodeKind::Async &&
                        (n.asyncOp == kpl::AsyncOp::Copy || n.asyncOp == kpl::AsyncOp::ThreadCopy);
      if (n.kind != NodeKind::Read && n.kind != NodeKind::Write && n.kind != NodeKind::Atomic && !copy) continue;
      for (ArrayId array : {n.array, copy ? n.array2 : n.array}) {
        const ArrayInfo& info = ir_.arrays[array];
        if (!o.k.zero() && info.extent() != 0)
          sink(g, at, "an address of a bounds-checked array (whether it is in bounds depends on the group)");
        std::optional<GroupOffset>& k = first[array];
        if (!k) {
          k = o.k;
          result_.groupOffset[array] = o.k;
        } else if (!(*k == o.k)) {
          sink(g, at, "an address offset by the group id unlike another access of the same array");
        }
      }
    }
  }

  /// Every source in `t` matters: a value depending on it reaches `what` at `at`. The
  /// earliest such statement by source position is kept (the fixpoint meets them in no
  /// particular order).
  void sink(const Taint& t, NodeId at, const char* what) {
    if (t.none()) return;
    const kpl::SourceLoc loc = ir_.nodes[at].loc;
    for (size_t a = 0; a < nS_; ++a) {
      if (!t[a]) continue;
      Dependence::Source& s = result_.sources[a];
      if (s.matters) {
        const kpl::SourceLoc old = ir_.nodes[s.at].loc;
        if (std::tie(old.line, old.col, s.at) <= std::tie(loc.line, loc.col, at)) continue;
      }
      s.matters = true;
      s.at = at;
      s.what = what;
    }
  }

  Taint self(ArrayId a) const {
    Taint t(nS_);
    t.set(a);
    return t;
  }

  /// Applies a vertex to `st`; returns true when a global array taint grew.
  bool transfer(const Vertex& v, St& st) {
    const Off free{Off::Free, {}}, top{Off::Top, {}};
    if (v.kind == VKind::Entry) {
      for (size_t k = 0; k < ir_.params.size() && k < st.t.size(); ++k) st.t[k].set(nA_ + k);
      std::fill(st.o.begin(), st.o.end(), free);
      return false;
    }
    const Node& n = ir_.nodes[v.node];
    if (v.kind == VKind::Reset) {
      for (uint32_t k = 0; k < v.count; ++k) {
        st.t[v.first + k].reset();
        st.o[v.first + k] = free;
      }
      return false;
    }
    if (v.kind == VKind::LoopHead) {
      sink(pred(n.predOpen, st) | expr(n.e0, st, v.node), v.node, "a loop guard");
      return false;
    }
    const Taint p = pred(n.pred, st);
    // A value read from memory: anything, where it may derive from the group id.
    auto readForm = [&](const Taint& t) { return o_.groupId && t[gidBit_] ? top : free; };
    switch (n.kind) {
      case NodeKind::Assign: {
        st.t[n.slot0] |= expr(n.e0, st, v.node) | p;
        if (o_.groupId) {
          // Unpredicated, every thread gets the value; else the others keep the old one.
          const Off e = off(n.e0, st);
          st.o[n.slot0] = n.pred == 0 ? e : join(st.o[n.slot0], e);
        }
        if (n.origin != Origin::Source) sink(st.t[n.slot0], v.node, "a branch or loop condition");
        sink(p, v.node, "the predicate of a statement");
        return false;
      }
      case NodeKind::Read: {
        Taint t = expr(n.e0, st, v.node);
        address(t, o_.groupId ? off(n.e0, st) : free, n.array, v.node);
        sink(p, v.node, "the predicate of a statement");
        st.t[n.slot0] |= t | p | self(n.array) | arrayTaint_[n.array];
        st.o[n.slot0] = join(n.pred == 0 ? Off{} : st.o[n.slot0], readForm(st.t[n.slot0]));
        return false;
      }
      case NodeKind::Write: {
        address(expr(n.e0, st, v.node), o_.groupId ? off(n.e0, st) : free, n.array, v.node);
        sink(p, v.node, "the predicate of a statement");
        const Taint value = expr(n.e1, st, v.node);
        if (o_.benignWrites) sink(value, v.node, "a written value that --benign-writes compares");
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= value | p;
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Atomic: {
        Taint t = expr(n.e0, st, v.node);
        address(t, o_.groupId ? off(n.e0, st) : free, n.array, v.node);
        sink(p, v.node, "the predicate of a statement");
        Taint operands(nS_);
        for (ExprId e : {n.e1, n.e2, n.e3, n.e4}) operands |= expr(e, st, v.node);
        // check: the result is the cell's old value; prove: a fresh value (its encoding's).
        Taint result = t | p;
        if (o_.atomicResultFromArray) result |= self(n.array) | arrayTaint_[n.array];
        for (Slot r : {n.slot0, o_.atomicResultFromArray ? n.slot1 : kNone})
          if (r != kNone) {
            st.t[r] |= result;
            st.o[r] = join(n.pred == 0 ? Off{} : st.o[r], readForm(st.t[r]));
          }
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= operands | p;
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Assert:
        if (!o_.accessesOnly) sink(expr(n.e0, st, v.node) | p, v.node, "an assertion");
        return false;
      case NodeKind::Assume:
        sink(expr(n.e0, st, v.node) | p, v.node, "an assumption");
        return false;
      case NodeKind::Barrier:
        sink(p, v.node, "a barrier's predicate");
        return false;
      case NodeKind::Async: {
        // (extension) The asynchronous copies (check explores them; prove refuses them): every
        // operand matters (which cells are copied, which copy a wait completes; an operand that
        // depends on the group id makes the group id matter), and the destination's values are
        // the source's, as a read of the source and a write of the destination would make them.
        Taint t = p;
        for (ExprId e : n.args) t |= expr(e, st, v.node);
        sink(t, v.node, "an asynchronous copy's operands");
        if (o_.groupId) accessOff_[v.node] = trans(GroupOffset{});  // (strides(): cells fixed in every group)
        if (n.slot0 != kNone) {
          st.t[n.slot0] |= t;
          st.o[n.slot0] = Off{Off::Top, {}};  // an event: no offset of the group id
        }
        if (n.asyncOp != kpl::AsyncOp::Copy && n.asyncOp != kpl::AsyncOp::ThreadCopy) return false;
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= t | self(n.array2) | arrayTaint_[n.array2];
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Seq: case NodeKind::Var: case NodeKind::If: case NodeKind::While: case NodeKind::Call:
      case NodeKind::Skip:
        return false;
    }
    return false;
  }

  const Ir& ir_;
  const Cfg& g_;
  const DependenceOptions& o_;
  size_t nA_, nS_, gidBit_;
  std::vector<Taint> arrayTaint_;
  std::vector<Off> accessOff_;  ///< (groupId) each access's address form, by NodeId
  Dependence result_;
};

}  // namespace

namespace {
Word evalGroupFunction(const Ir& ir, ExprId id, Word g, const uint32_t localSize[3], const uint32_t numGroups[3]) {
  const ExprNode& x = ir.exprs[id];
  auto sub = [&](ExprId e) { return evalGroupFunction(ir, e, g, localSize, numGroups); };
  switch (x.op) {
    case EOp::Gid: return g;
    case EOp::Const: return x.imm;
    case EOp::LocalSize: return static_cast<Word>(x.imm >= 0 && x.imm < 3 ? localSize[x.imm] : 1);
    case EOp::NumGroups: return static_cast<Word>(x.imm >= 0 && x.imm < 3 ? numGroups[x.imm] : 1);
    case EOp::Neg: return word::neg(sub(x.a));
    case EOp::Add: return word::add(sub(x.a), sub(x.b));
    case EOp::Sub: return word::sub(sub(x.a), sub(x.b));
    case EOp::Mul: return word::mul(sub(x.a), sub(x.b));
    default: break;
  }
  const Word a = sub(x.a), b = sub(x.b);
  if (b == 0) return 0;  // (a division by zero fails in every group alike: not this function's to report)
  switch (x.op) {
    case EOp::Div: return word::div(a, b);
    case EOp::Rem: return word::rem(a, b);
    case EOp::UDiv: return word::udiv(a, b);
    case EOp::URem: return word::urem(a, b);
    default: return 0;
  }
}
}  // namespace

Word GroupOffset::value(const Ir& ir, Word g, const uint32_t localSize[3], const uint32_t numGroups[3]) const {
  Word h = 0;
  for (const GroupTerm& t : terms) {
    Word v = word::mul(t.literal, t.atom == kNone ? g : evalGroupFunction(ir, t.atom, g, localSize, numGroups));
    for (size_t d = 0; d < 6; ++d)
      for (uint8_t e = 0; e < t.sizes[d]; ++e)
        v = word::mul(v, static_cast<Word>(d < 3 ? localSize[d] : numGroups[d - 3]));
    h = word::add(h, v);
  }
  return h;
}

Dependence analyseDependence(const Ir& ir, const DependenceOptions& options) {
  Builder b(ir);
  V entry = b.add(Vertex{VKind::Entry, kNone, 0, 0}, {});
  b.build(ir.main, {entry});
  // An array whose taint flows into another array that matters matters too: the
  // fixpoint's sinks see arrayTaint through reads.
  return Analysis(ir, b.g, options).run();
}

}  // namespace sdvmc::sem
