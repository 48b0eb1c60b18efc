// spec: OpenCL __ensures is checked when the kernel ends (lowest failing thread)
// run: run --local-size 4 --param n=5
// exit: 0
// expect: verdict=ok final.A=[5,4,3,2]
// run: run --local-size 4 --param n=2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=12
// why: the postcondition A[lid] >= 0 is asserted after the body, before the final barrier; each
//   thread reads its own cell (its own write: no race). A[i] = n - i. n = 5: A = [5,4,3,2], all
//   >= 0. n = 2: A = [2,1,0,-1]: thread 3 fails the __ensures written at line 12.
__kernel void down(__global int *A, int n) {
  __ensures(A[get_local_id(0)] >= 0);
  int i = get_local_id(0);
  A[i] = n - i;
}
