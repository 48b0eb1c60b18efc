// spec: GPUVerify's loop invariant __write_implies(A, __write_offset_bytes(A) / sizeof(int) % stride == gid) in a grid-stride loop: under --target 64 (the .cu default) sizeof makes the division 64-bit, which cannot be evaluated per logged offset: refused with the reason and the fix; under --target 32 (GPUVerify's size_t) it holds
// run: run --block-dim 8 --grid-dim 2 --buffer A=32 --param n=32
// exit: 2
// stderr: annot_write_implies_sizeof_target.cu:22:22: error: unsupported: '__write_implies' whose condition needs 64-bit arithmetic
// run: run --block-dim 8 --grid-dim 2 --buffer A=32 --param n=32 --target 32 --init A=1,2,3
// exit: 0
// expect: verdict=ok final.A=[2,4,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
// why: with a 64-bit size_t the int offset is widened (its sign word a temporary) before the
//   unsigned division by sizeof(int) = 4, and the condition must be evaluated for each offset
//   in the write log, where no temporary can follow it: a located refusal (line 22, the
//   __write_implies call's column 22), exit 2. With a 32-bit size_t the division is one
//   expression. Thread g = 8 * blockIdx.x + threadIdx.x (0..15) starts at i = g; stride =
//   8 * 2 = 16, n = 32: it doubles A[g] and A[g + 16] and stops at g + 32. Each time the guard
//   is evaluated its write log holds only offsets i' = g + 16k (bytes 4i'), so 4i' / 4 % 16 = g:
//   the invariant holds at every evaluation. Each cell is written by one thread: no race.
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
