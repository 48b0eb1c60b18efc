// spec: OpenCL upsample packs a high and a low half into the type of twice the width: uchar to ushort, char to short, short to int, int to long, and uchar2 to ushort2
// run: run --local-size 1 --init b=18,244,255 --init h=-2,7
// exit: 0
// expect: verdict=ok final.out=[4852,-12,-131065,259,516] final.wide=[4852,-2]
// why: upsample(hi, lo) = (hi << width) | lo in the wider type, hi keeping its sign.
//   out[0] = upsample((uchar)18, (uchar)244) = 0x12F4 = 4852 (ushort).
//   out[1] = upsample((char)255 = -1, (uchar)244) = 0xFFF4 as a short = -12.
//   out[2] = upsample((short)-2, (ushort)7) = 0xFFFE0007 as an int = -131072 + 7 = -131065.
//   wide[0] = upsample((int)-2, (uint)4852): the long whose high word is -2 and low word 4852;
//   a long is two cells, low word first: wide = {4852, -2}.
//   out[3], out[4] = upsample((uchar2)(1, 2), (uchar2)(3, 4)) = (0x0103, 0x0204) = (259, 516).
__kernel void pack(__global const uchar *b, __global const short *h, __global int *out, __global long *wide) {
  uchar hi = b[0], lo = b[1];
  out[0] = upsample(hi, lo);
  char shi = (char)b[2];
  out[1] = upsample(shi, lo);
  short s = h[0];
  ushort us = (ushort)h[1];
  out[2] = upsample(s, us);
  wide[0] = upsample((int)h[0], (uint)out[0]);
  ushort2 uv = upsample((uchar2)(1, 2), (uchar2)(3, 4));
  out[3] = uv.x;
  out[4] = uv.y;
}
