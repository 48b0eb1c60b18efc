// spec: GPUVerify's loop invariant __write_implies(A, __write_offset_bytes(A) / sizeof(int) % stride == gid) in a grid-stride loop holds under both targets: under --target 64 (the .cu default) sizeof makes the division 64-bit, whose lowering keeps temporaries, substituted into the condition so that it follows each logged offset; under --target 32 (GPUVerify's size_t) the division is one expression
// run: run --block-dim 8 --grid-dim 2 --buffer A=32 --param n=32 --init A=1,2,3
// exit: 0
// expect: verdict=ok final.A=[2,4,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
// run: run --block-dim 8 --grid-dim 2 --buffer A=32 --param n=32 --target 32 --init A=1,2,3
// exit: 0
// expect: verdict=ok final.A=[2,4,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
// why: with a 64-bit size_t the int byte offset is widened (its sign word, offset >> 31, a temporary)
//   before the unsigned division by sizeof(int) = 4; each temporary is a pure function of the logged
//   offset assigned once, so substituting it into the condition evaluates the same value for each
//   offset of the write log (the offsets here are below 32: sign word 0, and 4i' / 4 = i' in either
//   width). Thread g = 8 * blockIdx.x + threadIdx.x (0..15) starts at i = g; stride = 8 * 2 = 16,
//   n = 32: it doubles A[g] and A[g + 16] and stops at g + 32. Each time the guard is evaluated its
//   write log holds only offsets i' = g + 16k (bytes 4i'), so 4i' / 4 % 16 = g: the invariant holds
//   at every evaluation, under both targets. Each cell is written by one thread: no race.
//   A = [1, 2, 3, 0, …] doubles to [2, 4, 6, 0, …] (32 cells).
#include "cuda.h"

__global__ void scale(int *A, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  while (__invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(int) % stride ==
                                            blockIdx.x * blockDim.x + threadIdx.x)),
         i < n) {
    A[i] *= 2;
    i += stride;
  }
}
