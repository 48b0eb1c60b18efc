// spec: CUDA float is unsupported: diagnosed at the declaration (the declared name), exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_float.cu:8:9: error: unsupported: type 'float'
// why: line 8 declares `float f`; the declaration's location is its name, column 9 (two spaces,
//   `float`, a space). Floating point has no KPL word representation.
__global__ void k(int *out) {
  float f = 0.5f;
  out[threadIdx.x] = 1;
}
