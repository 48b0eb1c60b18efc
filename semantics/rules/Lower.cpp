// Lowering kpl::Program to sem::Ir: name resolution to stack-allocated slots,
// belim/celim/relim, call-site instantiation with the argument substituted for the
// parameter, and the predicate each rule attaches to a sub-statement (see Ir.h).
#include "semantics/rules/Lower.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <string>
#include <utility>

namespace sdvmc::sem {
namespace {

/// What a name means at a point of the program.
struct Binding {
  bool isParam = false;
  Slot slot = 0;        ///< a local
  ExprId expr = kNone;  ///< a parameter: the argument expression substituted for it
};

/// The names in scope, innermost last.
using Scope = std::vector<std::pair<std::string, Binding>>;

/// The flags that `break`, `continue` and `return` set at a point of the program.
struct Context {
  Slot breakFlag = kNone;
  Slot continueFlag = kNone;
  Slot returnFlag = kNone;
  uint32_t callDepth = 0;
};

class Lowerer {
public:
  Lowerer(const kpl::Program& program, kpl::DiagnosticEngine& diags, size_t maxNodes)
      : program_(program), diags_(diags), maxNodes_(maxNodes) {}

  std::optional<Ir> run() {
    ir_.program = &program_;
    ir_.preds.push_back({});  // preds[0] = true
    predIds_[{}] = 0;
    for (const kpl::Procedure& p : program_.procedures) procs_[p.name.name] = &p;
    if (program_.arrays.empty()) {
      ArrayInfo mem;
      mem.name = "mem";
      mem.bounded = false;
      arrayIds_["mem"] = 0;
      ir_.arrays.push_back(std::move(mem));
    }
    for (const kpl::ArrayDecl& d : program_.arrays) {
      ArrayInfo a;
      a.name = sourceName(d.name.name);
      a.bounded = !d.unbounded;
      a.global = d.global;
      a.size = d.unbounded ? 0 : d.size;
      if (a.bounded && a.size > kDenseArrayCells && !d.init && d.runInit.empty()) {
        a.bounded = false;  // every cell arbitrary: stored sparsely, bounds-checked at sparseSize
        a.sparseSize = a.size;
        a.size = 0;
      }
      a.init.assign(a.size, std::nullopt);
      if (d.init)
        for (size_t i = 0; i < d.init->size() && i < d.size; ++i) a.init[i] = (*d.init)[i];
      if (!d.runInit.empty()) {
        a.runInit.assign(a.size, std::nullopt);
        for (size_t i = 0; i < d.runInit.size() && i < d.size; ++i) a.runInit[i] = d.runInit[i];
      }
      a.constant = d.constant;
      arrayIds_[d.name.name] = static_cast<ArrayId>(ir_.arrays.size());
      ir_.arrays.push_back(std::move(a));
    }
    Scope scope = kernelParams();
    const uint32_t first = static_cast<uint32_t>(program_.params.size());
    ir_.slotCount = first;
    ir_.main = lowerStmt(*program_.main, scope, 0, first, Context{});
    if (overflow_) {
      diags_.error(program_.mainRange.begin,
                   "kernel too large: instantiating its procedure calls would need more than " +
                       std::to_string(maxNodes_) + " statements");
      return std::nullopt;
    }
    return std::move(ir_);
  }

private:
  /// The name users know a parameter or array by (Program::sourceNames).
  std::string sourceName(const std::string& kplName) const {
    auto it = program_.sourceNames.find(kplName);
    return it == program_.sourceNames.end() ? kplName : it->second;
  }

  /// The kernel parameters, in slots 0 … P−1: in scope in main and in every procedure.
  Scope kernelParams() {
    Scope scope;
    for (size_t k = 0; k < program_.params.size(); ++k) {
      scope.push_back({program_.params[k].name, Binding{false, static_cast<Slot>(k), kNone}});
      if (ir_.params.size() < program_.params.size()) ir_.params.push_back(sourceName(program_.params[k].name));
    }
    return scope;
  }

