// The builtin table (see Builtins.h): one row per library function the lowering knows, and the
// lookup by name. A row is {name, kind, arguments, 32-bit form, 64-bit form[, family]}; the
// forms are the KPL operators (or variants) the kind's lowering uses, kNoForm where a call of
// that type is unsupported. README.md ("Adding a builtin") says how to add one.
#include "frontends/clang/Builtins.h"

#include "kpl/Ast.h"

#include <cctype>
#include <unordered_map>

namespace sdvmc::clangfe::lowering {

namespace {

using K = BuiltinKind;
using kpl::AtomicOp;
using kpl::BinaryOp;
using kpl::UnaryOp;
using kpl::WideOp;

/// An operator or variant in the op and wideOp columns.
template <typename E>
constexpr int op(E e) {
  return static_cast<int>(e);
}
constexpr int none = kNoForm;

constexpr BuiltinInfo kTable[] = {
    // OpenCL's work-item functions: ids and sizes in dimension d (a constant; 0 and 1 beyond z).
    {"get_local_id", K::WorkItem, 1, op(WorkItem::LocalId)},
    {"get_group_id", K::WorkItem, 1, op(WorkItem::GroupId)},
    {"get_global_id", K::WorkItem, 1, op(WorkItem::GlobalId)},
    {"get_local_size", K::WorkItem, 1, op(WorkItem::LocalSize)},
    {"get_enqueued_local_size", K::WorkItem, 1, op(WorkItem::LocalSize)},
    {"get_num_groups", K::WorkItem, 1, op(WorkItem::NumGroups)},
    {"get_global_size", K::WorkItem, 1, op(WorkItem::GlobalSize)},
    {"get_global_offset", K::WorkItem, 1, op(WorkItem::GlobalOffset)},
    {"get_work_dim", K::WorkDim, 0, 0},

    // CUDA's integer intrinsics.
    {"__mul24", K::IntBits, 2, op(IntBits::Mul24)},
    {"__umul24", K::IntBits, 2, op(IntBits::UMul24)},
    {"__popc", K::IntBits, 1, op(IntBits::Popc)},
    {"__brev", K::IntBits, 1, op(IntBits::Brev)},
    {"__clz", K::IntBits, 1, op(IntBits::Clz)},
    {"__ffs", K::IntBits, 1, op(IntBits::Ffs)},
    {"__sad", K::IntBits, 3, op(IntBits::Sad)},
    {"__usad", K::IntBits, 3, op(IntBits::USad)},
    // OpenCL's integer functions, on 32-bit int and uint scalars (other types: unsupported).
    {"popcount", K::IntBits, 1, op(IntBits::Popc)},
    {"clz", K::IntBits, 1, op(IntBits::Clz)},
    {"rotate", K::IntBits, 2, op(IntBits::Rotate)},
    {"hadd", K::IntBits, 2, op(IntBits::HAdd)},
    {"rhadd", K::IntBits, 2, op(IntBits::RHAdd)},
    {"abs_diff", K::IntBits, 2, op(IntBits::AbsDiff)},
    {"add_sat", K::IntBits, 2, op(IntBits::AddSat)},
    {"sub_sat", K::IntBits, 2, op(IntBits::SubSat)},

    // Output.
    {"printf", K::Printf, 0, 0},

    // Barriers (any fence flags), fences, votes.
    {"barrier", K::Barrier, 1, 0},
    {"work_group_barrier", K::Barrier, 1, 0},
    {"__syncthreads", K::Barrier, 0, 0},
    {"mem_fence", K::Fence, 1, 0},
    {"read_mem_fence", K::Fence, 1, 0},
    {"write_mem_fence", K::Fence, 1, 0},
    {"__threadfence", K::Fence, 0, 0},
    {"__threadfence_block", K::Fence, 0, 0},
    {"__threadfence_system", K::Fence, 0, 0},
    {"__syncthreads_count", K::Vote, 1, op(Vote::Count)},
    {"__syncthreads_and", K::Vote, 1, op(Vote::And)},
    {"__syncthreads_or", K::Vote, 1, op(Vote::Or)},

    // GPUVerify's annotations (declared by our cuda.h and OpenCL prelude, Headers.cpp).
    {"__requires", K::Annotation, 1, op(Annotation::Requires)},
    {"__global_requires", K::Annotation, 1, op(Annotation::GlobalRequires)},
    {"__ensures", K::Annotation, 1, op(Annotation::Ensures)},
    {"__global_ensures", K::Annotation, 1, op(Annotation::GlobalEnsures)},
    {"__assert", K::Annotation, 1, op(Annotation::Assert)},
    {"__global_assert", K::Annotation, 1, op(Annotation::GlobalAssert)},
    {"assert", K::Annotation, 1, op(Annotation::Assert)},
    {"__invariant", K::Annotation, 1, op(Annotation::Assert)},
    {"__global_invariant", K::Annotation, 1, op(Annotation::GlobalAssert)},
    {"__assume", K::Annotation, 1, op(Annotation::Assume)},
    {"__axiom", K::Annotation, 1, op(Annotation::Axiom)},
    {"__candidate_invariant", K::Annotation, 1, op(Annotation::Candidate)},
    {"__candidate_global_invariant", K::Annotation, 1, op(Annotation::Candidate)},
    {"__candidate_assert", K::Annotation, 1, op(Annotation::Candidate)},
    {"__function_wide_candidate_invariant", K::Annotation, 1, op(Annotation::Candidate)},
    {"__function_wide_invariant", K::Annotation, 1, op(Annotation::FunctionWide)},
    {"__sdvmc_barrier_invariant", K::Annotation, 1, op(Annotation::BarrierInvariant)},
    {"__sdvmc_barrier_invariant_binary", K::Annotation, 1, op(Annotation::BarrierInvariantBinary)},
    {"__non_temporal_loads_begin", K::Annotation, 0, op(Annotation::NoEffect)},
    {"__non_temporal_loads_end", K::Annotation, 0, op(Annotation::NoEffect)},
    {"__requires_fresh_array", K::Annotation, 1, op(Annotation::FreshArray)},
    {"__reads_from", K::Annotation, 1, op(Annotation::Unsupported)},
    {"__writes_to", K::Annotation, 1, op(Annotation::Unsupported)},
    {"__array_snapshot", K::Annotation, 2, op(Annotation::Unsupported)},
    {"__atomic_has_taken_value", K::Annotation, 3, op(Annotation::Unsupported)},
    {"__accessed", K::Annotation, 2, op(Annotation::Unsupported)},
    {"__not_accessed", K::Annotation, 2, op(Annotation::Unsupported)},
    {"__return_val_ptr", K::Annotation, 0, op(Annotation::Unsupported)},
    {"__return_val_int4", K::Annotation, 0, op(Annotation::Unsupported)},
    {"__enabled", K::Annotation, 0, op(Annotation::Enabled)},
    {"__other_int", K::Annotation, 1, op(Annotation::Other)},
    {"__other_bool", K::Annotation, 1, op(Annotation::Other)},
    {"__uniform_int", K::Annotation, 1, op(Annotation::Uniform)},
    {"__uniform_bool", K::Annotation, 1, op(Annotation::Uniform)},
    {"__uniform_ptr_base", K::Annotation, 1, op(Annotation::UniformPtrBase)},
    {"__distinct_int", K::Annotation, 1, op(Annotation::Distinct)},
    {"__distinct_bool", K::Annotation, 1, op(Annotation::Distinct)},
    {"__all", K::Annotation, 1, op(Annotation::All)},
    {"__exclusive", K::Annotation, 1, op(Annotation::Exclusive)},
    {"__same_group", K::Annotation, 0, op(Annotation::SameGroup)},
    {"__return_val_int", K::Annotation, 0, op(Annotation::ReturnVal)},
    {"__return_val_bool", K::Annotation, 0, op(Annotation::ReturnVal)},
    {"__old_int", K::Annotation, 1, op(Annotation::Old)},
    {"__old_bool", K::Annotation, 1, op(Annotation::Old)},
    {"__read", K::Annotation, 1, op(Annotation::Read)},
    {"__write", K::Annotation, 1, op(Annotation::Write)},
    {"__no_read", K::Annotation, 1, op(Annotation::NoRead)},
    {"__no_write", K::Annotation, 1, op(Annotation::NoWrite)},
    {"__read_implies", K::Annotation, 2, op(Annotation::ReadImplies)},
    {"__write_implies", K::Annotation, 2, op(Annotation::WriteImplies)},
    {"__read_offset", K::Annotation, 1, op(Annotation::ReadOffset)},
    {"__write_offset", K::Annotation, 1, op(Annotation::WriteOffset)},
    {"__read_offset_bytes", K::Annotation, 1, op(Annotation::ReadOffsetBytes)},
    {"__write_offset_bytes", K::Annotation, 1, op(Annotation::WriteOffsetBytes)},
    {"__ptr_base", K::Annotation, 1, op(Annotation::PtrBase)},
    {"__ptr_offset", K::Annotation, 1, op(Annotation::PtrOffset)},
    {"__ptr_offset_bytes", K::Annotation, 1, op(Annotation::PtrOffsetBytes)},
    {"__add_noovfl_int", K::Annotation, 2, op(Annotation::AddNoOvfl)},
    {"__add_noovfl_unsigned_int", K::Annotation, 2, op(Annotation::AddNoOvfl)},

    // Math, computed as the host does (IEEE-754, correctly rounded): CUDA's float functions,
    // and the float and double overloads of OpenCL's (and of our cuda.h's).
    {"fminf", K::Math, 2, op(BinaryOp::FMin)},
    {"fmaxf", K::Math, 2, op(BinaryOp::FMax)},
    {"fabsf", K::Math, 1, op(UnaryOp::FAbs)},
    {"sqrtf", K::Math, 1, op(UnaryOp::FSqrt)},
    {"fmin", K::Math, 2, op(BinaryOp::FMin), op(WideOp::DMinLo)},
    {"fmax", K::Math, 2, op(BinaryOp::FMax), op(WideOp::DMaxLo)},
    {"fabs", K::Math, 1, op(UnaryOp::FAbs), op(WideOp::DAbsLo)},
    {"sqrt", K::Math, 1, op(UnaryOp::FSqrt), op(WideOp::DSqrtLo)},
    {"min", K::MinMax, 2, op(BinaryOp::FMin), op(WideOp::DMinLo)},
    {"max", K::MinMax, 2, op(BinaryOp::FMax), op(WideOp::DMaxLo)},
    {"abs", K::Abs, 1, 0, 0},
    {"llabs", K::Abs, 1, none, 0},

    // CUDA's double intrinsics.
    {"__double2hiint", K::DoubleWord, 1, 1},
    {"__double2loint", K::DoubleWord, 1, 0},
    {"__double_as_longlong", K::DoubleBits, 1, none, 0},
    {"__longlong_as_double", K::DoubleBits, 1, none, 0},
    {"__hiloint2double", K::HiLoToDouble, 2, none, 0},
    {"__dadd_rn", K::DoubleRn, 2, none, op(WideOp::DAddLo)},
    {"__dsub_rn", K::DoubleRn, 2, none, op(WideOp::DSubLo)},
    {"__dmul_rn", K::DoubleRn, 2, none, op(WideOp::DMulLo)},
    {"__ddiv_rn", K::DoubleRn, 2, none, op(WideOp::DDivLo)},
    {"__dsqrt_rn", K::DoubleRn, 1, none, op(WideOp::DSqrtLo)},

    // CUDA's atomics: the address, then the operands.
    {"atomicAdd", K::Atomic, 2, op(AtomicOp::Add), op(AtomicOp::Add64)},
    {"atomicSub", K::Atomic, 2, op(AtomicOp::Sub), op(AtomicOp::Sub64)},
    {"atomicExch", K::Atomic, 2, op(AtomicOp::Exch), op(AtomicOp::Exch64)},
    {"atomicMin", K::Atomic, 2, op(AtomicOp::Min), op(AtomicOp::Min64)},
    {"atomicMax", K::Atomic, 2, op(AtomicOp::Max), op(AtomicOp::Max64)},
    {"atomicAnd", K::Atomic, 2, op(AtomicOp::And), op(AtomicOp::And64)},
    {"atomicOr", K::Atomic, 2, op(AtomicOp::Or), op(AtomicOp::Or64)},
    {"atomicXor", K::Atomic, 2, op(AtomicOp::Xor), op(AtomicOp::Xor64)},
    {"atomicInc", K::Atomic, 2, op(AtomicOp::Inc)},
    {"atomicDec", K::Atomic, 2, op(AtomicOp::Dec)},
    {"atomicCAS", K::Atomic, 3, op(AtomicOp::Cas), op(AtomicOp::Cas64)},
    // OpenCL's atomic_OP (OpenCL 1.1) and atom_OP (1.0, and the 64-bit extensions); inc and
    // dec add and subtract 1.
    {"atomic_add", K::Atomic, 2, op(AtomicOp::Add), op(AtomicOp::Add64)},
    {"atomic_sub", K::Atomic, 2, op(AtomicOp::Sub), op(AtomicOp::Sub64)},
    {"atomic_xchg", K::Atomic, 2, op(AtomicOp::Exch), op(AtomicOp::Exch64)},
    {"atomic_min", K::Atomic, 2, op(AtomicOp::Min), op(AtomicOp::Min64)},
    {"atomic_max", K::Atomic, 2, op(AtomicOp::Max), op(AtomicOp::Max64)},
    {"atomic_and", K::Atomic, 2, op(AtomicOp::And), op(AtomicOp::And64)},
    {"atomic_or", K::Atomic, 2, op(AtomicOp::Or), op(AtomicOp::Or64)},
    {"atomic_xor", K::Atomic, 2, op(AtomicOp::Xor), op(AtomicOp::Xor64)},
    {"atomic_inc", K::Atomic, 1, op(AtomicOp::Add), op(AtomicOp::Add64)},
    {"atomic_dec", K::Atomic, 1, op(AtomicOp::Sub), op(AtomicOp::Sub64)},
    {"atomic_cmpxchg", K::Atomic, 3, op(AtomicOp::Cas), op(AtomicOp::Cas64)},
    {"atom_add", K::Atomic, 2, op(AtomicOp::Add), op(AtomicOp::Add64)},
    {"atom_sub", K::Atomic, 2, op(AtomicOp::Sub), op(AtomicOp::Sub64)},
    {"atom_xchg", K::Atomic, 2, op(AtomicOp::Exch), op(AtomicOp::Exch64)},
    {"atom_min", K::Atomic, 2, op(AtomicOp::Min), op(AtomicOp::Min64)},
    {"atom_max", K::Atomic, 2, op(AtomicOp::Max), op(AtomicOp::Max64)},
    {"atom_and", K::Atomic, 2, op(AtomicOp::And), op(AtomicOp::And64)},
    {"atom_or", K::Atomic, 2, op(AtomicOp::Or), op(AtomicOp::Or64)},
    {"atom_xor", K::Atomic, 2, op(AtomicOp::Xor), op(AtomicOp::Xor64)},
    {"atom_inc", K::Atomic, 1, op(AtomicOp::Add), op(AtomicOp::Add64)},
    {"atom_dec", K::Atomic, 1, op(AtomicOp::Sub), op(AtomicOp::Sub64)},
    {"atom_cmpxchg", K::Atomic, 3, op(AtomicOp::Cas), op(AtomicOp::Cas64)},

    // OpenCL's vector functions (those returning vectors, in this order, are the list that
    // the message for another vector-valued call gives).
    {"vload", K::VLoad, 2, none, none, BuiltinNames::NumberSuffix},
    {"vstore", K::VStore, 3, 0, none, BuiltinNames::NumberSuffix},
    {"select", K::Select, 3, 0},
    {"convert_", K::Convert, 1, 0, 0, BuiltinNames::AnySuffix},
};

}  // namespace

std::string BuiltinInfo::shown() const {
  switch (names) {
    case BuiltinNames::Exact: break;
    case BuiltinNames::NumberSuffix: return std::string(name) + "N";
    case BuiltinNames::AnySuffix: return std::string(name) + "T";
  }
  return std::string(name);
}

const BuiltinInfo* findBuiltin(std::string_view name) {
  static const std::unordered_map<std::string_view, const BuiltinInfo*> exact = [] {
    std::unordered_map<std::string_view, const BuiltinInfo*> m;
    for (const BuiltinInfo& b : kTable)
      if (b.names == BuiltinNames::Exact) m.emplace(b.name, &b);
    return m;
  }();
  if (auto it = exact.find(name); it != exact.end()) return it->second;
  for (const BuiltinInfo& b : kTable) {
    if (b.names == BuiltinNames::Exact || !name.starts_with(b.name)) continue;
    if (b.names == BuiltinNames::AnySuffix) return &b;
    if (name.size() > b.name.size() && std::isdigit(static_cast<unsigned char>(name[b.name.size()]))) return &b;
  }
  return nullptr;
}

std::span<const BuiltinInfo> builtinTable() { return kTable; }

}  // namespace sdvmc::clangfe::lowering
