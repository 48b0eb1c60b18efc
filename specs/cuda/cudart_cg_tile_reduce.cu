// spec: cooperative groups: a reduction in thread_block_tile<32> with tile.shfl_down, the tile leader writing its meta_group_rank's slot
// run: run --block-dim 64 --buffer out=2 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[496,1520]
// run: run --block-dim 64 --buffer out=2
// exit: 3
// expect: verdict=warp-primitive location.line=19
// why: tile.shfl_down(v, d) is __shfl_down_sync(full, v, d, 32) over the tile; tile.size() = 32,
//   offsets 16, …, 1. Each thread starts with threadIdx.x; tile rank 0 ends with its tile's
//   sum (as in the warp reduction): tile 0 (threads 0..31) 496, tile 1 (32..63) 32*32 + 496 =
//   1520, written to out[meta_group_rank()] = out[0], out[1]. Under SDV the first shuffle is
//   the verdict warp-primitive, located at the user's call tile.shfl_down (line 19), not in
//   the header.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int tileSum(cg::thread_block_tile<32> tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

__global__ void tileReduce(int *out) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int s = tileSum(tile, threadIdx.x);
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = s;
}
