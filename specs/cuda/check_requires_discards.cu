// spec: CUDA check: __requires(n == 0) discards the launches with n = 1, so the assertion that would fail for them is never reached
// run: check --block-dim 4 --param n=0..1
// exit: 0
// expect: verdict=ok
// run: run --block-dim 4 --param n=1
// exit: 0
// expect: verdict=discarded
// why: the kernel first assumes n == 0 (line 11). n = 1 → discarded (exit 0, not a violation);
//   n = 0 → t·0 < 2 holds for all threads. Without the __requires n = 1 would fail for t = 2.
__global__ void k(int *out, int n) {
  __requires(n == 0);
  int t = threadIdx.x;
  assert(t * n < 2);
  out[t] = t * n;
}
