// spec: OpenCL a pointer that is NULL for some items and an array for others: `if (p)` tests it, and a write through it where it is NULL fails
// run: run --local-size 4 --buffer A=4
// exit: 1
// expect: verdict=assertion threads=[2] location.line=17
// run: run --local-size 4 --buffer A=4 --param guard=1
// exit: 0
// expect: verdict=ok final.A=[5,5,0,0]
// why: p = A for items 0, 1 and NULL for 2, 3. guard = 1: only the non-NULL ones write A[t] = 5
//   (line 15). guard = 0 (run's default): line 17 writes through p for every item; items 2
//   and 3 dereference NULL, the assertion the frontend puts there fails, the lowest failing
//   item is 2.
__kernel void k(__global int *A, int guard) {
  int t = get_local_id(0);
  __global int *p = t < 2 ? A : 0;
  if (p) p[t] = 5;
  if (!guard)
    p[t] = 6;
}
