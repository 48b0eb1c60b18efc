// spec: OpenCL check: a write-write race that needs A[0] = 1 (the address depends on a value read from memory)
// run: check --local-size 2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=22 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"B","index":0,"location":{"line":21}}
// expect: accesses.1={"thread":1,"kind":"write","array":"B","index":0,"location":{"line":21}}
// expect: witness={"threads":2,"group":0,"init":{"A":[[0,1]]}}
// expect: replay="sdvmc run $FILE --local-size 2,1,1 --group 0 --init A[0]=1"
// run: run --local-size 2 --init A=0
// exit: 0
// expect: verdict=ok final.B=[1,1]
// run: run --local-size 2 --init A=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1]
// why: both threads read v = A[0] (arbitrary in check: 0 or 1) and write B[i * (1 - v)] (line 21).
//   v = 0: B[0], B[1], no conflict. v = 1: both write B[0]: write-write race at the closing brace
//   (line 22). The only initial value that matters is A[0] = 1: the witness and its replay.
__kernel void by_value(__global int *A, __global int *B) {
  int i = get_local_id(0);
  int v = A[0];
  B[i * (1 - v)] = 1;
}
