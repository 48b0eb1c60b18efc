// spec: OpenCL barrier divergence inside a helper function called with a per-thread argument
// run: run --local-size 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=11 location.col=5 enabled=[3] disabled=[0,1,2]
// why: sync_if(c) executes its barrier (line 11) only when c is true; the kernel passes
//   get_local_id(0) == 3, true for thread 3 only. Calls are inlined: the barrier runs with
//   thread 3 enabled and 0, 1, 2 disabled → G-DIVERGENCE at line 11.
void sync_if(int c, __global int *A, int i) {
  A[i] = c;
  if (c)
    barrier(CLK_LOCAL_MEM_FENCE);
}
__kernel void k(__global int *A) {
  sync_if(get_local_id(0) == 3, A, get_local_id(0));
}
