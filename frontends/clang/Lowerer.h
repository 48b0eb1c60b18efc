// The lowering from Clang's AST to KPL, internal to frontends_clang (the entry point is
// lowerTranslationUnit, Lowering.h; README.md in this folder states the rules). One class,
// Lowerer, walks the AST; as with Clang's CodeGenFunction, its members are defined across
// files named after what they lower (the groups below say which file defines what).
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
#pragma once

#include "frontends/clang/Builtins.h"
#include "frontends/clang/ClangFrontend.h"

#include <clang/AST/OperationKinds.h>
#include <clang/AST/Type.h>
#include <clang/Basic/SourceLocation.h>

#include <bit>
#include <functional>
#include <map>
#include <set>
#include <utility>

namespace clang {
class ASTContext;
class SourceManager;
class Stmt;
class SwitchStmt;
class Decl;
class FieldDecl;
class ValueDecl;
class VarDecl;
class ParmVarDecl;
class FunctionDecl;
class CXXMethodDecl;
class CXXConstructExpr;
class LambdaExpr;
class Expr;
class CallExpr;
class CastExpr;
class BinaryOperator;
class UnaryOperator;
class AbstractConditionalOperator;
class ConditionalOperator;
class MemberExpr;
class InitListExpr;
class AsTypeExpr;
class GCCAsmStmt;
}  // namespace clang

namespace sdvmc::clangfe::lowering {

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
inline bool isWide(IntType t) { return t.width == 64; }
/// One word of a 64-bit value, or a word read or written as raw bits.
inline constexpr IntType kRawWord{32, true, false, false};
/// How a component's cell is read or written: a word of a 64-bit element as raw bits.
inline IntType cellType(IntType t) { return isWide(t) ? kRawWord : t; }
/// Components (words) per element of a vector whose first component has type t.
inline size_t wordsPerElem(IntType t) { return isWide(t) ? 2 : 1; }
/// A 64-bit element's type, as its (low word) component carries it.
inline IntType elemOf(IntType t) {
  t.hiWord = false;
  return t;
}

/// A value of any modelled type: a word (hi null), or a 64-bit pair (high word, low word).
struct Val {
  ExprPtr lo;
  ExprPtr hi;
};

/// The bits of a float, as a word.
inline int64_t floatBits(float f) { return static_cast<int64_t>(std::bit_cast<uint32_t>(f)); }
inline constexpr int64_t kFloatOne = 0x3f800000;

/// Where cells live: a KPL array, or a private (per-thread) array lowered to locals, or (a
/// pointer that may point into several storages) whichever a local names at run time.
struct Storage {
  enum class Kind { Array, Private, Dynamic, View } kind = Kind::Array;
  std::string array;               ///< Array: the KPL array
  std::vector<std::string> cells;  ///< Private: one local per cell
  std::string base;                ///< Dynamic: the local holding the target's id (storage + 1; 0: none)
  std::set<int> targets;           ///< Dynamic: the Array/Private storages it may name
  std::set<int> follows;           ///< Dynamic: other Dynamic storages whose targets it may take
  IntType elem;                    ///< the cells' C type
  uint64_t elemBytes = 4;          ///< its size in bytes (pointer casts must keep it)
  std::string cName;               ///< for messages
  clang::QualType ctype;           ///< the C element type, where known (casts from void* check it)
  bool byteCells = false;          ///< its cells sit at C's byte offsets (scalars, 32-bit-word structs): an address may name one
  unsigned narrowBits = 0;         ///< 8 or 16: cells of narrow scalars (char, __half, half2 …) that views may read as words
  IntType narrowCell;              ///< those cells' C type
  bool wideElems = false;          ///< Private: an array of pointers whose elements are three cells (offset, target id, the offset's high word)
  bool elemCells = false;          ///< Private: a C array of one cell per (innermost) element: a cell index is its
                                   ///< row-major element index, checked by `private_index(cName, i, cells)`
  bool cArray = false;             ///< Private: a C array variable (privateDimension checks its subscripts)
  int viewOf = -1;                 ///< View: the storage of 8- or 16-bit cells it reads as 32-bit words (LowerView.cpp)
  uint64_t viewCells = 0;          ///< View: that storage's cells per word (4 or 2)
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
  std::string hi;     ///< Scalar of a 64-bit type: the local of the high word (`local` holds the low one);
                      ///< a reference or `this` bound to a 64-bit cell index (addr64): its high word's local
  bool ref = false;   ///< Pointer: a C++ reference to the cell (storage, offset), dereferenced at each use
  int64_t fixed = -1; ///< a reference or `this` whose offset is a constant: it (no local)
  int closure = -1;   ///< a lambda (closure) variable: its index in closures_
  const clang::FunctionDecl* fn = nullptr;  ///< a function pointer variable: the one function it holds
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
  /// Cell: a pointer held in memory cells (index: its offset, index + 1: its target's id, as a
  /// Dynamic storage's base holds it): the storage collecting every target stored there; -1 otherwise.
  int ptrColl = -1;
  /// Cell: a place inside a union lowered as bytes (LowerUnion.cpp): its cells are C's bytes.
  bool inBytes = false;
  /// Cell with ptrColl: a pointer field with a third cell for its offset's high word (wideField).
  bool ptrWide = false;
  /// inBytes: the bytes the place spans; a scalar of 2, 4 or 8 bytes is read and written as
  /// that many byte cells, least significant first (a byte, or bytes 0 … 1 of a word: plain cells).
  unsigned bytes = 0;
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
  std::vector<const clang::Expr*> functionWide;  ///< __function_wide_invariant: checked at its loops' heads
  std::vector<const clang::Expr*> functionWideCandidates;  ///< __function_wide_candidate_invariant: likewise, as candidates
  bool isKernel = false;
  int resultStorage = -1;                    ///< a struct or vector result: its cells
  int seq = 0;                               ///< which inlined call (0: the kernel), in lowering order
  std::optional<VarInfo> self;               ///< a member function's or constructor's `this`: the object's first cell
  std::optional<VarInfo> refResult;          ///< a function returning a reference: the cell (or local) it returns
  std::optional<VarInfo> ptrResult;          ///< a function returning a pointer: its storage and offset local
  bool wideResult = false;                   ///< ptrResult may be a 64-bit offset (returnsWidePtr): a high word
                                             ///< local, made at the first return unless it points into a smallTarget
  /// CUDA's 64-bit target: the pointer variables of this body (parameters included) that may
  /// hold a 64-bit offset (widePointers): each gets a high word's local (VarInfo::hi).
  std::set<const clang::VarDecl*> widePtrs;
  const Instance* caller = nullptr;          ///< the body it is inlined into (null: the kernel)
  /// GPUVerify's __reads_from(p) / __writes_to(p) in this body: the storages of its frame (the
  /// arrays its body, inlined callees included, may read / write) and the declarations.
  struct AccessFrame {
    bool declared = false;
    std::set<int> storages;
    std::vector<std::string> names;  ///< the C names, for messages
    kpl::SourceLoc at;               ///< the first declaration
  } readsFrom, writesTo;
};

/// A lambda's closure: what its body's captured variables are (a by-reference capture: the
/// variable's own VarInfo; a by-copy capture: fresh locals holding the value at its creation).
struct Closure {
  const clang::LambdaExpr* lambda = nullptr;
  std::map<const clang::VarDecl*, VarInfo> captures;
};

/// A pointer variable of one inlined body that needs a run-time base (it takes several arrays).
using DynKey = std::pair<const clang::VarDecl*, int>;

/// An access through a Dynamic storage: an empty block, filled with the if-chain over its
/// targets once every assignment of the pointer has been lowered.
struct Pending {
  /// PtrOffset, PtrOffsetBytes: GPUVerify's __ptr_offset(_bytes) of the pointer (into target).
  enum class Kind { Read, Write, Atomic, PtrOffset, PtrOffsetBytes } kind = Kind::Read;
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
  /// GPUVerify's frames (__reads_from, __writes_to) of the inlined helpers around a Read, Write
  /// or Atomic: a target outside one gets an assert(false) in its branch, and `note` (with
  /// "{}" for the target's name) says so. The kernel's own frame is checked per target there.
  struct FrameCheck {
    std::set<int> allowed;
    std::string note;
  };
  std::vector<FrameCheck> frames;
};

/// One scalar component of a struct or vector value: its cell offset, C type, and its path
/// (".a.b", ".x", ".s4") under the value.
struct Comp {
  uint64_t offset = 0;
  IntType type;
  std::string path;
  const clang::FieldDecl* ptrField = nullptr;  ///< a pointer field's cell: its offset, or (ptrBase) its target's id
  bool ptrBase = false;
  /// A component of a place inside a union lowered as bytes: it spans this many byte cells
  /// from `offset`, least significant first (0 or 1: one cell).
  unsigned bytes = 0;
  /// A wide pointer field's third cell: its offset's high word (wideField).
  bool ptrHi = false;
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
/// The operands of a float library call, component by component (FloatArgs.comps[j]: the
/// operands of component j, each an atom); n: the vectors' component count, 0 when every
/// argument is a scalar (comps then has one entry).
struct FloatArgs {
  std::vector<std::vector<ExprPtr>> comps;
  size_t n = 0;
};
/// A struct or vector place: the cell its components are counted from, and the components
/// (a swizzle such as `v.yx` selects and reorders them).
struct AggPlace {
  LVal base;
  std::vector<Comp> comps;
  bool ok = false;
};

// ---- helpers over Clang's AST (LowerDecl.cpp) ------------------------------------------

/// The variable an expression names (through parentheses and implicit casts), if any.
const clang::VarDecl* refVar(const clang::Expr* e);
/// Every variable assigned after its declaration (they need a local, not a KPL param).
void collectModified(const clang::Stmt* s, std::set<const clang::VarDecl*>& out);
/// The signed `int` + - * (binary, compound, `++`/`--`, unary `-`) of the kernel and the
/// functions it calls whose value reaches an address (LowerOverflow.cpp): lowered to nsw_add,
/// nsw_sub, nsw_mul, whose overflow is the verdict integer-overflow.
std::set<const clang::Expr*> addressArithmetic(const clang::FunctionDecl* kernel);
/// Whether function `fn` assigns variable `vd` anywhere in its body.
bool assignedIn(const clang::FunctionDecl* fn, const clang::VarDecl* vd);

/// Lowers one translation unit's kernel (one round: see lowerTranslationUnit).
class Lowerer {
public:
  /// `dynamic`: the pointer variables to lower with a run-time base from their declaration.
  /// `kernelRefError`: Clang's error in the --kernel reference (lowerTranslationUnit).
  Lowerer(clang::ASTContext& ctx, Language lang, const LaunchOptions& launch, std::string path,
          kpl::DiagnosticEngine& diags, const std::set<DynKey>& dynamic, std::string kernelRefError = "");

