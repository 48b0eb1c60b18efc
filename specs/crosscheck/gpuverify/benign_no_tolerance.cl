//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --no-benign-tolerance
//possible\s*write-write\s*race\s*on\s*x

// The kernel of benign_tolerated.cl with --no-benign-tolerance: four items write x[0]
// between two barriers, a write-write race even though the values are equal.
__kernel void flag(__global int *out) {
  __local int x[1];
  int i = get_local_id(0);
  x[0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
