// spec: OpenCL diagnostic: a double local is unsupported (at the variable's name), and so is its conversion (float is lowered)
// run: run --local-size 2
// exit: 2
// stderr: diag_float.cl:10:10: error: unsupported: type '__private double' (64-bit floating point)
// stderr: diag_float.cl:11:15: error: unsupported: type 'double' (64-bit floating point)
// why: line 10 declares `double f`: Clang locates a declaration at its name, column 10. Line 11
//   converts it to int: the operand `f` of the cast is at column 15 (its type, double, is the
//   unsupported part). Exit 2, nothing is run. KPL words are 32 bits: double is not modelled.
__kernel void k(__global int *A) {
  double f = 1.5;
  A[0] = (int)f;
}
