// spec: OpenCL native_recip, native_divide, half_exp, native_sqrt and native_rsqrt in a particle integrator (sdvmc computes one value a device may give: the correctly rounded one)
// run: run --local-size 3 --init pos=1065353216,1065353216,1065353216 --init vel=1065353216,1065353216,1065353216 --buffer pos=3 --buffer vel=3
// exit: 0
// expect: verdict=ok final.vel=[1065353216,1050363288,1039868824] final.pos=[1075838976,1071346381,1070141420]
// why: pos = vel = 1 for every work-item; m = i + 1, inv = 1/m, drag = expf(-0.5 i), vel = (1 / m) *
//   drag, pos = 1 + vel * sqrtf(inv) + 1/sqrtf(4) (= 0.5). i = 0: vel = 1, pos = 1 + 1 + 0.5 = 2.5
//   (0x40200000 = 1075838976), by hand. i = 1, 2 with glibc's expf and sqrtf in an independent C
//   program: vel = 0.5 * expf(-0.5) = 0.303265333 (0x3e9b4598 = 1050363288), pos = 1.71444094
//   (0x3fdb72cd = 1071346381); vel = (1/3) * expf(-1) = 0.122626483 (0x3dfb2398 = 1039868824),
//   pos = 1.5707984 (0x3fc90fec = 1070141420). Each work-item reads only the cells it writes.

/* The native_ and half_ forms a fast particle integrator uses: native_recip, native_divide,
   half_exp, native_sqrt and native_rsqrt (sdvmc computes the correctly rounded value, one a
   device may give). */
__kernel void integrate(__global float *pos, __global float *vel) {
  int i = get_global_id(0);
  float m = (float)(i + 1);
  float inv = native_recip(m);
  float drag = half_exp(-0.5f * (float)i);
  vel[i] = native_divide(vel[i], m) * drag;
  pos[i] = pos[i] + vel[i] * native_sqrt(inv) + native_rsqrt(4.0f);
}
