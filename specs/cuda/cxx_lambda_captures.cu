// spec: C++ lambdas in a kernel: a [&] lambda accumulating into a local, a [=] lambda capturing the thread index by copy (later changes of the variable are not seen), a lambda passed to a template helper (a functor parameter) and applied to each element of a private array
// run: run --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[14,20]
// why: thread t: vals = [1, 2, 3]. scaled captures k = t + 1 by copy when it is created; k is
//   then set to 100, which the lambda does not see: scaled(v) = v * (t + 1). forEach calls
//   add(scaled(v)) for each of the three values: sum += (1 + 2 + 3)(t + 1) = 6(t + 1) through the
//   [&] capture of sum (which starts at 8): t = 0 → 8 + 6 = 14, t = 1 → 8 + 12 = 20.
template <typename F>
__device__ void forEach(const int* v, int n, F f) {
  for (int i = 0; i < n; ++i) f(v[i]);
}
__global__ void lambdas(int* out) {
  int t = threadIdx.x;
  int vals[3] = {1, 2, 3};
  int sum = 8;
  int k = t + 1;
  auto scaled = [=](int v) { return v * k; };
  k = 100;
  auto add = [&](int v) { sum += scaled(v); };
  forEach(vals, 3, add);
  out[t] = sum;
}
