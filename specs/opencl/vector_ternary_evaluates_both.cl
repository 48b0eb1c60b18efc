// spec: OpenCL ?: with a vector condition evaluates both arms (it is select), with a scalar condition only the chosen one: an out-of-bounds read in the other arm is reported only in the vector case
// run: run --local-size 1 --buffer A=4 --init A=1,2,3,4 --param v=-1 --param vec=0
// exit: 0
// expect: verdict=ok final.A=[1,2,3,4]
// run: run --local-size 1 --buffer A=4 --init A=1,2,3,4 --param v=-1 --param vec=1
// exit: 1
// expect: verdict=out-of-bounds location.line=15
// why: v = -1. Scalar condition (line 17): only vload4(0, A) = A[0..3] is read, x = A, stored
//   back unchanged. Vector condition (line 15): select evaluates every operand, so vload4(1, A)
//   reads A[4] of the 4-cell A: out-of-bounds at line 15, although every component of the
//   condition selects the first arm.
__kernel void k(__global int *A, int v, int vec) {
  int4 x;
  if (vec)
    x = (int4)(v) ? vload4(0, A) : vload4(1, A);
  else
    x = v ? vload4(0, A) : vload4(1, A);
  vstore4(x, 0, A);
}
