// spec: C++ reference parameters of 64-bit type: a helper accumulating into an unsigned long long& local (wrapping past 2^32) and into a long long element of a global array through a reference
// run: run --block-dim 2 --buffer sums=2
// exit: 0
// expect: verdict=ok final.sums=[1,1,3,1]
// why: acc starts at 0xFFFFFFFF (2^32 - 1); accumulate(acc, t + 2) adds t + 2 through the
//   reference: 2^32 + 1 + t, words (lo, hi) = (1 + t, 1). sums[t] (a reference to the element,
//   cells 2t and 2t + 1, low word first) is set to acc: t = 0 → (1, 1), t = 1 → (2, 1)... then
//   accumulate(sums[t], t) adds t: (1, 1), (3, 1). sums = [1, 1, 3, 1].
__device__ void accumulate(unsigned long long& total, unsigned long long v) { total += v; }
__global__ void sums64(unsigned long long* sums) {
  int t = threadIdx.x;
  unsigned long long acc = 0xFFFFFFFFull;
  accumulate(acc, t + 2);
  unsigned long long& mine = sums[t];
  mine = acc;
  accumulate(sums[t], t);
}
