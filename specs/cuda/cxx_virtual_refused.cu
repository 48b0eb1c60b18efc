// spec: C++ virtual functions stay unsupported: a class with a virtual method is refused at the object's declaration, with its line and column
// run: run --block-dim 2
// exit: 2
// stderr: cxx_virtual_refused.cu:16:10: error: unsupported: type 'struct Square' (a class with virtual functions or virtual bases)
// why: Square has a vtable (its virtual area()); the model lays an object out as one cell per
//   field and has no indirect calls, so the declaration `Square sq;` (line 16, column 10, where the name sq is) is
//   refused (Clang names the type 'struct Square'): exit 2.
struct Shape {
  int side;
  __device__ virtual int area() const { return 0; }
};
struct Square : Shape {
  __device__ int area() const override { return side * side; }
};
__global__ void areas(int* out) {
  Square sq;
  sq.side = threadIdx.x;
  out[threadIdx.x] = sq.area();
}
