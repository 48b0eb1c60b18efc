// The builtin table (Builtins.cpp): every library function the lowering knows — OpenCL C's
// built-in functions, the CUDA functions and intrinsics our cuda.h declares, GPUVerify's
// annotations — by name, with the arguments it takes, its kind (which lowering: a case of
// Lowerer::wordBuiltin, wideBuiltin or aggBuiltin, LowerBuiltin.cpp) and the KPL operators of
// its 32- and 64-bit forms. A call to a function without a body is looked up here; a name the
// table lacks is `unsupported: call to 'f', which has no definition the frontend knows`.
// A function of an existing kind is one row; a new kind is a row, an enumerator below and a
// case in those three functions.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sdvmc::clangfe::lowering {

/// How a builtin is lowered, and what its op and wideOp columns hold.
enum class BuiltinKind : uint8_t {
  WorkItem,      ///< OpenCL's get_local_id(d) and the like, d a constant (op: a WorkItem)
  WorkDim,       ///< get_work_dim()
  Barrier,       ///< barrier(flags), work_group_barrier(flags), __syncthreads(): `barrier;`; op 1: grid_group::sync(),
                 ///< `barrier(grid);`
  Fence,         ///< mem_fence(flags), __threadfence() …: nothing under SDV
  Vote,          ///< CUDA's __syncthreads_count/_and/_or(p) (op: a Vote)
  Annotation,    ///< GPUVerify's __requires, __ensures, __assert, __assume … (op: an Annotation)
  Math,          ///< a float operator (op: a kpl::UnaryOp for one argument, a kpl::BinaryOp for two)
                 ///< and the double one (wideOp: a kpl::WideOp, its low word's)
  MinMax,        ///< min, max: as Math on floats and doubles (op: FMin or FMax, wideOp: DMinLo or
                 ///< DMaxLo), a comparison on integers, signed or unsigned by the overload's type
  Abs,           ///< abs on an integer (on a float: fabs); op, wideOp: 0 where the form exists
  Atomic,        ///< op: the kpl::AtomicOp on a 32-bit cell; wideOp: the one on a 64-bit element
  DoubleWord,    ///< CUDA's __double2hiint (op 1), __double2loint (op 0): a word of a double
  DoubleBits,    ///< CUDA's __double_as_longlong, __longlong_as_double: the same two words
  HiLoToDouble,  ///< CUDA's __hiloint2double(hi, lo)
  DoubleRn,      ///< CUDA's __dadd_rn … (wideOp: a kpl::WideOp): the IEEE double operation
  VLoad,         ///< OpenCL's vloadN(offset, p): N elements from p[offset * N]
  VStore,        ///< OpenCL's vstoreN(v, offset, p)
  Select,        ///< OpenCL's select(a, b, c), on scalars and vectors
  Convert,       ///< OpenCL's convert_T[_sat][_rte|_rtz|_rtp|_rtn], on scalars and vectors
  IntBits,       ///< CUDA's integer intrinsics __mul24, __umul24, __popc, __brev, __clz, __ffs, __sad, __usad and
                 ///< OpenCL's integer functions (popcount, clz, rotate, hadd, rhadd, abs_diff, add_sat, sub_sat,
                 ///< clamp, mul24, mad24, mul_hi, mad_hi, mad_sat, upsample) on char, short and int scalars and
                 ///< vectors (op: an IntBits; mad24 is Mul24 with a third argument), as word arithmetic
  Shuffle,       ///< OpenCL's shuffle(x, mask) and shuffle2(x, y, mask)
  Prefetch,      ///< OpenCL's prefetch(p, n): no effect on memory; the arguments are evaluated
  FloatFn,       ///< a float math function (op: a kpl::WideOp, kpl::isFloatMath) on float scalars and, in OpenCL,
                 ///< float vectors component-wise (a scalar argument broadcast)
  FloatExpr,     ///< a composition of float operators (op: a FloatExpr): mad, clamp, mix, step, smoothstep, sign …
  FloatTest,     ///< OpenCL's relational functions on floats (op: a FloatTest): scalars 0/1, vectors -1/0
  Geometric,     ///< OpenCL's dot, cross, length, distance, normalize and their fast_ forms (op: a Geometric)
  FloatToInt,    ///< CUDA's __float2int_rn/_rz/_ru/_rd (op: the kpl::WideOp rounding to an integral float first:
                 ///< frint, ftrunc, fceil, ffloor), saturating as PTX's cvt
  FloatBits,     ///< CUDA's __float_as_int … (op 0: the same bits), __int2float_rn (op 1), __uint2float_rn (op 2)
  AnyAll,        ///< OpenCL's any (op 0) and all (op 1): the sign bits of an integer scalar or vector
  BitSelect,     ///< OpenCL's bitselect(a, b, c) = (a & ~c) | (b & c), on scalars and vectors of any 32-bit-or-less type
  FloatOut,      ///< a float function with a result through a pointer (op: a FloatOut): sincos, modf
  Refused,       ///< a function refused by name with a reason (op: a Refusal); also those our headers declare
                 ///< only so that kernels parse
  Printf,        ///< printf(format, …): no effect on memory; the format is checked against the
                 ///< arguments, which are evaluated (their reads are accesses). Variadic: arity 0
  Random,        ///< cuRAND's device API (op: a Random): arbitrary values, the state written (LowerCudaLib.cpp)
  Texture,       ///< texture fetches (op: a Texture): a hidden never-written array per texture
  Surface,       ///< CUDA's surface reads and writes (op: a Surface): a hidden global array per surface (LowerSurface.cpp)
  Image,         ///< OpenCL's read_image*, write_image*, get_image_width/height (op: an ImageOp; LowerImage.cpp)
  Warp,          ///< CUDA's warp-level primitives (op: a WarpOp): KPL's `shfl`, `ballot` (warp models only)
  Clock,         ///< CUDA's clock() (32-bit form), clock64() (64-bit form): arbitrary values, with a note
  Async,         ///< the asynchronous copies (op: an AsyncCall): KPL's async_copy / async_wait (OpenCL's, the
                 ///< group's) and cp_async / cp_commit / cp_wait (CUDA's pipeline primitives, a thread's)
};

