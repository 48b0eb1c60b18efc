// Evaluating an expression e^σ for every thread of the group at once.
//
// SDV runs the group in lock step, so every expression is evaluated column-wise: each
// operator is one loop over the n threads (which the compiler vectorises), instead of n
// walks of the expression tree. A mask says which threads need the value; only those can
// raise an error (division by zero, shift out of range), and `&&`, `||` and `?:`
// evaluate their second operand only for the threads that need it, as C does per thread.
//
// Word arithmetic is 32-bit two's complement (kpl-language.md, "Meaning"): + - * wrap,
// / and % truncate toward zero with INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0, >> is
// arithmetic, a shift by a negative amount or by 32 or more is an error.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"

#include <bit>
#include <cstdint>
#include <vector>

namespace sdvmc::sem {

/// The first error met while evaluating: the lowest thread, and for that thread the
/// leftmost failing operator.
struct EvalError {
  /// NoWarps: a warp-level primitive (`shfl`, `ballot`) evaluated where there are no warps (SDV).
  /// IntegerOverflow: an `nsw_*` operator's exact result is outside the int range.
  /// AddressRange: an `addr64` address that does not fit 32 bits.
  /// WarpMask: `wsync(m, x)` where CUDA's member-mask rule fails (`fault` says how).
  /// WarpWidth: `wwidth(w)` with w not a power of 2 from 1 to 32.
  enum class Kind { None, DivisionByZero, ShiftOutOfRange, NoWarps, IntegerOverflow, AddressRange, WarpMask, WarpWidth } kind = Kind::None;
  uint32_t thread = UINT32_MAX;
  ExprId at = kNone;
  Word operand = 0;  ///< the offending divisor or shift amount; WarpMask: the thread's mask; WarpWidth: the width
  /// IntegerOverflow of a 64-bit `lnsw_*` builtin: its two signed 64-bit operands (the exact
  /// result may need 128 bits: the report computes it from them); of an `fcvt_chk` /
  /// `dcvt_chk`: the value's bits (a float's in the low 32) and the type code k.
  int64_t lhs = 0, rhs = 0;
  int64_t exact = 0; ///< IntegerOverflow: the exact result (of an nsw_* operator); AddressRange: the address; WarpMask: the other lane (Differs: its mask in bits 32..63)
  /// WarpMask: the thread's own lane is not named (OwnLane; a lane >= 32 included), its
  /// mask names lane `exact`, which executes the call with another mask (Differs; that mask
  /// in bits 32..63 of `exact`), or which has not exited and does not execute it (Absent).
  enum class MaskFault : uint8_t { OwnLane, Differs, Absent } fault = MaskFault::OwnLane;

  bool any() const { return kind != Kind::None; }
};

/// Scratch space and the evaluation routine for one group size. Not thread-safe: each
/// worker owns one.
class Evaluator {
public:
  Evaluator(const Ir& ir, uint32_t n);

  uint32_t threads() const { return n_; }

  /// The sizes `ldim(d)` and `ngroups(d)` evaluate to. By default (geometryFor): the
  /// program's launch geometry when its group size is `n`, else a 1-D group of n and the
  /// program's group counts.
  struct Geometry {
    uint32_t localSize[3] = {1, 1, 1};
    uint32_t numGroups[3] = {1, 1, 1};
    /// `wsize()`: the warp width. SDV has no warps; it answers CUDA's 32 (warp models set theirs).
    uint32_t warpSize = 32;
    /// Whether the group being evaluated is one warp (the warp models): `shfl` and `ballot`
    /// act on its threads, lane i being thread i of the group. Otherwise (SDV) they are the
    /// error NoWarps.
    bool warps = false;
  };
  static Geometry geometryFor(const Ir& ir, uint32_t groupThreads);
  void setGeometry(const Geometry& g) { geometry_ = g; }
  const Geometry& geometry() const { return geometry_; }

  /// Evaluates `e` for the threads t with mask[t] != 0. Returns a column of n values,
  /// valid (for masked threads) until the next call. Records the first error in `err`.
  const Word* eval(ExprId e, const GroupState& s, const uint8_t* mask, EvalError& err);

  /// Evaluates the index `e` of an access (rd, wr, an atomic, an asynchronous copy's offset)
  /// as a 64-bit cell index, valid until the next evalIndex. An index whose operator is
  /// `addr64(h, l)` is the exact 64-bit value of the pair, whatever its range (the access
  /// checks it against a bounded array's extent; an unbounded array has every cell); any
  /// other index is its Word, sign-extended. Records the first error in `err`.
  const Index* evalIndex(ExprId e, const GroupState& s, const uint8_t* mask, EvalError& err);

