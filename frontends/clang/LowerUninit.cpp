// Uninitialised locals (part of the Lowerer, Lowerer.h): which variables of a function may be
// read before they are assigned. Clang's uninitialised-values analysis (the one behind
// -Wuninitialized and -Wsometimes-uninitialized) runs on the function's CFG and reports every
// use that may see no assignment; a variable whose address escapes before it is assigned (`&x`
// passed on, a non-const reference bound to it) counts too, since what it points to may be
// read before anything writes it. Exactly those variables start arbitrary (declareLocal): the
// others keep KPL's 0, which no read can observe. Struct locals and private arrays, which
// Clang's analysis does not track, get a syntactic check of their own (mayReadAggUninit): a
// walk of the statements after the declaration that must assign every cell before any other
// use; anything it does not recognise makes the whole variable arbitrary.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Analysis/Analyses/UninitializedValues.h>
#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/CFG.h>

#include <fmt/format.h>

#include <algorithm>

namespace sdvmc::clangfe::lowering {

namespace {

/// Collects the variables Clang's analysis reports as possibly read uninitialised.
class UninitUses : public clang::UninitVariablesHandler {
public:
  explicit UninitUses(std::set<const clang::VarDecl*>& out) : out_(out) {}
  void handleUseOfUninitVariable(const clang::VarDecl* vd, const clang::UninitUse&) override { out_.insert(vd); }
  void handleConstRefUseOfUninitVariable(const clang::VarDecl* vd, const clang::UninitUse&) override {
    out_.insert(vd);
  }
  void handleSelfInit(const clang::VarDecl* vd) override { out_.insert(vd); }

private:
  std::set<const clang::VarDecl*>& out_;
};

/// Variables declared without an initialiser whose address or a non-const reference to them
/// is taken somewhere in s (the analysis takes that as an assignment).
void collectEscaping(const clang::Stmt* s, std::set<const clang::VarDecl*>& out) {
  if (!s) return;
  auto add = [&](const clang::Expr* e) {
    if (const clang::VarDecl* v = refVar(e))
      if (!v->hasInit() && !llvm::isa<clang::ParmVarDecl>(v)) out.insert(v);
  };
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
    if (u->getOpcode() == clang::UO_AddrOf) add(u->getSubExpr());
  } else if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    for (const clang::Decl* d : ds->decls())
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d))
        if (v->getType()->isReferenceType() && !v->getType().getNonReferenceType().isConstQualified() && v->hasInit())
          add(v->getInit());
  } else if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) {
    const clang::FunctionDecl* fd = c->getDirectCallee();
    unsigned shift = llvm::isa<clang::CXXOperatorCallExpr>(c) && llvm::isa_and_nonnull<clang::CXXMethodDecl>(fd) ? 1 : 0;
    if (shift) add(c->getArg(0));  // the object of a member operator
    if (const auto* mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(c)) add(mc->getImplicitObjectArgument());
    for (unsigned i = shift; fd && i < c->getNumArgs() && i - shift < fd->getNumParams(); ++i) {
      clang::QualType pt = fd->getParamDecl(i - shift)->getType();
      if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified()) add(c->getArg(i));
    }
  } else if (const auto* l = llvm::dyn_cast<clang::LambdaExpr>(s)) {
    for (const clang::LambdaCapture& cap : l->captures())
      if (cap.capturesVariable() && cap.getCaptureKind() == clang::LCK_ByRef)
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(cap.getCapturedVar()); v && !v->hasInit()) out.insert(v);
  }
  for (const clang::Stmt* c : s->children()) collectEscaping(c, out);
}


/// Whether s mentions v (a DeclRefExpr to it anywhere, lambda bodies included).
bool mentionsVar(const clang::Stmt* s, const clang::VarDecl* v) {
  if (!s) return false;
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(s); d && d->getDecl() == v) return true;
  if (const auto* l = llvm::dyn_cast<clang::LambdaExpr>(s)) {
    for (const clang::LambdaCapture& cap : l->captures())
      if (cap.capturesVariable() && cap.getCapturedVar() == v) return true;
    if (mentionsVar(l->getBody(), v)) return true;
  }
  for (const clang::Stmt* c : s->children())
    if (mentionsVar(c, v)) return true;
  return false;
}

/// Whether s holds a jump that may leave a loop body early or enter code from elsewhere
/// (break, continue, return, goto, a label, a case label).
bool hasJump(const clang::Stmt* s) {
  if (!s) return false;
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt, clang::ReturnStmt, clang::GotoStmt, clang::IndirectGotoStmt,
                clang::LabelStmt, clang::SwitchCase>(s))
    return true;
  for (const clang::Stmt* c : s->children())
    if (hasJump(c)) return true;
  return false;
}