  /// The kernel as a KPL program (Lowering.cpp), or nullopt after diagnostics.
  std::optional<kpl::Program> run();
  /// Pointer variables found to take several arrays after accesses through them were lowered
  /// with a static base: lower again with these dynamic from their declaration.
  const std::set<DynKey>& discovered() const { return discovered_; }

private:
  /// The element type a `void*` kernel parameter is used as: the pointee of every cast of it
  /// in the kernel (they must agree); null after a diagnostic.
  clang::QualType voidParamElem(const clang::ParmVarDecl* pd, const clang::FunctionDecl* kernel);
  /// The kernel (Lowering.cpp): the only one, or --kernel's (a template kernel's specialisation
  /// by `name<args>`, or by its name when the file instantiates it once); null after a diagnostic.
  const clang::FunctionDecl* selectKernel(const std::vector<const clang::Decl*>& fileScope);
  /// The declaration the --kernel reference (kKernelRefName, among `fileScope`) takes the
  /// address of, as Clang resolved the user's spelling; null when there is none.
  const clang::ValueDecl* kernelRefTarget(const std::vector<const clang::Decl*>& fileScope) const;

  // ---- LowerEmit.cpp: source positions, fresh names, KPL expressions and statements -----

  /// The line:col in the kernel file (a location in an included file: its #include's).
  kpl::SourceLoc loc(clang::SourceLocation l) const;
  /// The line:col range of a construct (its end past the last token).
  kpl::SourceRange range(clang::SourceRange r) const;
  kpl::SourceRange range(const clang::Stmt* s) const;
  kpl::SourceRange range(const clang::Decl* d) const;
  /// `unsupported: what` at l.
  void unsupported(clang::SourceLocation l, const std::string& what);
  void unsupported(const clang::Stmt* s, const std::string& what);
  /// An error other than `unsupported` (recursion) at l.
  void error(clang::SourceLocation l, const std::string& what);
  /// `note: what` at l (once per location and text): what the lowering assumed, e.g. an
  /// arbitrary value, which `sdvmc run` takes as 0.
  void note(clang::SourceLocation l, const std::string& what);

  /// A name no C name, KPL keyword or earlier fresh name has: base, else base_1, base_2 …
  std::string fresh(const std::string& base);
  /// A fresh local, declared at the top of `main`.
  std::string newLocal(const std::string& base);
  /// A fresh temporary local.
  std::string temp() { return newLocal("_t"); }

  /// KPL expressions: a literal (v's low 32 bits), a name, lid/gid/ldim/ngroups, operators, `c ? a : b`.
  static ExprPtr lit(int64_t v, kpl::SourceRange r);
  static ExprPtr nameExpr(const std::string& n, kpl::SourceRange r);
  static ExprPtr kindExpr(ExprKind k, kpl::SourceRange r);
  static ExprPtr un(UnaryOp op, ExprPtr a, kpl::SourceRange r);
  static ExprPtr bin(BinaryOp op, ExprPtr a, ExprPtr b, kpl::SourceRange r);
  static ExprPtr cond(ExprPtr c, ExprPtr a, ExprPtr b, kpl::SourceRange r);
  /// A 64-bit builtin applied to its operands.
  static ExprPtr wop(WideOp op, std::vector<ExprPtr> ops, kpl::SourceRange r);
  /// A deep copy.
  static ExprPtr clone(const kpl::Expr& e);
  /// Whether an expression's value is always 0 or 1 (so `!= 0` would change nothing).
  static bool isBoolish(const kpl::Expr& e);
  /// `e != 0`, unless e is already 0 or 1.
  static ExprPtr asBool(ExprPtr e, kpl::SourceRange r);
  /// Whether e is the literal v.
  static bool isLit(const kpl::Expr& e, int32_t v) { return e.kind == ExprKind::IntLit && e.value == v; }
  /// A literal, lid or gid.
  static bool isSimple(const kpl::Expr& e);
  /// a + b, folding literal zeros.
  static ExprPtr add(ExprPtr a, ExprPtr b, kpl::SourceRange r);
  /// a * k, folding k = 1 and literals.
  static ExprPtr mul(ExprPtr a, int64_t k, kpl::SourceRange r);
  /// Whether e reads one of the names.
  static bool mentions(const kpl::Expr& e, const std::set<std::string>& names);
  /// KPL statements: a fresh one of kind k; emit* append to out_.
  static StmtPtr stmt(StmtKind k, kpl::SourceRange r);
  void emit(StmtPtr s) { out_->push_back(std::move(s)); }
  void emitAssign(const std::string& target, ExprPtr e, kpl::SourceRange r);
  void emitSimple(StmtKind k, kpl::SourceRange r) { emit(stmt(k, r)); }
  /// `assert(e);` or `assume(e);`.
  void emitCheck(StmtKind k, ExprPtr e, kpl::SourceRange r);
  /// `{ body }`, `if (c) { then } [else { els }]`, `while (c) { body }`.
  StmtPtr block(std::vector<StmtPtr> body, kpl::SourceRange r);
  void emitIf(ExprPtr c, std::vector<StmtPtr> then, std::optional<std::vector<StmtPtr>> els, kpl::SourceRange r);
  void emitWhile(ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r);
  /// Runs `f` with the emitted statements going to a fresh list, which it returns.
  std::vector<StmtPtr> capture(const std::function<void()>& f);
  /// Snapshots a value into a temporary unless it is a literal.
  ExprPtr snapshot(ExprPtr e, kpl::SourceRange r);
  /// The group's size as a KPL expression (the product of the dimensions the launch has).
  ExprPtr groupSizeExpr(kpl::SourceRange r);
  /// A fresh arbitrary word, different for each thread and each time it is evaluated: the
  /// value of a cell of the hidden unbounded array `__arbitrary` that nothing writes (so
  /// `run` gives 0 or --init's value, `check` explores its domain, `prove` leaves it free),
  /// at `_arb_n * groupsize + lid`, `_arb_n` a per-thread counter. Returns a local holding it.
  ExprPtr arbitrary(kpl::SourceRange r);

  // ---- LowerTypes.cpp: C types as words and cells, layouts, conversions between words ---

