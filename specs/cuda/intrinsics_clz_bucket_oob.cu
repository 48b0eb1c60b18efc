// spec: a log2 histogram whose bucket array is one too small: 31 - __clz(x) reaches bucket 7 for x = 160, outside hist[0..6] (the atomic itself is out of bounds)
// run: run --block-dim 4 --buffer hist=7
// exit: 1
// expect: verdict=out-of-bounds threads=[3]
// why: x = (t + 1) * 40: buckets 5, 6, 6, 7 (highest set bit of 40, 80, 120, 160). The
//   atomics of threads 0-2 hit hist[5], hist[6], hist[6] (atomics do not race with each
//   other); thread 3's atomicAdd on hist[7] is outside hist[0..6].
#define NUM_BUCKETS 7

__global__ void log2Histogram(int *hist) {
  const unsigned int x = (threadIdx.x + 1) * 40u;
  const int b = 31 - __clz((int)x);
  atomicAdd(&hist[b], 1);
}
