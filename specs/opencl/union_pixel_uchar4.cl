// spec: issue 14: an OpenCL union of a packed pixel word, its uchar4 channels and a float, lowered as bytes: a swizzle assignment swaps red and blue inside the word, a luma computed from the channels, and four work-items writing the four bytes of one __local pixel without racing
// run: run --local-size 4 --buffer in=4 --buffer swapped=4 --buffer luma=4 --buffer gathered=1 --init in=287454020,-16776961,16777215,-2143281136
// exit: 0
// expect: verdict=ok final.swapped=[289682210,-65536,16777215,-2146426816] final.luma=[53,63,255,32] final.gathered=[553598773]
// run: check --local-size 4 --buffer in=4 --buffer swapped=4 --buffer luma=4 --buffer gathered=1 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: rgba.x is byte 0 of packed (bits 0..7), .y byte 1, .z byte 2, .w byte 3 (little-endian).
//   in[0] = 0x11223344: x 0x44 = 68, y 0x33 = 51, z 0x22 = 34; swapping x and z (rgba.xz =
//   rgba.zx: both read before either is written) gives 0x11443322 = 289682210; luma = (2·68 +
//   5·51 + 34) >> 3 = 425 >> 3 = 53.
//   in[1] = 0xFF0000FF (−16776961 as a signed word): x 255, y 0, z 0 → 0xFFFF0000, printed −65536;
//   luma = 510 >> 3 = 63.
//   in[2] = 0x00FFFFFF = 16777215: x = z = 255, the swap changes nothing; luma = (510 + 1275 +
//   255) >> 3 = 2040 >> 3 = 255.
//   in[3] = 0x80402010 (−2143281136): x 0x10 = 16, y 0x20 = 32, z 0x40 = 64 → 0x80102040 =
//   2148540480 − 2^32 = −2146426816; luma = (32 + 160 + 64) >> 3 = 256 >> 3 = 32.
//   Work-item i stores its luma into byte i of tile[0] (a switch on the channel): four
//   different bytes, no race (check: whatever in holds). After the barrier item 0 reads the word:
//   bytes 53, 63, 255, 32 → 0x20FF3F35 = 536870912 + 16711680 + 16128 + 53 = 553598773.
typedef union {
  uint packed;
  uchar4 rgba;
  float bits;
} Pixel;

inline uint swapRedBlue(uint v) {
  Pixel p;
  p.packed = v;
  p.rgba.xz = p.rgba.zx;
  return p.packed;
}

inline uchar lumaOf(Pixel p) { return (uchar)((2 * p.rgba.x + 5 * p.rgba.y + p.rgba.z) >> 3); }

inline void setChannel(__local Pixel* px, int ch, uchar v) {
  switch (ch) {
    case 0: px->rgba.x = v; break;
    case 1: px->rgba.y = v; break;
    case 2: px->rgba.z = v; break;
    default: px->rgba.w = v; break;
  }
}

__kernel void pixels(__global const uint* in, __global uint* swapped, __global uint* luma, __global uint* gathered) {
  __local Pixel tile[1];
  const int i = get_local_id(0);
  Pixel p;
  p.packed = in[i];
  swapped[i] = swapRedBlue(p.packed);
  const uchar y = lumaOf(p);
  luma[i] = y;
  setChannel(&tile[0], i, y);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0) gathered[0] = tile[0].packed;
}
