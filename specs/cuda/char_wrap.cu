// spec: CUDA unsigned char and signed char wrap around on assignment (values normalised to 8 bits)
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[250,120,253,124,0,-128,3,-124]
// why: c = 250 + 3t as an unsigned char: 250, 253, 256 mod 256 = 0, 259 mod 256 = 3. s = 120 + 4t
//   as a signed char: 120, 124, 128 → -128, 132 → -124. out[2t] = c, out[2t+1] = s.
__global__ void bytes(int *out) {
  unsigned t = threadIdx.x;
  unsigned char c = 250;
  c += t * 3;
  signed char s = 120 + t * 4;
  out[2 * t] = c;
  out[2 * t + 1] = s;
}
