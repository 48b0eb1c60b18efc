// A tile transposed through local memory, 2-D indexing flattened row-major.
__kernel void transpose(__global int *out, __global const int *in, __local int *scratch) {
  __local int tile[2][4];
  int x = get_local_id(0);
  int g = get_group_id(0);
  tile[x / 4][x % 4] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[x] = tile[x % 2][x / 2];
  out[g * get_local_size(0) + x] = scratch[x];
}
