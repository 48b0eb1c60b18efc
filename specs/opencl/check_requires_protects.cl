// spec: OpenCL check: __requires rules out the parameter value that would race (discarded, not an error)
// run: check --local-size 2 --param n=0..1
// exit: 0
// expect: verdict=ok
// run: run --local-size 2 --param n=0
// exit: 0
// expect: verdict=discarded rule=T-ASSUME
// why: A[i * n] = 1: with n = 0 both threads write A[0] (a write-write race), with n = 1 they write
//   A[0] and A[1]. __requires(n == 1) is an assumption: executions with n = 0 are discarded, so
//   check over n = 0..1 finds no error. run with n = 0 stops at the assumption: discarded, exit 0.
__kernel void stride(__global int *A, int n) {
  __requires(n == 1);
  int i = get_local_id(0);
  A[i * n] = 1;
}