/// The op of a WorkItem row.
enum class WorkItem : uint8_t { LocalId, GroupId, GlobalId, LocalSize, NumGroups, GlobalSize, GlobalOffset };
/// The op of an IntBits row.
enum class IntBits : uint8_t {
  Mul24, UMul24, Popc, Brev, Clz, Ffs, Sad, USad, Rotate, HAdd, RHAdd, AbsDiff, AddSat, SubSat,
  Clamp, MulHi, MadHi, MadSat, Upsample,
  Min, Max, Abs,  ///< (not rows: min, max and abs on integer vectors, from the MinMax and Abs rows)
};
/// The op of a FloatExpr row (LowerFloatMath.cpp gives each one's formula).
enum class FloatExpr : uint8_t { Mad, Recip, Clamp, Degrees, Radians, Mix, Step, SmoothStep, Sign, Saturate };
/// The op of a FloatTest row.
enum class FloatTest : uint8_t {
  IsEqual, IsNotEqual, IsGreater, IsGreaterEqual, IsLess, IsLessEqual, IsLessGreater,
  IsFinite, IsInf, IsNan, IsNormal, IsOrdered, IsUnordered, SignBit,
};
/// The op of a Geometric row.
enum class Geometric : uint8_t { Dot, Cross, Length, Distance, Normalize, FastLength, FastDistance, FastNormalize };
/// The op of a FloatOut row: OpenCL's sincos(x, &c) and modf(x, &i), CUDA's sincosf(x, &s, &c).
enum class FloatOut : uint8_t { SinCos, SinCosBoth, Modf };
/// The op of a Refused row: why the function is not lowered.
enum class Refusal : uint8_t { DirectedRounding, NotExact, PointerResult };
/// The op of an Async row (LowerAsync.cpp).
enum class AsyncCall : uint8_t { Copy, StridedCopy, WaitEvents, PipelineCopy, PipelineCommit, PipelineWait, CvtaShared };
/// The op of a Vote row: what __syncthreads_OP returns.
enum class Vote : uint8_t { Count, And, Or };
/// The op of a Random row: what a cuRAND call gives (Init: nothing; a vector: its components).
enum class Random : uint8_t { Init, Bits, Uniform, Normal, Bits4, Uniform4, Normal2, Normal4 };
/// The op of a Texture row: tex1Dfetch (an integer coordinate), tex1D, tex2D, tex3D (float ones).
enum class Texture : uint8_t { Fetch, Tex1D, Tex2D, Tex3D };
/// The op of a Surface row.
enum class Surface : uint8_t { Read1D, Write1D, Read2D, Write2D };
/// The op of an Image row.
enum class ImageOp : uint8_t { ReadF, ReadI, ReadUI, WriteF, WriteI, WriteUI, Width, Height };
/// The op of a Warp row (a name ending in `_sync` takes the mask first; the legacy forms have none).
enum class WarpOp : uint8_t {
  Shfl, ShflUp, ShflDown, ShflXor, Ballot, Any, All, ActiveMask, SyncWarp,
  MatchAny, MatchAll,  ///< __match_any_sync, __match_all_sync
  ReduceAdd, ReduceMin, ReduceMax, ReduceAnd, ReduceOr, ReduceXor,  ///< CUDA 11's __reduce_*_sync
  TileWidth,  ///< our header's __sdvmc_tile_width(n): n checked as a tile size (KPL's `wwidth`)
};
/// The op of an Annotation row.
/// The op of an Annotation row (GPUVerify's annotations; LowerAnnotations.cpp says what each means).
enum class Annotation : uint8_t {
  // statements
  Requires, GlobalRequires, Ensures, GlobalEnsures, Assert, GlobalAssert, Assume, Axiom, Candidate,
  FunctionWide, BarrierInvariant, BarrierInvariantBinary, NoEffect, FreshArray, Snapshot, Unsupported,
  // values
  Enabled, Other, Uniform, Distinct, All, Exclusive, SameGroup, ReturnVal, Old, Read, Write, NoRead, NoWrite,
  ReadImplies, WriteImplies, ReadOffset, WriteOffset, ReadOffsetBytes, WriteOffsetBytes, PtrBase, PtrOffset,
  PtrOffsetBytes, UniformPtrBase, AddNoOvfl, Accessed, NotAccessed, AtomicTaken, ReturnValPtr,
};

