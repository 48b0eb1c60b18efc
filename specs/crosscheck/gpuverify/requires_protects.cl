//pass
//--local_size=4 --num_groups=1

// With 1 <= n <= 2 the cells i*n (0..3 or 0,2,4,6) are distinct and inside t[8]: each item
// writes and later reads only its own cell. race_by_param.cl drops the precondition.
__kernel void stride(__global int *out, int n) {
  __requires(n >= 1);
  __requires(n <= 2);
  __local int t[8];
  int i = get_local_id(0);
  t[i * n] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = t[i * n];
}
