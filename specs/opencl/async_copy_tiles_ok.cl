// spec: OpenCL async_work_group_copy into a local tile, wait_group_events, barrier: each group reverses its tile (ok)
// run: run --local-size 4 --num-groups 2 --buffer in=8 --buffer out=8 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[8,6,4,2,16,14,12,10]
// run: check --local-size 4 --num-groups 2 --buffer in=8 --buffer out=8
// exit: 0
// expect: verdict=ok states=6 transitions=4 terminal_states=2 discarded=0 depth=3
// expect: groups_explored={"groups":[0,1],"representative":false} inter_group={"checked":true,"how":"launch"}
// run: prove --local-size 4 --num-groups 2 --only-intra-group --buffer in=8 --buffer out=8
// exit: 0
// expect: verdict=ok
// run: prove --local-size 4 --num-groups 2 --buffer in=8 --buffer out=8
// exit: 0
// expect: verdict=ok
// why: group g copies in[4g .. 4g+3] into its tile (every work-item passes the same
//   arguments: tile, in + 4g, 4 elements, no event to join), waits for the event (the same in
//   every work-item), then work-item i writes out[4g + i] = 2 * tile[3 - i]. After the wait the
//   tile holds the copy for every work-item; the barrier orders nothing more here (it is the
//   SDK's habit). Group 0: tile = [1, 2, 3, 4] -> out[0..3] = 2 * [4, 3, 2, 1] = [8, 6, 4, 2];
//   group 1: tile = [5, 6, 7, 8] -> out[4..7] = [16, 14, 12, 10]. Each out cell is written by
//   one work-item of one group, the in cells only read (by the copies): no race of any kind.
//   check (sdv model): `in` and `tile` hold values that are only copied, doubled and stored
//   (abstract: nothing is chosen). The copy's source offset depends on the group id (an operand
//   of the copy), so each group is explored, a configuration of its own: s0 -> the copy, the
//   wait (its source cells are abstract: nothing to choose), G-SYNC at the barrier -> s1 ->
//   the reads of tile, the writes of out, G-SYNC at the end -> s2, terminal: 3 states a group,
//   6 in all, 4 transitions, 2 terminal, depth 3. Inter-group races: which cells a group
//   accesses depends on no input value, so the launch is run group by group: none (each group
//   writes only out[4g .. 4g+3]; in is only read, by the copies).
//   prove (at the launch: groups of 4 work-items, group id g in 0..1, every value of in): the
//   copy's operands (tile, 0, in + 4g, 4) are the same in every work-item of a group and every
//   work-item reaches it; its cells in[4g .. 4g + 3] (g <= 1: inside in[0..7]) and tile[0..3]
//   are in bounds; the wait completes it before any access; work-item i < 4 reads tile[3 - i]
//   and writes out[4g + i] (one writer per cell, in bounds): ok within a group. Between the
//   two groups: the copies read in (reads only), tile is each group's own, and group g writes
//   out[4g .. 4g + 3], disjoint from the other group's: ok with the races between groups too.
#define TILE 4

inline int twice(int x) { return 2 * x; }

__kernel void reverse_tiles(__global const int *in, __global int *out) {
  __local int tile[TILE];
  const size_t g = get_group_id(0);
  event_t e = async_work_group_copy(tile, in + g * TILE, TILE, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  const size_t i = get_local_id(0);
  out[g * TILE + i] = twice(tile[TILE - 1 - i]);
}