/// How a row's name matches a callee's.
enum class BuiltinNames : uint8_t {
  Exact,
  NumberSuffix,  ///< the name, then a digit: `vload` is vload2 … vload16 (shown as vloadN)
  AnySuffix,     ///< the name, then anything: `convert_` is convert_int, convert_float4_rte … (convert_T)
};

/// In the op or wideOp column: the builtin has no such form (a call of that type is unsupported).
inline constexpr int kNoForm = -1;

/// One row of the builtin table.
struct BuiltinInfo {
  std::string_view name;  ///< the C name (a family's: its prefix)
  BuiltinKind kind;
  unsigned arity;         ///< the arguments it takes (what a call with others becomes: see its kind)
  int op = kNoForm;       ///< its form with a word (or no) value: an operator or variant, per kind
  int wideOp = kNoForm;   ///< its form with a 64-bit value, per kind
  BuiltinNames names = BuiltinNames::Exact;

  /// The name as messages show it: `vloadN`, `convert_T`, else the name.
  std::string shown() const;
};

/// The row for a callee's name (an exact name first, then the families), or null.
const BuiltinInfo* findBuiltin(std::string_view name);
/// `clamp` on floats: the table's `clamp` row is the integer function (IntBits::Clamp), whose
/// calls on float scalars and vectors are lowered by this FloatExpr row instead.
const BuiltinInfo& floatClampBuiltin();
/// Every row, in the table's order.
std::span<const BuiltinInfo> builtinTable();

}  // namespace sdvmc::clangfe::lowering
