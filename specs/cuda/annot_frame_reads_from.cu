// spec: GPUVerify's __reads_from / __writes_to as a checked frame: a helper declares the arrays it reads and writes, and every read and write of its body (an inlined callee's included) is of a declared array, so the kernel is ok
// run: run --block-dim 4 --buffer in=4 --buffer out=4 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[2,4,6,8]
// why: scale() declares __reads_from(src) and __writes_to(dst); called with src = in, dst = out, its reads
//   are of in (through load(), a callee inlined into it: src[i]) and its write of out: every access is in
//   its frame, so no check fails. out[t] = 2 * in[t] = {2, 4, 6, 8}. The kernel reads nothing outside
//   scale() and declares no frame of its own.
#include <gpuverify.h>

__device__ int load(const int *p, unsigned i) { return p[i]; }

__device__ void scale(int *dst, const int *src, unsigned i) {
  __reads_from(src);
  __writes_to(dst);
  dst[i] = 2 * load(src, i);
}

__global__ void twice(int *out, const int *in) {
  scale(out, in, threadIdx.x);
}
