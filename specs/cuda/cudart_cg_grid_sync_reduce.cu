// spec: cooperative groups: a two-phase global sum, each block's partial sum, grid.sync(), then block 0 adds the partials: correct only because of the grid barrier
// run: run --block-dim 2 --grid-dim 2 --buffer in=4 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.partial=[3,7] final.total=[10]
// run: check --block-dim 2 --grid-dim 2 --buffer in=4
// exit: 0
// expect: verdict=ok states=7 transitions=6 terminal_states=1 discarded=0 depth=7
// expect: inter_group={"checked":true,"how":"exploration"} groups_explored={"groups":[0,1],"representative":false}
// run: check --block-dim 2 --grid-dim 2 --buffer in=4 --group 1
// exit: 2
// stderr: cudart_cg_grid_sync_reduce.cu:63:3: error: unsupported: check explores a kernel with grid barriers as the whole launch (groups 0..1), not --group 1
// run: run --block-dim 2 --grid-dim 2 --group 1
// exit: 2
// stderr: cudart_cg_grid_sync_reduce.cu:63:3: error: unsupported: run --group does not handle grid barriers
// run: prove --block-dim 2 --grid-dim 2
// exit: 0
// expect: verdict=ok
// why: 2 blocks of 2 threads; grid rank r = 2·blockIdx.x + threadIdx.x. Phase 0: thread t of
//   block b stores in[r] in its block's scratch[t], block.sync(), thread 0 writes
//   partial[b] = scratch[0] + scratch[1]: partial[0] = 1 + 2 = 3, partial[1] = 3 + 4 = 7
//   (each block its own cell: no inter-group race). grid.sync() (line 63) ends the phase for
//   every block. Phase 1: rank 0 (thread 0 of block 0) reads partial[0] and partial[1]: the
//   write of partial[1] by block 1 is in phase 0, ordered before by the grid barrier, so
//   no race; total[0] = 3 + 7 = 10. run --group runs one block: refused at the user's
//   grid.sync() call (63:3), not inside the cooperative groups header; so is check --group 1
//   (one block cannot pass the grid barrier without the other).
//   check explores the launch (LaunchModel.h): in, scratch, partial and total hold values that
//   are only summed and stored (abstract: nothing is chosen), so one configuration; each block
//   passes three barriers (block.sync() in blockSum, grid.sync(), the kernel's end). s0: block
//   0 to block.sync() -> s1; to grid.sync(), where it stops -> s2; block 1 likewise -> s3,
//   then s4 with the phase ended (both at the same grid barrier, partial[0] and partial[1]
//   written by different blocks: no conflict), the next phase starting; block 0 to its end
//   (rank 0 reads partial[0..1], writes total: the writes of partial were in the phase before)
//   -> s5; block 1 to its end (no access to a global cell in this phase: its threads are not
//   rank 0) -> s6, terminal. 7 states (1 + G·k with G = 2 blocks, k = 3 barriers), 6
//   transitions, depth 7.
//   prove (the pair encoding at this launch, grid.sync() a barrier of the whole launch): no
//   two threads conflict within a phase (scratch[t] by thread t, read after block.sync();
//   partial[b] by thread 0 of block b; total by rank 0 only) and the grid barrier separates
//   the writes of partial from their reads; the loop over gridDim.x = 2 blocks runs twice (not
//   cut): a proof for every input at this launch.
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
