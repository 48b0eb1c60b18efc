// spec: OpenCL check --local-size A..B explores every group size (1-D), as --threads A..B does for KPL; the race appears first at 2 threads
// run: check --local-size 1..8
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] states=8 transitions=1 terminal_states=0 depth=1
// expect: witness={"threads":2,"group":0,"init":{},"params":{}} confirmed=true
// expect: replay="sdvmc run $FILE --local-size 2,1,1 --group 0"
// run: check --local-size 1..8,2
// exit: 1
// expect: verdict=race rule=G-RACE local_size=[1,2,1] shapes.0.local_size=[1,2,1] shapes.0.verdict="race"
// expect: replay="sdvmc run $FILE --local-size 1,2,1 --group 0"
// why: thread i writes A[i / 2]: threads 2k and 2k + 1 write the same cell, a write-write race
//   at the kernel's closing barrier from 2 threads on. The initial states are one per size,
//   1..8: 8 states, level 0. Expanding it: size 1's segment runs to G-SYNC with ss empty, one
//   transition (its successor is not stored: the level ends in a violation); sizes 2..8 reach
//   G-RACE. The first in order, size 2 (threads 0 and 1 on A[0]), is reported: 8 states, 1
//   transition, no terminal state expanded, level 0 only. A has no value read: no init. The
//   replay runs size 2 as a 1-D group (--local-size 2,1,1). With a second dimension of 2
//   (1..8,2) the shapes are x by 2, in order of total size: 1x2x1 first, whose work-items (0,0)
//   and (0,1) both have i = get_local_id(0) = 0 and write A[0]: the race, at the first shape.
__kernel void halves(__global int *A) {
  int i = get_local_id(0);
  A[i / 2] = i;
}
