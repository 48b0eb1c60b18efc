// spec: warp vote __ballot_sync (counting a warp's positive values with __popc) is refused
// run: run --block-dim 32
// exit: 2
// stderr: error: unsupported: '__ballot_sync', a warp-level primitive
// why: a ballot gathers a predicate from every lane of the warp; SDV has no warps.
__global__ void countPositive(const int *in, int *count) {
  unsigned int mask = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  if (threadIdx.x == 0) count[0] = __popc(mask);
}
