// spec: CUDA G-RACE through pointers into a __shared__ array: p = S + t; p[1] and *p of neighbouring threads hit the same cell
// run: run --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=16 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"S","index":1,"local_id":[0,0,0],"location":{"line":14}}
// expect: accesses.1={"thread":1,"kind":"write","array":"S","index":1,"local_id":[1,0,0],"location":{"line":15}}
// why: thread t writes S[t + 1] through p[1] (line 14), then S[t] through *p (line 15). S[0] has
//   one writer (0); S[1] is written by 0 (line 14) and 1 (line 15): the smallest write-write
//   conflict, at the closing brace (line 16).
__global__ void neighbours(int *out) {
  __shared__ int S[5];
  int *p = S + threadIdx.x;
  out[threadIdx.x] = 1;
  p[1] = 1;
  *p = 2;
}
