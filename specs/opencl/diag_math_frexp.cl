// spec: OpenCL diagnostic: frexp returns the exponent through a pointer argument; it is refused by name (sincos and modf are lowered)
// run: run --local-size 1
// exit: 2
// stderr: diag_math_frexp.cl:11:10: error: unsupported: frexp (a result through a pointer argument)
// why: line 11, column 10 (after `  m[i] = `) calls frexp with &e: refused, nothing is run.

__kernel void k(__global float *m, __global int *ex) {
  int i = get_local_id(0);
  int e;
  float c;
  m[i] = frexp(m[i], &e) + sincos(m[i], &c);
  ex[i] = e;
}
