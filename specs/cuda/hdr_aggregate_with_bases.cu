// spec: C++17 aggregate initialisation of a class with bases: the bases' initialisers first, then the fields (formerly the bases were skipped and the fields misread)
// run: run --block-dim 1 --buffer o=7
// exit: 0
// expect: verdict=ok final.o=[7,7,7,9,5,6,0]
// why: D{{7u}, 9u} is D with base B{t = 7} and u = 9: o[0] = d.t = 7, o[1] = d.get() = 7,
//   o[2] = the sliced copy's t = 7, o[3] = d.u = 9. F{{}, {5u}, 6u}: the empty base E takes
//   no cells, t = 5, v = 6. D{} value-initialises: t + u = 0.
struct E {};
struct B {
  unsigned t;
  __device__ unsigned get() const { return t; }
};
struct D : B { unsigned u; };
struct F : E, B { unsigned v; };

__device__ unsigned viaBase(B b) { return b.t; }

__global__ void k(unsigned *o) {
  D d = D{{7u}, 9u};
  o[0] = d.t;
  o[1] = d.get();
  o[2] = viaBase(d);
  o[3] = d.u;
  F f = F{{}, {5u}, 6u};
  o[4] = f.t;
  o[5] = f.v;
  D z = D{};
  o[6] = z.t + z.u;
}
