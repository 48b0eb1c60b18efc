// Control dependence and array-to-control data flow over the IR's CFG (see
// ControlDependence.h).
#include "prover/ControlDependence.h"

#include <boost/dynamic_bitset.hpp>
#include <boost/graph/adjacency_list.hpp>
#include <fmt/format.h>

#include <deque>

namespace sdvmc::prove {

namespace {

using sem::NodeId;
using sem::NodeKind;
using Taint = boost::dynamic_bitset<>;

enum class VKind { Entry, Reset, Stmt, LoopHead };

struct Vertex {
  VKind kind = VKind::Entry;
  NodeId node = sem::kNone;
  sem::Slot first = 0;
  uint32_t count = 0;
};

using Cfg = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Vertex>;
using V = boost::graph_traits<Cfg>::vertex_descriptor;

class Builder {
public:
  explicit Builder(const sem::Ir& ir) : ir_(ir) {}

  Cfg g;

  V add(Vertex v, const std::vector<V>& from) {
    V x = boost::add_vertex(v, g);
    for (V f : from) boost::add_edge(f, x, g);
    return x;
  }

  /// Adds `id` after the vertices `from`; returns the vertices control leaves it by.
  std::vector<V> build(NodeId id, std::vector<V> from) {
    const sem::Node& n = ir_.nodes[id];
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
      default:
        return {add(Vertex{VKind::Stmt, id, 0, 0}, from)};
    }
  }

private:
  const sem::Ir& ir_;
};

class Analysis {
public:
  Analysis(const sem::Ir& ir, const Cfg& g) : ir_(ir), g_(g), nA_(ir.arrays.size()) {
    arrayTaint_.assign(nA_, Taint(nA_));
    result_.influencesControl.assign(nA_, false);
    result_.why.assign(nA_, "");
  }

  ControlDependence run() {
    const size_t nv = boost::num_vertices(g_);
    std::vector<std::vector<Taint>> in(nv), out(nv);
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
        std::vector<Taint> state(ir_.slotCount, Taint(nA_));
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
  Taint expr(sem::ExprId id, const std::vector<Taint>& st) const {
    Taint t(nA_);
    if (id == sem::kNone) return t;
    const sem::ExprNode& x = ir_.exprs[id];
    if (x.op == sem::EOp::Local) return st[x.slot];
    for (sem::ExprId c : {x.a, x.b, x.c, x.d})
      if (c != sem::kNone) t |= expr(c, st);
    return t;
  }

  Taint pred(sem::PredId p, const std::vector<Taint>& st) const {
    Taint t(nA_);
    for (const sem::Lit& l : ir_.preds[p]) t |= st[l.slot];
    return t;
  }

  void sink(const Taint& t, NodeId at, const char* what) {
    for (size_t a = 0; a < nA_; ++a)
      if (t[a] && !result_.influencesControl[a]) {
        result_.influencesControl[a] = true;
        const kpl::SourceLoc loc = ir_.nodes[at].loc;
        result_.why[a] = fmt::format("its values reach {} at {}:{}", what, loc.line, loc.col);
      }
  }

  /// Applies a vertex to `st`; returns true when a global array taint grew.
  bool transfer(const Vertex& v, std::vector<Taint>& st) {
    if (v.kind == VKind::Entry) return false;
    const sem::Node& n = ir_.nodes[v.node];
    if (v.kind == VKind::Reset) {
      for (uint32_t k = 0; k < v.count; ++k) st[v.first + k].reset();
      return false;
    }
    if (v.kind == VKind::LoopHead) {
      sink(pred(n.predOpen, st) | expr(n.e0, st), v.node, "a loop guard");
      return false;
    }
    const Taint p = pred(n.pred, st);
    switch (n.kind) {
      case NodeKind::Assign:
        st[n.slot0] |= expr(n.e0, st) | p;
        if (n.origin != sem::Origin::Source) sink(st[n.slot0], v.node, "a branch or loop condition");
        sink(p, v.node, "the predicate of a statement");
        return false;
      case NodeKind::Read: {
        Taint t = expr(n.e0, st);
        sink(t, v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        Taint self(nA_);
        self.set(n.array);
        st[n.slot0] |= t | p | self | arrayTaint_[n.array];
        return false;
      }
      case NodeKind::Write: {
        sink(expr(n.e0, st), v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= expr(n.e1, st) | p;
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Atomic: {
        // The encoding returns a fresh value (not the array's); the address still counts.
        Taint t = expr(n.e0, st);
        sink(t, v.node, "an address");
        sink(p, v.node, "the predicate of a statement");
        if (n.slot0 != sem::kNone) st[n.slot0] |= t | p;
        Taint before = arrayTaint_[n.array];
        arrayTaint_[n.array] |= expr(n.e1, st) | p;
        if (n.e2 != sem::kNone) arrayTaint_[n.array] |= expr(n.e2, st);
        return arrayTaint_[n.array] != before;
      }
      case NodeKind::Assert:
      case NodeKind::Assume:
        sink(expr(n.e0, st) | p, v.node, n.kind == NodeKind::Assert ? "an assertion" : "an assumption");
        return false;
      case NodeKind::Barrier:
        sink(p, v.node, "a barrier's predicate");
        return false;
      default:
        return false;
    }
  }

  const sem::Ir& ir_;
  const Cfg& g_;
  size_t nA_;
  std::vector<Taint> arrayTaint_;
  ControlDependence result_;
};

}  // namespace

ControlDependence analyseControlDependence(const sem::Ir& ir) {
  Builder b(ir);
  V entry = b.add(Vertex{VKind::Entry, sem::kNone, 0, 0}, {});
  b.build(ir.main, {entry});
  // An array whose taint flows into another array that influences control influences it
  // too: the fixpoint's sinks already see arrayTaint through reads.
  return Analysis(ir, b.g).run();
}

}  // namespace sdvmc::prove
