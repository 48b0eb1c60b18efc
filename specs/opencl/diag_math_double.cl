// spec: OpenCL diagnostic: the double overload of a float math function (exp on double) is unsupported, by name, at the call
// run: run --local-size 1
// exit: 2
// stderr: diag_math_double.cl:11:10: error: unsupported: exp on 'double' (only the float overloads are lowered)
// why: line 11, column 10 (`  d[i] = ` is 9 characters) is the call of exp on a double: KPL has no
//   double math functions, so it is refused rather than computed in float.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global double *d) {
  int i = get_local_id(0);
  d[i] = exp(d[i]);
}
