// spec: a helper's __reads_from frame checked at run time for a pointer that may point into two arrays: the read through it fails the frame only in the threads whose pointer points outside it
// run: run --block-dim 4 --buffer a=4 --buffer b=4 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=19
// stderr: note: this read of 'b' (where the pointer points there) is outside the frame of 'pick'
// run: run --block-dim 1 --buffer a=4 --buffer b=4 --buffer out=4
// exit: 0
// expect: verdict=ok
// why: pick() declares __reads_from(a) (line 17). p points into a for even t and into b for odd t, so
//   the read p[t] (line 19) is an if-chain over p's two arrays, and its branch for b asserts false.
//   With 4 threads, threads 1 and 3 take that branch: thread 1, the lowest, fails at line 19. With one
//   thread (t = 0) p points into a only at run time: the frame holds, ok (the lowering's note about
//   the b branch is printed either way).
#include <gpuverify.h>

__device__ int pick(const int *a, const int *b, unsigned t) {
  __reads_from(a);
  const int *p = (t % 2 == 0) ? a : b;
  return p[t];
}

__global__ void mix(const int *a, const int *b, int *out) {
  out[threadIdx.x] = pick(a, b, threadIdx.x);
}
