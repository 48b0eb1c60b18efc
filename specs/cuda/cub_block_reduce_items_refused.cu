// spec: cub::BlockReduce's overload on an array of items per thread takes CUB's reference to an array, which the lowering refuses: a located unsupported error at the call, never a guess
// run: run --block-dim 4 --buffer in=8 --buffer out=1
// exit: 2
// stderr: 16:38: error: unsupported: a reference to a pointer or an array ('int (&)[2]')
// why: Sum(items) binds CUB's `T (&inputs)[ITEMS_PER_THREAD]` to the local array `items`;
//   references to arrays are not lowered (frontends/clang/README.md, "C++"), so the call is
//   refused at its argument, line 16 column 38 (`items`), exit 2.
#include <cub/cub.cuh>

// Two items per thread, summed over a block of 4.
__global__ void blockSumPairs(const int* in, int* out) {
  typedef cub::BlockReduce<int, 4> BlockReduceT;
  __shared__ BlockReduceT::TempStorage temp_storage;
  int items[2] = {in[2 * threadIdx.x], in[2 * threadIdx.x + 1]};
  const int total =
      BlockReduceT(temp_storage).Sum(items);
  if (threadIdx.x == 0) out[0] = total;
}
