//pass
//--local_size=4 --num_groups=1

// tile[i] is written by work-item i before the barrier and read by work-item 3-i after it:
// every cross-item read is separated from the write by the barrier, all items reach it.
__kernel void exchange(__global const int *in, __global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[3 - i];
}
