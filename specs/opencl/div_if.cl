// spec: OpenCL barrier divergence: a barrier inside an if on the local id
// run: run --local-size 4
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=11 location.col=5 enabled=[0,1] disabled=[2,3]
// why: threads 0 and 1 satisfy i < 2 and reach the barrier of line 11; threads 2 and 3 do not.
//   A barrier with some but not all threads enabled is G-DIVERGENCE.
__kernel void first_half(__global int *A) {
  int i = get_local_id(0);
  A[i] = i;
  if (i < 2) {
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
