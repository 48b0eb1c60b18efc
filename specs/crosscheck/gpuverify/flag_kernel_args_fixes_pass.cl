//pass
//--local_size=4 --num_groups=1 --kernel-args=pick,4

// flag_kernel_args.cl's kernel with the scalar argument fixed to 4: the guarded write
// `x[0] = i` needs n == 5, so no item writes x[0]; every item reads it only after the
// barrier: no race, no divergence (the barrier is unconditional): pass. Without the flag n
// would be free and n == 5 would race (the flag decides the verdict).
__kernel void pick(__global int *out, int n) {
  __local int x[1];
  int i = get_local_id(0);
  if (n == 5) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
