// The abstract syntax of KPL, the paper's Kernel Programming Language (GPUVerify,
// OOPSLA'12, figure 6), in the concrete form of ../shared/kpl-language.md.
//
// The AST is plain data: every node carries the source range it was parsed from, so that
// diagnostics, traces and witnesses can point at the source. Nothing here knows how a
// kernel executes; semantics/ lowers this tree before running it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdvmc::kpl {

/// A position in a source file: 1-based line and column (in bytes). Line 0 means
/// "no position" (a node synthesised rather than parsed).
struct SourceLoc {
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return line != 0; }
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

/// The half-open range [begin, end) of a node's text.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

/// A name as written, with where it was written.
struct Ident {
  std::string name;
  SourceRange range;
};

enum class UnaryOp {
  Neg, LogNot, BitNot,
  // (extension) builtin calls on Words holding IEEE-754 single-precision bit patterns:
  // `fneg(a)`, `fabs(a)`, `fsqrt(a)`, and the conversions `itof(a)` (signed int to float),
  // `utof(a)` (unsigned), `ftoi(a)`, `ftou(a)` (truncation toward zero).
  FNeg, FAbs, FSqrt, IToF, UToF, FToI, FToU,
};

enum class BinaryOp {
  Mul, Div, Rem,
  Add, Sub,
  Shl, Shr,
  Lt, Le, Gt, Ge,
  Eq, Ne,
  BitAnd, BitXor, BitOr,
  LogAnd, LogOr,
  // (extension) unsigned operators on the same 32-bit words, written as builtin calls
  // `udiv(a, b)`, `urem(a, b)`, `ult(a, b)`, `ule(a, b)`, `ugt(a, b)`, `uge(a, b)` and
  // the logical right shift `lshr(a, b)`; the frontends lower C's unsigned arithmetic
  // to them.
  UDiv, URem, ULt, ULe, UGt, UGe, LShr,
  // (extension) single-precision floating point on Words holding the bit patterns:
  // `fadd`, `fsub`, `fmul`, `fdiv`, `fmin`, `fmax`, and the ordered comparisons `flt`,
  // `fle`, `fgt`, `fge`, `feq` (1 or 0; false when an operand is NaN) and `fne` (true then).
  FAdd, FSub, FMul, FDiv, FMin, FMax, FLt, FLe, FGt, FGe, FEq, FNe,
  // (extension) signed arithmetic that must not overflow (LLVM's `nsw`): `nsw_add(a, b)`,
  // `nsw_sub(a, b)`, `nsw_mul(a, b)` give a + b, a - b, a * b as `+ - *` do, and a result
  // outside the int range is the verdict `integer-overflow` (C++'s undefined behaviour);
  // the CUDA frontend lowers signed `int` arithmetic reaching an address to them.
  NswAdd, NswSub, NswMul,
  // (extension) `addr64(h, l)`: the cell index of the 64-bit address (h, l) (high word, low
  // word), which is l; an address that does not fit 32 bits (h is not l's sign) is out of
  // bounds of a bounded array, and beyond what the model represents (inconclusive, exit 3) in
  // an unbounded one. The CUDA frontend's 64-bit target lowers 64-bit indices to it.
  Addr64,
};

/// (extension) The read-modify-write operations of `x := atomic_OP(A, i, v)` and
/// `x := atomic_cas(A, i, c, v)` (FAdd: float add on the bit patterns), and the 64-bit
/// ones (…64) of `[xh, xl :=] atomic64_OP(A, i, vh, vl)` and
/// `xh, xl := atomic64_cas(A, i, ch, cl, nh, nl)` (FAdd64: double add): see specs/KPL.md.
enum class AtomicOp {
  Add, Sub, Exch, Min, Max, UMin, UMax, And, Or, Xor, Inc, Dec, Cas, FAdd,
  Add64, Sub64, Exch64, Min64, Max64, UMin64, UMax64, And64, Or64, Xor64, FAdd64, Cas64,
};
/// The 64-bit atomics: they read and write the cells i (low word) and i+1 (high word).
inline bool atomicIsWide(AtomicOp op) { return op >= AtomicOp::Add64; }

