// spec: cooperative groups: the two-phase global sum with grid.sync() inside a branch on blockIdx.x: block 0 waits at the grid barrier, block 1 finishes without reaching it: grid barrier divergence (a hang on a GPU)
// run: run --block-dim 2 --grid-dim 2 --buffer in=4 --init in=1,2,3,4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE scope=grid grid_groups=[0,1] group=0
// expect: location.line=33 location.col=5
// why: phase 0: block 0 writes partial[0] = 3, takes the branch (blockIdx.x == 0) with both
//   its threads (no divergence inside the block) and waits at grid.sync() (line 33); block
//   1 writes partial[1] = 7 (another cell: no inter-group race), does not take the branch and
//   finishes. Block 0 waits at a grid barrier that block 1 never reaches: grid barrier
//   divergence, grid_groups = [0 (waiting), 1], at block 0's grid.sync() (33:5).
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
  if (blockIdx.x == 0) {
    grid.sync();  // BUG: only block 0 waits here; the other blocks never arrive
    if (block.thread_rank() == 0) {
      int t = 0;
      for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
      *total = t;
    }
  }
}
