// spec: __global_assert whose condition reads shared memory, inside a branch half of the block skips: every thread of the block, the disabled ones included, reads its own cell in its own view (an unlogged ghost read: no race), and the condition holds for each
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[4,6,0,0] final.tile=[0,2,4,6]
// run: check --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok
// run: prove --block-dim 4 --buffer out=4
// exit: 2
// stderr: unsupported: prove does not handle the annotation builtins
// why: evenOf(t) = 2t, so tile = {0, 2, 4, 6} once the barrier has merged the writes. Threads 0 and 1
//   (t < 2) enter the branch; __global_assert(tile[t] % 2 == 0) is evaluated for all four threads,
//   threads 2 and 3 disabled: each reads tile[t] in its own view (every thread sees the merged tile after
//   the barrier), 0, 2, 4, 6, all even, so it holds. The ghost reads log nothing: no race with anything.
//   out[t] = tile[t + 2] for t = 0, 1: out = {4, 6, 0, 0} (run starts buffers at 0). check explores the
//   same single schedule class (no arbitrary cell is read: tile is written before it is read, out never
//   read): ok. prove refuses the annotation builtins (its message).
#include <gpuverify.h>

__device__ int evenOf(int x) { return 2 * x; }

__global__ void stage(int *out) {
  __shared__ int tile[4];
  unsigned t = threadIdx.x;
  tile[t] = evenOf(t);
  __syncthreads();
  if (t < 2) {
    __global_assert(tile[t] % 2 == 0);
    out[t] = tile[t + 2];
  }
}
