// The lowering from Clang's AST to KPL (README.md in this folder states the rules).
//
// C expressions are flattened into KPL statements: every read of an array becomes a
// `t := rd(A, i);` before the expression that uses it, every side effect its own statement,
// in C's order of evaluation; what sits behind `&&`, `||` and `?:` runs under an `if` on the
// condition, so only the threads that evaluate it touch memory. Every C integer value is a
// 32-bit word kept normalised to its type (sign- or zero-extended from its width), so that
// C's conversions, promotions and wrap-around come out exactly. Calls are inlined (call by
// value); early exits (return, break and continue that KPL cannot express directly) go
// through one-shot loops and flags. Whatever cannot be translated exactly is reported as
// `unsupported: …` at its line:col.
#include "frontends/clang/Lowering.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <functional>
#include <map>
#include <set>

namespace sdvmc::clangfe {

namespace {

using kpl::BinaryOp;
using kpl::ExprKind;
using kpl::ExprPtr;
using kpl::StmtKind;
using kpl::StmtPtr;
using kpl::UnaryOp;
using kpl::WideOp;

/// A C integer type as the lowering models it: width in bits (1 for bool) and signedness.
/// Width 64 is a 64-bit type, a pair of words (long, unsigned long, or double when isFloat).
struct IntType {
  unsigned width = 32;
  bool isSigned = true;
  bool isBool = false;
  bool isFloat = false;  ///< `float`: the word holds its IEEE-754 single-precision bits
  bool hiWord = false;   ///< a component of a 64-bit vector element: its high word (the low word has it false)
};
bool isWide(IntType t) { return t.width == 64; }
/// One word of a 64-bit value, or a word read or written as raw bits.
constexpr IntType kRawWord{32, true, false, false};
/// How a component's cell is read or written: a word of a 64-bit element as raw bits.
IntType cellType(IntType t) { return isWide(t) ? kRawWord : t; }
/// Components (words) per element of a vector whose first component has type t.
size_t wordsPerElem(IntType t) { return isWide(t) ? 2 : 1; }
/// A 64-bit element's type, as its (low word) component carries it.
IntType elemOf(IntType t) {
  t.hiWord = false;
  return t;
}

/// A value of any modelled type: a word (hi null), or a 64-bit pair (high word, low word).
struct Val {
  ExprPtr lo;
  ExprPtr hi;
};

/// The bits of a float, as a word.
int64_t floatBits(float f) { return static_cast<int64_t>(std::bit_cast<uint32_t>(f)); }
constexpr int64_t kFloatOne = 0x3f800000;

/// Where cells live: a KPL array, or a private (per-thread) array lowered to locals, or (a
/// pointer that may point into several storages) whichever a local names at run time.
struct Storage {
  enum class Kind { Array, Private, Dynamic } kind = Kind::Array;
  std::string array;               ///< Array: the KPL array
  std::vector<std::string> cells;  ///< Private: one local per cell
  std::string base;                ///< Dynamic: the local holding the target's id (storage + 1; 0: none)
  std::set<int> targets;           ///< Dynamic: the Array/Private storages it may name
  std::set<int> follows;           ///< Dynamic: other Dynamic storages whose targets it may take
  IntType elem;                    ///< the cells' C type
  uint64_t elemBytes = 4;          ///< its size in bytes (pointer casts must keep it)
  std::string cName;               ///< for messages
};

/// A pointer value: a statically known storage and an offset in cells.
struct PtrVal {
  int storage = -1;  ///< index into storages_; -1 after an error; -2 the null pointer
  ExprPtr offset;
};

/// What a C variable became.
struct VarInfo {
  enum class Kind { Scalar, Pointer, Memory } kind = Kind::Scalar;
  std::string local;  ///< Scalar: the local (or kernel param); Pointer: the offset local
  int storage = -1;   ///< Pointer: its target (-1: not assigned yet); Memory: the variable's own storage
  std::string hi;     ///< Scalar of a 64-bit type: the local of the high word (`local` holds the low one)
  VarInfo() = default;
  VarInfo(Kind k, std::string l, int s, std::string h = "") : kind(k), local(std::move(l)), storage(s), hi(std::move(h)) {}
};

/// An lvalue: a local, or a cell of a storage.
struct LVal {
  enum class Kind { Local, Cell, Pointer, Invalid } kind = Kind::Invalid;
  std::string local;
  std::string localHi;     ///< Local of a 64-bit type: the high word's local
  VarInfo* var = nullptr;  ///< Local, Pointer: the variable
  int storage = -1;
  ExprPtr index;
  IntType type;
};

enum class JumpKind { Break, Continue, Return };
struct Jump {
  JumpKind kind;
  const void* target;  ///< the C loop or switch; for Return the inlined call's instance
  bool operator<(const Jump& o) const { return std::tie(kind, target) < std::tie(o.kind, o.target); }
  bool operator==(const Jump& o) const { return kind == o.kind && target == o.target; }
};

/// A KPL loop the lowering emitted, and which C jumps it implements directly.
struct Frame {
  std::map<Jump, StmtKind> direct;
  std::vector<std::pair<Jump, std::string>> escaped;  ///< jumps leaving through a flag
};

/// One inlined function body (or the kernel's).
struct Instance {
  const clang::FunctionDecl* fn = nullptr;
  std::map<const clang::VarDecl*, VarInfo> vars;
  std::string result;                        ///< the result local ("" for void)
  std::string resultHi;                      ///< a 64-bit result: its high word's local
  const clang::Stmt* tailReturn = nullptr;   ///< a return that needs no jump
  std::vector<const clang::Expr*> ensures;   ///< lowered as assertions where the body ends
  bool isKernel = false;
  int resultStorage = -1;                    ///< a struct or vector result: its cells
  int seq = 0;                               ///< which inlined call (0: the kernel), in lowering order
};

/// A pointer variable of one inlined body that needs a run-time base (it takes several arrays).
using DynKey = std::pair<const clang::VarDecl*, int>;

/// An access through a Dynamic storage: an empty block, filled with the if-chain over its
/// targets once every assignment of the pointer has been lowered.
struct Pending {
  enum class Kind { Read, Write, Atomic } kind = Kind::Read;
  kpl::Stmt* slot = nullptr;
  int storage = -1;
  ExprPtr index, value;
  IntType type;
  std::string target;  ///< Read, Atomic: the local receiving the value ("" for none)
  std::string target2;  ///< 64-bit Atomic: the local receiving the old low word (target: the high one)
  kpl::AtomicOp op = kpl::AtomicOp::Add;
  std::vector<ExprPtr> operands;
  kpl::SourceRange range;
  clang::SourceLocation at;
};

/// One scalar component of a struct or vector value: its cell offset, C type, and its path
/// (".a.b", ".x", ".s4") under the value.
struct Comp {
  uint64_t offset = 0;
  IntType type;
  std::string path;
};
/// A struct or vector type as cells: its scalar components and its size in cells (a
/// 3-component vector occupies 4).
struct Layout {
  std::vector<Comp> comps;
  uint64_t cells = 0;
};
/// A struct or vector value: one expression per component.
struct Agg {
  std::vector<ExprPtr> vals;
  std::vector<IntType> types;
  bool ok = true;
};
/// A struct or vector place: the cell its components are counted from, and the components
/// (a swizzle such as `v.yx` selects and reorders them).
struct AggPlace {
  LVal base;
  std::vector<Comp> comps;
  bool ok = false;
};

class Lowerer {
public:
  Lowerer(clang::ASTContext& ctx, Language lang, const LaunchOptions& launch, std::string path,
          kpl::DiagnosticEngine& diags, const std::set<DynKey>& dynamic)
      : ctx_(ctx), sm_(ctx.getSourceManager()), lang_(lang), launch_(launch), path_(std::move(path)), diags_(diags),
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

  std::optional<kpl::Program> run();
  /// Pointer variables found to take several arrays after accesses through them were lowered
  /// with a static base: lower again with these dynamic from their declaration.
  const std::set<DynKey>& discovered() const { return discovered_; }

private:
  // ---- source positions -------------------------------------------------------------
  kpl::SourceLoc loc(clang::SourceLocation l) const {
    if (l.isInvalid()) return {};
    l = sm_.getFileLoc(l);
    while (l.isValid() && sm_.getFileID(l) != sm_.getMainFileID())
      l = sm_.getFileLoc(sm_.getIncludeLoc(sm_.getFileID(l)));
    if (l.isInvalid()) return {};
    bool bad = false;
    unsigned line = sm_.getSpellingLineNumber(l, &bad);
    unsigned col = sm_.getSpellingColumnNumber(l, &bad);
    if (bad) return {};
    return kpl::SourceLoc{line, col};
  }
  kpl::SourceRange range(clang::SourceRange r) const {
    kpl::SourceRange out{loc(r.getBegin()), loc(r.getEnd())};
    clang::SourceLocation e = sm_.getFileLoc(r.getEnd());
    if (out.end.valid() && sm_.getFileID(e) == sm_.getMainFileID())
      out.end.col += clang::Lexer::MeasureTokenLength(e, sm_, ctx_.getLangOpts());
    if (!out.end.valid()) out.end = out.begin;
    return out;
  }
  kpl::SourceRange range(const clang::Stmt* s) const { return range(s->getSourceRange()); }
  kpl::SourceRange range(const clang::Decl* d) const { return range(d->getSourceRange()); }

  void unsupported(clang::SourceLocation l, const std::string& what) {
    kpl::SourceLoc at = loc(l);
    if (!at.valid()) at = kpl::SourceLoc{1, 1};
    diags_.error(at, "unsupported: " + what);
  }
  void unsupported(const clang::Stmt* s, const std::string& what) { unsupported(s->getBeginLoc(), what); }
  void error(clang::SourceLocation l, const std::string& what) {
    kpl::SourceLoc at = loc(l);
    if (!at.valid()) at = kpl::SourceLoc{1, 1};
    diags_.error(at, what);
  }

  // ---- names --------------------------------------------------------------------------
  std::string fresh(const std::string& base) {
    std::string b = base.empty() ? "t" : base;
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
  std::string newLocal(const std::string& base) {
    std::string n = fresh(base);
    locals_.push_back(n);
    return n;
  }
  std::string temp() { return newLocal("_t"); }

  // ---- KPL builders -------------------------------------------------------------------
  static ExprPtr lit(int64_t v, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::IntLit;
    e->value = static_cast<int32_t>(static_cast<uint32_t>(v));
    e->range = r;
    return e;
  }
  static ExprPtr nameExpr(const std::string& n, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::Name;
    e->name = n;
    e->range = r;
    return e;
  }
  static ExprPtr kindExpr(ExprKind k, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = k;
    e->range = r;
    return e;
  }
  static ExprPtr un(UnaryOp op, ExprPtr a, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::Unary;
    e->uop = op;
    e->range = r;
    e->operands.push_back(std::move(a));
    return e;
  }
  static ExprPtr bin(BinaryOp op, ExprPtr a, ExprPtr b, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::Binary;
    e->bop = op;
    e->range = r;
    e->operands.push_back(std::move(a));
    e->operands.push_back(std::move(b));
    return e;
  }
  static ExprPtr cond(ExprPtr c, ExprPtr a, ExprPtr b, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::Cond;
    e->range = r;
    e->operands.push_back(std::move(c));
    e->operands.push_back(std::move(a));
    e->operands.push_back(std::move(b));
    return e;
  }
  /// A 64-bit builtin applied to its operands.
  static ExprPtr wop(WideOp op, std::vector<ExprPtr> ops, kpl::SourceRange r) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = ExprKind::Wide;
    e->wop = op;
    e->range = r;
    e->operands = std::move(ops);
    return e;
  }
  static ExprPtr clone(const kpl::Expr& e) {
    auto c = std::make_unique<kpl::Expr>();
    c->kind = e.kind;
    c->range = e.range;
    c->value = e.value;
    c->name = e.name;
    c->uop = e.uop;
    c->bop = e.bop;
    c->wop = e.wop;
    for (const ExprPtr& o : e.operands) c->operands.push_back(clone(*o));
    return c;
  }
  /// Whether an expression's value is always 0 or 1 (so `!= 0` would change nothing).
  static bool isBoolish(const kpl::Expr& e) {
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
  /// `e != 0`, unless e is already 0 or 1.
  static ExprPtr asBool(ExprPtr e, kpl::SourceRange r) {
    if (isBoolish(*e)) return e;
    return bin(BinaryOp::Ne, std::move(e), lit(0, r), r);
  }
  static bool isLit(const kpl::Expr& e, int32_t v) { return e.kind == ExprKind::IntLit && e.value == v; }
  static bool isSimple(const kpl::Expr& e) {
    return e.kind == ExprKind::IntLit || e.kind == ExprKind::BoolLit || e.kind == ExprKind::Lid ||
           e.kind == ExprKind::Gid;
  }
  /// a + b, folding literal zeros.
  static ExprPtr add(ExprPtr a, ExprPtr b, kpl::SourceRange r) {
    if (isLit(*b, 0)) return a;
    if (isLit(*a, 0)) return b;
    if (a->kind == ExprKind::IntLit && b->kind == ExprKind::IntLit)
      return lit(static_cast<int64_t>(static_cast<uint32_t>(a->value) + static_cast<uint32_t>(b->value)), r);
    return bin(BinaryOp::Add, std::move(a), std::move(b), r);
  }
  static ExprPtr mul(ExprPtr a, int64_t k, kpl::SourceRange r) {
    if (k == 1) return a;
    if (a->kind == ExprKind::IntLit) return lit(static_cast<int64_t>(static_cast<uint32_t>(a->value) * static_cast<uint32_t>(k)), r);
    return bin(BinaryOp::Mul, std::move(a), lit(k, r), r);
  }
  static StmtPtr stmt(StmtKind k, kpl::SourceRange r) {
    auto s = std::make_unique<kpl::Stmt>();
    s->kind = k;
    s->range = r;
    return s;
  }
  void emit(StmtPtr s) { out_->push_back(std::move(s)); }
  void emitAssign(const std::string& target, ExprPtr e, kpl::SourceRange r) {
    auto s = stmt(StmtKind::Assign, r);
    s->target = kpl::Ident{target, r};
    s->exprs.push_back(std::move(e));
    emit(std::move(s));
  }
  void emitSimple(StmtKind k, kpl::SourceRange r) { emit(stmt(k, r)); }
  void emitCheck(StmtKind k, ExprPtr e, kpl::SourceRange r) {
    auto s = stmt(k, r);
    s->exprs.push_back(std::move(e));
    emit(std::move(s));
  }
  StmtPtr block(std::vector<StmtPtr> body, kpl::SourceRange r) {
    auto s = stmt(StmtKind::Block, r);
    s->stmts = std::move(body);
    return s;
  }
  void emitIf(ExprPtr c, std::vector<StmtPtr> then, std::optional<std::vector<StmtPtr>> els, kpl::SourceRange r) {
    auto s = stmt(StmtKind::If, r);
    s->exprs.push_back(std::move(c));
    s->stmts.push_back(block(std::move(then), r));
    if (els) s->stmts.push_back(block(std::move(*els), r));
    emit(std::move(s));
  }
  void emitWhile(ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r) {
    auto s = stmt(StmtKind::While, r);
    s->exprs.push_back(std::move(c));
    s->stmts.push_back(block(std::move(body), r));
    emit(std::move(s));
  }

  /// Runs `f` with the emitted statements going to a fresh list, which it returns.
  std::vector<StmtPtr> capture(const std::function<void()>& f) {
    std::vector<StmtPtr> body;
    std::vector<StmtPtr>* saved = out_;
    out_ = &body;
    f();
    out_ = saved;
    return body;
  }
  /// Snapshots a value into a temporary unless it is a literal.
  ExprPtr snapshot(ExprPtr e, kpl::SourceRange r) {
    if (isSimple(*e)) return e;
    std::string t = temp();
    emitAssign(t, std::move(e), r);
    return nameExpr(t, r);
  }

  /// The amount of a shift: OpenCL C 1.2 §6.3(j) uses only its low log2(N) bits, N the width
  /// of the promoted left operand (32: every type the lowering models promotes to a word);
  /// CUDA keeps C's rule (an amount outside 0..31 is KPL's shift-out-of-range).
  ExprPtr shiftAmount(ExprPtr n, kpl::SourceRange r, int32_t width = 32) {
    if (lang_ != Language::OpenCL) return n;
    if (n->kind == ExprKind::IntLit) return lit(n->value & (width - 1), r);
    return bin(BinaryOp::BitAnd, std::move(n), lit(width - 1, r), r);
  }

  // ---- types --------------------------------------------------------------------------
  std::optional<IntType> intType(clang::QualType t) const {
    t = t.getCanonicalType().getUnqualifiedType();
    if (const auto* et = t->getAs<clang::EnumType>()) t = et->getDecl()->getIntegerType().getCanonicalType();
    if (t->isBooleanType()) return IntType{1, false, true};
    if (const auto* bt = t->getAs<clang::BuiltinType>(); bt && bt->getKind() == clang::BuiltinType::Float)
      return IntType{32, true, false, true};
    if (!t->isIntegerType()) return std::nullopt;
    uint64_t w = ctx_.getTypeSize(t);
    if (w > 32) return std::nullopt;
    return IntType{static_cast<unsigned>(w), t->isSignedIntegerType(), false};
  }
  /// A 64-bit type (a pair of words): long long (CUDA), long (OpenCL), their unsigned forms, double.
  std::optional<IntType> wideType(clang::QualType t) const {
    t = t.getCanonicalType().getUnqualifiedType();
    if (const auto* et = t->getAs<clang::EnumType>()) t = et->getDecl()->getIntegerType().getCanonicalType();
    // double, and long double where it is the same format (CUDA's device).
    if (const auto* bt = t->getAs<clang::BuiltinType>();
        bt && (bt->getKind() == clang::BuiltinType::Double || bt->getKind() == clang::BuiltinType::LongDouble))
      return &ctx_.getFloatTypeSemantics(t) == &llvm::APFloat::IEEEdouble() ? std::optional<IntType>(IntType{64, true, false, true})
                                                                           : std::nullopt;
    if (t->isIntegerType() && !t->isBooleanType() && ctx_.getTypeSize(t) == 64) return IntType{64, t->isSignedIntegerType(), false};
    return std::nullopt;
  }
  bool isWideType(clang::QualType t) const { return wideType(t).has_value(); }
  /// A word or 64-bit type.
  std::optional<IntType> valType(clang::QualType t) const {
    if (auto it = intType(t)) return it;
    return wideType(t);
  }
  /// The type of a place: a struct is a run of cells (IntType{} stands for it).
  IntType placeType(clang::QualType t, clang::SourceLocation at) {
    if (isAgg(t)) return IntType{};
    if (auto wt = wideType(t)) return *wt;
    return intTypeOr(t, at);
  }
  IntType intTypeOr(clang::QualType t, clang::SourceLocation at) {
    if (auto it = intType(t)) return *it;
    unsupported(at, "type '" + t.getAsString() + "'" + typeReason(t));
    return IntType{};
  }
  std::string typeReason(clang::QualType t) const {
    t = t.getCanonicalType();
    if (t->isRealFloatingType())
      return ctx_.getTypeSize(t) > 64   ? " (floating point wider than 64 bits)"
             : ctx_.getTypeSize(t) > 32 ? " (64-bit floating point)"
                                        : " (floating point narrower than float)";
    if (t->isIntegerType()) return " (wider than 32 bits)";
    if (t->isVectorType()) return " (vector type)";
    if (t->isRecordType()) return " (struct or union)";
    return "";
  }
  /// A struct's cells: one per (flattened) field, whatever the field's C width — the model's
  /// layout is word-per-field, not C's bytes. nullopt (after a diagnostic) for unions, bit-fields,
  /// and fields of other types.
  std::optional<uint64_t> structCells(clang::QualType t, clang::SourceLocation at) {
    t = t.getCanonicalType();
    const auto* rt = t->getAs<clang::RecordType>();
    if (!rt) return std::nullopt;
    const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
    if (!rd || rd->isUnion()) {
      unsupported(at, "type '" + t.getAsString() + "' (" + (rd ? "union" : "incomplete struct") + ")");
      return std::nullopt;
    }
    if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(rd); cxx && (cxx->getNumBases() > 0 || cxx->isPolymorphic())) {
      unsupported(at, "type '" + t.getAsString() + "' (a class with bases or virtual functions)");
      return std::nullopt;
    }
    uint64_t n = 0;
    for (const clang::FieldDecl* f : rd->fields()) {
      if (f->isBitField()) {
        unsupported(at, "bit-field '" + f->getNameAsString() + "' of '" + t.getAsString() + "'");
        return std::nullopt;
      }
      clang::QualType ft = f->getType().getCanonicalType();
      if (ft->isRecordType()) {
        auto c = structCells(ft, at);
        if (!c) return std::nullopt;
        n += *c;
      } else if (ft->isVectorType()) {
        auto c = vectorCells(ft, at);
        if (!c) return std::nullopt;
        n += *c;
      } else if (intType(ft)) {
        n += 1;
      } else if (isWideType(ft)) {
        n += 2;  // low word, high word
      } else {
        unsupported(at, "field '" + f->getNameAsString() + "' of type '" + f->getType().getAsString() + "'" +
                            typeReason(ft) + " in '" + t.getAsString() + "'");
        return std::nullopt;
      }
    }
    if (n == 0) {
      unsupported(at, "empty struct '" + t.getAsString() + "'");
      return std::nullopt;
    }
    return n;
  }
  /// The cell offset of a field within its struct (structCells succeeded on the struct).
  uint64_t fieldOffset(const clang::FieldDecl* fd, clang::SourceLocation at) {
    uint64_t off = 0;
    for (const clang::FieldDecl* f : fd->getParent()->fields()) {
      if (f == fd) return off;
      clang::QualType ft = f->getType().getCanonicalType();
      off += valueCells(ft, at);
    }
    return off;
  }
  /// Cells of one value of type t: a struct's field count, a vector's (padded) size, else 1.
  uint64_t valueCells(clang::QualType t, clang::SourceLocation at) {
    if (t.getCanonicalType()->isRecordType()) return structCells(t, at).value_or(1);
    if (t.getCanonicalType()->isVectorType()) return vectorCells(t, at).value_or(1);
    if (isWideType(t)) return 2;
    return 1;
  }
  static bool isAgg(clang::QualType t) {
    t = t.getCanonicalType();
    return t->isRecordType() || t->isVectorType();
  }
  /// A vector's cells: one per component, a 3-component vector 4 (OpenCL's size and alignment).
  std::optional<uint64_t> vectorCells(clang::QualType t, clang::SourceLocation at) {
    const auto* vt = t.getCanonicalType()->getAs<clang::VectorType>();
    if (!vt) return std::nullopt;
    auto et = intType(vt->getElementType());
    unsigned n = vt->getNumElements();
    if (isWideType(vt->getElementType())) return (n == 3 ? 4u : n) * 2;  // two words per element
    if (!et || et->isBool) {
      clang::QualType e = vt->getElementType();
      unsupported(at, "vector type '" + t.getAsString() + "' (elements of type '" + e.getAsString() + "'" +
                          typeReason(e) + ")");
      return std::nullopt;
    }
    return n == 3 ? 4u : n;
  }
  static std::string vectorCompName(unsigned i, unsigned n) {
    static const char* xyzw[] = {"x", "y", "z", "w"};
    if (n <= 4) return xyzw[i];
    return "s" + std::string(1, "0123456789abcdef"[i & 15]);
  }
  bool layoutInto(clang::QualType t, uint64_t base, const std::string& path, Layout& out, clang::SourceLocation at) {
    clang::QualType written = t.getUnqualifiedType();
    t = t.getCanonicalType().getUnqualifiedType();
    if (const auto* vt = t->getAs<clang::VectorType>()) {
      if (!vectorCells(written, at)) return false;
      unsigned n = vt->getNumElements();
      if (auto wt = wideType(vt->getElementType())) {
        // A 64-bit element: its low word, then its high word (little-endian), elements consecutive.
        IntType hi = *wt;
        hi.hiWord = true;
        for (unsigned i = 0; i < n; ++i) {
          std::string cp = path + "." + vectorCompName(i, n);
          out.comps.push_back(Comp{base + 2 * i, *wt, cp + ".lo"});
          out.comps.push_back(Comp{base + 2 * i + 1, hi, cp + ".hi"});
        }
        return true;
      }
      IntType et = *intType(vt->getElementType());
      for (unsigned i = 0; i < n; ++i) out.comps.push_back(Comp{base + i, et, path + "." + vectorCompName(i, n)});
      return true;
    }
    if (t->isRecordType()) {
      if (!structCells(t, at)) return false;
      const clang::RecordDecl* rd = t->getAs<clang::RecordType>()->getDecl()->getDefinition();
      uint64_t off = base;
      for (const clang::FieldDecl* f : rd->fields()) {
        clang::QualType ft = f->getType().getCanonicalType();
        std::string fp = path + "." + f->getNameAsString();
        if (isAgg(ft)) {
          if (!layoutInto(ft, off, fp, out, at)) return false;
          off += valueCells(ft, at);
        } else if (isWideType(ft)) {
          // A 64-bit field: its low word, then its high word (little-endian).
          out.comps.push_back(Comp{off, kRawWord, fp + ".lo"});
          out.comps.push_back(Comp{off + 1, kRawWord, fp + ".hi"});
          off += 2;
        } else {
          out.comps.push_back(Comp{off, *intType(ft), fp});
          off += 1;
        }
      }
      return true;
    }
    auto it = intType(t);
    if (!it) {
      unsupported(at, "type '" + t.getAsString() + "'" + typeReason(t));
      return false;
    }
    out.comps.push_back(Comp{base, *it, path});
    return true;
  }
  std::optional<Layout> layoutOf(clang::QualType t, clang::SourceLocation at) {
    Layout l;
    if (!layoutInto(t, 0, "", l, at)) return std::nullopt;
    l.cells = valueCells(t, at);
    return l;
  }

