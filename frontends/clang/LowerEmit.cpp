// Emitting KPL (part of the Lowerer, Lowerer.h): the line:col of a Clang location in the
// kernel file, diagnostics, fresh names that no C name or KPL keyword takes, and the builders
// of KPL expressions and statements that every other part of the lowering emits with
// (statements go to out_, which capture() redirects).
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <cctype>
#include <functional>

namespace sdvmc::clangfe::lowering {

Lowerer::Lowerer(clang::ASTContext& ctx, Language lang, const LaunchOptions& launch, std::string path,
                 kpl::DiagnosticEngine& diags, const std::set<DynKey>& dynamic, std::string kernelRefError)
    : ctx_(ctx), sm_(ctx.getSourceManager()), lang_(lang), launch_(launch), kernelRefError_(std::move(kernelRefError)),
      path_(std::move(path)), diags_(diags),
      dynamic_(dynamic) {
  for (const char* k : {"threads", "group", "groups", "shared", "global", "param", "procedure", "main", "local",
                        "if", "else", "while", "break", "continue", "return", "barrier", "rd", "wr", "lid", "gid",
                        "assert", "assume", "true", "false", "skip", "mem", "udiv", "urem", "ult", "ule", "ugt",
                        "uge", "lshr"})
    used_.insert(k);
  for (unsigned a = 0; a <= static_cast<unsigned>(kpl::AtomicOp::Cas64); ++a)
    used_.insert(kpl::atomicOpName(static_cast<kpl::AtomicOp>(a)));
  for (unsigned w = 0; w <= static_cast<unsigned>(WideOp::DToULHi); ++w) used_.insert(kpl::wideOpName(static_cast<WideOp>(w)));
}

kpl::SourceLoc Lowerer::loc(clang::SourceLocation l) const {
  if (l.isInvalid()) return {};
  // Code of an included header inlined into the kernel (a library's, CUB's): at the innermost
  // call in the kernel's file being inlined, else at the #include.
  l = sm_.getFileLoc(userLoc(l));
  while (l.isValid() && sm_.getFileID(l) != sm_.getMainFileID())
    l = sm_.getFileLoc(sm_.getIncludeLoc(sm_.getFileID(l)));
  if (l.isInvalid()) return {};
  bool bad = false;
  unsigned line = sm_.getSpellingLineNumber(l, &bad);
  unsigned col = sm_.getSpellingColumnNumber(l, &bad);
  if (bad) return {};
  return kpl::SourceLoc{line, col};
}

kpl::SourceRange Lowerer::range(clang::SourceRange r) const {
  kpl::SourceRange out{loc(r.getBegin()), loc(r.getEnd())};
  clang::SourceLocation e = sm_.getFileLoc(r.getEnd());
  if (out.end.valid() && sm_.getFileID(e) == sm_.getMainFileID())
    out.end.col += clang::Lexer::MeasureTokenLength(e, sm_, ctx_.getLangOpts());
  if (!out.end.valid()) out.end = out.begin;
  return out;
}

kpl::SourceRange Lowerer::range(const clang::Stmt* s) const { return range(s->getSourceRange()); }

kpl::SourceRange Lowerer::range(const clang::Decl* d) const { return range(d->getSourceRange()); }

void Lowerer::unsupported(clang::SourceLocation l, const std::string& what) {
  kpl::SourceLoc at = loc(l);
  if (!at.valid()) at = kpl::SourceLoc{1, 1};
  diags_.error(at, "unsupported: " + what);
}

void Lowerer::unsupported(const clang::Stmt* s, const std::string& what) { unsupported(s->getBeginLoc(), what); }

void Lowerer::error(clang::SourceLocation l, const std::string& what) {
  kpl::SourceLoc at = loc(l);
  if (!at.valid()) at = kpl::SourceLoc{1, 1};
  diags_.error(at, what);
}

void Lowerer::note(clang::SourceLocation l, const std::string& what) {
  kpl::SourceLoc at = loc(l);
  if (!at.valid()) at = kpl::SourceLoc{1, 1};
  if (notes_.insert({at.line * 65536u + at.col, what}).second) diags_.note(at, what);
}

std::string Lowerer::fresh(const std::string& base) {
  std::string b = base.empty() ? "t" : base;
  for (char& ch : b)  // `operator+=_ret`, `Box::~Box`: KPL names are identifiers
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') ch = '_';
  if (!used_.count(b)) {
    used_.insert(b);
    return b;
  }
  for (unsigned i = 1;; ++i) {
    std::string n = b + "_" + std::to_string(i);
    if (!used_.count(n)) {
      used_.insert(n);
      return n;
    }
  }
}

std::string Lowerer::newLocal(const std::string& base) {
  std::string n = fresh(base);
  locals_.push_back(n);
  return n;
}

ExprPtr Lowerer::lit(int64_t v, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::IntLit;
  e->value = static_cast<int32_t>(static_cast<uint32_t>(v));
  e->range = r;
  return e;
}

ExprPtr Lowerer::nameExpr(const std::string& n, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Name;
  e->name = n;
  e->range = r;
  return e;
}

ExprPtr Lowerer::kindExpr(ExprKind k, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = k;
  e->range = r;
  return e;
}

ExprPtr Lowerer::un(UnaryOp op, ExprPtr a, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Unary;
  e->uop = op;
  e->range = r;
  e->operands.push_back(std::move(a));
  return e;
}

ExprPtr Lowerer::bin(BinaryOp op, ExprPtr a, ExprPtr b, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Binary;
  e->bop = op;
  e->range = r;
  e->operands.push_back(std::move(a));
  e->operands.push_back(std::move(b));
  return e;
}

ExprPtr Lowerer::cond(ExprPtr c, ExprPtr a, ExprPtr b, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Cond;
  e->range = r;
  e->operands.push_back(std::move(c));
  e->operands.push_back(std::move(a));
  e->operands.push_back(std::move(b));
  return e;
}

ExprPtr Lowerer::wop(WideOp op, std::vector<ExprPtr> ops, kpl::SourceRange r) {
  auto e = std::make_unique<kpl::Expr>();
  e->kind = ExprKind::Wide;
  e->wop = op;
  e->range = r;
  e->operands = std::move(ops);
  return e;
}

ExprPtr Lowerer::clone(const kpl::Expr& e) {
  return kpl::cloneExpr(e);  // an annotation builtin (other, log_offset, rd_all …) stays itself
}

bool Lowerer::isBoolish(const kpl::Expr& e) {
  if (e.kind == ExprKind::BoolLit) return true;
  if (e.kind == ExprKind::IntLit) return e.value == 0 || e.value == 1;
  if (e.kind == ExprKind::Unary) return e.uop == UnaryOp::LogNot;
  if (e.kind == ExprKind::Binary)
    switch (e.bop) {
      case BinaryOp::Lt: case BinaryOp::Le: case BinaryOp::Gt: case BinaryOp::Ge: case BinaryOp::Eq:
      case BinaryOp::Ne: case BinaryOp::LogAnd: case BinaryOp::LogOr: case BinaryOp::ULt: case BinaryOp::ULe:
      case BinaryOp::UGt: case BinaryOp::UGe: case BinaryOp::FLt: case BinaryOp::FLe: case BinaryOp::FGt:
      case BinaryOp::FGe: case BinaryOp::FEq: case BinaryOp::FNe:
        return true;
      default:
        return false;
    }
  if (e.kind == ExprKind::Cond) return isBoolish(*e.operands[1]) && isBoolish(*e.operands[2]);
  if (e.kind == ExprKind::Wide)
    return (e.wop >= WideOp::LEq && e.wop <= WideOp::LUGe) || (e.wop >= WideOp::DLt && e.wop <= WideOp::DNe);
  return false;
}

ExprPtr Lowerer::asBool(ExprPtr e, kpl::SourceRange r) {
  if (isBoolish(*e)) return e;
  return bin(BinaryOp::Ne, std::move(e), lit(0, r), r);
}

bool Lowerer::isSimple(const kpl::Expr& e) {
  return e.kind == ExprKind::IntLit || e.kind == ExprKind::BoolLit || e.kind == ExprKind::Lid ||
         e.kind == ExprKind::Gid;
}

ExprPtr Lowerer::add(ExprPtr a, ExprPtr b, kpl::SourceRange r) {
  if (isLit(*b, 0)) return a;
  if (isLit(*a, 0)) return b;
  if (a->kind == ExprKind::IntLit && b->kind == ExprKind::IntLit)
    return lit(static_cast<int64_t>(static_cast<uint32_t>(a->value) + static_cast<uint32_t>(b->value)), r);
  return bin(BinaryOp::Add, std::move(a), std::move(b), r);
}

ExprPtr Lowerer::mul(ExprPtr a, int64_t k, kpl::SourceRange r) {
  if (k == 1) return a;
  if (a->kind == ExprKind::IntLit) return lit(static_cast<int64_t>(static_cast<uint32_t>(a->value) * static_cast<uint32_t>(k)), r);
  return bin(BinaryOp::Mul, std::move(a), lit(k, r), r);
}

StmtPtr Lowerer::stmt(StmtKind k, kpl::SourceRange r) {
  auto s = std::make_unique<kpl::Stmt>();
  s->kind = k;
  s->range = r;
  return s;
}

void Lowerer::emitAssign(const std::string& target, ExprPtr e, kpl::SourceRange r) {
  auto s = stmt(StmtKind::Assign, r);
  s->target = kpl::Ident{target, r};
  s->exprs.push_back(std::move(e));
  emit(std::move(s));
}

void Lowerer::emitCheck(StmtKind k, ExprPtr e, kpl::SourceRange r) {
  auto s = stmt(k, r);
  s->exprs.push_back(std::move(e));
  emit(std::move(s));
}

StmtPtr Lowerer::block(std::vector<StmtPtr> body, kpl::SourceRange r) {
  auto s = stmt(StmtKind::Block, r);
  s->stmts = std::move(body);
  return s;
}

void Lowerer::emitIf(ExprPtr c, std::vector<StmtPtr> then, std::optional<std::vector<StmtPtr>> els, kpl::SourceRange r) {
  auto s = stmt(StmtKind::If, r);
  s->exprs.push_back(std::move(c));
  s->stmts.push_back(block(std::move(then), r));
  if (els) s->stmts.push_back(block(std::move(*els), r));
  emit(std::move(s));
}

void Lowerer::emitWhile(ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r) {
  auto s = stmt(StmtKind::While, r);
  s->exprs.push_back(std::move(c));
  s->stmts.push_back(block(std::move(body), r));
  emit(std::move(s));
}

std::vector<StmtPtr> Lowerer::capture(const std::function<void()>& f) {
  std::vector<StmtPtr> body;
  std::vector<StmtPtr>* saved = out_;
  out_ = &body;
  f();
  out_ = saved;
  return body;
}

ExprPtr Lowerer::snapshot(ExprPtr e, kpl::SourceRange r) {
  if (isSimple(*e)) return e;
  std::string t = temp();
  emitAssign(t, std::move(e), r);
  return nameExpr(t, r);
}

ExprPtr Lowerer::groupSizeExpr(kpl::SourceRange r) {
  ExprPtr n;
  for (unsigned d = 0; d < 3; ++d) {
    ExprPtr s = sizeExpr(launch_.localSize, d, r);
    if (isLit(*s, 1)) continue;
    n = n ? bin(BinaryOp::Mul, std::move(n), std::move(s), r) : std::move(s);
  }
  return n ? std::move(n) : lit(1, r);
}

ExprPtr Lowerer::arbitrary(kpl::SourceRange r) {
  if (arbArray_.empty()) {
    kpl::ArrayDecl a;
    a.name = kpl::Ident{fresh("__arbitrary"), r};
    a.range = r;
    a.unbounded = true;  // never written: every cell keeps its arbitrary initial value
    arbArray_ = a.name.name;
    arrays_.push_back(std::move(a));
    arbCounter_ = newLocal("_arb_n");
  }
  std::string t = temp();
  auto rd = stmt(StmtKind::Read, r);
  rd->target = kpl::Ident{t, r};
  rd->array = kpl::Ident{arbArray_, r};
  rd->exprs.push_back(add(bin(BinaryOp::Mul, nameExpr(arbCounter_, r), groupSizeExpr(r), r), kindExpr(ExprKind::Lid, r), r));
  emit(std::move(rd));
  emitAssign(arbCounter_, add(nameExpr(arbCounter_, r), lit(1, r), r), r);
  return nameExpr(t, r);
}

bool Lowerer::mentions(const kpl::Expr& e, const std::set<std::string>& names) {
  if (e.kind == ExprKind::Name && names.count(e.name)) return true;
  for (const ExprPtr& o : e.operands)
    if (mentions(*o, names)) return true;
  return false;
}

}  // namespace sdvmc::clangfe::lowering
