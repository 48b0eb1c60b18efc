// GPUVerify's annotations (part of the Lowerer, Lowerer.h; rows of the builtin table,
// Builtins.cpp): `__requires(e)` is `assume(e)` where it stands in the kernel and `assert(e)`
// in an inlined helper (a precondition of the call); `__ensures(e)` is `assert(e)` where the
// function's body ends (for the kernel, before the final barrier); `__assert`, `assert`,
// `__invariant` (in a loop guard: checked each time the head is evaluated) are `assert(e)`
// where they are evaluated, `__assume(e)` is `assume(e)`; the `__global_` forms are the same.
// (`__implies(a, b)` is a macro of the headers, Headers.cpp.)
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Expr.h>

namespace sdvmc::clangfe::lowering {

void Lowerer::annotation(const clang::CallExpr* c, Annotation a) {
  kpl::SourceRange r = range(c);
  switch (a) {
    case Annotation::Requires:
      // Assumed on entry to the kernel; at an inlined call, checked (GPUVerify's precondition).
      emitCheck(inst_->isKernel ? StmtKind::Assume : StmtKind::Assert, rvalue(c->getArg(0)), r);
      return;
    case Annotation::Ensures: inst_->ensures.push_back(c); return;  // emitEnsures
    case Annotation::Assert: emitCheck(StmtKind::Assert, rvalue(c->getArg(0)), r); return;
    case Annotation::Assume: emitCheck(StmtKind::Assume, rvalue(c->getArg(0)), r); return;
  }
}

void Lowerer::emitEnsures() {
  for (const clang::Expr* e : inst_->ensures) {
    const auto* c = llvm::cast<clang::CallExpr>(e);
    emitCheck(StmtKind::Assert, rvalue(c->getArg(0)), range(c));
  }
}

}  // namespace sdvmc::clangfe::lowering
