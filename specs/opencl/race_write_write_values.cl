// spec: OpenCL write-write race with different values: a race with and without --benign-writes
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,3] location.line=16
// expect: accesses.0={"thread":1,"kind":"write","index":0} accesses.1={"thread":3,"kind":"write","index":0}
// run: run --local-size 4 --benign-writes
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,3]
// why: odd threads 1 and 3 write F[0] = their id (1 and 3). Two writers of one cell: a write-write
//   race (1, 3) at the closing brace (line 16). The values differ, so --benign-writes does not
//   excuse it.
__kernel void last_writer(__global int *F) {
  int i = get_local_id(0);
  if (i % 2 == 1)
    F[0] = i;
}
