// spec: CUDA struct locals: brace initialiser, copies local to local, local to memory and memory to local, a nested struct assigned a whole struct
// run: run --block-dim 2 --buffer A=2 --buffer B=2
// exit: 0
// expect: verdict=ok final.A=[10,1056964608,-56,20,1056964608,-56] final.B=[20,1056964608,-56,-35,10,1056964608,-56,-44]
// why: P is 3 cells, Q 4 (p's 3, then n). x = (t+1, 0.5f, (char)200 = -56); y = x, y.a *= 10:
//   A[t] = (10(t+1), 0x3F000000 = 1056964608, -56). After the barrier z = A[1-t]: t=0 gets
//   (20, .., -56), t=1 (10, .., -56); q.p = z; q.n = q.p.a + x.a + q.p.c = 20 + 1 - 56 = -35
//   and 10 + 2 - 56 = -44; B[t] = q.
struct P { int a; float f; char c; };
struct Q { P p; int n; };
__global__ void k(P *A, Q *B) {
  int t = threadIdx.x;
  P x = {t + 1, 0.5f, (char)200};
  P y = x;
  y.a *= 10;
  A[t] = y;
  __syncthreads();
  P z = A[1 - t];
  Q q;
  q.p = z;
  q.n = q.p.a + x.a + q.p.c;
  B[t] = q;
}
