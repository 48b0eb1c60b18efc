// spec: cooperative groups: the two-phase global sum with block.sync() where grid.sync() belongs: block 0 reads block 1's partial sum with nothing ordering it after block 1's write: an inter-group race
// run: run --block-dim 2 --grid-dim 2 --buffer in=4 --init in=1,2,3,4
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1
// expect: accesses.0={"thread":0,"kind":"read","array":"partial","index":1,"group":0,"location":{"line":55}}
// expect: accesses.1={"thread":0,"kind":"write","array":"partial","index":1,"group":1,"location":{"line":51}}
// run: check --block-dim 2 --grid-dim 2 --buffer in=4
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE
// expect: accesses.0={"thread":0,"kind":"read","array":"partial","index":1,"group":0,"location":{"line":55}}
// expect: accesses.1={"thread":0,"kind":"write","array":"partial","index":1,"group":1,"location":{"line":51}}
// expect: states=8 transitions=6 terminal_states=2 depth=4 witness={"threads":2,"group":1,"init":{}} confirmed=true
// expect: inter_group={"checked":true,"how":"launch"}
// run: prove --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE confirmed=true
// why: without a grid barrier the launch is one phase. Block 0: partial[0] = 3 (line 51),
//   block.sync(), then rank 0 reads partial[0] and partial[1] (line 55) and writes total.
//   Block 1 then writes partial[1] = 7 (line 51): block 0's read of partial[1] and block
//   1's write conflict, and threads of different blocks cannot synchronise (the other
//   accesses: in[] is only read, partial[0] and total only block 0's). The only conflicting
//   cell is partial[1]: thread 0 of group 0 reads it, thread 0 of group 1 writes it.
//   check: no grid barrier, so each block is explored on its own (the branch on the grid rank
//   makes the block id matter: both blocks), 4 states each (three barriers: blockSum's, the
//   block.sync() of line 52, the end): 8 states, 6 transitions, 2 terminal, depth 4, no
//   violation inside a block; then the inter-group races: which cells a block accesses
//   depends on no input value, so the launch is run block by block: the race above, about
//   block 1, confirmed by that run.
//   prove at this launch finds the same pair (thread 0 of block 0 reading partial[1], thread 0
//   of block 1 writing it, with no grid barrier between), confirmed by running the launch.
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
  block.sync();  // BUG: orders this block only; the partials of the other blocks may not be written yet
  if (grid.thread_rank() == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}
