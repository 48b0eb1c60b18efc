//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible read-write race

// Each work-item takes its value from the local tile before wait_group_events: the copy may
// not have landed (OpenCL C 1.2 §6.12.10), a race with the copy (ASYNC-RACE). prove does not
// encode asynchronous copies (a located `unsupported:`), so check decides: work-item 0's read
// of tile[0] against the group's copy writing it.
__kernel void early(__global const int *in, __global int *out) {
  __local int tile[4];
  const size_t i = get_local_id(0);
  event_t e = async_work_group_copy(tile, in, 4, 0);
  const int mine = tile[i];
  wait_group_events(1, &e);
  out[i] = mine;
}
