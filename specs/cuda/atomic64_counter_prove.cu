// spec: prove with CUDA 64-bit atomics (atomicAdd on unsigned long long, issue 20): a histogram of 64-bit bins and a 64-bit total is race-free for every block shape; reading the total back plainly races with another thread's atomicAdd; a 64-bit counter table sized one 32-bit word short is out of bounds at its last counter's high word
// run: prove --kernel 'stats::histogram64<4>' --buffer bins=4 --buffer total=1
// exit: 0
// expect: verdict=ok
// run: prove --kernel 'stats::histogram64_progress<4>' --buffer bins=4 --buffer total=1
// exit: 1
// expect: verdict=race rule=G-RACE witness.threads=2 confirmed=true replayed.verdict=race
// expect: replayed.accesses.0={"kind":"atomic","array":"total","index":0,"thread":1}
// expect: replayed.accesses.1={"kind":"read","array":"total","index":0,"thread":0}
// run: prove --kernel stats::count_events --buffer status_words=5
// exit: 1
// expect: verdict=out-of-bounds rule=T-ATOMIC witness.threads=3 confirmed=true replayed.index=5 replayed.threads=[2]
// run: run --kernel stats::count_events --block-dim 3 --buffer status_words=5
// exit: 1
// expect: verdict=out-of-bounds rule=T-ATOMIC index=5 threads=[2]
// run: run --kernel stats::count_events --block-dim 2 --buffer status_words=5 --init status_words=-1,0,7,0,9
// exit: 0
// expect: verdict=ok final.status_words=[0,1,8,0,9]
// why: no launch options: prove covers every block shape of the dimensions the kernels use
//   (x only), one block, up to 1,024 threads; the parameters and the contents of `in` are
//   arbitrary. An unsigned long long element k is the cells 2k (low word) and 2k + 1 (high
//   word); a 64-bit atomicAdd accesses both atomically (specs/KPL.md, 64-bit atomics).
//   histogram64<4>: a thread with i < n adds to bins[in[i] & 3] (cells 2b, 2b + 1 with b in
//   0..3, inside the 8 cells of --buffer bins=4) and to *total (cells 0 and 1 of 2); `in` is
//   only read and has no bound; bins and total have atomic accesses only, and atomics never
//   race with atomics; no barrier but the kernel's end, reached by all; i = 0 * blockDim.x +
//   threadIdx.x < 1024 cannot overflow: ok for every block size.
//   histogram64_progress<4>: the same, then progress[i] = *total, a plain read of cells 0 and
//   1 of total while other threads' atomicAdd on them are in the same barrier interval (the
//   kernel has no other barrier): an atomic-read race as soon as two threads have i < n (n >=
//   2 is a possible parameter), so the smallest block is 2 threads (1 thread has no other
//   thread to race with, and nothing else fails: progress has no bound). The replay runs 2
//   threads (both i < n): the plain accesses that meet an atomic are both threads' reads of
//   total's cells 0 and 1 (bins has no plain access; in no atomic; the progress writes are at
//   distinct cells). The interpreter reports the race at the smallest such cell, 0, for the
//   first plain access there in thread order, thread 0's read, paired with the smallest other
//   thread with an atomic there, thread 1: (atomic, thread 1) and (read, thread 0) at cell 0.
//   count_events: thread t's counter is events[t] = cells 2t and 2t + 1 of the 5-word buffer:
//   threads 0 and 1 are inside (cells 0..3); thread 2's low word is cell 4, inside, its high
//   word cell 5 is not: out-of-bounds at index 5, thread 2, and no smaller block fails, so the
//   smallest block is 3 threads. run with 2 threads from words (-1, 0, 7, 0, 9): counter 0 is
//   0x0_FFFFFFFF + 1 = 0x1_00000000, words (0, 1); counter 1 is 7 + 1, words (8, 0); word 4
//   untouched.
#include <cstdint>

namespace stats {

// One bin of a byte-class histogram whose counts may pass 2^32.
template <int BINS>
__device__ __forceinline__ void count_bin(unsigned long long* __restrict__ bins, const int value) {
  atomicAdd(&bins[value & (BINS - 1)], 1ull);
}

template <int BINS>
__global__ void histogram64(const int* __restrict__ in, const int n, unsigned long long* __restrict__ bins,
                            unsigned long long* __restrict__ total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    count_bin<BINS>(bins, in[i]);
    atomicAdd(total, 1ull);
  }
}

// The bug: a progress report reads the running total plainly while other threads still add.
template <int BINS>
__global__ void histogram64_progress(const int* __restrict__ in, const int n, unsigned long long* __restrict__ bins,
                                     unsigned long long* total, unsigned long long* __restrict__ progress) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    count_bin<BINS>(bins, in[i]);
    atomicAdd(total, 1ull);
    progress[i] = *total;
  }
}

// The bug: one 64-bit event counter per thread in a status buffer the host sizes in 32-bit
// words, one word short for the last counter.
__global__ void count_events(uint32_t* __restrict__ status_words) {
  unsigned long long* events = reinterpret_cast<unsigned long long*>(status_words);
  atomicAdd(&events[threadIdx.x], 1ull);
}

template __global__ void histogram64<4>(const int*, int, unsigned long long*, unsigned long long*);
template __global__ void histogram64_progress<4>(const int*, int, unsigned long long*, unsigned long long*,
                                                 unsigned long long*);

}  // namespace stats
