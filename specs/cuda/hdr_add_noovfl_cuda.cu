// spec: GPUVerify's __add_noovfl(a, b) in CUDA too: signed or unsigned by the operands' type
// run: run --block-dim 2 --buffer A=2 --param x=7 --param y=8
// exit: 0
// expect: verdict=ok final.A=[15,15]
// run: run --block-dim 2 --buffer A=2 --param x=4294967295 --param y=1
// exit: 0
// expect: verdict=discarded rule=T-ASSUME
// why: case 1: 7 + 8 = 15 does not overflow (unsigned); each thread writes 15. Case 2: x is
//   4294967295 = 2^32 - 1 and 4294967295 + 1 overflows the unsigned word,
//   so the precondition discards the execution.
__global__ void add(unsigned *A, unsigned x, unsigned y) {
  __requires(__add_noovfl(x, y));
  A[threadIdx.x] = x + y;
}
