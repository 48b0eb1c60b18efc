// spec: a __global_requires in a helper called from a branch: its disabled threads never receive the helper's arguments in an inlined call (GPUVerify evaluates them for both threads), so sdvmc refuses the global form there by name
// run: run --block-dim 4 --buffer out=4
// exit: 2
// stderr: unsupported: '__global_requires' in a helper function
// why: the global precondition would be checked for threads 2 and 3, whose copy of k is never assigned
//   (they skip the call): the lowering cannot give it GPUVerify's meaning and refuses it at line 10.
#include <gpuverify.h>

__device__ int scale(int x, int k) {
  __global_requires(k > 0);
  return x * k;
}

__global__ void k(int *out) {
  int t = threadIdx.x;
  if (t < 2) out[t] = scale(t, 4);
}
