// spec: CUDA assert and __assert: a failing assertion reports the lowest failing thread
// run: run --block-dim 4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=15 location.col=3
// run: run --block-dim 2
// exit: 0
// expect: verdict=ok final.out=[0,3]
// why: v = 3t: 0, 3, 6, 9. __assert(v >= 0) holds for all. assert(v != 6) fails for thread 2
//   only (line 15, col 3); thread 3 passes (9). With 2 threads nothing fails: out = [0, 3].
__global__ void chk(int *out) {
  int t = threadIdx.x;
  int v;
  v = t * 3;
  __assert(v >= 0);
  assert(v != 6);
  out[t] = v;
}
