// spec: CUDA an array dimension that is not a constant (a variable-length array sized by a kernel parameter) is refused by Clang, exit 2
// run: run --block-dim 2 --param n=4
// exit: 2
// stderr: vla_dimension.cu:9:10: error: cannot use variable-length arrays
// why: line 9 `  int loc[n];` sizes a private array by the parameter n; CUDA forbids VLAs in
//   __global__ functions and Clang points at the array's bracket, column 10 (2 spaces, `int`, a
//   space, `loc`). The error is forwarded at Clang's line:col.
__global__ void k(int *out, int n) {
  int loc[n];
  loc[0] = n;
  out[threadIdx.x] = loc[0];
}