  // ---- predicates -------------------------------------------------------------------
  PredId predAnd(PredId p, Lit lit) {
    std::vector<Lit> lits = ir_.preds[p];
    lits.push_back(lit);
    std::vector<std::pair<Slot, bool>> key;
    for (const Lit& l : lits) key.emplace_back(l.slot, l.negated);
    auto [it, inserted] = predIds_.try_emplace(key, static_cast<PredId>(ir_.preds.size()));
    if (inserted) ir_.preds.push_back(std::move(lits));
    return it->second;
  }

  // ---- expressions ------------------------------------------------------------------
  ExprId addExpr(ExprNode n) {
    auto need = [&](ExprId e) { return e == kNone ? 0u : ir_.exprs[e].need; };
    switch (n.op) {
      case EOp::Const: case EOp::Lid: case EOp::Gid: case EOp::Local: case EOp::LocalSize: case EOp::NumGroups: case EOp::WarpSize:
        n.need = 1;
        break;
      case EOp::Neg: case EOp::LogNot: case EOp::BitNot:
      case EOp::FNeg: case EOp::FAbs: case EOp::FSqrt: case EOp::IToF: case EOp::UToF: case EOp::FToI:
      case EOp::FToU: case EOp::Ballot: case EOp::WarpWidth:
        n.need = std::max(1u, need(n.a));
        break;
      case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub:
      case EOp::Shl: case EOp::Shr: case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge:
      case EOp::Eq: case EOp::Ne: case EOp::BitAnd: case EOp::BitXor: case EOp::BitOr:
      case EOp::LogAnd: case EOp::LogOr: case EOp::UDiv: case EOp::URem: case EOp::ULt: case EOp::ULe:
      case EOp::UGt: case EOp::UGe: case EOp::LShr: case EOp::NswAdd: case EOp::NswSub: case EOp::NswMul:
      case EOp::Addr64: case EOp::WarpSync:
      case EOp::FAdd: case EOp::FSub: case EOp::FMul: case EOp::FDiv: case EOp::FMin: case EOp::FMax:
      case EOp::FLt: case EOp::FLe: case EOp::FGt: case EOp::FGe: case EOp::FEq: case EOp::FNe:
      case EOp::Shfl:
        n.need = std::max(need(n.a), 1 + need(n.b));
        break;
      case EOp::Cond:
        n.need = std::max({need(n.a), 1 + need(n.b), 2 + need(n.c)});
        break;
      case EOp::Enabled: case EOp::LogOffset:
        n.need = 1;
        break;
      case EOp::AtTaken:
        n.need = std::max(1 + need(n.a), 2 + need(n.b));  // index, value in the columns above (EvalAnnot.cpp)
        break;
      case EOp::Pairs: case EOp::Other: case EOp::RdAll: case EOp::WrAll:
        n.need = 1 + need(n.a);  // the operand is evaluated in the column above (Eval.cpp)
        break;
      SDVMC_EOP_WIDE_CASES:
        // Operand k is evaluated into column k above the node's (Eval.cpp).
        n.need = std::max({1u, need(n.a), n.b == kNone ? 0u : 1 + need(n.b), n.c == kNone ? 0u : 2 + need(n.c),
                           n.d == kNone ? 0u : 3 + need(n.d)});
        break;
    }
    ir_.exprNeed = std::max(ir_.exprNeed, n.need);
    ir_.exprs.push_back(n);
    return static_cast<ExprId>(ir_.exprs.size() - 1);
  }

