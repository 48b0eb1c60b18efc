// sdvmc's model of CUB's block and warp primitives (see ClangFrontend.h): <cub/cub.cuh> and the
// headers of cub::BlockReduce, BlockScan, WarpReduce, BlockLoad and BlockStore, written here as
// plain CUDA from CUB's documented contracts, which the lowering lowers like any other code.
// CUB itself (Debian's libcub-dev 1.17) does not lower: its BlockReduce reduces warps with PTX
// `shfl.sync` in inline assembly, and its TempStorage is raw storage reinterpreted as each
// algorithm's union, which sdvmc's cell model refuses. What each model computes, and the hazard
// it keeps (a TempStorage reused without a barrier races): README.md, "CUB".
#include "frontends/clang/ClangFrontend.h"

namespace sdvmc::clangfe {

namespace {

constexpr const char* kSdvmcCubUtilText = R"cub(// sdvmc's model of CUB (frontends/clang/HeadersCub.cpp): what the block and warp primitives share.
#pragma once
#include "cuda.h"
namespace cub {
// CUB's reduction functors (cub/thread/thread_operators.cuh).
struct Sum { template <class T> __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a + b; } };
struct Max { template <class T> __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a < b ? b : a; } };
struct Min { template <class T> __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return b < a ? b : a; } };
namespace detail {
template <class T> struct is_integral { static constexpr bool value = false; };
#define __SDVMC_CUB_INTEGRAL(T) template <> struct is_integral<T> { static constexpr bool value = true; };
__SDVMC_CUB_INTEGRAL(bool) __SDVMC_CUB_INTEGRAL(char) __SDVMC_CUB_INTEGRAL(signed char)
__SDVMC_CUB_INTEGRAL(unsigned char) __SDVMC_CUB_INTEGRAL(short) __SDVMC_CUB_INTEGRAL(unsigned short)
__SDVMC_CUB_INTEGRAL(int) __SDVMC_CUB_INTEGRAL(unsigned int) __SDVMC_CUB_INTEGRAL(long)
__SDVMC_CUB_INTEGRAL(unsigned long) __SDVMC_CUB_INTEGRAL(long long) __SDVMC_CUB_INTEGRAL(unsigned long long)
#undef __SDVMC_CUB_INTEGRAL
constexpr bool is_pow2(int n) { return n > 0 && (n & (n - 1)) == 0; }
}  // namespace detail
// CUB's precondition of the block collectives: the launch's block is BLOCK_DIM_X x BLOCK_DIM_Y x
// BLOCK_DIM_Z threads (CUB's own code then indexes its TempStorage beyond its end, or reads slots
// nobody wrote). A failed assertion (the verdict `assertion`) at the collective's construction.
__device__ __forceinline__ void CheckBlockDims(int block_dim_x, int block_dim_y, int block_dim_z) {
  assert(blockDim.x == block_dim_x && blockDim.y == block_dim_y && blockDim.z == block_dim_z);
}
// BlockReduce's weaker precondition (CUB's partial-tile path): a one-dimensional BlockReduce also
// works in a block of fewer threads, in whole logical warps, when each reduction names at most
// the block's threads as valid (checked by Reduce): the warps past the block hold no valid item
// and are never read. Production code relies on it (BlockReduce<float, 1024> launched with
// blockDim.x = min(n, 1024) threads and Reduce(x, op, blockDim.x)). A partial warp is refused:
// CUB's shuffles name all its lanes in their member mask, and lanes that do not exist are
// undefined behaviour.
__device__ __forceinline__ void CheckBlockDimsAtMost(int block_dim_x, int block_dim_y, int block_dim_z, int warp) {
  if (block_dim_y == 1 && block_dim_z == 1)
    assert(blockDim.y == 1 && blockDim.z == 1 && blockDim.x <= block_dim_x && blockDim.x % warp == 0);
  else
    CheckBlockDims(block_dim_x, block_dim_y, block_dim_z);
}
// CUB's RowMajorTid: the thread's rank in a block of BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z threads.
__device__ __forceinline__ int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z) {
  return ((block_dim_z == 1) ? 0 : (threadIdx.z * block_dim_x * block_dim_y)) +
         ((block_dim_y == 1) ? 0 : (threadIdx.y * block_dim_x)) + threadIdx.x;
}
}  // namespace cub
)cub";

