//pass
//--local_size=4 --num_groups=2

// Every work-item copies its own cell: global ids 0..7 are distinct, within and between
// the two groups, so no two work-items touch one cell.
__kernel void copy(__global int *dst, __global const int *src) {
  int i = get_global_id(0);
  dst[i] = src[i];
}
