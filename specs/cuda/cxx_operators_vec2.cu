// spec: C++ overloaded operators on a small vector class: a member operator+, a free operator* with a scalar, a compound operator+= returning *this by reference (chained), a comparison operator; a per-thread accumulation
// run: run --block-dim 3 --buffer out=6
// exit: 0
// expect: verdict=ok final.out=[2,1,5,2,8,3]
// why: Vec2 has cells x, y. Thread t: a = (t, 1), b = (2, t) (constructor). c = a + b = (t + 2,
//   t + 1); d = 2 * a = (2t, 2) (the free operator). acc starts at (0, 0) (default member
//   initialisers, then the empty constructor body); (acc += c) += d applies the second += to
//   the reference the first returns, acc itself: acc = (3t + 2, t + 3). acc == d needs
//   3t + 2 = 2t: never for t >= 0, so acc.y -= 2 always: acc.y = t + 1. out[2t] = 3t + 2,
//   out[2t + 1] = t + 1: [2, 1, 5, 2, 8, 3].
struct Vec2 {
  int x = 0, y = 0;
  __device__ Vec2() {}
  __device__ Vec2(int x0, int y0) : x(x0), y(y0) {}
  __device__ Vec2 operator+(const Vec2& o) const { return Vec2(x + o.x, y + o.y); }
  __device__ Vec2& operator+=(const Vec2& o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  __device__ bool operator==(const Vec2& o) const { return x == o.x && y == o.y; }
};
__device__ Vec2 operator*(int k, const Vec2& v) { return Vec2(k * v.x, k * v.y); }
__global__ void accumulate(int* out) {
  int t = threadIdx.x;
  Vec2 a(t, 1), b(2, t);
  Vec2 c = a + b;
  Vec2 d = 2 * a;
  Vec2 acc;
  (acc += c) += d;
  if (!(acc == d)) acc.y -= 2;
  out[2 * t] = acc.x;
  out[2 * t + 1] = acc.y;
}
