// spec: a thread-pair predicate with several groups and no __same_group() guard is refused, located at the predicate, exit 2: GPUVerify's pair may be of two groups, which sdvmc never pairs
// run: run --block-dim 2 --grid-dim 2 --buffer out=4
// exit: 2
// stderr: annot_uniform_groups_unsupported.cu:13:12: error: unsupported: '__uniform_int' with several groups (sdvmc pairs the threads of one group: write the condition as __implies(__same_group(), ...))
// why: base = blockIdx.x * blockDim.x differs between the two blocks (0 and 2), so GPUVerify's question
//   (every pair of threads of the launch) fails for a pair of different blocks, while pairs of one block
//   agree: answering it within each block would be a silent mistranslation. Line 13, column 12 is
//   __uniform_int (`  __assert(` is 11 characters).
#include <gpuverify.h>

__global__ void tiles(int *out) {
  int base = blockIdx.x * blockDim.x;
  __assert(__uniform_int(base));
  out[base + threadIdx.x] = base;
}
