// spec: OpenCL check, 2x2 work-group: a read-write race on a 2-D __local tile that needs s = 1
// run: check --local-size 2,2 --param s=0..1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=21
// expect: accesses.0={"thread":0,"kind":"write","array":"tile","index":0,"local_id":[0,0,0]}
// expect: accesses.1={"thread":1,"kind":"read","array":"tile","index":0,"local_id":[1,0,0]}
// expect: witness.params={"s":1}
// run: run --local-size 2,2 --param s=0
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3]
// why: lid = x + 2y; tile[y][x] is cell 2y + x = lid. Each thread writes its cell (line 19), then
//   reads tile[y][(x+s)%2] (line 20) with no barrier. s = 0: its own cell (its own write: no
//   race), out[lid] = x + 2y = lid. s = 1: the neighbour in its row: cell 0 is written by (0,0)
//   = lid 0 and read by (1,0) = lid 1 → (write 0, read 1), at the closing brace (line 21).
__kernel void row_swap(__global int *out, int s) {
  __local int tile[2][2];
  int x = get_local_id(0);
  int y = get_local_id(1);
  tile[y][x] = x + 2 * y;
  out[x + 2 * y] = tile[y][(x + s) % 2];
}
