// spec: OpenCL __local scalar set by one thread and read by all after a barrier; size_t is unsigned (wrap in g - 1)
// run: run --local-size 2 --num-groups 2
// exit: 0
// expect: verdict=ok final.out=[70,71,81,81] final.flag=[8]
// why: thread 0 of group g writes flag = 7 + g; after the barrier every thread reads it (a
//   __local scalar is a one-cell array, per group). g - 1 < 3 compares size_t values unsigned:
//   for global id 0, 0 - 1 wraps to 0xFFFFFFFF, not < 3 → 0; global ids 1, 2, 3 → 1.
//   out[g] = 10 flag + inr: group 0: 70, 71; group 1: 81, 81. flag shows the last group's 8.
__kernel void k(__global int *out) {
  __local int flag;
  size_t g = get_global_id(0);
  int i = get_local_id(0);
  if (i == 0)
    flag = 7 + get_group_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  int inr = (g - 1 < 3);
  out[g] = flag * 10 + inr;
}
