// spec: cooperative groups: votes in thread_block_tile<4> (ballot with the tile's bits, any, all) under --model simt:32; SDV has no warps
// run: run --block-dim 8 --buffer out=8 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[910,910,910,910,410,410,410,410]
// run: check --block-dim 8 --buffer out=8 --model simt:32
// exit: 0
// expect: verdict=ok
// run: run --block-dim 8 --buffer out=8
// exit: 3
// expect: verdict=warp-primitive
// why: p = (rank % 3 == 0) holds for ranks 0, 3 and 6. The 8 threads are one warp; a tile of 4
//   holds ranks 4m .. 4m + 3 and its ballot has tile rank i at bit i: tile 0 has ranks 0 and 3,
//   0b1001 = 9; tile 1 has rank 6 = tile rank 2, 0b100 = 4. any(p) is 1 in both tiles, all(p)
//   0 in both (the tile's ballot is not 0b1111). out[rank] = ballot * 100 + any * 10 + all:
//   910 for ranks 0..3, 410 for ranks 4..7; every thread writes its own cell. Under SDV the
//   ballot is the verdict warp-primitive (exit 3).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tileVotes(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<4> tile = cg::tiled_partition<4>(block);
  int p = block.thread_rank() % 3 == 0;
  out[block.thread_rank()] = tile.ballot(p) * 100 + tile.any(p) * 10 + tile.all(p);
}
