// spec: C++ function pointers whose target is known at the call: a local `auto op = &add;`, a function passed to a template reduction helper as a pointer parameter (a binary operation), a function name used without &
// run: run --kernel folds --block-dim 2 --buffer in=3 --buffer out=4 --init in=2,7,4
// exit: 0
// expect: verdict=ok final.out=[13,7,13,7]
// run: run --kernel pickAtRunTime --block-dim 1
// exit: 2
// stderr: unsupported: a function pointer whose target is not one known function
// why: fold(v, n, op) = op(...op(op(v[0], v[1]), v[2])...): with add 2 + 7 + 4 = 13, with
//   maxOf max(max(2, 7), 4) = 7. Thread t writes out[2t] = fold(in, 3, &add) = 13 and
//   out[2t + 1] = fold(in, 3, maxOf) = 7: [13, 7, 13, 7]. pickAtRunTime assigns its function
//   pointer in a branch, so its target is not one known function: refused, exit 2.
__device__ int add(int a, int b) { return a + b; }
__device__ int maxOf(int a, int b) { return a > b ? a : b; }
template <typename T>
__device__ T fold(const T* v, int n, T (*op)(T, T)) {
  T acc = v[0];
  for (int i = 1; i < n; ++i) acc = op(acc, v[i]);
  return acc;
}
__global__ void folds(const int* in, int* out) {
  int t = threadIdx.x;
  auto sum = &add;
  out[2 * t] = fold(in, 3, sum);
  out[2 * t + 1] = fold(in, 3, maxOf);
}
__global__ void pickAtRunTime(int* out, int which) {
  int (*op)(int, int) = add;
  if (which) op = maxOf;
  out[0] = op(3, 4);
}
