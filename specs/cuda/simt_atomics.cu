// spec: atomics under run and check --model simt:W|mimd: a counter, lane by lane within a warp, is ok under one warp or two; an atomic and a plain access of the same cell by another warp race in both orders (and in the two sides of a divergent branch in a run), two atomics never; an atomic read fixes the poll; a 64-bit atomic counts exactly (both words)
// run: run --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --init in=3,-1,4,5 --model simt:32
// exit: 0
// expect: verdict=ok final.count=[3]
// run: run --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --init in=3,-1,4,5 --model simt:2
// exit: 0
// expect: verdict=ok final.count=[3] warps=2
// run: run --kernel countAndPeek --block-dim 4 --buffer count=1 --buffer seen=4 --model simt:2
// exit: 1
// expect: verdict=race rule=SIMT-RACE scope=inter-warp threads=[0,2] location.line=76 message="read-write race on count[0]: thread 0 then thread 2 (inter-warp)"
// run: run --kernel countAndPeek --block-dim 2 --buffer count=1 --buffer seen=2 --model simt:2
// exit: 0
// expect: verdict=ok final.count=[2] final.seen=[2,2]
// run: run --kernel signalAndPoll --block-dim 4 --buffer flag=1 --buffer seen=1 --model simt:2
// exit: 1
// expect: verdict=race rule=SIMT-RACE scope=inter-warp threads=[0,2] location.line=82 message="write-read race on flag[0]: thread 0 then thread 2 (inter-warp)"
// run: run --kernel signalAndPollAtomic --block-dim 4 --buffer flag=1 --buffer seen=1 --model simt:2
// exit: 0
// expect: verdict=ok final.flag=[1] final.seen=[1]
// run: run --kernel splitCount --block-dim 2 --buffer c=1 --buffer seen=2 --model simt:32
// exit: 0
// expect: verdict=ok final.c=[3]
// run: run --kernel splitPeek --block-dim 2 --buffer c=1 --buffer seen=2 --model simt:32
// exit: 1
// expect: verdict=race rule=SIMT-RACE scope=warp-divergence threads=[0,1] message="write-read race on c[0]: thread 0 then thread 1 (warp-divergence)"
// run: check --kernel countPositive --block-dim 4 --buffer in=4 --buffer count=1 --domain 0..1 --model simt:2
// exit: 0
// expect: verdict=ok
// run: check --kernel countAndPeek --block-dim 4 --buffer count=1 --buffer seen=4 --domain 0..0 --model simt:2
// exit: 1
// expect: verdict=race rule=SIMT-RACE
// run: check --kernel countAndPeek --block-dim 2 --buffer count=1 --buffer seen=2 --domain 0..1 --model simt:2
// exit: 0
// expect: verdict=ok
// run: check --kernel countAndPeek --block-dim 2 --buffer count=1 --buffer seen=2 --domain 0..1 --model mimd
// exit: 1
// expect: verdict=race rule=MIMD-RACE
// run: run --kernel countWide --block-dim 2 --buffer total=1 --model simt:2
// exit: 0
// expect: verdict=ok final.total=[2,0]
// why: countPositive: in = [3, -1, 4, 5]; lanes 0, 2 and 3 keep their value and add 1 to count
//   atomically (T-ATOMIC, in ascending lane order): 0 -> 1 -> 2 -> 3, one warp of 4 or two
//   warps of 2 (warp 0 adds 1, warp 1 adds 2; atomics never race): count = 3.
//   countAndPeek, 4 threads in warps of 2: warp 0 runs first (the run's schedule: warp 0
//   until its final barrier): its lanes add 1 each (count 2), then read count plainly. Then
//   warp 1's atomic (line 76) on count finds thread 0's plain read of it since the last
//   barrier: an inter-warp race, reported at the atomic with the earlier access first
//   (read, then the atomic, a write of the cell): threads [0, 2]. With one warp of 2 the
//   lanes' reads follow their warp's atomics in lock step (ordered, as plain accesses of one
//   warp are): count = 2, and both read 2.
//   signalAndPoll: warp 0's thread 0 exchanges flag to 1 atomically; warp 1's thread 2 then
//   reads flag plainly (line 82): it races with the atomic (a write) of another warp:
//   write-read, threads [0, 2]. Reading it with atomicAdd(flag, 0) is an atomic: no race,
//   seen = 1 (warp 0 ran first).
//   splitCount: one warp whose if diverges: lane 0 runs the then-part (adds 1), lane 1 the
//   else-part (adds 2) after it; two atomics never race: c = 3. splitPeek: lane 1's
//   else-part reads c plainly after lane 0's then-part changed it atomically: the two sides
//   of a divergent branch race (GKLEE's warp-divergence race), the atomic a write: threads
//   [0, 1].
//   check explores every interleaving of the warps: countPositive's atomics never race, and
//   each thread reads only its own in[t]: ok. countAndPeek with two warps of 2: in the
//   interleaving above (warp 0 to its final barrier, then warp 1) warp 1's atomic races with
//   warp 0's plain read: race. With one warp of 2 every lane's read follows the warp's atomic
//   in lock step: ok, whatever count starts at; under mimd (warps of one thread) thread 1's
//   atomic may follow thread 0's plain read: race. countWide: the lanes of one warp add 1 in turn to the
//   unsigned long long (cell 0 its low word, cell 1 its high word): 0 -> 1 -> 2, total = [2, 0].
namespace stats {
__device__ __forceinline__ bool keep(int v) { return v > 0; }
}  // namespace stats

__global__ void countPositive(const int* __restrict__ in, int* count) {
  if (stats::keep(in[threadIdx.x])) atomicAdd(count, 1);
}

__global__ void countAndPeek(int* count, int* seen) {
  atomicAdd(count, 1);
  seen[threadIdx.x] = *count;
}

__global__ void signalAndPoll(int* flag, int* seen) {
  if (threadIdx.x == 0) atomicExch(flag, 1);
  if (threadIdx.x == 2) seen[0] = *flag;
}

__global__ void signalAndPollAtomic(int* flag, int* seen) {
  if (threadIdx.x == 0) atomicExch(flag, 1);
  if (threadIdx.x == 2) seen[0] = atomicAdd(flag, 0);
}

__global__ void countWide(unsigned long long* total) {
  atomicAdd(total, 1ull);
}

__global__ void splitCount(int* c, int* seen) {
  if (threadIdx.x == 0) atomicAdd(c, 1);
  else atomicAdd(c, 2);
}

__global__ void splitPeek(int* c, int* seen) {
  if (threadIdx.x == 0) atomicAdd(c, 1);
  else seen[threadIdx.x] = *c;
}
