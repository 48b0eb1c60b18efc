// spec: CUDA atomicAdd on an unsigned long long races a plain read of its high word by another thread (the read takes both words: reported at the low word, the smallest cell)
// run: run --block-dim 2 --buffer c=1 --buffer out=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,0] location.line=17 location.col=1
// expect: accesses.0={"thread":1,"kind":"atomic","array":"c","index":0,"location":{"line":16}}
// expect: accesses.1={"thread":0,"kind":"read","array":"c","index":0,"location":{"line":14}}
// why: thread 0 computes c[0] >> 32 (line 14): a plain read of c[0], both its words (cells 0
//   and 1; C reads the whole unsigned long long). Thread 1 adds atomically (line 16), an
//   atomic access of cells 0 and 1. Atomic vs plain on one cell by different threads is a
//   race; both cells conflict, the one reported is the smallest, cell 0, as (the atomic
//   thread 1, the reader 0), at the closing brace (line 17).
__global__ void k(unsigned long long *c, unsigned *out) {
  if (threadIdx.x == 0)
    out[0] = (unsigned)(c[0] >> 32);
  else
    atomicAdd(c, 1ull);
}
