// spec: OpenCL read-write race: a __global buffer rotated in place with no barrier, found at the closing brace
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=15 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"A","index":0,"local_id":[0,0,0],"location":{"line":14}}
// expect: accesses.1={"thread":3,"kind":"read","array":"A","index":0,"local_id":[3,0,0],"location":{"line":13}}
// why: thread i reads A[(i+1)%4] (line 13) and writes A[i] (line 14). Cell c is written by thread c
//   and read by thread (c+3)%4. There is no barrier: the race is found at the implicit final
//   barrier, the kernel's closing brace (line 15, col 1). Smallest conflicting cell A[0]: one
//   writer (thread 0), reader thread 3 → (write 0, read 3). 1-D launch: local_id = [lid,0,0].
__kernel void rotate(__global int *A) {
  int i = get_local_id(0);
  int v = A[(i + 1) % 4];
  A[i] = v;
}
