// spec: CUDA switch on an unsigned long long (labels compared on both words), fallthrough and default
// run: run --block-dim 3 --param n.lo=5
// exit: 0
// expect: verdict=ok final.A=[10,3,3]
// run: run --block-dim 3 --param n.lo=-1 --param n.hi=-1
// exit: 0
// expect: verdict=ok final.A=[12,3,3]
// run: run --block-dim 3
// exit: 0
// expect: verdict=ok final.A=[3,1,3]
// why: thread t switches on t * 2^32 + n (unsigned long long, wrapping at 2^64). n = 5: thread 0
//   has 5 (case 5: A[0] = 0 + 10), threads 1 and 2 have 2^32 + 5 and 2^33 + 5 (default, 3).
//   n = 2^64 - 1 (both words -1): thread 0 has 2^64 - 1, the second label: A[0] = 2, falling
//   through to += 10: 12; thread 1 has 2^32 - 1 (wrapped), thread 2 2^33 - 1: default, 3.
//   n = 0: thread 1 has 2^32 = 0x100000000, the first label (low word 0 like thread 0's 0,
//   which is no label): A = 3, 1, 3. A label that compared low words only would match 2^32 + 5
//   with 5.
__global__ void k(int *A, unsigned long long n) {
  long long x = (long long)threadIdx.x << 32;
  switch (x + n) {
  case 0x100000000LL: A[threadIdx.x] = 1; break;
  case 0xffffffffffffffffULL: A[threadIdx.x] = 2;
  case 5: A[threadIdx.x] += 10; break;
  default: A[threadIdx.x] = 3;
  }
}
