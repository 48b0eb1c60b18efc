// spec: private arrays whose elements take several cells (double, a long long) check the element index against their number of elements: out-of-bounds (T-PRIVATE-INDEX) naming the array, the C index and the element count
// run: run --kernel moments --block-dim 2 --param n=3
// exit: 0
// expect: verdict=ok
// run: run --kernel moments --block-dim 2 --param n=4
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=m index=4 size=4 private=true location.line=36
// expect: message="thread 0 indexes the private array m (4 elements) at 4"
// run: run --kernel lookup --block-dim 2 --param n=2
// exit: 0
// expect: verdict=ok final.out=[20,20]
// run: run --kernel lookup --block-dim 2 --param n=-1
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=table index=-1 size=3 location.line=43
// expect: message="thread 0 indexes the private array table (3 elements) at -1"
// why: moments keeps 4 doubles m[0..3] (8 cells: a double is two); m[n] at line 36 is checked
//   against the 4 elements, not the 8 cells: n = 3 is inside (ok), n = 4 is one past the end
//   for both threads, the lowest is thread 0 (its cells 8 and 9 would be outside too; the
//   element check comes first and names the C index 4). lookup keeps 3 long longs
//   (6 cells); table[n] at line 43 is checked against the 3 elements: n = 2 gives
//   10 · 2 = 20 for both threads (out = [20, 20]); n = -1 is outside, thread 0 first, index -1
//   (its cells -2 and -1 would be outside the cells too).
namespace stats {

__device__ double power(double x, int k) {
  double r = 1.0;
  for (int i = 0; i < k; ++i) r *= x;
  return r;
}

}  // namespace stats

__global__ void moments(const double *x, double *out, int n) {
  double m[4];
  for (int k = 0; k < 4; ++k) m[k] = stats::power(x[threadIdx.x], k);
  out[threadIdx.x] = m[n];
}

// A table of 64-bit offsets.
__global__ void lookup(int *out, int n) {
  long long table[3];
  for (int i = 0; i < 3; ++i) table[i] = 10LL * i;
  out[threadIdx.x] = (int)table[n];
}
