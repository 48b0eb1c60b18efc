// spec: CUDA G-DIVERGENCE: __syncthreads inside an if on threadIdx.x, reached by half of the block
// run: run --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[0,2] enabled=[0,1] disabled=[2,3] location.line=12 location.col=5
// why: the then-branch runs under t < 2: at its barrier (line 12, col 5) threads 0, 1 are
//   enabled and 2, 3 disabled → threads = [lowest enabled 0, lowest disabled 2].
__global__ void half(int *A) {
  __shared__ int S[4];
  int t = threadIdx.x;
  S[t] = t;
  if (t < 2) {
    __syncthreads();
    A[t] = S[t + 2];
  }
}
