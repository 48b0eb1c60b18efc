// spec: OpenCL barrier(0) synchronises but fences nothing: a __local exchange across it races, a --local-size 2 pair
// run: run --local-size 2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=22
// expect: accesses.0={"thread":0,"kind":"write","array":"buf","index":0,"location":{"line":19}}
// expect: accesses.1={"thread":1,"kind":"read","array":"buf","index":0,"location":{"line":21}}
// run: check --local-size 2
// exit: 1
// expect: verdict=race
// why: barrier(0) is barrier(none) in KPL: the work-items meet, but neither space's logs are
//   merged or emptied. Work-item i writes buf[i] (line 19) and after the barrier reads
//   buf[1 - i] (line 21). At the final barrier (line 22): buf[0] has writer 0 and reader 1,
//   the smallest conflicting cell (buf[1]: writer 1, reader 0, comes after). out[i] has one
//   writer each. Reported pair: (write by 0, read by 1).
__kernel void swap_pairs(__global int *out) {
  __local int buf[2];
  int i = get_local_id(0);
  // Each work-item offers its id to its partner.
  buf[i] = i + 1;
  barrier(0);
  out[i] = buf[1 - i];
}
