//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow

// Items 0 and 1 reach the barrier, items 2 and 3 do not: barrier divergence.
__kernel void halves(__global int *A) {
  int i = get_local_id(0);
  if (i < 2) {
    A[i] = i;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
