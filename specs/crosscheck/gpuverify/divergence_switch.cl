//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow

// A switch on the local id with a barrier in one case only: item 0 reaches the barrier of
// case 0 while items 1..3 skip it: barrier divergence.
__kernel void phases(__global int *A) {
  __local int t[4];
  int i = get_local_id(0);
  switch (i) {
    case 0:
      t[0] = 1;
      barrier(CLK_LOCAL_MEM_FENCE);
      break;
    default:
      break;
  }
  A[i] = i;
}
