// spec: CUDA recursion is rejected (calls are inlined): diagnosed at the recursive call, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_recursion.cu:12:14: error: recursion: fact -> fact
// why: fact calls itself at line 12; the call expression `fact(n - 1)`, alone on that line
//   after 13 spaces, starts at column 14.
__device__ int fact(int n) {
  if (n <= 1)
    return 1;
  else
    return n *
             fact(n - 1);
}
__global__ void k(int *out) {
  out[threadIdx.x] = fact(3);
}
