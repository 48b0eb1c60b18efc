//pass
//--local_size=4 --num_groups=2

// Each work-group copies its 4-element tile of `in` into local memory, waits for the copy,
// and writes it reversed into its part of `out`: no race within a group (reads after the
// wait, one write per cell) nor between groups (disjoint cells of out; in only read). prove
// refuses the copy, so check decides (every input in 0..1, each group).
__kernel void tiles(__global const int *in, __global int *out) {
  __local int tile[4];
  const size_t g = get_group_id(0);
  event_t e = async_work_group_copy(tile, in + g * 4, 4, 0);
  wait_group_events(1, &e);
  out[g * 4 + get_local_id(0)] = tile[3 - get_local_id(0)];
}
