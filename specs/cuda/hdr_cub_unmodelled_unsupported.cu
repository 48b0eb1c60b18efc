// spec: a CUB header sdvmc does not model (<cub/block/block_radix_sort.cuh>) is one located unsupported error naming it and what is modelled, whether the system has libcub-dev or not
// run: run --block-dim 4 --buffer keys=4
// exit: 2
// stderr: 9:10: error: unsupported: <cub/block/block_radix_sort.cuh>: sdvmc models CUB's BlockReduce, BlockScan, BlockLoad, BlockStore and WarpReduce only
// why: sdvmc's own CUB headers are <cub/cub.cuh>, block_reduce, block_scan, block_load,
//   block_store and warp_reduce; block_radix_sort.cuh is the system's (not parsed by sdvmc's
//   cuda.h) or not found: refused at line 9, column 10 (the header's name), exit 2.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_radix_sort.cuh>

__global__ void sortKeys(int* keys) {
  using BlockRadixSortT = cub::BlockRadixSort<int, 4, 1>;
  __shared__ typename BlockRadixSortT::TempStorage temp_storage;
  int key[1] = {keys[threadIdx.x]};
  BlockRadixSortT(temp_storage).Sort(key);
  keys[threadIdx.x] = key[0];
}
