// spec: CUDA: double is lowered (two words), but a switch on a 64-bit value stays unsupported: diagnosed at the condition, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_float.cu:11:11: error: unsupported: a switch on a 64-bit value
// why: line 11 is `  switch (n) {`: the condition n starts at column 11 (two spaces, `switch (`).
//   The lowering compares a switch's value with each label as one word; a long long needs both.
//   The double on line 10 is lowered.
__global__ void k(int *out) {
  long long n = threadIdx.x;
  double f = 0.5 * n;
  switch (n) {
  case 0: out[0] = (int)f; break;
  default: out[1] = 1;
  }
}
