// The lowered form of a KPL kernel that the rules of ../shared/sdv-semantics.md run on.
//
// Lowering (Lower.h) does, once and statically, the parts of the rules that only depend
// on where a statement sits in the program:
//  - names are resolved to storage locations ("slots"). Every construct that takes a
//    fresh location (G-VAR, G-IF, G-OPEN, G-ITER, G-CALL) gets the next slot above its
//    enclosing scope, so locations are allocated in a stack discipline and a slot is
//    reused once its scope is closed (the "fresh locations" implementation note). The
//    rule that allocates a slot resets it to 0 in every thread: a fresh location is false.
//  - belim / celim / relim: each `break`, `continue` and `return` becomes the assignment
//    `v := true` to the flag of its loop, iteration or call.
//  - G-CALL's substitution Body(f)[Param(f) ↦ e]: the body is instantiated at each call
//    site with the argument expression in place of the parameter (call by name).
//  - predicates: the predicate a rule attaches to a sub-statement (p ∧ v, p ∧ ¬v,
//    p ∧ u ∧ ¬v, …) is a conjunction of flag literals fixed by the statement's position,
//    so each node stores the predicate it is pushed with. Predicates are still evaluated
//    per thread at the moment the statement executes, as the rules require.
#pragma once

#include "kpl/Ast.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::sem {

using Word = int32_t;
/// A cell index (Address::index): 64-bit, so that `addr64` reaches every cell of an unbounded
/// array exactly (specs/KPL.md, "64-bit addresses").
using Index = int64_t;
/// Whether a cell index is also a Word (the cells every array had before 64-bit indices).
inline constexpr bool fitsWord(Index i) { return i >= INT32_MIN && i <= INT32_MAX; }
using Slot = uint32_t;
using NodeId = uint32_t;
using ExprId = uint32_t;
using PredId = uint32_t;
using ArrayId = uint32_t;

inline constexpr uint32_t kNone = UINT32_MAX;

enum class EOp : uint8_t {
  Const, Lid, Gid, Local,
  Neg, LogNot, BitNot,
  Mul, Div, Rem, Add, Sub, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne,
  BitAnd, BitXor, BitOr,
  LogAnd, LogOr,
  Cond,
  UDiv, URem, ULt, ULe, UGt, UGe, LShr,  ///< (extension) unsigned operators on Words
  NswAdd, NswSub, NswMul,  ///< (extension) `nsw_add` …: + - *, a signed overflow is `integer-overflow`
  Addr64,  ///< (extension) `addr64(h, l)`: l, an error where h is not l's sign (kpl::BinaryOp::Addr64)
  /// (extension) single-precision floating point on Words holding the bit patterns
  FAdd, FSub, FMul, FDiv, FMin, FMax, FLt, FLe, FGt, FGe, FEq, FNe,
  FNeg, FAbs, FSqrt, IToF, UToF, FToI, FToU,
  LocalSize, NumGroups,  ///< (extension) `ldim(imm)`, `ngroups(imm)`: the launch's sizes
  WarpSize,  ///< (extension) `wsize()`: the model's warp width (Evaluator::Geometry::warpSize)
  Shfl, Ballot,  ///< (extension) `shfl(a, b)`, `ballot(a)`: warp-level primitives (warp models only)
  WarpSync,      ///< (extension) `wsync(a, b)`: a, once the member-mask rule holds (b: read in every lane)
  WarpWidth,     ///< (extension) `wwidth(a)`: a, an error unless a power of 2 from 1 to 32
  /// (extension) the annotation builtins (kpl::AnnotOp): `enabled()`, `pairs(a)`, `other(a)`,
  /// `rd_all(imm, a)`, `wr_all(imm, a)` (imm: the ArrayId), `log_offset()`, `at_taken(imm, a, b)`
  Enabled, Pairs, Other, RdAll, WrAll, LogOffset, AtTaken,
  /// (extension) the 64-bit builtins on pairs of Words (kpl::WideOp, same names, same
  /// order; operands a, b, c, d as the builtin takes them). Keep them last (isWide).
  LAddLo, LAddHi, LSubLo, LSubHi, LMulLo, LMulHi, LDivLo, LDivHi, LRemLo, LRemHi,
  LUDivLo, LUDivHi, LURemLo, LURemHi, LAndLo, LAndHi, LOrLo, LOrHi, LXorLo, LXorHi,
  LNswAddLo, LNswAddHi, LNswSubLo, LNswSubHi, LNswMulLo, LNswMulHi,
  LShlLo, LShlHi, LAShrLo, LAShrHi, LLShrLo, LLShrHi,
  LEq, LNe, LLt, LLe, LGt, LGe, LULt, LULe, LUGt, LUGe,
  DAddLo, DAddHi, DSubLo, DSubHi, DMulLo, DMulHi, DDivLo, DDivHi, DMinLo, DMinHi, DMaxLo, DMaxHi,
  DLt, DLe, DGt, DGe, DEq, DNe,
  DNegLo, DNegHi, DAbsLo, DAbsHi, DSqrtLo, DSqrtHi,
  FToDLo, FToDHi, IToDLo, IToDHi, UToDLo, UToDHi, FToLLo, FToLHi, FToULLo, FToULHi,
  DToF, DToI, DToU, LToF, ULToF,
  LToDLo, LToDHi, ULToDLo, ULToDHi, DToLLo, DToLHi, DToULLo, DToULHi, FCvtChk, DCvtChk,
  /// the float math functions (kpl::isFloatMath), in kpl::WideOp's order too
  FCeil, FFloor, FRound, FTrunc, FRint, FExp, FExp2, FExp10, FExpm1, FLog, FLog2, FLog10, FLog1p,
  FSin, FCos, FTan, FAsin, FAcos, FAtan, FSinh, FCosh, FTanh, FAsinh, FAcosh, FAtanh,
  FCbrt, FRsqrt, FErf, FErfc, FLgamma, FTgamma, FLogb,
  FPow, FAtan2, FFmod, FHypot, FCopysign, FNextafter, FRemainder, FFdim, FLdexp, FPown, FPowr,
  FFma,
};

