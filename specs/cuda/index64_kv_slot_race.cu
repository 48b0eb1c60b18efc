// spec: 64-bit target: two threads of a paged-KV-cache write meet on a cell past 2^32; the race names the exact 64-bit index (run, check, prove); one thread per slot is race-free
// run: run --kernel 'kv::write_slots<int, 2>' --block-dim 4 --param first_block=268435457 --param block_size=16
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0={"thread":0,"kind":"write","array":"cache","index":4294967312} accesses.1={"thread":1,"kind":"write","array":"cache","index":4294967312}
// run: check --kernel 'kv::write_slots<int, 2>' --block-dim 4 --param first_block=268435457 --param block_size=16
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0.index=4294967312 accesses.1.index=4294967312
// run: run --kernel 'kv::write_slots<int, 1>' --block-dim 4 --param first_block=268435457 --param block_size=16
// exit: 0
// expect: verdict=ok final.cache={"4294967312":0,"4294967313":1,"4294967314":2,"4294967315":3}
// run: run --kernel 'kv::write_slots<int, 1>' --block-dim 2 --grid-dim 2 --param first_block=268435457 --param block_size=16
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE accesses.0={"thread":0,"group":0,"kind":"write","index":4294967312} accesses.1={"thread":0,"group":1,"kind":"write","index":4294967312}
// run: check --kernel 'kv::write_slots<int, 1>' --block-dim 2 --grid-dim 2 --param first_block=268435457 --param block_size=16
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE accesses.0={"thread":0,"group":0,"index":4294967312} accesses.1={"thread":0,"group":1,"index":4294967312} inter_group.how="translation"
// run: prove --kernel 'kv::write_slots_high_page<int, 2>' --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE confirmed=true witness.params={"block_size":16,"first_block":268435457} replayed.rule=G-RACE replayed.threads=[0,1] replayed.accesses.0.index=4294967312 replayed.accesses.1.index=4294967312
// run: prove --kernel 'kv::write_slots_high_page<int, 1>' --block-dim 4
// exit: 0
// expect: verdict=ok
// run: prove --kernel 'kv::write_slots_high_page<int, 1>' --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE confirmed=true witness.pair_groups=[0,1] replayed.rule=INTER-GROUP-RACE replayed.accesses.0={"thread":0,"group":0,"index":4294967312} replayed.accesses.1={"thread":0,"group":1,"index":4294967312}
// why: slot = first_block * block_size + threadIdx.x / THREADS_PER_SLOT in int64_t:
//   (2^28 + 1) * 16 = 2^32 + 16 = 4294967312 plus the thread's share. With 2 threads per slot
//   (the bug: each thread should own one slot), threads 0 and 1 both write cache[4294967312]
//   (threads 2 and 3 cache[4294967313]) with no barrier between: a write-write race, reported at
//   the kernel's end (G-RACE at the implicit final barrier), the smallest cell first, between
//   threads 0 and 1, at the exact index 2^32 + 16 (its low word, 16, is another cell). check
//   explores the same launch (no arbitrary value) and finds the same race. With one thread per
//   slot thread t writes t to cache[4294967312 + t]: four distinct cells, ok. With 2 blocks of 2
//   threads the slot does not depend on the block (no blockIdx term), so both blocks write
//   cache[2^32 + 16 + t]: an inter-group race, first at cell 4294967312 between thread 0 of
//   block 0 and thread 0 of block 1 (run: the launch runs block 0, then block 1 meets its write;
//   check: the group id reaches no address, so block 0 stands for both and its accesses, all at
//   the same cells in every block, are compared at their exact 64-bit cells).
//   prove takes write_slots_high_page: the same store with first_block = 2^28 + 1 and
//   block_size = 16 fixed by __requires (prove has no --param), so the witness's parameters
//   are those; the slot is a 64-bit index (an addr64 access under --target 64), encoded in
//   64 bits exactly. 2 threads per slot: the pair t1 = 2k, t2 = 2k + 1 writes one cell
//   2^32 + 16 + k with no barrier: a race; the pair the solver picks is either slot's, the
//   replay runs the launch as run does and reports threads 0 and 1 at 4294967312 (as above).
//   1 thread per slot: distinct threads, distinct slots 2^32 + 16 + t (exact: equal 64-bit
//   cells need equal t), and one block: ok, for the pair of any two threads. 2 blocks of 2:
//   two threads of different blocks with one threadIdx.x write one cell: an inter-group race
//   (the witness's pair is in groups 0 and 1), replayed as run's case: thread 0 of block 0,
//   then thread 0 of block 1, at 4294967312.
#include <cstdint>

namespace kv {

template <typename cache_t, int THREADS_PER_SLOT>
__device__ __forceinline__ void store_slot(cache_t* __restrict__ cache, const int first_block, const int block_size) {
  const int64_t slot = static_cast<int64_t>(first_block) * block_size + threadIdx.x / THREADS_PER_SLOT;
  cache[slot] = static_cast<cache_t>(threadIdx.x);
}

template <typename cache_t, int THREADS_PER_SLOT>
__global__ void write_slots(cache_t* __restrict__ cache, const int first_block, const int block_size) {
  store_slot<cache_t, THREADS_PER_SLOT>(cache, first_block, block_size);
}

// The engine's first page past 4 GiB of cells (block 2^28 + 1 of 16 slots), pinned with
// GPUVerify's __requires so that prove covers that launch (prove has no --param).
template <typename cache_t, int THREADS_PER_SLOT>
__global__ void write_slots_high_page(cache_t* __restrict__ cache, const int first_block, const int block_size) {
  __requires(first_block == 268435457);
  __requires(block_size == 16);
  store_slot<cache_t, THREADS_PER_SLOT>(cache, first_block, block_size);
}

template __global__ void write_slots<int, 2>(int*, const int, const int);
template __global__ void write_slots<int, 1>(int*, const int, const int);
template __global__ void write_slots_high_page<int, 2>(int*, const int, const int);
template __global__ void write_slots_high_page<int, 1>(int*, const int, const int);

}  // namespace kv