  /// A type of 32 bits or less (and float) as a word; nullopt for others.
  std::optional<IntType> intType(clang::QualType t) const;
  /// A 64-bit type (a pair of words): long long (CUDA), long (OpenCL), their unsigned forms, double.
  std::optional<IntType> wideType(clang::QualType t) const;
  /// Whether t is a 64-bit type (wideType).
  bool isWideType(clang::QualType t) const;
  /// A word or 64-bit type.
  std::optional<IntType> valType(clang::QualType t) const;
  /// Whether t is `float`.
  bool isFloat(clang::QualType t) const;
  /// The type of a place: a struct is a run of cells (IntType{} stands for it).
  IntType placeType(clang::QualType t, clang::SourceLocation at);
  /// intType, or a diagnostic at `at`.
  IntType intTypeOr(clang::QualType t, clang::SourceLocation at);
  /// Why a type is not modelled, for messages (" (vector type)", …).
  std::string typeReason(clang::QualType t) const;
  /// A struct's cells: one per (flattened) field, whatever the field's C width — the model's
  /// layout is word-per-field, not C's bytes. nullopt (after a diagnostic) for unions, bit-fields,
  /// and fields of other types.
  std::optional<uint64_t> structCells(clang::QualType t, clang::SourceLocation at);
  /// A union's cells: those of each member, when every member is whole 32-bit words of the
  /// union's size (so all members share the same bits cell by cell); else a diagnostic.
  std::optional<uint64_t> unionCells(clang::QualType t, const clang::RecordDecl* rd, clang::SourceLocation at);
  /// A field of data-pointer type (two cells in a struct value: the offset, then the target's
  /// id as a Dynamic storage's base holds it).
  static bool isPtrField(clang::QualType t);
  /// The first pointer field of a struct type (its nested structs' included), or null.
  const clang::FieldDecl* pointerFieldIn(clang::QualType t);
  /// The Dynamic storage collecting every target stored in pointer field f (no base local).
  int fieldCollector(const clang::FieldDecl* f);
  /// `s.f` of pointer type: its offset and target id read into fresh locals.
  PtrVal readPointerField(const clang::MemberExpr* m);
  /// `s.f = p`.
  void writePointerField(const clang::MemberExpr* m, PtrVal p, kpl::SourceRange r);
  std::map<const clang::FieldDecl*, int> fieldCollectors_;
  /// The Dynamic storage collecting every target stored in the pointer cells of a storage (an
  /// array of pointers, a `__shared__ T*`), no base local; one empty collector for storage < 0.
  int cellCollector(int storage);
  std::map<int, int> cellCollectors_;
  /// A pointer held in cells (index, index + 1) of a storage: read into a fresh run-time base
  /// whose candidates are the collector's targets, and written (the target joins them).
  /// `wide`: a pointer field that may hold a 64-bit offset (wideField): a third cell, index + 2,
  /// holds the offset's high word, and the value read is `addr64(hi, offset)`.
  PtrVal readPointerCells(int storage, ExprPtr index, int coll, const std::string& name, kpl::SourceRange r,
                          bool wide = false);
  void writePointerCells(int storage, ExprPtr index, PtrVal p, int coll, kpl::SourceRange r, bool wide = false);
  /// CUDA's 64-bit target: the pointer fields that may receive a 64-bit offset (scanWideFields,
  /// before the kernel is lowered): each has a third cell for the offset's high word.
  std::set<const clang::FieldDecl*> wideFields_;
  bool wideField(const clang::FieldDecl* f) const;
  /// A pointer field's cells: the offset, the target's id, and (wideField) the offset's high word.
  uint64_t ptrFieldCells(const clang::FieldDecl* f) const { return wideField(f) ? 3 : 2; }
  /// Decides wideFields_: over the kernel and every function it calls (a fixed point), a pointer
  /// field assigned, initialised (a constructor's member initialiser, a braced list) or stepped
  /// (`+= -=` a 64-bit integer) with a pointer that mayBeWidePtr, where the pointer variables
  /// that may be wide are over-approximated over all those bodies at once.
  void scanWideFields(const clang::FunctionDecl* kernel);
  /// An lvalue of type t naming cells: a data pointer is its two cells (type, collector set),
  /// else the place's type. False after a diagnostic.
  bool placeOf(LVal& lv, clang::QualType t, const clang::Expr* e);
  /// Pointers in global memory (a pointer element or field of a kernel buffer or a program-scope
  /// variable, which the host writes): refused at `at`, naming `what`. True when refused.
  bool refuseInputPointers(clang::QualType t, const std::string& what, clang::SourceLocation at);
  /// The cells of rd's bases before base `upTo` (null: all of them); bases come first, as C++
  /// lays them out (an empty base takes none).
  uint64_t basesCells(const clang::RecordDecl* rd, const clang::RecordDecl* upTo, clang::SourceLocation at);
  /// The cell offset of a field within its struct (structCells succeeded on the struct).
  uint64_t fieldOffset(const clang::FieldDecl* fd, clang::SourceLocation at);
  /// A one-dimensional array of 32-bit-or-narrower scalars (a struct's array field, one cell
  /// per element): its length; 0 for any other type.
  uint64_t scalarArrayField(clang::QualType t);
  /// An array field of any modelled elements (scalars, 64-bit, structs, vectors, arrays; not
  /// pointers): its cells, row-major; nullopt for others.
  std::optional<uint64_t> arrayFieldCells(clang::QualType t, clang::SourceLocation at);
  /// Appends an array field's components (paths ".v.1.2", ".items.0.x").
  bool layoutArrayField(clang::QualType t, uint64_t base, const std::string& path, Layout& out, clang::SourceLocation at);
  /// The length of the array a subscript's base decays from when it is a field (or a row of
  /// one): C leaves an index outside it undefined, so it is checked; 0 otherwise.
  uint64_t fieldArrayBound(const clang::Expr* base);
  /// Cells of one value of type t: a struct's field count, a vector's (padded) size, else 1.
  uint64_t valueCells(clang::QualType t, clang::SourceLocation at);
  /// A struct or vector type.
  static bool isAgg(clang::QualType t);
  /// A vector's cells: one per component, a 3-component vector 4 (OpenCL's size and alignment).
  std::optional<uint64_t> vectorCells(clang::QualType t, clang::SourceLocation at);
  /// `x y z w` for up to 4 components, else `s0` … `sf`.
  static std::string vectorCompName(unsigned i, unsigned n);
  /// Appends the components of a value of type t at cell `base`, their paths under `path`.
  bool layoutInto(clang::QualType t, uint64_t base, const std::string& path, Layout& out, clang::SourceLocation at);
  /// A struct or vector type's components and cells (nullopt after a diagnostic).
  std::optional<Layout> layoutOf(clang::QualType t, clang::SourceLocation at);
  /// The scalar element type and cell count of an array type (1 for a scalar).
  bool cellsOf(clang::QualType t, IntType& elem, uint64_t& count, uint64_t& elemBytes, clang::SourceLocation at,
               bool allowIncomplete = false);
  /// Records, for reports, the path of each cell within an element of `array` whose C type
  /// (arrays of it included) is `t`, when an element takes several cells.
  void recordCellPaths(const std::string& array, clang::QualType t, clang::SourceLocation at);
  /// Cells per element of a pointer's pointee (1 for scalars, N for arrays of N).
  uint64_t pointeeCells(clang::QualType pointee, clang::SourceLocation at);
  /// Re-normalises a word to a C type: sign/zero extension from its width, bool as != 0.
  ExprPtr normalize(ExprPtr e, IntType t, kpl::SourceRange r);
  /// Whether every value of `from` is a value of `to` (so the word needs no change).
  static bool fits(IntType from, IntType to);
  /// C's conversion of a word from one type to another.
  ExprPtr convert(ExprPtr e, IntType from, IntType to, kpl::SourceRange r);
  /// A cell's word read as another type of the same size (through a cast pointer): float
  /// and integer types share the bits; integers convert as C does.
  ExprPtr reinterpret(ExprPtr e, IntType from, IntType to, kpl::SourceRange r);

  // ---- LowerUnion.cpp: unions with members narrower than a word, as bytes ---------------

  /// Whether a union is lowered as bytes (one cell per byte of C's layout; unionCells decided).
  bool isByteUnion(const clang::RecordDecl* rd);
  std::map<const clang::RecordDecl*, bool> byteUnions_;
  /// The scalar components of a value of type t at byte `base`, by C's byte layout (each with
  /// its span in bytes; a 64-bit scalar: its low word, then its high word). False with `why`
  /// set where a component cannot live in bytes (a pointer, a bit-field, a union, a base class).
  bool byteLayout(clang::QualType t, uint64_t base, const std::string& path, Layout& out, std::string& why);
  /// The place a member expression or subscript names inside a byte union (`c.rgba.r`,
  /// `x.b[i]`, `p->h[1]`): its first byte cell, inBytes set. False when e is not inside one
  /// (out untouched); an Invalid `out` after a diagnostic.
  bool byteUnionPlace(const clang::Expr* e, LVal& out);
  /// A place inside a byte union other than one byte (or an array of bytes) that a pointer,
  /// reference or `this` would name: refused at e (true).
  bool refuseBytePlace(const LVal& lv, const clang::Expr* e, const std::string& what);
  /// The value (its bytes) of a brace initialiser of a union lowered as bytes: `{}` zeros, else
  /// the member it initialises split into its bytes (refused where that member is an array or
  /// leaves bytes of the union uninitialised).
  Agg byteUnionInit(const clang::InitListExpr* list, clang::QualType t);
  /// A scalar of n (2 or 4) bytes from byte cells first … first + n - 1, as type `as`; and written.
  ExprPtr readBytes(int storage, ExprPtr first, unsigned n, IntType as, kpl::SourceRange r);
  void writeBytes(int storage, ExprPtr first, unsigned n, ExprPtr value, kpl::SourceRange r);

  // ---- LowerDecl.cpp: storages and local variables ---------------------------------------

  /// Registers a storage; its index.
  int addStorage(Storage s);
  // Views of narrow storage as wider types (LowerView.cpp).
  unsigned narrowCellBits(clang::QualType q, clang::SourceLocation at);
  bool wordViewType(clang::QualType q, clang::SourceLocation at);
  int viewStorage(int base);
  void noteNarrowCells(int storage, clang::QualType elemType, clang::SourceLocation at);
  std::optional<PtrVal> viewCast(const clang::CastExpr* c, clang::QualType from, clang::QualType to);
  ExprPtr readView(int view, ExprPtr index, kpl::SourceRange r);
  void writeView(int view, ExprPtr index, ExprPtr value, kpl::SourceRange r);
  /// `--buffer NAME=SIZE`, if given (and then marked used).
  std::optional<uint32_t> bufferSize(const std::string& name);
  /// An array in KPL memory for a C variable or pointer parameter.
  int declareArray(const std::string& cName, IntType elem, uint64_t elemBytes, uint64_t cells, bool global,
                   kpl::SourceRange r, clang::SourceLocation at, const clang::Expr* init = nullptr);
  /// Constant memory and host-writable initialisers of a global variable's array.
  void globalMemoryKind(const clang::VarDecl* vd, kpl::ArrayDecl& a);
  /// A constant initialiser's cells, from `next` on.
  void flattenInit(const clang::Expr* init, IntType elem, std::vector<std::optional<int32_t>>& values, size_t& next);
  /// The storage of a program-scope or __shared__/__local variable, made on first use.
  int globalStorage(const clang::VarDecl* vd, clang::SourceLocation at);
  /// `__shared__` (CUDA) or `__local` (OpenCL).
  bool isSharedVar(const clang::VarDecl* vd) const;
  /// A variable in KPL memory (shared, program scope, __constant/__global).
  bool isMemoryVar(const clang::VarDecl* vd) const;
  /// What a variable of the current body became (null: not a local or parameter of it).
  VarInfo* lookup(const clang::VarDecl* vd) {
    auto it = inst_->vars.find(vd);
    return it == inst_->vars.end() ? nullptr : &it->second;
  }
  /// A local variable's declaration: locals, a private array, a struct's cells, or memory.
  void declareLocal(const clang::VarDecl* vd);

  // ---- LowerUninit.cpp: locals that may be read before they are assigned ---------------

  /// Whether local vd may be read (or its address escape) before it is assigned: Clang's
  /// uninitialised-values analysis on its function's CFG, plus escaping addresses.
  bool mayReadUninit(const clang::VarDecl* vd);
  /// The note that vd starts arbitrary.
  void noteArbitraryLocal(const clang::VarDecl* vd);
  /// A struct or vector local (l: its layout) or a private array (l null) declared without an
  /// initialiser: whether a cell may be read before it is assigned (LowerUninit.cpp).
  bool mayReadAggUninit(const clang::VarDecl* vd, const Layout* l);

  // ---- LowerPointer.cpp: pointers, cells of storages, run-time bases ---------------------

