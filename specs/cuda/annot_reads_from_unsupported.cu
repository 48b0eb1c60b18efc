// spec: GPUVerify's __reads_from / __writes_to (declarations, in a function, of the arrays it reads or writes, for modular verification of procedures) are refused by name with the reason, located at the call, exit 2, never ignored
// run: run --block-dim 2 --buffer in=2 --buffer out=2
// exit: 2
// stderr: annot_reads_from_unsupported.cu:11:3: error: unsupported: GPUVerify's '__reads_from' (a declaration of the arrays a function reads or writes
// why: the helper's first statement (line 11, column 3) is the declaration. It is not a predicate (void in
//   GPUVerify's header) and sdvmc inlines every function, so whether it would be checked or trusted is not
//   pinned down: refused rather than guessed.
#include <gpuverify.h>

__device__ int twice(const int *in, int t) {
  __reads_from(in);
  return 2 * in[t];
}

__global__ void scale(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = twice(in, t);
}
