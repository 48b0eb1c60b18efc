// spec: OpenCL diagnostic: get_local_id with a dimension that is not a constant
// run: run --local-size 2
// exit: 2
// stderr: diag_nonconst_dim.cl:10:23: error: unsupported: a dimension that is not a constant
// why: the dimension argument `d` (read from memory, line 9) of get_local_id on line 10 is at
//   column 23 (2 spaces + "A[1] = get_local_id(" is 22 characters); dimensions must be
//   constants for the launch geometry to be known. Exit 2.
__kernel void k(__global int *A) {
  int d = A[0];
  A[1] = get_local_id(d);
}
