// spec: OpenCL race-free reversal through a __local tile: barriers between the phases; final memory
// run: run --local-size 4 --init A=10,20,30,40
// exit: 0
// expect: verdict=ok final.out=[40,30,20,10] final.A=[10,20,30,40]
// why: tile[i] = A[i]; barrier; v = tile[3-i]; barrier; tile[i] = v; barrier; out[i] = tile[i].
//   Each phase touches one tile cell per thread for writes and reads only after a barrier, so
//   every barrier is a G-SYNC. After phase 1 tile = [10,20,30,40]; v = tile[3-i] = 40,30,20,10;
//   tile becomes [40,30,20,10]; out = tile. A is only read.
__kernel void reverse(__global const int *A, __global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = A[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = tile[3 - i];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[i] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[i];
}
