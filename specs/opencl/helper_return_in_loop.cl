// spec: OpenCL helper returning from inside a loop (linear search), and a pointer walking an array (p++, p < A + 4, *p)
// run: run --local-size 4 --init A=3,1,0,1
// exit: 0
// expect: verdict=ok final.out=[205,105,-95,5]
// why: find(A, 4, key) returns the first j with A[j] == key, else -1: with A = 3,1,0,1, key 0 →
//   2, key 1 → 1 (the first of two), key 2 → -1, key 3 → 0. The pointer loop adds A[0..3]: s = 5.
//   out[i] = 100 * find(A, 4, i) + s = 205, 105, -95, 5. A is only read: no race.
int find(__global const int *A, int n, int key) {
  for (int j = 0; j < n; j++) {
    if (A[j] == key)
      return j;
  }
  return -1;
}
__kernel void search(__global const int *A, __global int *out) {
  int i = get_local_id(0);
  __global const int *p;
  int s = 0;
  for (p = A; p < A + 4; p++)
    s += *p;
  out[i] = find(A, 4, i) * 100 + s;
}
