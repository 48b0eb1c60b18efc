// spec: CUDA check: a tree reduction in __shared__ memory with a __syncthreads after every step is race- and divergence-free for every input
// run: check --block-dim 4
// exit: 0
// expect: verdict=ok
// run: run --block-dim 4 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[10]
// why: step s = 2: threads 0, 1 add S[2], S[3] (each reads a cell nobody writes in the step and
//   writes its own); barrier; s = 1: thread 0 adds S[1]; barrier. The loop bound does not
//   depend on the thread, so every barrier is reached by all. For in = [1,2,3,4]: S = [4,6,..]
//   then S[0] = 10.
__global__ void reduce(int *in, int *out) {
  __shared__ int S[4];
  unsigned t = threadIdx.x;
  S[t] = in[t];
  __syncthreads();
  for (unsigned s = 2; s > 0; s /= 2) {
    if (t < s) S[t] += S[t + s];
    __syncthreads();
  }
  if (t == 0) out[0] = S[0];
}
