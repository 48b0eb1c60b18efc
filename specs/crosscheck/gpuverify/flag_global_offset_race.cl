//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --global_offset=6
//possible\s*write-write\s*race

// With the global offset 6 the items' global ids are 6, 7, 8, 9: items 1 and 2 (ids 7 and
// 8) both write x[0], with the different values 7 and 8: a write-write race. Without the
// offset the ids are 0..3 and nobody writes x[0] (the flag decides the verdict).
__kernel void offset_pair(__global int *out) {
  __local int x[1];
  int g = (int)get_global_id(0);
  if (g == 7 || g == 8) x[0] = g;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = x[0];
}