/// (extension) Asynchronous copies (specs/KPL.md, "Asynchronous copies"):
///  - Copy: `[e :=] async_copy(D, doff, dstride, S, soff, sstride, n, ev);`, a copy made by
///    the whole group (OpenCL's async_work_group_copy); exprs = doff, dstride, soff, sstride,
///    n, ev; `array` = D, `array2` = S; target = the event (may be empty);
///  - Wait: `async_wait(e1, …, ek);`, the group waits for the copies of events e1 … ek;
///  - ThreadCopy: `cp_async(D, doff, S, soff, n);`, a copy owned by the issuing thread
///    (CUDA's cp.async); exprs = doff, soff, n;
///  - Commit: `cp_commit();`, the thread's uncommitted copies become its newest batch;
///  - ThreadWait: `cp_wait(k);`, the thread waits for all its batches but the k newest.
enum class AsyncOp { Copy, Wait, ThreadCopy, Commit, ThreadWait };
const char* asyncOpName(AsyncOp op);
std::optional<AsyncOp> asyncOpNamed(std::string_view name);

/// (extension) The 64-bit builtins on pairs of Words (specs/KPL.md, "64-bit values"). A
/// 64-bit value is passed as two operands, its high Word then its low Word: the two's-
/// complement integer hi·2^32 + (unsigned)lo, or the IEEE-754 double whose bit pattern is
/// hi:lo. An operation with a 64-bit result has two builtins, `NAME_lo` and `NAME_hi`,
/// giving its low and its high Word; comparisons give 1 or 0; conversions to 32 bits give
/// the Word. Operands (h = high Word, l = low Word, n = a 32-bit Word):
enum class WideOp {
  // (ah, al, bh, bl) -> 64-bit: integer add, sub, mul, signed div/rem (truncating),
  // unsigned div/rem, and, or, xor
  LAddLo, LAddHi, LSubLo, LSubHi, LMulLo, LMulHi, LDivLo, LDivHi, LRemLo, LRemHi,
  LUDivLo, LUDivHi, LURemLo, LURemHi, LAndLo, LAndHi, LOrLo, LOrHi, LXorLo, LXorHi,
  // (ah, al, bh, bl) -> 64-bit: signed add, sub, mul that must not overflow (LLVM's `nsw`):
  // the same Words as ladd/lsub/lmul, and an exact result outside the signed 64-bit range
  // is the error integer-overflow (the CUDA frontend's 64-bit index arithmetic)
  LNswAddLo, LNswAddHi, LNswSubLo, LNswSubHi, LNswMulLo, LNswMulHi,
  // (ah, al, n) -> 64-bit: shift left, arithmetic and logical shift right by n (0..63)
  LShlLo, LShlHi, LAShrLo, LAShrHi, LLShrLo, LLShrHi,
  // (ah, al, bh, bl) -> 0/1: integer comparisons, signed then unsigned
  LEq, LNe, LLt, LLe, LGt, LGe, LULt, LULe, LUGt, LUGe,
  // (ah, al, bh, bl) -> 64-bit: double add, sub, mul, div, min, max (as fmin/fmax)
  DAddLo, DAddHi, DSubLo, DSubHi, DMulLo, DMulHi, DDivLo, DDivHi, DMinLo, DMinHi, DMaxLo, DMaxHi,
  // (ah, al, bh, bl) -> 0/1: double comparisons (as flt … fne for NaN)
  DLt, DLe, DGt, DGe, DEq, DNe,
  // (h, l) -> 64-bit: double negation, absolute value, square root
  DNegLo, DNegHi, DAbsLo, DAbsHi, DSqrtLo, DSqrtHi,
  // (n) -> 64-bit: float to double, int to double, unsigned to double, float to long
  // (truncating), float to unsigned long
  FToDLo, FToDHi, IToDLo, IToDHi, UToDLo, UToDHi, FToLLo, FToLHi, FToULLo, FToULHi,
  // (h, l) -> 32-bit: double to float, to int, to unsigned (truncating); long and unsigned
  // long to float
  DToF, DToI, DToU, LToF, ULToF,
  // (h, l) -> 64-bit: long / unsigned long to double, double to long / unsigned long
  LToDLo, LToDHi, ULToDLo, ULToDHi, DToLLo, DToLHi, DToULLo, DToULHi,
  // (extension) C's float-to-integer conversion check: (x, k) -> x for a float x, (h, l, k) ->
  // h for a double; an error (integer-overflow) when x truncated toward zero is outside the
  // range of the k-bit integer type (signed for k < 0), or NaN (specs/KPL.md)
  FCvtChk, DCvtChk,
  // The float math functions (specs/KPL.md, "Float math"): Words holding IEEE-754 single
  // bit patterns, computed as the host's C library computes the float function. They sit
  // in this table because they are n-ary builtin calls like the 64-bit ones (isFloatMath).
  // (a) -> float
  FCeil, FFloor, FRound, FTrunc, FRint, FExp, FExp2, FExp10, FExpm1, FLog, FLog2, FLog10, FLog1p,
  FSin, FCos, FTan, FAsin, FAcos, FAtan, FSinh, FCosh, FTanh, FAsinh, FAcosh, FAtanh,
  FCbrt, FRsqrt, FErf, FErfc, FLgamma, FTgamma, FLogb,
  // (a, b) -> float; fldexp and fpown take an int b
  FPow, FAtan2, FFmod, FHypot, FCopysign, FNextafter, FRemainder, FFdim, FLdexp, FPown, FPowr,
  // (a, b, c) -> float: a * b + c with one rounding
  FFma,
};
/// The float math functions of WideOp (FCeil … FFma): 32-bit, on float bit patterns.
inline bool isFloatMath(WideOp op) { return op >= WideOp::FCeil; }

