// spec: cooperative groups: grid-wide synchronisation (this_grid().sync(), a cooperative launch) is refused
// run: run --block-dim 2 --grid-dim 2
// exit: 2
// stderr: error: unsupported: grid-wide synchronisation (grid_group::sync)
// why: a grid barrier makes every block wait for every other; KPL's groups run one after
//   another (specs/KPL.md, "Several groups") and cannot wait for each other, so the call is
//   refused (pointed at the user's grid.sync() call).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(int *data, int *out) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = grid.thread_rank();
  grid.sync();
  out[grid.thread_rank()] = data[(grid.thread_rank() + 1) % grid.size()];
}
