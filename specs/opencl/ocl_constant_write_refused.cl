// spec: OpenCL writes to __constant memory are refused by the compiler (a const-qualified address space): exit 2 at the assignment
// run: run --local-size 2
// exit: 2
// stderr: ocl_constant_write_refused.cl:12:12: error: read-only variable is not assignable
// why: in OpenCL C __constant objects are read-only: Clang rejects the assignment to
//   table[i] (line 12; Clang points at the `=`, column 12 after "  table[i]") before any lowering, so
//   OpenCL kernels cannot reach the constant-write verdict through plain assignments; it
//   guards CUDA's __constant__ and KPL's const global arrays.
__constant int table[2] = {1, 2};
__kernel void k(__global int *out) {
  int i = get_local_id(0);
  table[i] = out[i];
}