  /// The scalar element type and cell count of an array type (1 for a scalar).
  bool cellsOf(clang::QualType t, IntType& elem, uint64_t& count, uint64_t& elemBytes, clang::SourceLocation at,
               bool allowIncomplete = false) {
    count = 1;
    t = t.getCanonicalType();
    while (t->isArrayType()) {
      if (const auto* ca = ctx_.getAsConstantArrayType(t)) {
        count *= ca->getSize().getZExtValue();
        t = ca->getElementType().getCanonicalType();
      } else if (allowIncomplete && t->isIncompleteArrayType() && count == 1) {
        t = ctx_.getAsArrayType(t)->getElementType().getCanonicalType();
        count = 0;
        allowIncomplete = false;
      } else {
        unsupported(at, "array type '" + t.getAsString() + "' (variable length)");
        return false;
      }
    }
    if (t->isRecordType()) {
      auto n = structCells(t, at);
      if (!n) return false;
      count *= *n;
      elem = IntType{};
      elemBytes = ctx_.getTypeSizeInChars(t).getQuantity();
      return true;
    }
    if (t->isVectorType()) {
      auto n = vectorCells(t, at);
      if (!n) return false;
      count *= *n;
      clang::QualType et = t->getAs<clang::VectorType>()->getElementType();
      elem = *valType(et);
      elemBytes = ctx_.getTypeSizeInChars(et).getQuantity();
      return true;
    }
    if (auto wt = wideType(t)) {  // two cells, low word first
      count *= 2;
      elem = *wt;
      elemBytes = 8;
      return true;
    }
    auto it = intType(t);
    if (!it) {
      unsupported(at, "element type '" + t.getAsString() + "'" + typeReason(t));
      return false;
    }
    elem = *it;
    elemBytes = ctx_.getTypeSizeInChars(t).getQuantity();
    return true;
  }
  /// Records, for reports, the path of each cell within an element of `array` whose C type
  /// (arrays of it included) is `t`, when an element takes several cells.
  void recordCellPaths(const std::string& array, clang::QualType t, clang::SourceLocation at) {
    t = t.getCanonicalType();
    while (const clang::ArrayType* a = ctx_.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
    std::vector<std::string> paths;
    if (isAgg(t)) {
      std::optional<Layout> l = layoutOf(t, at);
      if (!l || l->cells < 2) return;
      paths.assign(l->cells, "");
      for (const Comp& c : l->comps)
        if (c.offset < paths.size()) paths[c.offset] = c.path;
      for (size_t i = 0; i < paths.size(); ++i)
        if (paths[i].empty()) paths[i] = " (padding)";
    } else if (isWideType(t)) {
      paths = {".lo", ".hi"};
    } else {
      return;
    }
    cellPaths_[array] = std::move(paths);
  }
  /// Cells per element of a pointer's pointee (1 for scalars, N for arrays of N).
  uint64_t pointeeCells(clang::QualType pointee, clang::SourceLocation at) {
    IntType e;
    uint64_t count = 1, bytes = 4;
    if (!cellsOf(pointee, e, count, bytes, at)) return 1;
    return count == 0 ? 1 : count;
  }

  /// Re-normalises a word to a C type: sign/zero extension from its width, bool as != 0.
  ExprPtr normalize(ExprPtr e, IntType t, kpl::SourceRange r) {
    if (t.isBool) return asBool(std::move(e), r);
    if (t.width >= 32) return e;
    if (e->kind == ExprKind::IntLit) {
      uint32_t v = static_cast<uint32_t>(e->value);
      uint32_t mask = (1u << t.width) - 1;
      v &= mask;
      if (t.isSigned && (v >> (t.width - 1)) != 0) v |= ~mask;
      return lit(v, r);
    }
    if (!t.isSigned) return bin(BinaryOp::BitAnd, std::move(e), lit((1u << t.width) - 1, r), r);
    int sh = 32 - static_cast<int>(t.width);
    return bin(BinaryOp::Shr, bin(BinaryOp::Shl, std::move(e), lit(sh, r), r), lit(sh, r), r);
  }
  /// Whether every value of `from` is a value of `to` (so the word needs no change).
  static bool fits(IntType from, IntType to) {
    if (from.isFloat || to.isFloat) return from.isFloat && to.isFloat;
    if (to.isBool) return from.isBool;
    if (from.isBool) return true;
    if (to.width >= 32) return true;  // a 32-bit word: conversion is the identity on bits
    if (from.isSigned == to.isSigned) return from.width <= to.width;
    if (!from.isSigned) return from.width < to.width;
    return false;
  }
  ExprPtr convert(ExprPtr e, IntType from, IntType to, kpl::SourceRange r) {
    if (fits(from, to)) return e;
    if (to.isFloat) {
      // int, unsigned, char, short, bool → float (a normalised word: its value is exact).
      bool sgn = from.isSigned && !from.isBool;
      if (e->kind == ExprKind::IntLit)
        return lit(floatBits(sgn ? static_cast<float>(e->value) : static_cast<float>(static_cast<uint32_t>(e->value))), r);
      return un(sgn ? UnaryOp::IToF : UnaryOp::UToF, std::move(e), r);
    }
    if (from.isFloat) {
      // float → bool is `!= 0` (ordered: NaN is true); → an integer truncates toward zero (a
      // value outside the type's range is undefined in C; KPL's ftoi/ftou give INT_MIN / 0,
      // and narrower types keep the low bits).
      if (to.isBool) return bin(BinaryOp::FNe, std::move(e), lit(0, r), r);
      bool toU = !to.isSigned && to.width >= 32;
      return normalize(un(toU ? UnaryOp::FToU : UnaryOp::FToI, std::move(e), r), to, r);
    }
    return normalize(std::move(e), to, r);
  }
  /// A cell's word read as another type of the same size (through a cast pointer): float
  /// and integer types share the bits; integers convert as C does.
  ExprPtr reinterpret(ExprPtr e, IntType from, IntType to, kpl::SourceRange r) {
    if (from.isFloat || to.isFloat) return to.isFloat ? std::move(e) : normalize(std::move(e), to, r);
    return convert(std::move(e), from, to, r);
  }
  /// The KPL operator of a C binary operator on floats.
  BinaryOp floatOp(clang::BinaryOperatorKind op, clang::SourceLocation at) {
    switch (op) {
      case clang::BO_Mul: case clang::BO_MulAssign: return BinaryOp::FMul;
      case clang::BO_Div: case clang::BO_DivAssign: return BinaryOp::FDiv;
      case clang::BO_Add: case clang::BO_AddAssign: return BinaryOp::FAdd;
      case clang::BO_Sub: case clang::BO_SubAssign: return BinaryOp::FSub;
      case clang::BO_LT: return BinaryOp::FLt;
      case clang::BO_GT: return BinaryOp::FGt;
      case clang::BO_LE: return BinaryOp::FLe;
      case clang::BO_GE: return BinaryOp::FGe;
      case clang::BO_EQ: return BinaryOp::FEq;
      case clang::BO_NE: return BinaryOp::FNe;
      default: break;
    }
    unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' on float");
    return BinaryOp::FAdd;
  }
  bool isFloat(clang::QualType t) const {
    auto it = intType(t);
    return it && it->isFloat;
  }

  // ---- launch geometry ----------------------------------------------------------------
  // Sizes are KPL's `ldim(d)` / `ngroups(d)` (the launch's values when sdvmc runs the
  // kernel; arbitrary in `sdvmc prove`), except in a dimension the launch has as 1, which
  // stays the literal 1 (and its id 0): a proof covers the launches of that shape.
  ExprPtr localId(unsigned d, kpl::SourceRange r) { return splitId(launch_.localSize, d, ExprKind::Lid, r); }
  ExprPtr groupId(unsigned d, kpl::SourceRange r) { return splitId(launch_.numGroups, d, ExprKind::Gid, r); }
  ExprPtr sizeExpr(const std::array<uint32_t, 3>& n, unsigned d, kpl::SourceRange r) {
    if (d > 2 || n[d] == 1) return lit(1, r);
    ExprPtr e = kindExpr(&n == &launch_.localSize ? ExprKind::LocalSize : ExprKind::NumGroups, r);
    e->value = static_cast<int32_t>(d);
    return e;
  }
  ExprPtr splitId(const std::array<uint32_t, 3>& n, unsigned d, ExprKind flat, kpl::SourceRange r) {
    if (d > 2 || n[d] == 1) return lit(0, r);
    ExprPtr below;  // the product of the sizes of the dimensions under d (null: 1)
    for (unsigned i = 0; i < d; ++i) {
      if (n[i] == 1) continue;
      ExprPtr s = sizeExpr(n, i, r);
      below = below ? bin(BinaryOp::Mul, std::move(below), std::move(s), r) : std::move(s);
    }
    bool above = false;  // a dimension over d that is not 1
    for (unsigned i = d + 1; i < 3; ++i) above |= n[i] != 1;
    ExprPtr e = kindExpr(flat, r);
    if (below) e = bin(BinaryOp::Div, std::move(e), std::move(below), r);
    if (above) e = bin(BinaryOp::Rem, std::move(e), sizeExpr(n, d, r), r);
    return e;
  }
  ExprPtr globalId(unsigned d, kpl::SourceRange r) {
    if (d > 2) return lit(0, r);
    ExprPtr g = groupId(d, r);
    ExprPtr l = localId(d, r);
    if (isLit(*g, 0)) return l;
    ExprPtr size = sizeExpr(launch_.localSize, d, r);
    ExprPtr scaled = isLit(*size, 1) ? std::move(g) : bin(BinaryOp::Mul, std::move(g), std::move(size), r);
    return add(std::move(scaled), std::move(l), r);
  }

  // ---- storages -----------------------------------------------------------------------
  int addStorage(Storage s) {
    storages_.push_back(std::move(s));
    return static_cast<int>(storages_.size()) - 1;
  }
  std::optional<uint32_t> bufferSize(const std::string& name) {
    for (const auto& [n, size] : launch_.buffers)
      if (n == name) {
        usedBuffers_.insert(n);
        return size;
      }
    return std::nullopt;
  }
  /// An array in KPL memory for a C variable or pointer parameter.
  int declareArray(const std::string& cName, IntType elem, uint64_t elemBytes, uint64_t cells, bool global,
                   kpl::SourceRange r, clang::SourceLocation at, const clang::Expr* init = nullptr) {
    kpl::ArrayDecl a;
    a.name = kpl::Ident{fresh(cName), r};
    if (a.name.name != cName) renamed_[a.name.name] = cName;
    a.range = r;
    a.global = global;
    if (cells == 0) {
      if (auto size = bufferSize(cName)) {
        a.size = *size;
      } else {
        a.unbounded = true;
      }
    } else if (cells > (1u << 24)) {
      unsupported(at, "array '" + cName + "' of " + std::to_string(cells) + " cells (KPL arrays have at most 2^24)");
      a.size = 1;
    } else {
      a.size = static_cast<uint32_t>(cells);
    }
    if (init && a.size != 0 && !a.unbounded) {
      std::vector<std::optional<int32_t>> values(a.size, 0);
      size_t next = 0;
      flattenInit(init, elem, values, next);
      a.init = std::move(values);
      a.initRange = range(init);
    }
    arrays_.push_back(std::move(a));
    Storage s;
    s.kind = Storage::Kind::Array;
    s.array = arrays_.back().name.name;
    s.elem = elem;
    s.elemBytes = elemBytes;
    s.cName = cName;
    return addStorage(std::move(s));
  }
  void flattenInit(const clang::Expr* init, IntType elem, std::vector<std::optional<int32_t>>& values, size_t& next) {
    const clang::Expr* asWritten = init;
    init = init->IgnoreImplicit();
    if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(init)) {
      // A list for an array: its elements, then zeros to the array's size.
      size_t start = next;
      uint64_t span = 1;
      IntType e;
      uint64_t bytes = 4;
      cellsOf(list->getType(), e, span, bytes, list->getBeginLoc());
      for (unsigned i = 0; i < list->getNumInits(); ++i) flattenInit(list->getInit(i), elem, values, next);
      if (list->getType()->isArrayType()) next = std::max(next, start + span);
      return;
    }
    if (const auto* filler = llvm::dyn_cast<clang::ImplicitValueInitExpr>(init)) {
      uint64_t span = 1;
      IntType e;
      uint64_t bytes = 4;
      cellsOf(filler->getType(), e, span, bytes, filler->getBeginLoc());
      next += span;
      return;
    }
    if (auto wt = wideType(asWritten->getType())) {
      // A 64-bit element or field: two cells, low word first.
      std::optional<uint64_t> bits;
      if (wt->isFloat) {
        llvm::APFloat f(0.0);
        if (asWritten->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEdouble())
          bits = f.bitcastToAPInt().getZExtValue();
      } else if (clang::Expr::EvalResult res; asWritten->EvaluateAsInt(res, ctx_)) {
        bits = res.Val.getInt().extOrTrunc(64).getZExtValue();
      }
      if (!bits) unsupported(init, "an initialiser that is not a constant");
      uint64_t b = bits.value_or(0);
      if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(b));
      if (next + 1 < values.size()) values[next + 1] = static_cast<int32_t>(static_cast<uint32_t>(b >> 32));
      next += 2;
      return;
    }
    if (elem.isFloat) {
      llvm::APFloat f(0.0f);
      if (!isFloat(asWritten->getType()) || !asWritten->EvaluateAsFloat(f, ctx_)) {
        unsupported(init, "an initialiser that is not a constant float");
        ++next;
        return;
      }
      if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(f.bitcastToAPInt().getZExtValue()));
      ++next;
      return;
    }
    clang::Expr::EvalResult result;
    if (!init->EvaluateAsInt(result, ctx_)) {
      unsupported(init, "an initialiser that is not a constant integer");
      ++next;
      return;
    }
    if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(result.Val.getInt().getExtValue()));
    ++next;
  }
  /// The storage of a program-scope or __shared__/__local variable, made on first use.
  int globalStorage(const clang::VarDecl* vd, clang::SourceLocation at) {
    auto it = globalVars_.find(vd);
    if (it != globalVars_.end()) return it->second;
    IntType elem;
    uint64_t cells = 1, bytes = 4;
    int id = -1;
    if (cellsOf(vd->getType(), elem, cells, bytes, vd->getLocation(), /*allowIncomplete=*/true)) {
      bool shared = isSharedVar(vd);
      const clang::Expr* init = vd->hasInit() ? vd->getInit() : nullptr;
      if (shared && init) {
        unsupported(vd->getLocation(), "an initialiser on shared variable '" + vd->getNameAsString() + "'");
        init = nullptr;
      }
      id = declareArray(vd->getNameAsString(), elem, bytes, cells, !shared, range(vd), at, init);
      recordCellPaths(arrays_.back().name.name, vd->getType(), vd->getLocation());
    }
    globalVars_[vd] = id;
    return id;
  }
  bool isSharedVar(const clang::VarDecl* vd) const {
    if (vd->hasAttr<clang::CUDASharedAttr>()) return true;
    return vd->getType().getAddressSpace() == clang::LangAS::opencl_local;
  }
  bool isMemoryVar(const clang::VarDecl* vd) const {
    if (isSharedVar(vd)) return true;
    if (vd->hasGlobalStorage()) return true;
    clang::LangAS as = vd->getType().getAddressSpace();
    return as == clang::LangAS::opencl_constant || as == clang::LangAS::opencl_global;
  }

  // ---- memory access ------------------------------------------------------------------
  ExprPtr readCell(int storage, ExprPtr index, IntType as, kpl::SourceRange r) {
    if (storage == -2) {
      emitCheck(StmtKind::Assert, lit(0, r), r);  // dereference of the null pointer
      return lit(0, r);
    }
    if (storage < 0) return lit(0, r);
    const Storage& s = storages_[static_cast<size_t>(storage)];
    if (s.kind == Storage::Kind::Dynamic) {
      Pending& pd = defer(Pending::Kind::Read, storage, std::move(index), as, r);
      pd.target = temp();
      return nameExpr(pd.target, r);
    }
    if (s.kind == Storage::Kind::Private) {
      size_t n = s.cells.size();
      if (index->kind == ExprKind::IntLit) {
        if (index->value < 0 || static_cast<size_t>(index->value) >= n) {
          emitCheck(StmtKind::Assert, lit(0, r), r);
          return lit(0, r);
        }
        return reinterpret(nameExpr(s.cells[static_cast<size_t>(index->value)], r), s.elem, as, r);
      }
      ExprPtr idx = snapshot(std::move(index), r);
      emitBoundsCheck(*idx, n, r);
      ExprPtr e = nameExpr(s.cells[n - 1], r);
      for (size_t i = n - 1; i-- > 0;)
        e = cond(bin(BinaryOp::Eq, clone(*idx), lit(static_cast<int64_t>(i), r), r), nameExpr(s.cells[i], r), std::move(e), r);
      return reinterpret(std::move(e), s.elem, as, r);
    }
    std::string t = temp();
    auto rd = stmt(StmtKind::Read, r);
    rd->target = kpl::Ident{t, r};
    rd->array = kpl::Ident{s.array, r};
    rd->exprs.push_back(std::move(index));
    emit(std::move(rd));
    // Memory holds arbitrary words: a narrow type is normalised after every read.
    if (as.isBool || as.width < 32) emitAssign(t, normalize(nameExpr(t, r), as, r), r);
    return nameExpr(t, r);
  }
  void writeCell(int storage, ExprPtr index, ExprPtr value, IntType as, kpl::SourceRange r) {
    if (storage == -2) {
      emitCheck(StmtKind::Assert, lit(0, r), r);
      return;
    }
    if (storage < 0) return;
    const Storage& s = storages_[static_cast<size_t>(storage)];
    if (s.kind == Storage::Kind::Dynamic) {
      defer(Pending::Kind::Write, storage, std::move(index), as, r).value = std::move(value);
      return;
    }
    if (s.kind == Storage::Kind::Private) {
      size_t n = s.cells.size();
      value = reinterpret(std::move(value), as, s.elem, r);
      if (index->kind == ExprKind::IntLit) {
        if (index->value < 0 || static_cast<size_t>(index->value) >= n) {
          emitCheck(StmtKind::Assert, lit(0, r), r);
          return;
        }
        emitAssign(s.cells[static_cast<size_t>(index->value)], std::move(value), r);
        return;
      }
      ExprPtr idx = snapshot(std::move(index), r);
      ExprPtr v = snapshot(std::move(value), r);
      emitBoundsCheck(*idx, n, r);
      // if (i == 0) c0 := v; else if (i == 1) c1 := v; …
      std::vector<StmtPtr> chain;
      for (size_t i = n; i-- > 0;) {
        std::vector<StmtPtr> then;
        auto as = stmt(StmtKind::Assign, r);
        as->target = kpl::Ident{s.cells[i], r};
        as->exprs.push_back(clone(*v));
        then.push_back(std::move(as));
        if (i == n - 1) {
          chain = std::move(then);
          continue;
        }
        auto ifs = stmt(StmtKind::If, r);
        ifs->exprs.push_back(bin(BinaryOp::Eq, clone(*idx), lit(static_cast<int64_t>(i), r), r));
        ifs->stmts.push_back(block(std::move(then), r));
        ifs->stmts.push_back(block(std::move(chain), r));
        chain.clear();
        chain.push_back(std::move(ifs));
      }
      for (StmtPtr& st : chain) emit(std::move(st));
      return;
    }
    auto wr = stmt(StmtKind::Write, r);
    wr->array = kpl::Ident{s.array, r};
    wr->exprs.push_back(std::move(index));
    wr->exprs.push_back(std::move(value));  // reads normalise; any word may be stored
    emit(std::move(wr));
  }
  Pending& defer(Pending::Kind k, int storage, ExprPtr index, IntType as, kpl::SourceRange r) {
    auto slot = stmt(StmtKind::Block, r);
    Pending pd;
    pd.kind = k;
    pd.slot = slot.get();
    pd.storage = storage;
    pd.index = std::move(index);
    pd.type = as;
    pd.range = r;
    emit(std::move(slot));
    pending_.push_back(std::move(pd));
    return pending_.back();
  }
  /// A pointer's base as a value: a storage's id + 1, 0 for NULL, a Dynamic storage's local.
  ExprPtr baseOf(int storage, kpl::SourceRange r) {
    if (storage < 0) return lit(0, r);
    const Storage& s = storages_[static_cast<size_t>(storage)];
    if (s.kind == Storage::Kind::Dynamic) return nameExpr(s.base, r);
    return lit(storage + 1, r);
  }
  bool isDynamic(int storage) const {
    return storage >= 0 && storages_[static_cast<size_t>(storage)].kind == Storage::Kind::Dynamic;
  }
  /// A fresh Dynamic storage (its base local starts at 0: no target).
  int newDynamic(const std::string& cName) {
    Storage s;
    s.kind = Storage::Kind::Dynamic;
    s.cName = cName;
    s.base = newLocal(cName.empty() ? "_base" : cName + "_base");
    return addStorage(std::move(s));
  }
  /// Lets Dynamic storage `d` take what pointer value `from` names.
  void addTarget(int d, int from) {
    Storage& s = storages_[static_cast<size_t>(d)];
    if (from < 0 || from == d) return;
    if (storages_[static_cast<size_t>(from)].kind == Storage::Kind::Dynamic)
      s.follows.insert(from);
    else
      s.targets.insert(from);
  }
  void finishDynamic();
  void emitBoundsCheck(const kpl::Expr& idx, size_t n, kpl::SourceRange r) {
    emitCheck(StmtKind::Assert,
              bin(BinaryOp::LogAnd, bin(BinaryOp::Ge, clone(idx), lit(0, r), r),
                  bin(BinaryOp::Lt, clone(idx), lit(static_cast<int64_t>(n), r), r), r),
              r);
  }

  ExprPtr load(LVal& lv, kpl::SourceRange r) {
    switch (lv.kind) {
      case LVal::Kind::Local: return nameExpr(lv.local, r);
      case LVal::Kind::Cell: return readCell(lv.storage, clone(*lv.index), lv.type, r);
      case LVal::Kind::Pointer:
      case LVal::Kind::Invalid: return lit(0, r);
    }
    return lit(0, r);
  }
  /// Stores a value already converted to the lvalue's type.
  void store(LVal& lv, ExprPtr v, kpl::SourceRange r) {
    switch (lv.kind) {
      case LVal::Kind::Local: emitAssign(lv.local, std::move(v), r); return;
      case LVal::Kind::Cell: writeCell(lv.storage, clone(*lv.index), std::move(v), lv.type, r); return;
      case LVal::Kind::Pointer:
      case LVal::Kind::Invalid: return;
    }
  }

  // ---- variables ----------------------------------------------------------------------
  VarInfo* lookup(const clang::VarDecl* vd) {
    auto it = inst_->vars.find(vd);
    return it == inst_->vars.end() ? nullptr : &it->second;
  }
  void declareLocal(const clang::VarDecl* vd);

  // ---- expressions --------------------------------------------------------------------
  ExprPtr rvalue(const clang::Expr* e, bool need = true);
  ExprPtr rvalueBinary(const clang::BinaryOperator* b, bool need);
  ExprPtr rvalueAssign(const clang::BinaryOperator* b, bool need);
  ExprPtr rvalueIncDec(const clang::UnaryOperator* u, bool need);
  ExprPtr rvalueCast(const clang::CastExpr* c, bool need);
  ExprPtr logical(const clang::Expr* lhs, const clang::Expr* rhs, bool isAnd, kpl::SourceRange r);
  ExprPtr conditional(const clang::AbstractConditionalOperator* c, bool need);
  ExprPtr truth(const clang::Expr* e);
  ExprPtr condition(const clang::Expr* e);
  BinaryOp arithOp(clang::BinaryOperatorKind op, bool isUnsigned, clang::SourceLocation at);
  LVal lvalue(const clang::Expr* e);
  PtrVal pointer(const clang::Expr* e);
  void assignPointer(VarInfo& var, PtrVal p, const clang::VarDecl* vd, clang::SourceLocation at, kpl::SourceRange r);
  ExprPtr call(const clang::CallExpr* c, bool need);
  ExprPtr builtinCall(const clang::CallExpr* c, const std::string& name, bool need, bool& handled);
  ExprPtr atomic(const clang::CallExpr* c, kpl::AtomicOp op, bool need, unsigned operands);
  Val atomic64(const clang::CallExpr* c, const std::string& name, bool need);
  ExprPtr syncVote(const clang::CallExpr* c, const std::string& name);
  ExprPtr inlineCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult = nullptr);
  ExprPtr memberId(const clang::MemberExpr* m);
  std::optional<unsigned> dimArg(const clang::CallExpr* c);

  // ---- 64-bit values (pairs of words; KPL's 64-bit builtins) ----------------------------
  static WideOp hiOf(WideOp lo) { return static_cast<WideOp>(static_cast<unsigned>(lo) + 1); }
  template <typename... E>
  static ExprPtr wideOp(WideOp op, kpl::SourceRange r, E... ops) {
    std::vector<ExprPtr> v;
    (v.push_back(std::move(ops)), ...);
    return wop(op, std::move(v), r);
  }
  static bool isAtom(const kpl::Expr& e) { return isSimple(e) || e.kind == ExprKind::Name; }
  /// A literal or a name stays; anything else goes into a temporary (it is used twice).
  ExprPtr atom(ExprPtr e, kpl::SourceRange r) { return isAtom(*e) ? std::move(e) : snapshot(std::move(e), r); }
  Val atoms(Val v, kpl::SourceRange r) {
    v.lo = atom(std::move(v.lo), r);
    if (v.hi) v.hi = atom(std::move(v.hi), r);
    return v;
  }
  Val snapVal(Val v, kpl::SourceRange r) {
    v.lo = snapshot(std::move(v.lo), r);
    if (v.hi) v.hi = snapshot(std::move(v.hi), r);
    return v;
  }
  static Val cloneVal(const Val& v) { return Val{clone(*v.lo), v.hi ? clone(*v.hi) : nullptr}; }
  static Val wideLit(uint64_t bits, kpl::SourceRange r) {
    return Val{lit(static_cast<int64_t>(bits & 0xffffffffu), r), lit(static_cast<int64_t>(bits >> 32), r)};
  }
  static Val zeroOf(bool wide, kpl::SourceRange r) { return Val{lit(0, r), wide ? lit(0, r) : nullptr}; }
  /// OP_lo and OP_hi of (a, b), each operand a pair.
  Val widePair(WideOp lo, Val a, Val b, kpl::SourceRange r) {
    a = atoms(std::move(a), r);
    b = atoms(std::move(b), r);
    ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo));
    ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo));
    return Val{std::move(l), std::move(h)};
  }
  /// OP_lo and OP_hi of one pair.
  Val wideUnary(WideOp lo, Val a, kpl::SourceRange r) {
    a = atoms(std::move(a), r);
    ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo));
    ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo));
    return Val{std::move(l), std::move(h)};
  }
  /// OP_lo and OP_hi of one word (a conversion to 64 bits).
  Val wideFromWord(WideOp lo, ExprPtr x, kpl::SourceRange r) {
    x = atom(std::move(x), r);
    ExprPtr l = wideOp(lo, r, clone(*x));
    ExprPtr h = wideOp(hiOf(lo), r, clone(*x));
    return Val{std::move(l), std::move(h)};
  }
  Val convertVal(Val v, IntType from, IntType to, kpl::SourceRange r);
  Val loadVal(LVal& lv, kpl::SourceRange r);
  void storeVal(LVal& lv, Val v, kpl::SourceRange r);
  Val anyValue(const clang::Expr* e, bool need = true) {
    if (isWideType(e->getType())) return wvalue(e, need);
    return Val{rvalue(e, need), nullptr};
  }
  Val wvalue(const clang::Expr* e, bool need = true);
  Val wcast(const clang::CastExpr* c, bool need);
  Val wbinary(const clang::BinaryOperator* b, bool need);
  Val assignVal(const clang::BinaryOperator* b, bool need);
  Val incDecVal(const clang::UnaryOperator* u, bool need);
  Val wconditional(const clang::AbstractConditionalOperator* c, bool need);
  Val wcall(const clang::CallExpr* c, bool need);
  Val arithVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at, kpl::SourceRange r);
  ExprPtr wideCompare(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                      kpl::SourceRange r);
  ExprPtr shiftAmountOf(const clang::Expr* e, int32_t width, kpl::SourceRange r);
  std::optional<Val> wideConvert(const clang::CallExpr* c, const std::string& name, bool need);
  /// An index or a pointer offset: a 64-bit one is taken modulo 2^32, as the 32-bit
  /// target's address arithmetic does.
  ExprPtr wordIndex(const clang::Expr* e) {
    if (isWideType(e->getType())) return std::move(wvalue(e).lo);
    return rvalue(e);
  }

  // ---- structs and vectors (Aggregates.cpp's part of the lowering) ---------------------
  int newPrivate(const std::string& base, const Layout& l, const std::string& cName);
  AggPlace privatePlace(int storage, const Layout& l, kpl::SourceRange r);
  Agg aggValue(const clang::Expr* e);
  AggPlace aggPlace(const clang::Expr* e);
  Agg loadAgg(const AggPlace& p, kpl::SourceRange r);
  void storeAgg(const AggPlace& p, Agg& v, kpl::SourceRange r);
  Agg aggZeros(clang::QualType t, clang::SourceLocation at, kpl::SourceRange r);
  Agg aggBinary(const clang::BinaryOperator* b);
  Agg aggConditional(const clang::ConditionalOperator* c);
  Agg vload(const clang::CallExpr* c, unsigned n);
  void vstore(const clang::CallExpr* c, unsigned n);
  ExprPtr vecElemOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, IntType t, clang::SourceLocation at,
                    kpl::SourceRange r);
  Val vecElemVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at, kpl::SourceRange r);
  /// A vector value's elements: each a word, or (64-bit elements) two components, low word first.
  static size_t elemCount(const Agg& a) { return a.types.empty() ? 0 : a.vals.size() / wordsPerElem(a.types[0]); }
  static IntType elemType(const Agg& a) { return a.types.empty() ? IntType{} : elemOf(a.types[0]); }
  static Val takeElem(Agg& a, size_t j) {
    size_t per = wordsPerElem(a.types[0]);
    return Val{std::move(a.vals[j * per]), per == 2 ? std::move(a.vals[j * per + 1]) : nullptr};
  }
  static void pushElem(Agg& a, Val v, IntType t, kpl::SourceRange r) {
    t.hiWord = false;
    a.vals.push_back(std::move(v.lo));
    a.types.push_back(t);
    if (isWide(t)) {
      a.vals.push_back(v.hi ? std::move(v.hi) : lit(0, r));
      t.hiWord = true;
      a.types.push_back(t);
    }
  }
  /// Whether the most significant bit of a vector element is set (a 64-bit one: its high word's).
  ExprPtr elemMsb(Val k, IntType t, kpl::SourceRange r) {
    if (isWide(t)) return bin(BinaryOp::Lt, std::move(k.hi), lit(0, r), r);
    return msbSet(std::move(k.lo), t, r);
  }
  /// Chooses x where c holds, else y, in every word of an element.
  Val chooseVal(ExprPtr c, Val x, Val y, kpl::SourceRange r) {
    if (!x.hi) return Val{cond(std::move(c), std::move(x.lo), std::move(y.lo), r), nullptr};
    c = atom(std::move(c), r);
    return Val{cond(clone(*c), std::move(x.lo), std::move(y.lo), r), cond(std::move(c), std::move(x.hi), std::move(y.hi), r)};
  }
  // OpenCL's select, convert_T and as_T (vectors and scalars).
  static ExprPtr msbSet(ExprPtr v, IntType t, kpl::SourceRange r);
  static bool parseConvert(const std::string& name, bool& sat, char& rounding);
  ExprPtr convertElem(ExprPtr v, IntType from, IntType to, bool sat, char rounding, const clang::Expr* at,
                      kpl::SourceRange r);
  ExprPtr scalarVectorBuiltin(const clang::CallExpr* c, const std::string& name, bool& handled);
  Agg vectorBuiltin(const clang::CallExpr* c, const std::string& name, bool& handled);
  Agg asType(const clang::AsTypeExpr* as);
  bool assignTrivially(const clang::CXXMethodDecl* m) const {
    return m && (m->isCopyAssignmentOperator() || m->isMoveAssignmentOperator()) && m->isTrivial();
  }
  static bool mentions(const kpl::Expr& e, const std::set<std::string>& names) {
    if (e.kind == ExprKind::Name && names.count(e.name)) return true;
    for (const ExprPtr& o : e.operands)
      if (mentions(*o, names)) return true;
    return false;
  }

  // ---- statements ---------------------------------------------------------------------
  void lowerStmt(const clang::Stmt* s);
  void lowerLoop(const clang::Stmt* loop, const clang::Stmt* init, const clang::Expr* condExpr,
                 const clang::Expr* inc, const clang::Stmt* body, bool isDo);
  void lowerSwitch(const clang::SwitchStmt* s);
  void lowerJump(Jump j, kpl::SourceRange r);
  /// Emits `while (c) body` as the frame's KPL loop, with its flags reset before and
  /// checked after.
  void closeFrame(Frame frame, ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r);
  void lowerFunctionBody(const clang::FunctionDecl* fd, kpl::SourceRange r);

  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  Language lang_;
  const LaunchOptions& launch_;
  std::string path_;
  kpl::DiagnosticEngine& diags_;

  std::set<std::string> used_;
  std::vector<std::string> locals_;
  std::vector<kpl::ArrayDecl> arrays_;
  std::map<std::string, std::vector<std::string>> cellPaths_;  ///< KPL array → Program::cellPaths
  std::vector<kpl::Ident> params_;
  std::vector<Storage> storages_;
  std::map<const clang::VarDecl*, int> globalVars_;
  std::set<std::string> usedBuffers_;
  std::map<std::string, std::string> renamed_;  ///< KPL name → C name, for params and arrays
  std::set<const clang::VarDecl*> modified_;
  std::vector<StmtPtr>* out_ = nullptr;
  std::vector<Frame> frames_;
  Instance* inst_ = nullptr;
  std::vector<const clang::FunctionDecl*> callStack_;
  int lastAggResult_ = -1;  ///< the result storage of the last inlined call returning a struct or vector
  std::string voteArray_;   ///< the hidden shared array of __syncthreads_count/_and/_or ("" until used)
  const std::set<DynKey>& dynamic_;  ///< pointer variables lowered with a run-time base
  std::set<DynKey> discovered_;      ///< pointer variables found to need one (lower again)
  std::vector<Pending> pending_;
  int instances_ = 0;
  std::map<const clang::Stmt*, const clang::Stmt*> jumpTargets_;  ///< break/continue -> loop or switch
};

