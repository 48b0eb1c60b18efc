// spec: OpenCL barrier divergence in a loop whose trip count is the local id
// run: run --local-size 3
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE location.line=12 enabled=[1,2] disabled=[0]
// why: thread i iterates i times. At the first evaluation of j < i, thread 0 fails (0 < 0) and
//   threads 1, 2 enter the body: its barrier (line 12) has threads 1 and 2 enabled and 0 disabled.
__kernel void ragged(__global int *A) {
  int i = get_local_id(0);
  int s = 0;
  for (int j = 0; j < i; j++) {
    s += j;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  A[i] = s;
}
