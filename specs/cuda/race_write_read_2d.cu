// spec: CUDA G-RACE with a 2-D block: a tile written as tile[y][x] and read transposed as tile[x][y] without a barrier (write-read race, local ids (x,y,z))
// run: run --blockDim=2,2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,2] location.line=23 location.col=1
// expect: accesses.0={"thread":1,"kind":"write","array":"tile","index":1,"local_id":[1,0,0],"location":{"line":21}}
// expect: accesses.1={"thread":2,"kind":"read","array":"tile","index":1,"local_id":[0,1,0],"location":{"line":22}}
// why: block 2x2, lid = x + 2y. Thread (x,y) writes tile[y][x] = flat cell 2y+x = its own lid,
//   then reads tile[x][y] = cell 2x+y. Cells 0 and 3 are read by their own writer (no race).
//   Cell 1 is written by lid 1 = (1,0) and read by (0,1) = lid 2; cell 2 the other way round.
//   out[2y+x] is written by one thread each (no conflict on out, declared first). The smallest
//   conflicting cell is tile[1] (tile[0][1]): [write by 1 (1,0,0) at line 21, read by 2
//   (0,1,0) at line 22], found at the implicit final barrier (closing brace, line 23).
// run: run --blockDim=2,1
// exit: 0
// expect: verdict=ok final.out=[1,0]
// why: block 2x1: y = 0, thread x writes tile[0][x] = x + 1 and reads tile[x][0]: x = 0 reads
//   cell 0, its own write (1); x = 1 reads cell 2, never written (0 in run). out = [1, 0].
__global__ void transpose(int *out) {
  __shared__ int tile[2][2];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = x + 2 * y + 1;
  out[y * 2 + x] = tile[x][y];
}
