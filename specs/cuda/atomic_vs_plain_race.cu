// spec: CUDA atomics race plain accesses of the same cell by other threads: a plain read (kernel readPlain) and a plain write (kernel writePlain) against atomicAdd
// run: run --block-dim 4 --kernel readPlain
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=25 location.col=1
// expect: accesses.0={"thread":0,"kind":"atomic","array":"c","index":0,"location":{"line":23}}
// expect: accesses.1={"thread":3,"kind":"read","array":"c","index":0,"location":{"line":22}}
// run: run --block-dim 4 --kernel writePlain
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,0] location.line=29 location.col=1
// expect: accesses.0={"thread":1,"kind":"atomic","array":"c","index":0,"location":{"line":28}}
// expect: accesses.1={"thread":0,"kind":"write","array":"c","index":0,"location":{"line":27}}
// why: readPlain: thread 3 reads c[0] plainly (line 22), threads 0..2 atomicAdd it (line 23).
//   Atomics do not race each other, but each races the plain read of thread 3: the pair is
//   (first atomic writer 0, reader 3), found at the final barrier (line 25). out[t] has one
//   writer each. writePlain: thread 0 writes c[0] = 5 plainly (line 27), threads 1..3 add
//   atomically (line 28). An atomic-vs-plain conflict is reported as (the smallest atomic
//   thread, the smallest conflicting plain access, writes before reads) — the convention
//   documented for atomicRaces in semantics/rules/Sdv.cpp: (atomic 1, write 0), threads [1,0], at
//   the closing brace (line 29).
__global__ void readPlain(int *c, int *out) {
  int x = 0;
  if (threadIdx.x == 3) x = c[0];
  else atomicAdd(&c[0], 1);
  out[threadIdx.x] = x;
}
__global__ void writePlain(int *c) {
  if (threadIdx.x == 0) c[0] = 5;
  else atomicAdd(&c[0], 1);
}
