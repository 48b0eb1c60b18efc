// spec: C++ lambda capturing 'this' inside a member function is refused at the lambda (the closure would hold a pointer to the object, a pointer stored in memory)
// run: run --block-dim 1 --buffer out=1
// exit: 2
// stderr: unsupported: a lambda capturing 'this'
// why: [this] (or [=] using a member) stores the object's address in the closure; pointers held
//   in objects are not modelled, so the lambda is refused: exit 2.
struct Scaler {
  int k;
  __device__ int apply(int v) const {
    auto f = [this](int x) { return x * k; };
    return f(v);
  }
};
__global__ void scaleOne(int* out) {
  Scaler s{3};
  out[0] = s.apply(4);
}
