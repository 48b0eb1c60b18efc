// spec: OpenCL integer functions on char, uchar, short and ushort: popcount, clz, rotate (modulo the width), hadd, rhadd, abs_diff, add_sat, sub_sat, mul_hi, mad_sat, each result in its own type
// run: run --local-size 1 --init in=180,240,44,1
// exit: 0
// expect: verdict=ok final.out=[4,0,3,165,120,-10,-9,116,-128,0,255,11,0,7,4,4800,4800,-5,-32768,1]
// why: u = 180 = 1011 0100b (uchar), c = (char)240 = -16 = 1111 0000b, us = 1 * 256 + 44 = 300 =
//   0x012C (ushort), s = -300 = 0xFED4 (short).
//   [0] popcount(u) = 4. [1] clz(u) = 0 (bit 7 set). [2] clz((uchar)(u >> 3)) = clz(22 =
//   0001 0110b) = 3. [3] rotate(u, 3): 1011 0100b rotated left by 3 in 8 bits = 1010 0101b
//   = 165. [4] rotate(c, -1): the amount modulo 8 is 7, a right rotation by 1: 0111 1000b = 120.
//   [5] hadd(c, -3) = (-16 - 3) >> 1 = -19 >> 1 = -10 (rounded down); [6] rhadd = (-19 + 1) >> 1
//   = -9. [7] abs_diff(c, 100) = |-16 - 100| = 116 (a uchar). [8] add_sat(c, -120) = -136,
//   saturated to CHAR_MIN -128. [9] sub_sat(u, 200) = -20, saturated to 0. [10] add_sat(u, 100)
//   = 280, saturated to 255. [11] popcount(s): 0xFE has 7 bits, 0xD4 4: 11. [12] clz(s) = 0
//   (negative). [13] clz(us) = 7 (0x012C: highest set bit 8 of 16). [14] popcount(us) = 1 +
//   3 = 4. [15] rotate(us, 4) = 0x12C0 = 4800 (no bit leaves the 16); [16] rotate(us, 20):
//   20 modulo 16 = 4, again 4800. [17] mul_hi(s, 1000): -300000 >> 16 = -5 (-327680 <=
//   -300000 < -262144). [18] mad_sat(s, 200, 10) = -59990, saturated to SHRT_MIN -32768.
//   [19] mul_hi(us, us) = 90000 >> 16 = 1. Each value is written widened to int.
__kernel void bits(__global const uchar *in, __global int *out) {
  uchar u = in[0];
  char c = (char)in[1];
  ushort us = (ushort)(in[3] * 256 + in[2]);
  short s = -(short)us;
  out[0] = popcount(u);
  out[1] = clz(u);
  out[2] = clz((uchar)(u >> 3));
  out[3] = rotate(u, (uchar)3);
  out[4] = rotate(c, (char)-1);
  out[5] = hadd(c, (char)-3);
  out[6] = rhadd(c, (char)-3);
  out[7] = abs_diff(c, (char)100);
  out[8] = add_sat(c, (char)-120);
  out[9] = sub_sat(u, (uchar)200);
  out[10] = add_sat(u, (uchar)100);
  out[11] = popcount(s);
  out[12] = clz(s);
  out[13] = clz(us);
  out[14] = popcount(us);
  out[15] = rotate(us, (ushort)4);
  out[16] = rotate(us, (ushort)20);
  out[17] = mul_hi(s, (short)1000);
  out[18] = mad_sat(s, (short)200, (short)10);
  out[19] = mul_hi(us, us);
}
