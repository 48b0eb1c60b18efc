//pass
//--local_size=4 --num_groups=1 --only-log

// --only-log: GPUVerify logs the accesses but checks no race (sdvmc: --only-divergence).
// The kernel's only defect is a race (item i writes t[i], item i - 1 reads it with no
// barrier between); its barrier is unconditional: nothing else to report: pass.
__kernel void shift_left(__global int *out) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = i;
  out[i] = t[(i + 1) % 4];
  barrier(CLK_LOCAL_MEM_FENCE);
}
