// spec: CUDA GPUVerify loop invariants in the loop head (for (…; __invariant(e), cond; …)): checked each time the head is evaluated
// run: run --block-dim 4 --param limit=12
// exit: 0
// expect: verdict=ok final.out=[0,4,8,12]
// run: run --block-dim 4 --param limit=6
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=16
// why: s = i·t at every head evaluation (the first invariant always holds). The head is
//   evaluated for i = 0..4: s = 0, t, 2t, 3t, 4t. limit = 12: 4t ≤ 12 for t ≤ 3 → ok, out[t] =
//   4t. limit = 6: the threads run in lock step; at i = 3 thread 3 has s = 9 > 6 while thread 2
//   has 6 (its 8 would come only at i = 4): the assertion fails first for thread 3, at the
//   loop head (line 16).
__global__ void inv(int *out, int limit) {
  int t = threadIdx.x;
  int s = 0;
  for (int i = 0; __invariant(s == i * t), __invariant(s <= limit), i < 4; i++)
    s += t;
  out[t] = s;
}
