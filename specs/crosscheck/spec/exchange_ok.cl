// spec: crosscheck corpus (project format): a __local exchange across a barrier, race-free for every input
// run: check --local-size 4
// exit: 0
// expect: verdict=ok
// why: tile[i] = in[i]; barrier; out[i] = tile[3 - i]. Every read of another item's cell
//   follows the barrier, which every item reaches, whatever in[] holds.
__kernel void exchange(__global const int *in, __global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[3 - i];
}
