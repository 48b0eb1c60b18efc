// spec: under --model simt:W blockDim is the block's size (not the warp's) and warpSize is W; under SDV warpSize is 32
// run: run --block-dim 8 --buffer out=8 --model simt:4
// exit: 0
// expect: verdict=ok final.out=[804,804,804,804,804,804,804,804]
// run: run --block-dim 8 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[832,832,832,832,832,832,832,832]
// why: out[t] = blockDim.x * 100 + warpSize: the block has 8 threads in both models;
//   warpSize is 4 under simt:4 (8 * 100 + 4 = 804) and 32 under SDV (832).
__global__ void geometry(int *out) {
  out[threadIdx.x] = blockDim.x * 100 + warpSize;
}