constexpr const char* kWarpReduceText = R"cub(// sdvmc's model of cub::WarpReduce (frontends/clang/HeadersCub.cpp): CUB's shuffle reduction
// (WarpReduceShfl), step for step: offsets 1, 2, 4 … below the logical warp's size, each lane
// combining its value with the one `offset` lanes up when that lane is valid. Lane 0's result
// is the warp's; the other lanes hold partials (CUB: undefined there).
#pragma once
#include "cub/sdvmc_cub_util.cuh"
namespace cub {
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
  static_assert(detail::is_pow2(LOGICAL_WARP_THREADS) && LOGICAL_WARP_THREADS <= 32,
                "unsupported: sdvmc's cub::WarpReduce models logical warps of a power of two up to 32 threads "
                "(CUB's shuffle reduction); other sizes use CUB's shared-memory one, which is not modelled");
  int lane_id;

 public:
  // CUB's is empty (the shuffles need no memory); one unused cell here, so that an array of
  // them, one per warp as CUB's examples declare, is storage the lowering accepts.
  struct TempStorage { int unused; };
  __device__ __forceinline__ WarpReduce(TempStorage&) : lane_id(threadIdx.x % LOGICAL_WARP_THREADS) {}
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp reduction_op, int valid_items) {
    const int last_lane = valid_items - 1;
    T output = input;
    for (int offset = 1; offset < LOGICAL_WARP_THREADS; offset *= 2) {
      T temp = __shfl_down_sync(0xffffffffu, output, offset, LOGICAL_WARP_THREADS);
      if (offset + lane_id <= last_lane) output = reduction_op(output, temp);
    }
    return output;
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp reduction_op) {
    return Reduce(input, reduction_op, LOGICAL_WARP_THREADS);
  }
  __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum(), LOGICAL_WARP_THREADS); }
  __device__ __forceinline__ T Sum(T input, int valid_items) { return Reduce(input, cub::Sum(), valid_items); }
};
}  // namespace cub
)cub";

constexpr const char* kBlockReduceText = R"cub(// sdvmc's model of cub::BlockReduce (frontends/clang/HeadersCub.cpp). Every thread stores its
// input in its own slot of the TempStorage, a barrier, then thread 0 combines the slots in
// CUB's order (BLOCK_REDUCE_WARP_REDUCTIONS: a shuffle tree per logical warp, offsets 1, 2,
// 4 …, then the warps' results from warp 0 up), so that float results are CUB's bit for bit.
// The result is thread 0's; elsewhere it is arbitrary (CUB: undefined). Nothing follows the
// reads: as CUB documents, a __syncthreads() must come before the TempStorage is used again,
// and without one the next collective's stores race with thread 0's reads.
#pragma once
#include "cub/sdvmc_cub_util.cuh"
namespace cub {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int WARP = BLOCK_THREADS < 32 ? BLOCK_THREADS : 32;
  static constexpr int WARPS = (BLOCK_THREADS + WARP - 1) / WARP;
  static_assert(detail::is_pow2(BLOCK_THREADS) || BLOCK_THREADS % 32 == 0,
                "unsupported: sdvmc's cub::BlockReduce models blocks of a power of two or a multiple of 32 threads");
  static_assert(ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS || detail::is_integral<T>::value,
                "unsupported: sdvmc's cub::BlockReduce follows the order of BLOCK_REDUCE_WARP_REDUCTIONS; the "
                "raking algorithms' order is modelled only for integers, where it does not matter");

 public:
  struct TempStorage { T slot[BLOCK_THREADS]; };

 private:
  T* slot;  // the TempStorage's slots (the lowering takes pointer fields, not reference ones)
  int linear_tid;