enum class ExprKind {
  IntLit,   ///< a decimal or hex literal; `value` holds it wrapped to 32 bits
  BoolLit,  ///< `true` (value 1) or `false` (value 0)
  Lid,      ///< the thread's local id
  Gid,      ///< the group id
  Name,     ///< a local or a procedure parameter: `name`
  Unary,    ///< `uop` applied to operands[0]
  Binary,   ///< operands[0] `bop` operands[1]
  Cond,     ///< operands[0] ? operands[1] : operands[2]
  LocalSize,  ///< (extension) `ldim(d)`: the group's size in dimension `value` (0, 1, 2)
  NumGroups,  ///< (extension) `ngroups(d)`: the number of groups in dimension `value`
  Wide,       ///< (extension) `wop` applied to operands (wideOpArity(wop) of them)
  WarpSize,   ///< (extension) `wsize()`: the warp width of the model that runs the kernel
              ///< (SDV, prove: 32, CUDA's; simt:W: W; simt-uniform-exit: the group size; mimd: 1)
  Shfl,       ///< (extension) `shfl(e, src)`: e's value at lane src of the thread's warp (warp models;
              ///< a lane outside the warp or not evaluating it: the thread's own e)
  Ballot,     ///< (extension) `ballot(p)`: bit j set for each lane j < 32 of the warp evaluating it with p != 0
  WarpSync,   ///< (extension) `wsync(m, x)`: m, once CUDA's member-mask rule holds for the lanes evaluating
              ///< it (x: a local, non-zero in a lane that has exited; specs/KPL.md, "Warps")
  WarpWidth,  ///< (extension) `wwidth(w)`: w, when it is a power of 2 from 1 to 32 (a shuffle's width)
  Annot,      ///< (extension) an annotation builtin, `aop` (GPUVerify's annotations; specs/KPL.md)
};

