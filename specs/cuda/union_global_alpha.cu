// spec: issue 14: a global buffer of unions lowered as bytes: --buffer counts unions, each sizeof(union) byte cells (--init and the final state give bytes); each thread writes the alpha byte of its own pixel and reads the pixel back as a word
// run: run --block-dim 2 --buffer px=2 --buffer alpha=2 --buffer words=2 --init px=1,2,3,4,5,6,7,8 --init alpha=255,0
// exit: 0
// expect: verdict=ok final.px=[1,2,3,255,5,6,7,0] final.words=[-16580095,460293]
// run: check --block-dim 2 --buffer px=2 --buffer alpha=2 --buffer words=2 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: Rgba is 4 bytes, so px (2 unions) is 8 byte cells: pixel t is cells 4t .. 4t+3, ch[k] cell
//   4t + k, word their little-endian assembly. Thread t writes ch[3] = alpha[t]: px becomes
//   1, 2, 3, 255 | 5, 6, 7, 0. words[0] = 0xFF030201 = 4278387201, printed as the signed word
//   4278387201 − 2^32 = −16580095; words[1] = 0x00070605 = 458752 + 1536 + 5 = 460293. Each thread
//   touches only its own pixel's cells: no race whatever the buffers hold (check).
union Rgba {
  unsigned int word;
  unsigned char ch[4];
};

__device__ __forceinline__ void setAlpha(Rgba& px, unsigned char a) { px.ch[3] = a; }

__global__ void applyAlpha(Rgba* px, const unsigned char* alpha, unsigned int* words) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  setAlpha(px[t], alpha[t]);
  words[t] = px[t].word;
}
