// spec: OpenCL cross, length, dot and distance on float4 triangle edges; a cross product with a negative-zero component
// run: run --local-size 2 --init a=1065353216,0,0,0,1065353216,1065353216,0,0 --init b=0,1073741824,0,0,-1082130432,1065353216,0,0 --buffer a=2 --buffer b=2 --buffer n=2 --buffer area=2 --buffer facing=2
// exit: 0
// expect: verdict=ok final.n=[0,0,1073741824,0,0,-2147483648,1073741824,0] final.area=[1065353216,1065353216] final.facing=[1082625502,1082130432]
// why: triangle 0: e1 = (1,0,0,0), e2 = (0,2,0,0); cross = (e1.y e2.z - e1.z e2.y, e1.z e2.x - e1.x e2.z,
//   e1.x e2.y - e1.y e2.x, 0) = (0 - 0, 0 - 0, 2 - 0, 0) = (0, 0, 2, 0) → 2.0 = 0x40000000 = 1073741824.
//   Triangle 1: e1 = (1,1,0,0), e2 = (-1,1,0,0): y = 0*(-1) - 1*0 = -0 - 0 = -0 (0x80000000 =
//   -2147483648), z = 1*1 - 1*(-1) = 2. length(c) = hypot chain = 2 for both, area = 0.5 * 2 = 1
//   (0x3f800000). dot(c, (0,0,1,0)) = ((c.x*0 + c.y*0) + 2*1) + 0*0 = 2. distance(e1, e2):
//   triangle 0, length(1, -2, 0, 0) = hypotf(1, 2) = sqrt(5) rounded = 2.23606801 (glibc's hypotf
//   in an independent C program), 2 + that = 4.23606777 = 0x40878dde = 1082625502; triangle 1,
//   length(2, 0, 0, 0) = 2, 2 + 2 = 4 = 0x40800000 = 1082130432.

/* Triangle normals and areas: the cross product of two edges, its length (the area is half
   of it) and the dot product of the normal with a view direction, one triangle per work-item. */
__kernel void tri(__global const float4 *a, __global const float4 *b, __global float4 *n, __global float *area,
                  __global float *facing) {
  int i = get_global_id(0);
  float4 e1 = a[i], e2 = b[i];
  float4 c = cross(e1, e2);
  n[i] = c;
  area[i] = 0.5f * length(c);
  facing[i] = dot(c, (float4)(0.0f, 0.0f, 1.0f, 0.0f)) + distance(e1, e2);
}
