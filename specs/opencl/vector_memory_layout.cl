// spec: OpenCL vectors in memory: element i of an int4 array is cells 4i..4i+3, an int3 also takes 4 cells; a cast int4* -> int* sees the same words; vload4/vstore4 on int*
// run: run --local-size 2 --buffer V=2 --buffer T=2 --buffer A=12
// exit: 0
// expect: verdict=ok final.V=[0,10,20,30,1,11,21,31] final.T=[7,8,9,0,14,16,18,0] final.A=[11,10,30,30,31,21,11,1,30,20,10,0]
// why: V[i] = (i, i+10, i+20, i+30) fills cells 4i..4i+3. T[i] = (7,8,9)*(i+1) fills cells
//   4i..4i+2 (the fourth cell of each int3 is padding, never written: 0 in run). After the
//   barrier, w = (int*)V: thread 0 reads w[5] = V[1].y = 11, thread 1 w[1] = V[0].y = 10;
//   x = vload4(1-i, w) = V[1-i], x.w - x.x = 30; vstore4(x.wzyx, 1+i, A) writes A[4+4i..]:
//   thread 0 (31,21,11,1), thread 1 (30,20,10,0).
__kernel void k(__global int4 *V, __global int3 *T, __global int *A) {
  int i = get_local_id(0);
  V[i] = (int4)(i, i + 10, i + 20, i + 30);
  T[i] = (int3)(7, 8, 9) * (i + 1);
  barrier(CLK_GLOBAL_MEM_FENCE);
  __global int *w = (__global int *)V;
  A[i] = w[4 * (1 - i) + 1];
  int4 x = vload4(1 - i, w);
  A[2 + i] = x.w - x.x;
  vstore4(x.wzyx, 1 + i, A);
}
