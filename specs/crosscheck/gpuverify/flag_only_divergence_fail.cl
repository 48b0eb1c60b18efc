//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --only-divergence
//barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow

// --only-divergence still reports divergence: the barrier is inside `if (i < 2)`, reached by
// items 0 and 1 only.
__kernel void divergent(__global int *out) {
  int i = get_local_id(0);
  if (i < 2) barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = i;
}