/// Whether s holds a label or a case label (a jump into the statements after a declaration).
bool hasLabel(const clang::Stmt* s) {
  if (!s) return false;
  if (llvm::isa<clang::LabelStmt, clang::SwitchCase>(s)) return true;
  for (const clang::Stmt* c : s->children())
    if (hasLabel(c)) return true;
  return false;
}

/// `v.a.b` (dots only, rooted at v): its path ".a.b"; "" when e is not such a chain.
std::string memberPath(const clang::Expr* e, const clang::VarDecl* v) {
  e = e->IgnoreParens();
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) return d->getDecl() == v ? "." : "";
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    if (m->isArrow()) return "";
    const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
    if (!f) return "";
    std::string base = memberPath(m->getBase(), v);
    if (base.empty()) return "";
    return (base == "." ? "" : base) + "." + f->getNameAsString();
  }
  return "";
}

/// `a[i] = e` with a the variable v, i the variable i, e not mentioning v.
bool isCellAssign(const clang::Stmt* s, const clang::VarDecl* v, const clang::VarDecl* i) {
  const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s);
  if (!b || b->getOpcode() != clang::BO_Assign || mentionsVar(b->getRHS(), v)) return false;
  const auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(b->getLHS()->IgnoreParens());
  if (!sub) return false;
  const auto* a = llvm::dyn_cast<clang::DeclRefExpr>(sub->getBase()->IgnoreParenImpCasts());
  const auto* x = llvm::dyn_cast<clang::DeclRefExpr>(sub->getIdx()->IgnoreParenImpCasts());
  return a && x && a->getDecl() == v && x->getDecl() == i;
}

/// Whether s assigns i (`i = …`, `i += …`, `++i`, …) or takes its address.
bool assigns(const clang::Stmt* s, const clang::VarDecl* i) {
  if (!s) return false;
  auto isI = [&](const clang::Expr* e) {
    const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return d && d->getDecl() == i;
  };
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->isAssignmentOp() && isI(b->getLHS()))
    return true;
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s);
      u && (u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_AddrOf) && isI(u->getSubExpr()))
    return true;
  for (const clang::Stmt* c : s->children())
    if (assigns(c, i)) return true;
  return false;
}

/// `for (int i = 0; i < N; ++i) { … a[i] = e; … }` with N the array's length n: every cell of a
/// one-dimensional array v assigned, each before any other mention of v in the body, which has
/// no jump and leaves i alone.
bool fillsArray(const clang::ForStmt* f, const clang::VarDecl* v, uint64_t n, clang::ASTContext& ctx) {
  const clang::VarDecl* i = nullptr;
  const clang::Expr* start = nullptr;
  if (const auto* ds = llvm::dyn_cast_or_null<clang::DeclStmt>(f->getInit()); ds && ds->isSingleDecl()) {
    i = llvm::dyn_cast<clang::VarDecl>(ds->getSingleDecl());
    if (i) start = i->getInit();
  } else if (const auto* b = llvm::dyn_cast_or_null<clang::BinaryOperator>(f->getInit());
             b && b->getOpcode() == clang::BO_Assign) {
    if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts())) {
      i = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
      start = b->getRHS();
    }
  }
  if (!i || !start || !i->getType()->isIntegerType()) return false;
  clang::Expr::EvalResult s0;
  if (!start->EvaluateAsInt(s0, ctx) || s0.Val.getInt() != 0) return false;
  const auto* cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(f->getCond());
  if (!cond || cond->getOpcode() != clang::BO_LT) return false;
  const auto* ci = llvm::dyn_cast<clang::DeclRefExpr>(cond->getLHS()->IgnoreParenImpCasts());
  clang::Expr::EvalResult bound;
  if (!ci || ci->getDecl() != i || !cond->getRHS()->EvaluateAsInt(bound, ctx) ||
      bound.Val.getInt().getExtValue() != static_cast<int64_t>(n))
    return false;
  const clang::Expr* inc = f->getInc();
  bool step = false;
  if (const auto* u = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc))
    step = u->isIncrementOp() && llvm::isa<clang::DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts()) &&
           llvm::cast<clang::DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts())->getDecl() == i;
  else if (const auto* b = llvm::dyn_cast_or_null<clang::BinaryOperator>(inc); b && b->getOpcode() == clang::BO_AddAssign) {
    const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts());
    clang::Expr::EvalResult one;
    step = d && d->getDecl() == i && b->getRHS()->EvaluateAsInt(one, ctx) && one.Val.getInt() == 1;
  }
  if (!step || hasJump(f->getBody()) || assigns(f->getBody(), i)) return false;
  std::vector<const clang::Stmt*> body;
  if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(f->getBody()))
    body.assign(c->body_begin(), c->body_end());
  else
    body.push_back(f->getBody());
  for (const clang::Stmt* s : body) {
    if (isCellAssign(s, v, i)) return true;
    if (mentionsVar(s, v)) return false;
  }
  return false;
}

