// spec: thread-pair predicates with several groups, guarded by __same_group(): GPUVerify's pair may be of two groups, and __implies(__same_group(), …) makes the condition a question about pairs of one group, which sdvmc answers exactly; the block's base offset is uniform in each block, a per-half value is not
// run: run --block-dim 4 --grid-dim 2 --buffer out=8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=20
// run: check --block-dim 4 --grid-dim 2 --buffer out=8
// exit: 1
// expect: verdict=assertion location.line=20
// why: base = blockIdx.x * blockDim.x is the same for the 4 threads of a block: the first assertion (line 19)
//   holds for every pair of one group (pairs of two groups are excluded by the guard: !__same_group() holds
//   for them). half = threadIdx.x / 2 is 0 for threads 0, 1 and 1 for threads 2, 3: thread 0's pair with
//   thread 2 has 0 != 1, so the second assertion (line 20) fails, first at thread 0 of group 0 (groups run in
//   order under run; check reports the same line).
#include <gpuverify.h>

__global__ void tiles(int *out) {
  int base = blockIdx.x * blockDim.x;
  int half = threadIdx.x / 2;
  out[base + threadIdx.x] = half;
  __assert(__implies(__same_group(), __uniform_int(base)));
  __assert(__implies(__same_group(), __uniform_int(half)));
}
