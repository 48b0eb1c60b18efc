//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --check-array-bounds
//possible\s*array\s*out-of-bounds\s*access

// Item 3 writes t[4], one past the end of t[4]; GPUVerify checks bounds when asked.
__kernel void off(__global int *A) {
  __local int t[4];
  int i = get_local_id(0);
  t[i + 1] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = t[i];
}
