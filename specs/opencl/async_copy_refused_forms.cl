// spec: OpenCL async copies the frontend cannot lower exactly are located unsupported errors: a source chosen at run time, a number of events that is not a constant
// run: run --local-size 2 --kernel pick --buffer a=2 --buffer b=2
// exit: 2
// stderr: async_copy_refused_forms.cl:18:15: error: unsupported: 'async_work_group_copy' to or from memory that is not an array the frontend knows statically
// run: run --local-size 2 --kernel wait_n --buffer a=2
// exit: 2
// stderr: async_copy_refused_forms.cl:27:3: error: unsupported: wait_group_events with a number of events that is not a constant from 1 to 64
// why: pick's source is `use_b ? b : a`, a pointer whose array depends on a kernel argument: the
//   KPL copy names its arrays statically, so the call (line 18, column 15, after
//   "  event_t e = ") is refused rather than guessed. wait_n waits for n events, n a kernel
//   argument: the list's length must be known to lower the wait (line 27, column 3).
__kernel void pick(__global const int *a, __global const int *b, __global int *out, int use_b) {
  __local int tile[2];
  __global const int *src = a;
  if (use_b)
    src = b;
  // The buffer is chosen at run time.
  event_t e = async_work_group_copy(tile, src, 2, 0);
  wait_group_events(1, &e);
  out[get_local_id(0)] = tile[get_local_id(0)];
}

__kernel void wait_n(__global const int *a, int n) {
  __local int tile[2];
  event_t evs[2];
  evs[0] = async_work_group_copy(tile, a, 2, 0);
  wait_group_events(n, evs);
}
