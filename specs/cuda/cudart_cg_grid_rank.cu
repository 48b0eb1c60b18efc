// spec: cooperative groups: this_grid().thread_rank() and size() over a 2x2 launch index a grid-stride loop
// run: run --block-dim 2 --grid-dim 2 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[4,4,4,4,4,4,4,4]
// run: check --block-dim 2 --grid-dim 2 --buffer out=8
// exit: 0
// expect: verdict=ok
// why: grid.size() = 2 blocks * 2 threads = 4, thread_rank = blockIdx.x * 2 + threadIdx.x
//   (0..3). The grid-stride loop has rank r write out[r] and out[r + 4] with the value
//   size = 4: every cell of out[8] is 4, each written by one thread of one block: ok.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void fillGrid(int *out, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned int i = grid.thread_rank(); i < 8; i += grid.size()) out[i] = grid.size();
}
