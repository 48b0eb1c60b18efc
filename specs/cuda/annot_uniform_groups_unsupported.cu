// spec: a thread-pair predicate with several groups and no __same_group() guard, of an operand that may differ between groups (a local computed from blockIdx), is refused, located at the predicate and naming that part, exit 2: GPUVerify's pair may be of two groups, which sdvmc pairs only for group-independent operands
// run: run --block-dim 2 --grid-dim 2 --buffer out=4
// exit: 2
// stderr: annot_uniform_groups_unsupported.cu:14:12: error: unsupported: '__uniform_int' with several groups of an operand that may differ between groups: 'base'
// why: base = blockIdx.x * blockDim.x differs between the two blocks (0 and 2), so GPUVerify's question
//   (every pair of threads of the launch) fails for a pair of different blocks, while pairs of one block
//   agree: answering it within each block would be a silent mistranslation. base is a local (a thread of
//   another block may hold another value of it), so the operand is not provably group-independent and
//   the diagnostic names it. Line 14, column 12 is __uniform_int (`  __assert(` is 11 characters).
#include <gpuverify.h>

__global__ void tiles(int *out) {
  int base = blockIdx.x * blockDim.x;
  __assert(__uniform_int(base));
  out[base + threadIdx.x] = base;
}
