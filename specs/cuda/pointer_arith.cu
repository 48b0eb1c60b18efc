// spec: CUDA pointers with a static base: p = A + k, p[i], *p, p++, *(p - 1), pointer difference; each thread reads back its own writes
// run: run --block-dim 3
// exit: 0
// expect: verdict=ok final.A=[0,10,10,1,10,11,2,10,12,2,2,2]
// why: row = A + 3t. row[0] = t; p = row + 1, *p = 10; p++ → row + 2, *p = *(p - 1) + row[0] =
//   10 + t (the thread's own writes, visible in its shadow). A[9 + t] = p - row = 2.
__global__ void rows(int *A) {
  int t = threadIdx.x;
  int *row = A + 3 * t;
  row[0] = t;
  int *p = row + 1;
  *p = 10;
  p++;
  *p = *(p - 1) + row[0];
  A[9 + t] = (int)(p - row);
}
