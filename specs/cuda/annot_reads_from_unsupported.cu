// spec: GPUVerify's __reads_from after the start of a function's body is refused by name, located at the call, exit 2: a frame is declared where the body starts (with the __requires), and the reads before it would be outside any check
// run: run --block-dim 2 --buffer in=2 --buffer out=2
// exit: 2
// stderr: annot_reads_from_unsupported.cu:12:3: error: unsupported: '__reads_from' after the start of the function's body
// why: the helper's first statement (line 11) reads in[t] into x; the declaration follows at line 12,
//   column 3. A frame standing after code would leave the reads before it unchecked (or check them
//   against a declaration made later): refused rather than given either meaning.
#include <gpuverify.h>

__device__ int twice(const int *in, int t) {
  int x = in[t];
  __reads_from(in);
  return 2 * x;
}

__global__ void scale(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = twice(in, t);
}
