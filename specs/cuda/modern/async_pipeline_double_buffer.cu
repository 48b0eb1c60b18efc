// spec: CUDA pipeline primitives: a double-buffered __pipeline_memcpy_async loop (ok) and the same loop without __pipeline_wait_prior (race)
// run: run --block-dim 4 --kernel pipelined_reverse --buffer in=12 --buffer out=12 --init in=1,2,3,4,5,6,7,8,9,10,11,12
// exit: 0
// expect: verdict=ok final.out=[8,6,4,2,16,14,12,10,24,22,20,18]
// run: run --block-dim 4 --kernel pipelined_reverse_nowait --buffer in=12 --buffer out=12
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=61 threads=[3,0]
// expect: accesses.0={"thread":3,"kind":"write","index":3,"location":{"line":55}}
// expect: accesses.1={"thread":0,"kind":"read","index":3,"location":{"line":61}}
// run: check --block-dim 4 --kernel pipelined_reverse --buffer in=12 --buffer out=12
// exit: 0
// expect: verdict=ok states=8 transitions=7 terminal_states=1 discarded=0 depth=8
// run: check --block-dim 4 --kernel pipelined_reverse_nowait --buffer in=12 --buffer out=12
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=61 threads=[3,0] states=2 transitions=1 depth=2
// run: prove --block-dim 4 --kernel pipelined_reverse --buffer in=12 --buffer out=12
// exit: 0
// expect: verdict=ok
// run: prove --block-dim 4 --kernel pipelined_reverse_nowait --buffer in=12 --buffer out=12
// exit: 1
// expect: verdict=race rule=ASYNC-RACE witness.threads=4 confirmed=true
// why: thread t copies its element of tile k (in[4k + t], 4 bytes: one cell) into buf[k % 2][t]
//   with __pipeline_memcpy_async and commits it as a batch. Before the loop batch 0 = tile 0;
//   iteration k commits batch k + 1 (tile k + 1, or an empty batch after the last tile, so the
//   count stays one per iteration), then __pipeline_wait_prior(1) completes every batch b with
//   b + 1 < k + 2 commits, i.e. b <= k: the thread's copy of tile k, as its own write of
//   buf[k % 2][t]; __syncthreads merges every thread's, and thread t reads buf[k % 2][3 - t]
//   (another thread's cell) and writes out[4k + t] = 2 * in[4k + 3 - t]. The copy of tile k + 1
//   in flight meanwhile writes the other buffer, which the previous iteration's last
//   __syncthreads freed (no access to it since that barrier, none while in flight).
//   in = 1..12: out = 2 * [4,3,2,1, 8,7,6,5, 12,11,10,9] = [8,6,4,2, 16,14,12,10, 24,22,20,18]
//   (the same loop built with nvcc 13.0 for sm_90 and run on an H100 gave these values).
//   Without the wait (pipelined_reverse_nowait) no copy is ever done before the read: at k = 0
//   thread 0 reads buf[0][3] (line 61), a destination of thread 3's copy of tile 0 (line 55)
//   still in flight: ASYNC-RACE at the read; the first thread checked is 0, its cell buf[0][3]
//   (index 3), the copy thread 3's write (a __syncthreads does not complete a copy).
//   check (sdv model): in, buf and out hold values only copied, doubled and stored (abstract:
//   nothing is chosen), so each kernel is one execution, a state after each barrier: with the
//   wait, 3 iterations × 2 __syncthreads + the end = 7 segments: 8 states, 7 transitions, depth
//   8; without it, the first __syncthreads (s1, copies of tiles 0 and 1 in flight), then the race.
//   prove (at the launch: one block of 4 threads, every value of in): the loop's trip count is
//   the constant TILES = 3, so it is unrolled exactly; each thread's copies are one cell
//   (buf[b][t] <- in[4k + t], in bounds for k <= 2, t <= 3), the reads buf[k % 2][3 - t] and
//   writes out[4k + t] in bounds. With the wait, as derived above, every copy's cells are
//   accessed only after its wait and a __syncthreads, and the copy of tile k + 1 writes the
//   buffer freed by the previous barrier: ok. Without it the copies are still in flight at the
//   reads: a race (ASYNC-RACE) of the 4-thread launch, confirmed by the replay.
#include <cuda_pipeline.h>

constexpr int TILE = 4;
constexpr int TILES = 3;

template <typename T>
__device__ void load_tile_async(T* dst, const T* src) {
  __pipeline_memcpy_async(dst + threadIdx.x, src + threadIdx.x, sizeof(T));
  __pipeline_commit();
}

template <typename T>
__device__ void consume_tile(const T* tile, T* out) {
  out[threadIdx.x] = 2 * tile[TILE - 1 - threadIdx.x];
}

template <bool Wait>
__device__ void pipeline(const int* in, int* out) {
  __shared__ int buf[2][TILE];
  load_tile_async(buf[0], in);
  for (int k = 0; k < TILES; ++k) {
    if (k + 1 < TILES) load_tile_async(buf[(k + 1) % 2], in + (k + 1) * TILE);
    else __pipeline_commit();
    if (Wait) __pipeline_wait_prior(1);
    __syncthreads();
    consume_tile(buf[k % 2], out + k * TILE);
    __syncthreads();
  }
}

__global__ void pipelined_reverse(const int* in, int* out) { pipeline<true>(in, out); }
__global__ void pipelined_reverse_nowait(const int* in, int* out) { pipeline<false>(in, out); }
