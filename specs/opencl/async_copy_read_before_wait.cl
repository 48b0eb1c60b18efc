// spec: OpenCL: reading the local tile before wait_group_events races with the group's copy (ASYNC-RACE)
// run: run --local-size 4 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=35 threads=[0,0]
// expect: accesses.0={"thread":0,"kind":"write","index":0,"location":{"line":34}}
// expect: accesses.1={"thread":0,"kind":"read","index":0,"location":{"line":35}}
// run: check --local-size 4 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=race rule=ASYNC-RACE location.line=35 threads=[0,0]
// expect: accesses.0={"thread":0,"kind":"write","index":0,"location":{"line":34}}
// expect: accesses.1={"thread":0,"kind":"read","index":0,"location":{"line":35}}
// expect: states=1 transitions=0 depth=1 witness={"threads":4,"group":0,"init":{}} confirmed=true
// run: prove --local-size 4 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=race witness.threads=4 confirmed=true
// why: the copy issued at line 34 writes tile[0..3] at some moment before the wait of line 36.
//   Line 30 reads tile[i] in every work-item while it is in flight: tile[i] is a destination
//   cell, so each read conflicts with the copy's write (OpenCL C 1.2 §6.12.10: the data is
//   available after the wait only). Work-items are checked in ascending order: work-item 0's
//   read of tile[0] is reported; the copy's side is the group's, named as work-item 0's write
//   at the async_work_group_copy (line 34).
//   check (sdv model): `in` and `tile` hold values that are only copied and stored (abstract:
//   nothing is chosen); the one configuration's first segment issues the copy and reaches the
//   read of line 35 while it is in flight: the same race, found expanding the initial state
//   (1 state, 0 transitions, depth 1); its `sdvmc run` replay gives it again.
//   prove (at the launch: one group of 4 work-items): the same race, read of tile[i] while the
//   group's copy is in flight, for the launch's 4 work-items; its replay confirms it.
#define TILE 4

__kernel void early_read(__global const int *in, __global int *out) {
  __local int tile[TILE];
  const size_t i = get_local_id(0);
  // Bug: the value is taken before the copy is known to have landed.
  event_t e = async_work_group_copy(tile, in, TILE, 0);
  const int mine = tile[i];
  wait_group_events(1, &e);
  out[i] = mine;
}
