// spec: CUDA && short-circuit guards a read: threads with i >= n never read the --buffer-bounded input, so no out-of-bounds; without the guard (n = 8) the read is out of bounds
// run: run --block-dim 8 --buffer A=4 --param n=4 --init A=5,0,6,0
// exit: 0
// expect: verdict=ok final.out=[1,0,1]
// run: run --block-dim 8 --buffer A=4 --param n=8
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[4] location.line=16
// why: A is bounded to 4 cells. n = 4: threads 4..7 fail i < n and skip A[i] (the right operand
//   of && runs only under its left operand); threads 0..3 read A[i]: 5 and 6 are > 0 for
//   threads 0 and 2, which write out[i] = 1. out prints cells 0..2 (the highest written):
//   [1, 0, 1]. n = 8: i < n holds for all, threads 4..7 read A[4..7]; the lowest failing
//   thread is 4 (line 16, the read in the condition).
__global__ void guard(int *A, int *out, int n) {
  int i = threadIdx.x;
  if (i < n &&
      A[i] > 0)
    out[i] = 1;
}
