// spec: OpenCL assertion on a value: |tan(i)| <= 1 fails first for work-item 1 (tan(1) = 1.557…)
// run: run --local-size 4
// exit: 1
// expect: verdict=assertion
// why: tan(0) = 0 passes; tan(1) = 1.5574077, |tan(2)| = 2.1850398 exceed 1 and tan(3) = -0.1425465 passes
//   (tanf values from glibc in an independent C program; the bound holds with a wide margin, so
//   no last-bit question). The assertion fails for work-items 1 and 2.

/* A slope limiter asserts that tan of its angle stays within [-1, 1]; the angle of
   work-item 1 (1 radian) breaks it. */
__kernel void limiter(__global float *slope) {
  int i = get_local_id(0);
  float s = tan((float)i);
  assert(fabs(s) <= 1.0f);
  slope[i] = s;
}
