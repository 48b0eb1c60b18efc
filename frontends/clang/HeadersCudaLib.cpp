// The headers of CUDA's device libraries that the frontend provides itself (see
// ClangFrontend.h), so that kernels using them need no CUDA installation: the texture and
// warp-level declarations cuda.h includes, <curand_kernel.h> and <cooperative_groups.h>.
// What each function lowers to is in README.md ("CUDA's device libraries"): a library
// function without a body here is a row of the builtin table (Builtins.cpp) or refused by
// name; the cooperative groups are C++ classes whose inline members the lowering inlines.
#include "frontends/clang/ClangFrontend.h"

namespace sdvmc::clangfe {

const char* cudaLibHeaderText() {
  return R"(// sdvmc's texture and warp-level declarations (frontends/clang/HeadersCudaLib.cpp).
#pragma once
// Textures: legacy texture references and texture objects. Their contents are arbitrary
// and never change during a launch (a hidden array per texture).
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture { int __sdvmc_texture; };
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T, int d, enum cudaTextureReadMode m> __device__ T tex1Dfetch(texture<T, d, m>, int);
template <class T, int d, enum cudaTextureReadMode m> __device__ T tex1D(texture<T, d, m>, float);
template <class T, int d, enum cudaTextureReadMode m> __device__ T tex2D(texture<T, d, m>, float, float);
template <class T, int d, enum cudaTextureReadMode m> __device__ T tex3D(texture<T, d, m>, float, float, float);
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int);
template <class T> __device__ T tex1D(cudaTextureObject_t, float);
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float);
template <class T> __device__ T tex3D(cudaTextureObject_t, float, float, float);
// Surfaces: legacy surface references and surface objects, writable (a hidden global array
// per surface, sized by --image NAME=W[xH]); x coordinates in bytes.
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface { int __sdvmc_surface; };
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dread(T*, cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T, cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T*, cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T, cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ T surf1Dread(surface<void, d>, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ void surf1Dread(T*, surface<void, d>, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ void surf1Dwrite(T, surface<void, d>, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ T surf2Dread(surface<void, d>, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ void surf2Dread(T*, surface<void, d>, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int d> __device__ void surf2Dwrite(T, surface<void, d>, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
// Warp-level primitives: KPL's shfl and ballot (README.md).
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
#define __SDVMC_SHFL(T) \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32); \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32); \
  __device__ T __shfl(T var, int srcLane, int width = 32); \
  __device__ T __shfl_up(T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_down(T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_xor(T var, int laneMask, int width = 32); \
  __device__ unsigned int __match_any_sync(unsigned int mask, T value); \
  __device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred);
__SDVMC_SHFL(int)
__SDVMC_SHFL(unsigned int)
__SDVMC_SHFL(float)
__SDVMC_SHFL(long long)
__SDVMC_SHFL(unsigned long long)
__SDVMC_SHFL(double)
#undef __SDVMC_SHFL
// CUDA 11's warp reductions (sm_80): add, min, max for unsigned and int; and, or, xor for unsigned.
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);
// Grid-wide synchronisation (cooperative launches): `barrier(grid);` (LowerBuiltin.cpp).
__device__ void __sdvmc_grid_sync(void);
)";
}

const char* curandKernelHeaderText() {
  return R"(// sdvmc's <curand_kernel.h> (frontends/clang/HeadersCudaLib.cpp): cuRAND's device API.
// sdvmc does not compute the generators: each value is arbitrary (README.md). A state is
// one cell that curand_init and every generating call write, so threads sharing a state race.
#pragma once
#include "cuda.h"
struct curandStateXORWOW { unsigned int __sdvmc_state; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { unsigned int __sdvmc_state; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { unsigned int __sdvmc_state; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
#define __SDVMC_CURAND(S) \
  __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, S* state); \
  __device__ unsigned int curand(S* state); \
  __device__ float curand_uniform(S* state); \
  __device__ float curand_normal(S* state); \
  __device__ float2 curand_normal2(S* state); \
  __device__ double curand_uniform_double(S* state); \
  __device__ double curand_normal_double(S* state); \
  __device__ float curand_log_normal(S* state, float mean, float stddev); \
  __device__ unsigned int curand_poisson(S* state, double lambda);
__SDVMC_CURAND(curandStateXORWOW)
__SDVMC_CURAND(curandStatePhilox4_32_10)
__SDVMC_CURAND(curandStateMRG32k3a)
#undef __SDVMC_CURAND
__device__ uint4 curand4(curandStatePhilox4_32_10* state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10* state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10* state);
)";
}

const char* cooperativeGroupsHeaderText() {
  return R"(// sdvmc's <cooperative_groups.h> (frontends/clang/HeadersCudaLib.cpp): the groups as
// C++ classes whose members compute from threadIdx, blockIdx, blockDim and gridDim and call
// the barrier; the lowering inlines them. A tile's collectives are the warp-level primitives.
#pragma once
#include "cuda.h"
namespace cooperative_groups {
__device__ inline unsigned int __sdvmc_block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline unsigned int __sdvmc_block_size() { return blockDim.x * blockDim.y * blockDim.z; }
/// The member mask of the calling thread's tile of n lanes (n a power of 2 up to 32): its lanes of the warp.
__device__ inline unsigned int __sdvmc_tile_mask(unsigned int n) {
  return n >= 32u ? 0xffffffffu : ((1u << n) - 1u) << (__sdvmc_block_rank() % warpSize / n * n);
}
/// Any group: the block (tile size 0) or a tile of the block of __sdvmc_tile threads.
class thread_group {
public:
  unsigned int __sdvmc_tile;
  __device__ explicit thread_group(unsigned int tile) : __sdvmc_tile(tile) {}
  __device__ void sync() const {
    if (__sdvmc_tile == 0) __syncthreads();
    else __syncwarp(__sdvmc_tile_mask(__sdvmc_tile));
  }
  __device__ unsigned int size() const { return __sdvmc_tile == 0 ? __sdvmc_block_size() : __sdvmc_tile; }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return __sdvmc_tile == 0 ? __sdvmc_block_rank() : __sdvmc_block_rank() % __sdvmc_tile;
  }
};
class thread_block : public thread_group {
public:
  __device__ thread_block() : thread_group(0u) {}
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return __sdvmc_block_rank(); }
  __device__ unsigned int size() const { return __sdvmc_block_size(); }
  __device__ unsigned int num_threads() const { return __sdvmc_block_size(); }
  __device__ dim3 group_index() const { return dim3{blockIdx.x, blockIdx.y, blockIdx.z}; }
  __device__ dim3 thread_index() const { return dim3{threadIdx.x, threadIdx.y, threadIdx.z}; }
  __device__ dim3 group_dim() const { return dim3{blockDim.x, blockDim.y, blockDim.z}; }
  __device__ dim3 dim_threads() const { return dim3{blockDim.x, blockDim.y, blockDim.z}; }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline void sync(thread_block g) { g.sync(); }
/// A tile of N consecutive threads of the block (tiled_partition<N>(this_thread_block())).
template <unsigned int N> class thread_block_tile : public thread_group {
public:
  __device__ thread_block_tile() : thread_group(N) {}
  __device__ unsigned int thread_rank() const { return __sdvmc_block_rank() % N; }
  __device__ unsigned int size() const { return N; }
  __device__ unsigned int num_threads() const { return N; }
  __device__ unsigned int meta_group_rank() const { return __sdvmc_block_rank() / N; }
  __device__ unsigned int meta_group_size() const { return (__sdvmc_block_size() + N - 1) / N; }
  // Member masks: the tile's lanes of the warp.
  __device__ void sync() const { __syncwarp(__sdvmc_tile_mask(N)); }
  template <class T> __device__ T shfl(T var, int srcRank) const { return __shfl_sync(__sdvmc_tile_mask(N), var, srcRank, N); }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const { return __shfl_down_sync(__sdvmc_tile_mask(N), var, delta, N); }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const { return __shfl_up_sync(__sdvmc_tile_mask(N), var, delta, N); }
  template <class T> __device__ T shfl_xor(T var, int laneMask) const { return __shfl_xor_sync(__sdvmc_tile_mask(N), var, laneMask, N); }
  // The tile's lanes of the warp's ballot, tile rank i at bit i.
  __device__ unsigned int ballot(int predicate) const {
    unsigned int b = __ballot_sync(__sdvmc_tile_mask(N), predicate);
    return N >= 32 ? b : (b >> (__sdvmc_block_rank() % warpSize / N * N)) & ((1u << N) - 1u);
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0u; }
  __device__ int all(int predicate) const { return ballot(predicate) == ballot(1); }
};
template <unsigned int N> __device__ thread_block_tile<N> tiled_partition(thread_block) { return thread_block_tile<N>(); }
/// tiled_partition(parent, n): a tile of n threads (a power of two up to 32) of the block;
/// any other n is the verdict warp-width (CUDA: undefined).
__device__ int __sdvmc_tile_width(int n);
__device__ inline thread_group tiled_partition(const thread_block&, unsigned int n) { return thread_group(__sdvmc_tile_width(n)); }
__device__ inline void sync(thread_group g) { g.sync(); }
/// The active lanes of the warp (warp models: __activemask; refused under SDV).
class coalesced_group {
public:
  unsigned int __sdvmc_mask;
  __device__ unsigned int size() const { return __popc(__sdvmc_mask); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return __popc(__sdvmc_mask & ((1u << (__sdvmc_block_rank() % warpSize)) - 1u));
  }
  __device__ void sync() const { __syncwarp(__sdvmc_mask); }
  __device__ unsigned int ballot(int predicate) const { return __ballot_sync(__sdvmc_mask, predicate); }
  __device__ int any(int predicate) const { return ballot(predicate) != 0u; }
  __device__ int all(int predicate) const { return ballot(predicate) == __sdvmc_mask; }
  /// The value of the group's thread of rank srcRank: the lane of the mask's srcRank-th set bit.
  template <class T> __device__ T shfl(T var, unsigned int srcRank) const {
    unsigned int m = __sdvmc_mask;
    for (unsigned int k = 0; k < srcRank; ++k) m &= m - 1u;
    return __shfl_sync(__sdvmc_mask, var, __ffs((int)m) - 1);
  }
};
__device__ inline coalesced_group coalesced_threads() { return coalesced_group{__activemask()}; }
template <unsigned int N> __device__ void sync(thread_block_tile<N> g) { g.sync(); }
/// The whole grid (a cooperative launch): ranks and sizes; its sync() is `barrier(grid);`.
class grid_group {
public:
  int __sdvmc_group;
  __device__ void sync() const { __sdvmc_grid_sync(); }
  __device__ unsigned int size() const { return __sdvmc_block_size() * gridDim.x * gridDim.y * gridDim.z; }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) * __sdvmc_block_size() + __sdvmc_block_rank();
  }
  __device__ bool is_valid() const { return true; }
};
__device__ inline grid_group this_grid() { return grid_group{0}; }
__device__ inline void sync(grid_group g) { g.sync(); }
}  // namespace cooperative_groups
)";
}

const char* cooperativeGroupsReduceHeaderText() {
  return R"(// sdvmc's <cooperative_groups/reduce.h> (frontends/clang/HeadersCudaLib.cpp): reduce over
// a tile, a butterfly of shfl_xor (every lane gets the whole tile's result), and the operators.
#pragma once
#include "cooperative_groups.h"
namespace cooperative_groups {
template <class T> struct plus { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { int __sdvmc_op; __device__ T operator()(T a, T b) const { return a ^ b; } };
template <unsigned int N, class T, class Op>
__device__ T reduce(const thread_block_tile<N>& g, T v, Op op) {
  for (unsigned int d = N / 2; d > 0; d /= 2) v = op(v, g.shfl_xor(v, d));
  return v;
}
}  // namespace cooperative_groups
)";
}

}  // namespace sdvmc::clangfe
