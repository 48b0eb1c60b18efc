// Signed overflow checks (part of the Lowerer, Lowerer.h): which signed `int`, `long` and
// `long long` additions, subtractions and multiplications of a CUDA kernel reach an address,
// so that they lower to KPL's nsw_add, nsw_sub, nsw_mul (64-bit: lnsw_add_lo/_hi …; an
// overflow is the verdict integer-overflow) instead of wrapping `+ - *`. Signed overflow is undefined in C++; in an index computation it is the
// commonest real bug of kernels run at production sizes (`int idx = row * hidden + col` with
// row * hidden beyond 2^31 - 1), which a 32-bit model that wraps hides.
//
// "Reaches an address" is a flow-insensitive data dependence over the kernel and every function
// it calls (README.md, "Signed overflow"):
//  - every operator inside the index of a subscript `p[e]` (of a pointer or an array, not a
//    vector) and inside the integer operand of pointer arithmetic (`p + e`, `p - e`, `p += e`,
//    `p -= e`) reaches an address, as does every variable read there and the value of every
//    call of a function with a body made there;
//  - a variable that reaches an address makes what is assigned to it reach one (its
//    initialiser, `v = e`, `v op= e`, and for a parameter every call's argument); so does a
//    function's value (the expressions it returns); an assignment to a struct field or a
//    private array's element counts as one to the variable;
//  - a compound assignment or `++`/`--` of such a variable is itself an operator that reaches
//    an address;
//  - memory reached through a pointer (`p[i]`, `*p`, `p->f`: global buffers, a pointer to
//    shared memory, a workspace) is one node, whatever the pointer: a value read from it
//    anywhere inside an address makes every value stored through a pointer (`p[i] = e`, `p[i]
//    op= e`, `p[i]++`, an atomic's operands) reach an address. Arrays and variables declared
//    in the kernel (`__shared__ int base;`, `__shared__ int off[4];`) are followed as variables.
// Values are followed through locals, parameters, returns and memory; not through references
// or pointers to locals.
//
// Also here: C's conversion of a float or double to an integer type, undefined when the value
// truncated is outside the type's range (NaN included; C11 6.3.1.4, C++ [conv.fpint], UBSan's
// float-cast-overflow), is checked under the same switch wherever it happens, not only in
// addresses: the value passes through KPL's fcvt_chk / dcvt_chk before the conversion.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>

#include <map>
#include <vector>

namespace sdvmc::clangfe::lowering {

namespace {

/// A value the dependence follows: a variable, a function's result, or an operator.
using Node = const void*;

/// The signed integer types whose + - * are checked: `int`, and the 64-bit `long` and `long
/// long` (int64_t, ptrdiff_t; the check is on with the 64-bit target only, where `long` is 64
/// bits). Unsigned types wrap; char and short are promoted to int before any arithmetic.
bool isIntType(clang::QualType t) {
  const auto* b = t.getCanonicalType()->getAs<clang::BuiltinType>();
  return b && (b->getKind() == clang::BuiltinType::Int || b->getKind() == clang::BuiltinType::Long ||
               b->getKind() == clang::BuiltinType::LongLong);
}

/// The signed + - * operators (and unary -, ++, --) of `int`, `long`, `long long`: the ones an
/// overflow check applies to.
bool isCheckedArith(const clang::Expr* e) {
  if (const auto* c = llvm::dyn_cast<clang::CompoundAssignOperator>(e)) {
    const clang::BinaryOperatorKind op = c->getOpcode();
    return (op == clang::BO_AddAssign || op == clang::BO_SubAssign || op == clang::BO_MulAssign) &&
           isIntType(c->getComputationResultType()) && !c->getLHS()->getType()->isPointerType();
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    const clang::BinaryOperatorKind op = b->getOpcode();
    return (op == clang::BO_Add || op == clang::BO_Sub || op == clang::BO_Mul) && isIntType(b->getType()) &&
           !b->getLHS()->getType()->isPointerType() && !b->getRHS()->getType()->isPointerType();
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e))
    return (u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_Minus) && isIntType(u->getType());
  return false;
}

/// The variable an assignment to `e` assigns: `v`, `v.f`, `v[i]` (a private array) → v.
const clang::VarDecl* assignedVar(const clang::Expr* e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
      if (m->isArrow()) return nullptr;
      e = m->getBase();
      continue;
    }
    if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      if (!s->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) return nullptr;
      e = s->getBase();
      continue;
    }
    return nullptr;
  }
}

