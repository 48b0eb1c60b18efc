// spec: CUDA division by zero (signed /) and unsigned remainder by zero, lowest failing thread
// run: run --block-dim 4 --param n=1
// exit: 1
// expect: verdict=division-by-zero threads=[1] location.line=19
// run: run --block-dim 4 --param n=7
// exit: 0
// expect: verdict=ok final.out=[-14,-16,-20,-25,0,1,2,3]
// run: run --block-dim 4 --param n=4
// exit: 1
// expect: verdict=division-by-zero threads=[2] location.line=20
// why: line 19: out[t] = 100 / (t - n) (signed); line 20: out[4+t] = t % (t + n - 6) (unsigned).
//   n = 1: t - n = 0 for thread 1 → division by zero at line 19. n = 7: 100/(-7) = -14,
//   100/(-6) = -16, 100/(-5) = -20, 100/(-4) = -25 (truncation); t + n - 6 = t + 1 and
//   t % (t + 1) = t → 0, 1, 2, 3. n = 4: t - 4 ≠ 0 for t ≤ 3 (line 19 passes), t + 4 - 6 =
//   t - 2 = 0 for thread 2 only → remainder by zero at line 20, thread 2.
__global__ void divide(int *out, int n) {
  unsigned t = threadIdx.x;
  int s = t;
  out[t] = 100 / (s - n);
  out[4 + t] = t % (t + n - 6);
}
