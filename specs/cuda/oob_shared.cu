// spec: CUDA out-of-bounds write to a __shared__ array (T-WR), lowest failing thread
// run: run --block-dim 4
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[3] location.line=12 location.col=3
// run: run --block-dim 3
// exit: 0
// expect: verdict=ok final.out=[0,1,1]
// why: S has 4 cells; thread t writes S[t + 1]: thread 3 writes S[4] (line 12, col 3). With 3
//   threads S[1..3] = 1 and S[0] = 0 after the barrier; out[t] = S[t] → [0, 1, 1].
__global__ void shift(int *out) {
  __shared__ int S[4];
  S[threadIdx.x + 1] = 1;
  __syncthreads();
  out[threadIdx.x] = S[threadIdx.x];
}
