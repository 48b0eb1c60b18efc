// spec: CUDA double is unsupported (64-bit; float is lowered): diagnosed at the declaration (the declared name), exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_float.cu:9:10: error: unsupported: type 'double' (64-bit floating point)
// why: line 9 declares `double f`; the declaration's location is its name, column 10 (two spaces,
//   `double`, a space). KPL words are 32 bits: single-precision float is modelled (its bit
//   pattern), double is not.
__global__ void k(int *out) {
  double f = 0.5;
  out[threadIdx.x] = 1;
}
