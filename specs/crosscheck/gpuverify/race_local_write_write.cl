//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*write-write\s*race\s*on\s*x

// Every item writes its own id to x[0]: the values differ, so even GPUVerify's default
// benign-write tolerance (equal values only) does not excuse the write-write race.
__kernel void last(__global int *out) {
  __local int x[1];
  int i = get_local_id(0);
  x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
