// spec: OpenCL clamp, mix, step, sign and copysign in a tone-mapping helper, on 2, -0.5, -0 and 0.5 (the negative zero keeps its sign through sign and copysign)
// run: run --local-size 4 --init px=1073741824,-1090519040,-2147483648,1056964608 --buffer px=4
// exit: 0
// expect: verdict=ok final.px=[1073741824,-1082130432,-1098907648,1070596096]
// why: tone(x) = mix(clamp(x, -1, 1), 1, 0.25) * step(0, x) + sign(x), then copysign(·, x); mix(a, b, t)
//   = a + (b - a) * t; step(e, x) = x < e ? 0 : 1; clamp = fmin(fmax(x, lo), hi). x = 2: c = 1,
//   m = 1, step 1, 1 + sign 1 = 2 (0x40000000). x = -0.5 (0xbf000000 = -1090519040): c = -0.5,
//   m = -0.5 + 1.5 * 0.25 = -0.125, step 0, -0.125 * 0 = -0, + sign -1 = -1 (0xbf800000 =
//   -1082130432). x = -0: c = -0, m = -0 + 1 * 0.25 = 0.25, step: -0 < 0 is false → 1, sign(-0)
//   = -0, 0.25 + -0 = 0.25, copysign(0.25, -0) = -0.25 (0xbe800000 = -1098907648). x = 0.5:
//   m = 0.5 + 0.5 * 0.25 = 0.625, + 1 = 1.625 (0x3fd00000 = 1070596096). All exact.

/* A tone-mapping step: clamp the exposure, blend towards white with mix, threshold with
   step and keep the sign of the original sample with sign and copysign. */
float tone(float x) {
  float c = clamp(x, -1.0f, 1.0f);
  float m = mix(c, 1.0f, 0.25f);
  return m * step(0.0f, x) + sign(x);
}

__kernel void tonemap(__global float *px) {
  int i = get_global_id(0);
  px[i] = copysign(tone(px[i]), px[i]);
}
