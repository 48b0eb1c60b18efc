// spec: a postcondition on __return_val_ptr() that does not hold: the row accessor claims its result is at element offset r (forgetting the row width); it fails at the __ensures for thread 1, the first thread whose row is not row 0
// run: run --block-dim 3 --buffer m=6
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=12
// why: the __ensures is checked where row's body ends, for every thread that called it: the result is
//   m + 2r, so __ptr_offset(__return_val_ptr()) is 2r (cells of m) and equals r only for r = 0. Thread r
//   calls row(m, r, 2): thread 0 passes, thread 1 has 2 != 1: the lowest failing thread is 1, line 12.
#include <gpuverify.h>

namespace mat {
__device__ int *row(int *m, int r, int width) {
  __ensures(__ptr_offset(__return_val_ptr()) == r);
  return m + r * width;
}
}  // namespace mat

__global__ void fill(int *m) {
  int *p = mat::row(m, threadIdx.x, 2);
  p[0] = threadIdx.x;
  p[1] = -(int)threadIdx.x;
}
