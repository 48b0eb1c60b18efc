// spec: issue 14: what a union lowered as bytes cannot give exactly is refused, located: an atomic on its word member (a pointer to a 4-byte member), a non-const reference to a short member, a brace initialiser of a member shorter than the union (its other bytes indeterminate), a pointer member
// run: run --kernel countHits --block-dim 2
// exit: 2
// stderr: union_bytes_refused.cu:42:14: error: unsupported: a pointer to 'unsigned int' inside a union lowered as bytes (it spans 4 bytes; only a byte or an array of bytes of such a union can be pointed to or referred to)
// run: run --kernel bumpHigh --block-dim 2
// exit: 2
// stderr: union_bytes_refused.cu:31:43: error: unsupported: a reference to 'short' inside a union lowered as bytes (it spans 2 bytes;
// run: run --kernel initWord --block-dim 2
// exit: 2
// stderr: union_bytes_refused.cu:53:11: error: unsupported: an initialiser of member 'tag' of 'union Tag', which leaves byte 1 of the union indeterminate
// run: run --kernel tagged --block-dim 2
// exit: 2
// stderr: union_bytes_refused.cu:58:16: error: unsupported: union Tagged: member 'ptr' of type 'const int *' holds a pointer
// why: Counter holds bytes (b[4], half[2]) and a word: it is lowered as bytes. A pointer or a
//   reference names cells of its own type, so one to the 4-byte word (atomicAdd's &slot.word,
//   line 42: the member expression slot.word at col 14) or to a 2-byte half (`short& h` bound by
//   bump's call, line 31: the argument c.half[1] at col 43, after `__device__ void bumpIn(Counter&
//   c) { bump(`, 42 characters) would step over 4 or 2 byte cells as one: refused. A brace
//   initialiser (line 53, `{7u}` at col 11) initialises Tag's first member, the byte `tag`, and
//   leaves bytes 1..3 of the union indeterminate (C gives them no value): refused rather than
//   given one. A pointer member (Tagged, line 58, `const Tagged t`: the local's name at col
//   16) is two cells of the model, not bytes: refused at the declaration that needs the layout.
//   Each: exit 2.
union Counter {
  unsigned int word;
  unsigned char b[4];
  short half[2];
};

__device__ void bump(short& h) { h += 1; }
__device__ void bumpIn(Counter& c) { bump(c.half[1]); }

__global__ void bumpHigh(unsigned int* out) {
  Counter c;
  c.word = 0u;
  bumpIn(c);
  out[threadIdx.x] = c.word;
}

__global__ void countHits(unsigned int* out) {
  __shared__ Counter slot;
  atomicAdd(&slot.word, 1u);
  __syncthreads();
  out[threadIdx.x] = slot.b[0];
}

union Tagged {
  const int* ptr;
  unsigned char raw[8];
};
union Tag { unsigned char tag; unsigned int word; };
__global__ void initWord(unsigned int* out) {
  Tag c = {7u};
  out[threadIdx.x] = c.word;
}

__global__ void tagged(const int* in, int* out) {
  const Tagged t = {in};
  out[threadIdx.x] = t.raw[0];
}