// ---- helpers over Clang's AST ---------------------------------------------------------

const clang::VarDecl* refVar(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::VarDecl>(d->getDecl());
  return nullptr;
}

/// Every variable assigned after its declaration (they need a local, not a KPL param).
void collectModified(const clang::Stmt* s, std::set<const clang::VarDecl*>& out) {
  if (!s) return;
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s)) {
    if (b->isAssignmentOp())
      if (const clang::VarDecl* v = refVar(b->getLHS())) out.insert(v);
  } else if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_AddrOf)
      if (const clang::VarDecl* v = refVar(u->getSubExpr())) out.insert(v);
  }
  for (const clang::Stmt* c : s->children()) collectModified(c, out);
}

/// Whether function `fn` assigns variable `vd` anywhere in its body.
bool assignedIn(const clang::FunctionDecl* fn, const clang::VarDecl* vd) {
  std::set<const clang::VarDecl*> m;
  if (fn && fn->getBody()) collectModified(fn->getBody(), m);
  return m.count(vd) != 0;
}

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


// ---- variables ------------------------------------------------------------------------

void Lowerer::declareLocal(const clang::VarDecl* vd) {
  kpl::SourceRange r = range(vd);
  const std::string cname = vd->getNameAsString();
  if (vd->isStaticLocal() && !isSharedVar(vd)) {
    unsupported(vd->getLocation(), "static local variable '" + cname + "'");
    return;
  }
  if (isMemoryVar(vd)) {
    globalStorage(vd, vd->getLocation());
    return;
  }
  clang::QualType t = vd->getType();
  if (t->isPointerType()) {
    VarInfo& v = inst_->vars[vd];
    v = VarInfo{VarInfo::Kind::Pointer, newLocal(cname), -1};
    if (dynamic_.count(DynKey{vd, inst_->seq})) {
      v.storage = newDynamic(cname);
      emitAssign(storages_[static_cast<size_t>(v.storage)].base, lit(0, r), r);  // each time the declaration runs
    }
    pointeeCells(t->getPointeeType(), vd->getLocation());
    if (vd->hasInit()) assignPointer(v, pointer(vd->getInit()), vd, vd->getLocation(), r);
    return;
  }
  if (t->isArrayType()) {
    // A private array: one local per cell, indexed through an if-chain.
    IntType elem;
    uint64_t cells = 1, bytes = 4;
    if (!cellsOf(t, elem, cells, bytes, vd->getLocation())) return;
    if (cells == 0 || cells > 64) {
      unsupported(vd->getLocation(), "private array '" + cname + "' of " + std::to_string(cells) +
                                         " cells (at most 64 are lowered to locals)");
      return;
    }
    Storage s;
    s.kind = Storage::Kind::Private;
    s.elem = elem;
    s.elemBytes = bytes;
    s.cName = cname;
    for (uint64_t i = 0; i < cells; ++i) s.cells.push_back(newLocal(cname + "_" + std::to_string(i)));
    int id = addStorage(std::move(s));
    inst_->vars[vd] = VarInfo{VarInfo::Kind::Memory, "", id};
    if (vd->hasInit()) {
      // Cells not given by the initialiser are zero (C's rule for partial initialisers).
      std::function<void(const clang::Expr*, size_t&)> init = [&](const clang::Expr* e, size_t& next) {
        const clang::Expr* written = e;  // with its conversion to the element type
        e = e->IgnoreImplicit();
        if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(e)) {
          size_t start = next;
          IntType et;
          uint64_t span = 1, b = 4;
          cellsOf(list->getType(), et, span, b, list->getBeginLoc());
          for (unsigned i = 0; i < list->getNumInits(); ++i) init(list->getInit(i), next);
          while (next < start + span && next < cells) {
            emitAssign(storages_[static_cast<size_t>(id)].cells[next], lit(0, r), r);
            ++next;
          }
          return;
        }
        if (llvm::isa<clang::ImplicitValueInitExpr>(e)) {
          IntType et;
          uint64_t span = 1, b = 4;
          cellsOf(e->getType(), et, span, b, e->getBeginLoc());
          for (uint64_t i = 0; i < span && next < cells; ++i, ++next)
            emitAssign(storages_[static_cast<size_t>(id)].cells[next], lit(0, r), r);
          return;
        }
        if (e->getType()->isArrayType()) {
          unsupported(e, "this array initialiser");
          return;
        }
        if (isWideType(written->getType())) {  // two cells, low word first
          Val w = wvalue(written);
          const std::vector<std::string>& cs = storages_[static_cast<size_t>(id)].cells;
          if (next < cells) emitAssign(cs[next], std::move(w.lo), range(e));
          if (next + 1 < cells) emitAssign(cs[next + 1], std::move(w.hi), range(e));
          next += 2;
          return;
        }
        ExprPtr v = rvalue(written);  // converted to the element type (`float a[] = {1}` holds 1.0f)
        if (next < cells) emitAssign(storages_[static_cast<size_t>(id)].cells[next], std::move(v), range(e));
        ++next;
      };
      size_t next = 0;
      init(vd->getInit(), next);
    }
    return;
  }
  if (isAgg(t)) {
    // A struct or vector local: one local per component.
    auto l = layoutOf(t, vd->getLocation());
    if (!l) return;
    int st = newPrivate(cname, *l, cname);
    inst_->vars[vd] = VarInfo{VarInfo::Kind::Memory, "", st};
    const clang::Expr* init = vd->hasInit() ? vd->getInit() : nullptr;
    if (const auto* ce = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init);
        ce && ce->getNumArgs() == 0 && ce->getConstructor()->isTrivial())
      init = nullptr;  // `S s;`: no initialiser
    if (init) {
      Agg v = aggValue(init);
      storeAgg(privatePlace(st, *l, r), v, r);
    }
    return;
  }
  if (auto wt = wideType(t)) {
    // A 64-bit local: two KPL locals, the low and the high word.
    VarInfo& v = inst_->vars[vd];
    v = VarInfo{VarInfo::Kind::Scalar, newLocal(cname + "_lo"), -1, newLocal(cname + "_hi")};
    if (vd->hasInit()) {
      Val w = wvalue(vd->getInit());
      LVal lv;
      lv.kind = LVal::Kind::Local;
      lv.local = v.local;
      lv.localHi = v.hi;
      lv.type = *wt;
      storeVal(lv, std::move(w), r);
    }
    return;
  }
  if (!intType(t)) {
    unsupported(vd->getLocation(), "type '" + t.getAsString() + "'" + typeReason(t));
    return;
  }
  std::string n = newLocal(cname);
  inst_->vars[vd] = VarInfo{VarInfo::Kind::Scalar, n, -1};
  if (vd->hasInit()) {
    ExprPtr v = rvalue(vd->getInit());
    emitAssign(n, std::move(v), r);
  }
}

void Lowerer::assignPointer(VarInfo& var, PtrVal p, const clang::VarDecl* vd, clang::SourceLocation at,
                            kpl::SourceRange r) {
  const std::string name = vd ? vd->getNameAsString() : "?";
  if (p.storage == -1) return;  // an error was reported
  if (isDynamic(var.storage)) {
    // A run-time base: the target's id, and the target joins the candidates of every access.
    if (var.local.empty()) {
      unsupported(at, "assignment to pointer parameter '" + name + "'");
      return;
    }
    addTarget(var.storage, p.storage);
    emitAssign(storages_[static_cast<size_t>(var.storage)].base, baseOf(p.storage, r), r);
    emitAssign(var.local, std::move(p.offset), r);
    return;
  }
  if (var.storage == -1 && isDynamic(p.storage) && !var.local.empty()) {
    // The first assignment gives a run-time base: the variable gets one of its own.
    var.storage = newDynamic(name);
    assignPointer(var, std::move(p), vd, at, r);
    return;
  }
  if (var.storage == -1) {
    var.storage = p.storage;
  } else if (p.storage != var.storage && vd && !var.local.empty() && !dynamic_.count(DynKey{vd, inst_->seq})) {
    // Accesses through it were lowered with a static base: lower again with a run-time one.
    discovered_.insert(DynKey{vd, inst_->seq});
    return;
  } else if (p.storage != var.storage) {
    auto what = [&](int st) {
      return st == -2 ? std::string("NULL") : "'" + storages_[static_cast<size_t>(st)].cName + "'";
    };
    unsupported(at, "pointer '" + name + "' points into " + what(var.storage) + " and into " + what(p.storage) +
                        " (the frontend needs one statically known target per pointer variable)");
    return;
  }
  if (var.local.empty()) {
    unsupported(at, "assignment to pointer parameter '" + name + "'");
    return;
  }
  emitAssign(var.local, std::move(p.offset), r);
}

// ---- expressions ----------------------------------------------------------------------

BinaryOp Lowerer::arithOp(clang::BinaryOperatorKind op, bool u, clang::SourceLocation at) {
  switch (op) {
    case clang::BO_Mul: case clang::BO_MulAssign: return BinaryOp::Mul;
    case clang::BO_Div: case clang::BO_DivAssign: return u ? BinaryOp::UDiv : BinaryOp::Div;
    case clang::BO_Rem: case clang::BO_RemAssign: return u ? BinaryOp::URem : BinaryOp::Rem;
    case clang::BO_Add: case clang::BO_AddAssign: return BinaryOp::Add;
    case clang::BO_Sub: case clang::BO_SubAssign: return BinaryOp::Sub;
    case clang::BO_Shl: case clang::BO_ShlAssign: return BinaryOp::Shl;
    case clang::BO_Shr: case clang::BO_ShrAssign: return u ? BinaryOp::LShr : BinaryOp::Shr;
    case clang::BO_LT: return u ? BinaryOp::ULt : BinaryOp::Lt;
    case clang::BO_GT: return u ? BinaryOp::UGt : BinaryOp::Gt;
    case clang::BO_LE: return u ? BinaryOp::ULe : BinaryOp::Le;
    case clang::BO_GE: return u ? BinaryOp::UGe : BinaryOp::Ge;
    case clang::BO_EQ: return BinaryOp::Eq;
    case clang::BO_NE: return BinaryOp::Ne;
    case clang::BO_And: case clang::BO_AndAssign: return BinaryOp::BitAnd;
    case clang::BO_Xor: case clang::BO_XorAssign: return BinaryOp::BitXor;
    case clang::BO_Or: case clang::BO_OrAssign: return BinaryOp::BitOr;
    default: break;
  }
  unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "'");
  return BinaryOp::Add;
}

ExprPtr Lowerer::truth(const clang::Expr* e) {
  kpl::SourceRange r = range(e);
  if (e->getType()->isPointerType() || e->getType()->isArrayType()) {
    PtrVal p = pointer(e);
    if (isDynamic(p.storage)) return bin(BinaryOp::Ne, baseOf(p.storage, r), lit(0, r), r);
    return lit(p.storage == -2 ? 0 : 1, r);
  }
  if (auto wt = wideType(e->getType())) {  // != 0 (a double: ordered, so NaN is true)
    Val v = wvalue(e);
    return wideOp(wt->isFloat ? WideOp::DNe : WideOp::LNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r));
  }
  ExprPtr v = rvalue(e);
  if (e->getType()->isBooleanType()) return v;
  if (isFloat(e->getType())) return bin(BinaryOp::FNe, std::move(v), lit(0, r), r);
  return asBool(std::move(v), r);
}

ExprPtr Lowerer::condition(const clang::Expr* e) {
  if (e->getType()->isPointerType() || isFloat(e->getType()) || isWideType(e->getType())) return truth(e);
  return rvalue(e);
}

ExprPtr Lowerer::rvalue(const clang::Expr* e, bool need) {
  kpl::SourceRange r = range(e);
  clang::QualType t = e->getType();
  if (t->isPointerType() || t->isArrayType()) {
    const clang::Expr* bare = e->IgnoreParens();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(bare); b && b->isAssignmentOp()) return rvalueAssign(b, need);
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(bare); u && u->isIncrementDecrementOp())
      return rvalueIncDec(u, need);
    PtrVal p = pointer(e);
    if (need) unsupported(e, "a pointer used as an integer value");
    return lit(0, r);
  }
  if (isAgg(t)) {
    // A struct or vector: its side effects (an assignment, a call); as a scalar, unsupported.
    Agg a = aggValue(e);
    if (need && a.ok) unsupported(e, "a value of type '" + t.getAsString() + "' used as a scalar");
    return lit(0, r);
  }
  if (isWideType(t)) {
    // Callers take 64-bit values with wvalue; here only for the side effects.
    wvalue(e, need);
    if (need) unsupported(e, "a 64-bit value where a 32-bit one is expected");
    return lit(0, r);
  }
  if (!t->isVoidType()) {
    if (!intType(t)) {
      unsupported(e, "type '" + t.getAsString() + "'" + typeReason(t));
      return lit(0, r);
    }
    if (!e->isValueDependent() && !e->HasSideEffects(ctx_)) {
      clang::Expr::EvalResult res;
      if (isFloat(t)) {
        // Clang folds float constants exactly (IEEE single precision, round to nearest).
        llvm::APFloat f(0.0f);
        if (e->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEsingle())
          return lit(static_cast<int64_t>(f.bitcastToAPInt().getZExtValue()), r);
      } else if (e->EvaluateAsInt(res, ctx_) && !res.HasSideEffects) {
        return lit(static_cast<int64_t>(static_cast<uint32_t>(res.Val.getInt().getExtValue())), r);
      }
    }
  }
  if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(e)) return rvalue(p->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return rvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return rvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return rvalue(c->getExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return rvalueCast(c, need);
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return rvalueBinary(b, need);
  if (const auto* c = llvm::dyn_cast<clang::AbstractConditionalOperator>(e)) return conditional(c, need);
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) return call(c, need);
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return memberId(m);
  if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::DeclRefExpr>(e) ||
      llvm::isa<clang::ExtVectorElementExpr>(e)) {
    LVal lv = lvalue(e);
    return load(lv, r);
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_Plus:
      case clang::UO_Extension: return rvalue(sub, need);
      case clang::UO_Minus: return un(isFloat(t) ? UnaryOp::FNeg : UnaryOp::Neg, rvalue(sub), r);
      case clang::UO_Not: return un(UnaryOp::BitNot, rvalue(sub), r);
      case clang::UO_LNot: return un(UnaryOp::LogNot, condition(sub), r);
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: return rvalueIncDec(u, need);
      case clang::UO_Deref: {
        LVal lv = lvalue(e);
        return load(lv, r);
      }
      default: break;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "'");
    return lit(0, r);
  }
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e)) {
    Agg a = asType(as);
    return a.ok && a.vals.size() == 1 ? std::move(a.vals[0]) : lit(0, r);
  }
  if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(e)) {
    unsupported(e, "sizeof/alignof of a type without a constant size");
    return lit(0, r);
  }
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "'");
  return lit(0, r);
}

ExprPtr Lowerer::rvalueCast(const clang::CastExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  if (auto from = wideType(sub->getType())) {
    // A 64-bit value converted to a word (the result is not 64-bit: rvalue took those).
    switch (c->getCastKind()) {
      case clang::CK_IntegralCast: case clang::CK_IntegralToBoolean: case clang::CK_IntegralToFloating:
      case clang::CK_FloatingToIntegral: case clang::CK_FloatingToBoolean: case clang::CK_FloatingCast: {
        auto to = valType(c->getType());
        Val v = wvalue(sub, need);
        if (!to) {
          unsupported(c, "type '" + c->getType().getAsString() + "'" + typeReason(c->getType()));
          return lit(0, r);
        }
        return std::move(convertVal(std::move(v), *from, *to, r).lo);
      }
      case clang::CK_ToVoid: wvalue(sub, false); return lit(0, r);
      default: break;
    }
  }
  switch (c->getCastKind()) {
    case clang::CK_LValueToRValue: {
      const clang::Expr* bare = sub->IgnoreParens();
      if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(bare)) return memberId(m);
      // C++ lvalues that are not places: an assignment, ++x, `c ? a : b`, `(a, b)`. Their
      // value is what C computes (the stored value; the chosen operand), read once.
      if (!llvm::isa<clang::DeclRefExpr>(bare) && !llvm::isa<clang::ArraySubscriptExpr>(bare) &&
          !(llvm::isa<clang::UnaryOperator>(bare) && llvm::cast<clang::UnaryOperator>(bare)->getOpcode() == clang::UO_Deref))
        return rvalue(bare, need);
      LVal lv = lvalue(sub);
      return load(lv, r);
    }
    case clang::CK_NoOp: return rvalue(sub, need);
    case clang::CK_ToVoid: rvalue(sub, false); return lit(0, r);
    case clang::CK_IntegralCast: {
      auto from = intType(sub->getType());
      auto to = intType(c->getType());
      ExprPtr v = rvalue(sub, need);
      if (!from || !to) return v;
      return convert(std::move(v), *from, *to, r);
    }
    case clang::CK_IntegralToBoolean: return asBool(rvalue(sub, need), r);
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingToBoolean:
    case clang::CK_FloatingCast: {
      auto from = intType(sub->getType());
      auto to = intType(c->getType());
      if (!from) {
        unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
        return lit(0, r);
      }
      ExprPtr v = rvalue(sub, need);
      if (!to) return v;
      return convert(std::move(v), *from, *to, r);
    }
    case clang::CK_PointerToBoolean: return truth(sub);
    default: break;
  }
  unsupported(c, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                     "' to '" + c->getType().getAsString() + "'");
  return lit(0, r);
}

