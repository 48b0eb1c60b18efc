// spec: 64-bit target: a paged-KV loader copies a page past 2^32 cells into shared memory with __pipeline_memcpy_async and inline PTX cp.async (ok, exact 64-bit source cells); the page past a bounded cache is out-of-bounds at the exact index; appending a token to the page before the copies' wait races at the exact 64-bit cell (run, check)
// run: run --kernel 'paged_kv::gather_page<false>' --block-dim 4 --buffer out=4 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99 --init cache[4294967312]=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
// exit: 0
// expect: verdict=ok final.out=[26,42,58,10] final.cache.4294967321=99 final.cache.4294967327=16
// run: run --kernel 'paged_kv::gather_page<true>' --block-dim 4 --buffer out=4 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99 --init cache[4294967312]=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
// exit: 0
// expect: verdict=ok final.out=[26,42,58,10] final.cache.4294967321=99
// run: run --kernel 'paged_kv::gather_page<false>' --block-dim 4 --buffer out=4 --buffer cache=64 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99
// exit: 1
// expect: verdict=out-of-bounds rule=T-CP-ASYNC threads=[0] array=cache index=4294967312 location.line=70
// run: run --kernel 'paged_kv::append_then_gather<false>' --block-dim 4 --buffer out=4 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=102 threads=[2,0]
// expect: accesses.0={"thread":2,"kind":"read","array":"cache","index":4294967321,"location":{"line":70}}
// expect: accesses.1={"thread":0,"kind":"write","array":"cache","index":4294967321,"location":{"line":102}}
// run: check --kernel 'paged_kv::append_then_gather<false>' --block-dim 4 --buffer out=4 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99
// exit: 1
// expect: verdict=race rule=ASYNC-RACE accesses.0.index=4294967321 accesses.1.index=4294967321
// run: check --kernel 'paged_kv::gather_page<false>' --block-dim 4 --buffer out=4 --param page=268435457 --param page_cells=16 --param pos=9 --param token=99
// exit: 0
// expect: verdict=ok
// prove: skip
// why: page_base = (int64_t)page * page_cells = (2^28 + 1) * 16 = 2^32 + 16 = 4294967312, a
//   64-bit element index: the frontend's 64-bit target lowers &cache[base + 4 * threadIdx.x]
//   to addr64(h, l), which as the copy's source offset is the exact 64-bit cell (specs/KPL.md,
//   "Asynchronous copies"). Thread t copies 16 bytes = 4 int cells, cache[base + 4t + j] to
//   tile[4t + j] (j = 0..3), commits it as batch 0 and waits for it (__pipeline_wait_prior(0),
//   or the PTX cp.async.wait_group 0 / cp.async.commit_group of the asm variant): the copy is
//   the thread's read of the 4 source cells and write of its own 4 tile cells; __syncthreads
//   merges them. With cache[base + k] = k + 1 (k = 0..15) thread t's row of the tile is
//   4t+1 .. 4t+4, and thread t sums row (t + 1) % 4: row r sums to 16r + 10, so
//   out = [row 1, row 2, row 3, row 0] = [26, 42, 58, 10]. Then thread 0 appends the token at
//   slot pos = 9: cache[base + 9] = cache[4294967321] = 99 after the barrier (no copy in
//   flight, and the copies' reads of the page were before the barrier): ok, and the other
//   cells keep their values (cache[4294967327] = 16).
//   With --buffer cache=64 the cache is bounded (cells 0..63): thread 0, the first to issue
//   (T-CP-ASYNC in ascending thread order), reads cache[4294967312], element 0 of its copy,
//   outside cache[0..63]: out-of-bounds at the copy (line 70) naming the exact 64-bit index,
//   never its low word 16 (a cell inside the buffer).
//   append_then_gather<false> appends before waiting: the copies of threads 0..3 are in flight
//   (issued in order 0, 1, 2, 3; thread 2's reads cache[base + 8 .. base + 11]); thread 0's
//   plain write of cache[base + 9] = cache[4294967321] (line 102) hits a source cell of thread
//   2's copy in flight: ASYNC-RACE at the write, the copy's side a read by thread 2 at its
//   statement (line 70), then thread 0's write. (Threads 0 and 1's copies read base .. base + 7:
//   not that cell.) check explores the same launch (the cache's values are only copied and
//   summed into out, which decides nothing: not chosen) and meets the same race at the same
//   exact cell; gather_page is ok for every such value.
#include <cuda_pipeline.h>

#include <cstdint>

namespace paged_kv {

constexpr int kThreads = 4;
constexpr int kVec = 4;  // ints per 16-byte copy

// The first cell of a page: 64-bit (a paged cache holds more than 2^31 cells).
__device__ __forceinline__ int64_t page_base(const int page, const int page_cells) {
  return static_cast<int64_t>(page) * page_cells;
}

// Each thread copies 16 bytes of the page into its row of the tile (cp.async, L1-allocating).
template <bool USE_PTX>
__device__ __forceinline__ void load_page_async(int* tile, const int* __restrict__ cache, const int64_t base) {
  if (USE_PTX) {
    const unsigned smem = static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x * kVec]));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(&cache[base + threadIdx.x * kVec]));
    asm volatile("cp.async.commit_group;\n" ::);
  } else {
    __pipeline_memcpy_async(&tile[threadIdx.x * kVec], &cache[base + threadIdx.x * kVec], sizeof(int) * kVec);
    __pipeline_commit();
  }
}

template <bool USE_PTX>
__device__ __forceinline__ void wait_page() {
  if (USE_PTX) asm volatile("cp.async.wait_group 0;\n" ::);
  else __pipeline_wait_prior(0);
}

__device__ __forceinline__ int row_sum(const int* row) { return row[0] + row[1] + row[2] + row[3]; }

template <bool USE_PTX>
__global__ void gather_page(int* __restrict__ cache, int* __restrict__ out, const int page, const int page_cells,
                            const int pos, const int token) {
  __shared__ int tile[kThreads * kVec];
  const int64_t base = page_base(page, page_cells);
  load_page_async<USE_PTX>(tile, cache, base);
  wait_page<USE_PTX>();
  __syncthreads();
  out[threadIdx.x] = row_sum(&tile[((threadIdx.x + 1) % kThreads) * kVec]);
  if (threadIdx.x == 0) cache[base + pos] = token;
}

// The bug: the new token is appended while the page is still being copied.
template <bool USE_PTX>
__global__ void append_then_gather(int* __restrict__ cache, int* __restrict__ out, const int page,
                                   const int page_cells, const int pos, const int token) {
  __shared__ int tile[kThreads * kVec];
  const int64_t base = page_base(page, page_cells);
  load_page_async<USE_PTX>(tile, cache, base);
  if (threadIdx.x == 0) cache[base + pos] = token;
  wait_page<USE_PTX>();
  __syncthreads();
  out[threadIdx.x] = row_sum(&tile[((threadIdx.x + 1) % kThreads) * kVec]);
}

template __global__ void gather_page<false>(int*, int*, const int, const int, const int, const int);
template __global__ void gather_page<true>(int*, int*, const int, const int, const int, const int);
template __global__ void append_then_gather<false>(int*, int*, const int, const int, const int, const int);

}  // namespace paged_kv
