// spec: cub::BlockScan (sdvmc's model): the exclusive sum of per-thread counts with the block aggregate, then the inclusive sum, on one TempStorage with CUB's barrier between
// run: run --block-dim 8 --buffer counts=8 --buffer exclusive=8 --buffer inclusive=8 --buffer totals=8 --init counts=3,1,4,1,5,9,2,6
// exit: 0
// expect: verdict=ok final.exclusive=[0,3,4,8,9,14,23,25] final.inclusive=[3,4,8,9,14,23,25,31] final.totals=[31,31,31,31,31,31,31,31]
// why: counts 3,1,4,1,5,9,2,6. Exclusive sum: thread t gets the sum of threads 0..t-1 (0 for
//   thread 0): 0, 3, 4, 8, 9, 14, 23, 25; the block aggregate 31 in every thread. Inclusive:
//   the sums of 0..t: 3, 4, 8, 9, 14, 23, 25, 31. Each output cell has one writer; the barrier
//   separates the inclusive scan's stores into the TempStorage from the exclusive scan's reads.
#include <cub/cub.cuh>

// Stream compaction's offsets: each thread's exclusive prefix of the counts, the block's
// total, and the inclusive prefix, with one TempStorage and CUB's barrier between the scans.
template <int BLOCK_THREADS>
__global__ void prefixOffsets(const int* counts, int* exclusive, int* inclusive, int* totals) {
  typedef cub::BlockScan<int, BLOCK_THREADS> BlockScanT;
  __shared__ typename BlockScanT::TempStorage temp_storage;
  const int tid = threadIdx.x;
  int offset, total, running;
  BlockScanT(temp_storage).ExclusiveSum(counts[tid], offset, total);
  __syncthreads();
  BlockScanT(temp_storage).InclusiveSum(counts[tid], running);
  exclusive[tid] = offset;
  inclusive[tid] = running;
  totals[tid] = total;
}

template __global__ void prefixOffsets<8>(const int*, int*, int*, int*);
