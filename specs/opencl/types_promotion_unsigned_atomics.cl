// spec: OpenCL integer promotion of uchar, char / -1 wrap, short to ushort, and unsigned atomic_min/atomic_max
// run: run --local-size 1 --init U=7,3
// exit: 0
// expect: verdict=ok final.out=[300,44,-128,65535,1,1,1] final.U=[5,-1]
// why: a + b with uchar 200 and 100 is computed in int: 300; stored in a uchar: 300 & 255 = 44.
//   char m = -128; m / -1 = 128 in int, back to char: -128. short -1 converted to ushort: 65535.
//   (a + b) > 255 is 1 (int arithmetic). (char)200 is -56 < 0: 1. atomic_min on uint U[0] = 7 with
//   5u: 5; atomic_max on U[1] = 3 with 0xFFFFFFFFu is unsigned: 0xFFFFFFFF, printed as the word -1.
//   U[0] == 5u: 1.
__kernel void k(__global int *out, __global uint *U) {
  unsigned char a = 200, b = 100;
  int s = a + b;
  unsigned char c = a + b;
  char m = -128;
  m = m / -1;
  short h = -1;
  unsigned short uh = h;
  out[0] = s;
  out[1] = c;
  out[2] = m;
  out[3] = uh;
  out[4] = (a + b) > 255;
  out[5] = (char)200 < 0;
  atomic_min(&U[0], 5u);
  atomic_max(&U[1], 0xFFFFFFFFu);
  out[6] = U[0] == 5u;
}
