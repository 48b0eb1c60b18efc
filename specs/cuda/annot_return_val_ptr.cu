// spec: GPUVerify's __return_val_ptr() in the postcondition of a helper returning a pointer: a row accessor of a matrix ensures its result is m + r * width (pointer equality) and that its byte offset is r * width * 4; both hold for every thread
// run: run --block-dim 3 --buffer m=6
// exit: 0
// expect: verdict=ok final.m=[0,0,1,-1,2,-2]
// why: row(m, r, 2) returns m + 2r: __return_val_ptr() is that pointer (array m, offset 2r), equal to
//   m + r * width, and its byte offset is 2r * 4 = r * 2 * 4. Thread t writes m[2t] = t and m[2t + 1] = -t:
//   [0, 0, 1, -1, 2, -2] (0 and -0 are both 0).
#include <gpuverify.h>

namespace mat {
__device__ int *row(int *m, int r, int width) {
  __ensures(__return_val_ptr() == m + r * width);
  __ensures(__ptr_offset_bytes(__return_val_ptr()) == r * width * 4);
  return m + r * width;
}
}  // namespace mat

__global__ void fill(int *m) {
  int *p = mat::row(m, threadIdx.x, 2);
  p[0] = threadIdx.x;
  p[1] = -(int)threadIdx.x;
}