  /// Reads a cell as type `as` (a Dynamic storage: deferred to finishDynamic).
  ExprPtr readCell(int storage, ExprPtr index, IntType as, kpl::SourceRange r);
  /// Writes a cell with a value of type `as` (a Dynamic storage: deferred to finishDynamic).
  void writeCell(int storage, ExprPtr index, ExprPtr value, IntType as, kpl::SourceRange r);
  /// An access through a Dynamic storage, its if-chain left to finishDynamic.
  Pending& defer(Pending::Kind k, int storage, ExprPtr index, IntType as, kpl::SourceRange r);
  /// A pointer's base as a value: a storage's id + 1, 0 for NULL, a Dynamic storage's local.
  ExprPtr baseOf(int storage, kpl::SourceRange r);
  bool isDynamic(int storage) const {
    return storage >= 0 && storages_[static_cast<size_t>(storage)].kind == Storage::Kind::Dynamic;
  }
  /// A fresh Dynamic storage (its base local starts at 0: no target).
  int newDynamic(const std::string& cName);
  /// Lets Dynamic storage `d` take what pointer value `from` names.
  void addTarget(int d, int from);
  /// Fills every deferred access with its if-chain over the storage's targets.
  void finishDynamic();
  /// The address of a scalar local: a private storage whose one cell is the local itself.
  int localStorage(const VarInfo& v, const clang::VarDecl* vd);
  /// `assert(0 <= idx && idx < n);`
  /// The check of an index into a private array of n elements, `private_index(label, idx, n)`
  /// (the verdict out-of-bounds); with an empty label (a storage whose cells are not its C
  /// elements) `assert(idx >= 0 && idx < n)`.
  void emitBoundsCheck(const kpl::Expr& idx, size_t n, const std::string& label, kpl::SourceRange r);
  /// The label of a storage's index checks: its C name where it is a private array of one
  /// cell per element (Storage::elemCells), else empty.
  std::string privateLabel(int storage) const;
  /// The label of a field array's index checks (`s.f` → `s_f`, `this->acc` → `this_acc`, a
  /// row `t.v[i]` → `t_v`) when the struct is in private storage `storage`, else empty.
  std::string fieldArrayLabel(const clang::Expr* base, int storage) const;
  /// A dimension of a private array variable in `storage` that `base` decays from: its extent
  /// and the label of its index checks, the array itself (`acc` of `float acc[4][8]`: 4,
  /// "acc"; `d` of `double d[4]`: 4, "d") or a row of it (`acc[i]`: 8, "acc_row"); {0, ""}
  /// otherwise (a one-dimensional array of one cell per element: readCell checks its index).
  std::pair<uint64_t, std::string> privateDimension(const clang::Expr* base, int storage) const;
  /// A pointer expression's value.
  PtrVal pointer(const clang::Expr* e);
  /// A fresh run-time base holding a Dynamic storage's base now (a reference or `this` bound
  /// through it keeps the array it named then).
  int snapshotBase(int storage, const std::string& name, kpl::SourceRange r);
  /// Pointer ↔ integer conversions (CUDA's 64-bit target): a pointer's address is its target's
  /// id × 2^32 + offset × the bytes of a cell (NULL: 0), so arrays are disjoint and 2^32-aligned.
  Val pointerAddress(const clang::CastExpr* c);
  Val addressOf(PtrVal p, uint64_t cellBytes, const clang::CastExpr* c);
  /// `(T*)x`: a run-time base (x's high word) over the arrays whose address became an integer,
  /// with cells of the same size; assert(x's low word is a non-negative multiple of the cell size).
  PtrVal pointerFromAddress(const clang::CastExpr* c);
  /// The bytes of one cell of a pointer's pointee (a scalar, or a struct of 32-bit words);
  /// 0 after a diagnostic.
  uint64_t addressCellBytes(clang::QualType pointee, const clang::Expr* at);
  std::map<uint64_t, int> addrCollectors_;  ///< cell size → the arrays whose address became an integer
  /// Whether the cells of an array of `elem` sit at C's byte offsets (no struct of other fields).
  bool bytesAreCells(clang::QualType elem, clang::SourceLocation at);
  /// Conversions of run-time-based pointers to addresses: checked over their targets at the end.
  std::vector<std::pair<int, clang::SourceLocation>> addrChecks_;
  /// Points a pointer variable at p: its offset local, and its target (a second target makes its
  /// base dynamic, from its declaration on when accesses through it were already lowered).
  void assignPointer(VarInfo& var, PtrVal p, const clang::VarDecl* vd, clang::SourceLocation at, kpl::SourceRange r);

  // ---- LowerExpr.cpp: expressions with a value of 32 bits or less ------------------------

  /// An expression's value as a word (need = false: only its effects).
  ExprPtr rvalue(const clang::Expr* e, bool need = true);
  ExprPtr rvalueBinary(const clang::BinaryOperator* b, bool need);
  ExprPtr rvalueAssign(const clang::BinaryOperator* b, bool need);
  ExprPtr rvalueIncDec(const clang::UnaryOperator* u, bool need);
  ExprPtr rvalueCast(const clang::CastExpr* c, bool need);
  /// `&&` and `||`: the right operand's statements run only where it is evaluated.
  ExprPtr logical(const clang::Expr* lhs, const clang::Expr* rhs, bool isAnd, kpl::SourceRange r);
  /// `c ? a : b`: an arm's statements run only where it is chosen.
  ExprPtr conditional(const clang::AbstractConditionalOperator* c, bool need);
  /// A scalar's truth value (0 or 1): pointers, floats and 64-bit values included.
  ExprPtr truth(const clang::Expr* e);
  /// A condition (`if`, loops, `!`, `&&`): nonzero is true.
  ExprPtr condition(const clang::Expr* e);
  /// The KPL operator of a C binary operator on words.
  /// `op` (Add, Sub, Mul), or its nsw_ form when `e` is one of addressArithmetic's operators.
  BinaryOp checkedOp(const clang::Expr* e, BinaryOp op) const;
  BinaryOp arithOp(clang::BinaryOperatorKind op, bool isUnsigned, clang::SourceLocation at);
  /// The KPL operator of a C binary operator on floats.
  BinaryOp floatOp(clang::BinaryOperatorKind op, clang::SourceLocation at);
  /// The amount of a shift: OpenCL C 1.2 §6.3(j) uses only its low log2(N) bits, N the width
  /// of the promoted left operand (32: every type the lowering models promotes to a word);
  /// CUDA keeps C's rule (an amount outside 0..31 is KPL's shift-out-of-range).
  ExprPtr shiftAmount(ExprPtr n, kpl::SourceRange r, int32_t width = 32);
  /// The place an lvalue expression names.
  LVal lvalue(const clang::Expr* e);
  /// Reads a place of 32 bits or less.
  ExprPtr load(LVal& lv, kpl::SourceRange r);
  /// Stores a value already converted to the lvalue's type.
  void store(LVal& lv, ExprPtr v, kpl::SourceRange r);
  /// `threadIdx.x` and the like, or a field's value.
  ExprPtr memberId(const clang::MemberExpr* m);
  /// CUDA's `warpSize`: KPL's `wsize()`, the warp width of the model that runs the kernel.
  ExprPtr warpSizeExpr(const clang::Expr* e);

