// spec: OpenCL return from inside a loop holding a barrier: divergence in the second iteration
// run: run --local-size 3
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=17 location.col=5 enabled=[1,2] disabled=[0]
// run: run --local-size 3 --param r=5
// exit: 0
// expect: verdict=ok final.A=[1,1,1]
// why: iteration j = 0: every thread reaches the barrier (G-SYNC). Iteration j = 1: thread 0
//   returns (j == 1 && i == r with r = 0 by default, line 16) and stays disabled; threads 1 and 2
//   reach the barrier of line 17 → G-DIVERGENCE. r = 5 matches no thread: three uniform
//   barriers, then A[i] = 1.
__kernel void quit(__global int *A, int r) {
  int i = get_local_id(0);
  for (int j = 0; j < 3; j++) {
    if (j == 1 && i == r)
      return;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  A[i] = 1;
}