/// The EOp of a 64-bit builtin and back (the two enums list them in the same order).
inline constexpr EOp eopOf(kpl::WideOp w) {
  return static_cast<EOp>(static_cast<unsigned>(EOp::LAddLo) + static_cast<unsigned>(w));
}
inline constexpr bool isWide(EOp op) { return op >= EOp::LAddLo; }
inline constexpr kpl::WideOp wideOpOf(EOp op) {
  return static_cast<kpl::WideOp>(static_cast<unsigned>(op) - static_cast<unsigned>(EOp::LAddLo));
}
/// The 64-bit builtins that involve floating point (doubles, or floats converted to or
/// from 64 bits): DAddLo and everything after it.
inline constexpr bool isWideFloat(EOp op) { return op >= EOp::DAddLo; }
/// (extension) The 64-bit `lnsw_*` builtins (LNswAddLo … LNswMulHi): ladd/lsub/lmul whose
/// exact signed result must fit 64 bits (an overflow is the error integer-overflow).
inline constexpr bool isWideNsw(EOp op) { return op >= EOp::LNswAddLo && op <= EOp::LNswMulHi; }
/// The float math functions (FCeil … FFma), which isWide and isWideFloat include.
inline constexpr bool isFloatMath(EOp op) { return op >= EOp::FCeil; }
static_assert(eopOf(kpl::WideOp::LShlLo) == EOp::LShlLo && eopOf(kpl::WideOp::LNswMulHi) == EOp::LNswMulHi && eopOf(kpl::WideOp::LEq) == EOp::LEq &&
              eopOf(kpl::WideOp::DAddLo) == EOp::DAddLo && eopOf(kpl::WideOp::DLt) == EOp::DLt &&
              eopOf(kpl::WideOp::DNegLo) == EOp::DNegLo && eopOf(kpl::WideOp::FToDLo) == EOp::FToDLo &&
              eopOf(kpl::WideOp::DToF) == EOp::DToF && eopOf(kpl::WideOp::LToDLo) == EOp::LToDLo &&
              eopOf(kpl::WideOp::DToULHi) == EOp::DToULHi && eopOf(kpl::WideOp::DCvtChk) == EOp::DCvtChk &&
              eopOf(kpl::WideOp::FCeil) == EOp::FCeil &&
              eopOf(kpl::WideOp::FLogb) == EOp::FLogb && eopOf(kpl::WideOp::FPow) == EOp::FPow &&
              eopOf(kpl::WideOp::FFma) == EOp::FFma,
              "EOp lists the 64-bit builtins in kpl::WideOp's order");

