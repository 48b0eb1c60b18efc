// spec: issue 14: a union of an unsigned int and two unsigned shorts (members of different element sizes) is lowered as bytes: h[1] is the high half of w, h[0] the low one, and writing a half changes only its two bytes of the word
// run: run --block-dim 2 --buffer in=2 --buffer hi=2 --buffer swapped=2 --init in=305419896,-65536
// exit: 0
// expect: verdict=ok final.hi=[4660,65535] final.swapped=[1450709556,65535]
// why: h[k] is bytes 2k, 2k + 1 of w (little-endian), unsigned. hi = h[1]: 0x12345678
//   (305419896) → 0x1234 = 4660; 0xFFFF0000 (−65536 as a signed word) → 0xFFFF = 65535.
//   swapHalves exchanges h[0] and h[1] through a temporary (each write touches its two bytes only)
//   and returns w: 0x12345678 → 0x56781234 = 1450709556; 0xFFFF0000 → 0x0000FFFF = 65535.
union Halves {
  unsigned int w;
  unsigned short h[2];
};

__device__ unsigned int swapHalves(Halves x) {
  const unsigned short low = x.h[0];
  x.h[0] = x.h[1];
  x.h[1] = low;
  return x.w;
}

__global__ void splitWords(const unsigned int* in, unsigned short* hi, unsigned int* swapped) {
  Halves x;
  x.w = in[threadIdx.x];
  hi[threadIdx.x] = x.h[1];
  swapped[threadIdx.x] = swapHalves(x);
}
