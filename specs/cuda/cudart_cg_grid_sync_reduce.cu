// spec: cooperative groups: a two-phase global sum, each block's partial sum, grid.sync(), then block 0 adds the partials: correct only because of the grid barrier
// run: run --block-dim 2 --grid-dim 2 --buffer in=4 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.partial=[3,7] final.total=[10]
// run: check --block-dim 2 --grid-dim 2 --buffer in=4
// exit: 2
// stderr: cudart_cg_grid_sync_reduce.cu:40:3: error: unsupported: check does not handle grid barriers
// run: run --block-dim 2 --grid-dim 2 --group 1
// exit: 2
// stderr: cudart_cg_grid_sync_reduce.cu:40:3: error: unsupported: run --group does not handle grid barriers
// why: 2 blocks of 2 threads; grid rank r = 2·blockIdx.x + threadIdx.x. Phase 0: thread t of
//   block b stores in[r] in its block's scratch[t], block.sync(), thread 0 writes
//   partial[b] = scratch[0] + scratch[1]: partial[0] = 1 + 2 = 3, partial[1] = 3 + 4 = 7
//   (each block its own cell: no inter-group race). grid.sync() (line 40) ends the phase for
//   every block. Phase 1: rank 0 (thread 0 of block 0) reads partial[0] and partial[1]: the
//   write of partial[1] by block 1 is in phase 0, ordered before by the grid barrier, so
//   no race; total[0] = 3 + 7 = 10. check and run --group run one block at a time: refused
//   at the user's grid.sync() call (40:3), not inside the cooperative groups header.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

namespace reduce {
// Every thread of the block gets the sum of the block's values.
template <typename T>
__device__ T blockSum(T* scratch, T v, cg::thread_block block) {
  scratch[block.thread_rank()] = v;
  block.sync();
  T s = T(0);
  for (unsigned i = 0; i < block.size(); ++i) s += scratch[i];
  return s;
}
}  // namespace reduce

__global__ void sumAll(const int* in, int* partial, int* total) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int scratch[2];
  const int s = reduce::blockSum(scratch, in[grid.thread_rank()], block);
  if (block.thread_rank() == 0) partial[blockIdx.x] = s;
  grid.sync();
  if (grid.thread_rank() == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}