/// (extension) The annotation builtins (specs/KPL.md, "Annotations"):
///  - `enabled()`: 1 iff this thread is enabled at the statement evaluating it;
///  - `pairs(e)`: 1 iff e holds for every other thread of the group, where `other(x)` in e
///    is x evaluated by that other thread (operands[0]);
///  - `other(e)`: e evaluated by the other thread of the enclosing `pairs` (operands[0]);
///  - `rd_all(A, e)` / `wr_all(A, e)`: 1 iff e holds for every index of array `name` the
///    thread has read / written since the last barrier, `log_offset()` in e being that index;
///  - `log_offset()`: the index bound by the innermost enclosing `rd_all`/`wr_all`;
///  - `at_taken(A, i, v)`: 1 iff an atomic of this thread on cell i of array `name` has
///    returned v since the kernel started (its log of atomic results, operands[0], [1]).
enum class AnnotOp { Enabled, Pairs, Other, RdAll, WrAll, LogOffset, AtTaken };
const char* annotOpName(AnnotOp op);
std::optional<AnnotOp> annotOpNamed(std::string_view name);
unsigned annotOpArity(AnnotOp op);  ///< expression operands (the array of rd_all/wr_all/at_taken excluded)
bool annotOpHasArray(AnnotOp op);   ///< rd_all, wr_all, at_taken: the first argument names an array

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// An expression. Expressions are pure: shared memory is read only by the `rd` statement.
struct Expr {
  ExprKind kind = ExprKind::IntLit;
  SourceRange range;
  int32_t value = 0;              ///< IntLit, BoolLit
  std::string name;               ///< Name
  UnaryOp uop = UnaryOp::Neg;     ///< Unary
  BinaryOp bop = BinaryOp::Add;   ///< Binary
  WideOp wop = WideOp::LAddLo;    ///< Wide
  AnnotOp aop = AnnotOp::Enabled; ///< Annot (rd_all/wr_all: the array in `name`)
  std::vector<ExprPtr> operands;  ///< Unary: 1, Binary: 2, Cond: 3, Wide: wideOpArity(wop), Shfl: 2, Ballot: 1, WarpSync: 2, WarpWidth: 1
};

enum class StmtKind {
  Block,        ///< `{ stmts }`: a sequence (G-SEQ)
  LocalDecl,    ///< `local a, b;`: scope is the rest of the enclosing block (G-VAR)
  LocalScoped,  ///< `local x S`: the paper's form; scope is stmts[0] (G-VAR)
  If,           ///< `if (exprs[0]) stmts[0] else stmts[1]`; no else: stmts.size() == 1
  While,        ///< `while (exprs[0]) stmts[0]`
  Call,         ///< `target(exprs...)`: procedure call (G-CALL)
  Barrier,      ///< `barrier;` (fences both spaces) or (extension) `barrier(local);`,
                ///< `barrier(global);`, `barrier(none);`: see `fence`
  Break,
  Continue,
  Return,
  Skip,
  Assert,       ///< `assert(exprs[0])`; (extension) `private_index(NAME, e, N)`: see Stmt::privateIndex
  Assume,       ///< `assume(exprs[0])`
  Assign,       ///< `target := exprs[0]` (T-ASSIGN)
  Read,         ///< `target := rd([array,] exprs[0])` (T-RD)
  Write,        ///< `wr([array,] exprs[0], exprs[1])` (T-WR)
  Atomic,       ///< (extension) `[target :=] atomic_OP(array, exprs[0], exprs[1] [, exprs[2]])`:
                ///< index, operand (cas: compare, then new value); target.name empty = no result.
                ///< 64-bit (atomicIsWide): `[target, target2 :=] atomic64_OP(array, exprs…)`,
                ///< exprs = index, operand's high and low word (cas: compare hi, lo, new hi, lo)
  Async,        ///< (extension) an asynchronous copy or wait, `asyncOp` (see AsyncOp)
};

/// (extension) The memory spaces a barrier orders: `shared` arrays (local memory) and
/// `global` arrays. `barrier;` orders both; the logs of a space it does not order are kept.
inline constexpr uint8_t kFenceLocal = 1;
inline constexpr uint8_t kFenceGlobal = 2;
inline constexpr uint8_t kFenceAll = kFenceLocal | kFenceGlobal;

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

