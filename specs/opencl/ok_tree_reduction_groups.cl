// spec: OpenCL tree reduction in __local memory with a loop of uniform barriers, two groups, one sum per group
// run: run --local-size 8 --num-groups 2 --init A=1,2,3,4,5,6,7,8,10,20,30,40,50,60,70,80
// exit: 0
// expect: verdict=ok final.sum=[36,360]
// why: group g copies A[8g + i] into t[i]; s runs 4, 2, 1 (get_local_size(0) / 2 then halved);
//   threads i < s add t[i + s] into t[i]. The barrier is outside the if, reached by all threads
//   every iteration (s is uniform), and in each step the cells written (i < s) and read (i + s)
//   are disjoint. Group 0: 1..8 sums to 36; group 1: 10..80 sums to 360, written by thread 0 to
//   sum[g]. Groups read disjoint parts of A and write distinct cells of sum: no inter-group race.
__kernel void reduce(__global const int *A, __global int *sum) {
  __local int t[8];
  int i = get_local_id(0);
  t[i] = A[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (i < s)
      t[i] += t[i + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i == 0)
    sum[get_group_id(0)] = t[0];
}