  /// Computes the predicate `p` (a conjunction of flags) for every thread into `mask`.
  void predicate(PredId p, const GroupState& s, uint8_t* mask) const;

private:
  /// The same evaluation for a group of one thread, without columns.
  Word scalar(ExprId e, const GroupState& s, bool enabled, EvalError& err);
  Word leaf(ExprId e, const GroupState& s, bool enabled, EvalError& err);
  /// One-lane evaluators only: the expressions built from operators that cannot fail
  /// (constants, lid, gid, locals, + - *, comparisons, bitwise and logical operators,
  /// shifts by a constant in 0..31) as postfix code, run without recursion. flatAt_[e]
  /// is where e's code starts, kFlatNone, or kFlatUntried (compiled when first evaluated,
  /// so only the expressions evaluated as a whole take space).
  struct Flat {
    uint8_t kind;
    Word imm;
  };
  static constexpr size_t kFlatMax = 32;  ///< instructions of one expression at most
  static constexpr uint32_t kFlatNone = UINT32_MAX, kFlatUntried = UINT32_MAX - 1;
  uint32_t flatCode(ExprId e);
  bool compileFlat(ExprId e, size_t start);
  Word runFlat(const Flat* f, const GroupState& s) const;
  std::vector<Flat> flat_;
  std::vector<uint32_t> flatAt_;
  /// The 64-bit builtins, out of line (scalar and column-wise).
  Word scalarWide(ExprId id, const GroupState& s, bool enabled, EvalError& err);
  /// The witness of an IntegerOverflow of 64-bit builtin `op` on operands a … d: an
  /// `lnsw_*`'s two 64-bit operands, or the value and type code of an `fcvt_chk`/`dcvt_chk`.
  static void witnessOverflow(EvalError& err, EOp op, Word a, Word b, Word c, Word d);
  const Word* evWide(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t depth, EvalError& err);
  const Word* ev(ExprId e, const GroupState& s, const uint8_t* mask, uint32_t depth,
                 EvalError& err);
  /// The annotation builtins (EOp::Enabled … LogOffset), column-wise and for one lane.
  const Word* evAnnot(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t depth, EvalError& err);
  const Word* evPairs(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t depth, EvalError& err);
  const Word* evOther(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t depth, EvalError& err);
  const Word* evLogged(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t depth, EvalError& err);
  Word scalarAnnot(ExprId id, const GroupState& s, bool enabled, EvalError& err);
  Word* col(uint32_t depth) { return cols_.data() + static_cast<size_t>(depth) * n_; }
  uint8_t* maskCol(uint32_t depth) { return masks_.data() + static_cast<size_t>(depth) * n_; }
  void fail(EvalError& err, EvalError::Kind kind, uint32_t thread, ExprId at, Word operand);
  /// fail() for IntegerOverflow and AddressRange, with the exact value.
  void failOverflow(EvalError& err, EvalError::Kind kind, uint32_t thread, ExprId at, int64_t exact);
  /// A warp-level primitive where there are no warps: the error NoWarps at the lowest masked thread.
  Word* noWarps(ExprId id, const uint8_t* mask, EvalError& err, Word* out);

