// spec: OpenCL: every work-group starts with its own __local memory; __local cells never race between groups
// run: run --local-size 1 --num-groups 2
// exit: 0
// expect: verdict=ok final.out=[1,1,5,6]
// why: one thread per group. Group 0 finds t[0] = 0 (run starts memory at 0), writes out[0] = 1,
//   then t[0] = 5 and out[2] = 5 (its own write). Group 1 runs next with a fresh __local t, so it
//   also finds t[0] = 0: out[1] = 1, then t[0] = 6, out[3] = 6. Both groups access t[0], but
//   __local memory is per group, so this is no inter-group race; out cells are distinct.
__kernel void fresh(__global int *out) {
  __local int t[1];
  int g = get_group_id(0);
  if (t[0] == 0)
    out[g] = 1;
  t[0] = 5 + g;
  out[2 + g] = t[0];
}