ExprPtr Lowerer::rvalueBinary(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  if (b->isAssignmentOp()) return rvalueAssign(b, need);
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return rvalue(b->getRHS(), need);
  }
  if (op == clang::BO_LAnd || op == clang::BO_LOr) return logical(b->getLHS(), b->getRHS(), op == clang::BO_LAnd, r);
  clang::QualType lt = b->getLHS()->getType(), rt = b->getRHS()->getType();
  if (lt->isPointerType() || rt->isPointerType()) {
    if (!lt->isPointerType() || !rt->isPointerType()) {
      unsupported(b, "this pointer arithmetic used as an integer");
      return lit(0, r);
    }
    PtrVal p = pointer(b->getLHS());
    PtrVal q = pointer(b->getRHS());
    if (p.storage == -1 || q.storage == -1) return lit(0, r);
    bool same = p.storage == q.storage;
    if ((op == clang::BO_EQ || op == clang::BO_NE) && !same && (isDynamic(p.storage) || isDynamic(q.storage))) {
      // Equal when they name the same storage at run time and the same cell.
      ExprPtr eq = bin(BinaryOp::LogAnd, bin(BinaryOp::Eq, baseOf(p.storage, r), baseOf(q.storage, r), r),
                       bin(BinaryOp::Eq, std::move(p.offset), std::move(q.offset), r), r);
      return op == clang::BO_EQ ? std::move(eq) : un(UnaryOp::LogNot, std::move(eq), r);
    }
    if (op == clang::BO_EQ || op == clang::BO_NE) {
      if (!same) return lit(op == clang::BO_NE ? 1 : 0, r);  // distinct arrays never alias
      return bin(op == clang::BO_EQ ? BinaryOp::Eq : BinaryOp::Ne, std::move(p.offset), std::move(q.offset), r);
    }
    if (!same || p.storage == -2) {
      unsupported(b, "comparing or subtracting pointers into different arrays (or that may be)");
      return lit(0, r);
    }
    if (op == clang::BO_Sub) {
      ExprPtr d = bin(BinaryOp::Sub, std::move(p.offset), std::move(q.offset), r);
      uint64_t cells = pointeeCells(lt->getPointeeType(), b->getBeginLoc());
      if (cells != 1) d = bin(BinaryOp::Div, std::move(d), lit(static_cast<int64_t>(cells), r), r);
      return d;
    }
    return bin(arithOp(op, false, b->getOperatorLoc()), std::move(p.offset), std::move(q.offset), r);
  }
  if (auto wt = wideType(lt)) {  // a comparison of 64-bit values (a 64-bit result went to wvalue)
    Val a = wvalue(b->getLHS());
    Val c = wvalue(b->getRHS());
    return wideCompare(op, std::move(a), std::move(c), *wt, b->getOperatorLoc(), r);
  }
  auto ot = intType(lt);
  ExprPtr a = rvalue(b->getLHS());
  bool shift = op == clang::BO_Shl || op == clang::BO_Shr;
  ExprPtr c = shift ? shiftAmountOf(b->getRHS(), 32, r) : rvalue(b->getRHS());
  if (!ot) return lit(0, r);
  if (ot->isFloat) return bin(floatOp(op, b->getOperatorLoc()), std::move(a), std::move(c), r);
  return bin(arithOp(op, !ot->isSigned && !ot->isBool, b->getOperatorLoc()), std::move(a), std::move(c), r);
}

ExprPtr Lowerer::rvalueAssign(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  const clang::Expr* lhs = b->getLHS();
  const clang::Expr* rhs = b->getRHS();
  clang::BinaryOperatorKind op = b->getOpcode();
  if (lhs->getType()->isPointerType()) {
    if (need) unsupported(b, "a pointer assignment used as a value");
    // C++17 (and a safe order for C): the right operand first.
    if (op == clang::BO_Assign) {
      PtrVal p = pointer(rhs);
      LVal lv = lvalue(lhs);
      if (lv.kind != LVal::Kind::Pointer || !lv.var) return lit(0, r);
      const clang::VarDecl* vd = refVar(lhs);
      assignPointer(*lv.var, std::move(p), vd, b->getBeginLoc(), r);
      return lit(0, r);
    }
    if (op == clang::BO_AddAssign || op == clang::BO_SubAssign) {
      ExprPtr k = wordIndex(rhs);
      LVal lv = lvalue(lhs);
      if (lv.kind != LVal::Kind::Pointer || !lv.var) return lit(0, r);
      if (lv.var->local.empty()) {
        unsupported(b, "assignment to a pointer parameter");
        return lit(0, r);
      }
      k = mul(std::move(k), static_cast<int64_t>(pointeeCells(lhs->getType()->getPointeeType(), b->getBeginLoc())), r);
      emitAssign(lv.var->local,
                 bin(op == clang::BO_AddAssign ? BinaryOp::Add : BinaryOp::Sub, nameExpr(lv.var->local, r), std::move(k), r), r);
      return lit(0, r);
    }
    unsupported(b, "this pointer assignment");
    return lit(0, r);
  }
  // A 64-bit right operand or computation (`i += l`, `f *= d`, `i <<= l`): the general path.
  if (isWideType(rhs->getType()) ||
      (op != clang::BO_Assign && isWideType(llvm::cast<clang::CompoundAssignOperator>(b)->getComputationLHSType())))
    return std::move(assignVal(b, need).lo);
  ExprPtr v = rvalue(rhs);
  LVal lv = lvalue(lhs);
  if (lv.kind == LVal::Kind::Invalid) return lit(0, r);
  if (op != clang::BO_Assign) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    auto compL = intType(ca->getComputationLHSType());
    auto compR = intType(ca->getComputationResultType());
    if (!compL || !compR) {
      unsupported(b, "compound assignment in type '" + ca->getComputationResultType().getAsString() + "'");
      return lit(0, r);
    }
    ExprPtr old = convert(load(lv, r), lv.type, *compL, r);
    if (op == clang::BO_ShlAssign || op == clang::BO_ShrAssign) v = shiftAmount(std::move(v), r);
    BinaryOp kop = compL->isFloat ? floatOp(op, b->getOperatorLoc())
                                  : arithOp(op, !compL->isSigned && !compL->isBool, b->getOperatorLoc());
    ExprPtr res = bin(kop, std::move(old), std::move(v), r);
    v = convert(std::move(res), *compR, lv.type, r);
  }
  if (!need) {
    store(lv, std::move(v), r);
    return lit(0, r);
  }
  v = snapshot(std::move(v), r);
  store(lv, clone(*v), r);
  return v;
}

ExprPtr Lowerer::rvalueIncDec(const clang::UnaryOperator* u, bool need) {
  kpl::SourceRange r = range(u);
  const clang::Expr* sub = u->getSubExpr();
  bool inc = u->isIncrementOp();
  bool post = u->isPostfix();
  if (sub->getType()->isPointerType()) {
    if (need) unsupported(u, "a pointer increment used as an integer");
    pointer(u);
    return lit(0, r);
  }
  LVal lv = lvalue(sub);
  if (lv.kind == LVal::Kind::Invalid) return lit(0, r);
  ExprPtr old = load(lv, r);
  if (post && need) old = snapshot(std::move(old), r);
  ExprPtr nv = lv.type.isFloat
                   ? bin(inc ? BinaryOp::FAdd : BinaryOp::FSub, clone(*old), lit(kFloatOne, r), r)
                   : normalize(bin(inc ? BinaryOp::Add : BinaryOp::Sub, clone(*old), lit(1, r), r), lv.type, r);
  if (!need) {
    store(lv, std::move(nv), r);
    return lit(0, r);
  }
  if (post) {
    store(lv, std::move(nv), r);
    return old;
  }
  nv = snapshot(std::move(nv), r);
  store(lv, clone(*nv), r);
  return nv;
}

ExprPtr Lowerer::logical(const clang::Expr* lhs, const clang::Expr* rhs, bool isAnd, kpl::SourceRange r) {
  ExprPtr a = condition(lhs);
  ExprPtr b;
  std::vector<StmtPtr> guarded = capture([&] { b = condition(rhs); });
  if (guarded.empty()) return bin(isAnd ? BinaryOp::LogAnd : BinaryOp::LogOr, std::move(a), std::move(b), r);
  // Only the threads that evaluate the right operand run its reads and side effects.
  std::string t = temp();
  emitAssign(t, asBool(std::move(a), r), r);
  kpl::SourceRange rr = range(rhs);
  {
    auto as = stmt(StmtKind::Assign, rr);
    as->target = kpl::Ident{t, rr};
    as->exprs.push_back(asBool(std::move(b), rr));
    guarded.push_back(std::move(as));
  }
  emitIf(isAnd ? nameExpr(t, r) : un(UnaryOp::LogNot, nameExpr(t, r), r), std::move(guarded), std::nullopt, r);
  return nameExpr(t, r);
}

ExprPtr Lowerer::conditional(const clang::AbstractConditionalOperator* c, bool need) {
  kpl::SourceRange r = range(c);
  const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(c);
  if (!co) {
    unsupported(c, "the GNU '?:' operator");
    return lit(0, r);
  }
  ExprPtr k = condition(co->getCond());
  bool isVoid = co->getType()->isVoidType();
  ExprPtr x, y;
  std::vector<StmtPtr> xs = capture([&] { x = rvalue(co->getTrueExpr(), need && !isVoid); });
  std::vector<StmtPtr> ys = capture([&] { y = rvalue(co->getFalseExpr(), need && !isVoid); });
  if (xs.empty() && ys.empty()) {
    if (isVoid || !need) return lit(0, r);
    return cond(std::move(k), std::move(x), std::move(y), r);
  }
  if (need && !isVoid) {
    std::string t = temp();
    auto ax = stmt(StmtKind::Assign, range(co->getTrueExpr()));
    ax->target = kpl::Ident{t, ax->range};
    ax->exprs.push_back(std::move(x));
    xs.push_back(std::move(ax));
    auto ay = stmt(StmtKind::Assign, range(co->getFalseExpr()));
    ay->target = kpl::Ident{t, ay->range};
    ay->exprs.push_back(std::move(y));
    ys.push_back(std::move(ay));
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return nameExpr(t, r);
  }
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return lit(0, r);
}

LVal Lowerer::lvalue(const clang::Expr* e) {
  e = e->IgnoreParens();
  LVal lv;
  kpl::SourceRange r = range(e);
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (!vd) {
      unsupported(e, "a reference to '" + d->getDecl()->getNameAsString() + "'");
      return lv;
    }
    if (VarInfo* v = lookup(vd)) {
      if (v->kind == VarInfo::Kind::Scalar) {
        lv.kind = LVal::Kind::Local;
        lv.local = v->local;
        lv.localHi = v->hi;
        lv.var = v;
        lv.type = placeType(vd->getType(), e->getBeginLoc());
        return lv;
      }
      if (v->kind == VarInfo::Kind::Pointer) {
        lv.kind = LVal::Kind::Pointer;
        lv.local = v->local;
        lv.var = v;
        return lv;
      }
      if (isAgg(vd->getType())) {  // a struct or vector local: its cells, from 0
        lv.kind = LVal::Kind::Cell;
        lv.storage = v->storage;
        lv.index = lit(0, r);
        return lv;
      }
      unsupported(e, "array '" + vd->getNameAsString() + "' used as a value");
      return lv;
    }
    if (isMemoryVar(vd)) {
      if (vd->getType()->isArrayType()) {
        unsupported(e, "array '" + vd->getNameAsString() + "' used as a value");
        return lv;
      }
      if (vd->getName() == "warpSize") {
        unsupported(e, "warpSize (the lowering has no warps)");
        return lv;
      }
      lv.kind = LVal::Kind::Cell;
      lv.storage = globalStorage(vd, e->getBeginLoc());
      lv.index = lit(0, r);
      lv.type = placeType(vd->getType(), e->getBeginLoc());
      return lv;
    }
    unsupported(e, "variable '" + vd->getNameAsString() + "'");
    return lv;
  }
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    PtrVal p = pointer(s->getBase());
    ExprPtr idx = wordIndex(s->getIdx());
    lv.type = placeType(e->getType(), e->getBeginLoc());
    lv.kind = LVal::Kind::Cell;
    lv.storage = p.storage;
    // An element of a struct array starts at index × (cells per struct).
    lv.index = add(std::move(p.offset), mul(std::move(idx), static_cast<int64_t>(valueCells(e->getType(), e->getBeginLoc())), r), r);
    if (p.storage == -1) lv.kind = LVal::Kind::Invalid;
    return lv;
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Deref) {
    PtrVal p = pointer(u->getSubExpr());
    lv.type = placeType(e->getType(), e->getBeginLoc());
    lv.kind = p.storage == -1 ? LVal::Kind::Invalid : LVal::Kind::Cell;
    lv.storage = p.storage;
    lv.index = std::move(p.offset);
    return lv;
  }
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    // One component of a vector: the vector's first cell plus the component's index.
    AggPlace p = aggPlace(e);
    if (!p.ok) return lv;
    if (p.comps.size() != wordsPerElem(p.comps.empty() ? IntType{} : p.comps[0].type)) {
      unsupported(e, "this use of several vector components");
      return lv;
    }
    lv = std::move(p.base);
    lv.index = add(std::move(lv.index), lit(static_cast<int64_t>(p.comps[0].offset), r), r);
    lv.type = elemOf(p.comps[0].type);  // a 64-bit element: its two cells from here
    (void)x;
    return lv;
  }
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    // A field: the struct's first cell (through `->`, where the pointer points) plus the
    // field's word offset.
    const auto* fd = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
    if (!fd || fd->getParent()->isUnion()) {
      unsupported(e, "member access (unions)");
      return lv;
    }
    if (m->getType()->isArrayType()) {
      unsupported(e, "an array field");
      return lv;
    }
    LVal base;
    if (m->isArrow()) {
      PtrVal p = pointer(m->getBase());
      base.kind = p.storage == -1 ? LVal::Kind::Invalid : LVal::Kind::Cell;
      base.storage = p.storage;
      base.index = std::move(p.offset);
    } else {
      AggPlace bp = aggPlace(m->getBase());  // a place, or a temporary holding the value
      if (!bp.ok) return lv;
      base = std::move(bp.base);
    }
    if (base.kind != LVal::Kind::Cell) {
      if (base.kind != LVal::Kind::Invalid) unsupported(e, "member access on this expression");
      return lv;
    }
    if (!structCells(fd->getParent()->getTypeForDecl()->getCanonicalTypeInternal(), e->getBeginLoc())) return lv;
    lv.kind = LVal::Kind::Cell;
    lv.storage = base.storage;
    lv.index = add(std::move(base.index), lit(static_cast<int64_t>(fieldOffset(fd, e->getBeginLoc())), r), r);
    lv.type = placeType(m->getType(), e->getBeginLoc());
    return lv;
  }
  unsupported(e, std::string("assignment to '") + e->getStmtClassName() + "'");
  return lv;
}

PtrVal Lowerer::pointer(const clang::Expr* e) {
  e = e->IgnoreParens();
  kpl::SourceRange r = range(e);
  PtrVal bad{-1, lit(0, r)};
  // The value of the pointer variable that the lvalue `sub` names.
  auto varValue = [&](const clang::Expr* sub) -> PtrVal {
    LVal lv = lvalue(sub);
    if (lv.kind != LVal::Kind::Pointer || !lv.var) {
      if (lv.kind != LVal::Kind::Invalid) unsupported(e, "a pointer stored in memory");
      return PtrVal{-1, lit(0, r)};
    }
    if (lv.var->storage == -1) {
      const clang::VarDecl* vd = refVar(sub);
      if (vd && !lv.local.empty() && assignedIn(inst_->fn, vd) && !dynamic_.count(DynKey{vd, inst_->seq})) {
        // Assigned later (in a loop): lower again with a run-time base.
        discovered_.insert(DynKey{vd, inst_->seq});
        return PtrVal{-1, lit(0, r)};
      }
      unsupported(e, "pointer '" + (vd ? vd->getNameAsString() : std::string("?")) +
                         "' is used before it is made to point into an array");
      return PtrVal{-1, lit(0, r)};
    }
    return PtrVal{lv.var->storage, lv.local.empty() ? lit(0, r) : nameExpr(lv.local, r)};
  };
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
      case clang::CK_ArrayToPointerDecay:
      case clang::CK_NoOp:
        return pointer(sub);
      case clang::CK_LValueToRValue:
        // C++'s `c ? A : B` on pointer variables is an lvalue; its arms name the variables.
        if (llvm::isa<clang::ConditionalOperator>(sub->IgnoreParens())) return pointer(sub);
        return varValue(sub);
      case clang::CK_BitCast:
      case clang::CK_AddressSpaceConversion: {
        clang::QualType from = sub->getType()->getPointeeOrArrayElementType()->getCanonicalTypeUnqualified();
        clang::QualType to = c->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
        // A vector's cells are its components: int4* and int* (or float4*, int2*) see the same words.
        auto cellBits = [&](clang::QualType q) -> uint64_t {
          if (const auto* vt = q->getAs<clang::VectorType>()) return ctx_.getTypeSize(vt->getElementType());
          return ctx_.getTypeSize(q);
        };
        // Scalars of 32 and 64 bits are whole words (a 64-bit one two, low word first), so
        // `long*` ↔ `int*` (or `double*` ↔ `float*`) see the same words, as on a little-endian GPU.
        auto wordScalar = [&](clang::QualType q) {
          return !q->isVectorType() && !q->isRecordType() && (intType(q) || wideType(q)) &&
                 (cellBits(q) == 32 || cellBits(q) == 64);
        };
        if (from->isVoidType() || to->isVoidType() || from->isIncompleteType() || to->isIncompleteType() ||
            from->isFunctionType() || to->isFunctionType() ||
            (cellBits(from) != cellBits(to) && !(wordScalar(from) && wordScalar(to))) ||
            ((from->isRecordType() || to->isRecordType()) && from != to)) {
          unsupported(e, "cast from '" + sub->getType().getAsString() + "' to '" + c->getType().getAsString() +
                             "' (elements of different sizes, or a struct, whose model layout is one cell per field)");
          return bad;
        }
        return pointer(sub);
      }
      case clang::CK_NullToPointer: return PtrVal{-2, lit(0, r)};
      case clang::CK_IntegralToPointer: {
        clang::Expr::EvalResult res;
        if (sub->EvaluateAsInt(res, ctx_) && res.Val.getInt() == 0) return PtrVal{-2, lit(0, r)};
        break;
      }
      default: break;
    }
    unsupported(e, std::string("pointer conversion '") + c->getCastKindName() + "'");
    return bad;
  }
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const auto* vd = llvm::dyn_cast<clang::VarDecl>(d->getDecl());
    if (vd) {
      if (VarInfo* v = lookup(vd); v && v->kind == VarInfo::Kind::Memory) return PtrVal{v->storage, lit(0, r)};
      if (VarInfo* v = lookup(vd); v && v->kind == VarInfo::Kind::Pointer) return varValue(e);
      if (isMemoryVar(vd)) return PtrVal{globalStorage(vd, e->getBeginLoc()), lit(0, r)};
    }
    unsupported(e, "this pointer");
    return bad;
  }
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    // A row of a multi-dimensional array: row-major, rows of `cells` cells.
    PtrVal p = pointer(s->getBase());
    ExprPtr idx = wordIndex(s->getIdx());
    uint64_t cells = pointeeCells(e->getType(), e->getBeginLoc());
    return PtrVal{p.storage, add(std::move(p.offset), mul(std::move(idx), static_cast<int64_t>(cells), r), r)};
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_AddrOf: {
        const clang::Expr* s = sub->IgnoreParens();
        if (llvm::isa<clang::ArraySubscriptExpr>(s) && !s->getType()->isArrayType()) {
          LVal lv = lvalue(s);
          if (lv.kind != LVal::Kind::Cell) return bad;
          return PtrVal{lv.storage, std::move(lv.index)};
        }
        if (const auto* du = llvm::dyn_cast<clang::UnaryOperator>(s); du && du->getOpcode() == clang::UO_Deref)
          return pointer(du->getSubExpr());
        if (llvm::isa<clang::MemberExpr>(s) || (isAgg(s->getType()) && llvm::isa<clang::DeclRefExpr>(s))) {
          // A field, or a struct (a local struct's cells are its private storage).
          LVal lv = lvalue(s);
          if (lv.kind != LVal::Kind::Cell) return bad;
          return PtrVal{lv.storage, std::move(lv.index)};
        }
        if (const clang::VarDecl* vd = refVar(s); vd && (isMemoryVar(vd) || s->getType()->isArrayType()))
          return pointer(s);
        if (s->getType()->isArrayType()) return pointer(s);
        unsupported(e, "the address of a local variable");
        return bad;
      }
      case clang::UO_Deref:
        if (e->getType()->isArrayType()) return pointer(sub);
        break;
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: {
        LVal lv = lvalue(sub);
        if (lv.kind != LVal::Kind::Pointer || !lv.var) return bad;
        if (lv.var->local.empty()) {
          unsupported(e, "incrementing a pointer parameter");
          return bad;
        }
        if (lv.var->storage == -1) {
          unsupported(e, "a pointer incremented before it points into an array");
          return bad;
        }
        int64_t cells = static_cast<int64_t>(pointeeCells(sub->getType()->getPointeeType(), e->getBeginLoc()));
        ExprPtr old = snapshot(nameExpr(lv.local, r), r);
        emitAssign(lv.local, bin(u->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub, clone(*old), lit(cells, r), r), r);
        if (u->isPostfix()) return PtrVal{lv.var->storage, std::move(old)};
        return PtrVal{lv.var->storage, nameExpr(lv.local, r)};
      }
      default: break;
    }
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (b->getOpcode() == clang::BO_Comma) {
      rvalue(b->getLHS(), false);
      return pointer(b->getRHS());
    }
    if (b->getOpcode() == clang::BO_Add || b->getOpcode() == clang::BO_Sub) {
      bool ptrLeft = b->getLHS()->getType()->isPointerType();
      const clang::Expr* pe = ptrLeft ? b->getLHS() : b->getRHS();
      const clang::Expr* ie = ptrLeft ? b->getRHS() : b->getLHS();
      PtrVal p;
      ExprPtr k;
      if (ptrLeft) {
        p = pointer(pe);
        k = wordIndex(ie);
      } else {
        k = wordIndex(ie);
        p = pointer(pe);
      }
      k = mul(std::move(k), static_cast<int64_t>(pointeeCells(e->getType()->getPointeeType(), e->getBeginLoc())), r);
      if (b->getOpcode() == clang::BO_Sub) return PtrVal{p.storage, bin(BinaryOp::Sub, std::move(p.offset), std::move(k), r)};
      return PtrVal{p.storage, add(std::move(p.offset), std::move(k), r)};
    }
  }
  if (const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
    ExprPtr k = condition(co->getCond());
    PtrVal x, y;
    std::vector<StmtPtr> xs = capture([&] { x = pointer(co->getTrueExpr()); });
    std::vector<StmtPtr> ys = capture([&] { y = pointer(co->getFalseExpr()); });
    if (x.storage == -1 || y.storage == -1) return bad;
    int storage = x.storage;
    if (x.storage != y.storage) {
      // Arms into different storages (or NULL): the base is chosen at run time.
      storage = newDynamic("");
      addTarget(storage, x.storage);
      addTarget(storage, y.storage);
      const std::string& base = storages_[static_cast<size_t>(storage)].base;
      if (xs.empty() && ys.empty()) {
        k = snapshot(std::move(k), r);
        emitAssign(base, cond(clone(*k), baseOf(x.storage, r), baseOf(y.storage, r), r), r);
      } else {
        xs.push_back(stmt(StmtKind::Assign, r));
        xs.back()->target = kpl::Ident{base, r};
        xs.back()->exprs.push_back(baseOf(x.storage, r));
        ys.push_back(stmt(StmtKind::Assign, r));
        ys.back()->target = kpl::Ident{base, r};
        ys.back()->exprs.push_back(baseOf(y.storage, r));
      }
    }
    if (xs.empty() && ys.empty()) return PtrVal{storage, cond(std::move(k), std::move(x.offset), std::move(y.offset), r)};
    std::string t = temp();
    {
      auto a = stmt(StmtKind::Assign, r);
      a->target = kpl::Ident{t, r};
      a->exprs.push_back(std::move(x.offset));
      xs.push_back(std::move(a));
      auto b = stmt(StmtKind::Assign, r);
      b->target = kpl::Ident{t, r};
      b->exprs.push_back(std::move(y.offset));
      ys.push_back(std::move(b));
    }
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return PtrVal{storage, nameExpr(t, r)};
  }
  if (llvm::isa<clang::CallExpr>(e)) {
    unsupported(e, "a call returning a pointer");
    return bad;
  }
  if (llvm::isa<clang::MemberExpr>(e)) {
    unsupported(e, "a pointer or array field");
    return bad;
  }
  if (llvm::isa<clang::StringLiteral>(e)) {
    unsupported(e, "string literals");
    return bad;
  }
  unsupported(e, std::string("pointer expression '") + e->getStmtClassName() + "'");
  return bad;
}

