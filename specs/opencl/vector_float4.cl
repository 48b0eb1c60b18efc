// spec: OpenCL float4: component-wise fmul/fadd/fdiv with a scalar broadcast, float comparisons give an int4 of -1/0
// run: run --local-size 1 --buffer F=5
// exit: 0
// expect: verdict=ok final.F=[1074790400,1074266112,1075838976,1072693248,-1069547520]
// why: a = (1, 2, 0.5, -2); b = a*2 + 0.25 = (2.25, 4.25, 1.25, -3.75); c = b / a =
//   (2.25, 2.125, 2.5, 1.875), exact: bits 0x40100000, 0x40080000, 0x40200000, 0x3FF00000.
//   a < b = (-1,-1,-1,0) (-2 < -3.75 is false): the sum -3 → -3.0f = 0xC0400000 = -1069547520.
__kernel void k(__global float *F) {
  float4 a = (float4)(1.0f, 2.0f, 0.5f, -2.0f);
  float4 b = a * 2.0f + (float4)(0.25f);
  float4 c = b / a;
  vstore4(c, 0, F);
  int4 m = a < b;
  F[4] = (float)(m.x + m.y + m.z + m.w);
}
