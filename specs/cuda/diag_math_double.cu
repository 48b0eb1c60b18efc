// spec: CUDA diagnostic: exp of a double is refused by name (only the float overloads of the math library are lowered)
// run: run --block-dim 1
// exit: 2
// stderr: diag_math_double.cu:9:10: error: unsupported: exp on 'double' (only the float overloads are lowered)
// why: line 9, column 10 (after `  a[i] = `) is the call of exp(double).

__global__ void k(double *a) {
  int i = threadIdx.x;
  a[i] = exp(a[i]);
}