  // ---- LowerWide.cpp: 64-bit values (pairs of words; KPL's 64-bit builtins) --------------

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
  /// atom, snapshot on both words of a pair.
  Val atoms(Val v, kpl::SourceRange r);
  Val snapVal(Val v, kpl::SourceRange r);
  static Val cloneVal(const Val& v) { return Val{clone(*v.lo), v.hi ? clone(*v.hi) : nullptr}; }
  /// The pair of a 64-bit constant; a zero word or pair.
  static Val wideLit(uint64_t bits, kpl::SourceRange r);
  static Val zeroOf(bool wide, kpl::SourceRange r) { return Val{lit(0, r), wide ? lit(0, r) : nullptr}; }
  /// OP_lo and OP_hi of (a, b), each operand a pair.
  Val widePair(WideOp lo, Val a, Val b, kpl::SourceRange r);
  /// OP_lo and OP_hi of one pair.
  Val wideUnary(WideOp lo, Val a, kpl::SourceRange r);
  /// OP_lo and OP_hi of one word (a conversion to 64 bits).
  Val wideFromWord(WideOp lo, ExprPtr x, kpl::SourceRange r);
  /// C's conversion between word and 64-bit types.
  Val convertVal(Val v, IntType from, IntType to, kpl::SourceRange r);
  /// (LowerOverflow.cpp) A float or double `v` about to be converted to integer type `to` by
  /// C's conversion (a cast, an implicit conversion, a compound assignment's result), through
  /// fcvt_chk / dcvt_chk under the overflow check: undefined outside `to`'s range. Other
  /// conversions, and without the check, `v` unchanged.
  Val checkedConversion(Val v, IntType from, IntType to, kpl::SourceRange r);
  /// Reads and writes a place of either size (a 64-bit one: both words, the low one first).
  Val loadVal(LVal& lv, kpl::SourceRange r);
  void storeVal(LVal& lv, Val v, kpl::SourceRange r);
  /// A value of either size.
  Val anyValue(const clang::Expr* e, bool need = true);
  /// A 64-bit expression's value.
  Val wvalue(const clang::Expr* e, bool need = true);
  /// wvalue's cases: casts, binary operators, assignments, ++/--, `?:`.
  Val wcast(const clang::CastExpr* c, bool need);
  Val wbinary(const clang::BinaryOperator* b, bool need);
  Val assignVal(const clang::BinaryOperator* b, bool need);
  Val incDecVal(const clang::UnaryOperator* u, bool need);
  Val wconditional(const clang::AbstractConditionalOperator* c, bool need);
  /// A C arithmetic operator on values of type t (a word's or a 64-bit one's). `nsw`: the
  /// operator is one of addressArithmetic's (a signed + - * reaching an address): its
  /// overflow is the verdict integer-overflow (nsw_add …, 64-bit: lnsw_add_lo …).
  Val arithVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at, kpl::SourceRange r,
               bool nsw = false);
  /// A comparison of 64-bit values: 0 or 1.
  ExprPtr wideCompare(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at,
                      kpl::SourceRange r);
  /// A shift's amount as a word (a 64-bit amount: its low word, or out of range).
  ExprPtr shiftAmountOf(const clang::Expr* e, int32_t width, kpl::SourceRange r);
  /// An index or a pointer offset: a 64-bit one is taken modulo 2^32, as the 32-bit
  /// target's address arithmetic does.
  ExprPtr wordIndex(const clang::Expr* e);
  /// The cell index of `p[idx]`, p's offset `offset` (a word) and `cells` cells per element:
  /// offset + idx × cells. Under CUDA's 64-bit target with a 64-bit idx it is computed in 64
  /// bits (`lnsw_*`: beyond 64 bits is undefined pointer arithmetic) and is the access's whole
  /// 64-bit cell index, `addr64(hi, lo)` (exact for an unbounded array at any cell);
  /// otherwise offset + wordIndex(idx) × cells, in words.
  ExprPtr elementIndex(ExprPtr offset, const clang::Expr* idx, uint64_t cells, kpl::SourceRange r);
  /// The cell a pointer points at, as an lvalue (Invalid after an error).
  static LVal cellOf(PtrVal p) {
    LVal lv;
    lv.kind = p.storage == -1 ? LVal::Kind::Invalid : LVal::Kind::Cell;
    lv.storage = p.storage;
    lv.index = std::move(p.offset);
    return lv;
  }
  /// Whether pointer offsets are 64-bit values (CUDA's 64-bit target).
  bool wideOffsets() const;
  /// A storage no 64-bit offset can be inside: shared memory (a `__shared__` array, dynamic
  /// shared memory), a private one, a view of one. A pointer into it keeps a one-word offset
  /// (as before): a 64-bit one beyond 32 bits is outside it, and `inconclusive` there.
  bool smallTarget(int storage) const;
  /// An offset that is a 64-bit cell index (`addr64(h, l)` at its top).
  static bool isAddr64(const kpl::Expr& e) { return e.kind == ExprKind::Binary && e.bop == BinaryOp::Addr64; }
  /// An offset's two words: addr64(h, l)'s, or a word's sign-extension (`l >> 31`).
  Val offsetWords(ExprPtr offset, kpl::SourceRange r);
  /// `offset ± k` (k 64 bits, in cells) as the 64-bit cell index `addr64(h, l)` (`lnsw_*`).
  ExprPtr offsetStep(ExprPtr offset, Val k, bool sub, kpl::SourceRange r);
  /// `offset + k` (k a signed word, in cells): 64 bits when the offset is an addr64, else a word.
  ExprPtr offsetPlus(ExprPtr offset, ExprPtr k, kpl::SourceRange r);
  /// `p ± i` (k: wordIndex(i), i of type `it`; `cells` cells per element): 64 bits when the
  /// offset or k is an addr64 (CUDA's 64-bit target), else offset ± k × cells in words.
  /// A pointer into a smallTarget `storage` keeps the word form (a 64-bit k: its addr64 as a value).
  /// (elementIndex, an access's index, is 64-bit whatever the storage, as before.)
  ExprPtr pointerStep(ExprPtr offset, ExprPtr k, clang::QualType it, uint64_t cells, bool sub, kpl::SourceRange r,
                      int storage = -1);
  /// A comparison (`== != < <= > >=`, signed) or difference (`-`, in cells) of two offsets into
  /// one array: on their 64-bit words when either is an addr64; nullopt otherwise.
  std::optional<Val> wideOffsetOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, uint64_t cells,
                                  clang::SourceLocation at, kpl::SourceRange r);
  /// A pointer variable's offset: 0 (a kernel's unmodified parameter), its local, or (a wide
  /// one) `addr64` of its two locals.
  static ExprPtr ptrOffsetOf(const VarInfo& v, kpl::SourceRange r) {
    if (v.local.empty()) return lit(0, r);
    if (!v.hi.empty()) return bin(BinaryOp::Addr64, nameExpr(v.hi, r), nameExpr(v.local, r), r);
    return nameExpr(v.local, r);
  }
  /// An addr64 offset with both words atoms (it is used several times); another as it is.
  ExprPtr atomOffset(ExprPtr offset, kpl::SourceRange r) {
    if (!isAddr64(*offset)) return offset;
    offset->operands[0] = atom(std::move(offset->operands[0]), r);
    offset->operands[1] = atom(std::move(offset->operands[1]), r);
    return offset;
  }
  /// An offset snapshotted for several uses: an addr64's two words each (so it stays the exact
  /// 64-bit cell), another as snapshot does.
  ExprPtr snapOffset(ExprPtr offset, kpl::SourceRange r) {
    if (!isAddr64(*offset)) return snapshot(std::move(offset), r);
    offset->operands[0] = snapshot(std::move(offset->operands[0]), r);
    offset->operands[1] = snapshot(std::move(offset->operands[1]), r);
    return offset;
  }
  /// Writes a pointer variable's offset local(s): a wide one gets both words.
  void assignOffset(const VarInfo& v, ExprPtr offset, kpl::SourceRange r);
  /// The pointer variables of in's body (and its parameters) that may hold a 64-bit offset under
  /// CUDA's 64-bit target, decided before the body is lowered: those given (seeds), and those
  /// initialised or assigned a pointer that mayBeWidePtr, or stepped (`+= -=`) by a 64-bit
  /// integer (a fixed point over the body). Only the seeds elsewhere.
  std::set<const clang::VarDecl*> widePointers(const Instance& in, std::set<const clang::VarDecl*> seeds);
  /// Whether a pointer-valued expression may have a 64-bit offset: it steps a pointer by a
  /// 64-bit integer (`p + i`, `&p[i]`), or names a wide pointer variable (or a wide `this`), or
  /// calls a helper given a 64-bit integer or such a pointer. A pointer read from memory (a field)
  /// is a word.
  bool mayBeWidePtr(const clang::Stmt* e, const std::set<const clang::VarDecl*>& wide) const;
  /// Whether a helper returning a pointer may return a 64-bit offset (its returns mayBeWidePtr).
  bool returnsWidePtr(const Instance& in);

  // ---- LowerAggregate.cpp: structs and vectors --------------------------------------------

  /// A private storage of one local per cell.
  int newPrivate(const std::string& base, const Layout& l, const std::string& cName);
  /// The place of a private storage's value.
  AggPlace privatePlace(int storage, const Layout& l, kpl::SourceRange r);
  /// A struct or vector expression's value (its side effects emitted).
  Agg aggValue(const clang::Expr* e);
  /// The place a struct or vector expression names (a value that is none: a temporary).
  AggPlace aggPlace(const clang::Expr* e);
  /// Reads and writes every component of a place (all values computed before the first write).
  Agg loadAgg(const AggPlace& p, kpl::SourceRange r);
  void storeAgg(const AggPlace& p, Agg& v, kpl::SourceRange r);
  /// A value of type t with every component 0.
  Agg aggZeros(clang::QualType t, clang::SourceLocation at, kpl::SourceRange r);
  /// Assignments, `,` and vector operators; `?:` (a vector condition: per component).
  Agg aggBinary(const clang::BinaryOperator* b);
  Agg aggConditional(const clang::ConditionalOperator* c);
  /// One element of a vector operation (a comparison gives -1 or 0).
  ExprPtr vecElemOp(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, IntType t, clang::SourceLocation at,
                    kpl::SourceRange r);
  Val vecElemVal(clang::BinaryOperatorKind op, Val a, Val b, IntType t, clang::SourceLocation at, kpl::SourceRange r);
  /// A vector value's elements: each a word, or (64-bit elements) two components, low word first.
  static size_t elemCount(const Agg& a) { return a.types.empty() ? 0 : a.vals.size() / wordsPerElem(a.types[0]); }
  static IntType elemType(const Agg& a) { return a.types.empty() ? IntType{} : elemOf(a.types[0]); }
  /// Takes element j of a vector value; appends an element of type t.
  static Val takeElem(Agg& a, size_t j);
  static void pushElem(Agg& a, Val v, IntType t, kpl::SourceRange r);
  /// Whether the most significant bit of a vector element is set (a 64-bit one: its high word's).
  ExprPtr elemMsb(Val k, IntType t, kpl::SourceRange r);
  /// Whether the most significant bit of a normalised word of type t is set (select's test).
  static ExprPtr msbSet(ExprPtr v, IntType t, kpl::SourceRange r);
  /// Chooses x where c holds, else y, in every word of an element.
  Val chooseVal(ExprPtr c, Val x, Val y, kpl::SourceRange r);
  /// as_T(v): the same bits as another type.
  Agg asType(const clang::AsTypeExpr* as);
  /// A trivial copy or move assignment operator.
  bool assignTrivially(const clang::CXXMethodDecl* m) const;

  // ---- LowerAsm.cpp: inline PTX --------------------------------------------------------------

  /// `asm volatile(…)`: a `mov` of a special register, `ld.global.nc`, or a located refusal
  /// naming the instruction.
  void lowerAsm(const clang::GCCAsmStmt* a);

  // ---- LowerStmt.cpp: statements and control flow -----------------------------------------

  /// A statement: its KPL statements go to out_.
  void lowerStmt(const clang::Stmt* s);
  /// while, for and do-while (isDo): the guard, the body, the increment, in a KPL loop.
  void lowerLoop(const clang::Stmt* loop, const clang::Stmt* init, const clang::Expr* condExpr,
                 const clang::Expr* inc, const clang::Stmt* body, bool isDo);
  /// A switch: a one-shot loop, `_match` set at the matching label.
  void lowerSwitch(const clang::SwitchStmt* s);
  /// A break, continue or return: directly, or through a flag out of the KPL loop.
  void lowerJump(Jump j, kpl::SourceRange r);
  /// Emits `while (c) body` as the frame's KPL loop, with its flags reset before and
  /// checked after.
  void closeFrame(Frame frame, ExprPtr c, std::vector<StmtPtr> body, kpl::SourceRange r);
  /// The body of the kernel or of an inlined call (inst_), then its __ensures.
  void lowerFunctionBody(const clang::FunctionDecl* fd, kpl::SourceRange r);

  // ---- LowerCall.cpp: calls and inlining ---------------------------------------------------

