// spec: OpenCL: async_work_group_copy with an argument that differs between work-items is a divergence (G-ASYNC-COPY)
// run: run --local-size 4 --buffer in=16 --buffer out=16
// exit: 1
// expect: verdict=divergence rule=G-ASYNC-COPY location.line=22 threads=[0,1]
// run: prove --local-size 4 --buffer in=16 --buffer out=16
// exit: 1
// expect: verdict=divergence witness.threads=4 confirmed=true
// why: OpenCL C 1.2 §6.12.10: the copy "must be encountered by all work-items in a work-group
//   executing the kernel with the same argument values". Here each work-item passes its own
//   source, in + get_global_id(0) (a per-work-item copy written as if the call were one): the
//   destination offset (tile: 0) and stride (1) agree, the source offset is 0 for work-item 0
//   and 1 for work-item 1, the first work-item whose value differs from work-item 0's ->
//   divergence at the copy (line 22), work-items [0, 1].
//   prove (at the launch: one group of 4 work-items): two work-items of the group pass the
//   source offsets gi = i, which differ: the same divergence, confirmed by the replay.
#define TILE 4

__kernel void per_item_copy(__global const int *in, __global int *out) {
  __local int tile[TILE];
  const size_t i = get_local_id(0);
  const size_t gi = get_global_id(0);
  event_t e = async_work_group_copy(tile, in + gi, TILE, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gi] = tile[i];
}
