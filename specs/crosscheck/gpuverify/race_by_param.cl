//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*write-write\s*race\s*on\s*t

// requires_protects.cl without its precondition: n = 0 makes every item write t[0] with
// its own id (values differ): a write-write race.
__kernel void stride(__global int *out, int n) {
  __local int t[8];
  int i = get_local_id(0);
  t[i * n] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = t[i * n];
}
