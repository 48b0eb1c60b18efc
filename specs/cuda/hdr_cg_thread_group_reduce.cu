// spec: cooperative groups: thread_group (the base of thread_block and the tiles: sync, size, thread_rank), tiled_partition(block, n), and cg::reduce(tile, v, cg::plus<int>()) from <cooperative_groups/reduce.h>
// run: run --block-dim 64 --buffer out=2 --buffer sizes=4 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[496,1520] final.sizes=[64,32,32,0]
// why: reduce over a thread_block_tile<32> gives every lane its tile's sum of threadIdx.x:
//   tile 0 (0..31) 496, tile 1 (32..63) 32*32 + 496 = 1520; rank 0 of each tile writes it to
//   out[meta_group_rank()]. Thread 0 records the thread_group sizes: the block 64, the tile
//   32, tiled_partition(block, 32) 32, and its rank in that group 0.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ unsigned groupSize(cg::thread_group g) { return g.size(); }

__global__ void tileReduce(int *out, unsigned *sizes) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int s = cg::reduce(tile, (int)threadIdx.x, cg::plus<int>());
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = s;
  cg::thread_group part = cg::tiled_partition(block, 32);
  if (block.thread_rank() == 0) {
    sizes[0] = groupSize(block);
    sizes[1] = groupSize(tile);
    sizes[2] = part.size();
    sizes[3] = part.thread_rank();
  }
  block.sync();
}
