// spec: C++ address of locals: a helper returning two results through int* out parameters (&lo, &hi of scalar locals) and a private array passed to it; the out variables are never read before the helper writes them but their address escapes, so they start arbitrary (a note)
// run: run --block-dim 3 --buffer out=3
// exit: 0
// expect: verdict=ok final.out=[5,6,7]
// stderr: note: 'lo' may be read before it is assigned
// run: check --block-dim 3 --buffer out=3
// exit: 0
// expect: verdict=ok
// why: vals = [t, 5, -t]; minmax writes *lo = *hi = v[0] and then scans v[1], v[2]: lo = -t,
//   hi = 5 for t = 0..2 (t <= 5). out[t] = hi - lo = 5 + t: [5, 6, 7]. The addresses of lo and
//   hi escape into the helper, which the frontend takes as a possible read before assignment
//   (they start arbitrary); minmax writes both before reading them, so check, exploring their
//   initial values, still finds only the ok outcome.
__device__ void minmax(const int* v, int n, int* lo, int* hi) {
  *lo = v[0];
  *hi = v[0];
  for (int i = 1; i < n; ++i) {
    if (v[i] < *lo) *lo = v[i];
    if (v[i] > *hi) *hi = v[i];
  }
}
__global__ void spread(int* out) {
  int t = threadIdx.x;
  int vals[3] = {t, 5, -t};
  int lo, hi;
  minmax(vals, 3, &lo, &hi);
  out[t] = hi - lo;
}
