// spec: OpenCL diagnostic: doubles and vectors of doubles are lowered (two words per component), but a saturating convert_T from a double vector is unsupported (at the call)
// run: run --local-size 2
// exit: 2
// stderr: diag_float.cl:11:12: error: unsupported: convert_int2_sat of 'double2' (64-bit: only C's conversion, without _sat and with the default rounding)
// why: line 11 calls `convert_int2_sat` on a double2, at column 12 (two spaces, `int2 c = `):
//   saturation from doubles is not lowered (only C's conversion is). The double on line 9 and
//   the double2 on line 10 are fine. Exit 2, nothing is run.
__kernel void k(__global int *A) {
  double f = 1.5;
  double2 v = (double2)(f, f);
  int2 c = convert_int2_sat(v);
  A[0] = c.x;
}
