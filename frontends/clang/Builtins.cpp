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
    // OpenCL's integer functions, on char, short and int types, scalars and vectors (long:
    // unsupported, except upsample(int, uint)); clamp's float overloads are not these rows'.
    {"popcount", K::IntBits, 1, op(IntBits::Popc)},
    {"clz", K::IntBits, 1, op(IntBits::Clz)},
    {"rotate", K::IntBits, 2, op(IntBits::Rotate)},
    {"hadd", K::IntBits, 2, op(IntBits::HAdd)},
    {"rhadd", K::IntBits, 2, op(IntBits::RHAdd)},
    {"abs_diff", K::IntBits, 2, op(IntBits::AbsDiff)},
    {"add_sat", K::IntBits, 2, op(IntBits::AddSat)},
    {"sub_sat", K::IntBits, 2, op(IntBits::SubSat)},
    {"clamp", K::IntBits, 3, op(IntBits::Clamp)},
    {"mul24", K::IntBits, 2, op(IntBits::Mul24)},
    {"mad24", K::IntBits, 3, op(IntBits::Mul24)},
    {"mul_hi", K::IntBits, 2, op(IntBits::MulHi)},
    {"mad_hi", K::IntBits, 3, op(IntBits::MadHi)},
    {"mad_sat", K::IntBits, 3, op(IntBits::MadSat)},
    {"upsample", K::IntBits, 2, op(IntBits::Upsample), 0},

    // Output.
    {"printf", K::Printf, 0, 0},
    // Time: sdvmc does not model it (an arbitrary value, with a note).
    {"clock", K::Clock, 0, 0, 0},
    {"clock64", K::Clock, 0, 0, 0},

    // cuRAND's device API (our curand_kernel.h): every value arbitrary.
    {"curand_init", K::Random, 4, op(Random::Init)},
    {"curand", K::Random, 1, op(Random::Bits)},
    {"curand_uniform", K::Random, 1, op(Random::Uniform)},
    {"curand_normal", K::Random, 1, op(Random::Normal)},
    {"curand4", K::Random, 1, op(Random::Bits4)},
    {"curand_uniform4", K::Random, 1, op(Random::Uniform4)},
    {"curand_normal2", K::Random, 1, op(Random::Normal2)},
    {"curand_normal4", K::Random, 1, op(Random::Normal4)},

    // Textures (our sdvmc_cudalib.h): references and objects.
    {"tex1Dfetch", K::Texture, 2, op(Texture::Fetch)},
    {"tex1D", K::Texture, 2, op(Texture::Tex1D)},
    {"tex2D", K::Texture, 3, op(Texture::Tex2D)},
    {"tex3D", K::Texture, 4, op(Texture::Tex3D)},

    // OpenCL images (image1d_t, image2d_t kernel parameters).
    {"read_imagef", K::Image, 3, op(ImageOp::ReadF)},
    {"read_imagei", K::Image, 3, op(ImageOp::ReadI)},
    {"read_imageui", K::Image, 3, op(ImageOp::ReadUI)},
    {"write_imagef", K::Image, 3, op(ImageOp::WriteF)},
    {"write_imagei", K::Image, 3, op(ImageOp::WriteI)},
    {"write_imageui", K::Image, 3, op(ImageOp::WriteUI)},
    {"get_image_width", K::Image, 1, op(ImageOp::Width)},
    {"get_image_height", K::Image, 1, op(ImageOp::Height)},

    // Surfaces (our sdvmc_cudalib.h): references and objects, a hidden global array each.
    {"surf1Dread", K::Surface, 2, op(Surface::Read1D)},
    {"surf1Dwrite", K::Surface, 3, op(Surface::Write1D)},
    {"surf2Dread", K::Surface, 3, op(Surface::Read2D)},
    {"surf2Dwrite", K::Surface, 4, op(Surface::Write2D)},

    // Declared so that kernels parse, refused with the reason (README.md); the warp-level
    // primitives (K::Warp) among them are lowered.
    {"__syncwarp", K::Warp, 1, op(WarpOp::SyncWarp), op(WarpOp::SyncWarp)},
    {"__activemask", K::Warp, 0, op(WarpOp::ActiveMask), op(WarpOp::ActiveMask)},
    {"__ballot_sync", K::Warp, 2, op(WarpOp::Ballot), op(WarpOp::Ballot)},
    {"__any_sync", K::Warp, 2, op(WarpOp::Any), op(WarpOp::Any)},
    {"__all_sync", K::Warp, 2, op(WarpOp::All), op(WarpOp::All)},
    {"__ballot", K::Warp, 1, op(WarpOp::Ballot), op(WarpOp::Ballot)},
    {"__any", K::Warp, 1, op(WarpOp::Any), op(WarpOp::Any)},
    {"__all", K::Warp, 1, op(WarpOp::All), op(WarpOp::All)},
    {"__shfl_sync", K::Warp, 4, op(WarpOp::Shfl), op(WarpOp::Shfl)},
    {"__shfl_up_sync", K::Warp, 4, op(WarpOp::ShflUp), op(WarpOp::ShflUp)},
    {"__shfl_down_sync", K::Warp, 4, op(WarpOp::ShflDown), op(WarpOp::ShflDown)},
    {"__shfl_xor_sync", K::Warp, 4, op(WarpOp::ShflXor), op(WarpOp::ShflXor)},
    {"__shfl", K::Warp, 3, op(WarpOp::Shfl), op(WarpOp::Shfl)},
    {"__shfl_up", K::Warp, 3, op(WarpOp::ShflUp), op(WarpOp::ShflUp)},
    {"__shfl_down", K::Warp, 3, op(WarpOp::ShflDown), op(WarpOp::ShflDown)},
    {"__shfl_xor", K::Warp, 3, op(WarpOp::ShflXor), op(WarpOp::ShflXor)},
    {"__sdvmc_tile_width", K::Warp, 1, op(WarpOp::TileWidth), op(WarpOp::TileWidth)},
    {"__match_any_sync", K::Warp, 2, op(WarpOp::MatchAny), op(WarpOp::MatchAny)},
    {"__match_all_sync", K::Warp, 3, op(WarpOp::MatchAll), op(WarpOp::MatchAll)},
    {"__reduce_add_sync", K::Warp, 2, op(WarpOp::ReduceAdd), op(WarpOp::ReduceAdd)},
    {"__reduce_min_sync", K::Warp, 2, op(WarpOp::ReduceMin), op(WarpOp::ReduceMin)},
    {"__reduce_max_sync", K::Warp, 2, op(WarpOp::ReduceMax), op(WarpOp::ReduceMax)},
    {"__reduce_and_sync", K::Warp, 2, op(WarpOp::ReduceAnd), op(WarpOp::ReduceAnd)},
    {"__reduce_or_sync", K::Warp, 2, op(WarpOp::ReduceOr), op(WarpOp::ReduceOr)},
    {"__reduce_xor_sync", K::Warp, 2, op(WarpOp::ReduceXor), op(WarpOp::ReduceXor)},

    // Barriers (any fence flags), fences, votes.
    {"barrier", K::Barrier, 1, 0},
    {"work_group_barrier", K::Barrier, 1, 0},
    {"__syncthreads", K::Barrier, 0, 0},
    {"__sdvmc_grid_sync", K::Barrier, 0, 1},  // grid_group::sync() (our sdvmc_cudalib.h): `barrier(grid);`
    {"mem_fence", K::Fence, 1, 0},
    {"read_mem_fence", K::Fence, 1, 0},
    {"write_mem_fence", K::Fence, 1, 0},
    {"__threadfence", K::Fence, 0, 0},
    {"prefetch", K::Prefetch, 2, 0},
    // The asynchronous copies (README, "Asynchronous copies"; LowerAsync.cpp): OpenCL's, made by
    // the work-group; CUDA's pipeline primitives (cuda_pipeline.h), each thread's own.
    {"async_work_group_copy", K::Async, 4, op(AsyncCall::Copy)},
    {"async_work_group_strided_copy", K::Async, 5, op(AsyncCall::StridedCopy)},
    {"wait_group_events", K::Async, 2, op(AsyncCall::WaitEvents)},
    {"__pipeline_memcpy_async", K::Async, 4, op(AsyncCall::PipelineCopy)},
    {"__pipeline_commit", K::Async, 0, op(AsyncCall::PipelineCommit)},
    {"__pipeline_wait_prior", K::Async, 1, op(AsyncCall::PipelineWait)},
    {"__cvta_generic_to_shared", K::Async, 1, op(AsyncCall::CvtaShared), op(AsyncCall::CvtaShared)},  // size_t: 32 or 64 bits
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
    {"__array_snapshot", K::Annotation, 2, op(Annotation::Snapshot)},
    {"__atomic_has_taken_value", K::Annotation, 3, op(Annotation::AtomicTaken)},
    {"__accessed", K::Annotation, 2, op(Annotation::Accessed)},
    {"__not_accessed", K::Annotation, 2, op(Annotation::NotAccessed)},
    {"__return_val_ptr", K::Annotation, 0, op(Annotation::ReturnValPtr)},
    {"__return_val_int4", K::Annotation, 0, op(Annotation::ReturnValPtr)},
    {"__enabled", K::Annotation, 0, op(Annotation::Enabled)},
    {"__other_int", K::Annotation, 1, op(Annotation::Other)},
    {"__other_bool", K::Annotation, 1, op(Annotation::Other)},
    {"__uniform_int", K::Annotation, 1, op(Annotation::Uniform)},
    {"__uniform_bool", K::Annotation, 1, op(Annotation::Uniform)},
    {"__uniform_ptr_base", K::Annotation, 1, op(Annotation::UniformPtrBase)},
    {"__distinct_int", K::Annotation, 1, op(Annotation::Distinct)},
    {"__distinct_bool", K::Annotation, 1, op(Annotation::Distinct)},
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
    // The float math functions (KPL's fsin …, computed as glibc's float functions): OpenCL's
    // names and CUDA's C++ overloads (float scalars; OpenCL float vectors component-wise),
    // CUDA's f-suffixed names, the native_ and half_ forms (implementation-defined accuracy:
    // this value is one a device may give) and CUDA's fast intrinsics. Double overloads:
    // unsupported (no 64-bit form).
    {"ceil", K::FloatFn, 1, op(WideOp::FCeil)},
    {"floor", K::FloatFn, 1, op(WideOp::FFloor)},
    {"round", K::FloatFn, 1, op(WideOp::FRound)},
    {"trunc", K::FloatFn, 1, op(WideOp::FTrunc)},
    {"rint", K::FloatFn, 1, op(WideOp::FRint)},
    {"exp", K::FloatFn, 1, op(WideOp::FExp)},
    {"exp2", K::FloatFn, 1, op(WideOp::FExp2)},
    {"exp10", K::FloatFn, 1, op(WideOp::FExp10)},
    {"expm1", K::FloatFn, 1, op(WideOp::FExpm1)},
    {"log", K::FloatFn, 1, op(WideOp::FLog)},
    {"log2", K::FloatFn, 1, op(WideOp::FLog2)},
    {"log10", K::FloatFn, 1, op(WideOp::FLog10)},
    {"log1p", K::FloatFn, 1, op(WideOp::FLog1p)},
    {"sin", K::FloatFn, 1, op(WideOp::FSin)},
    {"cos", K::FloatFn, 1, op(WideOp::FCos)},
    {"tan", K::FloatFn, 1, op(WideOp::FTan)},
    {"asin", K::FloatFn, 1, op(WideOp::FAsin)},
    {"acos", K::FloatFn, 1, op(WideOp::FAcos)},
    {"atan", K::FloatFn, 1, op(WideOp::FAtan)},
    {"sinh", K::FloatFn, 1, op(WideOp::FSinh)},
    {"cosh", K::FloatFn, 1, op(WideOp::FCosh)},
    {"tanh", K::FloatFn, 1, op(WideOp::FTanh)},
    {"asinh", K::FloatFn, 1, op(WideOp::FAsinh)},
    {"acosh", K::FloatFn, 1, op(WideOp::FAcosh)},
    {"atanh", K::FloatFn, 1, op(WideOp::FAtanh)},
    {"cbrt", K::FloatFn, 1, op(WideOp::FCbrt)},
    {"rsqrt", K::FloatFn, 1, op(WideOp::FRsqrt)},
    {"erf", K::FloatFn, 1, op(WideOp::FErf)},
    {"erfc", K::FloatFn, 1, op(WideOp::FErfc)},
    {"lgamma", K::FloatFn, 1, op(WideOp::FLgamma)},
    {"tgamma", K::FloatFn, 1, op(WideOp::FTgamma)},
    {"logb", K::FloatFn, 1, op(WideOp::FLogb)},
    {"pow", K::FloatFn, 2, op(WideOp::FPow)},
    {"atan2", K::FloatFn, 2, op(WideOp::FAtan2)},
    {"fmod", K::FloatFn, 2, op(WideOp::FFmod)},
    {"hypot", K::FloatFn, 2, op(WideOp::FHypot)},
    {"copysign", K::FloatFn, 2, op(WideOp::FCopysign)},
    {"nextafter", K::FloatFn, 2, op(WideOp::FNextafter)},
    {"remainder", K::FloatFn, 2, op(WideOp::FRemainder)},
    {"fdim", K::FloatFn, 2, op(WideOp::FFdim)},
    {"ldexp", K::FloatFn, 2, op(WideOp::FLdexp)},
    {"pown", K::FloatFn, 2, op(WideOp::FPown)},
    {"powr", K::FloatFn, 2, op(WideOp::FPowr)},
    {"fma", K::FloatFn, 3, op(WideOp::FFma)},
    {"ceilf", K::FloatFn, 1, op(WideOp::FCeil)},
    {"floorf", K::FloatFn, 1, op(WideOp::FFloor)},
    {"roundf", K::FloatFn, 1, op(WideOp::FRound)},
    {"truncf", K::FloatFn, 1, op(WideOp::FTrunc)},
    {"rintf", K::FloatFn, 1, op(WideOp::FRint)},
    {"expf", K::FloatFn, 1, op(WideOp::FExp)},
    {"exp2f", K::FloatFn, 1, op(WideOp::FExp2)},
    {"exp10f", K::FloatFn, 1, op(WideOp::FExp10)},
    {"expm1f", K::FloatFn, 1, op(WideOp::FExpm1)},
    {"logf", K::FloatFn, 1, op(WideOp::FLog)},
    {"log2f", K::FloatFn, 1, op(WideOp::FLog2)},
    {"log10f", K::FloatFn, 1, op(WideOp::FLog10)},
    {"log1pf", K::FloatFn, 1, op(WideOp::FLog1p)},
    {"sinf", K::FloatFn, 1, op(WideOp::FSin)},
    {"cosf", K::FloatFn, 1, op(WideOp::FCos)},
    {"tanf", K::FloatFn, 1, op(WideOp::FTan)},
    {"asinf", K::FloatFn, 1, op(WideOp::FAsin)},
    {"acosf", K::FloatFn, 1, op(WideOp::FAcos)},
    {"atanf", K::FloatFn, 1, op(WideOp::FAtan)},
    {"sinhf", K::FloatFn, 1, op(WideOp::FSinh)},
    {"coshf", K::FloatFn, 1, op(WideOp::FCosh)},
    {"tanhf", K::FloatFn, 1, op(WideOp::FTanh)},
    {"asinhf", K::FloatFn, 1, op(WideOp::FAsinh)},
    {"acoshf", K::FloatFn, 1, op(WideOp::FAcosh)},
    {"atanhf", K::FloatFn, 1, op(WideOp::FAtanh)},
    {"cbrtf", K::FloatFn, 1, op(WideOp::FCbrt)},
    {"rsqrtf", K::FloatFn, 1, op(WideOp::FRsqrt)},
    {"erff", K::FloatFn, 1, op(WideOp::FErf)},
    {"erfcf", K::FloatFn, 1, op(WideOp::FErfc)},
    {"lgammaf", K::FloatFn, 1, op(WideOp::FLgamma)},
    {"tgammaf", K::FloatFn, 1, op(WideOp::FTgamma)},
    {"logbf", K::FloatFn, 1, op(WideOp::FLogb)},
    {"powf", K::FloatFn, 2, op(WideOp::FPow)},
    {"atan2f", K::FloatFn, 2, op(WideOp::FAtan2)},
    {"fmodf", K::FloatFn, 2, op(WideOp::FFmod)},
    {"hypotf", K::FloatFn, 2, op(WideOp::FHypot)},
    {"copysignf", K::FloatFn, 2, op(WideOp::FCopysign)},
    {"nextafterf", K::FloatFn, 2, op(WideOp::FNextafter)},
    {"remainderf", K::FloatFn, 2, op(WideOp::FRemainder)},
    {"fdimf", K::FloatFn, 2, op(WideOp::FFdim)},
    {"ldexpf", K::FloatFn, 2, op(WideOp::FLdexp)},
    {"fmaf", K::FloatFn, 3, op(WideOp::FFma)},
    {"native_sin", K::FloatFn, 1, op(WideOp::FSin)},
    {"native_cos", K::FloatFn, 1, op(WideOp::FCos)},
    {"native_tan", K::FloatFn, 1, op(WideOp::FTan)},
    {"native_exp", K::FloatFn, 1, op(WideOp::FExp)},
    {"native_exp2", K::FloatFn, 1, op(WideOp::FExp2)},
    {"native_exp10", K::FloatFn, 1, op(WideOp::FExp10)},
    {"native_log", K::FloatFn, 1, op(WideOp::FLog)},
    {"native_log2", K::FloatFn, 1, op(WideOp::FLog2)},
    {"native_log10", K::FloatFn, 1, op(WideOp::FLog10)},
    {"native_rsqrt", K::FloatFn, 1, op(WideOp::FRsqrt)},
    {"native_powr", K::FloatFn, 2, op(WideOp::FPowr)},
    {"half_sin", K::FloatFn, 1, op(WideOp::FSin)},
    {"half_cos", K::FloatFn, 1, op(WideOp::FCos)},
    {"half_tan", K::FloatFn, 1, op(WideOp::FTan)},
    {"half_exp", K::FloatFn, 1, op(WideOp::FExp)},
    {"half_exp2", K::FloatFn, 1, op(WideOp::FExp2)},
    {"half_exp10", K::FloatFn, 1, op(WideOp::FExp10)},
    {"half_log", K::FloatFn, 1, op(WideOp::FLog)},
    {"half_log2", K::FloatFn, 1, op(WideOp::FLog2)},
    {"half_log10", K::FloatFn, 1, op(WideOp::FLog10)},
    {"half_rsqrt", K::FloatFn, 1, op(WideOp::FRsqrt)},
    {"half_powr", K::FloatFn, 2, op(WideOp::FPowr)},
    {"__expf", K::FloatFn, 1, op(WideOp::FExp)},
    {"__exp10f", K::FloatFn, 1, op(WideOp::FExp10)},
    {"__logf", K::FloatFn, 1, op(WideOp::FLog)},
    {"__log2f", K::FloatFn, 1, op(WideOp::FLog2)},
    {"__log10f", K::FloatFn, 1, op(WideOp::FLog10)},
    {"__sinf", K::FloatFn, 1, op(WideOp::FSin)},
    {"__cosf", K::FloatFn, 1, op(WideOp::FCos)},
    {"__tanf", K::FloatFn, 1, op(WideOp::FTan)},
    {"__powf", K::FloatFn, 2, op(WideOp::FPow)},
    {"__fmaf_rn", K::FloatFn, 3, op(WideOp::FFma)},
    // Float operators: the native_/half_ forms of sqrt and divide, CUDA's _rn intrinsics.
    {"native_sqrt", K::Math, 1, op(UnaryOp::FSqrt)},
    {"half_sqrt", K::Math, 1, op(UnaryOp::FSqrt)},
    {"native_divide", K::Math, 2, op(BinaryOp::FDiv)},
    {"half_divide", K::Math, 2, op(BinaryOp::FDiv)},
    {"__fdividef", K::Math, 2, op(BinaryOp::FDiv)},
    {"__fadd_rn", K::Math, 2, op(BinaryOp::FAdd)},
    {"__fsub_rn", K::Math, 2, op(BinaryOp::FSub)},
    {"__fmul_rn", K::Math, 2, op(BinaryOp::FMul)},
    {"__fdiv_rn", K::Math, 2, op(BinaryOp::FDiv)},
    {"__fsqrt_rn", K::Math, 1, op(UnaryOp::FSqrt)},
    // Compositions of float operators (LowerFloatMath.cpp: each one's formula).
    {"mad", K::FloatExpr, 3, op(FloatExpr::Mad)},
    {"native_recip", K::FloatExpr, 1, op(FloatExpr::Recip)},
    {"half_recip", K::FloatExpr, 1, op(FloatExpr::Recip)},
    {"__frcp_rn", K::FloatExpr, 1, op(FloatExpr::Recip)},
    {"degrees", K::FloatExpr, 1, op(FloatExpr::Degrees)},
    {"radians", K::FloatExpr, 1, op(FloatExpr::Radians)},
    {"mix", K::FloatExpr, 3, op(FloatExpr::Mix)},
    {"step", K::FloatExpr, 2, op(FloatExpr::Step)},
    {"smoothstep", K::FloatExpr, 3, op(FloatExpr::SmoothStep)},
    {"sign", K::FloatExpr, 1, op(FloatExpr::Sign)},
    {"__saturatef", K::FloatExpr, 1, op(FloatExpr::Saturate)},
    // OpenCL's relational functions on floats.
    {"isequal", K::FloatTest, 2, op(FloatTest::IsEqual)},
    {"isnotequal", K::FloatTest, 2, op(FloatTest::IsNotEqual)},
    {"isgreater", K::FloatTest, 2, op(FloatTest::IsGreater)},
    {"isgreaterequal", K::FloatTest, 2, op(FloatTest::IsGreaterEqual)},
    {"isless", K::FloatTest, 2, op(FloatTest::IsLess)},
    {"islessequal", K::FloatTest, 2, op(FloatTest::IsLessEqual)},
    {"islessgreater", K::FloatTest, 2, op(FloatTest::IsLessGreater)},
    {"isfinite", K::FloatTest, 1, op(FloatTest::IsFinite)},
    {"isinf", K::FloatTest, 1, op(FloatTest::IsInf)},
    {"isnan", K::FloatTest, 1, op(FloatTest::IsNan)},
    {"isnormal", K::FloatTest, 1, op(FloatTest::IsNormal)},
    {"isordered", K::FloatTest, 2, op(FloatTest::IsOrdered)},
    {"isunordered", K::FloatTest, 2, op(FloatTest::IsUnordered)},
    {"signbit", K::FloatTest, 1, op(FloatTest::SignBit)},
    {"any", K::AnyAll, 1, 0},
    {"all", K::AnyAll, 1, 1},
    {"bitselect", K::BitSelect, 3, 0},
    // OpenCL's geometric functions.
    {"dot", K::Geometric, 2, op(Geometric::Dot)},
    {"cross", K::Geometric, 2, op(Geometric::Cross)},
    {"length", K::Geometric, 1, op(Geometric::Length)},
    {"distance", K::Geometric, 2, op(Geometric::Distance)},
    {"normalize", K::Geometric, 1, op(Geometric::Normalize)},
    {"fast_length", K::Geometric, 1, op(Geometric::FastLength)},
    {"fast_distance", K::Geometric, 2, op(Geometric::FastDistance)},
    {"fast_normalize", K::Geometric, 1, op(Geometric::FastNormalize)},
    // CUDA's float conversions and reinterpretations.
    {"__float2int_rn", K::FloatToInt, 1, op(WideOp::FRint)},
    {"__float2int_rz", K::FloatToInt, 1, op(WideOp::FTrunc)},
    {"__float2int_ru", K::FloatToInt, 1, op(WideOp::FCeil)},
    {"__float2int_rd", K::FloatToInt, 1, op(WideOp::FFloor)},
    {"__float_as_int", K::FloatBits, 1, 0},
    {"__int_as_float", K::FloatBits, 1, 0},
    {"__float_as_uint", K::FloatBits, 1, 0},
    {"__uint_as_float", K::FloatBits, 1, 0},
    {"__int2float_rn", K::FloatBits, 1, 1},
    {"__uint2float_rn", K::FloatBits, 1, 2},
    // Results through pointers (sincos: the cosine through its pointer; modf: the integral part),
    // and the functions refused by name: directed rounding, no exact composition, other
    // pointer results.
    {"__fadd_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fadd_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fadd_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsub_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsub_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsub_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmul_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmul_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmul_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fdiv_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fdiv_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fdiv_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmaf_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmaf_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fmaf_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__frcp_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__frcp_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__frcp_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsqrt_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsqrt_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__fsqrt_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__int2float_rz", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__int2float_ru", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"__int2float_rd", K::Refused, 1, op(Refusal::DirectedRounding)},
    {"sinpi", K::Refused, 1, op(Refusal::NotExact)},
    {"cospi", K::Refused, 1, op(Refusal::NotExact)},
    {"tanpi", K::Refused, 1, op(Refusal::NotExact)},
    {"asinpi", K::Refused, 1, op(Refusal::NotExact)},
    {"acospi", K::Refused, 1, op(Refusal::NotExact)},
    {"atanpi", K::Refused, 1, op(Refusal::NotExact)},
    {"atan2pi", K::Refused, 1, op(Refusal::NotExact)},
    {"maxmag", K::Refused, 1, op(Refusal::NotExact)},
    {"minmag", K::Refused, 1, op(Refusal::NotExact)},
    {"rootn", K::Refused, 1, op(Refusal::NotExact)},
    {"sinpif", K::Refused, 1, op(Refusal::NotExact)},
    {"cospif", K::Refused, 1, op(Refusal::NotExact)},
    {"sincos", K::FloatOut, 2, op(FloatOut::SinCos)},
    {"frexp", K::Refused, 1, op(Refusal::PointerResult)},
    {"modf", K::FloatOut, 2, op(FloatOut::Modf)},
    {"fract", K::Refused, 1, op(Refusal::PointerResult)},
    {"remquo", K::Refused, 1, op(Refusal::PointerResult)},
    {"lgamma_r", K::Refused, 1, op(Refusal::PointerResult)},
    {"sincosf", K::FloatOut, 3, op(FloatOut::SinCosBoth)},
    {"frexpf", K::Refused, 1, op(Refusal::PointerResult)},
    {"modff", K::FloatOut, 2, op(FloatOut::Modf)},
    {"remquof", K::Refused, 1, op(Refusal::PointerResult)},
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
    {"shuffle", K::Shuffle, 2, 0},
    {"shuffle2", K::Shuffle, 3, 0},
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

const BuiltinInfo& floatClampBuiltin() {
  static const BuiltinInfo row{"clamp", BuiltinKind::FloatExpr, 3, static_cast<int>(FloatExpr::Clamp)};
  return row;
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
