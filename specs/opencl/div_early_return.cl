// spec: OpenCL early return before a barrier: the threads that returned miss it (divergence)
// run: run --local-size 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=12 location.col=3 enabled=[0,1] disabled=[2,3]
// why: threads 2 and 3 return (line 10) and stay disabled for the rest of the kernel; threads 0
//   and 1 reach the barrier of line 12 → G-DIVERGENCE.
__kernel void early(__global int *A) {
  int i = get_local_id(0);
  if (i >= 2)
    return;
  A[i] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i + 2] = A[i + 1];
}
