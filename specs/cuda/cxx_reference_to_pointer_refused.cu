// spec: C++ reference to a pointer (a helper advancing a pointer through int*&) is refused at the argument, not mistranslated
// run: run --block-dim 1
// exit: 2
// stderr: unsupported: a reference to a pointer or an array ('int *&')
// why: a reference to a pointer variable would let the helper reassign the caller's (base,
//   offset) pair, which the lowering does not model: the call's argument is refused, exit 2.
__device__ void advance(int*& p, int n) { p += n; }
__global__ void walk(int* data) {
  int* p = data;
  advance(p, 2);
  *p = 1;
}
