// spec: OpenCL async_work_group_copy, wait_group_events and event_t are refused (an exact model needs the copy's accesses logged as the group's)
// run: run --local-size 4
// exit: 2
// stderr: ocl_async_copy_refused.cl:16:11: error: unsupported: type '__private event_t'
// stderr: ocl_async_copy_refused.cl:17:3: error: unsupported: call to 'wait_group_events' (asynchronous copies are not modelled
// why: the SDK-style tile load through an asynchronous copy. The event variable (line 16, the
//   name at column 11 after "  event_t ") is refused first, with its initialiser, the
//   async_work_group_copy call; wait_group_events (line 17, column 3) is refused by name, not
//   read as an external function. SDV logs accesses per work-item; the copy is the group's,
//   and a barrier at wait_group_events would order the kernel's own accesses on either side
//   of it, which OpenCL does not: sdvmc refuses rather than hide such races (exit 2).
#define TILE 4

__kernel void load_tile(__global const int *in, __global int *out) {
  __local int tile[TILE];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * TILE, TILE, 0);
  wait_group_events(1, &e);
  int i = get_local_id(0);
  out[get_global_id(0)] = tile[TILE - 1 - i];
}
