// spec: CUDA check: barrier divergence that depends on the input values (A[t] == 1 selects who reaches the __syncthreads)
// run: check --block-dim 2
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=14 location.col=5
// run: run --block-dim 2 --init A=1,1
// exit: 0
// expect: verdict=ok
// why: thread t reaches the barrier (line 14) iff A[t] == 1. Over the domain 0..1, A = [0,1] or
//   [1,0] split the block → divergence. A = [1,1] (and [0,0]) are uniform: run with A = 1,1 is ok.
__global__ void k(int *A) {
  __shared__ int S[2];
  S[threadIdx.x] = 1;
  if (A[threadIdx.x] == 1) {
    __syncthreads();
  }
}
