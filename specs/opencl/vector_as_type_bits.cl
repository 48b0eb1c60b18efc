// spec: OpenCL as_T reinterprets the bits: as_int4(float4), as_float4(int4), as_uint(float), as_char(uchar)
// run: run --local-size 1 --buffer A=7 --buffer F=4
// exit: 0
// expect: verdict=ok final.A=[1065353216,-1073741824,1056964608,0,1,1065353216,-1] final.F=[-1082130432,1073741824,-1090519040,-2147483648]
// why: the bits of 1.0f, -2.0f, 0.5f, 0.0f are 0x3F800000, 0xC0000000, 0x3F000000, 0. Flipping
//   each sign bit gives -1.0f, 2.0f, -0.5f, -0.0f: 0xBF800000, 0x40000000, 0xBF000000,
//   0x80000000, stored into F as floats (their bits). as_uint(-1.0f) = 0xBF800000, >> 31 = 1.
//   as_int(as_float(x)) = x. as_char((uchar)0xff) = -1.
__kernel void k(__global int *A, __global float *F) {
  float4 f = (float4)(1.0f, -2.0f, 0.5f, 0.0f);
  vstore4(as_int4(f), 0, A);
  int4 i = vload4(0, A) ^ (int4)(0x80000000);
  vstore4(as_float4(i), 0, F);
  uint u = as_uint(-1.0f);
  A[4] = (int)(u >> 31);
  A[5] = as_int(as_float(A[0]));
  A[6] = as_char((uchar)0xff);
}
