// spec: CUDA: a __syncthreads under an if on a kernel parameter is uniform (every thread takes the same branch): no divergence, for either value
// run: run --block-dim 4 --param n=1
// exit: 0
// expect: verdict=ok final.A=[2,3,4,1]
// run: run --block-dim 4 --param n=0
// exit: 0
// expect: verdict=ok final.A=[0,0,0,0]
// why: n = 1: all threads enter the then-branch: S[t] = t + 1, barrier (all enabled: G-SYNC),
//   A[t] = S[(t+1)%4] = (t+1)%4 + 1 → [2,3,4,1]. n = 0: all threads take the else-branch, whose
//   barrier is also reached by everyone; A[t] = 0.
__global__ void rot(int *A, int n) {
  __shared__ int S[4];
  int t = threadIdx.x;
  if (n > 0) {
    S[t] = t + 1;
    __syncthreads();
    A[t] = S[(t + 1) % 4];
  } else {
    __syncthreads();
    A[t] = 0;
  }
}
