// spec: OpenCL out-of-bounds write on a __local array (T-WR), lowest failing thread
// run: run --local-size 4
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[3] location.line=13
// run: run --local-size 3
// exit: 0
// expect: verdict=ok final.t=[0,0,1,2]
// why: thread i writes t[i + 1] into __local int t[4]. With 4 threads thread 3 writes t[4],
//   outside [0, 4): out-of-bounds at line 13. With 3 threads t[1..3] = 0, 1, 2 and t[0] keeps 0.
__kernel void shift(__global int *out) {
  __local int t[4];
  int i = get_local_id(0);
  t[i + 1] = i;
}
