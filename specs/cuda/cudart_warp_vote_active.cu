// spec: warp votes inside a divergent branch: __activemask() names the lanes in the branch, __any_sync and __all_sync vote among them
// run: run --block-dim 8 --buffer in=8 --buffer out=8 --init in=1,2,3,4,5,-6,7,8 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[6310,6310,6310,6310,6310,6310,0,0]
// why: one warp of 8 lanes; lanes 0..5 enter the branch, so __activemask() = 0b111111 = 63.
//   Among them in[5] = -6 < 0: __any_sync(63, in < 0) = 1, and not all are positive:
//   __all_sync(63, in > 0) = 0. Each of lanes 0..5 writes 63 * 100 + 1 * 10 + 0 = 6310; lanes
//   6 and 7 write nothing (out starts at 0 in run).
__global__ void vote(const int *in, int *out) {
  int tid = threadIdx.x;
  if (tid < 6) {
    unsigned int active = __activemask();
    int anyNeg = __any_sync(active, in[tid] < 0);
    int allPos = __all_sync(active, in[tid] > 0);
    out[tid] = active * 100 + anyNeg * 10 + allPos;
  }
}