/// `case` labels for the float math functions (the last is left without its colon).
#define SDVMC_EOP_FLOAT_MATH_CASES \
  case EOp::FCeil: case EOp::FFloor: case EOp::FRound: case EOp::FTrunc: case EOp::FRint: case EOp::FExp:  \
  case EOp::FExp2: case EOp::FExp10: case EOp::FExpm1: case EOp::FLog: case EOp::FLog2: case EOp::FLog10:  \
  case EOp::FLog1p: case EOp::FSin: case EOp::FCos: case EOp::FTan: case EOp::FAsin: case EOp::FAcos:  \
  case EOp::FAtan: case EOp::FSinh: case EOp::FCosh: case EOp::FTanh: case EOp::FAsinh: case EOp::FAcosh:  \
  case EOp::FAtanh: case EOp::FCbrt: case EOp::FRsqrt: case EOp::FErf: case EOp::FErfc: case EOp::FLgamma:  \
  case EOp::FTgamma: case EOp::FLogb: case EOp::FPow: case EOp::FAtan2: case EOp::FFmod: case EOp::FHypot:  \
  case EOp::FCopysign: case EOp::FNextafter: case EOp::FRemainder: case EOp::FFdim: case EOp::FLdexp:  \
  case EOp::FPown: case EOp::FPowr: case EOp::FFma

/// `case` labels for every 64-bit builtin, for exhaustive switches over EOp.
#define SDVMC_EOP_WIDE_CASES                                                                             \
  case EOp::LAddLo: case EOp::LAddHi: case EOp::LSubLo: case EOp::LSubHi: case EOp::LMulLo:                \
  case EOp::LMulHi: case EOp::LDivLo: case EOp::LDivHi: case EOp::LRemLo: case EOp::LRemHi:                \
  case EOp::LUDivLo: case EOp::LUDivHi: case EOp::LURemLo: case EOp::LURemHi: case EOp::LAndLo:            \
  case EOp::LAndHi: case EOp::LOrLo: case EOp::LOrHi: case EOp::LXorLo: case EOp::LXorHi:                  \
  case EOp::LNswAddLo: case EOp::LNswAddHi: case EOp::LNswSubLo: case EOp::LNswSubHi: case EOp::LNswMulLo:  \
  case EOp::LNswMulHi:                                                                                     \
  case EOp::LShlLo: case EOp::LShlHi: case EOp::LAShrLo: case EOp::LAShrHi: case EOp::LLShrLo:             \
  case EOp::LLShrHi: case EOp::LEq: case EOp::LNe: case EOp::LLt: case EOp::LLe: case EOp::LGt:            \
  case EOp::LGe: case EOp::LULt: case EOp::LULe: case EOp::LUGt: case EOp::LUGe: case EOp::DAddLo:         \
  case EOp::DAddHi: case EOp::DSubLo: case EOp::DSubHi: case EOp::DMulLo: case EOp::DMulHi:                \
  case EOp::DDivLo: case EOp::DDivHi: case EOp::DMinLo: case EOp::DMinHi: case EOp::DMaxLo:                \
  case EOp::DMaxHi: case EOp::DLt: case EOp::DLe: case EOp::DGt: case EOp::DGe: case EOp::DEq:             \
  case EOp::DNe: case EOp::DNegLo: case EOp::DNegHi: case EOp::DAbsLo: case EOp::DAbsHi:                   \
  case EOp::DSqrtLo: case EOp::DSqrtHi: case EOp::FToDLo: case EOp::FToDHi: case EOp::IToDLo:              \
  case EOp::IToDHi: case EOp::UToDLo: case EOp::UToDHi: case EOp::FToLLo: case EOp::FToLHi:                \
  case EOp::FToULLo: case EOp::FToULHi: case EOp::DToF: case EOp::DToI: case EOp::DToU: case EOp::LToF:    \
  case EOp::ULToF: case EOp::LToDLo: case EOp::LToDHi: case EOp::ULToDLo: case EOp::ULToDHi:               \
  case EOp::DToLLo: case EOp::DToLHi: case EOp::DToULLo: case EOp::DToULHi: case EOp::FCvtChk:               \
  case EOp::DCvtChk: SDVMC_EOP_FLOAT_MATH_CASES

