// spec: CUDA G-DIVERGENCE: a break taken by one thread before the loop's __syncthreads
// run: run --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[0,2] enabled=[0,1,3] disabled=[2] location.line=16 location.col=5
// run: run --block-dim 2
// exit: 0
// expect: verdict=ok final.A=[6,6]
// why: every thread iterates i = 0..2; thread t breaks when i == t - 2 (before the barrier).
//   Thread 2 breaks at i = 0, so at the first barrier (line 16, col 5) 0, 1, 3 are enabled and
//   2 is disabled. With two threads t - 2 is -2 or -1: nobody breaks, 3 uniform iterations,
//   and A[t] (its own cell, read back from its own shadow) accumulates i + 1 → 1 + 2 + 3 = 6.
__global__ void loopbreak(int *A) {
  int t = threadIdx.x;
  for (int i = 0; i < 3; i++) {
    if (i == t - 2) break;
    __syncthreads();
    A[t] += i + 1;
  }
}
