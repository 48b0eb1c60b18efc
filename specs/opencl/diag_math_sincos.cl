// spec: OpenCL diagnostic: sincos returns the cosine through a pointer argument; it is refused by name
// run: run --local-size 1
// exit: 2
// stderr: diag_math_sincos.cl:10:10: error: unsupported: sincos (a result through a pointer argument)
// why: line 10, column 10 (after `  s[i] = `) calls sincos with &co: refused, nothing is run.

__kernel void k(__global float *s, __global float *c) {
  int i = get_local_id(0);
  float co;
  s[i] = sincos(s[i], &co);
  c[i] = co;
}