ExprPtr Lowerer::memberId(const clang::MemberExpr* m) {
  kpl::SourceRange r = range(m);
  const clang::VarDecl* base = refVar(m->getBase());
  std::string field = m->getMemberDecl()->getNameAsString();
  unsigned d = field == "x" ? 0 : field == "y" ? 1 : field == "z" ? 2 : 3;
  if (base && d < 3) {
    std::string b = base->getNameAsString();
    if (b == "threadIdx") return localId(d, r);
    if (b == "blockIdx") return groupId(d, r);
    if (b == "blockDim") return sizeExpr(launch_.localSize, d, r);
    if (b == "gridDim") return sizeExpr(launch_.numGroups, d, r);
  }
  LVal lv = lvalue(m);
  return load(lv, r);
}

std::optional<unsigned> Lowerer::dimArg(const clang::CallExpr* c) {
  if (c->getNumArgs() < 1) return 0u;
  clang::Expr::EvalResult res;
  if (!c->getArg(0)->EvaluateAsInt(res, ctx_)) {
    unsupported(c->getArg(0), "a dimension that is not a constant");
    return std::nullopt;
  }
  int64_t d = res.Val.getInt().getExtValue();
  return d < 0 || d > 2 ? 3u : static_cast<unsigned>(d);
}

ExprPtr Lowerer::call(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = c->getDirectCallee();
  if (!fd) {
    unsupported(c, "an indirect call");
    return lit(0, r);
  }
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) return inlineCall(c, def, need);
  std::string name = fd->getNameAsString();
  if ((name == "__double2hiint" || name == "__double2loint") && c->getNumArgs() == 1 &&
      isWideType(c->getArg(0)->getType())) {  // CUDA: a word of a double
    Val v = wvalue(c->getArg(0));
    return name == "__double2hiint" ? std::move(v.hi) : std::move(v.lo);
  }
  bool handled = false;
  ExprPtr v = builtinCall(c, name, need, handled);
  if (handled) return v;
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return lit(0, r);
}

ExprPtr Lowerer::builtinCall(const clang::CallExpr* c, const std::string& name, bool need, bool& handled) {
  kpl::SourceRange r = range(c);
  handled = true;
  // Work-item functions (OpenCL): the dimension must be a constant.
  static const std::set<std::string> idFns = {"get_local_id", "get_group_id", "get_global_id", "get_local_size",
                                              "get_enqueued_local_size", "get_num_groups", "get_global_size",
                                              "get_global_offset"};
  if (idFns.count(name)) {
    auto d = dimArg(c);
    if (!d) return lit(0, r);
    if (name == "get_local_id") return localId(*d, r);
    if (name == "get_group_id") return groupId(*d, r);
    if (name == "get_global_id") return globalId(*d, r);
    if (name == "get_local_size" || name == "get_enqueued_local_size") return sizeExpr(launch_.localSize, *d, r);
    if (name == "get_num_groups") return sizeExpr(launch_.numGroups, *d, r);
    if (name == "get_global_size") {
      ExprPtr l = sizeExpr(launch_.localSize, *d, r), g = sizeExpr(launch_.numGroups, *d, r);
      if (isLit(*g, 1)) return l;
      if (isLit(*l, 1)) return g;
      return bin(BinaryOp::Mul, std::move(l), std::move(g), r);
    }
    return lit(0, r);  // get_global_offset
  }
  if (name.rfind("vstore", 0) == 0 && name.size() > 6 && std::isdigit(static_cast<unsigned char>(name[6]))) {
    vstore(c, static_cast<unsigned>(std::stoul(name.substr(6))));
    return lit(0, r);
  }
  if (name == "get_work_dim") return lit(std::max({launch_.localDims, launch_.groupDims, 1u}), r);
  if (name == "barrier" || name == "work_group_barrier" || name == "__syncthreads") {
    emitSimple(StmtKind::Barrier, r);
    return lit(0, r);
  }
  // Fences order a thread's own accesses; under SDV every access becomes visible at the
  // next barrier, so they change nothing.
  if (name == "mem_fence" || name == "read_mem_fence" || name == "write_mem_fence" || name == "__threadfence" ||
      name == "__threadfence_block" || name == "__threadfence_system")
    return lit(0, r);
  if (name == "__requires" || name == "__global_requires") {
    // Assumed on entry to the kernel; at an inlined call, checked (GPUVerify's precondition).
    emitCheck(inst_->isKernel ? StmtKind::Assume : StmtKind::Assert, rvalue(c->getArg(0)), r);
    return lit(0, r);
  }
  if (name == "__ensures" || name == "__global_ensures") {
    inst_->ensures.push_back(c);
    return lit(0, r);
  }
  if (name == "__assert" || name == "__global_assert" || name == "assert" || name == "__invariant" ||
      name == "__global_invariant") {
    emitCheck(StmtKind::Assert, rvalue(c->getArg(0)), r);
    return lit(0, r);
  }
  if (name == "__assume") {
    emitCheck(StmtKind::Assume, rvalue(c->getArg(0)), r);
    return lit(0, r);
  }
  if (name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or")
    return syncVote(c, name);
  if (lang_ == Language::OpenCL) {
    ExprPtr v = scalarVectorBuiltin(c, name, handled);
    if (handled) return v;
    handled = true;
  }
  // Single-precision math: CUDA's fminf fmaxf fabsf sqrtf, OpenCL's fmin fmax fabs sqrt
  // (and OpenCL's min/max on floats, undefined for NaN, as fmin/fmax). Computed as the host
  // does: IEEE-754, correctly rounded.
  static const std::map<std::string, std::pair<int, int>> fmath = {
      {"fminf", {1, static_cast<int>(BinaryOp::FMin)}}, {"fmaxf", {1, static_cast<int>(BinaryOp::FMax)}},
      {"fmin", {1, static_cast<int>(BinaryOp::FMin)}},  {"fmax", {1, static_cast<int>(BinaryOp::FMax)}},
      {"fabsf", {0, static_cast<int>(UnaryOp::FAbs)}},  {"fabs", {0, static_cast<int>(UnaryOp::FAbs)}},
      {"sqrtf", {0, static_cast<int>(UnaryOp::FSqrt)}}, {"sqrt", {0, static_cast<int>(UnaryOp::FSqrt)}}};
  bool floatMinMax = (name == "min" || name == "max") && isFloat(c->getType());
  if (auto it = fmath.find(name); it != fmath.end() || floatMinMax) {
    bool binary = floatMinMax || it->second.first == 1;
    bool ok = isFloat(c->getType()) && c->getNumArgs() == (binary ? 2u : 1u);
    for (unsigned i = 0; ok && i < c->getNumArgs(); ++i) ok = isFloat(c->getArg(i)->getType());
    if (!ok) {
      clang::QualType bad = c->getType();
      for (unsigned i = 0; i < c->getNumArgs(); ++i)
        if (!isFloat(c->getArg(i)->getType())) bad = c->getArg(i)->getType();
      unsupported(c, name + " on '" + bad.getAsString() + "'" + typeReason(bad) + " (only float)");
      return lit(0, r);
    }
    if (!binary) return un(static_cast<UnaryOp>(it->second.second), rvalue(c->getArg(0)), r);
    ExprPtr a = rvalue(c->getArg(0));
    ExprPtr b = rvalue(c->getArg(1));
    BinaryOp op = floatMinMax ? (name == "min" ? BinaryOp::FMin : BinaryOp::FMax) : static_cast<BinaryOp>(it->second.second);
    return bin(op, std::move(a), std::move(b), r);
  }
  if ((name == "min" || name == "max") && c->getNumArgs() == 2) {
    auto t = intType(c->getType());
    if (!t) return lit(0, r);
    ExprPtr a = snapshot(rvalue(c->getArg(0)), r);
    ExprPtr b = snapshot(rvalue(c->getArg(1)), r);
    bool u = !t->isSigned;
    BinaryOp lt = name == "min" ? (u ? BinaryOp::ULt : BinaryOp::Lt) : (u ? BinaryOp::UGt : BinaryOp::Gt);
    // Clone before building: the order in which C++ evaluates call arguments is unspecified,
    // so no argument list may both clone a value and move it.
    ExprPtr test = bin(lt, clone(*a), clone(*b), r);
    ExprPtr first = clone(*a);
    return cond(std::move(test), std::move(first), std::move(b), r);
  }
  if (name == "abs" && c->getNumArgs() == 1) {
    auto at = intType(c->getArg(0)->getType());
    if (!at) return lit(0, r);
    if (at->isFloat) return un(UnaryOp::FAbs, rvalue(c->getArg(0)), r);
    ExprPtr a = snapshot(rvalue(c->getArg(0)), r);
    if (!at->isSigned) return a;
    ExprPtr test = bin(BinaryOp::Lt, clone(*a), lit(0, r), r);
    ExprPtr neg = un(UnaryOp::Neg, clone(*a), r);
    return cond(std::move(test), std::move(neg), std::move(a), r);
  }
  // Atomics: CUDA's atomicOp, OpenCL's atomic_op and atom_op.
  static const std::map<std::string, std::pair<kpl::AtomicOp, unsigned>> atomics = {
      {"atomicAdd", {kpl::AtomicOp::Add, 1}},   {"atomicSub", {kpl::AtomicOp::Sub, 1}},
      {"atomicExch", {kpl::AtomicOp::Exch, 1}}, {"atomicMin", {kpl::AtomicOp::Min, 1}},
      {"atomicMax", {kpl::AtomicOp::Max, 1}},   {"atomicAnd", {kpl::AtomicOp::And, 1}},
      {"atomicOr", {kpl::AtomicOp::Or, 1}},     {"atomicXor", {kpl::AtomicOp::Xor, 1}},
      {"atomicInc", {kpl::AtomicOp::Inc, 1}},   {"atomicDec", {kpl::AtomicOp::Dec, 1}},
      {"atomicCAS", {kpl::AtomicOp::Cas, 2}},
  };
  static const std::map<std::string, std::pair<kpl::AtomicOp, unsigned>> clAtomics = {
      {"add", {kpl::AtomicOp::Add, 1}}, {"sub", {kpl::AtomicOp::Sub, 1}},  {"xchg", {kpl::AtomicOp::Exch, 1}},
      {"min", {kpl::AtomicOp::Min, 1}}, {"max", {kpl::AtomicOp::Max, 1}},  {"and", {kpl::AtomicOp::And, 1}},
      {"or", {kpl::AtomicOp::Or, 1}},   {"xor", {kpl::AtomicOp::Xor, 1}},  {"inc", {kpl::AtomicOp::Add, 0}},
      {"dec", {kpl::AtomicOp::Sub, 0}}, {"cmpxchg", {kpl::AtomicOp::Cas, 2}},
  };
  if (auto it = atomics.find(name); it != atomics.end()) return atomic(c, it->second.first, need, it->second.second);
  for (const char* prefix : {"atomic_", "atom_"}) {
    std::string p = prefix;
    if (name.rfind(p, 0) == 0)
      if (auto it = clAtomics.find(name.substr(p.size())); it != clAtomics.end())
        return atomic(c, it->second.first, need, it->second.second);
  }
  handled = false;
  return lit(0, r);
}

ExprPtr Lowerer::atomic(const clang::CallExpr* c, kpl::AtomicOp op, bool need, unsigned operands) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != operands + 1) {
    unsupported(c, "this form of atomic operation");
    return lit(0, r);
  }
  clang::QualType pt = c->getArg(0)->getType();
  if (!pt->isPointerType()) {
    unsupported(c, "an atomic operation without a pointer");
    return lit(0, r);
  }
  auto et = intType(pt->getPointeeType());
  if (!et || et->width != 32 || (et->isFloat && op != kpl::AtomicOp::Add && op != kpl::AtomicOp::Exch)) {
    unsupported(c, "an atomic operation on '" + pt->getPointeeType().getAsString() +
                       "' (32-bit integers; add and exchange on floats)");
    return lit(0, r);
  }
  if (et->isFloat && op == kpl::AtomicOp::Add) op = kpl::AtomicOp::FAdd;
  PtrVal p = pointer(c->getArg(0));
  std::vector<ExprPtr> vals;
  for (unsigned i = 1; i <= operands; ++i) vals.push_back(rvalue(c->getArg(i)));
  if (p.storage == -1) return lit(0, r);
  if (p.storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return lit(0, r);
  }
  const Storage& s = storages_[static_cast<size_t>(p.storage)];
  if (!et->isSigned && op == kpl::AtomicOp::Min) op = kpl::AtomicOp::UMin;
  if (!et->isSigned && op == kpl::AtomicOp::Max) op = kpl::AtomicOp::UMax;
  if (operands == 0) vals.push_back(lit(1, r));  // OpenCL atomic_inc/dec: add or subtract 1
  if (s.kind == Storage::Kind::Dynamic) {
    Pending& pd = defer(Pending::Kind::Atomic, p.storage, std::move(p.offset), *et, r);
    pd.op = op;
    pd.operands = std::move(vals);
    pd.at = c->getBeginLoc();
    if (need) pd.target = temp();
    return need ? nameExpr(pd.target, r) : lit(0, r);
  }
  if (s.kind != Storage::Kind::Array) {
    unsupported(c, "an atomic operation on private memory");
    return lit(0, r);
  }
  auto st = stmt(StmtKind::Atomic, r);
  st->atomicOp = op;
  st->array = kpl::Ident{s.array, r};
  st->exprs.push_back(std::move(p.offset));
  for (ExprPtr& v : vals) st->exprs.push_back(std::move(v));
  std::string t;
  if (need) {
    t = temp();
    st->target = kpl::Ident{t, r};
  }
  emit(std::move(st));
  return need ? nameExpr(t, r) : lit(0, r);
}

// A 64-bit atomic (CUDA's on (unsigned) long long and double, OpenCL's atom_OP on long and
// ulong): atomic64_OP on the element's two cells (low word first).
Val Lowerer::atomic64(const clang::CallExpr* c, const std::string& name, bool need) {
  using kpl::AtomicOp;
  kpl::SourceRange r = range(c);
  static const std::map<std::string, std::pair<AtomicOp, unsigned>> cuda = {
      {"atomicAdd", {AtomicOp::Add64, 1}},   {"atomicSub", {AtomicOp::Sub64, 1}}, {"atomicExch", {AtomicOp::Exch64, 1}},
      {"atomicMin", {AtomicOp::Min64, 1}},   {"atomicMax", {AtomicOp::Max64, 1}}, {"atomicAnd", {AtomicOp::And64, 1}},
      {"atomicOr", {AtomicOp::Or64, 1}},     {"atomicXor", {AtomicOp::Xor64, 1}}, {"atomicCAS", {AtomicOp::Cas64, 2}},
  };
  static const std::map<std::string, std::pair<AtomicOp, unsigned>> cl = {
      {"add", {AtomicOp::Add64, 1}}, {"sub", {AtomicOp::Sub64, 1}}, {"xchg", {AtomicOp::Exch64, 1}},
      {"min", {AtomicOp::Min64, 1}}, {"max", {AtomicOp::Max64, 1}}, {"and", {AtomicOp::And64, 1}},
      {"or", {AtomicOp::Or64, 1}},   {"xor", {AtomicOp::Xor64, 1}}, {"inc", {AtomicOp::Add64, 0}},
      {"dec", {AtomicOp::Sub64, 0}}, {"cmpxchg", {AtomicOp::Cas64, 2}},
  };
  std::optional<std::pair<AtomicOp, unsigned>> found;
  if (auto it = cuda.find(name); it != cuda.end()) found = it->second;
  for (const char* prefix : {"atomic_", "atom_"}) {
    std::string p = prefix;
    if (!found && name.rfind(p, 0) == 0)
      if (auto it = cl.find(name.substr(p.size())); it != cl.end()) found = it->second;
  }
  if (!found || c->getNumArgs() != found->second + 1 || !c->getArg(0)->getType()->isPointerType()) {
    unsupported(c, "this form of 64-bit atomic operation ('" + name + "')");
    return zeroOf(true, r);
  }
  auto [op, operands] = *found;
  std::optional<IntType> et = wideType(c->getArg(0)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "an atomic operation on '" + c->getArg(0)->getType()->getPointeeType().getAsString() + "'");
    return zeroOf(true, r);
  }
  if (et->isFloat && op != AtomicOp::Add64 && op != AtomicOp::Exch64) {
    unsupported(c, "'" + name + "' on a double (only atomicAdd and exchange)");
    return zeroOf(true, r);
  }
  if (et->isFloat && op == AtomicOp::Add64) op = AtomicOp::FAdd64;
  if (!et->isSigned && op == AtomicOp::Min64) op = AtomicOp::UMin64;
  if (!et->isSigned && op == AtomicOp::Max64) op = AtomicOp::UMax64;
  PtrVal p = pointer(c->getArg(0));
  std::vector<Val> vals;
  for (unsigned i = 1; i <= operands; ++i) vals.push_back(wvalue(c->getArg(i)));
  if (operands == 0) vals.push_back(Val{lit(1, r), lit(0, r)});  // OpenCL atom_inc/dec: add or subtract 1
  if (p.storage == -1) return zeroOf(true, r);
  if (p.storage == -2) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return zeroOf(true, r);
  }
  const Storage& s = storages_[static_cast<size_t>(p.storage)];
  std::vector<ExprPtr> words;  // each operand's high word, then its low word
  for (Val& v : vals) {
    words.push_back(v.hi ? std::move(v.hi) : lit(0, r));
    words.push_back(std::move(v.lo));
  }
  std::string hi, lo;
  if (need) {
    hi = temp();
    lo = temp();
  }
  if (s.kind == Storage::Kind::Dynamic) {  // an if-chain over the pointer's arrays (finishDynamic)
    Pending& pd = defer(Pending::Kind::Atomic, p.storage, std::move(p.offset), *et, r);
    pd.op = op;
    pd.operands = std::move(words);
    pd.at = c->getBeginLoc();
    pd.target = hi;
    pd.target2 = lo;
    return need ? Val{nameExpr(lo, r), nameExpr(hi, r)} : zeroOf(true, r);
  }
  if (s.kind != Storage::Kind::Array) {
    unsupported(c, "an atomic operation on private memory");
    return zeroOf(true, r);
  }
  auto st = stmt(StmtKind::Atomic, r);
  st->atomicOp = op;
  st->array = kpl::Ident{s.array, r};
  st->exprs.push_back(std::move(p.offset));
  for (ExprPtr& w : words) st->exprs.push_back(std::move(w));
  if (need) {
    st->target = kpl::Ident{hi, r};
    st->target2 = kpl::Ident{lo, r};
  }
  emit(std::move(st));
  return need ? Val{nameExpr(lo, r), nameExpr(hi, r)} : zeroOf(true, r);
}

// __syncthreads_count/_and/_or(p): every thread writes its vote (p != 0) to its own cell of
// a hidden shared array, a barrier makes the votes visible, every thread reads the group's
// cells and counts, and a second barrier orders these reads before the next vote's writes.
ExprPtr Lowerer::syncVote(const clang::CallExpr* c, const std::string& name) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != 1) {
    unsupported(c, "this form of " + name);
    return lit(0, r);
  }
  ExprPtr vote = asBool(rvalue(c->getArg(0)), r);
  if (voteArray_.empty()) {
    kpl::ArrayDecl a;
    a.name = kpl::Ident{fresh("__sync_vote"), r};
    a.range = r;
    a.unbounded = true;  // a cell per thread of any group size (prove's too)
    voteArray_ = a.name.name;
    arrays_.push_back(std::move(a));
  }
  auto groupSize = [&] {
    ExprPtr n;
    for (unsigned d = 0; d < 3; ++d) {
      ExprPtr s = sizeExpr(launch_.localSize, d, r);
      if (isLit(*s, 1)) continue;
      n = n ? bin(BinaryOp::Mul, std::move(n), std::move(s), r) : std::move(s);
    }
    return n ? std::move(n) : lit(1, r);
  };
  auto wr = stmt(StmtKind::Write, r);
  wr->array = kpl::Ident{voteArray_, r};
  wr->exprs.push_back(kindExpr(ExprKind::Lid, r));
  wr->exprs.push_back(std::move(vote));
  emit(std::move(wr));
  emitSimple(StmtKind::Barrier, r);
  std::string count = newLocal("_votes"), i = newLocal("_vote_i");
  emitAssign(count, lit(0, r), r);
  emitAssign(i, lit(0, r), r);
  std::vector<StmtPtr> body = capture([&] {
    std::string t = temp();
    auto rd = stmt(StmtKind::Read, r);
    rd->target = kpl::Ident{t, r};
    rd->array = kpl::Ident{voteArray_, r};
    rd->exprs.push_back(nameExpr(i, r));
    emit(std::move(rd));
    emitAssign(count, bin(BinaryOp::Add, nameExpr(count, r), nameExpr(t, r), r), r);
    emitAssign(i, bin(BinaryOp::Add, nameExpr(i, r), lit(1, r), r), r);
  });
  emitWhile(bin(BinaryOp::Lt, nameExpr(i, r), groupSize(), r), std::move(body), r);
  emitSimple(StmtKind::Barrier, r);
  if (name == "__syncthreads_count") return nameExpr(count, r);
  if (name == "__syncthreads_and") return bin(BinaryOp::Eq, nameExpr(count, r), groupSize(), r);
  return bin(BinaryOp::Ne, nameExpr(count, r), lit(0, r), r);
}

ExprPtr Lowerer::inlineCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult) {
  kpl::SourceRange r = range(c);
  if (auto it = std::find(callStack_.begin(), callStack_.end(), fd); it != callStack_.end()) {
    std::string chain;
    for (auto i = it; i != callStack_.end(); ++i) chain += (*i)->getNameAsString() + " -> ";
    chain += fd->getNameAsString();
    error(c->getBeginLoc(), "recursion: " + chain);
    return lit(0, r);
  }
  if (fd->isVariadic() || c->getNumArgs() != fd->getNumParams()) {
    unsupported(c, "a call with a variable number of arguments");
    return lit(0, r);
  }
  Instance callee;
  callee.fn = fd;
  callee.seq = ++instances_;
  // Call by value: fresh locals for the parameters, assigned the arguments in order.
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const clang::ParmVarDecl* p = fd->getParamDecl(i);
    const clang::Expr* arg = c->getArg(i);
    std::string pname = p->getNameAsString().empty() ? "arg" : p->getNameAsString();
    if (p->getType()->isPointerType()) {
      PtrVal pv = pointer(arg);
      VarInfo v{VarInfo::Kind::Pointer, newLocal(pname), pv.storage};
      if (pv.storage != -1 && (isDynamic(pv.storage) || dynamic_.count(DynKey{p, callee.seq}))) {
        // A run-time base of its own: the argument's.
        v.storage = newDynamic(pname);
        addTarget(v.storage, pv.storage);
        emitAssign(storages_[static_cast<size_t>(v.storage)].base, baseOf(pv.storage, range(arg)), range(arg));
      }
      emitAssign(v.local, std::move(pv.offset), range(arg));
      callee.vars[p] = v;
      continue;
    }
    if (isAgg(p->getType())) {
      auto l = layoutOf(p->getType(), p->getLocation());
      if (!l) continue;
      Agg v = aggValue(arg);
      int st = newPrivate(pname, *l, pname);
      storeAgg(privatePlace(st, *l, range(arg)), v, range(arg));
      callee.vars[p] = VarInfo{VarInfo::Kind::Memory, "", st};
      continue;
    }
    if (isWideType(p->getType())) {
      Val v = wvalue(arg);
      VarInfo info{VarInfo::Kind::Scalar, newLocal(pname + "_lo"), -1, newLocal(pname + "_hi")};
      emitAssign(info.local, std::move(v.lo), range(arg));
      emitAssign(info.hi, std::move(v.hi), range(arg));
      callee.vars[p] = info;
      continue;
    }
    if (!intType(p->getType())) {
      unsupported(p->getLocation(), "parameter of type '" + p->getType().getAsString() + "'" + typeReason(p->getType()));
      continue;
    }
    ExprPtr v = rvalue(arg);
    VarInfo info{VarInfo::Kind::Scalar, newLocal(pname), -1};
    emitAssign(info.local, std::move(v), range(arg));
    callee.vars[p] = info;
  }
  clang::QualType rt = fd->getReturnType();
  if (isAgg(rt)) {
    auto l = layoutOf(rt, c->getBeginLoc());
    if (!l) return lit(0, r);
    callee.resultStorage = newPrivate(fd->getNameAsString() + "_ret", *l, fd->getNameAsString());
  } else if (isWideType(rt)) {
    callee.result = newLocal(fd->getNameAsString() + "_ret_lo");
    callee.resultHi = newLocal(fd->getNameAsString() + "_ret_hi");
  } else if (!rt->isVoidType()) {
    if (!intType(rt)) {
      unsupported(c, "a function returning '" + rt.getAsString() + "'" + typeReason(rt));
      return lit(0, r);
    }
    callee.result = newLocal(fd->getNameAsString() + "_ret");
  }
  Instance* saved = inst_;
  inst_ = &callee;
  callStack_.push_back(fd);
  lowerFunctionBody(fd, r);
  callStack_.pop_back();
  inst_ = saved;
  lastAggResult_ = callee.resultStorage;
  if (wideResult) {
    *wideResult = zeroOf(true, r);
    if (!callee.resultHi.empty() && need) *wideResult = Val{nameExpr(callee.result, r), nameExpr(callee.resultHi, r)};
    return lit(0, r);
  }
  if (callee.result.empty() || !need) return lit(0, r);
  return nameExpr(callee.result, r);
}

// ---- 64-bit values ---------------------------------------------------------------------
// A 64-bit value (long long, OpenCL's long, their unsigned forms, double) is a pair of
// words: a local pair NAME_lo/NAME_hi, or two cells in memory, low word first. Every
// operation is one of KPL's 64-bit builtins, whose operands are the high word then the low
// word of each pair; a pair built from an operation refers to its operands through
// literals and names only (operands are snapshotted), so expressions do not grow.

