// spec: OpenCL check, representative group in a 2-D launch (4 x 4 groups of 2 x 2): the group coordinates get_group_id(0), (1) are gid % 4 and gid / 4, which reach only addresses (h(g) = 16 gy + 2 gx): group 0 stands for all 16, and the scatter into the halo row below each tile (the next tile's first row) is an inter-group race, found between groups (0,0) and (0,1)
// run: check --local-size 2,2 --num-groups 4,4
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE location.line=28
// expect: accesses.0={"thread":2,"kind":"write","array":"out","index":16,"group":0} accesses.1={"thread":0,"kind":"write","array":"out","index":16,"group":4}
// expect: states=2 transitions=1 terminal_states=1 depth=2
// expect: groups_explored.groups=[0] groups_explored.representative=true inter_group.how="translation" confirmed=true
// why: work-item (lx, ly) of group (gx, gy) = (gid % 4, gid / 4) writes out[row][col] (line 28),
//   row = 2 gy + ly, col = 2 gx + lx, N = 8 columns; the work-items of the tile's last row (ly = 1)
//   also write the halo row below, out[row + 1][col] (line 29). Addresses: 16 gy + 2 gx + (8 ly +
//   lx) and + 8: the group-dependent part h = 16 gy + 2 gx is the same for every access of out
//   (and of in), both unbounded, and nothing else sees the group: group 0 is explored alone,
//   in abstract: one segment, G-SYNC with ss empty: 2 states, 1 transition, 1 terminal, depth 2.
//   Within a group the cells (rows 0..2, columns 0..1: 0, 1, 8, 9, 16, 17) are each written once.
//   Inter-group: group g's cells are group 0's moved by h(g); for group 0 the groups whose
//   shift lies within 17 (the span of the cells) are 1, 2, 3 (2, 4, 6) and 4 (group (0,1), 16),
//   tried in that order: shifts 2, 4, 6 move no cell onto another (columns 0..1 against 2..7);
//   16 moves work-item 0's out[0] (row 0, col 0) of group 4 onto out[16], which work-item 2
//   (lx = 0, ly = 1) of group 0 writes with its halo write: groups 0 and 4 race on out[16],
//   reported at group 4's write (line 28). Running the launch (groups 0..15 in order) meets the
//   same conflict first: group 4's lowest cell is out[16]: confirmed.
#define N 8

__kernel void halo_scatter(__global const int *in, __global int *out) {
  const size_t col = get_group_id(0) * 2 + get_local_id(0);
  const size_t row = get_group_id(1) * 2 + get_local_id(1);
  const int v = in[row * N + col];
  out[row * N + col] = v;
  if (get_local_id(1) == 1) out[(row + 1) * N + col] = v;
}
