// spec: 64-bit target, prove: a grid-stride loop with an int64_t counter over the elements [2^32, end) of a tensor, end up to 2^62, is race-free by induction over 64-bit cells (no bound); the same loop stepping by blockDim.x only races between blocks at the exact cell 2^32 + 256, confirmed by the replay
// run: prove --kernel 'ops::scale_upper_half<int>' --block-dim 256 --grid-dim 16
// exit: 0
// expect: verdict=ok bound.unroll=null loops.0.how="induction" loops.0.note=""
// run: prove --kernel 'ops::scale_upper_half<int>' --block-dim 256 --grid-dim 16 --loops unroll
// exit: 0
// expect: verdict=ok bound.unroll=8 loops.0.how="cut"
// run: prove --kernel 'ops::scale_upper_half_block_stride<int>' --block-dim 256 --grid-dim 16
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE confirmed=true witness.pair_groups=[0,1] replayed.rule=INTER-GROUP-RACE replayed.accesses.0={"thread":0,"group":0,"kind":"write","array":"out","index":4294967552} replayed.accesses.1={"thread":0,"group":1,"kind":"write","array":"out","index":4294967552}
// run: run --kernel 'ops::scale_upper_half<int>' --block-dim 2 --grid-dim 2 --param offset=4294967296 --param end=4294967299 --param s=3
// exit: 0
// expect: verdict=ok final.out={"4294967296":0,"4294967297":0,"4294967298":0}
// run: run --kernel 'ops::scale_upper_half_block_stride<int>' --block-dim 2 --grid-dim 2 --param offset=4294967296 --param end=4294967299 --param s=3
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE accesses.0={"thread":0,"group":0,"kind":"write","index":4294967298} accesses.1={"thread":0,"group":1,"kind":"write","index":4294967298}
// why: thread t of block b starts at i₀ = 2^32 + 256b + t (offset = 2^32 by __requires; 16
//   blocks of 256: 0 <= 256b + t < 4096, distinct per (b, t)) and steps by
//   S = blockDim.x * gridDim.x = 4096 while i < end, end <= 2^62 (__requires) and otherwise
//   arbitrary: far past 2^31 cells, and the loop runs up to (2^62 − 2^32) / 4096 times, so
//   prove unrolls 8 iterations and proves the rest by induction: i ≡ i₀ (mod S) and i >= i₀
//   for the counter (a 64-bit local: i_hi:i_lo), and every read of in and write of out at a
//   64-bit cell d with d ≡ i₀ (mod S), i₀ <= d < end. i + S never overflows (i < end <= 2^62).
//   Two different threads have i₀ ≢ i₀' (mod S) (they differ by less than S), so their cells
//   never meet: no race on out (in is only read), in a block or between blocks, for every end:
//   ok with no bound (bound.unroll = null, loops[0] by induction, no note). With --loops unroll
//   the loop is cut after 8 iterations: ok, bounded (bound.unroll = 8).
//   The block-stride kernel steps by S = 256 only: block b's thread t writes 2^32 + 256(b + k) + t
//   at iteration k, so block b at k = 0 writes the cells block b − 1 writes at k = 1: an
//   inter-group race (pair in groups 0 and 1 by prove's choice of a readable witness). Every
//   race needs end > 2^32 + 256 (the smallest cell two blocks share is 2^32 + 256: block 1's
//   first, block 0's second); the replay runs the launch as run does, block 0 to its end, then
//   block 1, whose first write (every thread at once, 2^32 + 256 + t) meets block 0's; the
//   first reported is thread 0's: cell 2^32 + 256 = 4294967552, with thread 0 of block 0 (its
//   second iteration), the exact 64-bit cell (its low word 256 is another cell).
//   run with 2 blocks of 2, offset = 2^32, end = 2^32 + 3 (64-bit parameters), s = 3: S = 4,
//   thread (b, t) starts at 2^32 + 2b + t: cells 2^32, 2^32 + 1, 2^32 + 2 (block 1 thread 1's
//   2^32 + 3 is not below end; the next iteration's 2^32 + 4 .. are not either), each written
//   in[i] * s = 0 * 3 = 0 (run gives an unbounded buffer's unset cell 0): ok. The block-stride
//   kernel steps by 2: block 0 thread 0 writes 2^32 then 2^32 + 2 (its second iteration), and
//   block 1 thread 0 then writes 2^32 + 2 = 4294967298: the inter-group race, thread 0 of
//   group 0 and thread 0 of group 1 (thread 1 of block 1 is at 2^32 + 3, not below end).
#include <cstdint>

namespace ops {

template <typename T>
__device__ __forceinline__ T scaled(const T x, const T s) {
  return x * s;
}

// out[i] = in[i] * s for the elements [offset, end) of a tensor of 64-bit element count:
// a grid-stride loop with a 64-bit counter.
template <typename T>
__device__ __forceinline__ void scale_range(const int64_t offset, const int64_t end, const T* __restrict__ in,
                                            T* __restrict__ out, const T s, const int64_t stride) {
  for (int64_t i = offset + blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < end; i += stride)
    out[i] = scaled(in[i], s);
}

// The second half of a tensor of 2^33 elements (offset 2^32), any end up to 2^62.
template <typename T>
__global__ void scale_upper_half(const int64_t offset, const int64_t end, const T* __restrict__ in,
                                 T* __restrict__ out, const T s) {
  __requires(offset == (static_cast<int64_t>(1) << 32));
  __requires(end <= (static_cast<int64_t>(1) << 62));
  scale_range(offset, end, in, out, s, static_cast<int64_t>(blockDim.x) * gridDim.x);
}

// The same, stepping by blockDim.x only (gridDim.x forgotten): the blocks' ranges overlap.
template <typename T>
__global__ void scale_upper_half_block_stride(const int64_t offset, const int64_t end, const T* __restrict__ in,
                                              T* __restrict__ out, const T s) {
  __requires(offset == (static_cast<int64_t>(1) << 32));
  __requires(end <= (static_cast<int64_t>(1) << 62));
  scale_range(offset, end, in, out, s, static_cast<int64_t>(blockDim.x));
}

template __global__ void scale_upper_half<int>(int64_t, int64_t, const int*, int*, int);
template __global__ void scale_upper_half_block_stride<int>(int64_t, int64_t, const int*, int*, int);

}  // namespace ops
