// spec: cooperative groups: a tile reduction with thread_block_tile<32>::shfl_down is refused, at the user's call
// run: run --block-dim 32
// exit: 2
// stderr: cudart_cg_tile_shfl_refused.cu:13:10: error: unsupported: '__shfl_down_sync', a warp-level primitive
// why: tile.shfl_down is __shfl_down_sync over the tile (our <cooperative_groups.h>); the
//   error points at the call in the kernel's file (line 13, column 10: `tile.shfl_down`),
//   not inside the header.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int tileSum(cg::thread_block_tile<32> tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

__global__ void tileReduce(const int *in, int *out) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int s = tileSum(tile, in[threadIdx.x]);
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = s;
}
