// spec: CUDA vector types are structs of x, y, z, w: make_int4 / make_float2, a component update, whole-vector stores to int4* / float2* arrays (4 and 2 cells per element)
// run: run --block-dim 2 --buffer V=2 --buffer F=2 --buffer A=2
// exit: 0
// expect: verdict=ok final.V=[0,10,2,3,1,20,3,4] final.F=[1056964608,0,1056964608,1065353216] final.A=[13,24]
// why: v = (t, t+1, t+2, t+3) then v.y *= 10: t=0 (0,10,2,3), t=1 (1,20,3,4) into V[t] =
//   cells 4t..4t+3. f = (0.5f, (float)t): 0.5f = 0x3F000000 = 1056964608, 1.0f = 1065353216.
//   A[t] = V[t].y + v.w = 10 + 3 = 13 and 20 + 4 = 24.
__global__ void k(int4 *V, float2 *F, int *A) {
  int t = threadIdx.x;
  int4 v = make_int4(t, t + 1, t + 2, t + 3);
  v.y *= 10;
  V[t] = v;
  float2 f = make_float2(0.5f, (float)t);
  F[t] = f;
  A[t] = V[t].y + v.w;
}
