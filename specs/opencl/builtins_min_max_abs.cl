// spec: OpenCL integer builtins min, max and abs (the frontend lowers them)
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.A=[203,212,211,310]
// why: thread i writes 100 max(i, 2) + 10 min(i, 1) + abs(i - 3): i = 0: 200 + 0 + 3 = 203;
//   i = 1: 200 + 10 + 2 = 212; i = 2: 200 + 10 + 1 = 211; i = 3: 300 + 10 + 0 = 310. (abs returns
//   uint in OpenCL; the sum is unsigned but small.)
__kernel void k(__global int *A) {
  int i = get_local_id(0);
  A[i] = max(i, 2) * 100 + min(i, 1) * 10 + abs(i - 3);
}
