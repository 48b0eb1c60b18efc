// Statements and control flow (part of the Lowerer, Lowerer.h): declarations, expressions, if,
// loops, switch, break, continue and return. KPL's `break` and `continue` leave only the
// innermost KPL loop, so a C jump that KPL cannot express directly (a `break` from inside a
// one-shot loop, a `return` from a loop) sets a flag, breaks, and is re-issued after the loop;
// a `switch`, and a body with an early `return`, are one-shot loops.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

#include <functional>

namespace sdvmc::clangfe::lowering {

namespace {

/// Whether `s` contains a `continue` of the loop it is the body of (not of a nested loop).
bool hasContinue(const clang::Stmt* s) {
  if (!s) return false;
  if (llvm::isa<clang::ContinueStmt>(s)) return true;
  if (llvm::isa<clang::ForStmt>(s) || llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s) ||
      llvm::isa<clang::CXXForRangeStmt>(s))
    return false;
  for (const clang::Stmt* c : s->children())
    if (hasContinue(c)) return true;
  return false;
}

/// The innermost loop or switch a break/continue belongs to, found by walking the body.
void mapJumps(const clang::Stmt* s, const clang::Stmt* breakTarget, const clang::Stmt* continueTarget,
              std::map<const clang::Stmt*, const clang::Stmt*>& out) {
  if (!s) return;
  if (llvm::isa<clang::BreakStmt>(s)) out[s] = breakTarget;
  if (llvm::isa<clang::ContinueStmt>(s)) out[s] = continueTarget;
  if (llvm::isa<clang::ForStmt>(s) || llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s)) {
    breakTarget = s;
    continueTarget = s;
  } else if (llvm::isa<clang::SwitchStmt>(s)) {
    breakTarget = s;
  }
  for (const clang::Stmt* c : s->children()) mapJumps(c, breakTarget, continueTarget, out);
}

}  // namespace

void Lowerer::lowerJump(Jump j, kpl::SourceRange r) {
  if (frames_.empty()) {
    diags_.error(r.begin.valid() ? r.begin : kpl::SourceLoc{1, 1}, "unsupported: this jump");
    return;
  }
  Frame& f = frames_.back();
  if (auto it = f.direct.find(j); it != f.direct.end()) {
    emitSimple(it->second, r);
    return;
  }
  // Leave this KPL loop through a flag; the jump continues after it.
  std::string flag;
  for (const auto& [ej, ef] : f.escaped)
    if (ej == j) flag = ef;
  if (flag.empty()) {
    flag = newLocal("_exit");
    f.escaped.emplace_back(j, flag);
  }
  emitAssign(flag, lit(1, r), r);
  emitSimple(StmtKind::Break, r);
}

void Lowerer::closeFrame(Frame frame, ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r) {
  for (const auto& [j, flag] : frame.escaped) emitAssign(flag, lit(0, r), r);
  emitWhile(std::move(c), std::move(body), r);
  for (const auto& [j, flag] : frame.escaped) {
    Jump jj = j;
    std::vector<StmtPtr> then = capture([&] { lowerJump(jj, r); });
    emitIf(nameExpr(flag, r), std::move(then), std::nullopt, r);
  }
}

