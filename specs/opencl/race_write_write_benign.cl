// spec: OpenCL write-write race where every writer stores the same value: a race under SDV, ok with --benign-writes
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,2] location.line=20
// expect: accesses.0={"thread":1,"kind":"write","array":"F","index":0,"location":{"line":18}}
// expect: accesses.1={"thread":2,"kind":"write","array":"F","index":0,"location":{"line":18}}
// run: run --local-size 4 --benign-writes
// exit: 0
// expect: verdict=ok final.F=[1] final.out=[0,1,2,3]
// why: threads 1, 2 and 3 write F[0] = 1 (line 18); out[i] = i is one cell per thread. SDV counts
//   a write-write conflict even with equal values: F[0] has writers {1,2,3}, the pair reported
//   is the two smallest writers (1, 2), at the closing brace (line 20). With --benign-writes equal
//   values are tolerated: F[0] = 1 and out = [0,1,2,3] (pointer parameters are printed up to
//   the highest cell written).
__kernel void flag(__global int *F, __global int *out) {
  int i = get_local_id(0);
  if (i >= 1)
    F[0] = 1;
  out[i] = i;
}