 public:
  __device__ __forceinline__ BlockReduce(TempStorage& temp) {
    slot = temp.slot;
    CheckBlockDimsAtMost(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, WARP);
    linear_tid = RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
  }

  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp reduction_op, int num_valid) {
    // In a smaller block (CheckBlockDimsAtMost), only the launched threads' items may be valid:
    // a full tile would combine the aggregates of warps that never ran.
    assert(blockDim.x * blockDim.y * blockDim.z == BLOCK_THREADS || num_valid <= (int)blockDim.x);
    if (linear_tid < num_valid) slot[linear_tid] = input;
    __syncthreads();
    T result;
    if (linear_tid == 0) {
      T aggregate;
      for (int w = 0; w < WARPS && w * WARP < num_valid; ++w) {
        int valid = num_valid - w * WARP;
        if (valid > WARP) valid = WARP;
        T lane[WARP];
        for (int l = 0; l < valid; ++l) lane[l] = slot[w * WARP + l];
        for (int offset = 1; offset < WARP; offset *= 2)
          for (int l = 0; l + offset < valid; ++l) lane[l] = reduction_op(lane[l], lane[l + offset]);
        if (w == 0) aggregate = lane[0];
        else aggregate = reduction_op(aggregate, lane[0]);
      }
      result = aggregate;
    }
    return result;
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp reduction_op) {
    return Reduce(input, reduction_op, BLOCK_THREADS);
  }
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ __forceinline__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
    T partial = inputs[0];
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) partial = reduction_op(partial, inputs[i]);
    return Reduce(partial, reduction_op, BLOCK_THREADS);
  }
  __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum(), BLOCK_THREADS); }
  __device__ __forceinline__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ T Sum(T (&inputs)[ITEMS_PER_THREAD]) { return Reduce(inputs, cub::Sum()); }
};
}  // namespace cub
)cub";

constexpr const char* kBlockScanText = R"cub(// sdvmc's model of cub::BlockScan (frontends/clang/HeadersCub.cpp). Every thread stores its
// input (its items' reduction) in its own slot of the TempStorage, a barrier, then each thread
// combines the slots below its own (its prefix) and all of them (the block aggregate), lowest
// first. Integers only: for them, with an associative operator (CUB's requirement), any
// order gives CUB's result; a float scan's rounding depends on CUB's raking order, which is not
// modelled. As CUB documents, a __syncthreads() must come before the TempStorage is used again;
// without one the next collective's stores race with this one's reads.
#pragma once
#include "cub/sdvmc_cub_util.cuh"
namespace cub {
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(detail::is_integral<T>::value,
                "unsupported: sdvmc's cub::BlockScan models integer scans (a floating-point scan's rounding "
                "follows CUB's raking order, which is not modelled)");

 public:
  struct TempStorage { T slot[BLOCK_THREADS]; };

 private:
  T* slot;  // the TempStorage's slots (the lowering takes pointer fields, not reference ones)
  int linear_tid;

  // The thread's exclusive prefix (slots below its own; `has_prefix` 0 for thread 0) and the
  // block aggregate.
  template <class ScanOp>
  __device__ __forceinline__ void Scan(T input, ScanOp scan_op, T& prefix, T& block_aggregate) {
    slot[linear_tid] = input;
    __syncthreads();
    T acc = slot[0];
    for (int i = 1; i < BLOCK_THREADS; ++i) {
      if (i == linear_tid) prefix = acc;
      const T item = slot[i];  // a value: scan_op's const T& is then bound to a local
      acc = scan_op(acc, item);
    }
    block_aggregate = acc;
  }

