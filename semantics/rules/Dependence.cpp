// Data and control dependence of sources of arbitrary values over the IR's CFG (see
// Dependence.h).
#include "semantics/rules/Dependence.h"

#include <boost/dynamic_bitset.hpp>
#include <boost/graph/adjacency_list.hpp>

#include <deque>
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
    case EOp::LLShrLo: case EOp::LLShrHi:
      return true;
    default:
      break;
  }
  for (ExprId c : {x.a, x.b, x.c, x.d})
    if (canFail(ir, c)) return true;
  return false;
}

class Analysis {
public:
  Analysis(const Ir& ir, const Cfg& g, const DependenceOptions& o)
      : ir_(ir), g_(g), o_(o), nA_(ir.arrays.size()), nS_(ir.arrays.size() + ir.params.size()) {
    arrayTaint_.assign(nA_, Taint(nS_));
    result_.sources.assign(nS_, {});
    result_.arrays = nA_;
  }

  Dependence run() {
    const size_t nv = boost::num_vertices(g_);
    std::vector<std::vector<Taint>> out(nv);
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
        std::vector<Taint> state(ir_.slotCount, Taint(nS_));
        auto [pb, pe] = boost::in_edges(v, g_);
        for (auto e = pb; e != pe; ++e) {
          V u = boost::source(*e, g_);
          if (!seen[u]) continue;
          for (size_t s = 0; s < state.size(); ++s) state[s] |= out[u][s];
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
    result_.cfgVertices = nv;
    result_.cfgEdges = boost::num_edges(g_);
    return result_;
  }

private:
  /// The sources `id`'s value depends on; the operands that can make it fail are sinks
  /// of statement `at` (Options::errorOperands).
  Taint expr(ExprId id, const std::vector<Taint>& st, NodeId at) {
    Taint t(nS_);
    if (id == kNone) return t;
    const ExprNode& x = ir_.exprs[id];
    if (x.op == EOp::Local) return st[x.slot];
    Taint ops[4] = {Taint(nS_), Taint(nS_), Taint(nS_), Taint(nS_)};
    const ExprId kids[4] = {x.a, x.b, x.c, x.d};
    for (int k = 0; k < 4; ++k)
      if (kids[k] != kNone) {
        ops[k] = expr(kids[k], st, at);
        t |= ops[k];
      }
    if (!o_.errorOperands) return t;
    switch (x.op) {
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
      case EOp::Enabled: case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll: case EOp::LogOffset:
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

  Taint pred(PredId p, const std::vector<Taint>& st) const {
    Taint t(nS_);
    for (const Lit& l : ir_.preds[p]) t |= st[l.slot];
    return t;
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
  bool transfer(const Vertex& v, std::vector<Taint>& st) {
    if (v.kind == VKind::Entry) {
      for (size_t k = 0; k < ir_.params.size() && k < st.size(); ++k) st[k].set(nA_ + k);
      return false;
    }
    const Node& n = ir_.nodes[v.node];
    if (v.kind == VKind::Reset) {
      for (uint32_t k = 0; k < v.count; ++k) st[v.first + k].reset();
      return false;
    }
    if (v.kind == VKind::LoopHead) {
      sink(pred(n.predOpen, st) | expr(n.e0, st, v.node), v.node, "a loop guard");
      return false;
    }
    const Taint p = pred(n.pred, st);
    switch (n.kind) {
      case NodeKind::Assign:
        st[n.slot0] |= expr(n.e0, st, v.node) | p;
        if (n.origin != Origin::Source) sink(st[n.slot0], v.node, "a branch or loop condition");
        sink(p, v.node, "the predicate of a statement");
        return false;
      case NodeKind::Read: {
        Taint t = expr(n.e0, st, v.node);
        sink(t, v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        st[n.slot0] |= t | p | self(n.array) | arrayTaint_[n.array];
        return false;
      }
      case NodeKind::Write: {
        sink(expr(n.e0, st, v.node), v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        const Taint value = expr(n.e1, st, v.node);
        if (o_.benignWrites) sink(value, v.node, "a written value that --benign-writes compares");
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= value | p;
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Atomic: {
        Taint t = expr(n.e0, st, v.node);
        sink(t, v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        Taint operands(nS_);
        for (ExprId e : {n.e1, n.e2, n.e3, n.e4}) operands |= expr(e, st, v.node);
        // check: the result is the cell's old value; prove: a fresh value (its encoding's).
        Taint result = t | p;
        if (o_.atomicResultFromArray) result |= self(n.array) | arrayTaint_[n.array];
        if (n.slot0 != kNone) st[n.slot0] |= result;
        if (o_.atomicResultFromArray && n.slot1 != kNone) st[n.slot1] |= result;
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= operands | p;
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Assert:
      case NodeKind::Assume:
        sink(expr(n.e0, st, v.node) | p, v.node, n.kind == NodeKind::Assert ? "an assertion" : "an assumption");
        return false;
      case NodeKind::Barrier:
        sink(p, v.node, "a barrier's predicate");
        return false;
      case NodeKind::Async: {
        // check and prove refuse the asynchronous copies (tools/sdvmc/Kernel.cpp); taint
        // as a read and a write of every array they name would, for any other caller.
        Taint t = p;
        for (ExprId e : n.args) t |= expr(e, st, v.node);
        sink(t, v.node, "an asynchronous copy's operands");
        if (n.slot0 != kNone) st[n.slot0] |= t;
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
  size_t nA_, nS_;
  std::vector<Taint> arrayTaint_;
  Dependence result_;
};

}  // namespace

Dependence analyseDependence(const Ir& ir, const DependenceOptions& options) {
  Builder b(ir);
  V entry = b.add(Vertex{VKind::Entry, kNone, 0, 0}, {});
  b.build(ir.main, {entry});
  // An array whose taint flows into another array that matters matters too: the
  // fixpoint's sinks see arrayTaint through reads.
  return Analysis(ir, b.g, options).run();
}

}  // namespace sdvmc::sem
