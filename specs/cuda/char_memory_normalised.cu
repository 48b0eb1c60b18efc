// spec: CUDA reads through unsigned char / signed char pointers are normalised to 8 bits even when the memory holds a wider word (--init)
// run: run --block-dim 3 --init data=300,-1,127 --init sdata=200,-200,128
// exit: 0
// expect: verdict=ok final.out=[44,255,127,-56,56,-128]
// why: data is unsigned char: 300 & 255 = 44, -1 & 255 = 255, 127. sdata is signed char: 200 →
//   200 - 256 = -56, -200 → -200 + 256 = 56, 128 → -128. out[t] = data[t], out[3+t] = sdata[t].
__global__ void widen(const unsigned char *data, const signed char *sdata, int *out) {
  int t = threadIdx.x;
  out[t] = data[t];
  out[3 + t] = sdata[t];
}
