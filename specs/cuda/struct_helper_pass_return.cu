// spec: CUDA structs passed to and returned from __device__ helpers (inlined, by value: the callee's changes to its copy stay there), a temporary V2{1, 2}, a member of a returned struct
// run: run --block-dim 2 --buffer A=6
// exit: 0
// expect: verdict=ok final.A=[101,204,102,206,100,100]
// why: u = (t, 100); swap(u) = (100, t) and leaves u alone; w = add(u, swap(u)) = (t+100,
//   t+100); w = add(w, {1, 2}) = (t+101, t+102). A[2t] = w.x: 101, 102; A[2t+1] =
//   add(w, w).y = 2(t+102): 204, 206; A[4+t] = u.y = 100.
struct V2 { int x; int y; };
__device__ V2 add(V2 a, V2 b) { V2 r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }
__device__ V2 swap(V2 a) { int t = a.x; a.x = a.y; a.y = t; return a; }
__global__ void k(int *A) {
  int t = threadIdx.x;
  V2 u = {t, 100};
  V2 w = add(u, swap(u));
  w = add(w, V2{1, 2});
  A[2 * t] = w.x;
  A[2 * t + 1] = add(w, w).y;
  A[4 + t] = u.y;
}
