// spec: OpenCL vector relational functions on float4 (isnan, isinf, isgreater give -1/0 per component), select on floats, scalar isnan and signbit (0/1)
// run: run --local-size 2 --init v=1065353216,2143289344,2139095040,1128792064,-2147483648,-8388608,1112014848,-1069547520 --buffer v=2 --buffer bad=2 --buffer count=2
// exit: 0
// expect: verdict=ok final.bad=[0,-1,-1,-1,0,-1,0,0] final.v=[1065353216,0,0,0,-2147483648,0,1112014848,-1069547520] final.count=[3,2]
// why: item 0 = (1, NaN 0x7fc00000, +inf 0x7f800000, 200 0x43480000): isnan (0,-1,0,0), isinf
//   (0,0,-1,0), isgreater(x, 100) (0,0,-1,-1) (NaN compares false, inf > 100) → bad =
//   (0,-1,-1,-1); select keeps x where bad's sign bit is clear: (1, 0, 0, 0); count = 3 + isnan(1)
//   (0) + signbit(200) (0) = 3. Item 1 = (-0 0x80000000, -inf 0xff800000 = -8388608, 50
//   0x42480000, -3 0xc0400000): bad = (0,-1,0,0) (only -inf), v = (-0, 0, 50, -3), count = 1 +
//   isnan(-0) (0) + signbit(-3) (1) = 2.

/* Sanitising sensor samples: each work-item classifies a float4 of readings (NaN, infinite,
   above a threshold) with the vector relational functions, which give -1 or 0 per
   component, and replaces the bad ones with select. */
__kernel void sanitise(__global float4 *v, __global int4 *bad, __global int *count) {
  int i = get_global_id(0);
  float4 x = v[i];
  int4 nan = isnan(x);
  int4 inf = isinf(x);
  int4 big = isgreater(x, (float4)(100.0f));
  bad[i] = nan | inf | big;
  v[i] = select(x, (float4)(0.0f), bad[i]);
  count[i] = -(bad[i].x + bad[i].y + bad[i].z + bad[i].w) + isnan(x.x) + signbit(x.w);
}
