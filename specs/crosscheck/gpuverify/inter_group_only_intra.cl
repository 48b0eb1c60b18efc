//pass
//--local_size=2 --num_groups=2 --only-intra-group

// The kernel of inter_group_write_write.cl with --only-intra-group: within one group the
// two items write distinct cells, and races between groups are not checked: pass.
__kernel void clash(__global int *A) {
  A[get_local_id(0)] = get_group_id(0);
}
