// spec: OpenCL char, unsigned char and short wrap around (C's conversions), stored into int
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[126,255,32767,127,0,-32768,-128,1,-32767,-127,2,-32766]
// why: c = (char)(125 + i) = 125, 126, 127, -128; c++ → 126, 127, -128, -127.
//   u = (uchar)(254 + i) = 254, 255, 0, 1; u += 1 → 255, 0, 1, 2.
//   s = 32767; s = s + i (int arithmetic, converted back to short) → 32767, -32768, -32767,
//   -32766. Thread i writes out[3i .. 3i+2] = c, u, s.
__kernel void narrow(__global int *out) {
  int i = get_local_id(0);
  char c = (char)(125 + i);
  c++;
  unsigned char u = 254 + i;
  u += 1;
  short s = 32767;
  s = s + i;
  out[3 * i] = c;
  out[3 * i + 1] = u;
  out[3 * i + 2] = s;
}
