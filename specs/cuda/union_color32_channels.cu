// spec: issue 14: the dxtc sample's Color32 union (a packed RGBA word and its bytes) lowered as bytes: colours built byte by byte and read back through the word, words split into channels through a switch and rebuilt, brace-initialised palette colours, and an assertion on the alpha byte that fails for one thread only
// run: run --kernel packColors --block-dim 2 --buffer rgba=8 --buffer packed=2 --buffer sums=2 --init rgba=1,2,3,4,255,128,0,7
// exit: 0
// expect: verdict=ok final.packed=[67174915,134184960] final.sums=[10,390]
// run: run --kernel halveRgb --block-dim 2 --buffer in=2 --buffer out=2 --init in=-2130755552,16909060
// exit: 0
// expect: verdict=ok final.out=[-2139152368,16843010]
// run: run --kernel paletteWords --block-dim 1 --buffer out=3
// exit: 0
// expect: verdict=ok final.out=[-65536,255,0]
// run: run --kernel requireOpaque --block-dim 4 --buffer in=4 --init in=-15720400,-1,2130706432,-16777216
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[2] location.line=95 location.col=3
// run: run --kernel requireOpaque --block-dim 2 --buffer in=4 --init in=-15720400,-1,2130706432,-16777216
// exit: 0
// expect: verdict=ok
// why: Color32's members share its 4 bytes (little-endian, as on every GPU): c.b is byte 0 (bits
//   0..7 of u), c.g byte 1, c.r byte 2, c.a byte 3, so u = a·2^24 + r·2^16 + g·2^8 + b.
//   packColors: thread t makes a colour from rgba[4t..4t+3] = (r, g, b, a) byte by byte, stores
//   col.u, and sums the four channels read back through channelOf's switch (0 r, 1 g, 2 b, 3 a).
//   t0: r=1 g=2 b=3 a=4: u = 0x04010203 = 67108864 + 65536 + 512 + 3 = 67174915; sum 1+2+3+4 = 10.
//   t1: r=255 g=128 b=0 a=7: u = 0x07FF8000 = 117440512 + 16711680 + 32768 = 134184960; sum 390.
//   halveRgb: col.u = in[t], then each of r, g, b (channels 0..2, a loop) is set to half of itself
//   through setChannel's switch (a byte write: the other bytes keep their values), alpha kept.
//   t0: in = 0x80FF4020 (given as the signed word 0x80FF4020 − 2^32 = −2130755552): b 0x20 → 0x10,
//   g 0x40 → 0x20, r 0xFF → 0x7F, a 0x80: u = 0x807F2010 = 2155815184, printed as the signed word
//   2155815184 − 2^32 = −2139152368. t1: in = 0x01020304 = 16909060: b 4 → 2, g 3 → 1, r 2 → 1,
//   a 1: u = 0x01010102 = 16777216 + 65536 + 256 + 2 = 16843010.
//   paletteWords: red = {{0, 0, 255, 255}} initialises the first member c in its order b, g, r, a:
//   bytes 0, 0, 255, 255 → u = 0xFFFF0000, printed −65536; channelOf(red, 0) = r = 255; black = {}
//   is zero in every byte: 0.
//   requireOpaque: assert(alpha(in[t]) == 255), alpha = byte 3 of the word: in = 0xFF102030
//   (−15720400), 0xFFFFFFFF (−1), 0x7F000000 (2130706432), 0xFF000000 (−16777216): alphas 255, 255,
//   127, 255: only thread 2 fails, at the assert (line 95, col 3). With 2 threads (in[0], in[1])
//   every alpha is 255: ok.
#include <cassert>

namespace dxtc {

union Color32 {
  struct {
    unsigned char b, g, r, a;
  } c;
  unsigned int u;
};

__device__ Color32 makeColor(unsigned char r, unsigned char g, unsigned char b, unsigned char a) {
  Color32 col;
  col.c.r = r;
  col.c.g = g;
  col.c.b = b;
  col.c.a = a;
  return col;
}

__device__ unsigned char channelOf(const Color32& col, int ch) {
  switch (ch) {
    case 0: return col.c.r;
    case 1: return col.c.g;
    case 2: return col.c.b;
    default: return col.c.a;
  }
}

__device__ void setChannel(Color32& col, int ch, unsigned char v) {
  switch (ch) {
    case 0: col.c.r = v; break;
    case 1: col.c.g = v; break;
    case 2: col.c.b = v; break;
    default: col.c.a = v; break;
  }
}

}  // namespace dxtc

__global__ void packColors(const unsigned char* rgba, unsigned int* packed, int* sums) {
  const int t = threadIdx.x;
  dxtc::Color32 col = dxtc::makeColor(rgba[4 * t], rgba[4 * t + 1], rgba[4 * t + 2], rgba[4 * t + 3]);
  packed[t] = col.u;
  int sum = 0;
  for (int ch = 0; ch < 4; ++ch) sum += dxtc::channelOf(col, ch);
  sums[t] = sum;
}

__global__ void halveRgb(const unsigned int* in, unsigned int* out) {
  dxtc::Color32 col;
  col.u = in[threadIdx.x];
  for (int ch = 0; ch < 3; ++ch) dxtc::setChannel(col, ch, dxtc::channelOf(col, ch) / 2);
  out[threadIdx.x] = col.u;
}

__global__ void requireOpaque(const unsigned int* in) {
  dxtc::Color32 col;
  col.u = in[threadIdx.x];
  assert(dxtc::channelOf(col, 3) == 255);  // every pixel of a DXT1 block without transparency
}

__global__ void paletteWords(unsigned int* out) {
  const dxtc::Color32 red = {{0, 0, 255, 255}};
  const dxtc::Color32 black = {};
  out[0] = red.u;
  out[1] = dxtc::channelOf(red, 0);
  out[2] = black.u;
}
