// spec: CUDA __syncthreads_count (a barrier with a reduction) is unsupported, diagnosed at the call, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_syncthreads_count.cu:8:11: error: unsupported: __syncthreads_count
// why: line 8 `  int c = __syncthreads_count(…)`: the call starts at column 11 (2 spaces, `int c = `
//   is 8 characters).
__global__ void k(int *out) {
  int c = __syncthreads_count(threadIdx.x < 1);
  out[threadIdx.x] = c;
}