void Lowerer::lowerFunctionBody(const clang::FunctionDecl* fd, kpl::SourceRange r) {
  const clang::Stmt* body = fd->getBody();
  mapJumps(body, nullptr, nullptr, jumpTargets_);
  const clang::Stmt* tail = nullptr;
  if (const auto* cs = llvm::dyn_cast<clang::CompoundStmt>(body); cs && !cs->body_empty())
    if (llvm::isa<clang::ReturnStmt>(cs->body_back())) tail = cs->body_back();
  inst_->tailReturn = tail;
  // Does a return other than the tail one exist?
  std::function<bool(const clang::Stmt*)> early = [&](const clang::Stmt* s) {
    if (!s) return false;
    if (llvm::isa<clang::ReturnStmt>(s)) return s != tail;
    if (llvm::isa<clang::LambdaExpr>(s)) return false;  // a lambda's returns are its own
    for (const clang::Stmt* ch : s->children())
      if (early(ch)) return true;
    return false;
  };
  if (!early(body)) {
    lowerStmt(body);
  } else {
    // One-shot loop: `return` leaves it with `break` (after setting the result).
    Frame f;
    f.direct[Jump{JumpKind::Return, inst_}] = StmtKind::Break;
    frames_.push_back(std::move(f));
    std::vector<StmtPtr> b = capture([&] {
      lowerStmt(body);
      emitSimple(StmtKind::Break, range(body->getEndLoc()));
    });
    Frame done = std::move(frames_.back());
    frames_.pop_back();
    closeFrame(std::move(done), lit(1, r), std::move(b), range(body));
  }
  emitEnsures();
}

void Lowerer::lowerLoop(const clang::Stmt* loop, const clang::Stmt* init, const clang::Expr* condExpr,
                        const clang::Expr* inc, const clang::Stmt* body, bool isDo) {
  kpl::SourceRange r = range(loop);
  if (init) lowerStmt(init);
  ExprPtr g;
  std::vector<StmtPtr> gs = capture([&] {
    emitFunctionWide();  // __function_wide_invariant: where the guard is evaluated
    g = condExpr ? condition(condExpr) : lit(1, r);
  });
  // `while (g) …` when the guard is a pure expression; otherwise `while (1)` with the guard's
  // statements and `if (!g) break;` at the loop head (or at the end, for do-while).
  bool pureGuard = gs.empty() && !isDo;
  bool wrap = hasContinue(body) && (inc || isDo);
  Frame lf;
  lf.direct[Jump{JumpKind::Break, loop}] = StmtKind::Break;
  if (!wrap) lf.direct[Jump{JumpKind::Continue, loop}] = StmtKind::Continue;
  frames_.push_back(std::move(lf));
  kpl::SourceRange gr = condExpr ? range(condExpr) : r;
  auto exitUnlessGuard = [&] {
    for (StmtPtr& s : gs) emit(std::move(s));
    std::vector<StmtPtr> brk;
    brk.push_back(stmt(StmtKind::Break, gr));
    emitIf(un(UnaryOp::LogNot, std::move(g), gr), std::move(brk), std::nullopt, gr);
  };
  std::vector<StmtPtr> kbody = capture([&] {
    if (!pureGuard && !isDo) exitUnlessGuard();
    if (wrap) {
      // `continue` leaves a one-shot loop around the body, so the increment still runs.
      Frame inner;
      inner.direct[Jump{JumpKind::Continue, loop}] = StmtKind::Break;
      frames_.push_back(std::move(inner));
      std::vector<StmtPtr> ib = capture([&] {
        lowerStmt(body);
        emitSimple(StmtKind::Break, range(body->getEndLoc()));
      });
      Frame done = std::move(frames_.back());
      frames_.pop_back();
      closeFrame(std::move(done), lit(1, range(body)), std::move(ib), range(body));
    } else {
      lowerStmt(body);
    }
    if (inc) rvalue(inc, false);
    if (isDo) exitUnlessGuard();
  });
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  closeFrame(std::move(done), pureGuard ? std::move(g) : lit(1, r), std::move(kbody), r);
}

