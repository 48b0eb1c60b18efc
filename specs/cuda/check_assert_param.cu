// spec: CUDA check over a kernel parameter range: an assertion that fails for n = 1 only (--param n=0..1); the witness names the parameter
// run: check --block-dim 4 --param n=0..1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=13 witness.params={"n":1}
// run: check --block-dim 4 --param n=0..0
// exit: 0
// expect: verdict=ok
// why: assert(t·n < 2) (line 13): n = 0 holds for every thread; n = 1 fails for t = 2 and 3,
//   the lowest failing thread is 2. With the range 0..0 only n = 0 is explored: ok.
__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  out[t] = t * n;
  assert(t * n < 2);
}
