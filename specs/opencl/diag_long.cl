// spec: OpenCL diagnostic: long is 64 bits in OpenCL C, unsupported (a local and a pointer parameter)
// run: run --local-size 2
// exit: 2
// stderr: diag_long.cl:8:49: error: unsupported:
// stderr: diag_long.cl:9:8: error: unsupported:
// why: line 8's parameter `__global long *B` is named at column 49 (16 + 17 + 15 characters
//   before it); line 9 declares `long x`, named at column 8. OpenCL's long (and ulong) are 64-bit: refused, exit 2.
__kernel void k(__global int *A, __global long *B) {
  long x = get_local_id(0);
  A[0] = 1;
}
