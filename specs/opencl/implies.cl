// spec: OpenCL __implies in __requires and in __assert
// run: run --local-size 4 --param n=5
// exit: 0
// expect: verdict=discarded rule=T-ASSUME location.line=16
// run: run --local-size 4 --param n=2 --init A=0,5,0,1
// exit: 0
// expect: verdict=ok final.B=[2,7,2,3]
// run: run --local-size 4 --param n=2 --init A=0,5,0,0
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=19
// why: __implies(a, b) is !a || b. __requires(__implies(n > 0, n < 4)) (line 16): n = 5 violates
//   it → discarded; n = 2 satisfies it. __assert(__implies(i % 2 == 1, A[i] > 0)) (line 19) only
//   constrains odd threads: A = 0,5,0,1 passes (A[1] = 5, A[3] = 1), B[i] = A[i] + n = 2,7,2,3;
//   A = 0,5,0,0 fails for thread 3 (odd, A[3] = 0), while the even threads with 0 pass.
__kernel void imp(__global int *A, __global int *B, int n) {
  __requires(__implies(n > 0, n < 4));
  int i = get_local_id(0);
  int v = A[i];
  __assert(__implies(i % 2 == 1, v > 0));
  B[i] = v + n;
}
