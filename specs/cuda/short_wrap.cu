// spec: CUDA short and unsigned short wrap around (16 bits), also through ++ and --
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[32767,65535,-32768,0,-32767,1,-32766,2]
// why: s = 32766 + t, then s++: 32767, 32768 → -32768, -32767, -32766. u = t, then u--:
//   0 - 1 → 65535, 0, 1, 2. out[2t] = s, out[2t+1] = u.
__global__ void halfwords(int *out) {
  int t = threadIdx.x;
  short s = 32766 + t;
  s++;
  unsigned short u = t;
  u--;
  out[2 * t] = s;
  out[2 * t + 1] = u;
}