/// The walk of mayReadAggUninit over the statements after a struct local's or private
/// array's declaration.
struct AggWalk {
  const clang::VarDecl* vd;
  const Layout* l;        ///< a struct or vector: its layout; null for an array
  uint64_t arrayLen = 0;  ///< a one-dimensional array of scalars: its length
  std::set<uint64_t> need;
  clang::ASTContext& ctx;

  /// The components under path (".": all of them).
  std::set<uint64_t> under(const std::string& path) const {
    std::set<uint64_t> out;
    for (const Comp& c : l->comps)
      if (path == "." || c.path == path || c.path.rfind(path + ".", 0) == 0) out.insert(c.offset);
    return out;
  }
  /// Whether e reads only components of vd that done holds.
  bool readsOnly(const clang::Stmt* e, const std::set<uint64_t>& done) const {
    if (!e) return true;
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e); m && l) {
      std::string path = memberPath(m, vd);
      if (!path.empty()) {
        for (uint64_t c : under(path))
          if (!done.count(c)) return false;
        return true;
      }
    }
    if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e); d && d->getDecl() == vd) return false;
    if (llvm::isa<clang::LambdaExpr>(e)) return !mentionsVar(e, vd);
    for (const clang::Stmt* c : e->children())
      if (!readsOnly(c, done)) return false;
    return true;
  }
  static std::vector<const clang::Stmt*> stmts(const clang::Stmt* s) {
    if (const auto* c = llvm::dyn_cast_or_null<clang::CompoundStmt>(s)) return {c->body_begin(), c->body_end()};
    return {s};
  }
  /// 1: every cell assigned (before any read of it); -1: a cell may be read unassigned; 0: the
  /// end of the statements (done: the components assigned on every path).
  int walk(const std::vector<const clang::Stmt*>& list, std::set<uint64_t>& done) const {
    for (const clang::Stmt* s : list) {
      if (hasLabel(s)) return -1;
      if (!mentionsVar(s, vd)) continue;
      if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s); f && arrayLen && fillsArray(f, vd, arrayLen, ctx)) return 1;
      if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) {
        // Both branches assign (`if (c) s = a; else s = b;`): what both assign.
        if (!i->getElse() || i->getInit() || i->getConditionVariable() || mentionsVar(i->getCond(), vd) ||
            hasJump(i->getThen()) || hasJump(i->getElse()))
          return -1;
        std::set<uint64_t> d1 = done, d2 = done;
        int r1 = walk(stmts(i->getThen()), d1), r2 = walk(stmts(i->getElse()), d2);
        if (r1 < 0 || r2 < 0) return -1;
        if (r1 > 0 && r2 > 0) return 1;
        if (!l) return -1;
        if (r1 > 0) d1 = need;
        if (r2 > 0) d2 = need;
        done.clear();
        for (uint64_t c : d1)
          if (d2.count(c)) done.insert(c);
        if (done == need) return 1;
        continue;
      }
      if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s); c && !llvm::isa<clang::CXXOperatorCallExpr>(c)) {
        // cuRAND's `curand_init(seed, sub, offset, &state)` writes the whole state.
        const clang::FunctionDecl* fd = c->getDirectCallee();
        const auto* a = c->getNumArgs() ? llvm::dyn_cast<clang::UnaryOperator>(c->getArg(c->getNumArgs() - 1)->IgnoreParenImpCasts()) : nullptr;
        const auto* d = a && a->getOpcode() == clang::UO_AddrOf
                            ? llvm::dyn_cast<clang::DeclRefExpr>(a->getSubExpr()->IgnoreParens())
                            : nullptr;
        bool others = false;
        for (unsigned k = 0; k + 1 < c->getNumArgs(); ++k) others |= mentionsVar(c->getArg(k), vd);
        if (fd && c->getNumArgs() > 0 && fd->getName() == "curand_init" && d && d->getDecl() == vd && !others && l) return 1;
        return -1;
      }
      // `v.a.b = e;` (or `v = e;`, `v.a = e;` through a struct's trivial operator=), e reading
      // only assigned components.
      const clang::Expr *lhs = nullptr, *rhs = nullptr;
      if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->getOpcode() == clang::BO_Assign) {
        lhs = b->getLHS();
        rhs = b->getRHS();
      } else if (const auto* oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(s);
                 oc && oc->getOperator() == clang::OO_Equal && oc->getNumArgs() == 2 &&
                 llvm::isa_and_nonnull<clang::CXXMethodDecl>(oc->getDirectCallee()) &&
                 llvm::cast<clang::CXXMethodDecl>(oc->getDirectCallee())->isTrivial()) {
        lhs = oc->getArg(0);
        rhs = oc->getArg(1);
      }
      if (!l || !lhs || !readsOnly(rhs, done)) return -1;
      std::string path = memberPath(lhs, vd);
      if (path.empty()) return -1;
      for (uint64_t c : under(path)) done.insert(c);
      if (done == need) return 1;
    }
    return 0;
  }
};

}  // namespace

