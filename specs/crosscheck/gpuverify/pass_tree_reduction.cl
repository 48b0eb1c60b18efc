//pass
//--local_size=8 --num_groups=1

// Tree reduction: in round s (4, 2, 1) items i < s write sum[i] and read sum[i] and
// sum[i + s]; the cells written (< s) and the other cells read (>= s) are disjoint, and a
// barrier, reached by all items (the loop bound is uniform), ends each round.
__kernel void reduce(__global const int *in, __global int *out) {
  __local int sum[8];
  int i = get_local_id(0);
  sum[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 4; s > 0; s >>= 1) {
    if (i < s) sum[i] += sum[i + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i == 0) out[0] = sum[0];
}
