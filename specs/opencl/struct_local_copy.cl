// spec: OpenCL struct locals with a vector field: per-field locals, whole-struct copy (local to local, local to memory), the copy is independent of the original
// run: run --local-size 2 --buffer A=2 --buffer B=2
// exit: 0
// expect: verdict=ok final.A=[1,1,50,3,4,2,2,50,4,5] final.B=[56,58]
// why: S is 5 cells (a, then v's 4 components), so A[i] is cells 5i..5i+4. s = (i+1,
//   (i+1, i+2, i+3, i+4)); t = s, t.v.y = 50 changes only t; A[i] = t. B[i] = s.v.y + t.v.y +
//   A[i].v.w = (i+2) + 50 + (i+4): 56 and 58.
typedef struct { int a; int4 v; } S;
__kernel void k(__global S *A, __global int *B) {
  int i = get_local_id(0);
  S s;
  s.a = i + 1;
  s.v = (int4)(i) + (int4)(1, 2, 3, 4);
  S t = s;
  t.v.y = 50;
  A[i] = t;
  B[i] = s.v.y + t.v.y + A[i].v.w;
}
