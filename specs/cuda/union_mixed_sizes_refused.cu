// spec: a union whose members are not all whole 32-bit words of the union's size (an int and two shorts) is refused at the declaration that needs its layout, naming the member
// run: run --block-dim 2
// exit: 2
// stderr: union_mixed_sizes_refused.cu:15:10: error: unsupported: union Halves: member 'h' of type 'unsigned short[2]' is an array of elements narrower than 32 bits
// why: the local `Halves x;` (line 15, col 10) is the first use that needs the layout.
//   Reading h[1] after writing w would read the upper 16 bits of w, but the model keeps one
//   cell per element (h[0] and h[1] in cells of their own), not bytes: the cells of h and of w
//   are not the same bits, so the union is refused rather than mistranslated.
union Halves {
  unsigned int w;
  unsigned short h[2];
};

__global__ void splitWords(const unsigned int* in, unsigned short* hi) {
  Halves x;
  x.w = in[threadIdx.x];
  hi[threadIdx.x] = x.h[1];
}