  static EOp binaryOp(kpl::BinaryOp op) {
    switch (op) {
      case kpl::BinaryOp::Mul: return EOp::Mul;
      case kpl::BinaryOp::Div: return EOp::Div;
      case kpl::BinaryOp::Rem: return EOp::Rem;
      case kpl::BinaryOp::Add: return EOp::Add;
      case kpl::BinaryOp::Sub: return EOp::Sub;
      case kpl::BinaryOp::Shl: return EOp::Shl;
      case kpl::BinaryOp::Shr: return EOp::Shr;
      case kpl::BinaryOp::Lt: return EOp::Lt;
      case kpl::BinaryOp::Le: return EOp::Le;
      case kpl::BinaryOp::Gt: return EOp::Gt;
      case kpl::BinaryOp::Ge: return EOp::Ge;
      case kpl::BinaryOp::Eq: return EOp::Eq;
      case kpl::BinaryOp::Ne: return EOp::Ne;
      case kpl::BinaryOp::BitAnd: return EOp::BitAnd;
      case kpl::BinaryOp::BitXor: return EOp::BitXor;
      case kpl::BinaryOp::BitOr: return EOp::BitOr;
      case kpl::BinaryOp::LogAnd: return EOp::LogAnd;
      case kpl::BinaryOp::LogOr: return EOp::LogOr;
      case kpl::BinaryOp::UDiv: return EOp::UDiv;
      case kpl::BinaryOp::URem: return EOp::URem;
      case kpl::BinaryOp::ULt: return EOp::ULt;
      case kpl::BinaryOp::ULe: return EOp::ULe;
      case kpl::BinaryOp::UGt: return EOp::UGt;
      case kpl::BinaryOp::UGe: return EOp::UGe;
      case kpl::BinaryOp::LShr: return EOp::LShr;
      case kpl::BinaryOp::FAdd: return EOp::FAdd;
      case kpl::BinaryOp::FSub: return EOp::FSub;
      case kpl::BinaryOp::FMul: return EOp::FMul;
      case kpl::BinaryOp::FDiv: return EOp::FDiv;
      case kpl::BinaryOp::FMin: return EOp::FMin;
      case kpl::BinaryOp::FMax: return EOp::FMax;
      case kpl::BinaryOp::FLt: return EOp::FLt;
      case kpl::BinaryOp::FLe: return EOp::FLe;
      case kpl::BinaryOp::FGt: return EOp::FGt;
      case kpl::BinaryOp::FGe: return EOp::FGe;
      case kpl::BinaryOp::FEq: return EOp::FEq;
      case kpl::BinaryOp::FNe: return EOp::FNe;
      case kpl::BinaryOp::NswAdd: return EOp::NswAdd;
      case kpl::BinaryOp::NswSub: return EOp::NswSub;
      case kpl::BinaryOp::NswMul: return EOp::NswMul;
      case kpl::BinaryOp::Addr64: return EOp::Addr64;
    }
    assert(false && "unknown binary operator");
    return EOp::Add;
  }

  ExprId lowerExpr(const kpl::Expr& e, const Scope& scope) {
    ExprNode n;
    n.loc = e.range.begin;
    switch (e.kind) {
      case kpl::ExprKind::IntLit:
      case kpl::ExprKind::BoolLit:
        n.op = EOp::Const;
        n.imm = e.value;
        return addExpr(n);
      case kpl::ExprKind::Lid:
        n.op = EOp::Lid;
        return addExpr(n);
      case kpl::ExprKind::Gid:
        n.op = EOp::Gid;
        return addExpr(n);
      case kpl::ExprKind::LocalSize:
      case kpl::ExprKind::NumGroups:
        n.op = e.kind == kpl::ExprKind::LocalSize ? EOp::LocalSize : EOp::NumGroups;
        n.imm = e.value;
        return addExpr(n);
      case kpl::ExprKind::WarpSize:
        n.op = EOp::WarpSize;
        return addExpr(n);
      case kpl::ExprKind::Shfl:
        n.op = EOp::Shfl;
        n.a = lowerExpr(*e.operands[0], scope);
        n.b = lowerExpr(*e.operands[1], scope);
        return addExpr(n);
      case kpl::ExprKind::WarpSync:
        n.op = EOp::WarpSync;
        n.a = lowerExpr(*e.operands[0], scope);
        n.b = lowerExpr(*e.operands[1], scope);
        return addExpr(n);
      case kpl::ExprKind::WarpWidth:
        n.op = EOp::WarpWidth;
        n.a = lowerExpr(*e.operands[0], scope);
        return addExpr(n);
      case kpl::ExprKind::Ballot:
        n.op = EOp::Ballot;
        n.a = lowerExpr(*e.operands[0], scope);
        return addExpr(n);
      case kpl::ExprKind::Name: {
        const Binding* b = lookup(scope, e.name);
        assert(b && "undeclared name survived verification");
        if (b->isParam) return b->expr;  // G-CALL: Param(f) ↦ e
        n.op = EOp::Local;
        n.slot = b->slot;
        return addExpr(n);
      }
      case kpl::ExprKind::Unary:
        switch (e.uop) {
          case kpl::UnaryOp::Neg: n.op = EOp::Neg; break;
          case kpl::UnaryOp::LogNot: n.op = EOp::LogNot; break;
          case kpl::UnaryOp::BitNot: n.op = EOp::BitNot; break;
          case kpl::UnaryOp::FNeg: n.op = EOp::FNeg; break;
          case kpl::UnaryOp::FAbs: n.op = EOp::FAbs; break;
          case kpl::UnaryOp::FSqrt: n.op = EOp::FSqrt; break;
          case kpl::UnaryOp::IToF: n.op = EOp::IToF; break;
          case kpl::UnaryOp::UToF: n.op = EOp::UToF; break;
          case kpl::UnaryOp::FToI: n.op = EOp::FToI; break;
          case kpl::UnaryOp::FToU: n.op = EOp::FToU; break;
        }
        n.a = lowerExpr(*e.operands[0], scope);
        return addExpr(n);
      case kpl::ExprKind::Binary:
        n.op = binaryOp(e.bop);
        n.a = lowerExpr(*e.operands[0], scope);
        n.b = lowerExpr(*e.operands[1], scope);
        return addExpr(n);
      case kpl::ExprKind::Cond:
        n.op = EOp::Cond;
        n.a = lowerExpr(*e.operands[0], scope);
        n.b = lowerExpr(*e.operands[1], scope);
        n.c = lowerExpr(*e.operands[2], scope);
        return addExpr(n);
      case kpl::ExprKind::Wide: {
        assert(e.operands.size() == kpl::wideOpArity(e.wop) && e.operands.size() <= 4 &&
               "arity checked by the verifier");
        n.op = eopOf(e.wop);
        ExprId* slots[] = {&n.a, &n.b, &n.c, &n.d};
        for (size_t k = 0; k < e.operands.size() && k < 4; ++k) *slots[k] = lowerExpr(*e.operands[k], scope);
        return addExpr(n);
      }
      case kpl::ExprKind::Annot:
        return lowerAnnot(e, n, scope);
    }
    assert(false && "unknown expression kind");
    return kNone;
  }