 public:
  __device__ __forceinline__ BlockScan(TempStorage& temp) {
    slot = temp.slot;
    CheckBlockDims(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
    linear_tid = RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
  }

  // Exclusive scans: thread 0 gets initial_value, thread i initial_value op the inputs of threads 0..i-1.
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op, T& block_aggregate) {
    T prefix = initial_value;
    T aggregate;
    Scan(input, scan_op, prefix, aggregate);
    output = linear_tid == 0 ? initial_value : scan_op(initial_value, prefix);
    block_aggregate = aggregate;
  }
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op) {
    T block_aggregate;
    ExclusiveScan(input, output, initial_value, scan_op, block_aggregate);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T(0), cub::Sum(), block_aggregate);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output) {
    T block_aggregate;
    ExclusiveScan(input, output, T(0), cub::Sum(), block_aggregate);
  }
  // Inclusive scans: thread i gets the inputs of threads 0..i combined.
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate) {
    T prefix = input;
    T aggregate;
    Scan(input, scan_op, prefix, aggregate);
    output = linear_tid == 0 ? input : scan_op(prefix, input);
    block_aggregate = aggregate;
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp scan_op) {
    T block_aggregate;
    InclusiveScan(input, output, scan_op, block_aggregate);
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, cub::Sum(), block_aggregate);
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output) {
    T block_aggregate;
    InclusiveScan(input, output, cub::Sum(), block_aggregate);
  }
  // Several items per thread (a blocked arrangement): the scan of the threads' reductions,
  // then each thread's scan of its items from its prefix.
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
    T partial = input[0];
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) partial = partial + input[i];
    T prefix;
    ExclusiveSum(partial, prefix);
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      T item = input[i];
      output[i] = prefix;
      prefix = prefix + item;
    }
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
    T partial = input[0];
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) partial = partial + input[i];
    T prefix;
    ExclusiveSum(partial, prefix);
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      prefix = prefix + input[i];
      output[i] = prefix;
    }
  }
};
}  // namespace cub
)cub";

constexpr const char* kBlockLoadText = R"cub(// sdvmc's model of cub::BlockLoad (frontends/clang/HeadersCub.cpp): a tile of BLOCK_THREADS *
// ITEMS_PER_THREAD items read into each thread's items, in CUB's arrangements. DIRECT and
// VECTORIZE read the blocked arrangement (thread t's item i from t * ITEMS_PER_THREAD + i;
// vectorising changes no value), STRIPED the striped one (from t + i * BLOCK_THREADS), and
// TRANSPOSE reads striped and exchanges the items through the TempStorage (a barrier between
// the stores and the loads) into the blocked arrangement. With valid_items, only indices below
// it are read (the others keep their value, or get oob_default). `items` is CUB's
// `T (&)[ITEMS_PER_THREAD]` taken as a pointer to its first element (the lowering refuses
// references to arrays): the same calls, the same values.
#pragma once
#include "cub/sdvmc_cub_util.cuh"
namespace cub {
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
template <class InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(ALGORITHM <= BLOCK_LOAD_TRANSPOSE,
                "unsupported: sdvmc's cub::BlockLoad models BLOCK_LOAD_DIRECT, _STRIPED, _VECTORIZE and _TRANSPOSE");

 public:
  struct TempStorage { InputT buff[ALGORITHM == BLOCK_LOAD_TRANSPOSE ? BLOCK_THREADS * ITEMS_PER_THREAD : 1]; };

 private:
  InputT* buff;  // the TempStorage's items (the lowering takes pointer fields, not reference ones)
  int linear_tid;

  // Thread t's item i comes from (striped) t + i * BLOCK_THREADS or (blocked) t * ITEMS + i.
  __device__ __forceinline__ int Index(int i, bool striped) const {
    return striped ? linear_tid + i * BLOCK_THREADS : linear_tid * ITEMS_PER_THREAD + i;
  }
  __device__ __forceinline__ void StripedToBlocked(InputT* items) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) buff[Index(i, true)] = items[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = buff[Index(i, false)];
  }

 public:
  __device__ __forceinline__ BlockLoad(TempStorage& temp) {
    buff = temp.buff;
    CheckBlockDims(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
    linear_tid = RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
  }

  template <class InputIteratorT>
  __device__ __forceinline__ void Load(InputIteratorT block_itr, InputT* items) {
    const bool striped = ALGORITHM == BLOCK_LOAD_STRIPED || ALGORITHM == BLOCK_LOAD_TRANSPOSE;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = block_itr[Index(i, striped)];
    if (ALGORITHM == BLOCK_LOAD_TRANSPOSE) StripedToBlocked(items);
  }
  template <class InputIteratorT>
  __device__ __forceinline__ void Load(InputIteratorT block_itr, InputT* items, int valid_items) {
    const bool striped = ALGORITHM == BLOCK_LOAD_STRIPED || ALGORITHM == BLOCK_LOAD_TRANSPOSE;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (Index(i, striped) < valid_items) items[i] = block_itr[Index(i, striped)];
    if (ALGORITHM == BLOCK_LOAD_TRANSPOSE) StripedToBlocked(items);
  }
  template <class InputIteratorT, class DefaultT>
  __device__ __forceinline__ void Load(InputIteratorT block_itr, InputT* items, int valid_items,
                                       DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
    Load(block_itr, items, valid_items);
  }
};
}  // namespace cub
)cub";

