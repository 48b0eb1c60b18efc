// spec: printf whose format asks for more arguments than the call gives is a located diagnostic (exit 2), not a silent mistranslation
// run: run --block-dim 2 --buffer A=2
// exit: 2
// stderr: diag_printf_format.cu:8:10: error: printf format asks for 2 arguments but 1 follows it
// why: "%d of %d" has two conversions and one argument follows it; the error is at the
//   format string (line 8, column 10).
__global__ void k(int *A) {
  printf("%d of %d\n", threadIdx.x);
  A[threadIdx.x] = 1;
}
