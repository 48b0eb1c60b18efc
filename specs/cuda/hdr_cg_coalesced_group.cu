// spec: cooperative groups: coalesced_threads() is the warp's active lanes (__activemask), with size, thread_rank and shfl by group rank; under SDV (no warps) the verdict warp-primitive
// run: run --block-dim 8 --buffer size=8 --buffer rank=8 --buffer first=8 --buffer third=8 --model simt:32
// exit: 0
// expect: verdict=ok final.size=[0,4,0,4,0,4,0,4] final.rank=[0,0,0,1,0,2,0,3] final.first=[0,10,0,10,0,10,0,10] final.third=[0,50,0,50,0,50,0,50]
// run: run --block-dim 8 --buffer size=8 --buffer rank=8 --buffer first=8 --buffer third=8
// exit: 3
// expect: verdict=warp-primitive
// why: one warp of 8 lanes; the odd lanes 1, 3, 5, 7 enter the branch, so the mask is 0xAA:
//   size 4, thread_rank = the set bits below the lane: lane 1 0, 3 1, 5 2, 7 3. shfl(v, 0)
//   reads the lowest set bit's lane, 1 (v = 10); shfl(v, 2) drops the two lowest set bits
//   (0xA0) and reads lane 5 (v = 50). Even lanes write nothing (0). Under SDV __activemask
//   is the verdict warp-primitive.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void oddLanes(unsigned *size, unsigned *rank, int *first, int *third) {
  unsigned i = threadIdx.x;
  if (i % 2 == 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    size[i] = g.size();
    rank[i] = g.thread_rank();
    first[i] = g.shfl((int)(10 * i), 0);
    third[i] = g.shfl((int)(10 * i), 2);
  }
}
