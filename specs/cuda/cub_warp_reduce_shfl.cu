// spec: cub::WarpReduce (sdvmc's model, CUB's shuffle reduction) on logical warps of 4 threads, a TempStorage per warp as in CUB's examples: the warp sums under --model simt:4 and simt:32, and the verdict warp-primitive under SDV, which has no warps
// run: run --block-dim 8 --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8 --model simt:4
// exit: 0
// expect: verdict=ok final.out=[10,26]
// run: run --block-dim 8 --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[10,26]
// run: run --block-dim 8 --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8
// exit: 3
// expect: verdict=warp-primitive threads=[0] location.line=26
// why: Logical warp w = threads 4w..4w+3, lane = t % 4. CUB's shuffle tree: offset 1, lanes
//   0..2 add the value of lane + 1 (lane 3 keeps its own: 3 + 1 > last lane 3); offset 2,
//   lanes 0, 1 add lane + 2. Lane 0: (x0 + x1) + (x2 + x3). Warp 0: 1+2+3+4 = 10; warp 1:
//   5+6+7+8 = 26, written by lanes 0 (threads 0 and 4). The shuffles have width 4, so with
//   the model's warps of 4 or of 32 threads (8 threads: one warp) each lane reads within its
//   logical warp: the same sums. Under SDV the first shuffle (inside the header, located at
//   the Sum call on line 26) is evaluated by thread 0 first: warp-primitive, exit 3.
#include <cub/warp/warp_reduce.cuh>

// One sum per logical warp of 4 threads, CUB's example layout (a TempStorage per warp).
template <int LOGICAL_WARP>
__global__ void warpSums(const int* in, int* out) {
  using WarpReduceT = cub::WarpReduce<int, LOGICAL_WARP>;
  __shared__ typename WarpReduceT::TempStorage temp_storage[2];
  const int warp_id = threadIdx.x / LOGICAL_WARP;
  const int sum = WarpReduceT(temp_storage[warp_id]).Sum(in[threadIdx.x]);
  if (threadIdx.x % LOGICAL_WARP == 0) out[warp_id] = sum;
}

template __global__ void warpSums<4>(const int*, int*);