/// One expression node. Operands are other nodes of the same pool; a procedure
/// parameter is replaced by its argument's node (G-CALL's substitution).
struct ExprNode {
  EOp op = EOp::Const;
  Word imm = 0;          ///< Const
  Slot slot = 0;         ///< Local
  ExprId a = kNone, b = kNone, c = kNone, d = kNone;  ///< d: the 4th operand of a 64-bit builtin
  uint32_t need = 1;     ///< scratch columns needed to evaluate it (Eval.cpp)
  kpl::SourceLoc loc;
};

/// `slot` (negated: `¬slot`) read as a boolean.
struct Lit {
  Slot slot = 0;
  bool negated = false;
  friend bool operator==(const Lit&, const Lit&) = default;
};

enum class NodeKind : uint8_t {
  Seq,      ///< S1; S2; …  (G-SEQ)
  Var,      ///< local x… S (G-VAR): slots [slot0, slot0 + count), body children[0]
  If,       ///< G-IF: flag slot0; children = [v := e, S1, S2]
  While,    ///< G-OPEN / G-ITER / G-DONE: break flag slot0, guard slot1, continue flag slot2;
            ///< guard expression e0; children = [u := e, body]
  Call,     ///< G-CALL: return flag slot0; children[0] = the instantiated body
  Barrier,  ///< G-DIVERGENCE / G-NO-OP / G-RACE / G-SYNC
  Assign,   ///< T-ASSIGN: slot0 := e0
  Read,     ///< T-RD: slot0 := rd(array, e0)
  Write,    ///< T-WR: wr(array, e0, e1)
  Assert,   ///< extension: assert(e0); `private_index(NAME, e, N)`: e0 = `e >= 0 && e < N`, e1 = e
            ///< (src->privateIndex: NAME and N; privateIndexNode)
  Assume,   ///< extension: assume(e0)
  Atomic,   ///< extension: slot0 := atomic_OP(array, e0, e1 [, e2]) (slot0 = kNone: no result);
            ///< 64-bit (kpl::atomicIsWide): slot0, slot1 := atomic64_OP(array, e0, e1, e2 [, e3, e4])
            ///< (high, low word; both kNone: no result)
  Skip,     ///< the no-op basic statement
  Async,    ///< extension: an asynchronous copy or wait (kpl::AsyncOp `asyncOp`): array = the
            ///< destination, array2 = the source, args = the operands (kpl::StmtKind::Async),
            ///< slot0 = async_copy's event (kNone: none)
};

/// Why a basic node exists: written in the source, or made by a rule.
enum class Origin : uint8_t {
  Source,    ///< as written
  IfFlag,    ///< G-IF's `v := e`
  LoopGuard, ///< G-ITER's `u := e`
  Break,     ///< belim: `break` became `v := true`
  Continue,  ///< celim: `continue` became `v := true`
  Return,    ///< relim: `return` became `v := true`
  ElseSkip,  ///< an `if` without `else` has `else skip`
};

struct Node {
  NodeKind kind = NodeKind::Skip;
  Origin origin = Origin::Source;
  PredId pred = 0;        ///< the predicate the node is pushed with
  PredId predOpen = 0;    ///< While: the predicate of while̲ after G-OPEN (p ∧ ¬break)
  uint32_t depth = 0;     ///< slots live while the node is on the stack (its own allocations excluded)
  Slot slot0 = 0, slot1 = 0, slot2 = 0;
  uint32_t count = 0;     ///< Var: number of slots
  ExprId e0 = kNone, e1 = kNone, e2 = kNone;
  ExprId e3 = kNone, e4 = kNone;  ///< Atomic (atomic64_cas): the new high and low word
  kpl::AtomicOp atomicOp = kpl::AtomicOp::Add;  ///< Atomic
  kpl::AsyncOp asyncOp = kpl::AsyncOp::Copy;    ///< Async
  ArrayId array2 = 0;                           ///< Async: the source array of a copy
  std::vector<ExprId> args;                     ///< Async: the operands
  uint8_t fence = kpl::kFenceAll;  ///< Barrier: the spaces it orders (kpl::kFenceLocal | kFenceGlobal)
  bool grid = false;      ///< Barrier: `barrier(grid);`, a phase boundary of the launch (Launch.h)
  bool ghost = false;     ///< Read: `ghost_rd`, not logged (annotations read so)
  bool candidate = false; ///< Assert: `candidate(e)`: a failure drops the candidate (SdvMachine::dropped)
  ArrayId array = 0;
  std::vector<NodeId> children;
  const kpl::Stmt* src = nullptr;  ///< the statement it came from (never null)
  kpl::SourceLoc loc;              ///< where to point a user at
  uint32_t callDepth = 0;          ///< number of calls enclosing it (for traces)
};

