// spec: C++ helpers returning pointers into one array (a row of a matrix, an element found by a search loop), used for reads and writes
// run: run --kernel rows --block-dim 2 --buffer m=6 --init m=1,2,3,4,5,6
// exit: 0
// expect: verdict=ok final.m=[1,2,30,4,5,60]
// why: row(m, r) returns m + 3r. Thread t: p = row(m, t); findMax(p, 3) returns a pointer to the
//   largest of p[0..2] (the first one in a tie), the last cell of each row: 3 (t = 0), 6 (t = 1).
//   *q *= 10 writes m[2] = 30 and m[5] = 60. Each thread writes its own row: no race.
__device__ int* row(int* m, int r) { return m + 3 * r; }
__device__ int* findMax(int* p, int n) {
  int* best = p;
  for (int i = 1; i < n; ++i)
    if (p[i] > *best) best = p + i;
  return best;
}
__global__ void rows(int* m) {
  int t = threadIdx.x;
  int* q = findMax(row(m, t), 3);
  *q *= 10;
}
