// spec: OpenCL write-read race in a 2x2x2 work-group: flat ids and (x,y,z) local ids of the racing threads
// run: run --local-size 2,2,2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,6] location.line=19 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"cube","index":0,"local_id":[0,0,0],"location":{"line":17}}
// expect: accesses.1={"thread":6,"kind":"read","array":"cube","index":0,"local_id":[0,1,1],"location":{"line":18}}
// why: lid = x + 2*(y + 2*z); cube[z][y][x] is cell 4z + 2y + x = lid, so each thread writes its
//   own cell (line 17), then reads cube[1-z][1-y][x] (line 18) with no barrier. Smallest
//   conflicting cell 0: writer (0,0,0) = lid 0; its reader has x = 0, 1-y = 0, 1-z = 0, i.e.
//   (0,1,1), lid 0 + 2*(1 + 2*1) = 6. Found at the closing brace (line 19).
__kernel void cube3(__global int *out) {
  __local int cube[2][2][2];
  int x = get_local_id(0);
  int y = get_local_id(1);
  int z = get_local_id(2);
  int lid = x + 2 * (y + 2 * z);
  cube[z][y][x] = lid;
  out[lid] = cube[1 - z][1 - y][x];
}