void Lowerer::lowerSwitch(const clang::SwitchStmt* s) {
  kpl::SourceRange r = range(s);
  if (s->getInit() || s->getConditionVariable()) {
    unsupported(s, "a switch with an initialiser or a condition variable");
    return;
  }
  // A 64-bit value is compared with each label by leq / lne on both words.
  bool wide = isWideType(s->getCond()->getType());
  ExprPtr v;
  Val wv;
  if (wide)
    wv = snapVal(wvalue(s->getCond()), range(s->getCond()));
  else
    v = snapshot(rvalue(s->getCond()), range(s->getCond()));
  auto compare = [&](int64_t c, bool ne, kpl::SourceRange lr) -> ExprPtr {
    if (!wide) return bin(ne ? BinaryOp::Ne : BinaryOp::Eq, clone(*v), lit(c, lr), lr);
    uint64_t u = static_cast<uint64_t>(c);
    return wideOp(ne ? WideOp::LNe : WideOp::LEq, lr, clone(*wv.hi), clone(*wv.lo), lit(static_cast<int64_t>(u >> 32), lr),
                  lit(static_cast<int64_t>(u & 0xffffffffu), lr));
  };
  std::vector<const clang::Stmt*> items;
  if (const auto* cs = llvm::dyn_cast<clang::CompoundStmt>(s->getBody()))
    items.assign(cs->body_begin(), cs->body_end());
  else
    items.push_back(s->getBody());
  // Every label must be at the top level of the body (no Duff's device).
  std::vector<int64_t> values;
  size_t topLabels = 0;
  for (const clang::Stmt* it : items)
    for (const clang::Stmt* l = it; const auto* sc = llvm::dyn_cast<clang::SwitchCase>(l); l = sc->getSubStmt()) {
      ++topLabels;
      if (const auto* cs = llvm::dyn_cast<clang::CaseStmt>(sc)) {
        if (cs->getRHS()) {
          unsupported(cs, "case ranges");
          return;
        }
        clang::Expr::EvalResult res;
        if (!cs->getLHS()->EvaluateAsInt(res, ctx_)) {
          unsupported(cs, "a case label that is not a constant");
          return;
        }
        values.push_back(res.Val.getInt().getExtValue());
      }
    }
  size_t allLabels = 0;
  for (const clang::SwitchCase* sc = s->getSwitchCaseList(); sc; sc = sc->getNextSwitchCase()) ++allLabels;
  if (allLabels != topLabels) {
    unsupported(s, "a case label nested inside another statement of the switch");
    return;
  }
  // `m` says whether control has entered the switch (at the matching label, then falling
  // through); a `break` leaves the one-shot loop around it.
  std::string m = newLocal("_match");
  emitAssign(m, lit(0, r), r);
  Frame f;
  f.direct[Jump{JumpKind::Break, s}] = StmtKind::Break;
  frames_.push_back(std::move(f));
  std::vector<StmtPtr> body = capture([&] {
    for (const clang::Stmt* it : items) {
      const clang::Stmt* st = it;
      while (const auto* sc = llvm::dyn_cast<clang::SwitchCase>(st)) {
        kpl::SourceRange lr = range(sc->getBeginLoc());
        ExprPtr entry;
        if (const auto* cs = llvm::dyn_cast<clang::CaseStmt>(sc)) {
          clang::Expr::EvalResult res;
          cs->getLHS()->EvaluateAsInt(res, ctx_);
          entry = compare(res.Val.getInt().getExtValue(), false, lr);
        } else {
          entry = lit(1, lr);
          for (int64_t c : values) {
            ExprPtr ne = compare(c, true, lr);
            entry = isLit(*entry, 1) ? std::move(ne) : bin(BinaryOp::LogAnd, std::move(entry), std::move(ne), lr);
          }
        }
        emitAssign(m, bin(BinaryOp::LogOr, nameExpr(m, lr), std::move(entry), lr), lr);
        st = sc->getSubStmt();
      }
      std::vector<StmtPtr> then = capture([&] { lowerStmt(st); });
      if (!then.empty()) emitIf(nameExpr(m, range(st)), std::move(then), std::nullopt, range(st));
    }
    emitSimple(StmtKind::Break, range(s->getEndLoc()));
  });
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  closeFrame(std::move(done), lit(1, r), std::move(body), r);
}

