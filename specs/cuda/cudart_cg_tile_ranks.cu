// spec: cooperative groups: tiled_partition<4> of an 8-thread block; each thread records its tile's meta_group_rank and its thread_rank in the tile
// run: run --block-dim 8 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3,10,11,12,13]
// run: check --block-dim 8 --buffer out=8
// exit: 0
// expect: verdict=ok
// why: a tile of 4 holds block ranks 4m .. 4m + 3: meta_group_rank = rank / 4 and
//   thread_rank = rank % 4 (size() = 4). out[rank] = 10 * (rank / 4) + rank % 4:
//   ranks 0..3 give 0..3, ranks 4..7 give 10..13. Every thread writes its own cell: ok.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tileRanks(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<4> tile = cg::tiled_partition<4>(block);
  out[block.thread_rank()] = 10 * tile.meta_group_rank() + tile.thread_rank();
}
