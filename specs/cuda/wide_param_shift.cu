// spec: CUDA unsigned long long parameter (two params n.lo, n.hi) shifted by 60 + threadIdx.x: exact up to 63, shift-out-of-range at 64
// run: run --block-dim 4 --param n.lo=3
// exit: 0
// expect: verdict=ok final.A=[0,805306368,0,1610612736,0,-1073741824,0,-2147483648]
// run: run --block-dim 8 --param n.lo=3
// exit: 1
// expect: verdict=shift-out-of-range threads=[4] location.line=16
// why: n = 3. Thread t writes n << (60 + t), low word first: 3 << 60 = 0x30000000_00000000 (high
//   word 805306368), 3 << 61 = 0x60000000_00000000 (1610612736), 3 << 62 = 0xc0000000_00000000
//   (-1073741824 as a signed word), 3 << 63 keeps the low bit only: 0x80000000_00000000
//   (-2147483648); every low word is 0. With 8 threads, threads 4 to 7 shift by 64 to 67,
//   outside 0..63 (C leaves it undefined; CUDA is not masked): shift-out-of-range, reported for
//   the lowest thread, 4, at line 16.
__global__ void k(unsigned long long *A, unsigned long long n) {
  int t = threadIdx.x;
  A[t] = n << (60 + t);
}
