// spec: OpenCL __assume discards, __assert and assert fail on the lowest failing thread
// run: run --local-size 4 --init A=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[2,4,6,8]
// run: run --local-size 4 --init A=1,2,7,7
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=20
// run: run --local-size 4 --init A=1,0,7,7
// exit: 0
// expect: verdict=discarded rule=T-ASSUME location.line=19
// why: v = A[i]; __assume(v > 0) (line 19); assert(v != 7) (line 20). A = 1,2,3,4: all pass,
//   out = 2v. A = 1,2,7,7: threads 2 and 3 fail the assert, lowest 2. A = 1,0,7,7: thread 1
//   fails the assumption first, so the execution is discarded before the assert runs. The
//   __assert(i < 4) of line 17 holds for every thread.
__kernel void checks(__global int *A, __global int *out) {
  int i = get_local_id(0);
  __assert(i < 4);
  int v = A[i];
  __assume(v > 0);
  assert(v != 7);
  out[i] = 2 * v;
}
