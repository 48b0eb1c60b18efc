// spec: OpenCL diagnostic: convert_float_rtz of an int needs directed rounding, which KPL's itof (round to nearest even) does not give
// run: run --local-size 1
// exit: 2
// stderr: diag_convert_rtz_int.cl:8:10: error: unsupported: convert to float with rounding mode _rtz
// why: line 8: 2 spaces and `F[0] = ` put the call at column 10. 16777217 has no float; toward
//   zero it would be 16777216 and to nearest even too, but 16777219 differs (16777218 vs 16777220).
__kernel void k(__global float *F, __global int *A) {
  F[0] = convert_float_rtz(A[0]);
}
