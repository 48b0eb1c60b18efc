// spec: CUDA || short-circuit guards a read of S[t - 1] on a __shared__ array: thread 0 never reads S[-1]
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[1,2,1,2]
// why: S = [0,1,0,1] after the barrier. Thread 0: t == 0 holds, S[-1] is not read → 1. Thread 1:
//   S[0] = 0 ≠ 1 → 2. Thread 2: S[1] = 1 → 1. Thread 3: S[2] = 0 → 2. Had thread 0 evaluated the
//   right operand, S[-1] would be an out-of-bounds read.
__global__ void left(int *out) {
  __shared__ int S[4];
  int t = threadIdx.x;
  S[t] = t % 2;
  __syncthreads();
  if (t == 0 || S[t - 1] == 1) out[t] = 1;
  else out[t] = 2;
}