void Lowerer::lowerStmt(const clang::Stmt* s) {
  if (!s) return;
  kpl::SourceRange r = range(s);
  if (const auto* cs = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    for (const clang::Stmt* c : cs->body()) lowerStmt(c);
    return;
  }
  if (llvm::isa<clang::NullStmt>(s)) return;
  if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    for (const clang::Decl* d : ds->decls()) {
      if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d)) declareLocal(vd);
    }
    return;
  }
  if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
    rvalue(e, false);
    return;
  }
  if (const auto* is = llvm::dyn_cast<clang::IfStmt>(s)) {
    if (is->getInit()) lowerStmt(is->getInit());
    if (is->getConditionVariableDeclStmt()) lowerStmt(is->getConditionVariableDeclStmt());
    ExprPtr c = condition(is->getCond());
    std::vector<StmtPtr> then = capture([&] { lowerStmt(is->getThen()); });
    std::optional<std::vector<StmtPtr>> els;
    if (is->getElse()) els = capture([&] { lowerStmt(is->getElse()); });
    emitIf(std::move(c), std::move(then), std::move(els), r);
    return;
  }
  if (const auto* ws = llvm::dyn_cast<clang::WhileStmt>(s)) {
    if (ws->getConditionVariable()) {
      unsupported(s, "a while loop with a condition variable");
      return;
    }
    lowerLoop(s, nullptr, ws->getCond(), nullptr, ws->getBody(), false);
    return;
  }
  if (const auto* fs = llvm::dyn_cast<clang::ForStmt>(s)) {
    if (fs->getConditionVariable()) {
      unsupported(s, "a for loop with a condition variable");
      return;
    }
    lowerLoop(s, fs->getInit(), fs->getCond(), fs->getInc(), fs->getBody(), false);
    return;
  }
  if (const auto* ds = llvm::dyn_cast<clang::DoStmt>(s)) {
    lowerLoop(s, nullptr, ds->getCond(), nullptr, ds->getBody(), true);
    return;
  }
  if (const auto* ss = llvm::dyn_cast<clang::SwitchStmt>(s)) {
    lowerSwitch(ss);
    return;
  }
  if (llvm::isa<clang::BreakStmt>(s) || llvm::isa<clang::ContinueStmt>(s)) {
    bool isBreak = llvm::isa<clang::BreakStmt>(s);
    auto it = jumpTargets_.find(s);
    if (it == jumpTargets_.end() || !it->second) {
      unsupported(s, isBreak ? "this break" : "this continue");
      return;
    }
    lowerJump(Jump{isBreak ? JumpKind::Break : JumpKind::Continue, it->second}, r);
    return;
  }
  if (const auto* rs = llvm::dyn_cast<clang::ReturnStmt>(s)) {
    if (const clang::Expr* v = rs->getRetValue()) {
      if (inst_->refResult) {
        returnRef(v);
      } else if (inst_->ptrResult) {
        returnPtr(v);
      } else if (inst_->resultStorage >= 0) {
        Agg a = aggValue(v);
        auto l = layoutOf(v->getType(), v->getBeginLoc());
        if (l) storeAgg(privatePlace(inst_->resultStorage, *l, r), a, r);
      } else if (!inst_->resultHi.empty()) {
        Val w = wvalue(v);
        emitAssign(inst_->result, std::move(w.lo), r);
        emitAssign(inst_->resultHi, std::move(w.hi), r);
      } else if (inst_->result.empty()) {
        rvalue(v, false);
      } else {
        ExprPtr e = rvalue(v);
        emitAssign(inst_->result, std::move(e), r);
      }
    }
    // A lane that leaves the kernel has exited: a member mask may still name it (CUDA).
    if (inst_->isKernel && !exitedLocal_.empty() && s != inst_->tailReturn) emitAssign(exitedLocal_, lit(1, r), r);
    if (s != inst_->tailReturn) lowerJump(Jump{JumpKind::Return, inst_}, r);
    return;
  }
  if (const auto* as = llvm::dyn_cast<clang::AttributedStmt>(s)) {
    lowerStmt(as->getSubStmt());
    return;
  }
  if (const auto* as = llvm::dyn_cast<clang::GCCAsmStmt>(s)) {
    lowerAsm(as);
    return;
  }
  unsupported(s, std::string("statement '") + s->getStmtClassName() + "'");
}

}  // namespace sdvmc::clangfe::lowering
