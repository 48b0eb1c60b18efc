// spec: CUDA struct array in global memory: each element is one cell per field (char too), fields at word offsets; A[t].f and q->f through a pointer
// run: run --block-dim 2 --buffer A=2 --buffer B=2
// exit: 0
// expect: verdict=ok final.A=[1,1056964608,44,2,1056964608,44] final.B=[56,66]
// why: struct P {int a; float f; char c;} is 3 cells in the model (word per field, not C's 12
//   bytes with padding), so --buffer A=2 is 6 cells and A[t] starts at cell 3t. a = t + 1;
//   f = 0.5f = 0x3F000000 = 1056964608; c = (char)300 = 300 - 256 = 44. B[t] = q->a * 10 + c +
//   (int)(0.5f * 4) = 10 + 44 + 2 = 56 and 20 + 44 + 2 = 66.
struct P { int a; float f; char c; };
__global__ void k(P *A, int *B) {
  int t = threadIdx.x;
  A[t].a = t + 1;
  A[t].f = 0.5f;
  A[t].c = 300;
  P *q = &A[t];
  B[t] = q->a * 10 + A[t].c + (int)(q->f * 4.0f);
}
