// spec: CUDA 64-bit atomics stay unsupported (long long itself is lowered, as two words): diagnosed at the call, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_long_long.cu:10:3: error: unsupported: a 64-bit atomic operation ('atomicAdd'; only 32-bit integers)
// why: line 10 is `  atomicAdd(A, x);` on an unsigned long long: the call starts at column 3. KPL's
//   atomics work on one word; a 64-bit atomic would need both words at once. The long long
//   local x on line 9 is fine.
__global__ void k(unsigned long long *A) {
  unsigned long long x = 5;
  atomicAdd(A, x);
}