/// (extension) An Assert node of `private_index(NAME, e, N)` (kpl::Stmt::privateIndex): its
/// failure is the verdict out-of-bounds, rule T-PRIVATE-INDEX.
inline bool privateIndexNode(const Node& n) { return n.kind == NodeKind::Assert && n.src && n.src->privateIndex; }

/// A bounded array of more cells than this without an initialiser is stored sparsely (an
/// unbounded array's map, with `sparseSize`), so `global out[1073741824];` costs what the
/// kernel writes of it, not 4 GiB.
inline constexpr uint32_t kDenseArrayCells = 1u << 16;

struct ArrayInfo {
  std::string name;
  /// Stored densely (`Memory::bounded`) and bounds-checked at `size`; false for the default
  /// memory `mem`, `NAME[]` arrays and large arrays stored sparsely (`sparseSize`).
  bool bounded = true;
  bool global = false;        ///< `global` (shared by every group of the launch)
  uint32_t size = 0;          ///< bounded arrays
  /// (extension) A bounded array of more than kDenseArrayCells cells without an initialiser:
  /// stored as an unbounded one (`bounded` false: its cells in a map, absent cells arbitrary)
  /// and bounds-checked at this size. 0 for every other array.
  uint32_t sparseSize = 0;
  /// The number of cells an access must stay below (bounded and sparse arrays), 0 if none.
  uint32_t extent() const { return bounded ? size : sparseSize; }
  /// Whether cell `i` is outside the array (never, for an unbounded array).
  bool outside(Index i) const {
    return (bounded || sparseSize != 0) && (i < 0 || static_cast<uint64_t>(i) >= extent());
  }
  /// Declared initial contents (bounded arrays): nullopt = arbitrary.
  std::vector<std::optional<Word>> init;
  /// (extension) `*V`: the value `run` gives an arbitrary cell (empty, or one per cell).
  std::vector<std::optional<Word>> runInit;
  bool constant = false;      ///< (extension) `const global`: a write is `constant-write`
};

/// (extension) Whether a barrier with fence flags `fence` orders the accesses to `array`:
/// `global` arrays are global memory, the others (`shared`, `mem`) local memory.
inline bool fenceOrders(uint8_t fence, const ArrayInfo& array) {
  return (fence & (array.global ? kpl::kFenceGlobal : kpl::kFenceLocal)) != 0;
}

/// A lowered kernel. It refers to the kpl::Program it was lowered from, which must
/// outlive it.
struct Ir {
  const kpl::Program* program = nullptr;
  std::vector<ExprNode> exprs;
  std::vector<std::vector<Lit>> preds;   ///< preds[0] is `true`
  std::vector<Node> nodes;
  std::vector<ArrayInfo> arrays;
  NodeId main = 0;
  uint32_t slotCount = 0;                ///< locations per thread
  /// The kernel parameters (`param NAME;`): parameter k lives in slot k of every thread,
  /// set before main starts and never assigned.
  std::vector<std::string> params;
  bool hasAtomics = false;               ///< some node is an Atomic (states carry atomic logs)
  /// (extension) some expression is `at_taken`: the threads log the results of their atomics
  /// (ThreadLog::taken; states carry them).
  bool logsAtomicResults = false;
  /// (extension) Where the first `barrier(grid);` is, if any: only `sdvmc run`'s launch
  /// (Launch.h) runs it as a grid barrier; with one group it is the group's barrier.
  std::optional<kpl::SourceLoc> firstGridBarrier;
  /// Where the first annotation builtin (EOp::Enabled … LogOffset) or `ghost_rd` is, if any:
  /// only the SDV rules run them (the other models and prove refuse the kernel).
  std::optional<kpl::SourceLoc> firstAnnotation;
  /// Where the first asynchronous copy or wait (NodeKind::Async) is, if any: only the SDV
  /// rules run them (check, the warp models, prove and litmus refuse the kernel).
  std::optional<kpl::SourceLoc> firstAsync;
  uint32_t exprNeed = 1;                 ///< scratch columns for the deepest expression
};

}  // namespace sdvmc::sem