  /// A call with a word (or no) value: inlined, or a builtin.
  ExprPtr call(const clang::CallExpr* c, bool need);
  /// A call with a 64-bit value.
  Val wcall(const clang::CallExpr* c, bool need);
  /// A call with a struct or vector value.
  Agg aggCall(const clang::CallExpr* c);
  /// Whether fd is a function the kernel's own files declare without a body (not a library
  /// function of the injected headers or Clang's): an external function.
  bool isExternal(const clang::FunctionDecl* fd) const;
  /// A call of an external function, as GPUVerify reads it: the arguments are evaluated, the
  /// result is arbitrary (arbitrary()), and pointer arguments' pointees are not written.
  /// wideResult / aggResult receive a 64-bit or struct result.
  ExprPtr externalCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult = nullptr,
                       Agg* aggResult = nullptr);
  /// Inlines a call of fd (call by value); a 64-bit result goes to *wideResult.
  ExprPtr inlineCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult = nullptr);

  /// Binds fd's parameters to the arguments, in order (call by value; a reference parameter
  /// is bound to its argument's place, bindRef); false after a diagnostic.
  bool bindParams(Instance& callee, const clang::FunctionDecl* fd, const std::vector<const clang::Expr*>& args,
                  const clang::Expr* at);

  // ---- LowerClass.cpp: references, member calls, constructors, bases ---------------------

  /// A reference of type refType bound to init: a scalar local's own VarInfo, or a cell
  /// (storage, offset local `name`) with ref set; a const reference to a temporary holds its value.
  std::optional<VarInfo> bindRef(const clang::Expr* init, clang::QualType refType, const std::string& name);
  /// The object of a member call (`obj.f()`, `p->f()`): `this`, its storage and first cell.
  std::optional<VarInfo> objectOf(const clang::Expr* obj, bool arrow, const std::string& name);
  /// A reference's or `this`'s cell offset: its constant, or its local (a 64-bit cell index:
  /// `addr64` of its two locals).
  static ExprPtr offsetOf(const VarInfo& v, kpl::SourceRange r) {
    if (v.fixed >= 0) return lit(v.fixed, r);
    if (!v.hi.empty()) return bin(BinaryOp::Addr64, nameExpr(v.hi, r), nameExpr(v.local, r), r);
    return nameExpr(v.local, r);
  }
  /// A reference or `this` into `storage` at `offset`: a constant offset is kept as is, another
  /// goes to a fresh local `name` (fixed where the reference is bound); a 64-bit cell index
  /// (`addr64(h, l)`, an element at a 64-bit index) to two, `name_hi` and `name`.
  VarInfo refTo(int storage, ExprPtr offset, const std::string& name, kpl::SourceRange r);
  /// The cells a derived-to-base conversion moves the object by.
  uint64_t baseOffset(const clang::CastExpr* c);
  /// Constructs an object at cell `offset` of `storage`: the constructor inlined (its base and
  /// member initialisers, then its body); a trivial one copies or leaves the cells.
  void construct(const clang::CXXConstructExpr* c, int storage, ExprPtr offset);
  /// One member initialiser (a default member initialiser included) of field f at `cell`.
  void initField(const clang::FieldDecl* f, const clang::Expr* init, int storage, ExprPtr cell);
  /// `return e;` in a function returning a reference: every return names the same storage
  /// (or the same local), the offset goes to the result local.
  void returnRef(const clang::Expr* v);
  /// `return p;` in a function returning a pointer: every return points into the same storage.
  void returnPtr(const clang::Expr* v);
  /// The pointer a call returns (a helper returning a pointer, memcpy/memset's destination).
  PtrVal ptrCall(const clang::CallExpr* c);
  /// The place a call of a function returning a reference names.
  LVal refCall(const clang::CallExpr* c);
  /// The value of a call returning a reference to a scalar, read at once (an lvalue-to-rvalue
  /// conversion of the call): the callee returns the value it names, which is the value the
  /// caller would read there (nothing runs between the return and the read), so a helper may
  /// return either of two references (`return a < b ? a : b;`, std::min). Null when `c` is
  /// not such a call (of a function with a body).
  ExprPtr valueOfRefCall(const clang::Expr* c, bool need, Val* wide = nullptr);
  /// The closure an expression of lambda type names (a lambda expression makes one); -1 after a
  /// diagnostic.
  int closureOf(const clang::Expr* e);
  /// A closure for a lambda expression: its captures taken now.
  int makeClosure(const clang::LambdaExpr* l);
  /// Whether t is a lambda's closure type.
  static bool isClosureType(clang::QualType t);
  /// The function a function-pointer expression names where that is known at the call (`&add`,
  /// `add`, a function pointer variable or parameter given one and never assigned); null if not.
  const clang::FunctionDecl* knownFunction(const clang::Expr* e);
  /// The callee of a call: direct, or through a function pointer whose target is known (an
  /// `unsupported` diagnostic and null otherwise).
  const clang::FunctionDecl* calleeOf(const clang::CallExpr* c);
  /// The value of a constructed temporary (`S(1, 2)`, `dim3(x, y)`).
  Agg constructed(const clang::CXXConstructExpr* c);

  // ---- LowerMemcpy.cpp: memcpy and memset on arrays -------------------------------------

  /// memcpy, memset and their __builtin_ forms.
  static bool isMemFunction(const std::string& name);
  /// One pointer argument of memcpy/memset: its typed pointer, element type, the cells of one
  /// element and their types, and how many elements the size covers.
  struct MemRegion {
    PtrVal ptr;
    clang::QualType elem;
    uint64_t cellsPer = 1;
    std::vector<IntType> types;
    uint64_t count = 0;
  };
  std::optional<MemRegion> memRegion(const clang::CallExpr* c, const clang::Expr* ptr);
  /// The call, element-wise (every source cell read before the first write).
  /// `dest` receives the destination pointer (memcpy and memset return it).
  ExprPtr memFunction(const clang::CallExpr* c, const std::string& name, bool need, PtrVal* dest = nullptr);

  // ---- LowerBuiltin.cpp: OpenCL's and CUDA's library functions -----------------------------

  /// A call of builtin `fn` (the callee's `name`) with a word or no value, a 64-bit value, a
  /// vector value: its lowering, or nullopt where the builtin has no such form (or not with
  /// these arguments); the call is then unsupported.
  std::optional<ExprPtr> wordBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name,
                                     bool need);
  std::optional<Val> wideBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name, bool need);
  std::optional<Agg> aggBuiltin(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  /// The builtins with vector values, for messages: "vloadN, select and convert_T".
  static std::string vectorBuiltinNames();
  /// get_local_id(d) and the like.
  ExprPtr workItem(const clang::CallExpr* c, WorkItem which);
  /// A work-item function's dimension (a constant; 3 beyond z).
  /// barrier(flags) and the like: `barrier;` or one with fence flags (`barrier(local);` …).
  void barrierCall(const clang::CallExpr* c);
  std::optional<unsigned> dimArg(const clang::CallExpr* c);
  /// Ids and sizes in dimension d (beyond z: 0 and 1). Sizes are KPL's `ldim(d)` / `ngroups(d)`
  /// (the launch's values when sdvmc runs the kernel; arbitrary in `sdvmc prove`), except in a
  /// dimension the launch has as 1, which stays the literal 1 (and its id 0): a proof covers
  /// the launches of that shape. Ids are split from KPL's flat lid and gid (splitId).
  ExprPtr localId(unsigned d, kpl::SourceRange r);
  ExprPtr groupId(unsigned d, kpl::SourceRange r);
  ExprPtr sizeExpr(const std::array<uint32_t, 3>& n, unsigned d, kpl::SourceRange r);
  ExprPtr splitId(const std::array<uint32_t, 3>& n, unsigned d, ExprKind flat, kpl::SourceRange r);
  ExprPtr globalId(unsigned d, kpl::SourceRange r);
  /// A Math (or MinMax) builtin on floats (an unsupported diagnostic on other types).
  ExprPtr floatMath(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  /// min or max of two integers (signed or unsigned by the call's type).
  ExprPtr intMinMax(const clang::CallExpr* c, bool min);
  /// abs of an integer (of a float: fabs).
  ExprPtr intAbs(const clang::CallExpr* c);
  /// A Math (or MinMax) builtin on doubles (an unsupported diagnostic on other arguments).
  Val doubleMath(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name, bool argsWide);
  /// A double operator applied to the call's one or two arguments.
  Val doubleOp(const clang::CallExpr* c, WideOp op);
  /// min or max, abs of 64-bit integers.
  Val wideMinMax(const clang::CallExpr* c, bool min, IntType t);
  Val wideAbs(const clang::CallExpr* c);
  /// vloadN(offset, p), vstoreN(v, offset, p).
  Agg vload(const clang::CallExpr* c, unsigned n);
  void vstore(const clang::CallExpr* c, unsigned n);
  /// `convert_T[_sat][_rte|_rtz|_rtp|_rtn]`: its saturation and rounding mode (0: default).
  static bool parseConvert(const std::string& name, bool& sat, char& rounding);
  ExprPtr convertElem(ExprPtr v, IntType from, IntType to, bool sat, char rounding, const clang::Expr* at,
                      kpl::SourceRange r);
  /// select and convert_T on scalars, and on vectors (component-wise).
  ExprPtr selectScalar(const clang::CallExpr* c);
  ExprPtr convertScalar(const clang::CallExpr* c, const std::string& name);
  Agg selectVector(const clang::CallExpr* c);
  Agg convertVector(const clang::CallExpr* c, const std::string& name);
  std::optional<Val> wideConvert(const clang::CallExpr* c, const std::string& name, bool need);
  // ---- LowerIntFunc.cpp: integer functions as word arithmetic ------------------------------

  /// CUDA's integer intrinsics and OpenCL's integer functions on scalars of 8, 16 or 32 bits
  /// (nullopt: another type or argument count), and on vectors (component-wise).
  std::optional<ExprPtr> intFuncScalar(const clang::CallExpr* c, IntBits op, unsigned arity);
  std::optional<Agg> intFuncVector(const clang::CallExpr* c, IntBits op, unsigned arity);
  /// One component: `op` on operand words `xs` of type t (normalised, atoms), a word of type rt.
  ExprPtr intFunc(IntBits op, IntType t, IntType rt, std::vector<ExprPtr> xs, kpl::SourceRange r);
  ExprPtr popc(ExprPtr x, kpl::SourceRange r);
  ExprPtr clz32(ExprPtr x, kpl::SourceRange r);
  ExprPtr brev32(ExprPtr x, kpl::SourceRange r);
  /// The high half of x y in t (32 bits: through lmul_hi).
  ExprPtr mulHi(IntType t, ExprPtr x, ExprPtr y, kpl::SourceRange r);
  /// mad_sat on 32-bit t: x y + z in 64 bits, clamped.
  ExprPtr madSat32(IntType t, ExprPtr x, ExprPtr y, ExprPtr z, kpl::SourceRange r);
  /// shuffle(x, mask), shuffle2(x, y, mask).
  Agg shuffleVector(const clang::CallExpr* c);
  /// printf: the format checked against the arguments, each argument evaluated; no output.
  ExprPtr printfCall(const clang::CallExpr* c, bool need);

  // ---- LowerFloatMath.cpp: the float math library --------------------------------------------

  /// The arguments of a float call (FloatFn, Math, MinMax, FloatExpr, FloatTest, Geometric),
  /// or nullopt after an unsupported diagnostic (a non-float argument, vectors of different sizes).
  std::optional<FloatArgs> floatArgs(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  /// One component of a float call from its operands.
  ExprPtr floatElem(const BuiltinInfo& fn, std::vector<ExprPtr>& a, kpl::SourceRange r);
  ExprPtr floatExpr(FloatExpr k, std::vector<ExprPtr>& a, kpl::SourceRange r);
  ExprPtr floatTest(FloatTest k, std::vector<ExprPtr>& a, kpl::SourceRange r);
  /// A relational function on double scalars (KPL's double comparisons).
  ExprPtr doubleTest(const clang::CallExpr* c, const std::string& name, FloatTest k);
  /// A float call with a word value, and with a vector value (nullopt: no vector argument).
  std::optional<ExprPtr> floatCall(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  std::optional<Agg> floatVectorCall(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  /// The geometric functions: the arguments as one component list each (distance's p - q),
  /// the scalar-valued and the vector-valued ones, and their formulas.
  std::optional<std::vector<std::vector<ExprPtr>>> geometricArgs(const clang::CallExpr* c, const BuiltinInfo& fn,
                                                                 const std::string& name);
  std::optional<ExprPtr> geometric(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  std::optional<Agg> geometricVector(const clang::CallExpr* c, const BuiltinInfo& fn, const std::string& name);
  ExprPtr dotOf(std::vector<ExprPtr>& p, std::vector<ExprPtr>& q, kpl::SourceRange r);
  ExprPtr lengthOf(std::vector<ExprPtr>& p, kpl::SourceRange r);
  std::vector<ExprPtr> normalized(const BuiltinInfo& fn, std::vector<ExprPtr>& p, kpl::SourceRange r);
  /// OpenCL's any and all; bitselect on scalars and vectors (and one component of it).
  ExprPtr anyAll(const clang::CallExpr* c, const std::string& name, bool all);
  ExprPtr bitSelectElem(ExprPtr a, ExprPtr b, ExprPtr k, kpl::SourceRange r);
  std::optional<ExprPtr> bitSelect(const clang::CallExpr* c, const std::string& name);
  std::optional<Agg> bitSelectVector(const clang::CallExpr* c, const std::string& name);
  /// The place a pointer argument points to (`&c`: c itself).
  LVal pointee(const clang::Expr* ptr);
  /// sincos, sincosf, modf: results through pointers.
  ExprPtr floatOut(const clang::CallExpr* c, const std::string& name, FloatOut k);
  /// CUDA's __float2int_rn/_rz/_ru/_rd.
  ExprPtr floatToInt(const clang::CallExpr* c, WideOp rounding);
  /// The diagnostic of a Refused row (LowerBuiltin.cpp).
  void refusedCall(const clang::CallExpr* c, const std::string& name, Refusal why);

  // ---- LowerAsync.cpp: asynchronous copies -------------------------------------------------
  /// OpenCL's async_work_group_copy, async_work_group_strided_copy (the event, a word) and
  /// wait_group_events; CUDA's __pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior.
  ExprPtr asyncCall(const clang::CallExpr* c, AsyncCall op, const std::string& name);
  /// A thread's copy of `bytes` bytes from `src` to `dst` (cp.async, __pipeline_memcpy_async):
  /// `cp_async(D, doff, S, soff, cells);`. False after a diagnostic.
  bool cpAsync(const clang::Stmt* at, const clang::Expr* dst, const clang::Expr* src, int64_t bytes, kpl::SourceRange r);
  /// The pointer of a cp.async's shared-address operand, `__cvta_generic_to_shared(p)` (under
  /// casts): p, else null.
  /// The pointer p of a shared address `__cvta_generic_to_shared(p)` written as an asm operand
  /// `use` takes: the call itself, or a local initialised with it (`uint32_t a =
  /// __cvta_generic_to_shared(p);`) that is never assigned, declared in the block of `use` (or
  /// a block around it) with no statement between the two assigning a variable p mentions;
  /// null otherwise.
  const clang::Expr* cvtaSharedOperand(const clang::Expr* e, const clang::Stmt* use);
  /// Whether local `v` is used only as input operands of cp.async asm statements.
  bool onlyCpAsyncOperand(const clang::VarDecl* v);

  // ---- LowerCudaLib.cpp: CUDA's device libraries (cuRAND, textures, refused primitives) ---

  /// A cuRAND call: the state written, an arbitrary value (uniform: in (0, 1] as cuRAND
  /// computes it from an arbitrary word); randomVector for the vector-valued ones.
  ExprPtr randomCall(const clang::CallExpr* c, Random op);
  Agg randomVector(const clang::CallExpr* c, Random op);
  /// Writes the cuRAND state the call's argument `arg` points to (its one cell).
  void writeRandomState(const clang::CallExpr* c, unsigned arg);
  /// One arbitrary value of a cuRAND call: a word, or a uniform float in (0, 1].
  ExprPtr randomValue(bool uniform, kpl::SourceRange r);
  /// v's bits spread apart: bit i moves to bit dims * i (Morton order, dims 2 or 3).
  ExprPtr spreadBits(ExprPtr v, unsigned dims, kpl::SourceRange r);
  /// A texture fetch: a read of the texture's hidden array at the coordinates' encoding.
  ExprPtr textureFetch(const clang::CallExpr* c, Texture op);
  std::optional<Agg> textureFetchStruct(const clang::CallExpr* c);
  // ---- LowerImage.cpp: OpenCL images ------------------------------------------------------
  /// An image kernel parameter: true (no KPL parameter; image1d_t and image2d_t only).
  bool imageParam(const clang::ParmVarDecl* pd);
  /// The hidden array of the image parameter a call's first argument names (`--image` size; `dims`
  /// 1 or 2); -1 after a diagnostic.
  int imageStorage(const clang::CallExpr* c, IntType elem, uint32_t& width, uint32_t& height, unsigned& dims);
  /// write_image*, get_image_width/height (nullopt: another form, or a read: imageRead).
  std::optional<ExprPtr> imageWord(const clang::CallExpr* c, ImageOp op);
  /// read_imagef/i/ui: the texel's 4 channels.
  std::optional<Agg> imageRead(const clang::CallExpr* c, ImageOp op);
  /// Integer coordinates (an int, or an int2's two), snapshotted; empty after a diagnostic.
  std::vector<ExprPtr> imageCoords(const clang::Expr* coord, unsigned dims);
  ExprPtr imageInRange(const std::vector<ExprPtr>& xy, uint32_t width, uint32_t height, kpl::SourceRange r);
  /// The first cell of texel (x, y), or 4·W·H (out of bounds) out of range.
  ExprPtr texelBase(const std::vector<ExprPtr>& xy, uint32_t width, uint32_t height, kpl::SourceRange r);
  std::map<const clang::ParmVarDecl*, int> images_;  ///< an image parameter → its hidden array
  // ---- LowerSurface.cpp: CUDA surfaces -----------------------------------------------------
  /// surf1Dread … surf2Dwrite: an access to the surface's hidden global array.
  ExprPtr surfaceCall(const clang::CallExpr* c, Surface op);
  /// The hidden array of the surface (reference or kernel parameter) argument `arg` names, of
  /// `--image` width × height elements; -1 after a diagnostic.
  int surfaceStorage(const clang::CallExpr* c, unsigned arg, IntType elem, bool twoD, uint32_t& width,
                     uint32_t& height);
  /// The hidden array of the texture (reference or kernel parameter) a fetch names; -1 after a diagnostic.
  int textureStorage(const clang::CallExpr* c, IntType elem);
  /// A float coordinate as `scale * c` when that is an integer in [0, 2^bits) (`ok`: 1 or 0).
  ExprPtr halfTexel(ExprPtr c, unsigned bits, std::string& ok, kpl::SourceRange r);
  /// Where to point a user at a construct of an injected header (an inline member of our
  /// <cooperative_groups.h>): the innermost call being inlined that the kernel's file makes.
  clang::SourceLocation userLoc(clang::SourceLocation l) const;
  /// A warp-level primitive (README.md): KPL's `shfl(v, src)` with the source lane computed as
  /// CUDA does from the lane `lid % wsize()`, or `ballot(p)` and masks.
  ExprPtr warpCall(const clang::CallExpr* c, WarpOp op, const std::string& name);
  /// A shuffle of a 64-bit value: both words from the same source lane.
  std::optional<Val> warpShuffleWide(const clang::CallExpr* c, WarpOp op, const std::string& name);
  /// The source lane of a shuffle (value argument `first`); null after a diagnostic.
  ExprPtr shuffleSource(const clang::CallExpr* c, WarpOp op, unsigned first, kpl::SourceRange r);
  /// KPL's `shfl(v, src)` and `ballot(p)`.
  static ExprPtr warpExpr(ExprKind k, ExprPtr a, ExprPtr b, kpl::SourceRange r);
  /// The member mask `m` of a `_sync` primitive as `wsync(m, _exited)`: CUDA's member-mask
  /// rule checked where the call is (a local holding m).
  ExprPtr memberMask(const clang::Expr* m, kpl::SourceRange r);
  /// __match_any_sync, __match_all_sync and the __reduce_*_sync: lane j's value (a `shfl`
  /// from each lane j < 32) combined for the lanes named in `mask` that execute the call.
  ExprPtr warpAcross(const clang::CallExpr* c, WarpOp op, ExprPtr mask, const std::string& name, kpl::SourceRange r);
  /// Whether the kernel (with the functions it calls) calls a primitive with a member mask:
  /// then its returns set exitedLocal_ (the lanes that exited, which a mask may name).
  bool usesMemberMasks(const clang::FunctionDecl* kernel) const;

  // ---- LowerSync.cpp: atomics and __syncthreads votes --------------------------------------

  ExprPtr atomic(const clang::CallExpr* c, const BuiltinInfo& fn, bool need);
  /// `fn` null or without a 64-bit form: an unsupported diagnostic naming `name`.
  Val atomic64(const clang::CallExpr* c, const BuiltinInfo* fn, const std::string& name, bool need);
  ExprPtr syncVote(const clang::CallExpr* c, const BuiltinInfo& fn);

  // ---- LowerAnnotations.cpp: GPUVerify's annotations ---------------------------------------

  /// A call of an annotation: its statements emitted, its value (0 for the statements).
  ExprPtr annotation(const clang::CallExpr* c, Annotation a);
  /// The statements: contracts, assertions, invariants, candidates.
  void annotationStmt(const clang::CallExpr* c, Annotation a);
  /// The predicates with a value: thread pairs, access logs, pointers, contracts' values.
  ExprPtr annotationValue(const clang::CallExpr* c, Annotation a);
  ExprPtr pairPredicate(const clang::CallExpr* c, Annotation a);
  ExprPtr accessPredicate(const clang::CallExpr* c, Annotation a);
  ExprPtr pointerPredicate(const clang::CallExpr* c, Annotation a);
  /// __accessed(p, off) / __not_accessed(p, off): the logs at p's cell off (rd_all, wr_all).
  ExprPtr accessedPredicate(const clang::CallExpr* c, Annotation a);
  /// __atomic_has_taken_value(p, off, v): KPL's `at_taken(A, p + off, v)`.
  ExprPtr atomicTaken(const clang::CallExpr* c);
  /// __array_snapshot(dst, src): src's cells (the thread's view) copied into private dst.
  void arraySnapshot(const clang::CallExpr* c);
  /// __array_snapshot's global or shared destination `c->getArg(0)` (a kernel's pointer
  /// parameter only annotations use): a private ghost storage of `cells` cells of src's type,
  /// which the parameter names from then on; -1 after a diagnostic.
  int ghostDestination(const clang::CallExpr* c, int src, uint32_t cells);
  /// __return_val_ptr() in an __ensures: the helper's result pointer.
  PtrVal returnValPtr(const clang::CallExpr* c);
  /// __return_val_int4() in an __ensures: the helper's int4 result.
  Agg returnValInt4(const clang::CallExpr* c);
  /// The pointer of an annotation's argument, into one array of cells of 4 bytes or less (its
  /// storage -1 after a diagnostic naming `what`).
  PtrVal annotPointer(const clang::Expr* p, const std::string& what);
  /// An annotation's condition as a KPL expression: its memory reads are ghost_rd (not
  /// logged), an __other_X in it makes it `pairs(…)`, an __X_offset `rd_all`/`wr_all(A, …)`.
  ExprPtr annotCond(const clang::Expr* e);
  /// `assert(e)` for every thread of the group, disabled ones included: `e && pairs(other(e))`.
  void emitGlobalCheck(const clang::CallExpr* c, StmtKind k, bool candidate = false);
  /// Whether `stmts` (an annotation's reads) can run for every thread, enabled or not (KPL's
  /// `every`); else a diagnostic at `at` naming `what`.
  bool runsForEveryThread(const clang::Stmt* at, const std::vector<StmtPtr>& stmts, const std::string& what);
  /// GPUVerify's __reads_from(p) / __writes_to(p): p's array joins the body's frame.
  void accessFrame(const clang::CallExpr* c, bool write);
  /// A read or write of `storage` (not an annotation's) at r: where a body inlined around it
  /// declares a frame that does not name its array, an `assert(false)` there (the verdict
  /// `assertion` at the access) and a note naming the array and the declaration.
  void checkFrame(int storage, bool write, kpl::SourceRange r);
  /// The first part of e that may differ between two threads of the same local id in different
  /// groups (a group id, a global id, memory, a modified or helper variable), or null.
  const clang::Expr* groupDependentPart(const clang::Expr* e) const;
  /// The first statement of `stmts` (an __X_implies condition's reads) whose own expressions
  /// mention `log_offset()`, or null.
  static const kpl::Stmt* firstLogOffset(const std::vector<StmtPtr>& stmts);
  /// `every { stmts }`, as the one statement of the result.
  std::vector<StmtPtr> everyBlock(std::vector<StmtPtr> stmts, kpl::SourceRange r);
  /// `candidate(e);` (KPL): checked, and dropped where it does not hold, without stopping.
  void emitCandidate(ExprPtr e, kpl::SourceRange r);
  /// The KPL array a predicate's pointer argument points into (-1 and a diagnostic if none).
  int annotArray(const clang::Expr* p, const char* what);
  /// __ensures: its __old_X values, taken where it stands (the function's entry).
  void takeOldValues(const clang::Expr* e);
  /// Whether the statements of the function's body before `c` are all annotation calls.
  bool atFunctionEntry(const clang::CallExpr* c) const;
  /// The __ensures of the body just lowered (inst_), as assertions.
  void emitEnsures();
  /// The __function_wide_invariants of inst_, at a loop head.
  void emitFunctionWide();
  /// The barrier invariants given since the last barrier, checked after the barrier `r`.
  void emitBarrierInvariants();
  /// A call of an uninterpreted function (DECLARE_UF_*): a ghost read of its hidden array.
  bool isUninterpreted(const clang::FunctionDecl* fd) const;
  ExprPtr uninterpretedCall(const clang::CallExpr* c, const clang::FunctionDecl* fd);

  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  Language lang_;
  /// wbinary's `p - q`: where rvalueBinary puts a difference of 64-bit offsets (both words).
  Val* ptrDiff_ = nullptr;
  /// widePointers: whether the scanned body's `this` holds a 64-bit cell index.
  bool scanSelfWide_ = false;
  const LaunchOptions& launch_;
  std::string kernelRefError_;  ///< Clang's error in the --kernel reference ("" when it resolved or there is none)
  std::string path_;
  kpl::DiagnosticEngine& diags_;

  std::set<std::string> used_;
  std::vector<std::string> locals_;
  std::vector<kpl::ArrayDecl> arrays_;
  std::map<std::string, std::vector<std::string>> cellPaths_;  ///< KPL array → Program::cellPaths
  std::vector<kpl::Ident> params_;
  std::vector<Storage> storages_;
  std::map<int, int> views_;  ///< a narrow storage's View storage (LowerView.cpp)
  std::map<const clang::VarDecl*, int> globalVars_;
  std::set<std::string> usedBuffers_;
  std::map<std::string, std::string> renamed_;  ///< KPL name → C name, for params and arrays
  std::set<const clang::VarDecl*> modified_;
  std::set<const clang::Expr*> nsw_;  ///< addressArithmetic's operators (when the overflow check is on)
  int dynShared_ = -1;                ///< the storage of CUDA's dynamic shared memory (extern __shared__)
  uint64_t dynSharedElemBytes_ = 0;   ///< … and its element's size in bytes
  std::vector<StmtPtr>* out_ = nullptr;
  std::vector<Frame> frames_;
  Instance* inst_ = nullptr;
  std::vector<const clang::FunctionDecl*> callStack_;
  std::vector<clang::SourceLocation> callSites_;  ///< the calls being inlined, outermost first
  int lastAggResult_ = -1;  ///< the result storage of the last inlined call returning a struct or vector
  std::optional<VarInfo> lastRefResult_;  ///< the place the last inlined call returning a reference returned
  /// The next inlined call returns a reference to a scalar whose value the caller reads at
  /// once (`int m = std::min(a, b);`): its value is the result (inlineCall, valueOfRefCall).
  bool refByValue_ = false;
  std::optional<VarInfo> lastPtrResult_;  ///< the pointer the last inlined call returning one returned
  std::vector<Closure> closures_;         ///< the lambdas' closures, in creation order
  std::map<std::string, int> localStorages_;  ///< a scalar local whose address is taken → its one-cell storage
  std::string voteArray_;   ///< the hidden shared array of __syncthreads_count/_and/_or ("" until used)
  std::string arbArray_;    ///< the hidden shared array of arbitrary values ("" until used)
  std::string arbCounter_;  ///< its per-thread counter local
  std::map<const clang::VarDecl*, int> surfaces_;  ///< a surface (reference or object parameter) → its hidden array
  std::set<std::string> usedImages_;                ///< the `--image` names a surface or image used
  std::map<const clang::VarDecl*, int> textures_;  ///< a texture (reference or object parameter) → its hidden array
  std::string exitedLocal_;  ///< 1 in a thread that returned from the kernel ("" when no member mask is checked)
  /// Annotations (LowerAnnotations.cpp): inside one's condition, reads are ghost_rd.
  int ghost_ = 0;
  struct AnnotScope {
    bool active = false;    ///< lowering an annotation's condition
    bool pairs = false;     ///< it used __other_X: wrap it in pairs(…)
    int logStorage = -1;    ///< inside __X_implies / with __X_offset: the storage iterated
    bool logWrite = false;  ///< … its write log (else its read log)
    bool sameGroup = false; ///< the condition is `__implies(__same_group(), …)`: pairs of one group suffice
    bool otherReads = false; ///< an __other_X's operand reads memory: every thread runs the reads (`every`)
    /// Several groups, the __other_X operands group-independent: the pairs of two groups are
    /// those of one group plus (i, i's twin in another group): `pairs(e) && e[other(x) := x]`.
    bool twins = false;
  } annot_;
  std::map<const clang::Expr*, std::string> olds_;          ///< __old_X call → its entry value's local
  std::vector<std::pair<const clang::CallExpr*, bool>> barrierInvariants_;  ///< (call, binary) until the next barrier
  const Instance* barrierInvariantsOf_ = nullptr;  ///< the body they were given in
  std::map<std::string, std::string> ufArrays_;             ///< uninterpreted function → its hidden array
  std::vector<Pending::FrameCheck> frameChecks_;  ///< checkFrame's, for the next defer() (a run-time base)
  std::map<const clang::FunctionDecl*, std::set<const clang::VarDecl*>> uninitReads_;  ///< mayReadUninit's results
  std::set<const clang::FunctionDecl*> uninitAll_;  ///< functions without a CFG: every local may be
  std::set<std::pair<unsigned, std::string>> notes_;  ///< notes given (location, text)
  const std::set<DynKey>& dynamic_;  ///< pointer variables lowered with a run-time base
  std::set<DynKey> discovered_;      ///< pointer variables found to need one (lower again)
  std::vector<Pending> pending_;
  int instances_ = 0;
  std::map<const clang::Stmt*, const clang::Stmt*> jumpTargets_;  ///< break/continue -> loop or switch
};

}  // namespace sdvmc::clangfe::lowering
