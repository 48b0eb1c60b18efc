// spec: cooperative groups: the same tree reduction without block.sync() between the steps races
// run: run --block-dim 4 --buffer in=4 --buffer out=1
// exit: 1
// expect: verdict=race
// run: check --block-dim 4 --buffer in=4 --buffer out=1
// exit: 1
// expect: verdict=race
// why: after the stores s[rank] = v (no barrier), step stride 2 has thread 0 read s[2],
//   which thread 2 wrote: a read-write race between threads 0 and 2 (among others), for any
//   input.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void sumKernelNoSync(const int *in, int *out) {
  __shared__ int s[4];
  cg::thread_block block = cg::this_thread_block();
  unsigned int rank = block.thread_rank();
  s[rank] = in[rank];
  for (unsigned int stride = block.size() / 2; stride > 0; stride /= 2)
    if (rank < stride) s[rank] += s[rank + stride];
  if (rank == 0) out[0] = s[0];
}
