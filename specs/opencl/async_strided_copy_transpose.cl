// spec: OpenCL async_work_group_strided_copy both ways and a copy joining an event: gather a column, scale it, write it as a row and as a column
// run: run --local-size 4 --num-groups 4 --buffer m=16 --buffer t=16 --buffer s=16 --init m=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
// exit: 0
// expect: verdict=ok final.t=[0,40,80,120,10,50,90,130,20,60,100,140,30,70,110,150]
// expect: final.s=[0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150]
// run: check --local-size 4 --num-groups 4 --buffer m=16 --buffer t=16 --buffer s=16
// exit: 0
// expect: verdict=ok states=16 transitions=12 terminal_states=4 discarded=0 depth=4
// expect: groups_explored={"groups":[0,1,2,3],"representative":false} inter_group={"checked":true,"how":"launch"}
// run: prove --local-size 4 --num-groups 4 --only-intra-group --buffer m=16 --buffer t=16 --buffer s=16
// exit: 0
// expect: verdict=ok
// run: prove --local-size 4 --num-groups 4 --buffer m=16 --buffer t=16 --buffer s=16
// exit: 0
// expect: verdict=ok
// why: m is 4x4 row-major with m[i] = i. Group c (0..3) gathers column c: the strided copy
//   local <- global reads src[k * 4] for k < 4 from src = m + c, so col[k] = m[c + 4k] = c + 4k.
//   After the wait and a barrier each work-item k scales its own cell: col[k] = 10 (c + 4k)
//   (it reads and writes col[k] alone: no race). After the barrier two copies leave col: a
//   contiguous one to t + 4c (t[4c + k] = col[k]: the transpose, times 10), and a strided one
//   global <- local, destination stride 4, to s + c (s[c + 4k] = col[k]), which joins the first
//   one's event (its event argument is f), so one wait covers both. t[4c + k] = 10 (c + 4k):
//   row c of t is 10c + 40k; s[c + 4k] = 10 (c + 4k): s[i] = 10 i. Groups read distinct cells
//   of m and write distinct cells of t and s: no inter-group race; both copies only read col.
//   check (sdv model): m, t, s and col hold values only copied, scaled and stored (abstract:
//   nothing is chosen); the copies' operands depend on the group id, so each of the 4 groups is
//   explored on its own: 2 barriers and the end, 4 states a group: 16 states, 12 transitions,
//   4 terminal, depth 4; the launch run group by group finds no inter-group race (as above).
//   prove (groups of 4 work-items, any group c of the 4, every value of m): the gather's cells
//   m[c + 4k] (c <= 3, k < 4: at most 15) and col[k] are in bounds, nothing precedes it; the
//   wait and a barrier order it before col[k] *= 10 (each work-item its own cell); after the
//   second barrier the two copies read col and write t[4c + k] and s[c + 4k] (destination
//   stride 4), in bounds, different arrays from each other's sources; the one wait (the strided
//   copy joins f's event) completes both: ok within a group (--only-intra-group). Between
//   groups: m is only read; group c writes t[4c .. 4c + 3] and s[c + 4k] (k < 4), cells of no
//   other group; col is each group's own: ok with the races between groups too.
__kernel void column_to_row(__global const int *m, __global int *t, __global int *s) {
  __local int col[4];
  const int c = get_group_id(0);
  const int k = get_local_id(0);
  event_t e = async_work_group_strided_copy(col, m + c, 4, 4, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  col[k] *= 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t f = async_work_group_copy(t + 4 * c, col, 4, 0);
  f = async_work_group_strided_copy(s + c, col, 4, 4, f);
  wait_group_events(1, &f);
}
