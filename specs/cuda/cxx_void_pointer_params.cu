// spec: void* kernel parameters used through casts (as a generic copy kernel takes its buffers): the element type is the one the kernel casts each parameter to; a helper taking void* casts back; a cast of the same memory to a struct type is refused
// run: run --kernel scaleBuffers --block-dim 2 --buffer out=2 --buffer in=2 --init in=1065353216,1073741824
// exit: 0
// expect: verdict=ok final.out=[1073741824,1082130432]
// run: run --kernel asPairs --block-dim 1
// exit: 2
// stderr: unsupported: cast from 'void *' to 'struct Pair *' of memory holding 'float' elements
// why: out and in are cast to float* in the kernel, so they are float arrays. scaleInto gets
//   them as void*/const void* (the same cells) and casts back to float*: d[t] = s[t] * 2.0f:
//   1.0f (0x3F800000 = 1065353216) → 2.0f = 1073741824, 2.0f → 4.0f = 0x40800000 = 1082130432.
//   asPairs: buf is cast to float* in the kernel (a float array); inside viewPairs the helper
//   casts the same void* to Pair* (Clang spells it 'struct Pair *'), a struct: refused, exit 2.
struct Pair {
  float a, b;
};
__device__ void scaleInto(void* dst, const void* src, int i) {
  float* d = static_cast<float*>(dst);
  const float* s = static_cast<const float*>(src);
  d[i] = s[i] * 2.0f;
}
__global__ void scaleBuffers(void* out, const void* in) {
  float* o = (float*)out;
  scaleInto(o, (const float*)in, threadIdx.x);
}
__device__ float viewPairs(void* p) { return static_cast<Pair*>(p)->b; }
__global__ void asPairs(void* buf) {
  float* f = (float*)buf;
  f[0] = viewPairs(buf);
}
