// spec: __distinct_int(threadIdx.x) with two blocks and no __same_group() guard: within a block the local ids are distinct, but a thread and its twin in the other block (the same threadIdx.x) are a pair of the launch with equal values, so the predicate fails, as GPUVerify's over every pair of threads of the launch
// run: run --block-dim 2 --grid-dim 2 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=16
// why: __distinct_int(x) with x = threadIdx.x is group-independent, so with two blocks it is lowered as
//   pairs(x != other(x)) && (x != x): the pairs of one block (0 != 1) hold, the twin part x != x is false
//   for every thread. Block 0 runs first (run's launch order) and thread 0 is its lowest enabled thread:
//   assertion at line 16. (The same kernel with --grid-dim 1 holds: one block has no twins.)
// run: run --block-dim 2 --grid-dim 1 --buffer out=4
// exit: 0
// expect: verdict=ok
#include <gpuverify.h>

__global__ void keys(int *out) {
  unsigned key = threadIdx.x;
  __assert(__distinct_int(threadIdx.x));
  out[blockIdx.x * blockDim.x + key] = key;
}