/// A statement. Which fields are used depends on `kind` (see StmtKind).
struct Stmt {
  StmtKind kind = StmtKind::Skip;
  SourceRange range;
  std::vector<StmtPtr> stmts;    ///< Block: body; LocalScoped: [scope]; If: [then, else?]; While: [body]
  std::vector<Ident> names;      ///< LocalDecl, LocalScoped: the declared locals
  Ident target;                  ///< Assign, Read: the local assigned; Call: the procedure
  std::optional<Ident> array;    ///< Read, Write: the named array, when written out
  std::vector<ExprPtr> exprs;    ///< see StmtKind
  AtomicOp atomicOp = AtomicOp::Add;  ///< Atomic
  AsyncOp asyncOp = AsyncOp::Copy;    ///< Async
  std::optional<Ident> array2;        ///< Async (Copy, ThreadCopy): the source array
  Ident target2;                 ///< Atomic (64-bit): the local receiving the old low word
  uint8_t fence = kFenceAll;     ///< Barrier: the memory spaces it orders (kFenceLocal | kFenceGlobal)
  /// (extension) Barrier: `barrier(grid);`, a barrier over every thread of every group (CUDA's
  /// grid_group::sync()); it orders both memory spaces (fence = kFenceAll).
  bool grid = false;
  /// (extension) Read: `x := ghost_rd(A, e)`, a read that is not logged (no race, no
  /// access for rd_all): what annotations read.
  bool ghost = false;
  /// (extension) Assert: `candidate(e);`, a candidate invariant: where e is false (or fails)
  /// on an enabled thread the candidate is dropped (recorded), and the execution goes on.
  bool candidate = false;
  /// (extension) Assert: `private_index(NAME, e, N);`, the check of an index into a private
  /// array (specs/KPL.md): exprs[0] is `e >= 0 && e < N` (built by the parser), exprs[1] is e.
  /// Its failure is the verdict `out-of-bounds` (rule T-PRIVATE-INDEX) naming NAME, e's value
  /// and N. NAME is a label (the C name of the private array), not a KPL array.
  struct PrivateIndex {
    Ident name;
    uint32_t size = 0;  ///< N: 1 … 2^31 − 1
  };
  std::optional<PrivateIndex> privateIndex;
  /// (extension) Block: `every { … }`, run by every thread of the group, enabled or not (its
  /// statements' predicate is `true`): only assignments, `ghost_rd`, `if`, `assert` and local
  /// declarations. What an annotation evaluated for every thread reads with.
  bool every = false;
};

/// `shared NAME[size] = {…};`. Without an initialiser every cell is arbitrary; an
/// initialiser element that is nullopt was written `*` (arbitrary).
///
/// (extension) `shared NAME[];` is an unbounded array (every Word index is a cell, initially
/// arbitrary), like the default memory `mem`; `global NAME[…];` declares an array in global
/// memory, which every group of the launch shares (races between groups are checked on it).
struct ArrayDecl {
  Ident name;
  uint32_t size = 0;          ///< 0 when unbounded
  bool unbounded = false;
  bool global = false;
  SourceRange range;
  std::optional<std::vector<std::optional<int32_t>>> init;
  SourceRange initRange;  ///< the `{…}` of the initialiser, when there is one
  /// (extension) `*V` in the initialiser: an arbitrary cell (`check` explores it, `prove`
  /// leaves it free) that `run` starts at V. Empty, or one entry per cell of `init` (nullopt
  /// where no run value was written).
  std::vector<std::optional<int32_t>> runInit;
  /// (extension) `const global NAME[…]`: constant memory; a write to it is the verdict
  /// `constant-write`.
  bool constant = false;
};

/// `procedure NAME(params) body`. The paper's KPL has exactly one parameter; sdvmc
/// accepts any number (an extension, specs/KPL.md).
struct Procedure {
  Ident name;
  std::vector<Ident> params;
  StmtPtr body;
  SourceRange range;
};

