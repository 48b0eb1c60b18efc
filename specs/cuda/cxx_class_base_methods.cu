// spec: C++ classes: a base with a default member initialiser and a const method, a derived class whose constructor initialises the base and its own field, an inherited method called through the derived object and through 'this', a struct array element written from the object
// run: run --block-dim 2 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[0,0,4,12]
// why: Box(w0, d0) initialises its base with Shape{w0, 3} (w = w0, h = 3: the initialiser
//   replaces the default h = 2), then d = d0. A Box's cells are w, h (the base's fields first),
//   d. Thread t: b = (t, 3, 2); b.grow() doubles w through this: (2t, 3, 2). b.area() is the
//   inherited method: 2t * 3 = 6t. Plain() initialises its base with Shape{1}: w = 1 and h keeps
//   its default 2, so Plain().h = 2. out[2t] = 6t - 2t = 4t; out[2t + 1] = b.volume() =
//   area() * d = 6t * 2 = 12t. t = 0: [0, 0]; t = 1: [4, 12]. Each thread writes its own two
//   cells: no race.
struct Shape {
  int w;
  int h = 2;
  __device__ int area() const { return w * h; }
};
struct Box : Shape {
  int d;
  __device__ Box(int w0, int d0) : Shape{w0, 3}, d(d0) {}
  __device__ int volume() const { return area() * d; }
  __device__ void grow() { this->w *= 2; }
};
struct Plain : Shape {
  __device__ Plain() : Shape{1} {}
};
__global__ void boxes(int* out) {
  int t = threadIdx.x;
  Box b(t, 2);
  b.grow();
  out[2 * t] = b.area() - Plain().h * t;
  out[2 * t + 1] = b.volume();
}
