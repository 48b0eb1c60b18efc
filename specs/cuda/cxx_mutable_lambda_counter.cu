// spec: C++ mutable lambda with a [=] capture: the lambda's own copy of the variable changes across its calls while the kernel's variable keeps its value
// run: run --block-dim 2 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[2,0,2,1]
// why: next captures n = t by copy (the closure's own copy) and increments that copy at each
//   call, returning it: a = t + 1, b = t + 2. The kernel's n keeps t. out[2t] = a + b - 2t - 1
//   = 2 for every t; out[2t + 1] = n = t: [2, 0, 2, 1].
__global__ void counters(int* out) {
  int t = threadIdx.x;
  int n = t;
  auto next = [=]() mutable { n += 1; return n; };
  int a = next();
  int b = next();
  out[2 * t] = a + b - 2 * t - 1;
  out[2 * t + 1] = n;
}
