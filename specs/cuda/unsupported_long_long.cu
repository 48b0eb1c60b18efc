// spec: CUDA 64-bit atomics on private memory stay unsupported (long long itself and 64-bit atomics on shared/global memory are lowered): diagnosed at the call, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_long_long.cu:10:3: error: unsupported: an atomic operation on private memory
// why: line 10 is `  atomicAdd(&x[0], 5ull);` on an element of the private array x (line 9):
//   KPL's atomics act on shared or global arrays only, so the call (column 3) is refused.
//   The unsigned long long array and the plain copy on line 11 are fine.
__global__ void k(unsigned long long *A) {
  unsigned long long x[2];
  atomicAdd(&x[0], 5ull);
  A[0] = x[0];
}
