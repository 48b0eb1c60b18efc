// spec: OpenCL inter-group race: a group reads the cells another group writes (--global_size= spelling)
// run: run --global_size=4 --local_size=2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1 location.line=17
// expect: accesses.0={"group":0,"thread":0,"kind":"write","array":"A","index":0,"location":{"line":16}}
// expect: accesses.1={"group":1,"group_id":[1,0,0],"thread":0,"kind":"read","array":"A","index":0,"location":{"line":17}}
// why: global size 4, local size 2: two groups. Group g writes A[2g + l] (line 16) and reads the
//   other group's A[2((g+1)%2) + l] (line 17); out[2g + l] is one cell per thread. Inside a group
//   the cells read and written are disjoint: no G-RACE. Group 0 runs first (writes A[0], A[1]);
//   group 1 then reads A[0] and A[1] and writes A[2], A[3] (which group 0 read). The smallest
//   conflicting cell is A[0]: group 0's write by thread 0 and group 1's read by thread 0,
//   reported at the later group's access (line 17).
__kernel void swap_halves(__global int *A, __global int *out) {
  int l = get_local_id(0);
  int g = get_group_id(0);
  A[g * 2 + l] = g + 1;
  out[g * 2 + l] = A[((g + 1) % 2) * 2 + l];
}
