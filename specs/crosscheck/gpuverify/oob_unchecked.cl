//pass
//--local_size=4 --num_groups=1

// A deliberate disagreement. oob_local_checked.cl without --check-array-bounds: GPUVerify
// does not check array bounds by default, and the kernel has no race (each t[i + 1] is
// written by item i and read by item i + 1 only after the barrier) and no divergence, so
// GPUVerify passes it. sdvmc always checks the bounds of t[4]: item 3 writes t[4].
__kernel void off(__global int *A) {
  __local int t[4];
  int i = get_local_id(0);
  t[i + 1] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = t[i];
}
