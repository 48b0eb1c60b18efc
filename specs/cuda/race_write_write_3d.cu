// spec: CUDA G-RACE with a 3-D block (2,2,2): threads of the layer z = 1 also write the cell of the thread below them; local ids (x,y,z) in the report
// run: run --block-dim 2,2,2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,4] location.line=22 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"S","index":0,"local_id":[0,0,0],"location":{"line":19}}
// expect: accesses.1={"thread":4,"kind":"write","array":"S","index":0,"local_id":[0,0,1],"location":{"line":20}}
// run: run --block-dim 2,2,1
// exit: 0
// expect: verdict=ok final.out=[0,100,10,110] final.S=[1,1,1,1,0,0,0,0]
// why: lid = x + 2(y + 2z). Thread (x,y,z) writes S[z][y][x] (flat 4z + 2y + x = its lid) and,
//   when z = 1, also S[0][y][x] (flat 2y + x), which thread (x,y,0) = lid 2y + x wrote: each
//   cell 0..3 has two writers. out[lid] has one writer. Smallest conflicting cell S[0]: writers
//   lid 0 (0,0,0) at line 19 and lid 4 (0,0,1) at line 20 → write-write, threads [0,4], at the
//   closing brace (line 22). With a 2x2x1 block z = 0: only line 19 writes, S[0..3] = 1 and
//   S[4..7] keep 0; out[x + 2y] = 100x + 10y → [0, 100, 10, 110].
__global__ void cube(int *out) {
  __shared__ int S[2][2][2];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  S[z][y][x] = 1;
  if (z == 1) S[0][y][x] = 2;
  out[x + 2 * (y + 2 * z)] = 100 * x + 10 * y + z;
}
