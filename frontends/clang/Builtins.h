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
  Barrier,       ///< barrier(flags), work_group_barrier(flags), __syncthreads(): `barrier;`
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
                 ///< OpenCL's popcount, clz, rotate, hadd, rhadd, abs_diff, add_sat, sub_sat on 32-bit int/uint scalars (op: an
                 ///< IntBits), lowered to 32-bit word arithmetic
  Printf,        ///< printf(format, …): no effect on memory; the format is checked against the
                 ///< arguments, which are evaluated (their reads are accesses). Variadic: arity 0
};

/// The op of a WorkItem row.
enum class WorkItem : uint8_t { LocalId, GroupId, GlobalId, LocalSize, NumGroups, GlobalSize, GlobalOffset };
/// The op of an IntBits row.
enum class IntBits : uint8_t { Mul24, UMul24, Popc, Brev, Clz, Ffs, Sad, USad, Rotate, HAdd, RHAdd, AbsDiff, AddSat, SubSat };
/// The op of a Vote row: what __syncthreads_OP returns.
enum class Vote : uint8_t { Count, And, Or };
/// The op of an Annotation row.
/// The op of an Annotation row (GPUVerify's annotations; LowerAnnotations.cpp says what each means).
enum class Annotation : uint8_t {
  // statements
  Requires, GlobalRequires, Ensures, GlobalEnsures, Assert, GlobalAssert, Assume, Axiom, Candidate,
  FunctionWide, BarrierInvariant, BarrierInvariantBinary, NoEffect, FreshArray, Unsupported,
  // values
  Enabled, Other, Uniform, Distinct, All, Exclusive, SameGroup, ReturnVal, Old, Read, Write, NoRead, NoWrite,
  ReadImplies, WriteImplies, ReadOffset, WriteOffset, ReadOffsetBytes, WriteOffsetBytes, PtrBase, PtrOffset,
  PtrOffsetBytes, UniformPtrBase, AddNoOvfl,
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
/// Every row, in the table's order.
std::span<const BuiltinInfo> builtinTable();

}  // namespace sdvmc::clangfe::lowering
