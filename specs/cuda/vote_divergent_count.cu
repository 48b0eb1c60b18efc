// spec: CUDA __syncthreads_count reached by half of the block: barrier divergence, reported at the call
// run: run --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[0,2] enabled=[0,1] disabled=[2,3] location.line=16 location.col=12
// run: check --block-dim 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=16 location.col=12
// why: the vote is a barrier (the first of its two) at the call, line 16: 4 spaces and
//   `A[t] = ` put the call at column 12. Under t < 2 threads 0, 1 are enabled and 2, 3
//   disabled there → threads = [lowest enabled 0, lowest disabled 2]. The predicate's read
//   of A[t] is each thread's own cell: no race before it. check: the divergence does not
//   depend on A.
__global__ void k(int *A) {
  int t = threadIdx.x;
  if (t < 2)
    A[t] = __syncthreads_count(A[t] > 0);
}