  ExprId lowerAnnot(const kpl::Expr& e, ExprNode& n, const Scope& scope) {
    if (!ir_.firstAnnotation) ir_.firstAnnotation = e.range.begin;
    switch (e.aop) {
      case kpl::AnnotOp::Enabled: n.op = EOp::Enabled; break;
      case kpl::AnnotOp::Pairs: n.op = EOp::Pairs; break;
      case kpl::AnnotOp::Other: n.op = EOp::Other; break;
      case kpl::AnnotOp::RdAll: n.op = EOp::RdAll; break;
      case kpl::AnnotOp::WrAll: n.op = EOp::WrAll; break;
      case kpl::AnnotOp::LogOffset: n.op = EOp::LogOffset; break;
      case kpl::AnnotOp::AtTaken:
        n.op = EOp::AtTaken;
        ir_.logsAtomicResults = true;
        break;
    }
    if (n.op == EOp::RdAll || n.op == EOp::WrAll || n.op == EOp::AtTaken) {
      auto it = arrayIds_.find(e.name);
      assert(it != arrayIds_.end() && "unknown array survived verification");
      n.imm = static_cast<Word>(it->second);
    }
    if (!e.operands.empty()) n.a = lowerExpr(*e.operands[0], scope);
    if (e.operands.size() > 1) n.b = lowerExpr(*e.operands[1], scope);
    return addExpr(n);
  }

  ExprId constant(Word v, kpl::SourceLoc loc) {
    ExprNode n;
    n.op = EOp::Const;
    n.imm = v;
    n.loc = loc;
    return addExpr(n);
  }

  static const Binding* lookup(const Scope& scope, const std::string& name) {
    for (auto it = scope.rbegin(); it != scope.rend(); ++it)
      if (it->first == name) return &it->second;
    return nullptr;
  }

  ArrayId arrayOf(const kpl::Stmt& s) const {
    if (!s.array) return 0;  // rd(e) / wr(e1, e2): the first declared array, or mem
    auto it = arrayIds_.find(s.array->name);
    assert(it != arrayIds_.end() && "unknown array survived verification");
    return it->second;
  }

