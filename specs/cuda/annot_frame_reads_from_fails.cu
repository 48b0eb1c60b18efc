// spec: a read outside a helper's __reads_from frame, made by a callee inlined into it, is an assertion failure located at that read, with a note naming the array and the declaration; the same read made by the kernel itself (which declares no frame) is not checked
// run: run --block-dim 2 --buffer in=2 --buffer bias=2 --buffer out=2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=13
// stderr: note: this read of 'bias' is outside the frame of 'scale' (__reads_from at line 16 names 'in')
// why: scale() declares __reads_from(src) (line 16), src = in. Its callee withBias() reads p[i] = in[i]
//   (in the frame) and bias[i] (line 13): bias is not named, so that read is an assert(false) where it
//   stands: thread 0, the lowest enabled thread, fails there first (the first statement of the read, line
//   13). The kernel's own read of bias (line 23) is outside any frame and unchecked, but the failure comes
//   first. The note names the arrays of the frame as the kernel's buffers (src is in here).
#include <gpuverify.h>

__device__ int withBias(const int *p, const int *bias, unsigned i) { return p[i] + bias[i]; }

__device__ void scale(int *dst, const int *src, const int *bias, unsigned i) {
  __reads_from(src);
  __writes_to(dst);
  dst[i] = 2 * withBias(src, bias, i);
}

__global__ void twice(int *out, const int *in, const int *bias) {
  scale(out, in, bias, threadIdx.x);
  out[threadIdx.x] += bias[threadIdx.x];
}
