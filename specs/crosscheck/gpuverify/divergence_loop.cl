//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//barrier\s*divergence

// Item i runs i iterations: in the first, items 1-3 reach the barrier while item 0 has
// left the loop: barrier divergence.
__kernel void tri(__global int *A) {
  int i = get_local_id(0);
  for (int k = 0; k < i; k++) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  A[i] = i;
}