constexpr const char* kBlockStoreText = R"cub(// sdvmc's model of cub::BlockStore (frontends/clang/HeadersCub.cpp): each thread's items
// written to a tile in CUB's arrangements, the inverse of BlockLoad's. DIRECT and VECTORIZE
// write the blocked arrangement (thread t's item i to t * ITEMS_PER_THREAD + i), STRIPED the
// striped one (to t + i * BLOCK_THREADS); TRANSPOSE exchanges blocked items through the
// TempStorage into the striped arrangement (a barrier between), then writes them striped.
// With valid_items, only indices below it are written. `items` is taken as a pointer to the
// array's first element (the lowering refuses references to arrays), as in BlockLoad.
#pragma once
#include "cub/sdvmc_cub_util.cuh"
namespace cub {
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(ALGORITHM <= BLOCK_STORE_TRANSPOSE,
                "unsupported: sdvmc's cub::BlockStore models BLOCK_STORE_DIRECT, _STRIPED, _VECTORIZE and _TRANSPOSE");

 public:
  struct TempStorage { T buff[ALGORITHM == BLOCK_STORE_TRANSPOSE ? BLOCK_THREADS * ITEMS_PER_THREAD : 1]; };

 private:
  T* buff;  // the TempStorage's items (the lowering takes pointer fields, not reference ones)
  int linear_tid;

  __device__ __forceinline__ int Index(int i, bool striped) const {
    return striped ? linear_tid + i * BLOCK_THREADS : linear_tid * ITEMS_PER_THREAD + i;
  }

 public:
  __device__ __forceinline__ BlockStore(TempStorage& temp) {
    buff = temp.buff;
    CheckBlockDims(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
    linear_tid = RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
  }

  template <class OutputIteratorT>
  __device__ __forceinline__ void Store(OutputIteratorT block_itr, const T* items, int valid_items) {
    const bool striped = ALGORITHM == BLOCK_STORE_STRIPED || ALGORITHM == BLOCK_STORE_TRANSPOSE;
    T out[ITEMS_PER_THREAD];
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = items[i];
    if (ALGORITHM == BLOCK_STORE_TRANSPOSE) {
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) buff[Index(i, false)] = out[i];
      __syncthreads();
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = buff[Index(i, true)];
    }
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (Index(i, striped) < valid_items) block_itr[Index(i, striped)] = out[i];
  }
  template <class OutputIteratorT>
  __device__ __forceinline__ void Store(OutputIteratorT block_itr, const T* items) {
    Store(block_itr, items, BLOCK_THREADS * ITEMS_PER_THREAD);
  }
};
}  // namespace cub
)cub";

constexpr const char* kCubText = R"cub(// sdvmc's <cub/cub.cuh> (frontends/clang/HeadersCub.cpp): a model of CUB's block and warp
// primitives, written from CUB's documented contracts (frontends/clang/README.md, "CUB").
#pragma once
#include "cub/block/block_load.cuh"
#include "cub/block/block_reduce.cuh"
#include "cub/block/block_scan.cuh"
#include "cub/block/block_store.cuh"
#include "cub/warp/warp_reduce.cuh"
)cub";

}  // namespace

std::vector<std::pair<std::string, std::string>> cubHeaderFiles() {
  return {
      {"cub/sdvmc_cub_util.cuh", kSdvmcCubUtilText},
      {"cub/warp/warp_reduce.cuh", kWarpReduceText},
      {"cub/block/block_reduce.cuh", kBlockReduceText},
      {"cub/block/block_scan.cuh", kBlockScanText},
      {"cub/block/block_load.cuh", kBlockLoadText},
      {"cub/block/block_store.cuh", kBlockStoreText},
      {"cub/cub.cuh", kCubText},
  };
}

}  // namespace sdvmc::clangfe
