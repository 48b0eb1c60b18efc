// spec: a 64-bit (long) kernel parameter is two of the kernel's parameters, n.lo and n.hi; --param n=V gives it whole (run), --param n=A..B a range within one 2^32 block (check)
// run: run --block-dim 2 --param n=4294967298
// exit: 0
// expect: verdict=ok final.out=[2,1,3,1]
// run: run --block-dim 2 --param n=-1
// exit: 0
// expect: verdict=ok final.out=[-1,-1,0,0]
// run: check --block-dim 2 --param n=4294967296..4294967297
// exit: 0
// expect: verdict=ok bounds.params={"n.hi":[1,1],"n.lo":[0,1]}
// run: check --block-dim 2 --param n=4294967295..4294967296
// exit: 2
// stderr: within one 2^32 block
// run: run --block-dim 2 --param n=1..2
// exit: 2
// stderr: --param expects NAME=V with V a 64-bit integer
// why: out[t] = n + t as a 64-bit long, one element two cells (low word, then high word).
//   n = 2^32 + 2: thread 0 writes 2^32 + 2 (low 2, high 1), thread 1 2^32 + 3 (low 3, high 1).
//   n = -1: thread 0 writes -1 (both words 0xffffffff = -1), thread 1 writes 0 (both 0).
//   check over 2^32..2^32+1: high word 1, low word 0..1, no two threads write one cell: ok.
//   2^32 - 1 .. 2^32 spans two high words: refused (exit 2); run takes one value only.
__global__ void add_index(long n, long *out) {
  out[threadIdx.x] = n + threadIdx.x;
}
