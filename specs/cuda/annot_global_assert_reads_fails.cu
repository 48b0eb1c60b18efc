// spec: __global_assert reading shared memory fails for threads that are disabled at it, while the plain __assert of the same condition, which only the enabled threads evaluate, holds
// run: run --block-dim 4 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=19
// why: tile[t] = 3t = {0, 3, 6, 9} after the barrier. The even threads 0 and 2 take the branch: __assert
//   (line 18) reads tile[0] = 0 and tile[2] = 6, both even: it holds. __global_assert (line 19) asks it of
//   every thread, the disabled threads 1 and 3 reading tile[1] = 3 and tile[3] = 9 in their own views
//   (after the barrier: the merged values): odd. It is `v && pairs(other(v))` on the enabled threads:
//   thread 0's pair with thread 1 fails, so thread 0, the lowest enabled thread, is reported at line 19.
#include <gpuverify.h>

__global__ void thirds(int *out) {
  __shared__ int tile[4];
  unsigned t = threadIdx.x;
  tile[t] = 3 * t;
  __syncthreads();
  if (t % 2 == 0) {
    __assert(tile[t] % 2 == 0);
    __global_assert(tile[t] % 2 == 0);
    out[t] = tile[t];
  }
}
