// spec: OpenCL convert_T on vectors: toward zero by default, _rte/_rtn/_rtp rounding, _sat clamping to the element type
// run: run --local-size 1 --buffer A=24 --buffer F=4 --init F=1075838976,-1071644672,1071644672,-1098907648
// exit: 0
// expect: verdict=ok final.A=[2,-2,1,0,2,-2,2,0,2,-3,1,-1,3,-2,2,0,127,-128,127,-25,255,0,200,0]
// why: F holds the bits of (2.5, -2.5, 1.75, -0.25). Toward zero: (2,-2,1,0); to nearest even:
//   2.5 → 2, -2.5 → -2, 1.75 → 2, -0.25 → 0; down: (2,-3,1,-1); up: (3,-2,2,0). f * 100 =
//   (250,-250,175,-25) saturated to char: (127,-128,127,-25). The rounded-up values times 100,
//   (300,-200,200,0), saturated to uchar: (255,0,200,0).
__kernel void k(__global int *A, __global float *F) {
  float4 f = vload4(0, F);
  vstore4(convert_int4(f), 0, A);
  vstore4(convert_int4_rte(f), 1, A);
  vstore4(convert_int4_rtn(f), 2, A);
  vstore4(convert_int4_rtp(f), 3, A);
  vstore4(convert_int4(convert_char4_sat(f * 100.0f)), 4, A);
  vstore4(convert_int4(convert_uchar4_sat(vload4(3, A) * 100)), 5, A);
}