Val Lowerer::convertVal(Val v, IntType from, IntType to, kpl::SourceRange r) {
  if (!isWide(from) && !isWide(to)) return Val{convert(std::move(v.lo), from, to, r), nullptr};
  if (isWide(from) && isWide(to)) {
    if (from.isFloat == to.isFloat) return v;  // long ↔ unsigned long: the same bits
    if (from.isFloat) return wideUnary(to.isSigned ? WideOp::DToLLo : WideOp::DToULLo, std::move(v), r);
    return wideUnary(from.isSigned ? WideOp::LToDLo : WideOp::ULToDLo, std::move(v), r);
  }
  bool fromSigned = from.isSigned && !from.isBool;
  if (isWide(to)) {
    // A word (normalised to its type) to 64 bits.
    if (to.isFloat)
      return wideFromWord(from.isFloat ? WideOp::FToDLo : fromSigned ? WideOp::IToDLo : WideOp::UToDLo, std::move(v.lo), r);
    if (from.isFloat) return wideFromWord(to.isSigned ? WideOp::FToLLo : WideOp::FToULLo, std::move(v.lo), r);
    ExprPtr x = atom(std::move(v.lo), r);
    if (!fromSigned) return Val{std::move(x), lit(0, r)};  // zero-extension
    if (x->kind == ExprKind::IntLit) {
      ExprPtr h = lit(x->value < 0 ? -1 : 0, r);
      return Val{std::move(x), std::move(h)};
    }
    ExprPtr h = bin(BinaryOp::Shr, clone(*x), lit(31, r), r);  // sign-extension (>> is arithmetic)
    return Val{std::move(x), std::move(h)};
  }
  // 64 bits to a word.
  if (from.isFloat) {
    if (to.isBool) return Val{wideOp(WideOp::DNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r)), nullptr};
    if (to.isFloat) return Val{wideOp(WideOp::DToF, r, std::move(v.hi), std::move(v.lo)), nullptr};
    // Truncation toward zero (out of range: undefined in C); narrower types keep the low bits.
    bool toU = !to.isSigned && to.width >= 32;
    return Val{normalize(wideOp(toU ? WideOp::DToU : WideOp::DToI, r, std::move(v.hi), std::move(v.lo)), to, r), nullptr};
  }
  if (to.isBool) return Val{wideOp(WideOp::LNe, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r)), nullptr};
  if (to.isFloat) return Val{wideOp(from.isSigned ? WideOp::LToF : WideOp::ULToF, r, std::move(v.hi), std::move(v.lo)), nullptr};
  return Val{normalize(std::move(v.lo), to, r), nullptr};  // truncation: the low word
}

Val Lowerer::loadVal(LVal& lv, kpl::SourceRange r) {
  if (!isWide(lv.type)) return Val{load(lv, r), nullptr};
  if (lv.kind == LVal::Kind::Local) return Val{nameExpr(lv.local, r), nameExpr(lv.localHi, r)};
  if (lv.kind != LVal::Kind::Cell) return zeroOf(true, r);
  ExprPtr idx = atom(clone(*lv.index), r);
  ExprPtr lo = readCell(lv.storage, clone(*idx), kRawWord, r);
  ExprPtr hi = readCell(lv.storage, add(std::move(idx), lit(1, r), r), kRawWord, r);
  return Val{std::move(lo), std::move(hi)};
}

void Lowerer::storeVal(LVal& lv, Val v, kpl::SourceRange r) {
  if (!isWide(lv.type)) {
    store(lv, std::move(v.lo), r);
    return;
  }
  if (!v.hi) v.hi = lit(0, r);
  // The low word is stored first: a high word computed from it is taken before.
  std::set<std::string> targets;
  if (lv.kind == LVal::Kind::Local) targets = {lv.local, lv.localHi};
  if (lv.kind == LVal::Kind::Cell && lv.storage >= 0 &&
      storages_[static_cast<size_t>(lv.storage)].kind == Storage::Kind::Private) {
    const std::vector<std::string>& cells = storages_[static_cast<size_t>(lv.storage)].cells;
    targets.insert(cells.begin(), cells.end());
  }
  if (mentions(*v.hi, targets)) v.hi = snapshot(std::move(v.hi), r);
  if (lv.kind == LVal::Kind::Local) {
    emitAssign(lv.local, std::move(v.lo), r);
    emitAssign(lv.localHi, std::move(v.hi), r);
    return;
  }
  if (lv.kind != LVal::Kind::Cell) return;
  ExprPtr idx = atom(clone(*lv.index), r);
  writeCell(lv.storage, clone(*idx), std::move(v.lo), kRawWord, r);
  writeCell(lv.storage, add(std::move(idx), lit(1, r), r), std::move(v.hi), kRawWord, r);
}

ExprPtr Lowerer::shiftAmountOf(const clang::Expr* e, int32_t width, kpl::SourceRange r) {
  if (!isWideType(e->getType())) return shiftAmount(rvalue(e), r, width);
  Val v = atoms(wvalue(e), r);
  // OpenCL keeps the amount's low bits, all in its low word.
  if (lang_ == Language::OpenCL) return shiftAmount(std::move(v.lo), r, width);
  // CUDA: an amount whose high word is not 0 is outside 0..width-1 (negative or at least
  // 2^32); -1 keeps it outside, so KPL reports shift-out-of-range.
  if (isLit(*v.hi, 0)) return std::move(v.lo);
  if (v.hi->kind == ExprKind::IntLit) return lit(-1, r);
  return cond(bin(BinaryOp::Eq, std::move(v.hi), lit(0, r), r), std::move(v.lo), lit(-1, r), r);
}

Val Lowerer::arithVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                      kpl::SourceRange r) {
  if (clang::BinaryOperator::isCompoundAssignmentOp(op)) op = clang::BinaryOperator::getOpForCompoundAssignment(op);
  bool shift = op == clang::BO_Shl || op == clang::BO_Shr;
  if (!isWide(t)) {  // a word (b.lo is a shift's amount, already adjusted)
    if (t.isFloat) return Val{bin(floatOp(op, at), std::move(a.lo), std::move(b.lo), r), nullptr};
    return Val{bin(arithOp(op, !t.isSigned && !t.isBool, at), std::move(a.lo), std::move(b.lo), r), nullptr};
  }
  if (!a.hi || (!shift && !b.hi)) {  // C's conversions give both operands the 64-bit type
    unsupported(at, "an operand of this 64-bit operation that is not 64-bit");
    return zeroOf(true, r);
  }
  if (shift) {  // b.lo: the amount, a word
    WideOp lo = op == clang::BO_Shl ? WideOp::LShlLo : t.isSigned ? WideOp::LAShrLo : WideOp::LLShrLo;
    a = atoms(std::move(a), r);
    ExprPtr n = atom(std::move(b.lo), r);
    ExprPtr l = wideOp(lo, r, clone(*a.hi), clone(*a.lo), clone(*n));
    ExprPtr h = wideOp(hiOf(lo), r, clone(*a.hi), clone(*a.lo), clone(*n));
    return Val{std::move(l), std::move(h)};
  }
  std::optional<WideOp> lo;
  if (t.isFloat) {
    switch (op) {
      case clang::BO_Add: lo = WideOp::DAddLo; break;
      case clang::BO_Sub: lo = WideOp::DSubLo; break;
      case clang::BO_Mul: lo = WideOp::DMulLo; break;
      case clang::BO_Div: lo = WideOp::DDivLo; break;
      default: break;
    }
  } else {
    bool u = !t.isSigned;
    switch (op) {
      case clang::BO_Add: lo = WideOp::LAddLo; break;
      case clang::BO_Sub: lo = WideOp::LSubLo; break;
      case clang::BO_Mul: lo = WideOp::LMulLo; break;
      case clang::BO_Div: lo = u ? WideOp::LUDivLo : WideOp::LDivLo; break;
      case clang::BO_Rem: lo = u ? WideOp::LURemLo : WideOp::LRemLo; break;
      case clang::BO_And: lo = WideOp::LAndLo; break;
      case clang::BO_Or: lo = WideOp::LOrLo; break;
      case clang::BO_Xor: lo = WideOp::LXorLo; break;
      default: break;
    }
  }
  if (!lo) {
    unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' on " +
                        (t.isFloat ? "double" : "64-bit integers"));
    return zeroOf(true, r);
  }
  return widePair(*lo, std::move(a), std::move(b), r);
}

ExprPtr Lowerer::wideCompare(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                             kpl::SourceRange r) {
  std::optional<WideOp> w;
  bool u = !t.isSigned && !t.isFloat;
  switch (op) {
    case clang::BO_LT: w = t.isFloat ? WideOp::DLt : u ? WideOp::LULt : WideOp::LLt; break;
    case clang::BO_LE: w = t.isFloat ? WideOp::DLe : u ? WideOp::LULe : WideOp::LLe; break;
    case clang::BO_GT: w = t.isFloat ? WideOp::DGt : u ? WideOp::LUGt : WideOp::LGt; break;
    case clang::BO_GE: w = t.isFloat ? WideOp::DGe : u ? WideOp::LUGe : WideOp::LGe; break;
    case clang::BO_EQ: w = t.isFloat ? WideOp::DEq : WideOp::LEq; break;
    case clang::BO_NE: w = t.isFloat ? WideOp::DNe : WideOp::LNe; break;
    default: break;
  }
  if (!w) {
    unsupported(at, std::string("operator '") + clang::BinaryOperator::getOpcodeStr(op).str() + "' with a 64-bit result");
    return lit(0, r);
  }
  return wideOp(*w, r, std::move(a.hi), std::move(a.lo), std::move(b.hi), std::move(b.lo));
}

Val Lowerer::wvalue(const clang::Expr* e, bool need) {
  kpl::SourceRange r = range(e);
  auto wt = wideType(e->getType());
  if (!wt) {
    unsupported(e, "type '" + e->getType().getAsString() + "'" + typeReason(e->getType()));
    return zeroOf(true, r);
  }
  if (!e->isValueDependent() && !e->HasSideEffects(ctx_)) {
    // Clang folds constants exactly (doubles: IEEE double precision, round to nearest even).
    if (wt->isFloat) {
      llvm::APFloat f(0.0);
      if (e->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEdouble())
        return wideLit(f.bitcastToAPInt().getZExtValue(), r);
    } else if (clang::Expr::EvalResult res; e->EvaluateAsInt(res, ctx_) && !res.HasSideEffects) {
      return wideLit(res.Val.getInt().extOrTrunc(64).getZExtValue(), r);
    }
  }
  if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(e)) return wvalue(p->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return wvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return wvalue(c->getSubExpr(), need);
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return wvalue(c->getExpr(), need);
  if (llvm::isa<clang::ImplicitValueInitExpr>(e) || llvm::isa<clang::CXXScalarValueInitExpr>(e)) return zeroOf(true, r);
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return wcast(c, need);
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e); as && isWideType(as->getSrcExpr()->getType()))
    return wvalue(as->getSrcExpr(), need);  // as_long(d), as_double(l): the same two words
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return wbinary(b, need);
  if (const auto* c = llvm::dyn_cast<clang::AbstractConditionalOperator>(e)) return wconditional(c, need);
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) return wcall(c, need);
  if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::MemberExpr>(e) ||
      llvm::isa<clang::ExtVectorElementExpr>(e)) {
    LVal lv = lvalue(e);
    return loadVal(lv, r);
  }
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
      case clang::UO_Plus:
      case clang::UO_Extension: return wvalue(sub, need);
      case clang::UO_Minus:
        if (wt->isFloat) return wideUnary(WideOp::DNegLo, wvalue(sub), r);
        return widePair(WideOp::LSubLo, zeroOf(true, r), wvalue(sub), r);
      case clang::UO_Not: return widePair(WideOp::LXorLo, wvalue(sub), wideLit(~uint64_t{0}, r), r);
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: return incDecVal(u, need);
      case clang::UO_Deref: {
        LVal lv = lvalue(e);
        return loadVal(lv, r);
      }
      default: break;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "' on '" +
                       e->getType().getAsString() + "'");
    return zeroOf(true, r);
  }
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "' of type '" + e->getType().getAsString() + "'");
  return zeroOf(true, r);
}

Val Lowerer::wcast(const clang::CastExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::Expr* sub = c->getSubExpr();
  switch (c->getCastKind()) {
    case clang::CK_LValueToRValue: {
      const clang::Expr* bare = sub->IgnoreParens();
      bool place = llvm::isa<clang::DeclRefExpr>(bare) || llvm::isa<clang::ArraySubscriptExpr>(bare) ||
                   llvm::isa<clang::MemberExpr>(bare) ||
                   (llvm::isa<clang::UnaryOperator>(bare) && llvm::cast<clang::UnaryOperator>(bare)->getOpcode() == clang::UO_Deref);
      if (!place) return wvalue(bare, need);  // `l = …`, `++l`, `c ? a : b` as C++ lvalues
      LVal lv = lvalue(sub);
      return loadVal(lv, r);
    }
    case clang::CK_NoOp: return wvalue(sub, need);
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast: {
      auto from = valType(sub->getType());
      if (!from) {
        unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
        return zeroOf(true, r);
      }
      return convertVal(anyValue(sub, need), *from, *wideType(c->getType()), r);
    }
    default: break;
  }
  unsupported(c, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                     "' to '" + c->getType().getAsString() + "'");
  return zeroOf(true, r);
}

Val Lowerer::wbinary(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  if (b->isAssignmentOp()) return assignVal(b, need);
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return wvalue(b->getRHS(), need);
  }
  IntType t = *wideType(b->getType());
  if (b->getLHS()->getType()->isPointerType() || b->getRHS()->getType()->isPointerType()) {
    unsupported(b, "this pointer arithmetic used as a 64-bit integer");
    return zeroOf(true, r);
  }
  // The operands have the result's type (C's usual conversions), except a shift's amount.
  Val a = wvalue(b->getLHS());
  if (op == clang::BO_Shl || op == clang::BO_Shr)
    return arithVal(op, std::move(a), Val{shiftAmountOf(b->getRHS(), 64, r), nullptr}, t, b->getOperatorLoc(), r);
  Val c = wvalue(b->getRHS());
  return arithVal(op, std::move(a), std::move(c), t, b->getOperatorLoc(), r);
}

Val Lowerer::assignVal(const clang::BinaryOperator* b, bool need) {
  kpl::SourceRange r = range(b);
  const clang::Expr* lhs = b->getLHS();
  const clang::Expr* rhs = b->getRHS();
  clang::BinaryOperatorKind op = b->getOpcode();
  bool wideLhs = isWideType(lhs->getType());
  std::optional<IntType> compL, compR;
  if (op != clang::BO_Assign) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    compL = valType(ca->getComputationLHSType());
    compR = valType(ca->getComputationResultType());
    if (!compL || !compR) {
      unsupported(b, "compound assignment in type '" + ca->getComputationResultType().getAsString() + "'");
      return zeroOf(wideLhs, r);
    }
  }
  // C++17 (and a safe order for C): the right operand first.
  Val v;
  if (op == clang::BO_ShlAssign || op == clang::BO_ShrAssign)
    v = Val{shiftAmountOf(rhs, isWide(*compL) ? 64 : 32, r), nullptr};
  else
    v = anyValue(rhs);
  LVal lv = lvalue(lhs);
  if (lv.kind == LVal::Kind::Invalid) return zeroOf(wideLhs, r);
  if (op != clang::BO_Assign) {
    Val old = convertVal(loadVal(lv, r), lv.type, *compL, r);
    Val res = arithVal(op, std::move(old), std::move(v), *compL, b->getOperatorLoc(), r);
    v = convertVal(std::move(res), *compR, lv.type, r);
  }
  if (!need) {
    storeVal(lv, std::move(v), r);
    return zeroOf(wideLhs, r);
  }
  v = snapVal(std::move(v), r);
  storeVal(lv, cloneVal(v), r);
  return v;
}

Val Lowerer::incDecVal(const clang::UnaryOperator* u, bool need) {
  kpl::SourceRange r = range(u);
  bool post = u->isPostfix();
  LVal lv = lvalue(u->getSubExpr());
  if (lv.kind == LVal::Kind::Invalid) return zeroOf(true, r);
  Val old = loadVal(lv, r);
  if (post && need) old = snapVal(std::move(old), r);
  Val one = wideLit(lv.type.isFloat ? 0x3ff0000000000000u : 1u, r);  // 1.0 or 1
  Val nv = arithVal(u->isIncrementOp() ? clang::BO_Add : clang::BO_Sub, cloneVal(old), std::move(one), lv.type,
                    u->getOperatorLoc(), r);
  if (!need) {
    storeVal(lv, std::move(nv), r);
    return zeroOf(true, r);
  }
  if (post) {
    storeVal(lv, std::move(nv), r);
    return old;
  }
  nv = snapVal(std::move(nv), r);
  storeVal(lv, cloneVal(nv), r);
  return nv;
}

