//pass
//--local_size=8 --num_groups=1 --equality-abstraction

// --equality-abstraction is a choice of GPUVerify's proof technique (how shared arrays are
// abstracted), not of the question: sdvmc notes it as without effect. The kernel is a tree
// reduction with a barrier in every round, the loop's trip count uniform (s = 4, 2, 1),
// item i < s reading t[i + s] written in the previous round: no race, no divergence: pass.
__kernel void reduce(__global int *in, __global int *out) {
  __local int t[8];
  int i = get_local_id(0);
  t[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 4; s > 0; s >>= 1) {
    if (i < s) t[i] += t[i + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i == 0) out[0] = t[0];
}
