// spec: 64-bit atomics (atomicAdd on unsigned long long) under run and check --model simt:W and mimd: a histogram of 64-bit bins, lane by lane within a warp, carries into the high word (the next cell) exactly; peeking at a bin plainly after the add races with another warp's 64-bit atomic (simt:2, mimd), never within one warp in lock step (simt:32)
// run: run --kernel 'hist::histogram64<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --init in=1,3,1,2 --init bins=0,0,-1,0 --model simt:32
// exit: 0
// expect: verdict=ok warps=1 final.bins=[0,0,1,1,1,0,1,0]
// run: run --kernel 'hist::histogram64<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --init in=1,3,1,2 --init bins=0,0,-1,0 --model simt:2
// exit: 0
// expect: verdict=ok warps=2 final.bins=[0,0,1,1,1,0,1,0]
// run: run --kernel 'hist::histogram64<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --init in=1,3,1,2 --init bins=0,0,-1,0 --model mimd
// exit: 0
// expect: verdict=ok final.bins=[0,0,1,1,1,0,1,0]
// run: run --kernel 'hist::histogram64_peek<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --buffer seen=4 --init in=1,3,1,2 --model simt:32
// exit: 0
// expect: verdict=ok final.bins=[0,0,2,0,1,0,1,0] final.seen=[2,0,1,0,2,0,1,0]
// run: run --kernel 'hist::histogram64_peek<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --buffer seen=4 --init in=1,3,1,2 --model simt:2
// exit: 1
// expect: verdict=race rule=SIMT-RACE scope=inter-warp threads=[0,2] location.line=74
// expect: accesses.0={"thread":0,"kind":"read","array":"bins","index":2}
// expect: accesses.1={"thread":2,"kind":"write","array":"bins","index":2}
// run: check --kernel 'hist::histogram64<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --domain 0..1 --model simt:2
// exit: 0
// expect: verdict=ok
// run: check --kernel 'hist::histogram64<4>' --block-dim 3 --buffer in=3 --buffer bins=4 --domain 0..1 --model mimd
// exit: 0
// expect: verdict=ok
// run: check --kernel 'hist::histogram64_peek<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --buffer seen=4 --domain 0..1 --model simt:32
// exit: 0
// expect: verdict=ok
// run: check --kernel 'hist::histogram64_peek<4>' --block-dim 4 --buffer in=4 --buffer bins=4 --buffer seen=4 --domain 0..1 --model simt:2
// exit: 1
// expect: verdict=race rule=SIMT-RACE
// run: check --kernel 'hist::histogram64_peek<4>' --block-dim 2 --buffer in=2 --buffer bins=4 --buffer seen=2 --domain 0..1 --model mimd
// exit: 1
// expect: verdict=race rule=MIMD-RACE
// prove: skip
// why: bins is 4 unsigned long long = 8 cells, bin b at cells 2b (low word) and 2b + 1 (high
//   word, the next cell: specs/KPL.md, "64-bit atomics"). in = [1, 3, 1, 2]: threads 0 and 2
//   add 1 to bin 1, thread 1 to bin 3, thread 3 to bin 2 (T-ATOMIC, lane by lane in ascending
//   order within a warp, 64-bit: both cells read and stored). bins starts with bin 1 =
//   0x00000000_FFFFFFFF (cells 2, 3 = -1, 0): + 2 = 0x00000001_00000001, a carry into the high
//   word: cells 2, 3 = 1, 1; bins 2 and 3 become 1: [0,0, 1,1, 1,0, 1,0], whatever the order of
//   the additions (one warp of 4, two of 2, or four threads under mimd: additions commute, and
//   atomics never race).
//   histogram64_peek also reads its bin plainly after its add (line 75), bins from 0: one warp
//   of 4 (simt:32) does all four adds in one statement (bin 1 = 2, bin 2 = 1, bin 3 = 1), then
//   every lane reads in lock step: seen = [2, 1, 2, 1] as pairs [2,0, 1,0, 2,0, 1,0]; the
//   reads follow the warp's own atomics (ordered): ok. With warps of 2 (simt:2) the run's
//   schedule runs warp 0 to its final barrier first: threads 0 and 1 add to bins 1 and 3 and
//   read them (cells 2, 3 and 6, 7). Then warp 1's atomic (line 74): lane 0, thread 2, on bin 1,
//   its low cell 2 first: thread 0 of warp 0 read cell 2 since the last barrier: an inter-warp
//   race, reported at the atomic, thread 0's read then thread 2's atomic (a write): threads
//   [0, 2], cell 2.
//   check --model simt:2 explores every interleaving and every in in 0..1: histogram64 only
//   adds: ok. histogram64_peek: in = [0, 0, 0, 0] (all in bin 0) with warp 0 first is the run
//   above on bin 0: race. mimd (threads interleave one by one; 2 threads): thread 0 adds then
//   reads bin in[0], thread 1 then adds to the same bin when in[1] = in[0]: its 64-bit atomic
//   meets thread 0's plain read of the bin's low cell since the last barrier: race; histogram64
//   under mimd (3 threads): atomics only, ok.
namespace hist {

template <int BINS>
__device__ __forceinline__ int bin_of(const int v) {
  return v % BINS;
}

template <int BINS>
__global__ void histogram64(const int* __restrict__ in, unsigned long long* __restrict__ bins) {
  atomicAdd(&bins[bin_of<BINS>(in[threadIdx.x])], 1ull);
}

// The bug: the count read back plainly is another warp's atomic's cell.
template <int BINS>
__global__ void histogram64_peek(const int* __restrict__ in, unsigned long long* bins, unsigned long long* seen) {
  const int b = bin_of<BINS>(in[threadIdx.x]);
  atomicAdd(&bins[b], 1ull);
  seen[threadIdx.x] = bins[b];
}

template __global__ void histogram64<4>(const int*, unsigned long long*);
template __global__ void histogram64_peek<4>(const int*, unsigned long long*, unsigned long long*);

}  // namespace hist
