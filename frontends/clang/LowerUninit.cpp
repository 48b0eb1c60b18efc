// Uninitialised locals (part of the Lowerer, Lowerer.h): which variables of a function may be
// read before they are assigned. Clang's uninitialised-values analysis (the one behind
// -Wuninitialized and -Wsometimes-uninitialized) runs on the function's CFG and reports every
// use that may see no assignment; a variable whose address escapes before it is assigned (`&x`
// passed on, a non-const reference bound to it) counts too, since what it points to may be
// read before anything writes it. Exactly those variables start arbitrary (declareLocal): the
// others keep KPL's 0, which no read can observe.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Analysis/Analyses/UninitializedValues.h>
#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/CFG.h>

#include <fmt/format.h>

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

void Lowerer::noteArbitraryLocal(const clang::VarDecl* vd) {
  note(vd->getLocation(), fmt::format("'{}' may be read before it is assigned: it starts arbitrary (sdvmc run uses "
                                      "0, check explores the domain, prove leaves it free)",
                                      vd->getNameAsString()));
}

}  // namespace sdvmc::clangfe::lowering
