// spec: OpenCL a pointer into A or B chosen by a kernel parameter (p = c ? A : B): each item writes its own cell of the chosen array
// run: run --local-size 2 --buffer A=2 --buffer B=2 --param c=1
// exit: 0
// expect: verdict=ok final.A=[1,1] final.B=[0,0]
// run: run --local-size 2 --buffer A=2 --buffer B=2 --param c=0
// exit: 0
// expect: verdict=ok final.A=[0,0] final.B=[1,1]
// run: check --local-size 2 --buffer A=2 --buffer B=2
// exit: 0
// expect: verdict=ok
// why: c != 0 selects A, c = 0 B (run's arbitrary values are 0); item i writes p[i]: one writer
//   per cell, no race for either value of c (check explores c in 0..1).
__kernel void k(__global int *A, __global int *B, int c) {
  __global int *p = c ? A : B;
  p[get_local_id(0)] = 1;
}
