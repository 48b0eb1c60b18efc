//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --kernel-args=pick,5
//possible\s*write-write\s*race

// --kernel-args=pick,5 fixes the scalar argument n to 5, so every item writes its own id to
// x[0]: a write-write race with different values (not benign). Without the flag sdvmc would
// range n over 0..1 and find none: the flag decides the verdict. (x[0] is read after the
// barrier, so no compiler may drop the writes as dead.)
__kernel void pick(__global int *out, int n) {
  __local int x[1];
  int i = get_local_id(0);
  if (n == 5) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
