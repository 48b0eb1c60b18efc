//pass
//--local_size=4 --num_groups=1 --only-requires

// --only-requires keeps __requires (n is 0, so no item writes x[0]: no race) and drops the
// __assert, which fails for items 1..3: pass.
__kernel void kept(__global int *out, int n) {
  __requires(n == 0);
  __local int x[1];
  int i = get_local_id(0);
  __assert(i == 0);
  if (n != 0) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
