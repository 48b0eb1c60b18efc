// spec: CUDA double buffering: src and dst swap between two __shared__ arrays every iteration (pointers reassigned in a loop), barriers between the rounds: no race
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[24,0,8,16]
// run: check --block-dim 4
// exit: 0
// expect: verdict=ok
// why: X = [0,1,2,3]. i = 0: Y[t] = 2*X[(t+1)%4] = [2,4,6,0], swap (src = Y, dst = X);
//   i = 1: X = 2*[4,6,0,2] = [8,12,0,4], swap (src = X); i = 2: Y = 2*[12,0,4,8] = [24,0,8,16],
//   swap (src = Y). out[t] = Y[t]. In a round dst[t] is written and src[(t+1)%4] read, in the
//   other array; the barrier ends the round before the arrays swap roles. src, dst and tmp each
//   take X and Y, so every access through them picks the array at run time.
__global__ void pingpong(int *out) {
  __shared__ int X[4], Y[4];
  int t = threadIdx.x;
  int *src = X, *dst = Y;
  X[t] = t;
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    dst[t] = src[(t + 1) % 4] * 2;
    __syncthreads();
    int *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[t] = src[t];
}
