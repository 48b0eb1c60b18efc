// spec: the warp models (run and check --model simt[:W]) do not model atomics yet: an atomic counter is refused at the atomic's line:col, exit 2, rather than run without them; the default SDV model runs it (a counter and a plain read racing with it)
// run: run --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --init in=3,-1,4,5 --model simt:32
// exit: 2
// stderr: 25:37: error: unsupported: the simt:32 model does not handle atomic operations yet (sdvmc run and check do)
// run: check --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --domain 0..1 --model simt:2
// exit: 2
// stderr: 25:37: error: unsupported: the simt:2 model does not handle atomic operations yet (sdvmc run and check do)
// run: run --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --init in=3,-1,4,5
// exit: 0
// expect: verdict=ok final.count=[3]
// run: run --kernel countAndPeek --block-dim 2 --buffer in=2 --buffer count=1 --buffer seen=2 --init in=1,1
// exit: 1
// expect: verdict=race rule=G-RACE
// why: under the warp models an atomic is refused where it is (line 25, column 37: the
//   atomicAdd call), for run and check alike. Under SDV (T-ATOMIC) the three threads with a
//   positive value (3, 4, 5; -1 is not) each add 1 to count, atomically: count = 3.
//   countAndPeek: thread 0 adds to count atomically and thread 1 then reads count with a
//   plain load, with no barrier between them: an atomic access and a plain read of the same
//   cell by different threads since the last barrier is a race (G-RACE, specs/KPL.md).
namespace stats {
__device__ __forceinline__ bool keep(int v) { return v > 0; }
}  // namespace stats

__global__ void countPositive(const int* __restrict__ in, int* count) {
  if (stats::keep(in[threadIdx.x])) atomicAdd(count, 1);
}

__global__ void countAndPeek(const int* __restrict__ in, int* count, int* seen) {
  atomicAdd(count, in[threadIdx.x]);
  seen[threadIdx.x] = *count;
}
