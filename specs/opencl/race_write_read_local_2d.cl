// spec: OpenCL write-read race on a 2-D __local tile, 4x2 work-group: the reader's local_id has y = 1
// run: run --local-size 4,2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,4] location.line=18 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"tile","index":0,"local_id":[0,0,0],"location":{"line":16}}
// expect: accesses.1={"thread":4,"kind":"read","array":"tile","index":0,"local_id":[0,1,0],"location":{"line":17}}
// why: 8 threads, lid = x + 4*y. tile[2][4] is flattened row-major: tile[y][x] is cell 4*y + x, so
//   thread lid writes cell lid (line 16), then reads tile[(y+1)%2][x] = cell 4*((y+1)%2) + x
//   (line 17) without a barrier in between. out[lid] is written once per thread: no conflict on
//   out (declared first). Smallest conflicting cell tile[0]: written by lid 0, read by the thread
//   with x = 0 and (y+1)%2 = 0, i.e. y = 1: lid 4, local_id [0,1,0]. Found at the closing brace.
__kernel void rows(__global int *out) {
  __local int tile[2][4];
  int x = get_local_id(0);
  int y = get_local_id(1);
  tile[y][x] = x + y;
  out[y * 4 + x] = tile[(y + 1) % 2][x];
}