/// A whole kernel.
struct Program {
  std::string file;          ///< the path it was read from, as given (for diagnostics)
  uint32_t threads = 1;      ///< `threads: n;` (the default group size)
  uint32_t group = 0;        ///< `group: g;` (the default group id)
  /// (extension) `groups: G;`: the launch has G groups (gid 0 … G−1), all of which run;
  /// 0 = not written: only group `group` runs, as in the paper.
  uint32_t groups = 0;
  SourceRange groupsRange;
  /// Set by the CUDA/OpenCL frontend (frontends/clang): the kernel's source language and
  /// its launch geometry, so reports can name threads as (x,y,z) of group (x,y,z).
  /// localSize[0] == 0: a KPL kernel (flat ids).
  std::string language = "kpl";
  uint32_t localSize[3] = {0, 0, 0};
  uint32_t numGroups[3] = {1, 1, 1};
  /// (frontends) The source name of a kernel parameter or array the frontend had to
  /// rename in KPL (a C name that is a KPL keyword, say): KPL name → source name. Users
  /// name them by their source names (--param, --init, reports).
  std::map<std::string, std::string> sourceNames;
  /// (frontends) For an array whose C elements take several cells (64-bit values, structs,
  /// vectors): the array's name as users know it → the path of each cell within an element
  /// (".lo", ".hi", ".x", ".f.lo", …), so that reports can name cell 2 of a `long*` as
  /// `a[1].lo`. Arrays of one-cell elements have no entry.
  std::map<std::string, std::vector<std::string>> cellPaths;
  /// (frontends) Command-line words a replay of this kernel needs besides the geometry
  /// and the configuration, e.g. {"--kernel", "k", "--buffer", "A=16"}.
  std::vector<std::string> replayArgs;
  /// (frontends) The names the kernel answers to (`vllm::act::silu<float>`, `act::silu<float>`,
  /// `silu<float>`): GPUVerify's `--kernel-args NAME,…` must give one of them. Empty for KPL.
  std::vector<std::string> kernelNames;
  SourceRange threadsRange;
  SourceRange groupRange;
  std::vector<ArrayDecl> arrays;
  /// (extension) `param NAME;`: a scalar kernel parameter, the same Word in every thread of
  /// every group; read-only; arbitrary (run: 0 or --param, check: a range).
  std::vector<Ident> params;
  std::vector<Procedure> procedures;
  StmtPtr main;              ///< the body after `main:`
  SourceRange mainRange;     ///< the `main` keyword
};

/// The spelling of the builtin-call operators: "udiv" … "lshr" for BinaryOp::UDiv …
/// BinaryOp::LShr, nullptr for the infix operators; and back.
const char* builtinOperatorName(BinaryOp op);
std::optional<BinaryOp> builtinOperatorNamed(std::string_view name);
/// "fneg" … "ftou" for the builtin unary operators, nullptr for `- ! ~`; and back.
const char* builtinUnaryName(UnaryOp op);
std::optional<UnaryOp> builtinUnaryNamed(std::string_view name);
/// "ladd_lo" … "dtoul_hi" for the 64-bit builtins, and back; the number of operands.
const char* wideOpName(WideOp op);
std::optional<WideOp> wideOpNamed(std::string_view name);
unsigned wideOpArity(WideOp op);
/// "atomic_add" … "atomic_cas", and back.
const char* atomicOpName(AtomicOp op);
std::optional<AtomicOp> atomicOpNamed(std::string_view name);

/// A deep copy of an expression (source ranges included).
ExprPtr cloneExpr(const Expr& e);
/// (extension) The statement `private_index(name, index, size);` (Stmt::privateIndex): an
/// Assert whose exprs are `index >= 0 && index < size` and index; at `range`. The parser and
/// the frontends build it here, so both build the same tree.
StmtPtr makePrivateIndex(Ident name, ExprPtr index, uint32_t size, SourceRange range);

/// Structural equality, ignoring source ranges (the pretty-printer's round-trip property).
bool sameAst(const Expr& a, const Expr& b);
bool sameAst(const Stmt& a, const Stmt& b);
bool sameAst(const Program& a, const Program& b);

}  // namespace sdvmc::kpl
