// spec: CUDA __requires on a kernel parameter is assumed: a launch violating it is discarded (exit 0), one satisfying it runs
// run: run --block-dim 2 --param n=1
// exit: 0
// expect: verdict=discarded rule=T-ASSUME location.line=11
// run: run --block-dim 2 --param n=3
// exit: 0
// expect: verdict=ok final.out=[3,4]
// why: __requires(n >= 2) in the kernel is assume(n >= 2): with n = 1 it fails on every enabled
//   thread → the execution is discarded (line 11). With n = 3: out[t] = n + t → [3, 4].
__global__ void pre(int *out, int n) {
  __requires(n >= 2);
  out[threadIdx.x] = n + threadIdx.x;
}
