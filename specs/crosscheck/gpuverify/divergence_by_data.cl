//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
//barrier\s*divergence

// Only the item whose id equals sel[0] reaches the barrier: for sel[0] = 0 (or 1) one of
// the two items does and the other does not: barrier divergence for some input.
__kernel void pick(__global const int *sel, __global int *out) {
  int i = get_local_id(0);
  if (sel[0] == i) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[i] = i;
}
