//pass
//--local_size=4 --num_groups=1 --only-divergence

// A write-write race on x[0] (different values), but --only-divergence asks about barrier
// divergence only; the barrier is reached by every item: pass.
__kernel void racy_but_uniform(__global int *out) {
  __local int x[1];
  int i = get_local_id(0);
  x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
