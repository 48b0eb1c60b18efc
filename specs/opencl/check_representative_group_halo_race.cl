// spec: OpenCL check, representative group: a copy whose first work-item also clears the cell before its tile (a halo written by the wrong group): group 0 stands for the 1,024 groups of 4, and the inter-group race on out[3] (work-item 3 of group 0, work-item 0 of group 1) is found from group 0's translated accesses
// run: check --local-size 4 --num-groups 1024
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE threads=[3,0] location.line=21
// expect: accesses.0={"thread":3,"kind":"write","array":"out","index":3,"group":0} accesses.1={"thread":0,"kind":"write","array":"out","index":3,"group":1}
// expect: states=2 transitions=1 terminal_states=1 depth=2
// expect: groups_explored.representative=true inter_group.how="translation" confirmed=true
// why: i = gid * 4 + lid; every work-item writes out[i] (line 20), work-item 0 also out[i - 1]
//   (line 21): the group id reaches only these addresses (k = 4, out unbounded; the branch is on
//   the local id). Within a group the cells 4g − 1 .. 4g + 3 are distinct: no G-RACE; group 0
//   explored: in abstract, one segment to the end, G-SYNC, ss empty: 2 states, 1 transition, 1
//   terminal, depth 2. Inter-group: group 0 writes out[-1] (work-item 0) and out[0..3]; group
//   g's cells are these moved by 4g. The least difference d = 1 (shift 4, within the span 4 of
//   the cells −1..3) moves work-item 0's out[-1] to out[3], which work-item 3 of group 0 writes
//   (line 20): groups 0 and 1 conflict on out[3], reported at group 1's write (line 21).
//   launch run group by group meets the same conflict first (group 1's accesses sorted by cell
//   start at out[3]): confirmed.
__kernel void copy_clear_halo(__global const int *in, __global int *out) {
  const size_t i = get_global_id(0);
  out[i] = in[i];
  if (get_local_id(0) == 0) out[i - 1] = 0;
}
