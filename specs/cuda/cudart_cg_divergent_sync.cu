// spec: cooperative groups: block.sync() called by only some threads of the block is barrier divergence
// run: run --block-dim 4 --buffer out=4
// exit: 1
// expect: verdict=divergence
// why: block.sync() is __syncthreads(); the threads with thread_rank() < 2 reach it and
//   threads 2 and 3 do not: G-DIVERGENCE.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void halfSync(int *out) {
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() < 2) {
    out[block.thread_rank()] = 1;
    block.sync();
  }
}