bool Lowerer::mayReadUninit(const clang::VarDecl* vd) {
  const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(vd->getParentFunctionOrMethod());
  if (!fd || !fd->getBody()) return true;
  auto it = uninitReads_.find(fd);
  if (it == uninitReads_.end()) {
    std::set<const clang::VarDecl*> vars;
    clang::AnalysisDeclContextManager mgr(ctx_);
    clang::AnalysisDeclContext* ac = mgr.getContext(fd);
    ac->getCFGBuildOptions().setAllAlwaysAdd();
    ac->getCFGBuildOptions().AddInitializers = true;
    if (const clang::CFG* cfg = ac->getCFG()) {
      UninitUses handler(vars);
      clang::UninitVariablesAnalysisStats stats{};
      clang::runUninitializedVariablesAnalysis(*fd, *cfg, *ac, handler, stats);
    } else {
      uninitAll_.insert(fd);  // no CFG: every variable without an initialiser may be read so
    }
    collectEscaping(fd->getBody(), vars);
    it = uninitReads_.emplace(fd, std::move(vars)).first;
  }
  return uninitAll_.count(fd) || it->second.count(vd);
}

bool Lowerer::mayReadAggUninit(const clang::VarDecl* vd, const Layout* l) {
  // The statements after the declaration, in its block: each either leaves the variable alone
  // or assigns cells of it without reading a cell not yet assigned, until every cell is
  // assigned. Anything else (a read, a call taking it, a loop of another shape, a label) ends
  // the walk: may read.
  const clang::DeclStmt* ds = nullptr;
  for (const clang::DynTypedNode& p : ctx_.getParents(*vd))
    if ((ds = p.get<clang::DeclStmt>())) break;
  if (!ds) return true;
  const clang::CompoundStmt* block = nullptr;
  for (const clang::DynTypedNode& p : ctx_.getParents(*ds))
    if ((block = p.get<clang::CompoundStmt>())) break;
  if (!block) return true;
  for (const clang::DynTypedNode& p : ctx_.getParents(*block))
    if (p.get<clang::SwitchStmt>()) return true;
  // A union lowered as bytes (LowerUnion.cpp): each member's bytes, under the member's path, so
  // that `c.u = x;` assigns the bytes `c.rgba.r` reads.
  Layout alias;
  if (const clang::RecordDecl* rd = vd->getType()->getAsRecordDecl(); l && rd && isByteUnion(rd)) {
    for (const clang::FieldDecl* f : rd->fields()) {
      Layout m;
      std::string why;
      if (!byteLayout(f->getType(), 0, fmt::format(".{}", f->getNameAsString()), m, why)) return true;
      for (Comp& c : m.comps) {
        for (size_t at; (at = c.path.find("..")) != std::string::npos;) c.path.erase(at, 1);  // anonymous members
        for (unsigned k = 0; k < std::max(1u, c.bytes); ++k) alias.comps.push_back(Comp{c.offset + k, c.type, c.path});
      }
    }
    l = &alias;
  }
  AggWalk w{vd, l, 0, {}, ctx_};
  if (l) {
    for (const Comp& c : l->comps) w.need.insert(c.offset);
  } else if (const auto* at = ctx_.getAsConstantArrayType(vd->getType());
             at && at->getElementType()->isScalarType()) {
    w.arrayLen = at->getSize().getZExtValue();
  }
  std::vector<const clang::Stmt*> rest;
  bool after = false;
  for (const clang::Stmt* s : block->body()) {
    if (s == ds) {
      after = true;
      // Later declarators of the same statement may read it (`int a[4], b = a[0];`).
      for (const clang::Decl* d : ds->decls())
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d); v && v != vd && mentionsVar(v->getInit(), vd)) return true;
      continue;
    }
    if (after) rest.push_back(s);
  }
  std::set<uint64_t> done;
  return w.walk(rest, done) < 0;
}

void Lowerer::noteArbitraryLocal(const clang::VarDecl* vd) {
  note(vd->getLocation(), fmt::format("'{}' may be read before it is assigned: it starts arbitrary (sdvmc run uses "
                                      "0, check explores the domain, prove leaves it free)",
                                      vd->getNameAsString()));
}

}  // namespace sdvmc::clangfe::lowering