  // ---- statements -------------------------------------------------------------------
  NodeId addNode(Node n) {
    if (ir_.nodes.size() >= maxNodes_) overflow_ = true;
    ir_.slotCount = std::max(ir_.slotCount, n.depth);
    ir_.nodes.push_back(std::move(n));
    return static_cast<NodeId>(ir_.nodes.size() - 1);
  }

  Node make(NodeKind kind, const kpl::Stmt& s, PredId pred, uint32_t depth, const Context& ctx) {
    Node n;
    n.kind = kind;
    n.pred = pred;
    n.depth = depth;
    n.src = &s;
    n.loc = s.range.begin;
    n.callDepth = ctx.callDepth;
    return n;
  }

  /// `v := true` for belim / celim / relim.
  NodeId setFlag(const kpl::Stmt& s, Slot flag, Origin origin, PredId pred, uint32_t depth,
                 const Context& ctx) {
    Node n = make(NodeKind::Assign, s, pred, depth, ctx);
    n.origin = origin;
    n.slot0 = flag;
    n.e0 = constant(1, s.range.begin);
    return addNode(std::move(n));
  }

  /// G-VAR: `local x… S` takes the slots above `depth` for its names (in scope while
  /// `body(inner)` lowers S, with `inner` the first slot above them).
  template <class Body>
  NodeId lowerVar(const kpl::Stmt& s, Scope& scope, PredId pred, uint32_t depth, const Context& ctx, Body body) {
    Node var = make(NodeKind::Var, s, pred, depth, ctx);
    var.slot0 = depth;
    var.count = static_cast<uint32_t>(s.names.size());
    const size_t mark = scope.size();
    for (size_t k = 0; k < s.names.size(); ++k)
      scope.push_back({s.names[k].name, Binding{false, static_cast<Slot>(depth + k), kNone}});
    const uint32_t inner = depth + var.count;
    ir_.slotCount = std::max(ir_.slotCount, inner);
    var.children.push_back(body(inner));
    scope.resize(mark);
    return addNode(std::move(var));
  }

  /// A block's statements from `first` on; a `local a, b;` among them opens a G-VAR
  /// scope over the rest of the block.
  NodeId lowerSeq(const kpl::Stmt& block, size_t first, Scope& scope, PredId pred,
                  uint32_t depth, const Context& ctx) {
    Node seq = make(NodeKind::Seq, block, pred, depth, ctx);
    for (size_t i = first; i < block.stmts.size() && !overflow_; ++i) {
      const kpl::Stmt& s = *block.stmts[i];
      if (s.kind == kpl::StmtKind::LocalDecl) {
        seq.children.push_back(lowerVar(s, scope, pred, depth, ctx, [&](uint32_t inner) {
          return lowerSeq(block, i + 1, scope, pred, inner, ctx);
        }));
        break;
      }
      seq.children.push_back(lowerStmt(s, scope, pred, depth, ctx));
    }
    if (seq.children.empty()) {
      Node skip = make(NodeKind::Skip, block, pred, depth, ctx);
      return addNode(std::move(skip));
    }
    if (seq.children.size() == 1) return seq.children[0];
    return addNode(std::move(seq));
  }

