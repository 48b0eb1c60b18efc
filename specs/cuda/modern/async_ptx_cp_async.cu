// spec: inline PTX cp.async (16-byte .cg copies), commit_group, wait_group and wait_all as a helper library writes them; a missing wait is a race
// run: run --block-dim 2 --kernel tile_sums --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[13,5]
// run: run --block-dim 2 --kernel tile_sums_wait_all --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[13,5]
// run: run --block-dim 2 --kernel tile_sums_no_wait --buffer in=8 --buffer out=2
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=82 threads=[1,0]
// expect: accesses.0={"thread":1,"kind":"write","index":4,"location":{"line":55}}
// expect: accesses.1={"thread":0,"kind":"read","index":4,"location":{"line":82}}
// run: check --block-dim 2 --kernel tile_sums --buffer in=8 --buffer out=2
// exit: 0
// expect: verdict=ok states=3 transitions=2 terminal_states=1 discarded=0 depth=3
// run: check --block-dim 2 --kernel tile_sums_no_wait --buffer in=8 --buffer out=2
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=82 threads=[1,0]
// expect: accesses.0={"thread":1,"kind":"write","index":4,"location":{"line":55}}
// expect: accesses.1={"thread":0,"kind":"read","index":4,"location":{"line":82}}
// expect: states=2 transitions=1 depth=2 witness={"threads":2,"group":0,"init":{}} confirmed=true
// run: prove --block-dim 2 --kernel tile_sums --buffer in=8 --buffer out=2
// exit: 0
// expect: verdict=ok
// run: prove --block-dim 2 --kernel tile_sums_no_wait --buffer in=8 --buffer out=2
// exit: 1
// expect: verdict=race rule=ASYNC-RACE witness.threads=2 confirmed=true
// why: cp_async16 copies 16 bytes, four 4-byte cells: thread t copies in[4t .. 4t+3] into
//   tile[4t .. 4t+3] (cp.async.cg: a copy of the thread's own, in flight until its wait).
//   commit() makes it the thread's batch 0; wait<0>() (cp.async.wait_group 0) completes every
//   batch b with b + 0 < 1: the copy, as the thread's own write of its tile cells; the
//   __syncthreads merges both threads' cells. Thread t reads the other half: out[t] =
//   tile[4(1-t)] + tile[4(1-t) + 3]: out[0] = tile[4] + tile[7] = 5 + 8 = 13, out[1] = tile[0]
//   + tile[3] = 1 + 4 = 5. wait_all() (cp.async.wait_all: commit_group, then wait_group 0)
//   gives the same. Without a wait the copies stay in flight across the barrier: thread 0's
//   first read (line 82), tile[4], is a destination of thread 1's copy (line 55): ASYNC-RACE at
//   the read, thread 0 being the first checked. (The same kernels built with nvcc 13.0 for sm_90 and
//   run on an H100 gave out = [13, 5] with wait_group 0 and with wait_all.)
//   check (sdv model): in and tile hold values that are only copied, added and stored
//   (abstract: nothing is chosen). tile_sums: s0 -> the copies, the commit, wait<0> (done),
//   G-SYNC at __syncthreads -> s1 -> the reads, out[t], G-SYNC at the end -> s2, terminal: 3
//   states, 2 transitions, depth 3, ok. tile_sums_no_wait: s0 -> the copies, the commit, G-SYNC
//   at __syncthreads, which leaves them in flight (in the state's bytes) -> s1 -> thread 0's
//   read of tile[4] races with thread 1's copy: found expanding s1 (2 states, 1 transition,
//   depth 2); its `sdvmc run` replay gives it again.
//   prove (at the launch: one block of 2 threads, every value of in): each thread's copy
//   in[4t .. 4t + 3] -> tile[4t .. 4t + 3] is in bounds and its own; wait<0> completes it, the
//   __syncthreads orders both before the reads of the other half: ok. Without the wait the
//   copies are in flight at the reads: ASYNC-RACE, confirmed by the replay.
#include <cstdint>

namespace ptx {

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(static_cast<uint32_t>(__cvta_generic_to_shared(smem))),
               "l"(gmem));
}

__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;\n" ::); }

template <int N>
__device__ __forceinline__ void wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

__device__ __forceinline__ void wait_all() { asm volatile("cp.async.wait_all;\n" ::); }

}  // namespace ptx

enum class Sync { Group, All, None };

template <Sync S>
__device__ void tile_sums_impl(const int* in, int* out) {
  __shared__ __align__(16) int tile[8];  // cp.async of 16 bytes needs 16-byte addresses
  const int t = threadIdx.x;
  ptx::cp_async16(tile + 4 * t, in + 4 * t);
  ptx::commit();
  if (S == Sync::Group) ptx::wait<0>();
  if (S == Sync::All) ptx::wait_all();
  __syncthreads();
  const int o = 4 * (1 - t);
  out[t] = tile[o] + tile[o + 3];
}

__global__ void tile_sums(const int* in, int* out) { tile_sums_impl<Sync::Group>(in, out); }
__global__ void tile_sums_wait_all(const int* in, int* out) { tile_sums_impl<Sync::All>(in, out); }
__global__ void tile_sums_no_wait(const int* in, int* out) { tile_sums_impl<Sync::None>(in, out); }
