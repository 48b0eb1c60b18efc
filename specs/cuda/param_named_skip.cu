// spec: CUDA G-DIVERGENCE inside a __device__ helper: an early return in the helper skips its __syncthreads for one thread
// run: run --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[1,0] enabled=[1,2,3] disabled=[0] location.line=15 location.col=3
// run: run --block-dim 4 --param skip=9
// exit: 0
// expect: verdict=ok final.A=[1,2,3,4]
// why: publish(S, t, skip) returns early when t == skip (skip defaults to 0: thread 0). The
//   return disables thread 0 for the rest of the call, so at the helper's barrier (line 15,
//   col 3) threads 1..3 are enabled, 0 disabled. With skip = 9 nobody returns: every thread
//   writes S[t] = t + 1, syncs, then A[t] = S[t] → [1,2,3,4].
__device__ void publish(int *S, int t, int skip) {
  if (t == skip) return;
  S[t] = t + 1;
  __syncthreads();
}
__global__ void k(int *A, int skip) {
  __shared__ int S[4];
  int t = threadIdx.x;
  publish(S, t, skip);
  A[t] = S[t];
}