Val Lowerer::wconditional(const clang::AbstractConditionalOperator* c, bool need) {
  kpl::SourceRange r = range(c);
  const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(c);
  if (!co) {
    unsupported(c, "the GNU '?:' operator");
    return zeroOf(true, r);
  }
  ExprPtr k = condition(co->getCond());
  Val x, y;
  std::vector<StmtPtr> xs = capture([&] { x = wvalue(co->getTrueExpr(), need); });
  std::vector<StmtPtr> ys = capture([&] { y = wvalue(co->getFalseExpr(), need); });
  if (xs.empty() && ys.empty()) {
    if (!need) return zeroOf(true, r);
    k = atom(std::move(k), r);
    ExprPtr lo = cond(clone(*k), std::move(x.lo), std::move(y.lo), r);
    ExprPtr hi = cond(std::move(k), std::move(x.hi), std::move(y.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if (!need) {
    emitIf(std::move(k), std::move(xs), std::move(ys), r);
    return zeroOf(true, r);
  }
  std::string tl = temp(), th = temp();
  auto assign = [&](std::vector<StmtPtr>& to, const std::string& t, ExprPtr v, kpl::SourceRange vr) {
    auto a = stmt(StmtKind::Assign, vr);
    a->target = kpl::Ident{t, vr};
    a->exprs.push_back(std::move(v));
    to.push_back(std::move(a));
  };
  assign(xs, tl, std::move(x.lo), range(co->getTrueExpr()));
  assign(xs, th, std::move(x.hi), range(co->getTrueExpr()));
  assign(ys, tl, std::move(y.lo), range(co->getFalseExpr()));
  assign(ys, th, std::move(y.hi), range(co->getFalseExpr()));
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return Val{nameExpr(tl, r), nameExpr(th, r)};
}

Val Lowerer::wcall(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = c->getDirectCallee();
  if (!fd) {
    unsupported(c, "an indirect call");
    return zeroOf(true, r);
  }
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) {
    Val out = zeroOf(true, r);  // stays after an error (recursion, a variadic call)
    inlineCall(c, def, need, &out);
    return out;
  }
  std::string name = fd->getNameAsString();
  IntType t = *wideType(c->getType());
  unsigned n = c->getNumArgs();
  auto argsWide = [&] {
    for (unsigned i = 0; i < n; ++i)
      if (!isWideType(c->getArg(i)->getType())) return false;
    return true;
  };
  bool minMax = name == "min" || name == "max";
  // Double math (OpenCL's overloads; CUDA's from our cuda.h): computed as the host does.
  static const std::map<std::string, std::pair<WideOp, unsigned>> dmath = {
      {"sqrt", {WideOp::DSqrtLo, 1}}, {"fabs", {WideOp::DAbsLo, 1}}, {"fmin", {WideOp::DMinLo, 2}},
      {"fmax", {WideOp::DMaxLo, 2}},  {"min", {WideOp::DMinLo, 2}},  {"max", {WideOp::DMaxLo, 2}}};
  if (auto it = dmath.find(name); t.isFloat && it != dmath.end()) {
    if (n != it->second.second || !argsWide()) {
      unsupported(c, "this form of '" + name + "'");
      return zeroOf(true, r);
    }
    if (n == 1) return wideUnary(it->second.first, wvalue(c->getArg(0)), r);
    Val a = wvalue(c->getArg(0));
    Val b = wvalue(c->getArg(1));
    return widePair(it->second.first, std::move(a), std::move(b), r);
  }
  if (!t.isFloat && minMax && n == 2 && argsWide()) {
    Val a = atoms(wvalue(c->getArg(0)), r);
    Val b = atoms(wvalue(c->getArg(1)), r);
    bool u = !t.isSigned;
    WideOp w = name == "min" ? (u ? WideOp::LULt : WideOp::LLt) : (u ? WideOp::LUGt : WideOp::LGt);
    ExprPtr test = atom(wideOp(w, r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo)), r);
    ExprPtr lo = cond(clone(*test), clone(*a.lo), clone(*b.lo), r);
    ExprPtr hi = cond(std::move(test), std::move(a.hi), std::move(b.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if ((name == "abs" || name == "llabs") && n == 1 && argsWide() && !wideType(c->getArg(0)->getType())->isFloat) {
    Val a = atoms(wvalue(c->getArg(0)), r);
    if (!wideType(c->getArg(0)->getType())->isSigned) return a;
    ExprPtr neg = atom(wideOp(WideOp::LLt, r, clone(*a.hi), clone(*a.lo), lit(0, r), lit(0, r)), r);
    Val m = widePair(WideOp::LSubLo, zeroOf(true, r), cloneVal(a), r);
    ExprPtr lo = cond(clone(*neg), std::move(m.lo), std::move(a.lo), r);
    ExprPtr hi = cond(std::move(neg), std::move(m.hi), std::move(a.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if (name.rfind("atomic", 0) == 0 || name.rfind("atom_", 0) == 0) return atomic64(c, name, need);
  if (auto v = wideConvert(c, name, need)) return std::move(*v);
  // CUDA's reinterpretations and correctly rounded double intrinsics.
  if ((name == "__double_as_longlong" || name == "__longlong_as_double") && n == 1 && argsWide())
    return wvalue(c->getArg(0), need);
  if (name == "__hiloint2double" && n == 2) {
    ExprPtr hi = rvalue(c->getArg(0));
    ExprPtr lo = rvalue(c->getArg(1));
    return Val{std::move(lo), std::move(hi)};
  }
  static const std::map<std::string, std::pair<WideOp, unsigned>> rn = {
      {"__dadd_rn", {WideOp::DAddLo, 2}}, {"__dsub_rn", {WideOp::DSubLo, 2}}, {"__dmul_rn", {WideOp::DMulLo, 2}},
      {"__ddiv_rn", {WideOp::DDivLo, 2}}, {"__dsqrt_rn", {WideOp::DSqrtLo, 1}}};
  if (auto it = rn.find(name); it != rn.end() && n == it->second.second && argsWide()) {
    if (n == 1) return wideUnary(it->second.first, wvalue(c->getArg(0)), r);
    Val a = wvalue(c->getArg(0));
    Val b = wvalue(c->getArg(1));
    return widePair(it->second.first, std::move(a), std::move(b), r);
  }
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return zeroOf(true, r);
}

/// OpenCL's scalar convert_T to or from a 64-bit type where it is C's conversion: no _sat,
/// and the default rounding (toward zero to integers, to nearest even to floating point),
/// or a mode that changes nothing (integer to integer, exact conversions). nullopt when the
/// call is not one; a zero value after a diagnostic for the other modes.
std::optional<Val> Lowerer::wideConvert(const clang::CallExpr* c, const std::string& name, bool need) {
  kpl::SourceRange r = range(c);
  bool sat = false;
  char rounding = 0;
  if (!parseConvert(name, sat, rounding) || c->getNumArgs() != 1) return std::nullopt;
  const clang::Expr* arg = c->getArg(0);
  auto from = valType(arg->getType());
  auto to = valType(c->getType());
  bool wide = isWideType(c->getType());
  if (!from || !to || (!isWide(*from) && !isWide(*to)) || from->isBool || to->isBool) return std::nullopt;
  bool toFloat = to->isFloat, fromFloat = from->isFloat;
  bool exact = (!toFloat && !fromFloat) ||                                  // integers: bits or low bits
               (toFloat && isWide(*to) && (fromFloat || from->width <= 32));  // float or a word to double
  bool cRounding = rounding == 0 || (toFloat ? rounding == 'e' : rounding == 'z');
  if (sat || !(exact || cRounding)) {
    unsupported(c, name + " of '" + arg->getType().getAsString() + "' (64-bit: only C's conversion, without _sat " +
                       "and with the default rounding)");
    return zeroOf(wide, r);
  }
  return convertVal(anyValue(arg, need), *from, *to, r);
}

// ---- structs and vectors ---------------------------------------------------------------
// A struct or vector value is a list of scalar components. A local of such a type is a
// private storage (one KPL local per cell), so fields, components, copies and pointers to it
// go through the same cells as memory does; in memory a value occupies `valueCells` cells
// from its first one.

int Lowerer::newPrivate(const std::string& base, const Layout& l, const std::string& cName) {
  Storage s;
  s.kind = Storage::Kind::Private;
  s.elem = IntType{};
  s.cName = cName;
  s.cells.resize(l.cells);
  for (const Comp& c : l.comps) {
    std::string n = base + c.path;
    std::replace(n.begin(), n.end(), '.', '_');
    if (c.offset < s.cells.size()) s.cells[c.offset] = newLocal(n);
  }
  for (std::string& c : s.cells)
    if (c.empty()) c = newLocal(base + "_pad");
  return addStorage(std::move(s));
}

AggPlace Lowerer::privatePlace(int storage, const Layout& l, kpl::SourceRange r) {
  AggPlace p;
  p.base.kind = LVal::Kind::Cell;
  p.base.storage = storage;
  p.base.index = lit(0, r);
  p.comps = l.comps;
  p.ok = true;
  return p;
}

Agg Lowerer::loadAgg(const AggPlace& p, kpl::SourceRange r) {
  Agg a;
  a.ok = p.ok;
  for (const Comp& c : p.comps) {
    a.vals.push_back(p.ok ? readCell(p.base.storage, add(clone(*p.base.index), lit(static_cast<int64_t>(c.offset), r), r),
                                     cellType(c.type), r)
                          : lit(0, r));
    a.types.push_back(c.type);
  }
  return a;
}

void Lowerer::storeAgg(const AggPlace& p, Agg& v, kpl::SourceRange r) {
  if (!p.ok || !v.ok || v.vals.size() != p.comps.size()) return;
  // Every value is computed before the first store: `v = v.yx` reads the old components.
  if (isDynamic(p.base.storage)) {
    for (ExprPtr& e : v.vals)
      if (!isSimple(*e)) e = snapshot(std::move(e), r);  // the target may be a private value read here
  } else if (p.base.storage >= 0 && storages_[static_cast<size_t>(p.base.storage)].kind == Storage::Kind::Private) {
    const std::vector<std::string>& cells = storages_[static_cast<size_t>(p.base.storage)].cells;
    std::set<std::string> names(cells.begin(), cells.end());
    for (ExprPtr& e : v.vals)
      if (!isSimple(*e) && mentions(*e, names)) e = snapshot(std::move(e), r);
  }
  for (size_t i = 0; i < p.comps.size(); ++i) {
    const Comp& c = p.comps[i];
    writeCell(p.base.storage, add(clone(*p.base.index), lit(static_cast<int64_t>(c.offset), r), r), clone(*v.vals[i]),
              cellType(c.type), r);
  }
}

Agg Lowerer::aggZeros(clang::QualType t, clang::SourceLocation at, kpl::SourceRange r) {
  Agg a;
  auto l = layoutOf(t, at);
  if (!l) {
    a.ok = false;
    return a;
  }
  for (const Comp& c : l->comps) {
    a.vals.push_back(lit(0, r));
    a.types.push_back(c.type);
  }
  return a;
}

AggPlace Lowerer::aggPlace(const clang::Expr* e) {
  e = e->IgnoreParens();
  kpl::SourceRange r = range(e);
  AggPlace p;
  if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(e); c && c->getCastKind() == clang::CK_NoOp && c->getSubExpr()->isGLValue())
    return aggPlace(c->getSubExpr());
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    AggPlace b = aggPlace(x->getBase());
    if (!b.ok) return b;
    llvm::SmallVector<uint32_t, 16> idx;
    x->getEncodedElementAccess(idx);
    std::vector<Comp> comps;
    size_t per = b.comps.empty() ? 1 : wordsPerElem(b.comps[0].type);
    for (uint32_t i : idx) {
      if ((i + 1) * per > b.comps.size()) {
        unsupported(e, "this vector component");
        return p;
      }
      for (size_t w = 0; w < per; ++w) comps.push_back(b.comps[i * per + w]);
    }
    b.comps = std::move(comps);
    return b;
  }
  bool place = llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::ArraySubscriptExpr>(e) ||
               llvm::isa<clang::MemberExpr>(e) ||
               (llvm::isa<clang::UnaryOperator>(e) && llvm::cast<clang::UnaryOperator>(e)->getOpcode() == clang::UO_Deref);
  if (const clang::VarDecl* vd = refVar(e); vd && !lookup(vd) && vd->hasExternalStorage()) place = false;  // threadIdx …
  if (place) {
    auto l = layoutOf(e->getType(), e->getBeginLoc());
    if (!l) return p;
    p.base = lvalue(e);
    if (p.base.kind != LVal::Kind::Cell) return p;
    p.comps = l->comps;
    p.ok = true;
    return p;
  }
  // A value that is not a place (a call's result, `v + w`, a literal): a temporary.
  auto l = layoutOf(e->getType(), e->getBeginLoc());
  if (!l) return p;
  Agg v = aggValue(e);
  if (!v.ok) return p;
  int st = newPrivate("_tmp", *l, "a temporary");
  p = privatePlace(st, *l, r);
  storeAgg(p, v, r);
  return p;
}

Agg Lowerer::aggValue(const clang::Expr* e) {
  e = e->IgnoreParens();
  kpl::SourceRange r = range(e);
  clang::QualType t = e->getType();
  Agg bad;
  bad.ok = false;
  if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::ConstantExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e)) return aggValue(c->getSubExpr());
  if (const auto* c = llvm::dyn_cast<clang::CXXDefaultArgExpr>(e)) return aggValue(c->getExpr());
  if (const auto* c = llvm::dyn_cast<clang::CompoundLiteralExpr>(e)) return aggValue(c->getInitializer());
  if (llvm::isa<clang::ImplicitValueInitExpr>(e) || llvm::isa<clang::CXXScalarValueInitExpr>(e))
    return aggZeros(t, e->getBeginLoc(), r);
  if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
    const clang::CXXConstructorDecl* ctor = c->getConstructor();
    if (ctor && ctor->isTrivial() && ctor->isCopyOrMoveConstructor() && c->getNumArgs() == 1) return aggValue(c->getArg(0));
    if (ctor && ctor->isTrivial() && ctor->isDefaultConstructor() && c->getNumArgs() == 0) return aggZeros(t, e->getBeginLoc(), r);
    unsupported(e, "constructor of '" + t.getAsString() + "' (only trivial copies and default construction)");
    return bad;
  }
  if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
      case clang::CK_LValueToRValue:
      case clang::CK_NoOp:
        if (llvm::isa<clang::CompoundLiteralExpr>(sub->IgnoreParens())) return aggValue(sub);  // `(int4)(…)`
        if (sub->isGLValue()) return loadAgg(aggPlace(sub), r);
        return aggValue(sub);
      case clang::CK_VectorSplat: {
        auto l = layoutOf(t, e->getBeginLoc());
        auto from = valType(sub->getType());
        if (!l || !from) {
          if (l) unsupported(sub, "type '" + sub->getType().getAsString() + "'" + typeReason(sub->getType()));
          return bad;
        }
        Val s = snapVal(convertVal(anyValue(sub), *from, elemOf(l->comps[0].type), r), r);
        Agg a;
        for (const Comp& comp : l->comps) {
          a.vals.push_back(clone(comp.type.hiWord ? *s.hi : *s.lo));
          a.types.push_back(comp.type);
        }
        return a;
      }
      default:
        unsupported(e, std::string("conversion '") + c->getCastKindName() + "' from '" + sub->getType().getAsString() +
                           "' to '" + t.getAsString() + "'");
        return bad;
    }
  }
  if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(e)) {
    auto l = layoutOf(t, e->getBeginLoc());
    if (!l) return bad;
    Agg a;
    if (t->isVectorType()) {
      // `(int4)(a, v.xy, b)`: the components of vector elements in order.
      for (unsigned i = 0; i < list->getNumInits(); ++i) {
        const clang::Expr* in = list->getInit(i);
        if (isAgg(in->getType())) {
          Agg sub = aggValue(in);
          if (!sub.ok) return bad;
          for (ExprPtr& v : sub.vals) a.vals.push_back(std::move(v));
        } else if (isWideType(in->getType())) {  // a 64-bit element: its low word, then its high word
          Val w = wvalue(in);
          a.vals.push_back(std::move(w.lo));
          a.vals.push_back(std::move(w.hi));
        } else {
          a.vals.push_back(rvalue(in));
        }
      }
    } else {
      const clang::RecordDecl* rd = t->getAs<clang::RecordType>()->getDecl()->getDefinition();
      unsigned i = 0;
      for (const clang::FieldDecl* f : rd->fields()) {
        const clang::Expr* in = i < list->getNumInits() ? list->getInit(i) : nullptr;
        ++i;
        if (isAgg(f->getType())) {
          Agg sub = in ? aggValue(in) : aggZeros(f->getType(), e->getBeginLoc(), r);
          if (!sub.ok) return bad;
          for (ExprPtr& v : sub.vals) a.vals.push_back(std::move(v));
        } else if (isWideType(f->getType())) {  // a 64-bit field: its low word, then its high word
          Val w = in ? wvalue(in) : zeroOf(true, r);
          a.vals.push_back(std::move(w.lo));
          a.vals.push_back(std::move(w.hi));
        } else {
          a.vals.push_back(in ? rvalue(in) : lit(0, r));
        }
      }
    }
    while (a.vals.size() < l->comps.size()) a.vals.push_back(lit(0, r));
    if (a.vals.size() != l->comps.size()) {
      unsupported(e, "this initialiser of '" + t.getAsString() + "'");
      return bad;
    }
    for (const Comp& c : l->comps) a.types.push_back(c.type);
    return a;
  }
  if (const auto* oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    const auto* m = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(oc->getDirectCallee());
    if (oc->getOperator() == clang::OO_Equal && oc->getNumArgs() == 2 && assignTrivially(m)) {
      Agg v = aggValue(oc->getArg(1));  // C++17: the right operand first
      AggPlace p = aggPlace(oc->getArg(0));
      storeAgg(p, v, r);
      return v;
    }
    unsupported(e, "operator call on '" + t.getAsString() + "'");
    return bad;
  }
  if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
    const clang::FunctionDecl* fd = c->getDirectCallee();
    const clang::FunctionDecl* def = nullptr;
    if (fd && fd->hasBody(def) && def) {
      lastAggResult_ = -1;
      inlineCall(c, def, true);
      int st = lastAggResult_;
      auto l = layoutOf(t, e->getBeginLoc());
      if (st < 0 || !l) return bad;
      return loadAgg(privatePlace(st, *l, r), r);
    }
    std::string name = fd ? fd->getNameAsString() : "";
    if (name.rfind("vload", 0) == 0 && name.size() > 5 && std::isdigit(static_cast<unsigned char>(name[5])))
      return vload(c, static_cast<unsigned>(std::stoul(name.substr(5))));
    bool handled = false;
    Agg v = vectorBuiltin(c, name, handled);
    if (handled) return v;
    unsupported(e, "call to '" + name + "' returning a " + (t->isVectorType() ? "vector" : "struct") +
                       " (only vloadN, select and convert_T among the vector builtins)");
    return bad;
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return aggBinary(b);
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (u->getOpcode() == clang::UO_Deref) return loadAgg(aggPlace(e), r);
    if (u->getOpcode() == clang::UO_Plus) return aggValue(u->getSubExpr());
    if (t->isVectorType() && (u->getOpcode() == clang::UO_Minus || u->getOpcode() == clang::UO_Not ||
                              u->getOpcode() == clang::UO_LNot)) {
      Agg a = aggValue(u->getSubExpr());
      if (!a.ok) return bad;
      auto l = layoutOf(t, e->getBeginLoc());
      if (!l) return bad;
      if (isWide(elemType(a))) {  // 64-bit elements: KPL's 64-bit builtins per element
        IntType et = elemType(a);
        Agg res;
        for (size_t j = 0; j < elemCount(a); ++j) {
          Val v = takeElem(a, j);
          if (u->getOpcode() == clang::UO_Minus) {
            v = et.isFloat ? wideUnary(WideOp::DNegLo, std::move(v), r) : widePair(WideOp::LSubLo, zeroOf(true, r), std::move(v), r);
          } else if (u->getOpcode() == clang::UO_Not && !et.isFloat) {
            v = widePair(WideOp::LXorLo, std::move(v), wideLit(~uint64_t{0}, r), r);
          } else if (u->getOpcode() == clang::UO_LNot) {  // -1 (as a long) where the element is 0, else 0
            ExprPtr z = wideOp(et.isFloat ? WideOp::DEq : WideOp::LEq, r, std::move(v.hi), std::move(v.lo), lit(0, r), lit(0, r));
            ExprPtr m = atom(un(UnaryOp::Neg, std::move(z), r), r);
            v = Val{clone(*m), std::move(m)};
          } else {
            unsupported(u, "operator '~' on a double vector");
            return bad;
          }
          pushElem(res, std::move(v), elemOf(l->comps[0].type), r);
        }
        return res;
      }
      for (size_t i = 0; i < a.vals.size(); ++i) {
        IntType et = a.types[i];
        ExprPtr v = std::move(a.vals[i]);
        if (u->getOpcode() == clang::UO_Minus)
          v = et.isFloat ? un(UnaryOp::FNeg, std::move(v), r) : normalize(un(UnaryOp::Neg, std::move(v), r), et, r);
        else if (u->getOpcode() == clang::UO_Not && !et.isFloat)
          v = normalize(un(UnaryOp::BitNot, std::move(v), r), et, r);
        else if (u->getOpcode() == clang::UO_LNot)  // -1 where the component is 0, else 0
          v = un(UnaryOp::Neg, bin(et.isFloat ? BinaryOp::FEq : BinaryOp::Eq, std::move(v), lit(0, r), r), r);
        else {
          unsupported(u, "operator '~' on a float vector");
          return bad;
        }
        a.vals[i] = std::move(v);
        a.types[i] = l->comps[i].type;
      }
      return a;
    }
    unsupported(e, std::string("operator '") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "' on '" +
                       t.getAsString() + "'");
    return bad;
  }
  if (const auto* x = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    if (x->getBase()->isGLValue()) return loadAgg(aggPlace(e), r);
    Agg b = aggValue(x->getBase());
    if (!b.ok) return bad;
    llvm::SmallVector<uint32_t, 16> idx;
    x->getEncodedElementAccess(idx);
    Agg a;
    size_t per = b.types.empty() ? 1 : wordsPerElem(b.types[0]);
    for (uint32_t i : idx) {
      if ((i + 1) * per > b.vals.size()) return bad;
      for (size_t w = 0; w < per; ++w) {
        a.vals.push_back(clone(*b.vals[i * per + w]));
        a.types.push_back(b.types[i * per + w]);
      }
    }
    return a;
  }
  if (const auto* co = llvm::dyn_cast<clang::ConditionalOperator>(e)) return aggConditional(co);
  if (const auto* as = llvm::dyn_cast<clang::AsTypeExpr>(e)) return asType(as);
  if (const clang::VarDecl* vd = refVar(e); vd && !lookup(vd) && vd->hasExternalStorage() && lang_ == Language::Cuda) {
    // threadIdx, blockIdx, blockDim, gridDim as whole values.
    std::string n = vd->getNameAsString();
    Agg a;
    for (unsigned d = 0; d < 3; ++d) {
      if (n == "threadIdx") a.vals.push_back(localId(d, r));
      else if (n == "blockIdx") a.vals.push_back(groupId(d, r));
      else if (n == "blockDim") a.vals.push_back(sizeExpr(launch_.localSize, d, r));
      else if (n == "gridDim") a.vals.push_back(sizeExpr(launch_.numGroups, d, r));
      else break;
      a.types.push_back(IntType{32, false});
    }
    if (a.vals.size() == 3) return a;
  }
  if (llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::MemberExpr>(e))
    return loadAgg(aggPlace(e), r);
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "' of type '" + t.getAsString() + "'");
  return bad;
}

ExprPtr Lowerer::vecElemOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, IntType t, clang::SourceLocation at,
                           kpl::SourceRange r) {
  bool cmp = op == clang::BO_LT || op == clang::BO_GT || op == clang::BO_LE || op == clang::BO_GE ||
             op == clang::BO_EQ || op == clang::BO_NE;
  ExprPtr v;
  if (t.isFloat) {
    v = bin(floatOp(op, at), std::move(a), std::move(b), r);
  } else {
    bool shift = op == clang::BO_Shl || op == clang::BO_Shr || op == clang::BO_ShlAssign || op == clang::BO_ShrAssign;
    if (shift && lang_ == Language::OpenCL) {
      // OpenCL C 1.2 §6.3(j): the amount's low log2(bits of the element) bits.
      int64_t mask = static_cast<int64_t>(t.width) - 1;
      b = b->kind == ExprKind::IntLit ? lit(b->value & mask, r) : bin(BinaryOp::BitAnd, std::move(b), lit(mask, r), r);
    }
    v = bin(arithOp(op, !t.isSigned, at), std::move(a), std::move(b), r);
  }
  if (cmp) return un(UnaryOp::Neg, std::move(v), r);  // true is -1 in every component
  return t.isFloat ? std::move(v) : normalize(std::move(v), t, r);
}

Agg Lowerer::aggBinary(const clang::BinaryOperator* b) {
  kpl::SourceRange r = range(b);
  clang::BinaryOperatorKind op = b->getOpcode();
  Agg bad;
  bad.ok = false;
  if (op == clang::BO_Comma) {
    rvalue(b->getLHS(), false);
    return aggValue(b->getRHS());
  }
  if (op == clang::BO_Assign) {
    Agg v = aggValue(b->getRHS());
    AggPlace p = aggPlace(b->getLHS());
    storeAgg(p, v, r);
    return v;
  }
  if (!b->getType()->isVectorType() && !b->getLHS()->getType()->isVectorType()) {
    unsupported(b, std::string("operator '") + b->getOpcodeStr().str() + "' on '" + b->getType().getAsString() + "'");
    return bad;
  }
  if (op == clang::BO_LAnd || op == clang::BO_LOr) {
    unsupported(b, std::string("operator '") + b->getOpcodeStr().str() + "' on vectors");
    return bad;
  }
  if (b->isCompoundAssignmentOp()) {
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    if (!isAgg(ca->getRHS()->getType()) || !ca->getComputationResultType()->isVectorType()) {
      unsupported(b, "compound assignment of a scalar to a vector");
      return bad;
    }
    Agg v = aggValue(b->getRHS());
    AggPlace p = aggPlace(b->getLHS());
    Agg old = loadAgg(p, r);
    if (!v.ok || !old.ok || elemCount(v) != elemCount(old) || old.vals.empty()) return bad;
    Agg res;
    IntType et = elemType(old);
    for (size_t j = 0, n = elemCount(old); j < n; ++j)
      pushElem(res, vecElemVal(op, takeElem(old, j), takeElem(v, j), et, b->getOperatorLoc(), r), et, r);
    storeAgg(p, res, r);
    return res;
  }
  Agg x = aggValue(b->getLHS());
  Agg y = aggValue(b->getRHS());
  auto l = layoutOf(b->getType(), b->getBeginLoc());
  if (!x.ok || !y.ok || !l || x.vals.empty() || elemCount(x) != elemCount(y) ||
      x.vals.size() / wordsPerElem(x.types[0]) != l->comps.size() / wordsPerElem(l->comps[0].type))
    return bad;
  Agg res;
  IntType et = elemType(x), rt = elemOf(l->comps[0].type);
  for (size_t j = 0, n = elemCount(x); j < n; ++j)
    pushElem(res, vecElemVal(op, takeElem(x, j), takeElem(y, j), et, b->getOperatorLoc(), r), rt, r);
  return res;
}

/// One element of a vector operation; a 64-bit element with KPL's 64-bit builtins
/// (a comparison gives -1 or 0 as a long: both words).
Val Lowerer::vecElemVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                        kpl::SourceRange r) {
  if (!isWide(t)) return Val{vecElemOp(op, std::move(a.lo), std::move(b.lo), t, at, r), nullptr};
  if (clang::BinaryOperator::isCompoundAssignmentOp(op)) op = clang::BinaryOperator::getOpForCompoundAssignment(op);
  if (clang::BinaryOperator::isComparisonOp(op)) {
    ExprPtr m = atom(un(UnaryOp::Neg, wideCompare(op, std::move(a), std::move(b), t, at, r), r), r);
    return Val{clone(*m), std::move(m)};
  }
  if (op == clang::BO_Shl || op == clang::BO_Shr) {
    // OpenCL C 1.2 §6.3(j): the amount's low 6 bits (all in its low word).
    if (lang_ != Language::OpenCL) {
      unsupported(at, "a shift of a 64-bit vector outside OpenCL");
      return zeroOf(true, r);
    }
    b = Val{shiftAmount(std::move(b.lo), r, 64), nullptr};
  } else if (!b.hi) {
    unsupported(at, "an operand of this 64-bit vector operation that is not 64-bit");
    return zeroOf(true, r);
  }
  return arithVal(op, std::move(a), std::move(b), t, at, r);
}

Agg Lowerer::aggConditional(const clang::ConditionalOperator* co) {
  kpl::SourceRange r = range(co);
  Agg bad;
  bad.ok = false;
  if (co->getCond()->getType()->isVectorType()) {
    // OpenCL C 1.2 §6.3(i): select(false arm, true arm, condition): every operand is
    // evaluated, and each component is chosen by the most significant bit of the condition's.
    Agg k = aggValue(co->getCond());
    Agg x = aggValue(co->getTrueExpr());
    Agg y = aggValue(co->getFalseExpr());
    if (!k.ok || !x.ok || !y.ok || elemCount(k) != elemCount(x) || x.vals.size() != y.vals.size()) return bad;
    Agg a;
    IntType kt = elemType(k), et = elemType(x);
    for (size_t j = 0, n = elemCount(x); j < n; ++j)
      pushElem(a, chooseVal(elemMsb(takeElem(k, j), kt, r), takeElem(x, j), takeElem(y, j), r), et, r);
    return a;
  }
  ExprPtr k = condition(co->getCond());
  Agg x, y;
  std::vector<StmtPtr> xs = capture([&] { x = aggValue(co->getTrueExpr()); });
  std::vector<StmtPtr> ys = capture([&] { y = aggValue(co->getFalseExpr()); });
  if (!x.ok || !y.ok || x.vals.size() != y.vals.size()) return bad;
  Agg a;
  a.types = x.types;
  if (xs.empty() && ys.empty()) {
    k = snapshot(std::move(k), r);
    for (size_t i = 0; i < x.vals.size(); ++i) a.vals.push_back(cond(clone(*k), std::move(x.vals[i]), std::move(y.vals[i]), r));
    return a;
  }
  for (size_t i = 0; i < x.vals.size(); ++i) {
    std::string t = temp();
    auto ax = stmt(StmtKind::Assign, r);
    ax->target = kpl::Ident{t, r};
    ax->exprs.push_back(std::move(x.vals[i]));
    xs.push_back(std::move(ax));
    auto ay = stmt(StmtKind::Assign, r);
    ay->target = kpl::Ident{t, r};
    ay->exprs.push_back(std::move(y.vals[i]));
    ys.push_back(std::move(ay));
    a.vals.push_back(nameExpr(t, r));
  }
  emitIf(std::move(k), std::move(xs), std::move(ys), r);
  return a;
}

Agg Lowerer::vload(const clang::CallExpr* c, unsigned n) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  if (c->getNumArgs() != 2 || !c->getArg(1)->getType()->isPointerType() || isAgg(c->getArg(1)->getType()->getPointeeType())) {
    unsupported(c, "this form of vload");
    return bad;
  }
  auto et = valType(c->getArg(1)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "vload of '" + c->getArg(1)->getType()->getPointeeType().getAsString() + "'");
    return bad;
  }
  // vloadn(offset, p) reads p[offset * n + k], k < n (packed: vload3 reads 3 elements); a
  // 64-bit element is two cells, low word first.
  int64_t per = static_cast<int64_t>(wordsPerElem(*et));
  ExprPtr off = snapshot(wordIndex(c->getArg(0)), r);
  PtrVal p = pointer(c->getArg(1));
  if (p.storage == -1) return bad;
  ExprPtr base = snapshot(add(std::move(p.offset), mul(std::move(off), n * per, r), r), r);
  Agg a;
  for (unsigned k = 0; k < n; ++k) {
    if (per == 2) {
      ExprPtr lo = readCell(p.storage, add(clone(*base), lit(2 * k, r), r), kRawWord, r);
      ExprPtr hi = readCell(p.storage, add(clone(*base), lit(2 * k + 1, r), r), kRawWord, r);
      pushElem(a, Val{std::move(lo), std::move(hi)}, *et, r);
      continue;
    }
    a.vals.push_back(readCell(p.storage, add(clone(*base), lit(k, r), r), *et, r));
    a.types.push_back(*et);
  }
  return a;
}

void Lowerer::vstore(const clang::CallExpr* c, unsigned n) {
  kpl::SourceRange r = range(c);
  if (c->getNumArgs() != 3 || !c->getArg(2)->getType()->isPointerType() || isAgg(c->getArg(2)->getType()->getPointeeType())) {
    unsupported(c, "this form of vstore");
    return;
  }
  auto et = valType(c->getArg(2)->getType()->getPointeeType());
  if (!et) {
    unsupported(c, "vstore of '" + c->getArg(2)->getType()->getPointeeType().getAsString() + "'");
    return;
  }
  int64_t per = static_cast<int64_t>(wordsPerElem(*et));
  Agg v = aggValue(c->getArg(0));
  ExprPtr off = snapshot(wordIndex(c->getArg(1)), r);
  PtrVal p = pointer(c->getArg(2));
  if (!v.ok || p.storage == -1 || v.vals.size() != n * static_cast<size_t>(per)) return;
  ExprPtr base = snapshot(add(std::move(p.offset), mul(std::move(off), n * per, r), r), r);
  for (unsigned k = 0; k < n * per; ++k)
    writeCell(p.storage, add(clone(*base), lit(k, r), r), std::move(v.vals[k]), cellType(*et), r);
}

