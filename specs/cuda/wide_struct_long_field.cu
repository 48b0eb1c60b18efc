// spec: CUDA struct with a long long field in global memory (the field two words), a longlong2 value, and long long* seen as int*
// run: run --block-dim 2 --buffer P=2
// exit: 0
// expect: verdict=ok final.P=[10,-1,-1,0,11,4,1,1] final.B=[4,1,-1,-1]
// why: struct S { int a; long long b; int c; } is four cells: a, b's low word, b's high word, c.
//   v = make_longlong2(-1, 2^32 * t + 4) (a struct of two long longs). Thread 0 writes
//   P[0] = {10, v.x = -1, 0}: 10, -1, -1, 0; thread 1 writes P[1] = {11, v.y = 2^32 + 4, 1}:
//   11, 4, 1, 1. After the barrier thread t reads the other element's b through an int
//   pointer, low word first: thread 0 gets B[0..1] = 4, 1; thread 1 gets B[2..3] = -1, -1. The
//   reads follow the barrier and each thread writes its own element: no race.
struct S { int a; long long b; int c; };
__global__ void k(S *P, int *B) {
  int t = threadIdx.x;
  longlong2 v = make_longlong2(-1, 4294967296LL * t + 4);
  S s = {10 + t, t ? v.y : v.x, t};
  P[t] = s;
  __syncthreads();
  int *w = (int *)&P[1 - t].b;
  B[2 * t] = w[0];
  B[2 * t + 1] = w[1];
}
