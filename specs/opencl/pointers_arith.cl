// spec: OpenCL pointers: p = A + k, p[i], *q, &out[j], pointer difference, *(A + i)
// run: run --local-size 4 --init A=5,6,7,8
// exit: 0
// expect: verdict=ok final.A=[5,6,7,8,0,10,20,30,0,1,2,3] final.out=[4,5,5,6,6,7,7,8]
// why: p = A + 4, q = p + i = &A[4+i]: *q = 10i writes A[4..7] = 0, 10, 20, 30. p[i + 4] is
//   A[8+i] = i: A[8..11] = 0, 1, 2, 3. r = &out[2i]: r[0] = q - A = 4 + i, r[1] = *(A + i) =
//   A[i], initialised to 5 + i and never written. Every cell has one writer and A[0..3] are only
//   read: no race. out = [4,5, 5,6, 6,7, 7,8].
__kernel void ptrs(__global int *A, __global int *out) {
  int i = get_local_id(0);
  __global int *p = A + 4;
  __global int *q = p + i;
  *q = i * 10;
  p[i + 4] = i;
  __global int *r = &out[2 * i];
  r[0] = (int)(q - A);
  r[1] = *(A + i);
}
