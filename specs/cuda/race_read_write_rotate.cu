// spec: CUDA G-RACE: read-write race on a __shared__ array (rotation in place, no __syncthreads between the read and the write); the kernel's closing brace is the final barrier
// run: run --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=19 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"S","index":0,"local_id":[0,0,0],"location":{"line":17}}
// expect: accesses.1={"thread":3,"kind":"read","array":"S","index":0,"local_id":[3,0,0],"location":{"line":16}}
// why: thread t reads S[(t+1)%4] (line 16), then writes S[t] (line 17). The writes stay in each
//   thread's shadow until a barrier; the only barrier is the implicit one at the closing brace
//   (line 19, col 1). out[t] is written by t alone: no conflict on out (declared first). On S,
//   cell c is written by c and read by (c+3)%4: cell 0 is the smallest conflicting cell, one
//   writer (0) and one reader (3) → accesses [write by 0, read by 3], threads [0,3].
__global__ void rotate(int *out) {
  __shared__ int S[4];
  int t = threadIdx.x;
  int v;
  v = S[(t + 1) % 4];
  S[t] = v + 1;
  out[t] = v;
}