class Dependence : public clang::RecursiveASTVisitor<Dependence> {
public:
  /// Walks `fn` and, once each, every function with a body it calls.
  void walk(const clang::FunctionDecl* fn) {
    if (!fn || !fn->hasBody() || !visited_.insert(fn).second) return;
    current_ = fn;
    pending_.push_back(fn);
    while (!pending_.empty()) {
      const clang::FunctionDecl* f = pending_.back();
      pending_.pop_back();
      current_ = f;
      if (const auto* cd = llvm::dyn_cast<clang::CXXConstructorDecl>(f))
        for (const clang::CXXCtorInitializer* init : cd->inits())  // a field initialised from a parameter
          if (init->getInit()) flowInto(cd, init->getInit());
      TraverseStmt(const_cast<clang::Stmt*>(f->getBody()));
    }
  }

  /// The checked operators that reach an address.
  std::set<const clang::Expr*> solve() {
    std::set<Node> marked;
    std::vector<Node> work;
    auto mark = [&](Node n) {
      if (marked.insert(n).second) work.push_back(n);
    };
    for (Node n : seeds_) mark(n);
    while (!work.empty()) {
      Node n = work.back();
      work.pop_back();
      auto [lo, hi] = flows_.equal_range(n);
      for (auto it = lo; it != hi; ++it) mark(it->second);
    }
    std::set<const clang::Expr*> out;
    for (Node n : marked)
      if (ops_.count(n)) out.insert(static_cast<const clang::Expr*>(n));
    return out;
  }

  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* s) {
    clang::QualType base = s->getBase()->IgnoreParenImpCasts()->getType();
    if (base->isPointerType() || base->isArrayType()) sources(s->getIdx(), seeds_);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* b) {
    const clang::BinaryOperatorKind op = b->getOpcode();
    const bool lp = b->getLHS()->getType()->isPointerType(), rp = b->getRHS()->getType()->isPointerType();
    if ((op == clang::BO_Add || op == clang::BO_Sub || op == clang::BO_AddAssign || op == clang::BO_SubAssign) &&
        lp != rp)
      sources(lp ? b->getRHS() : b->getLHS(), seeds_);
    if (b->isAssignmentOp() && !lp) {
      // A variable (or its field or element), else memory through a pointer.
      const clang::VarDecl* v = assignedVar(b->getLHS());
      const Node target = v ? Node(v) : throughPointer(b->getLHS()) ? memory() : nullptr;
      if (target) {
        flowInto(target, b->getRHS());
        if (isCheckedArith(b)) {
          ops_.insert(b);
          flows_.emplace(target, b);
        }
      }
    }
    if (isCheckedArith(b)) ops_.insert(b);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* u) {
    if (!isCheckedArith(u)) return true;
    ops_.insert(u);
    if (u->isIncrementDecrementOp()) {
      if (const clang::VarDecl* v = assignedVar(u->getSubExpr())) flows_.emplace(v, u);
      else if (throughPointer(u->getSubExpr())) flows_.emplace(memory(), u);
    }
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* v) {
    if (v->hasInit()) flowInto(v, v->getInit());
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt* r) {
    if (r->getRetValue()) flowInto(current_, r->getRetValue());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* c) {
    const clang::FunctionDecl* fd = c->getDirectCallee();
    if (fd && !fd->hasBody() && fd->getName().startswith("atomic"))  // atomicAdd(p, v) … store into memory
      for (const clang::Expr* arg : c->arguments())
        if (!arg->getType()->isPointerType()) flowInto(memory(), arg);
    if (!fd || !fd->hasBody()) return true;
    const unsigned shift = llvm::isa<clang::CXXOperatorCallExpr>(c) && llvm::isa<clang::CXXMethodDecl>(fd) ? 1 : 0;
    for (unsigned i = shift; i < c->getNumArgs() && i - shift < fd->getNumParams(); ++i)
      flowInto(fd->getParamDecl(i - shift), c->getArg(i));
    if (visited_.insert(fd).second) pending_.push_back(fd);
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* c) {
    const clang::CXXConstructorDecl* cd = c->getConstructor();
    if (!cd || !cd->hasBody()) return true;
    for (unsigned i = 0; i < c->getNumArgs() && i < cd->getNumParams(); ++i) flowInto(cd->getParamDecl(i), c->getArg(i));
    if (visited_.insert(cd).second) pending_.push_back(cd);
    return true;
  }

