// spec: crosscheck corpus (project format): __syncthreads under a threadIdx condition
// run: check --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=10
// why: threads 0 and 1 take the branch and reach __syncthreads (line 10); 2 and 3 do not.
__global__ void half(int *A) {
  int i = threadIdx.x;
  if (i < 2) {
    A[i] = i;
    __syncthreads();
  }
}
