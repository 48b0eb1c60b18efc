// spec: cooperative groups: a shared-memory tree reduction synchronised with this_thread_block().sync() and cg::sync(block), ranks from thread_rank() and size()
// run: run --block-dim 4 --buffer in=4 --buffer out=1 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[10]
// run: check --block-dim 4 --buffer in=4 --buffer out=1
// exit: 0
// expect: verdict=ok
// why: block.sync() and cg::sync(block) are __syncthreads(): barriers for the block. Each
//   thread stores in[rank] to s[rank]; then for stride = size / 2 = 2, 1: the threads with
//   rank < stride add s[rank + stride] into s[rank], a barrier after each step. Stride 2:
//   s = [1 + 3, 2 + 4, 3, 4] = [4, 6, 3, 4]; stride 1: s[0] = 4 + 6 = 10. Thread 0 writes
//   out[0] = 10. Within each step the cells written (rank < stride) and read (rank + stride)
//   are disjoint, and the barriers separate the steps: no race for any input.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int reduceSum(cg::thread_block block, int *s, int v) {
  unsigned int rank = block.thread_rank();
  s[rank] = v;
  block.sync();
  for (unsigned int stride = block.size() / 2; stride > 0; stride /= 2) {
    if (rank < stride) s[rank] += s[rank + stride];
    cg::sync(block);
  }
  return s[0];
}

__global__ void sumKernel(const int *in, int *out) {
  __shared__ int s[4];
  cg::thread_block block = cg::this_thread_block();
  int total = reduceSum(block, s, in[block.thread_rank()]);
  if (block.thread_rank() == 0) out[0] = total;
}
