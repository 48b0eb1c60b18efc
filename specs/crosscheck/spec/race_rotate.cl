// spec: crosscheck corpus (project format): items write tile[i] and read tile[(i+1)%4] with no barrier between
// run: check --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE location.line=12
// why: item i writes tile[i] (line 10) and item (i+3)%4 reads it (line 11) before any
//   barrier: G-RACE at the kernel's final barrier, the closing brace (line 12).
__kernel void rotate(__global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = i;
  out[i] = tile[(i + 1) % 4];
}
