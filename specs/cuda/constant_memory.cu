// spec: CUDA __constant__ arrays: an initialised one (its initialiser) and an uninitialised one (written by the host: arbitrary, 0 in run unless --init)
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[16,14,12,10]
// run: run --block-dim 4 --init K=0,100
// exit: 0
// expect: verdict=ok final.out=[116,114,112,110]
// why: out[t] = 2·W[3 - t] + K[1] with W = {5,6,7,8}: 16, 14, 12, 10 (+ K[1] = 0 by default,
//   100 with --init K=0,100). Only reads of W and K: no conflict.
__constant__ int W[4] = {5, 6, 7, 8};
__constant__ int K[2];
__global__ void weights(int *out) {
  out[threadIdx.x] = W[3 - threadIdx.x] * 2 + K[1];
}