private:
  /// What `e`'s value depends on: its operators, the variables it reads, the results of the
  /// functions with bodies it calls (their arguments flow to their parameters instead).
  void sources(const clang::Stmt* s, std::vector<Node>& out) {
    if (!s) return;
    if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
      if (isCheckedArith(e)) out.push_back(e);
      if (throughPointer(e)) out.push_back(memory());  // a read of memory (its index is walked below)
      if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e))
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d->getDecl())) out.push_back(v);
      if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e))
        if (const clang::FunctionDecl* fd = c->getDirectCallee(); fd && fd->hasBody()) {
          out.push_back(fd);
          if (const auto* mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(c))  // the object's fields
            sources(mc->getImplicitObjectArgument(), out);
          return;
        }
      if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e))
        if (c->getConstructor() && c->getConstructor()->hasBody()) {
          out.push_back(c->getConstructor());
          return;
        }
    }
    for (const clang::Stmt* c : s->children()) sources(c, out);
  }

  /// The node of all memory reached through pointers.
  static Node memory() {
    static const char node = 0;
    return &node;
  }

  /// `p[i]`, `*p`, `p->f` with p a pointer (not an array or a variable declared here).
  static bool throughPointer(const clang::Expr* e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
      return s->getBase()->IgnoreParenImpCasts()->getType()->isPointerType();
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) return u->getOpcode() == clang::UO_Deref;
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return m->isArrow() || throughPointer(m->getBase());
    return false;
  }

  void flowInto(Node target, const clang::Expr* e) {
    std::vector<Node> src;
    sources(e, src);
    for (Node n : src) flows_.emplace(target, n);
  }

  const clang::FunctionDecl* current_ = nullptr;
  std::vector<const clang::FunctionDecl*> pending_;
  std::set<const clang::FunctionDecl*> visited_;
  std::vector<Node> seeds_;             ///< what reaches an address directly
  std::multimap<Node, Node> flows_;     ///< target → what its value depends on
  std::set<Node> ops_;                  ///< the checked operators met
};

}  // namespace

std::set<const clang::Expr*> addressArithmetic(const clang::FunctionDecl* kernel) {
  Dependence d;
  d.walk(kernel);
  return d.solve();
}

Val Lowerer::checkedConversion(Val v, IntType from, IntType to, kpl::SourceRange r) {
  if (!launch_.overflowCheck || !from.isFloat || to.isFloat || to.isBool) return v;
  // k: the destination's width, negative when it is signed (fcvt_chk's type code).
  const int64_t k = to.isSigned ? -static_cast<int64_t>(to.width) : static_cast<int64_t>(to.width);
  if (!isWide(from)) return Val{wideOp(WideOp::FCvtChk, r, std::move(v.lo), lit(k, r)), std::move(v.hi)};
  ExprPtr lo = atom(std::move(v.lo), r);  // dcvt_chk(h, l, k) passes h on; l is read again
  ExprPtr hi = wideOp(WideOp::DCvtChk, r, std::move(v.hi), clone(*lo), lit(k, r));
  return Val{std::move(lo), std::move(hi)};
}

}  // namespace sdvmc::clangfe::lowering
