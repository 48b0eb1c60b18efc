// spec: __syncwarp between the steps of a warp-synchronous reduction is refused (a warp barrier: SDV has no warps)
// run: run --block-dim 32
// exit: 2
// stderr: error: unsupported: '__syncwarp', a warp-level primitive
// why: __syncwarp synchronises the lanes of one warp; translating it to a block barrier would
//   change the kernel's meaning (a divergence where the hardware is fine), so it is refused.
__global__ void warpSum(int *s) {
  unsigned int tid = threadIdx.x;
  if (tid < 16) s[tid] += s[tid + 16];
  __syncwarp();
  if (tid < 8) s[tid] += s[tid + 8];
}
