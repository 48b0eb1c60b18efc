// spec: shuffle widths and tile sizes known only at run time: a power of 2 up to 32 segments the warp exactly as a constant one does; any other (12, 3) is the verdict warp-width (CUDA leaves it undefined)
// run: run --kernel segmentedSums --block-dim 8 --buffer in=8 --buffer out=8 --buffer widths=1 --init widths=4 --init in=1,2,3,4,5,6,7,8 --model simt:8
// exit: 0
// expect: verdict=ok final.out=[10,10,10,10,26,26,26,26]
// run: run --kernel segmentedSums --block-dim 8 --buffer in=8 --buffer out=8 --buffer widths=1 --init widths=2 --init in=1,2,3,4,5,6,7,8 --model simt:8
// exit: 0
// expect: verdict=ok final.out=[3,3,7,7,11,11,15,15]
// run: run --kernel segmentedSums --block-dim 8 --buffer in=8 --buffer out=8 --buffer widths=1 --init widths=12 --model simt:8
// exit: 1
// expect: verdict=warp-width threads=[0] width=12 location.line=43
// run: check --kernel segmentedSums --block-dim 8 --buffer in=8 --buffer out=8 --buffer widths=1 --domain 4..4 --model simt:8
// exit: 0
// expect: verdict=ok
// run: run --kernel tileRanks --block-dim 8 --buffer out=8 --buffer sizes=1 --init sizes=4 --model simt:8
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3,0,1,2,3]
// run: run --kernel tileRanks --block-dim 8 --buffer out=8 --buffer sizes=1 --init sizes=3 --model simt:8
// exit: 1
// expect: verdict=warp-width threads=[0] width=3 location.line=53
// run: run --kernel tileRanks --block-dim 8 --buffer out=8 --buffer sizes=1 --init sizes=3
// exit: 1
// expect: verdict=warp-width threads=[0] width=3 location.line=53
// why: CUDA: a shuffle's width must be a power of 2 no larger than warpSize (32), and a
//   tiled_partition's tile size a power of 2 up to 32; otherwise undefined. segmentedSums
//   xors the lane with width / 2, …, 1 inside segments of `width` lanes (lane ^ m stays in
//   the lane's segment). width 4, in = 1..8: segments {1, 2, 3, 4} -> 10, {5, 6, 7, 8} ->
//   26, every lane of a segment ends with its sum. width 2: 1 + 2, 3 + 4, 5 + 6, 7 + 8 = 3,
//   7, 11, 15. width 12: the first shuffle (offset 6) has a width that is not a power of 2:
//   warp-width at the lowest lane, 0. check with every arbitrary cell 4 (width 4, in all 4):
//   ok. tileRanks, tileSize 4: thread_rank() = rank % 4 = 0, 1, 2, 3, 0, 1, 2, 3; the tile's
//   sync() is __syncwarp with the tile's lanes (0x0f for lanes 0..3, 0xf0 for 4..7), all
//   executing it: ok. tileSize 3: tiled_partition's size is not a power of 2: warp-width at
//   the call, lane 0, under simt:8 and under SDV alike (the check needs no warp; it comes
//   before the tile's sync, which SDV could not run). The width-4 and width-2 sums, with the
//   width read from device memory, gave these values on an H100 (nvcc -arch=sm_90, one
//   8-thread block; 2026-11-26).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ int segmentSum(int v, int width) {
  for (int offset = width / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset, width);
  return v;
}

__global__ void segmentedSums(const int *in, int *out, const int *widths) {
  out[threadIdx.x] = segmentSum(in[threadIdx.x], widths[0]);
}

__global__ void tileRanks(int *out, const int *sizes) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(block, sizes[0]);
  out[block.thread_rank()] = tile.thread_rank();
  tile.sync();
}
