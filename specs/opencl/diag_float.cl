// spec: OpenCL diagnostic: double is lowered (two words) but a vector of doubles is unsupported (at the variable's name)
// run: run --local-size 2
// exit: 2
// stderr: diag_float.cl:10:11: error: unsupported: vector type 'double2' (elements of type 'double' (64-bit floating point))
// why: line 10 declares `double2 v`: Clang locates a declaration at its name, column 11 (two
//   spaces, `double2`, a space). Vectors are lowered one word per component; 64-bit components
//   are not. The double on line 9 is fine. Exit 2, nothing is run.
__kernel void k(__global int *A) {
  double f = 1.5;
  double2 v = (double2)(f, f);
  A[0] = (int)f;
}
