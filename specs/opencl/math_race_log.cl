// spec: OpenCL race: every work-item adds log(x[i]) to one __local cell without synchronisation
// run: run --local-size 2 --init x=1065353216,1065353216
// exit: 1
// expect: verdict=race
// why: work-items 0 and 1 both read and write acc[0] before the barrier: a write-write race on
//   acc[0] (log is computed but its value does not matter: log(1) = 0).

/* A log-sum reduction that forgot its barrier: every work-item adds log(x) to the same
   __local cell; work-items 0 and 1 write cell 0 in the same barrier interval. */
__kernel void logsum(__global float *x, __global float *out) {
  __local float acc[1];
  int i = get_local_id(0);
  acc[0] = acc[0] + log(x[i]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0) out[0] = acc[0];
}
