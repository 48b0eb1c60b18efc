// spec: OpenCL check over a scalar parameter: the barrier diverges only for n = 1
// run: check --local-size 2 --param n=0..2
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=15 enabled=[0] disabled=[1]
// expect: witness.params={"n":1}
// run: run --local-size 2 --param n=2
// exit: 0
// expect: verdict=ok final.A=[1,1]
// why: the barrier (line 15) runs under i < n. n = 0: no thread (G-NO-OP); n = 2: both (G-SYNC);
//   n = 1: thread 0 enabled, thread 1 disabled → G-DIVERGENCE. check explores n = 0, 1, 2 and
//   reports n = 1. With n = 2 both threads write A[i] = 1 after the barrier.
__kernel void maybe_sync(__global int *A, int n) {
  int i = get_local_id(0);
  if (i < n)
    barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = 1;
}
