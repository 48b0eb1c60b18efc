// spec: CUDA long long (64 bits) is unsupported: diagnosed at the declared name, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_long_long.cu:8:13: error: unsupported: type 'long long'
// why: `  long long x = 5;` on line 8: the name x is at column 13 (2 spaces + `long long` (9)
//   + a space). KPL words are 32 bits, a long long does not fit.
__global__ void k(int *out) {
  long long x = 5;
  out[threadIdx.x] = 1;
}
