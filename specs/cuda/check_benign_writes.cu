// spec: CUDA check: every thread copies the same input value to one __shared__ cell — a race under SDV for every input, none with --benign-writes
// run: check --block-dim 3
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=13 location.col=3
// run: check --block-dim 3 --benign-writes
// exit: 0
// expect: verdict=ok
// why: all three threads write v = A[0] to S[0] (whatever its value): W(S[0]) = {0,1,2} at the
//   barrier (line 13) → write-write [0,1]. With --benign-writes the values are equal: ok.
__global__ void k(int *A, int *out) {
  __shared__ int S[1];
  S[0] = A[0];
  __syncthreads();
  out[threadIdx.x] = S[0];
}