  const Ir& ir_;
  uint32_t n_;
  std::vector<Word> cols_;      ///< exprNeed + 1 scratch columns
  std::vector<uint8_t> masks_;  ///< exprNeed + 1 scratch masks
  std::vector<Word> lid_;       ///< 0 … n-1
  std::vector<Word> lanes_;     ///< `shfl`'s copy of its operand (the column may be its result's)
  std::vector<Word> high_;      ///< evalIndex: the high words of an `addr64` index
  std::vector<Index> index_;    ///< evalIndex's result
  std::vector<uint8_t> ones_;   ///< every lane: the mask `wsync` reads its second operand with
  /// `wsync(m, x)` in a warp: checks the member-mask rule for the lanes `mask` names, m[i] their masks.
  void checkWarpMask(ExprId id, const uint8_t* mask, const Word* m, const Word* exited, EvalError& err);
  Geometry geometry_;
  const uint8_t* stmtMask_ = nullptr;  ///< the mask eval() was called with: `enabled()`
  uint32_t rot_ = 0;                   ///< inside `pairs`: the other thread of i is (i + rot_) % n
  std::vector<uint8_t> rotMask_;       ///< `other`: the mask of the threads it evaluates for
  std::vector<Word> offset_;           ///< `log_offset()` of each thread inside rd_all / wr_all
};

/// Wrapping Word arithmetic, shared by every execution model.
namespace word {
inline Word add(Word a, Word b) { return static_cast<Word>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b)); }
inline Word sub(Word a, Word b) { return static_cast<Word>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b)); }
inline Word mul(Word a, Word b) { return static_cast<Word>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b)); }
inline Word neg(Word a) { return static_cast<Word>(0u - static_cast<uint32_t>(a)); }
/// (extension) The exact result of `nsw_add`, `nsw_sub`, `nsw_mul` (EOp::NswAdd …): it is an
/// overflow when it is outside the int range, and the operator gives its low 32 bits.
inline int64_t nswExact(EOp op, Word a, Word b) {
  const int64_t x = a, y = b;
  return op == EOp::NswAdd ? x + y : op == EOp::NswSub ? x - y : x * y;
}
inline bool overflows(int64_t exact) { return exact < INT32_MIN || exact > INT32_MAX; }
/// b != 0 required.
inline Word div(Word a, Word b) { return b == -1 ? neg(a) : a / b; }
/// b != 0 required.
inline Word rem(Word a, Word b) { return b == -1 ? 0 : a % b; }
/// 0 <= b < 32 required.
inline Word shl(Word a, Word b) { return static_cast<Word>(static_cast<uint32_t>(a) << b); }
inline Word shr(Word a, Word b) { return a >> b; }
inline uint32_t u(Word a) { return static_cast<uint32_t>(a); }
/// KPL's 64-bit values (specs/KPL.md): the value of a (high, low) pair of Words, and its
/// low and high Word.
inline uint64_t pair(Word h, Word l) { return (uint64_t{u(h)} << 32) | u(l); }
inline Word low(uint64_t x) { return static_cast<Word>(static_cast<uint32_t>(x)); }
inline Word high(uint64_t x) { return static_cast<Word>(static_cast<uint32_t>(x >> 32)); }
/// b != 0 required.
inline Word udiv(Word a, Word b) { return static_cast<Word>(u(a) / u(b)); }
/// b != 0 required.
inline Word urem(Word a, Word b) { return static_cast<Word>(u(a) % u(b)); }
/// 0 <= b < 32 required.
inline Word lshr(Word a, Word b) { return static_cast<Word>(u(a) >> b); }
/// Single-precision floating point on bit patterns (IEEE-754, as the host computes it).
inline float f(Word a) { return std::bit_cast<float>(a); }
inline Word w(float x) { return std::bit_cast<Word>(x); }
/// A float to a 32-bit integer, truncating; NaN and values outside the range give the
/// "integer indefinite" value INT_MIN (signed) / 0 (unsigned) … as x86's cvttss2si does
/// for signed; C leaves them undefined.
inline Word ftoi(Word a) {
  const float x = f(a);
  if (!(x > -2147483904.0f && x < 2147483648.0f)) return INT32_MIN;
  return static_cast<Word>(x);
}
inline Word ftou(Word a) {
  const float x = f(a);
  if (!(x > -1.0f && x < 4294967296.0f)) return 0;
  return static_cast<Word>(static_cast<uint32_t>(x));
}
/// The float operators (EOp::FAdd … EOp::FToU).
Word floatOp(EOp op, Word a, Word b);
/// The 64-bit builtins (EOp::LAddLo … EOp::DToULHi, isWide) on their operands a, b, c, d
/// (those the builtin takes; the others are ignored). A 64-bit operand is a (high, low)
/// pair of Words: two's complement, or the bit pattern of an IEEE-754 double. C's
/// semantics as the host computes it: + - * wrap; / and % truncate, INT64_MIN / -1 =
/// INT64_MIN and INT64_MIN % -1 = 0 (as the 32-bit ones); conversions to integers
/// truncate, and NaN or a value out of range gives INT64_MIN / INT32_MIN (signed) or 0
/// (unsigned), as ftoi / ftou do. A divisor 0 or a shift amount outside 0..63 sets
/// `fault` (and the result is 0, or the shift by the amount's low 6 bits); so does a
/// `lnsw_*` builtin whose exact signed result is outside the 64-bit range (IntegerOverflow;
/// the result is the wrapped one, as ladd/lsub/lmul's), and an `fcvt_chk` / `dcvt_chk` whose
/// value C's conversion does not define (conversionDefined; IntegerOverflow, the result its
/// first operand either way); `fault` is left alone otherwise.
Word wideOp(EOp op, Word a, Word b, Word c, Word d, EvalError::Kind& fault);
/// (extension, `fcvt_chk` / `dcvt_chk`) C's conversion of a floating value to an integer type
/// (C11 6.3.1.4, C++ [conv.fpint]): defined iff the value truncated toward zero is in the
/// range of the |k|-bit integer type, signed for k < 0 (|k| taken from 1 to 64), so never for
/// NaN or an infinity. (Unsigned: -1 < x < 2^|k|; signed: -2^(|k|-1) - 1 < x < 2^(|k|-1).)
bool conversionDefined(double x, int32_t k);
/// The float math functions (EOp::FCeil … EOp::FFma, isFloatMath) on their operands a, b, c
/// (float bit patterns; fldexp's and fpown's b an int), as the host's C library computes the
/// float function (FloatMath.cpp). None of them fails.
Word floatMath(EOp op, Word a, Word b, Word c);
}  // namespace word

}  // namespace sdvmc::sem
