// spec: OpenCL diagnostic: a float local is unsupported (at the variable's name), and so is its conversion
// run: run --local-size 2
// exit: 2
// stderr: diag_float.cl:9:9: error: unsupported:
// stderr: diag_float.cl:10:10: error: unsupported:
// why: line 9 declares `float f`: Clang locates a declaration at its name, column 9. Line 10
//   converts it to int: the cast expression starts at column 10. Exit 2, nothing is run.
__kernel void k(__global int *A) {
  float f = 1.5f;
  A[0] = (int)f;
}
