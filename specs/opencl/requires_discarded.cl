// spec: OpenCL __requires is assumed: a --param violating it discards the execution (exit 0)
// run: run --local-size 2 --param n=0
// exit: 0
// expect: verdict=discarded rule=T-ASSUME location.line=12
// run: run --local-size 2 --param n=4
// exit: 0
// expect: verdict=ok final.A=[25,25]
// why: __requires(n > 0) at the top of the kernel is assume(n > 0) (line 12). n = 0: every thread
//   fails the assumption, the execution is discarded before 100 / n could divide by zero.
//   n = 4: A[i] = 100 / 4 = 25 for both threads.
__kernel void scale(__global int *A, int n) {
  __requires(n > 0);
  int i = get_local_id(0);
  A[i] = 100 / n;
}
