// spec: OpenCL barrier whose fence flags are not a constant: refused
// run: run --local-size 2
// exit: 2
// stderr: ocl_fence_nonconst_flags.cl:12:11: error: unsupported: barrier fence flags that are not a constant
// why: the flags come from a kernel argument (line 12, the argument at column 11: two spaces
//   and "barrier(" are 10 characters); the lowering must know at compile time which memory
//   spaces the barrier orders, so a flag computed at run time is unsupported (exit 2).
__kernel void k(__global int *A, int flags) {
  __local int t[2];
  int i = get_local_id(0);
  t[i] = A[i];
  barrier(flags);
  A[i] = t[1 - i];
}
