// spec: issue 14: a union of a double, its 64 bits, its 8 bytes and its 4 shorts lowered as bytes: the exponent read from the top short, the sign from the top byte, and a negation by flipping the top byte's sign bit, read back as the double
// run: run --block-dim 2 --buffer in=2 --buffer expo=2 --buffer sign=2 --buffer out=2 --init in=0,1073217536,0,-1076887552
// exit: 0
// expect: verdict=ok final.expo=[0,-2] final.sign=[0,1] final.out=[0,-1074266112,0,1070596096]
// why: a double buffer is 2 cells per element, low word first. in[0] = 1.5 = 0x3FF80000_00000000
//   (words 0, 0x3FF80000 = 1073217536); in[1] = −0.25 = 0xBFD00000_00000000 (words 0, 0xBFD00000 =
//   −1076887552 as a signed word). Bytes are little-endian: h[3] is bytes 6..7 (bits 48..63), b[7]
//   byte 7 (bits 56..63). exponentOf: (h[3] & 0x7FF0) >> 4 − 1023: 0x3FF8 → 0x3FF = 1023 → 0;
//   0xBFD0 → 0x3FD = 1021 → −2. signOf: b[7] >> 7: 0x3F → 0, 0xBF → 1. negate flips bit 7 of b[7]:
//   −1.5 = 0xBFF80000_00000000 (words 0, 0xBFF80000 − 2^32 = −1074266112) and 0.25 =
//   0x3FD00000_00000000 (words 0, 1070596096).
namespace ieee {

union DoubleBits {
  double d;
  unsigned long long bits;
  unsigned char b[8];
  unsigned short h[4];
};

__device__ int exponentOf(double x) {
  DoubleBits u;
  u.d = x;
  return ((u.h[3] & 0x7FF0) >> 4) - 1023;
}

__device__ int signOf(double x) {
  DoubleBits u;
  u.d = x;
  return u.b[7] >> 7;
}

__device__ double negate(double x) {
  DoubleBits u;
  u.d = x;
  u.b[7] ^= 0x80;
  return u.d;
}

}  // namespace ieee

__global__ void inspect(const double* in, int* expo, int* sign, double* out) {
  const int t = threadIdx.x;
  expo[t] = ieee::exponentOf(in[t]);
  sign[t] = ieee::signOf(in[t]);
  out[t] = ieee::negate(in[t]);
}
