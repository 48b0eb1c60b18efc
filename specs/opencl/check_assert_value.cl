// spec: OpenCL check: an assertion that fails only for some initial memory, on thread 1
// run: check --local-size 2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=17
// expect: witness.init={"A":[[0,0],[1,1]]}
// run: run --local-size 2 --init A=1,0
// exit: 0
// expect: verdict=ok final.B=[1,0]
// why: thread 1 asserts A[1] == 0 (line 17), the other thread asserts nothing. check chooses each
//   cell read (A[0] by thread 0, then A[1] by thread 1) over 0..1, breadth first, value 0 before
//   1: the first failing state is A[0] = 0, A[1] = 1 (A[0] never matters). With A = 1,0 the
//   assertion holds: B[i] = A[i] = [1,0].
__kernel void guard(__global const int *A, __global int *B) {
  int i = get_local_id(0);
  int v = A[i];
  if (i == 1)
    assert(v == 0);
  B[i] = v;
}
