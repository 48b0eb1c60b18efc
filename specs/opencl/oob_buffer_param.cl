// spec: OpenCL out-of-bounds read of a pointer parameter bounded with --buffer (T-RD); unbounded by default
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0]
// run: run --local-size 4 --buffer A=4
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[3] location.line=16
// run: run --local-size 4 --buffer A=5 --init A=1,2,3,4,5
// exit: 0
// expect: verdict=ok final.out=[2,3,4,5]
// why: thread i reads A[i + 1] (line 16). Pointer parameters are unbounded unless --buffer: every
//   read gives 0. --buffer A=4: thread 3 reads A[4], outside [0, 4): T-RD, lowest (only) thread 3.
//   --buffer A=5: A[1..4] = 2..5 are in bounds.
__kernel void next(__global int *A, __global int *out) {
  int i = get_local_id(0);
  out[i] = A[i + 1];
}
