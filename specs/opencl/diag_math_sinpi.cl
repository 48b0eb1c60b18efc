// spec: OpenCL diagnostic: sinpi has no exact composition of the float operators (sin(pi * x) rounds pi * x first); it is refused by name
// run: run --local-size 1
// exit: 2
// stderr: diag_math_sinpi.cl:10:10: error: unsupported: sinpi (no exact composition of the float operators
// why: line 10, column 10 (after `  s[i] = `): sinpi(x) = sin(pi x) computed exactly differs from
//   sinf(pi * x) with pi * x rounded, so it is refused.

__kernel void k(__global float *s) {
  int i = get_local_id(0);
  s[i] = sinpi(s[i]);
}
