//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*(write-read|read-write)\s*race

// pass_barrier_global_fence.cl with barrier(CLK_LOCAL_MEM_FENCE): that barrier orders local
// memory only, so the global writes of B and the neighbours' reads of B stay unordered
// across it (GPUVerify and sdvmc keep the global logs over a local-only barrier): item 1
// writes B[1], item 0 reads it: a race.
__kernel void exchange(__global int *B, __global int *out) {
  int i = get_local_id(0);
  B[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = B[(i + 1) % 4];
}
