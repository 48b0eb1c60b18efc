// spec: OpenCL 2x2 groups of 2x1 threads: get_global_id/get_global_size/get_group_id, final global memory
// run: run --local-size 2,1 --num-groups 2,2
// exit: 0
// expect: verdict=ok final.A=[0,0,1,1,10,10,11,11] final.N=[4]
// why: 4 groups of 2 threads, global size (4,2). Thread (lx, 0) of group (gx, gy) has global id
//   (2gx + lx, gy) and writes A[gy*4 + 2gx + lx] = gx + 10gy: row 0 is [0,0,1,1], row 1
//   [10,10,11,11]. Each cell is written by one thread of one group: no race. N[0] is written by
//   global thread (0,0) only: get_num_groups(0) * get_num_groups(1) = 4.
__kernel void tiles(__global int *A, __global int *N) {
  int gx = get_global_id(0);
  int gy = get_global_id(1);
  A[gy * get_global_size(0) + gx] = get_group_id(0) + 10 * get_group_id(1);
  if (gx == 0 && gy == 0)
    N[0] = get_num_groups(0) * get_num_groups(1);
}
