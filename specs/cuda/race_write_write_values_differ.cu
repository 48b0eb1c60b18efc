// spec: CUDA G-RACE: two threads write different values to one __shared__ cell — a race with or without --benign-writes
// run: run --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[2,3] location.line=17 location.col=1
// expect: accesses.0={"thread":2,"kind":"write","array":"S","index":1,"local_id":[2,0,0]}
// expect: accesses.1={"thread":3,"kind":"write","array":"S","index":1,"local_id":[3,0,0]}
// run: run --block-dim 4 --benign-writes
// exit: 1
// expect: verdict=race rule=G-RACE threads=[2,3] accesses.0.index=1
// why: threads t ≥ 1 write S[t/2] = t: S[0] gets 1 from thread 1 only (thread 0 is disabled by
//   the if), S[1] gets 2 from thread 2 and 3 from thread 3. The only conflicting cell is S[1],
//   a write-write pair [2,3], found at the final barrier (closing brace, line 17, col 1).
//   With --benign-writes the values 2 ≠ 3 differ: still the same race.
__global__ void halves(int *out) {
  __shared__ int S[2];
  if (threadIdx.x > 0) S[threadIdx.x / 2] = threadIdx.x;
}
