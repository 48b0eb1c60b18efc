// spec: the `register` storage class (an error in ISO C++17, accepted by nvcc) parses and is an ordinary local
// run: run --block-dim 4 --buffer A=4
// exit: 0
// expect: verdict=ok final.A=[0,3,6,9]
// why: each thread writes A[i] = 3 * i: 0, 3, 6, 9; `register` changes nothing.
__global__ void scale(int *A) {
  register int i = threadIdx.x;
  register int three = 3;
  A[i] = three * i;
}
