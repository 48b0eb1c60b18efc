// spec: OpenCL vignette shader: 1 - smoothstep(0.25, 0.75, r) mixed with a base colour, every value exact
// run: run --local-size 4 --buffer img=4
// exit: 0
// expect: verdict=ok final.img=[1065353216,1065353216,1058013184,1040187392]
// why: r = i / 4 = 0, 0.25, 0.5, 0.75. smoothstep(e0, e1, r): t = clamp((r - e0) / (e1 - e0), 0, 1),
//   t * t * (3 - 2t): (r - 0.25) / 0.5 = -0.5, 0, 0.5, 1 → t = 0, 0, 0.5, 1 → 0, 0, 0.25 * 2 = 0.5,
//   1 * 1 = 1. vignette = 1 - s = 1, 1, 0.5, 0. mix(0.125, 1, v) = 0.125 + (1 - 0.125) * v =
//   1, 1, 0.125 + 0.4375 = 0.5625, 0.125, all exact: 0x3f800000 = 1065353216, 0.5625 =
//   0x3f100000 = 1058013184, 0.125 = 0x3e000000 = 1040187392.

/* A vignette shader: the brightness of pixel i of a 1 x 4 row falls off smoothly between two
   radii (smoothstep), mixed with a base colour. */
float vignette(float r) { return 1.0f - smoothstep(0.25f, 0.75f, r); }

__kernel void shade(__global float *img) {
  int i = get_global_id(0);
  float r = (float)i / 4.0f;
  img[i] = mix(0.125f, 1.0f, vignette(r));
}
