// spec: CUDA ?: evaluates only the selected arm: the arm reading S[t - 1] is not evaluated by thread 0 (no out-of-bounds), and the arm with an atomic only by the threads that select it
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3] final.c=[2]
// why: after the barrier S = [1,2,3,4]. out[t] = t > 0 ? S[t - 1] : 0 → 0, 1, 2, 3 (thread 0
//   would read S[-1]). v = t % 2 ? atomicAdd(&c[0], 1) : 0: only threads 1 and 3 add: c = 2.
__global__ void pick(int *out, int *c) {
  __shared__ int S[4];
  int t = threadIdx.x;
  S[t] = t + 1;
  __syncthreads();
  out[t] = t > 0 ? S[t - 1] : 0;
  int v = t % 2 ? atomicAdd(&c[0], 1) : 0;
  (void)v;
}