// Accesses through a pointer with a run-time base: `if (base == id(A)) access A; else if
// (base == id(B)) access B; … else assert(false)` (NULL or never assigned), over the
// storages the pointer can take: the targets of every assignment of it, transitively.
void Lowerer::finishDynamic() {
  for (bool changed = true; changed;) {
    changed = false;
    for (Storage& s : storages_)
      for (int f : s.follows)
        for (int t : std::set<int>(storages_[static_cast<size_t>(f)].targets))
          changed |= s.targets.insert(t).second;
  }
  for (Pending& pd : pending_) {
    kpl::SourceRange r = pd.range;
    const Storage& s = storages_[static_cast<size_t>(pd.storage)];
    std::vector<int> targets(s.targets.begin(), s.targets.end());
    std::string base = s.base;
    std::vector<StmtPtr> chain = capture([&] { emitCheck(StmtKind::Assert, lit(0, r), r); });
    for (auto it = targets.rbegin(); it != targets.rend(); ++it) {
      int t = *it;
      std::vector<StmtPtr> then = capture([&] {
        switch (pd.kind) {
          case Pending::Kind::Read: emitAssign(pd.target, readCell(t, clone(*pd.index), pd.type, r), r); break;
          case Pending::Kind::Write: writeCell(t, clone(*pd.index), clone(*pd.value), pd.type, r); break;
          case Pending::Kind::Atomic: {
            const Storage& ts = storages_[static_cast<size_t>(t)];
            if (ts.kind != Storage::Kind::Array) {
              unsupported(pd.at, "an atomic operation on private memory (through a pointer that may point to '" +
                                     ts.cName + "')");
              break;
            }
            auto st = stmt(StmtKind::Atomic, r);
            st->atomicOp = pd.op;
            st->array = kpl::Ident{ts.array, r};
            st->exprs.push_back(clone(*pd.index));
            for (const ExprPtr& v : pd.operands) st->exprs.push_back(clone(*v));
            if (!pd.target.empty()) st->target = kpl::Ident{pd.target, r};
            if (!pd.target2.empty()) st->target2 = kpl::Ident{pd.target2, r};
            emit(std::move(st));
            break;
          }
        }
      });
      auto ifs = stmt(StmtKind::If, r);
      ifs->exprs.push_back(bin(BinaryOp::Eq, nameExpr(base, r), lit(t + 1, r), r));
      ifs->stmts.push_back(block(std::move(then), r));
      ifs->stmts.push_back(block(std::move(chain), r));
      chain.clear();
      chain.push_back(std::move(ifs));
    }
    pd.slot->stmts = std::move(chain);
  }
}

/// Whether the most significant bit of a normalised word of type t is set (select's test).
ExprPtr Lowerer::msbSet(ExprPtr v, IntType t, kpl::SourceRange r) {
  if (t.isSigned || t.width >= 32) return bin(BinaryOp::Lt, std::move(v), lit(0, r), r);
  return bin(BinaryOp::Ne, bin(BinaryOp::BitAnd, std::move(v), lit(int64_t{1} << (t.width - 1), r), r), lit(0, r), r);
}

/// `convert_T[_sat][_rte|_rtz|_rtp|_rtn]`: its saturation and rounding mode (0: default).
bool Lowerer::parseConvert(const std::string& name, bool& sat, char& rounding) {
  if (name.rfind("convert_", 0) != 0) return false;
  std::string rest = name.substr(8);
  sat = false;
  rounding = 0;
  for (const char* m : {"_rte", "_rtz", "_rtp", "_rtn"})
    if (rest.size() > 4 && rest.compare(rest.size() - 4, 4, m) == 0) {
      rounding = m[3];
      rest.resize(rest.size() - 4);
    }
  if (rest.size() > 4 && rest.compare(rest.size() - 4, 4, "_sat") == 0) sat = true;
  return true;
}

/// One component of convert_T (OpenCL C 1.2 §6.2.3): to an integer, rounding toward zero by
/// default and, with _sat, clamping to the type's range (NaN → 0); without _sat an
/// out-of-range value converts as a C cast does (the lowering's ftoi/ftou, low bits). To
/// float, round to nearest even by default; directed rounding of a 32-bit integer is refused.
ExprPtr Lowerer::convertElem(ExprPtr v, IntType from, IntType to, bool sat, char rounding, const clang::Expr* at,
                             kpl::SourceRange r) {
  if (to.isFloat) {
    if (!from.isFloat && rounding != 0 && rounding != 'e' && from.width > 24) {
      unsupported(at, std::string("convert to float with rounding mode _rt") + rounding +
                          " of a 32-bit integer (only round to nearest even is exact with KPL's itof)");
      return lit(0, r);
    }
    return convert(std::move(v), from, to, r);
  }
  int64_t lo = to.isSigned ? -(int64_t{1} << (to.width - 1)) : 0;
  int64_t hi = to.isSigned ? (int64_t{1} << (to.width - 1)) - 1 : (int64_t{1} << to.width) - 1;
  if (from.isFloat) {
    ExprPtr f = snapshot(std::move(v), r);
    if (rounding == 'e' || rounding == 'n' || rounding == 'p') {
      // To an integral float first; |f| >= 2^23 (and NaN, infinities) is integral already.
      const int64_t two23 = floatBits(8388608.0f);
      ExprPtr rounded;
      if (rounding == 'e') {
        // f ± 2^23 lies where the float spacing is 1: fadd rounds it to the nearest even integer.
        ExprPtr pos = bin(BinaryOp::FSub, bin(BinaryOp::FAdd, clone(*f), lit(two23, r), r), lit(two23, r), r);
        ExprPtr neg = bin(BinaryOp::FAdd, bin(BinaryOp::FSub, clone(*f), lit(two23, r), r), lit(two23, r), r);
        rounded = cond(bin(BinaryOp::FGe, clone(*f), lit(0, r), r), std::move(pos), std::move(neg), r);
      } else {
        auto trunc = [&] { return un(UnaryOp::IToF, un(UnaryOp::FToI, clone(*f), r), r); };
        bool down = rounding == 'n';
        ExprPtr test = bin(down ? BinaryOp::FLt : BinaryOp::FGt, clone(*f), trunc(), r);
        ExprPtr step = bin(down ? BinaryOp::FSub : BinaryOp::FAdd, trunc(), lit(kFloatOne, r), r);
        rounded = cond(std::move(test), std::move(step), trunc(), r);
      }
      ExprPtr small = bin(BinaryOp::FLt, un(UnaryOp::FAbs, clone(*f), r), lit(two23, r), r);
      f = snapshot(cond(std::move(small), std::move(rounded), clone(*f), r), r);
    }
    if (!sat) return convert(std::move(f), from, to, r);
    // hi + 1 and lo are powers of two (or 0): exact floats. Below lo (toward zero) or at it
    // the value truncates to lo or is clamped to it alike.
    ExprPtr inRange = convert(clone(*f), from, to, r);
    ExprPtr e = cond(bin(BinaryOp::FLt, clone(*f), lit(floatBits(static_cast<float>(lo)), r), r), lit(lo, r),
                     std::move(inRange), r);
    e = cond(bin(BinaryOp::FGe, clone(*f), lit(floatBits(static_cast<float>(hi + 1)), r), r), lit(hi, r), std::move(e), r);
    return cond(bin(BinaryOp::FNe, clone(*f), clone(*f), r), lit(0, r), std::move(e), r);  // NaN
  }
  if (!sat) return convert(std::move(v), from, to, r);
  // Integer to integer, saturating: clamp where the source's range exceeds the target's.
  int64_t slo = from.isBool ? 0 : from.isSigned ? -(int64_t{1} << (from.width - 1)) : 0;
  int64_t shi = from.isBool ? 1 : from.isSigned ? (int64_t{1} << (from.width - 1)) - 1 : (int64_t{1} << from.width) - 1;
  if (slo >= lo && shi <= hi) return v;
  ExprPtr x = snapshot(std::move(v), r);
  ExprPtr e = clone(*x);
  if (slo < lo) e = cond(bin(BinaryOp::Lt, clone(*x), lit(lo, r), r), lit(lo, r), std::move(e), r);
  if (shi > hi)
    e = cond(bin(from.isSigned ? BinaryOp::Gt : BinaryOp::UGt, clone(*x), lit(hi, r), r), lit(hi, r), std::move(e), r);
  return e;
}

/// select and convert_T on scalars.
ExprPtr Lowerer::scalarVectorBuiltin(const clang::CallExpr* c, const std::string& name, bool& handled) {
  kpl::SourceRange r = range(c);
  handled = true;
  bool sat = false;
  char rounding = 0;
  if (name == "select" && c->getNumArgs() == 3) {
    // select(a, b, c) = c ? b : a for scalars (every argument is evaluated).
    auto t = intType(c->getType());
    auto ct = intType(c->getArg(2)->getType());
    if (!t || !ct) {
      unsupported(c, "select on '" + c->getType().getAsString() + "'" + typeReason(c->getType()));
      return lit(0, r);
    }
    ExprPtr a = rvalue(c->getArg(0));
    ExprPtr b = rvalue(c->getArg(1));
    ExprPtr k = rvalue(c->getArg(2));
    return cond(asBool(std::move(k), r), std::move(b), std::move(a), r);
  }
  if (parseConvert(name, sat, rounding) && c->getNumArgs() == 1 && isWideType(c->getArg(0)->getType()))
    if (auto v = wideConvert(c, name, true)) return std::move(v->lo);  // from 64 bits to a word
  if (parseConvert(name, sat, rounding) && c->getNumArgs() == 1) {
    auto from = intType(c->getArg(0)->getType());
    auto to = intType(c->getType());
    if (!from || !to || from->isBool || to->isBool) {
      clang::QualType bad = from ? c->getType() : c->getArg(0)->getType();
      unsupported(c, name + " of '" + c->getArg(0)->getType().getAsString() + "'" +
                         (from ? "" : typeReason(bad)) + (to ? "" : " to '" + c->getType().getAsString() + "'" + typeReason(c->getType())));
      return lit(0, r);
    }
    return convertElem(rvalue(c->getArg(0)), *from, *to, sat, rounding, c, r);
  }
  handled = false;
  return lit(0, r);
}

/// select and convert_T on vectors (component-wise).
Agg Lowerer::vectorBuiltin(const clang::CallExpr* c, const std::string& name, bool& handled) {
  kpl::SourceRange r = range(c);
  Agg bad;
  bad.ok = false;
  handled = true;
  bool sat = false;
  char rounding = 0;
  if (lang_ == Language::OpenCL && c->getType()->isVectorType() && name == "select" && c->getNumArgs() == 3) {
    // select(a, b, c)[i] = MSB of c[i] set ? b[i] : a[i]; every argument is evaluated.
    Agg a = aggValue(c->getArg(0));
    Agg b = aggValue(c->getArg(1));
    Agg k = aggValue(c->getArg(2));
    if (!a.ok || !b.ok || !k.ok || a.vals.size() != b.vals.size() || elemCount(a) != elemCount(k)) return bad;
    Agg res;
    IntType kt = elemType(k), et = elemType(a);
    for (size_t j = 0, n = elemCount(a); j < n; ++j)
      pushElem(res, chooseVal(elemMsb(takeElem(k, j), kt, r), takeElem(b, j), takeElem(a, j), r), et, r);
    return res;
  }
  if (lang_ == Language::OpenCL && c->getType()->isVectorType() && parseConvert(name, sat, rounding) &&
      c->getNumArgs() == 1 && c->getArg(0)->getType()->isVectorType()) {
    auto l = layoutOf(c->getType(), c->getBeginLoc());
    if (!l) return bad;
    Agg v = aggValue(c->getArg(0));
    IntType from = elemType(v), to = elemOf(l->comps[0].type);
    if (!v.ok || v.vals.empty() || elemCount(v) != l->comps.size() / wordsPerElem(to)) return bad;
    if (isWide(from) || isWide(to)) {
      // 64-bit elements: C's conversion only, as for scalars.
      bool exact = (!to.isFloat && !from.isFloat) || (to.isFloat && isWide(to) && (from.isFloat || from.width <= 32));
      bool cRounding = rounding == 0 || (to.isFloat ? rounding == 'e' : rounding == 'z');
      if (sat || !(exact || cRounding) || from.isBool) {
        unsupported(c, name + " of '" + c->getArg(0)->getType().getAsString() +
                           "' (64-bit: only C's conversion, without _sat and with the default rounding)");
        return bad;
      }
      Agg res;
      for (size_t j = 0, n = elemCount(v); j < n; ++j) pushElem(res, convertVal(takeElem(v, j), from, to, r), to, r);
      return res;
    }
    Agg res;
    for (size_t i = 0; i < v.vals.size(); ++i) {
      res.vals.push_back(convertElem(std::move(v.vals[i]), v.types[i], l->comps[i].type, sat, rounding, c, r));
      res.types.push_back(l->comps[i].type);
    }
    return res;
  }
  handled = false;
  return bad;
}

/// as_T(v) (OpenCL's __builtin_astype): the same bits read as another type of the same size.
/// Components keep their order when the element sizes agree; a split or join of elements
/// (as_char4(int), whose result depends on the device's byte order) is refused.
Agg Lowerer::asType(const clang::AsTypeExpr* as) {
  kpl::SourceRange r = range(as);
  Agg bad;
  bad.ok = false;
  const clang::Expr* src = as->getSrcExpr();
  clang::QualType from = src->getType(), to = as->getType();
  auto elemBits = [&](clang::QualType q) -> uint64_t {
    q = q.getCanonicalType();
    if (const auto* vt = q->getAs<clang::VectorType>()) return ctx_.getTypeSize(vt->getElementType());
    return ctx_.getTypeSize(q);
  };
  auto count = [](clang::QualType q) -> unsigned {
    const auto* vt = q.getCanonicalType()->getAs<clang::VectorType>();
    return vt ? vt->getNumElements() : 1;
  };
  auto l = layoutOf(to, as->getBeginLoc());
  if (!l) return bad;
  if (elemBits(from) != elemBits(to) || count(from) != count(to)) {
    unsupported(as, "reinterpreting '" + from.getUnqualifiedType().getAsString() + "' as '" + to.getAsString() +
                        "' (as_type between different element sizes or counts depends on the device's layout)");
    return bad;
  }
  Agg v;
  if (isAgg(from)) {
    v = aggValue(src);
  } else {
    auto ft = intType(from);
    if (!ft) {
      unsupported(src, "type '" + from.getAsString() + "'" + typeReason(from));
      return bad;
    }
    v.vals.push_back(rvalue(src));
    v.types.push_back(*ft);
  }
  if (!v.ok || v.vals.size() != l->comps.size()) return bad;
  Agg res;
  for (size_t i = 0; i < v.vals.size(); ++i) {
    bool word = isWide(l->comps[i].type) || isWide(v.types[i]);  // a word of a 64-bit element: the same bits
    res.vals.push_back(word ? std::move(v.vals[i]) : reinterpret(std::move(v.vals[i]), v.types[i], l->comps[i].type, r));
    res.types.push_back(l->comps[i].type);
  }
  return res;
}

// ---- statements -----------------------------------------------------------------------

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
  for (const clang::Expr* e : inst_->ensures) {
    const auto* c = llvm::cast<clang::CallExpr>(e);
    emitCheck(StmtKind::Assert, rvalue(c->getArg(0)), range(c));
  }
}

void Lowerer::lowerLoop(const clang::Stmt* loop, const clang::Stmt* init, const clang::Expr* condExpr,
                        const clang::Expr* inc, const clang::Stmt* body, bool isDo) {
  kpl::SourceRange r = range(loop);
  if (init) lowerStmt(init);
  ExprPtr g;
  std::vector<StmtPtr> gs = capture([&] { g = condExpr ? condition(condExpr) : lit(1, r); });
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
      if (inst_->resultStorage >= 0) {
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
    if (s != inst_->tailReturn) lowerJump(Jump{JumpKind::Return, inst_}, r);
    return;
  }
  if (const auto* as = llvm::dyn_cast<clang::AttributedStmt>(s)) {
    lowerStmt(as->getSubStmt());
    return;
  }
  unsupported(s, std::string("statement '") + s->getStmtClassName() + "'");
}

// ---- the kernel -----------------------------------------------------------------------

std::optional<kpl::Program> Lowerer::run() {
  const clang::TranslationUnitDecl* tu = ctx_.getTranslationUnitDecl();
  std::vector<const clang::FunctionDecl*> kernels;
  for (const clang::Decl* d : tu->decls()) {
    const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fd || !fd->doesThisDeclarationHaveABody()) continue;
    bool isKernel = lang_ == Language::Cuda ? fd->hasAttr<clang::CUDAGlobalAttr>() : fd->hasAttr<clang::OpenCLKernelAttr>();
    if (isKernel) kernels.push_back(fd);
  }
  for (const clang::Decl* d : tu->decls())
    if (const auto* td = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
      if (td->getTemplatedDecl()->hasAttr<clang::CUDAGlobalAttr>())
        unsupported(td->getLocation(), "template kernel '" + td->getNameAsString() + "'");
  if (diags_.hasErrors()) return std::nullopt;
  const clang::FunctionDecl* kernel = nullptr;
  auto names = [&] {
    std::string n;
    for (const clang::FunctionDecl* k : kernels) n += (n.empty() ? "" : ", ") + k->getNameAsString();
    return n;
  };
  if (!launch_.kernel.empty()) {
    for (const clang::FunctionDecl* k : kernels)
      if (k->getNameAsString() == launch_.kernel) kernel = k;
    if (!kernel) {
      diags_.error(kpl::SourceLoc{1, 1}, "no kernel named '" + launch_.kernel + "' (--kernel)" +
                                             (kernels.empty() ? std::string("; the file has none")
                                                              : "; the file has " + names()));
      return std::nullopt;
    }
  } else if (kernels.empty()) {
    diags_.error(kpl::SourceLoc{1, 1}, std::string("no kernel in the file (a ") +
                                           (lang_ == Language::Cuda ? "__global__" : "__kernel") + " function)");
    return std::nullopt;
  } else if (kernels.size() > 1) {
    error(kernels[1]->getLocation(), "several kernels (" + names() + "): choose one with --kernel NAME");
    return std::nullopt;
  } else {
    kernel = kernels[0];
  }
  if (!kernel->getReturnType()->isVoidType()) unsupported(kernel->getLocation(), "a kernel that returns a value");
  collectModified(kernel->getBody(), modified_);

  kpl::Program p;
  p.file = path_;
  p.language = lang_ == Language::Cuda ? "cuda" : "opencl";
  uint64_t threads = 1, groups = 1;
  for (unsigned d = 0; d < 3; ++d) {
    p.localSize[d] = launch_.localSize[d];
    p.numGroups[d] = launch_.numGroups[d];
    threads *= launch_.localSize[d];
    groups *= launch_.numGroups[d];
  }
  p.threads = static_cast<uint32_t>(threads);
  p.group = 0;
  p.groups = groups > 1 ? static_cast<uint32_t>(groups) : 0;
  p.mainRange = range(kernel->getLocation());

  Instance k;
  k.fn = kernel;
  k.isKernel = true;
  inst_ = &k;
  std::vector<StmtPtr> body;
  out_ = &body;
  for (const clang::ParmVarDecl* pd : kernel->parameters()) {
    std::string cname = pd->getNameAsString();
    kpl::SourceRange pr = range(pd);
    clang::QualType t = pd->getType();
    if (t->isPointerType()) {
      // A buffer: unbounded (as in GPUVerify) unless --buffer NAME=SIZE.
      IntType elem;
      uint64_t cells = 1, bytes = 4;
      if (!cellsOf(t->getPointeeType(), elem, cells, bytes, pd->getLocation())) continue;
      clang::LangAS as = t->getPointeeType().getAddressSpace();
      bool shared = as == clang::LangAS::opencl_local;
      int id = declareArray(cname, elem, bytes, 0, !shared, pr, pd->getLocation());
      recordCellPaths(arrays_.back().name.name, t->getPointeeType(), pd->getLocation());
      // --buffer counts elements; a struct element is `cells` cells.
      if (!arrays_.back().unbounded) arrays_.back().size *= static_cast<uint32_t>(cells);
      VarInfo v{VarInfo::Kind::Pointer, "", id};
      if (modified_.count(pd)) {
        v.local = newLocal(cname + "_off");
        emitAssign(v.local, lit(0, pr), pr);
        if (dynamic_.count(DynKey{pd, 0})) {
          v.storage = newDynamic(cname);
          addTarget(v.storage, id);
          emitAssign(storages_[static_cast<size_t>(v.storage)].base, baseOf(id, pr), pr);
        }
      }
      k.vars[pd] = v;
      continue;
    }
    if (isAgg(t)) {
      // By value: one KPL param per component, named NAME_FIELD (users write NAME.FIELD),
      // copied into the struct's locals.
      auto l = layoutOf(t, pd->getLocation());
      if (!l) continue;
      std::vector<std::string> pnames;  // the params get the plain names, the locals a suffix
      for (const Comp& comp : l->comps) {
        std::string kname = cname + comp.path;
        std::replace(kname.begin(), kname.end(), '.', '_');
        pnames.push_back(fresh(kname));
        renamed_[pnames.back()] = cname + comp.path;
        params_.push_back(kpl::Ident{pnames.back(), pr});
      }
      int st = newPrivate(cname, *l, cname);
      const Storage& s = storages_[static_cast<size_t>(st)];
      for (size_t i = 0; i < l->comps.size(); ++i)
        emitAssign(s.cells[l->comps[i].offset], normalize(nameExpr(pnames[i], pr), l->comps[i].type, pr), pr);
      k.vars[pd] = VarInfo{VarInfo::Kind::Memory, "", st};
      continue;
    }
    if (isWideType(t)) {
      // Two KPL params, NAME_lo and NAME_hi (users write NAME.lo, NAME.hi).
      std::string lo = fresh(cname + "_lo"), hi = fresh(cname + "_hi");
      renamed_[lo] = cname + ".lo";
      renamed_[hi] = cname + ".hi";
      params_.push_back(kpl::Ident{lo, pr});
      params_.push_back(kpl::Ident{hi, pr});
      if (modified_.count(pd)) {
        VarInfo v{VarInfo::Kind::Scalar, newLocal(cname + "_v_lo"), -1, newLocal(cname + "_v_hi")};
        emitAssign(v.local, nameExpr(lo, pr), pr);
        emitAssign(v.hi, nameExpr(hi, pr), pr);
        k.vars[pd] = v;
      } else {
        k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, lo, -1, hi};
      }
      continue;
    }
    auto it = intType(t);
    if (!it) {
      unsupported(pd->getLocation(), "kernel parameter of type '" + t.getAsString() + "'" + typeReason(t));
      continue;
    }
    std::string pname = fresh(cname);
    if (pname != cname) renamed_[pname] = cname;
    params_.push_back(kpl::Ident{pname, pr});
    if (modified_.count(pd) || it->isBool || it->width < 32) {
      std::string l = newLocal(cname + "_v");
      emitAssign(l, normalize(nameExpr(pname, pr), *it, pr), pr);
      k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, l, -1};
    } else {
      k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, pname, -1};
    }
  }
  callStack_.push_back(kernel);
  lowerFunctionBody(kernel, range(kernel));
  callStack_.pop_back();
  // The end of the kernel is a barrier: SDV checks the last accesses for races there.
  emitSimple(StmtKind::Barrier, range(kernel->getBody()->getEndLoc()));
  if (!diags_.hasErrors() && discovered_.empty()) finishDynamic();

  for (const auto& [name, size] : launch_.buffers)
    if (!usedBuffers_.count(name))
      diags_.error(kpl::SourceLoc{1, 1}, "--buffer " + name + "=" + std::to_string(size) +
                                             ": the kernel has no pointer parameter or extern array '" + name + "'");
  if (diags_.hasErrors()) return std::nullopt;

  auto mainBlock = stmt(StmtKind::Block, range(kernel->getBody()));
  if (!locals_.empty()) {
    auto decl = stmt(StmtKind::LocalDecl, range(kernel->getBody()->getBeginLoc()));
    for (const std::string& l : locals_) decl->names.push_back(kpl::Ident{l, decl->range});
    mainBlock->stmts.push_back(std::move(decl));
  }
  for (StmtPtr& s : body) mainBlock->stmts.push_back(std::move(s));
  p.main = std::move(mainBlock);
  // Users name renamed parameters and arrays by their C names, where that name is not
  // ambiguous (another array or parameter keeps it, or two were renamed from it).
  {
    std::set<std::string> kplNames;
    for (const kpl::ArrayDecl& a : arrays_) kplNames.insert(a.name.name);
    for (const kpl::Ident& q : params_) kplNames.insert(q.name);
    std::map<std::string, int> uses;
    for (const auto& [k, c] : renamed_) ++uses[c];
    for (const auto& [k, c] : renamed_)
      if (kplNames.count(k) && !kplNames.count(c) && uses[c] == 1) p.sourceNames[k] = c;
  }
  // A replay (witnesses, reports) must pick the same kernel and the same buffer sizes.
  if (!launch_.kernel.empty()) p.replayArgs = {"--kernel", launch_.kernel};
  for (const auto& [name, size] : launch_.buffers) {
    p.replayArgs.push_back("--buffer");
    p.replayArgs.push_back(name + "=" + std::to_string(size));
  }
  for (auto& [k, paths] : cellPaths_) {
    auto it = p.sourceNames.find(k);
    p.cellPaths[it == p.sourceNames.end() ? k : it->second] = std::move(paths);
  }
  p.arrays = std::move(arrays_);
  p.params = std::move(params_);
  return p;
}

}  // namespace

std::optional<kpl::Program> lowerTranslationUnit(clang::ASTContext& ctx, Language language, const LaunchOptions& launch,
                                                 const std::string& path, kpl::DiagnosticEngine& diags) {
  // A pointer variable found to take several arrays only after accesses through it were
  // lowered gets a run-time base from its declaration on in the next round (each round adds
  // one at least; the diagnostics are those of the last).
  std::set<DynKey> dynamic;
  for (;;) {
    kpl::DiagnosticEngine scratch;
    Lowerer l(ctx, language, launch, path, scratch, dynamic);
    std::optional<kpl::Program> p = l.run();
    size_t before = dynamic.size();
    dynamic.insert(l.discovered().begin(), l.discovered().end());
    if (dynamic.size() == before) {
      for (const kpl::Diagnostic& d : scratch.diagnostics()) {  // stamped with the real file
        if (d.severity == kpl::Severity::Error) diags.error(d.loc, d.message);
        else if (d.severity == kpl::Severity::Warning) diags.warning(d.loc, d.message);
        else diags.note(d.loc, d.message);
      }
      return p;
    }
  }
}

}  // namespace sdvmc::clangfe
