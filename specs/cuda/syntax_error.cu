// spec: CUDA syntax error from Clang (a missing operand), forwarded at Clang's line:col, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: syntax_error.cu:8:14: error: expected expression
// why: line 8 `  int x = 1 +;`: the parser expects an operand where it finds the `;`, column 14
//   (2 spaces, then `int x = 1 +` is 11 characters).
__global__ void k(int *out) {
  int x = 1 +;
  out[threadIdx.x] = x;
}
