// spec: OpenCL inter-group race between an atomic in group 0 and a plain write in group 1
// run: run --local-size 1 --num-groups 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1 location.line=19
// expect: accesses.0={"group":0,"thread":0,"kind":"atomic","array":"C","index":0,"location":{"line":17}}
// expect: accesses.1={"group":1,"thread":0,"kind":"write","array":"C","index":0,"location":{"line":19}}
// run: run --local-size 1 --num-groups 2 --param all=1
// exit: 0
// expect: verdict=ok final.C=[2]
// why: one thread per group. all = 0: group 0 adds 1 to C[0] atomically (line 17); group 1 writes
//   C[0] = 5 plainly (line 19). An atomic and a plain access of one global cell by different
//   groups is an inter-group race, reported at group 1's write. all = 1: both groups take the
//   atomic: no race, C[0] = 0 + 1 + 1 = 2.
__kernel void mixed(__global int *C, int all) {
  int g = get_group_id(0);
  if (g == 0 || all)
    atomic_add(&C[0], 1);
  else
    C[0] = 5;
}
