//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --no-annotations
//possible\s*write-write\s*race

// The kernel of flag_only_requires.cl under --no-annotations: the __requires is dropped
// too, so n ranges over every value; for n != 0 all four items write their ids to x[0]:
// a write-write race.
__kernel void dropped(__global int *out, int n) {
  __requires(n == 0);
  __local int x[1];
  int i = get_local_id(0);
  __assert(i == 0);
  if (n != 0) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
