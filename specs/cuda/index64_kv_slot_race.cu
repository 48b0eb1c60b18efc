// spec: 64-bit target: two threads of a paged-KV-cache write meet on a cell past 2^32; the race names the exact 64-bit index (run, check); one thread per slot is race-free
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
#include <cstdint>

namespace kv {

template <typename cache_t, int THREADS_PER_SLOT>
__global__ void write_slots(cache_t* __restrict__ cache, const int first_block, const int block_size) {
  const int64_t slot = static_cast<int64_t>(first_block) * block_size + threadIdx.x / THREADS_PER_SLOT;
  cache[slot] = static_cast<cache_t>(threadIdx.x);
}

template __global__ void write_slots<int, 2>(int*, const int, const int);
template __global__ void write_slots<int, 1>(int*, const int, const int);

}  // namespace kv
