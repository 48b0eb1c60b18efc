// spec: OpenCL continue before a barrier in a uniform loop: the continuing thread misses the iteration's barrier
// run: run --local-size 3
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=13 location.col=5 enabled=[1,2] disabled=[0]
// why: the loop runs twice for every thread, but thread 0 executes continue (line 12) and is
//   disabled for the rest of the iteration; threads 1 and 2 reach the barrier of line 13 in the
//   first iteration → G-DIVERGENCE.
__kernel void skip(__global int *A) {
  int i = get_local_id(0);
  for (int j = 0; j < 2; j++) {
    if (i == 0)
      continue;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  A[i] = 1;
}
