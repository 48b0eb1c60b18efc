// spec: CUDA atomicExch: each thread receives the value the previous thread (in lid order) stored
// run: run --block-dim 4 --init X=7
// exit: 0
// expect: verdict=ok final.X=[13] final.out=[7,10,11,12]
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.X=[13] final.out=[0,10,11,12]
// why: atomicExch(&X[0], t+10) in ascending lid order: thread 0 gets the initial 7 and leaves
//   10, thread 1 gets 10 and leaves 11, thread 2 gets 11, thread 3 gets 12 and leaves 13.
//   Without --init X[0] starts at 0 (run's default): out[0] = 0, the rest as before.
__global__ void chain(int *X, int *out) {
  int t = threadIdx.x;
  out[t] = atomicExch(&X[0], t + 10);
}
