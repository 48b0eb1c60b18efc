//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --kernel-args=select,*
//possible\s*write-write\s*race

// `*` leaves the argument unconstrained (GPUVerify: any value). For mode == 1 every item
// writes its own id to x[0] before the barrier: items 0 and 1 write 0 and 1, different
// values, a write-write race that no benign rule tolerates. sdvmc ranges mode over its
// default domain, which contains 1.
__kernel void select(__global int *out, int mode) {
  __local int x[1];
  int i = get_local_id(0);
  if (mode == 1) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
