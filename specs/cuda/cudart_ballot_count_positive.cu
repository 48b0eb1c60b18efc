// spec: warp vote: __ballot_sync of a predicate and __popc of the mask count a warp's positive inputs
// run: run --block-dim 8 --buffer in=8 --buffer count=1 --init in=1,-2,3,0,5,6,-7,8 --model simt:32
// exit: 0
// expect: verdict=ok final.count=[5]
// run: run --block-dim 8 --buffer in=8 --buffer count=1 --init in=1,-2,3,0,5,6,-7,8
// exit: 3
// expect: verdict=warp-primitive
// why: 8 threads are one warp of 8 lanes under simt:32. in[t] > 0 holds for lanes 0, 2, 4, 5
//   and 7: the ballot is 1 + 4 + 16 + 32 + 128 = 181 in every lane, ANDed with the full
//   mask, and __popc(181) = 5; thread 0 writes count[0] = 5. Under SDV: warp-primitive.
__global__ void countPositive(const int *in, int *count) {
  unsigned int mask = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  if (threadIdx.x == 0) count[0] = __popc(mask);
}
