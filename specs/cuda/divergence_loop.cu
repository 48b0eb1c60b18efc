// spec: CUDA G-DIVERGENCE: a __syncthreads in a loop whose trip count is threadIdx.x
// run: run --block-dim 3
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[1,0] enabled=[1,2] disabled=[0] location.line=14 location.col=5
// run: run --block-dim 1
// exit: 0
// expect: verdict=ok
// why: thread t runs the body t times. First iteration: i = 0 < t holds for threads 1, 2 only;
//   thread 0 is disabled (loop done) when the others reach the barrier (line 14, col 5) →
//   enabled [1,2], disabled [0]. One thread: it never enters the loop, no barrier is reached
//   by part of the block.
__global__ void stairs(int *A) {
  for (int i = 0; i < threadIdx.x; i++) {
    __syncthreads();
    A[threadIdx.x] = i;
  }
}