  NodeId lowerStmt(const kpl::Stmt& s, Scope& scope, PredId pred, uint32_t depth,
                   const Context& ctx) {
    if (overflow_) return addNode(make(NodeKind::Skip, s, pred, depth, ctx));
    switch (s.kind) {
      case kpl::StmtKind::Block:
        if (s.every) {
          // (extension) `every { … }`: every thread of the group runs it, its predicate `true`
          // (preds[0]); only the SDV rules run it (like the annotation builtins).
          if (!ir_.firstAnnotation) ir_.firstAnnotation = s.range.begin;
          return lowerSeq(s, 0, scope, 0, depth, ctx);
        }
        return lowerSeq(s, 0, scope, pred, depth, ctx);
      case kpl::StmtKind::LocalDecl:
        // Only reachable when a LocalDecl is not inside a block (e.g. an if's branch):
        // its scope, the rest of the enclosing block, is empty.
        return lowerVar(s, scope, pred, depth, ctx,
                        [&](uint32_t inner) { return addNode(make(NodeKind::Skip, s, pred, inner, ctx)); });
      case kpl::StmtKind::LocalScoped:
        return lowerVar(s, scope, pred, depth, ctx,
                        [&](uint32_t inner) { return lowerStmt(*s.stmts[0], scope, pred, inner, ctx); });
      case kpl::StmtKind::If: {
        // G-IF: (v := e, p) @ (S1, p ∧ v) @ (S2, p ∧ ¬v), v fresh.
        Node n = make(NodeKind::If, s, pred, depth, ctx);
        Slot v = depth;
        n.slot0 = v;
        uint32_t inner = depth + 1;
        Node flag = make(NodeKind::Assign, s, pred, inner, ctx);
        flag.origin = Origin::IfFlag;
        flag.slot0 = v;
        flag.e0 = lowerExpr(*s.exprs[0], scope);
        flag.loc = s.range.begin;
        n.children.push_back(addNode(std::move(flag)));
        n.children.push_back(lowerStmt(*s.stmts[0], scope, predAnd(pred, {v, false}), inner, ctx));
        PredId elsePred = predAnd(pred, {v, true});
        if (s.stmts.size() > 1) {
          n.children.push_back(lowerStmt(*s.stmts[1], scope, elsePred, inner, ctx));
        } else {
          Node skip = make(NodeKind::Skip, s, elsePred, inner, ctx);
          skip.origin = Origin::ElseSkip;
          n.children.push_back(addNode(std::move(skip)));
        }
        return addNode(std::move(n));
      }
      case kpl::StmtKind::While: {
        // G-OPEN: (while̲ e belim(S, b), p ∧ ¬b); G-ITER: (u := e, p')@(celim(S, c), p' ∧ u ∧ ¬c).
        Node n = make(NodeKind::While, s, pred, depth, ctx);
        Slot b = depth, u = depth + 1, c = depth + 2;
        n.slot0 = b;
        n.slot1 = u;
        n.slot2 = c;
        n.predOpen = predAnd(pred, {b, true});
        n.e0 = lowerExpr(*s.exprs[0], scope);
        uint32_t inner = depth + 3;
        Node guard = make(NodeKind::Assign, s, n.predOpen, inner, ctx);
        guard.origin = Origin::LoopGuard;
        guard.slot0 = u;
        guard.e0 = n.e0;
        n.children.push_back(addNode(std::move(guard)));
        Context body = ctx;
        body.breakFlag = b;
        body.continueFlag = c;
        PredId bodyPred = predAnd(predAnd(n.predOpen, {u, false}), {c, true});
        n.children.push_back(lowerStmt(*s.stmts[0], scope, bodyPred, inner, body));
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Call: {
        // G-CALL: (relim(Body(f), r)[Param(f) ↦ e], p ∧ ¬r), r fresh.
        auto it = procs_.find(s.target.name);
        assert(it != procs_.end() && "unknown procedure survived verification");
        const kpl::Procedure& proc = *it->second;
        Node n = make(NodeKind::Call, s, pred, depth, ctx);
        Slot r = depth;
        n.slot0 = r;
        Scope callee = kernelParams();
        for (size_t k = 0; k < proc.params.size() && k < s.exprs.size(); ++k)
          callee.push_back({proc.params[k].name, Binding{true, 0, lowerExpr(*s.exprs[k], scope)}});
        Context inner;
        inner.returnFlag = r;
        inner.callDepth = ctx.callDepth + 1;
        n.children.push_back(lowerStmt(*proc.body, callee, predAnd(pred, {r, true}), depth + 1, inner));
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Barrier: {
        Node n = make(NodeKind::Barrier, s, pred, depth, ctx);
        n.fence = s.fence;
        n.grid = s.grid;
        if (s.grid && !ir_.firstGridBarrier) ir_.firstGridBarrier = s.range.begin;
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Break:
        assert(ctx.breakFlag != kNone && "break outside a loop survived verification");
        return setFlag(s, ctx.breakFlag, Origin::Break, pred, depth, ctx);
      case kpl::StmtKind::Continue:
        assert(ctx.continueFlag != kNone && "continue outside a loop survived verification");
        return setFlag(s, ctx.continueFlag, Origin::Continue, pred, depth, ctx);
      case kpl::StmtKind::Return:
        assert(ctx.returnFlag != kNone && "return in main survived verification");
        return setFlag(s, ctx.returnFlag, Origin::Return, pred, depth, ctx);
      case kpl::StmtKind::Skip:
        return addNode(make(NodeKind::Skip, s, pred, depth, ctx));
      case kpl::StmtKind::Assert:
      case kpl::StmtKind::Assume: {
        Node n = make(s.kind == kpl::StmtKind::Assert ? NodeKind::Assert : NodeKind::Assume, s,
                      pred, depth, ctx);
        n.e0 = lowerExpr(*s.exprs[0], scope);
        if (s.privateIndex) n.e1 = lowerExpr(*s.exprs[1], scope);  // the index, for the verdict
        n.candidate = s.candidate;
        if (s.candidate && !ir_.firstAnnotation) ir_.firstAnnotation = s.range.begin;
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Assign:
      case kpl::StmtKind::Read: {
        Node n = make(s.kind == kpl::StmtKind::Assign ? NodeKind::Assign : NodeKind::Read, s, pred,
                      depth, ctx);
        const Binding* b = lookup(scope, s.target.name);
        assert(b && !b->isParam && "bad assignment target survived verification");
        n.slot0 = b->slot;
        n.e0 = lowerExpr(*s.exprs[0], scope);
        if (s.kind == kpl::StmtKind::Read) n.array = arrayOf(s);
        n.ghost = s.ghost;
        if (s.ghost && !ir_.firstAnnotation) ir_.firstAnnotation = s.range.begin;
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Atomic: {
        Node n = make(NodeKind::Atomic, s, pred, depth, ctx);
        n.atomicOp = s.atomicOp;
        n.slot0 = n.slot1 = kNone;
        for (auto [t, slot] : {std::pair{&s.target, &n.slot0}, std::pair{&s.target2, &n.slot1}})
          if (!t->name.empty()) {
            const Binding* b = lookup(scope, t->name);
            assert(b && !b->isParam && "bad assignment target survived verification");
            *slot = b->slot;
          }
        n.array = arrayOf(s);
        ExprId* es[] = {&n.e0, &n.e1, &n.e2, &n.e3, &n.e4};
        assert(s.exprs.size() <= 5);
        for (size_t k = 0; k < s.exprs.size(); ++k) *es[k] = lowerExpr(*s.exprs[k], scope);
        ir_.hasAtomics = true;
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Async: {
        // (extension) the asynchronous copies (rules G-ASYNC-COPY, G-ASYNC-WAIT, T-CP-ASYNC,
        // T-CP-COMMIT, T-CP-WAIT in Sdv.cpp)
        Node n = make(NodeKind::Async, s, pred, depth, ctx);
        n.asyncOp = s.asyncOp;
        n.slot0 = kNone;
        if (!s.target.name.empty()) {
          const Binding* b = lookup(scope, s.target.name);
          assert(b && !b->isParam && "bad assignment target survived verification");
          n.slot0 = b->slot;
        }
        if (s.array) n.array = arrayOf(s);
        if (s.array2) {
          auto it = arrayIds_.find(s.array2->name);
          assert(it != arrayIds_.end() && "unknown array survived verification");
          n.array2 = it->second;
        }
        for (const kpl::ExprPtr& e : s.exprs) n.args.push_back(lowerExpr(*e, scope));
        if (!ir_.firstAsync) ir_.firstAsync = s.range.begin;
        return addNode(std::move(n));
      }
      case kpl::StmtKind::Write: {
        Node n = make(NodeKind::Write, s, pred, depth, ctx);
        n.array = arrayOf(s);
        n.e0 = lowerExpr(*s.exprs[0], scope);
        n.e1 = lowerExpr(*s.exprs[1], scope);
        return addNode(std::move(n));
      }
    }
    assert(false && "unknown statement kind");
    return kNone;
  }

  const kpl::Program& program_;
  kpl::DiagnosticEngine& diags_;
  size_t maxNodes_;
  bool overflow_ = false;
  Ir ir_;
  std::map<std::string, const kpl::Procedure*> procs_;
  std::map<std::string, ArrayId> arrayIds_;
  std::map<std::vector<std::pair<Slot, bool>>, PredId> predIds_;
};

}  // namespace

std::optional<Ir> lower(const kpl::Program& program, kpl::DiagnosticEngine& diags,
                        size_t maxNodes) {
  return Lowerer(program, diags, maxNodes).run();
}

}  // namespace sdvmc::sem
