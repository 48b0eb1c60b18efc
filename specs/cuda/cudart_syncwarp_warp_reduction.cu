// spec: a warp-synchronous reduction made correct for independent thread scheduling with __syncwarp() between its steps: ok under --model simt:32; under SDV the verdict warp-primitive at the first __syncwarp
// run: run --block-dim 32 --buffer out=1 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[48]
// run: check --block-dim 32 --buffer out=1 --model simt:32
// exit: 0
// expect: verdict=ok
// run: run --block-dim 32 --buffer out=1
// exit: 3
// expect: verdict=warp-primitive location.line=20
// why: s[t] = t; step 1 (t < 16): s[t] = t + (t + 16); step 2 (t < 8): s[t] += s[t + 8], so
//   s[0] = (0 + 16) + (8 + 24) = 48, written to out[0]. One warp of 32 lanes runs in lock step:
//   the accesses of different statements never race within a warp, and no statement has two
//   lanes write one cell: ok (__syncwarp changes nothing in lock step). SDV has no warps:
//   the first __syncwarp (line 20) is the verdict warp-primitive (exit 3).
__global__ void warpSum(int *out) {
  __shared__ int s[32];
  unsigned int tid = threadIdx.x;
  s[tid] = tid;
  __syncwarp();
  if (tid < 16) s[tid] += s[tid + 16];
  __syncwarp();
  if (tid < 8) s[tid] += s[tid + 8];
  __syncwarp();
  if (tid == 0) out[0] = s[0];
}
